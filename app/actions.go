package app

import (
	"errors"
	"strings"

	"github.com/echiquier/echiquier/app/ui/words"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
	"github.com/echiquier/echiquier/app/session"
)

// sessionChanged brings the window in line with what changed in the
// session: the one place where the window follows the document.
func (a *App) sessionChanged(ev session.Event) {
	if a.ui == nil {
		return // still building the window
	}
	c := ev.Change
	if c.Has(session.Moved) && a.settings.AutoFlip() {
		a.settings.SetFlipped(a.sess.Game().Turn() == game.Black)
	}
	if c.Has(session.ViewChanged | session.GameChanged) {
		a.ui.board.CancelSelection()
	}
	switch {
	case c.Has(session.GameChanged):
		a.refresh()
	case c.Has(session.ViewChanged | session.TouchChanged):
		a.refreshView()
	case c.Has(session.ClocksChanged):
		a.refreshClockFaces(true)
		a.refreshActions()
		a.refreshStatus()
	case c.Has(session.FileChanged):
		a.refreshTitle()
		a.refreshMenu()
	}
	if c.Has(session.CollectionOpened) {
		a.showPicker(ev.Collection, true)
	} else if p := a.pickers[ev.Collection]; p != nil && c.Has(session.CollectionChanged) {
		p.refresh()
	}
	if c.Has(session.CollectionChanged) {
		a.refreshMenu()
	}
	if ev.Problem != nil {
		a.showFileError(ev.Problem)
	}
	if c.Has(session.GameOpened) {
		a.showWarnings(a.sess.Game().Warnings())
	}
	a.tree.follow(ev)
}

// moveFromBoard plays a move made on the board or typed. At the live
// position, a move that would let its player claim a draw (a third
// repetition, the fiftieth move) asks first whether to claim it with this
// move; at a past position, a move that is not the one played there asks
// whether to start a side line or replace the rest.
func (a *App) moveFromBoard(m game.Move) {
	p, err := a.sess.Propose(m)
	if err != nil {
		a.moveRefused(err)
		return
	}
	switch {
	case p.Kind == session.Fork:
		a.askSideLine(p)
	case len(p.Claims) > 0:
		a.askClaimWithMove(p)
	default:
		a.makeMove(p, game.NoReason)
	}
}

// askClaimWithMove asks whether the player claims the draw their move
// allows; Cancel (or Escape) leaves the move unplayed.
func (a *App) askClaimWithMove(p *session.Proposal) {
	g := a.sess.Game()
	r := p.Claims[0]
	msg := lang.L("{{.Player}}, this move allows you to claim a draw by {{.Claim}}. Claim a draw with this move?",
		map[string]any{"Player": words.PlayerName(g, g.Turn()), "Claim": words.Claim(r)})
	a.dlg.choose(lang.L("Claim a draw?"), msg, []choice{
		{label: lang.L("Just play the move"), action: func() { a.makeMove(p, game.NoReason) }},
		{label: lang.L("Claim a draw"), action: func() { a.makeMove(p, r) }, isDefault: true},
	}, a.refreshView)
}

// makeMove makes a proposal, with a draw claim unless claim is
// game.NoReason.
func (a *App) makeMove(p *session.Proposal, claim game.Reason) {
	err := a.sess.Play(p, claim)
	switch {
	case errors.Is(err, game.ErrNoClaim):
		a.dlg.inform(lang.L("Claim a draw?"), lang.L("The claim is not correct: the game goes on."))
	case err != nil:
		a.moveRefused(err)
	}
}

// moveRefused says why a move was not played.
func (a *App) moveRefused(err error) {
	if a.sess.Game().Status().Over() && a.sess.Shown().IsLive() {
		return // the flag fell meanwhile: the game over dialog says so
	}
	a.showError(err)
	a.refreshView()
}

// askSideLine asks whether a move from a past position starts a side line
// or replaces the moves that followed; Cancel (or Escape) leaves the move
// unplayed.
func (a *App) askSideLine(p *session.Proposal) {
	do := func(f func(*session.Proposal) error) func() {
		return func() {
			if err := f(p); err != nil {
				a.showError(err)
				a.refreshView()
			}
		}
	}
	msg := lang.L("Start a side line with this move, or replace the moves that followed?")
	if p.InSideLine {
		msg = lang.L("Start a further side line with this move, or replace the rest of this side line?")
	}
	a.dlg.choose(lang.L("Start a side line or replace the rest?"), msg, []choice{
		{label: lang.L("Replace the rest"), action: do(a.sess.ReplaceRest)},
		{label: lang.L("Start a side line"), action: do(a.sess.AddSideLine), isDefault: true},
	}, a.refreshView)
}

// showNode shows a position of the game; the live one returns to play.
func (a *App) showNode(n *game.Node) { a.sess.Show(n) }

// showLive returns from browsing to the position being played.
func (a *App) showLive() { a.sess.ShowLive() }

