package play

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	fynetheme "fyne.io/fyne/v2/theme"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
)

// addCommands adds the room's commands to the table.
func (p *Play) addCommands() {
	s := p.env.Session
	p.env.Commands.Add(
		kit.Command{ID: kit.TakeBack, Label: "Take back", Icon: fynetheme.ContentUndoIcon(),
			Shortcut: &fyne.ShortcutUndo{}, Refused: p.takeBackRefused, Run: p.takeBack},
		kit.Command{ID: kit.PutBack, Label: "Put the move back", Shortcut: &fyne.ShortcutRedo{},
			Refused: p.putBackRefused, Run: p.putBack},
		kit.Command{ID: kit.OfferDraw, Label: "Offer draw", Icon: fynetheme.MailSendIcon(),
			Refused: p.offerRefused, Run: p.offerDraw},
		kit.Command{ID: kit.AcceptDraw, Label: "Accept the draw", Refused: p.noOffer,
			Run: func() { p.env.Report(s.AnswerDraw(true)) }},
		kit.Command{ID: kit.DeclineDraw, Label: "Decline", Refused: p.noOffer,
			Run: func() { p.env.Report(s.AnswerDraw(false)) }},
		kit.Command{ID: kit.ClaimDraw, Label: "Claim draw", Icon: fynetheme.ConfirmIcon(),
			Refused: p.claimRefused, Run: p.claimDraw},
		kit.Command{ID: kit.Resign, Label: "Resign", Icon: fynetheme.CancelIcon(), Refused: p.playRefusal, Run: p.askResign},
		kit.Command{ID: kit.Pause, Label: "Pause or resume the clocks", Icon: fynetheme.MediaPauseIcon(),
			Refused: p.pauseRefused, Look: p.pauseLook, Run: s.TogglePause},
		kit.Command{ID: kit.PlayOn, Label: "Play this game on", Refused: p.playOnRefused, Run: s.PlayOn},
		kit.Command{ID: kit.KeyboardBoard, Label: "Play on the board with the keyboard", Shortcut: kit.Ctrl(fyne.KeyB),
			Refused: p.keyboardRefused, Run: p.focusBoard},
		kit.Command{ID: kit.Flip, Label: "Flip the board", Button: "Flip board", Icon: fynetheme.ViewRefreshIcon(),
			Shortcut: kit.Ctrl(fyne.KeyF), Run: p.flip},
		kit.Command{ID: kit.AutoFlip, Label: "Turn the board after each move", Checked: p.env.Settings.AutoFlip,
			Run: func() { p.SetAutoFlip(!p.env.Settings.AutoFlip()) }},
		kit.Command{ID: kit.ShowStart, Label: "Start position", Icon: fynetheme.MediaSkipPreviousIcon(), Shortcut: kit.BareKey(fyne.KeyHome),
			Refused: p.atStart, Run: s.ShowStart},
		kit.Command{ID: kit.PreviousMove, Label: "Previous move", Icon: fynetheme.NavigateBackIcon(), Shortcut: kit.BareKey(fyne.KeyLeft),
			Refused: p.atStart, Run: func() { s.Step(-1) }},
		kit.Command{ID: kit.NextMove, Label: "Next move", Icon: fynetheme.NavigateNextIcon(), Shortcut: kit.BareKey(fyne.KeyRight),
			Refused: p.atEnd, Run: func() { s.Step(1) }},
		kit.Command{ID: kit.BackToGame, Label: "Back to the game", Icon: fynetheme.MediaSkipNextIcon(),
			Shortcut: kit.BareKey(fyne.KeyEnd), Refused: p.notBrowsing, Run: s.ShowLive},
	)
}

// takeBackRefused says why the last move cannot be taken back.
func (p *Play) takeBackRefused() string {
	if !p.env.Session.CanTakeBack() {
		return lang.L("There is no move to take back.")
	}
	return ""
}

