package app

import (
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
)

// boardMove plays a move made on the board. When the move would let its
// player claim a draw (a third repetition, the fiftieth move), they are
// asked first whether to claim it with this move.
func (a *App) boardMove(m game.Move) {
	g := a.sess.game
	if g.Paused() {
		g.Resume() // moving presses the clock: the pause is over
	}
	claims, err := g.ClaimableDrawsWithMove(m.UCI())
	if err != nil {
		a.moveRefused(err)
		return
	}
	if len(claims) == 0 {
		a.play(m.UCI(), nil)
		return
	}
	r := claims[0]
	msg := lang.L("{{.Player}}, this move allows you to claim a draw by {{.Claim}}. Claim a draw with this move?",
		map[string]any{"Player": playerName(g, g.Turn()), "Claim": claimText(r)})
	a.ask(lang.L("Claim a draw?"), msg, lang.L("Claim a draw"), lang.L("Just play the move"), func(claim bool) {
		if claim {
			a.play(m.UCI(), &r)
		} else {
			a.play(m.UCI(), nil)
		}
	})
}

// play makes a move, with a draw claim when claim is set, and shows what
// follows.
func (a *App) play(uci string, claim *game.Reason) {
	g := a.sess.game
	var err error
	if claim != nil {
		err = g.ClaimDrawWithMove(uci, *claim)
	} else {
		err = g.Move(uci)
	}
	switch {
	case errors.Is(err, game.ErrNoClaim):
		dialog.ShowInformation(lang.L("Claim a draw?"), lang.L("The claim is not correct: the game goes on."), a.win)
	case err != nil:
		a.moveRefused(err)
		return
	}
	if a.settings.AutoFlip() {
		a.settings.SetFlipped(g.Turn() == game.Black)
	}
	a.changed()
}

// moveRefused says why a move was not played (the clock may have run out
// meanwhile).
func (a *App) moveRefused(err error) {
	if a.sess.game.Status().Over() {
		a.changed()
		return
	}
	a.showError(err)
	a.refresh()
}

// changed records that the game changed: it is autosaved, shown, and the
// end of the game is announced.
func (a *App) changed() {
	a.sess.dirty = true
	a.sess.view = nil
	a.saveAutosave()
	a.refresh()
	if a.sess.game.Status().Over() {
		a.showGameOver()
	}
}

// showNode shows a position of the game; the live one returns to play.
func (a *App) showNode(n *game.Node) {
	a.setView(n)
	a.refreshView()
}

// setView chooses the position the board shows: n, or the live one for
// nil.
func (a *App) setView(n *game.Node) {
	if n == nil || n == a.sess.game.Live() {
		a.sess.view = nil
	} else {
		a.sess.view = n
	}
	a.ui.board.CancelSelection()
}

// showLive returns from browsing to the position being played.
func (a *App) showLive() { a.showNode(nil) }

// step shows the position delta moves away along the main line.
func (a *App) step(delta int) {
	n := a.sess.shown()
	for ; delta < 0 && n.Parent() != nil; delta++ {
		n = n.Parent()
	}
	for ; delta > 0; delta-- {
		next := n.Children()
		if len(next) == 0 || n == a.sess.game.Live() {
			break
		}
		n = next[0]
	}
	a.showNode(n)
}

// showStart shows the start position.
func (a *App) showStart() { a.showNode(a.sess.game.Root()) }

// askTakeBack asks the opponent of the player who moved last to allow
// taking that move back.
func (a *App) askTakeBack() {
	g := a.sess.game
	last := g.Live()
	if last.Parent() == nil {
		return
	}
	mover := last.Mover()
	msg := lang.L("{{.Opponent}}, do you allow {{.Player}} to take back {{.Move}}?", map[string]any{
		"Opponent": playerName(g, mover.Other()), "Player": playerName(g, mover), "Move": moveLabel(last)})
	a.ask(lang.L("Take back"), msg, lang.L("Allow"), lang.L("Refuse"), func(ok bool) {
		if !ok {
			return
		}
		if err := g.TakeBack(); err != nil {
			a.showError(err)
			return
		}
		a.changed()
	})
}

// offerDraw makes the side to move offer a draw, first asking them to
// confirm when the settings say so.
func (a *App) offerDraw() {
	if !a.settings.ConfirmDrawOffer() {
		a.makeDrawOffer()
		return
	}
	g := a.sess.game
	msg := lang.L("{{.Player}}, offer a draw to {{.Opponent}}?", map[string]any{
		"Player": playerName(g, g.Turn()), "Opponent": playerName(g, g.Turn().Other())})
	a.ask(lang.L("Draw offer"), msg, lang.L("Offer a draw"), lang.L("Cancel"), func(ok bool) {
		if ok {
			a.makeDrawOffer()
		}
	})
}