// step shows the position delta moves away along the line shown.
func (a *App) step(delta int) { a.sess.Step(delta) }

// showStart shows the start position.
func (a *App) showStart() { a.sess.ShowStart() }

// askTakeBack asks the opponent of the player who moved last to allow
// taking that move back.
func (a *App) askTakeBack() {
	if !a.sess.CanTakeBack() {
		return
	}
	g := a.sess.Game()
	last := g.Live()
	mover := last.Mover()
	msg := lang.L("{{.Opponent}}, do you allow {{.Player}} to take back {{.Move}}?", map[string]any{
		"Opponent": words.PlayerName(g, mover.Other()), "Player": words.PlayerName(g, mover), "Move": words.MoveLabel(last)})
	a.dlg.ask(lang.L("Take back"), msg, lang.L("Allow"), lang.L("Refuse"), func(ok bool) {
		if ok {
			a.reportError(a.sess.TakeBack())
		}
	})
}

// reportError shows err, if any.
func (a *App) reportError(err error) {
	if err != nil {
		a.showError(err)
	}
}

// offerDraw makes the player who has just moved offer a draw (FIDE
// 9.1.2.1: after making a move), first asking them to confirm when the
// settings say so. The offer shows above the board: the opponent accepts,
// declines, or declines by moving.
func (a *App) offerDraw() {
	if !a.sess.CanOfferDraw() {
		return
	}
	if !a.settings.ConfirmDrawOffer() {
		a.reportError(a.offerDrawNow())
		return
	}
	g := a.sess.Game()
	by := a.sess.DrawOfferer()
	msg := lang.L("{{.Player}}, offer a draw to {{.Opponent}}?", map[string]any{
		"Player": words.PlayerName(g, by), "Opponent": words.PlayerName(g, by.Other())})
	a.dlg.ask(lang.L("Draw offer"), msg, lang.L("Offer a draw"), lang.L("Cancel"), func(ok bool) {
		if ok {
			a.reportError(a.offerDrawNow())
		}
	})
}

func (a *App) offerDrawNow() error {
	_, err := a.sess.OfferDraw()
	return err
}

// answerDraw accepts or declines the draw offered.
func (a *App) answerDraw(accept bool) { a.reportError(a.sess.AnswerDraw(accept)) }

// claimDraw claims the draw the side to move may claim now.
func (a *App) claimDraw() {
	g := a.sess.Game()
	claims := g.ClaimableDraws()
	if len(claims) == 0 {
		return
	}
	names := make([]string, len(claims))
	for i, r := range claims {
		names[i] = words.Claim(r)
	}
	msg := lang.L("{{.Player}} claims a draw by {{.Claim}}.", map[string]any{
		"Player": words.PlayerName(g, g.Turn()), "Claim": strings.Join(names, ", ")})
	a.dlg.ask(lang.L("Claim a draw?"), msg, lang.L("Claim a draw"), lang.L("Cancel"), func(ok bool) {
		if ok {
			a.reportError(a.sess.ClaimDraw(claims[0]))
		}
	})
}

// askResign asks which player resigns: either may, at any time. Without
// confirmation (a setting), the side to move resigns at once.
func (a *App) askResign() {
	g := a.sess.Game()
	resign := func(c game.Color) func() {
		return func() { a.reportError(a.sess.Resign(c)) }
	}
	if !a.settings.ConfirmResign() {
		resign(g.Turn())()
		return
	}
	a.dlg.choose(lang.L("Resign"), lang.L("Who resigns? The game ends and the opponent wins."), []choice{
		{label: lang.L("{{.Player}} resigns", map[string]any{"Player": words.PlayerName(g, g.Turn())}), action: resign(g.Turn())},
		{label: lang.L("{{.Player}} resigns", map[string]any{"Player": words.PlayerName(g, g.Turn().Other())}), action: resign(g.Turn().Other())},
	}, nil)
}

// togglePause pauses or resumes the clocks.
func (a *App) togglePause() { a.sess.TogglePause() }

// Tick looks at the clocks: the session ends the game when the side to
// move's flag falls; a clock whose display changes is redrawn. The ticker
// calls it on the UI goroutine.
func (a *App) Tick() {
	if !a.sess.Tick() {
		a.refreshClockFaces(false)
	}
}

// showWarnings tells what was wrong in a game read from a file that did
// not stop it from being read.
func (a *App) showWarnings(warnings []error) {
	var lines []string
	for _, w := range warnings {
		var tc *game.TimeControlWarning
		if errors.As(w, &tc) {
			lines = append(lines, lang.L("The time control “{{.Value}}” of this game could not be read: the game is untimed.",
				map[string]any{"Value": pgn.Excerpt(tc.Value)}))
			continue
		}
		lines = append(lines, words.Error(w))
	}
	if len(lines) > 0 {
		a.dlg.inform(lang.L("Read with a problem"), strings.Join(lines, "\n"))
	}
}