// takeBack takes back the last move, and with it the end of the game if
// it ended: in a game played, once the opponent of the player who moved
// last allows it; in a game edited, at once, to be put back at will.
func (p *Play) takeBack() {
	s := p.env.Session
	g := s.Game()
	last := g.Live()
	move := words.MoveLabel(last, p.env.Notation())
	if s.Editing() {
		if err := s.TakeBack(); err != nil {
			p.env.Report(err)
			return
		}
		p.env.Status.Say(lang.L("{{.Move}} taken back: {{.Keys}} puts it back.", map[string]any{
			"Move": move, "Keys": p.env.Commands.KeysOf(kit.PutBack)}))
		return
	}
	if s.AgainstComputer() { // a machine is not asked
		p.env.Report(s.TakeBack())
		return
	}
	mover := last.Mover()
	data := map[string]any{"Opponent": words.PlayerName(g, mover.Other()), "Player": words.PlayerName(g, mover), "Move": move}
	msg := words.Naming(data, func(data map[string]any) string {
		return lang.L("{{.Opponent}}, do you allow {{.Player}} to take back {{.Move}}?", data)
	})
	p.ask(func() *kit.Asked {
		return p.env.Dialogs.Ask(lang.L("Take back"), msg, lang.L("Allow"), lang.L("Refuse"), func(ok bool) {
			if ok {
				p.env.Report(s.TakeBack())
			}
		})
	})
}

// putBackRefused says why no move can be put back.
func (p *Play) putBackRefused() string {
	if p.env.Session.TakenBack() == nil {
		return lang.L("No move was taken back.")
	}
	return ""
}

// putBack puts back the last move taken back from the game edited.
func (p *Play) putBack() {
	s := p.env.Session
	if n := s.TakenBack(); s.PutBack() {
		p.env.Status.Say(lang.L("{{.Move}} put back.", map[string]any{"Move": words.MoveLabel(n, p.env.Notation())}))
	}
}

// offerRefused says why the player who has just moved cannot offer a
// draw.
func (p *Play) offerRefused() string {
	if why := p.playRefusal(); why != "" {
		return why
	}
	if !p.env.Session.CanOfferDraw() {
		return lang.L("A draw was offered already: the opponent must move or answer first.")
	}
	return ""
}

// overRefusal says that the game is over.
func (p *Play) overRefusal() string {
	if p.env.Session.Game().Status().Over() {
		return lang.L("The game is over.")
	}
	return ""
}

// playRefusal says why the players cannot act as players now: the game
// is over, or no one plays it (it is edited).
func (p *Play) playRefusal() string {
	if why := p.overRefusal(); why != "" {
		return why
	}
	if p.env.Session.Editing() {
		return words.NotPlayed(p.env.Commands.Name(kit.PlayOn))
	}
	return ""
}

// playOnRefused says why the game cannot be played on.
func (p *Play) playOnRefused() string {
	if why := p.overRefusal(); why != "" {
		return why
	}
	if !p.env.Session.Editing() {
		return lang.L("The game is being played.")
	}
	return ""
}

// offerDraw makes the player who has just moved offer a draw (FIDE
// 9.1.2.1: after making a move), first asking them to confirm when the
// settings say so. The offer shows over the move list: the opponent accepts,
// declines, or declines by moving.
func (p *Play) offerDraw() {
	s := p.env.Session
	offer := func() {
		_, err := s.OfferDraw()
		p.env.Report(err)
	}
	if !p.env.Settings.ConfirmDrawOffer() {
		offer()
		return
	}
	g := s.Game()
	by := s.DrawOfferer()
	msg := lang.L("{{.Player}}, offer a draw to {{.Opponent}}?", map[string]any{
		"Player": words.PlayerName(g, by), "Opponent": words.PlayerName(g, by.Other())})
	p.ask(func() *kit.Asked {
		return p.env.Dialogs.Ask(lang.L("Draw offer"), msg, lang.L("Offer a draw"), lang.L("Cancel"), func(ok bool) {
			if ok {
				offer()
			}
		})
	})
}

// noOffer says that no draw offer stands to answer.
func (p *Play) noOffer() string {
	if _, offered := p.env.Session.Game().DrawOffer(); !offered {
		return lang.L("No draw is offered.")
	}
	return ""
}

// claimRefused says why the side to move cannot claim a draw now.
func (p *Play) claimRefused() string {
	if why := p.playRefusal(); why != "" {
		return why
	}
	if len(p.env.Session.Game().ClaimableDraws()) == 0 {
		return lang.L("No draw can be claimed in this position.")
	}
	return ""
}