// makeDrawOffer records the side to move's draw offer and asks the
// opponent at once: both players sit at this screen.
func (a *App) makeDrawOffer() {
	g := a.sess.game
	by := g.Turn()
	if err := g.OfferDraw(by); err != nil {
		a.showError(err)
		return
	}
	msg := lang.L("{{.Player}} offers a draw. {{.Opponent}}, do you accept?", map[string]any{
		"Player": playerName(g, by), "Opponent": playerName(g, by.Other())})
	a.ask(lang.L("Draw offer"), msg, lang.L("Accept the draw"), lang.L("Decline"), func(ok bool) {
		var err error
		if ok {
			err = g.AcceptDraw(by.Other())
		} else {
			err = g.DeclineDraw(by.Other())
		}
		if err != nil {
			a.showError(err)
		}
		a.changed()
	})
}

// claimDraw claims the draw the side to move may claim now.
func (a *App) claimDraw() {
	g := a.sess.game
	claims := g.ClaimableDraws()
	if len(claims) == 0 {
		return
	}
	names := make([]string, len(claims))
	for i, r := range claims {
		names[i] = claimText(r)
	}
	msg := lang.L("{{.Player}} claims a draw by {{.Claim}}.", map[string]any{
		"Player": playerName(g, g.Turn()), "Claim": strings.Join(names, ", ")})
	a.ask(lang.L("Claim a draw?"), msg, lang.L("Claim a draw"), lang.L("Cancel"), func(ok bool) {
		if !ok {
			return
		}
		if err := g.ClaimDraw(claims[0]); err != nil {
			a.showError(err)
		}
		a.changed()
	})
}

// askResign asks which player resigns: either may, at any time. Without
// confirmation (a setting), the side to move resigns at once.
func (a *App) askResign() {
	g := a.sess.game
	resign := func(c game.Color) func() {
		return func() {
			if err := g.Resign(c); err != nil {
				a.showError(err)
			}
			a.changed()
		}
	}
	if !a.settings.ConfirmResign() {
		resign(g.Turn())()
		return
	}
	a.choose(lang.L("Resign"), lang.L("Who resigns? The game ends and the opponent wins."), []choice{
		{lang.L("{{.Player}} resigns", map[string]any{"Player": playerName(g, g.Turn())}), resign(g.Turn())},
		{lang.L("{{.Player}} resigns", map[string]any{"Player": playerName(g, g.Turn().Other())}), resign(g.Turn().Other())},
	})
}

// togglePause pauses or resumes the clocks.
func (a *App) togglePause() {
	g := a.sess.game
	if g.Paused() {
		g.Resume()
	} else {
		g.Pause()
	}
	a.refresh()
}

// Tick looks at the clocks: it ends the game when the side to move's flag
// falls, and redraws a clock whose display changes. The ticker calls it on
// the UI goroutine.
func (a *App) Tick() {
	if a.sess.game.CheckFlag() {
		a.changed()
		return
	}
	a.refreshClockFaces(false)
}

// showGameOver announces the result and offers to save or start again;
// the board stays browsable.
func (a *App) showGameOver() {
	text := resultText(a.sess.game.Status())
	a.choose(lang.L("Game over"), text, []choice{
		{lang.L("Save…"), a.save},
		{lang.L("New game…"), a.newGame},
	})
}

// choice is one button of a dialog.
type choice struct {
	label  string
	action func()
}

// ask shows a question with two answers.
func (a *App) ask(title, msg, yes, no string, then func(bool)) {
	d := dialog.NewConfirm(title, msg, then, a.win)
	d.SetConfirmText(yes)
	d.SetDismissText(no)
	d.Show()
}

// choose shows a message with a button per choice and a Close button.
func (a *App) choose(title, msg string, choices []choice) {
	var d *dialog.CustomDialog
	buttons := make([]fyne.CanvasObject, 0, len(choices))
	for _, c := range choices {
		buttons = append(buttons, newDialogButton(c.label, func() { d.Hide(); c.action() }))
	}
	buttons = append(buttons, newDialogButton(lang.L("Close"), func() { d.Hide() }))
	d = dialog.NewCustomWithoutButtons(title, wrapped(msg), a.win)
	d.SetButtons(buttons)
	d.Show()
}