// claimDraw claims the draw the side to move may claim now.
func (p *Play) claimDraw() {
	s := p.env.Session
	g := s.Game()
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
	p.ask(func() *kit.Asked {
		return p.env.Dialogs.Ask(lang.L("Claim a draw?"), msg, lang.L("Claim a draw"), lang.L("Cancel"), func(ok bool) {
			if ok {
				p.env.Report(s.ClaimDraw(claims[0]))
			}
		})
	})
}

// askResign asks which player resigns: either may, at any time. Without
// confirmation (a setting), the side to move resigns at once.
func (p *Play) askResign() {
	s := p.env.Session
	g := s.Game()
	resign := func(c game.Color) func() {
		return func() { p.env.Report(s.Resign(c)) }
	}
	if person, ok := s.Person(); ok {
		p.askResignAgainstComputer(person, resign(person))
		return
	}
	if !p.env.Settings.ConfirmResign() {
		resign(g.Turn())()
		return
	}
	p.ask(func() *kit.Asked {
		return p.env.Dialogs.Choose(lang.L("Resign"), lang.L("Who resigns? The game ends and the opponent wins."), []kit.Choice{
			{Label: lang.L("{{.Player}} resigns", map[string]any{"Player": words.PlayerName(g, g.Turn())}), Action: resign(g.Turn())},
			{Label: lang.L("{{.Player}} resigns", map[string]any{"Player": words.PlayerName(g, g.Turn().Other())}), Action: resign(g.Turn().Other())},
		}, nil)
	})
}

// askResignAgainstComputer has the person playing the computer resign,
// once they confirm it when the settings say so.
func (p *Play) askResignAgainstComputer(person game.Color, resign func()) {
	if !p.env.Settings.ConfirmResign() {
		resign()
		return
	}
	g := p.env.Session.Game()
	msg := lang.L("{{.Player}} resigns", map[string]any{"Player": words.PlayerName(g, person)})
	p.ask(func() *kit.Asked {
		return p.env.Dialogs.Ask(lang.L("Resign"), msg, lang.L("Resign"), lang.L("Cancel"), func(ok bool) {
			if ok {
				resign()
			}
		})
	})
}

// pauseRefused says why the clocks cannot be paused or resumed.
func (p *Play) pauseRefused() string {
	if why := p.overRefusal(); why != "" {
		return why
	}
	if p.env.Session.Game().TimeControl().IsZero() {
		return lang.L("The game has no clocks.")
	}
	return ""
}

// pauseLook is the pause button's label and icon: what it will do.
func (p *Play) pauseLook() (string, fyne.Resource) {
	switch {
	case p.env.Session.Waiting():
		return lang.L("Start clocks"), fynetheme.MediaPlayIcon()
	case p.env.Session.Game().Paused():
		return lang.L("Resume clocks"), fynetheme.MediaPlayIcon()
	}
	return lang.L("Pause clocks"), fynetheme.MediaPauseIcon()
}

// flip turns the board round.
func (p *Play) flip() {
	p.env.Settings.SetFlipped(!p.env.Settings.Flipped())
	p.Refresh()
}

// SetAutoFlip turns auto-flip on or off; on, the board turns to the side
// to move at once.
func (p *Play) SetAutoFlip(on bool) {
	p.env.Settings.SetAutoFlip(on)
	p.FollowTurn()
	p.Refresh()
}

// FollowTurn turns the board so that the side to move plays up the
// screen, when the settings say so: the one place of that rule.
// Against the computer, the board faces the person playing it.
func (p *Play) FollowTurn() {
	if person, ok := p.env.Session.Person(); ok {
		p.env.Settings.SetFlipped(person == game.Black)
		return
	}
	if s := p.env.Settings; s.AutoFlip() {
		s.SetFlipped(p.env.Session.Game().Turn() == game.Black)
	}
}

// atStart says that the start position is shown.
func (p *Play) atStart() string {
	if p.env.Session.Shown().Parent() == nil {
		return lang.L("The start position is shown.")
	}
	return ""
}

// atEnd says that the last move of the line shown is shown.
func (p *Play) atEnd() string {
	s := p.env.Session
	if n := s.Shown(); len(n.Children()) == 0 || n == s.Game().Live() {
		return lang.L("The last move of this line is shown.")
	}
	return ""
}

// notBrowsing says that the game is shown as it stands.
func (p *Play) notBrowsing() string {
	if !p.env.Session.Browsing() {
		return lang.L("The game is shown as it stands.")
	}
	return ""
}
