package play

import (
	"errors"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
)

// Move plays a move made on the board, typed, or chosen in another room
// (the opening tree). At the live position, a move that would let its
// player claim a draw (a third repetition, the fiftieth move) asks first
// whether to claim it with this move; at a past position, a move that is
// not the one played there asks whether to start a side line or replace
// the rest.
func (p *Play) Move(m game.Move) {
	pr, err := p.env.Session.Move(m)
	switch {
	case err != nil:
		p.moveRefused(err)
	case pr == nil: // played
	case pr.Kind == session.Fork:
		p.askSideLine(pr)
	default:
		p.askClaimWithMove(pr)
	}
}

// askClaimWithMove asks whether the player claims the draw their move
// allows; Cancel (or Escape) leaves the move unplayed.
func (p *Play) askClaimWithMove(pr *session.Proposal) {
	g := p.env.Session.Game()
	r := pr.Claims[0]
	msg := lang.L("{{.Player}}, this move allows you to claim a draw by {{.Claim}}. Claim a draw with this move?",
		map[string]any{"Player": words.PlayerName(g, g.Turn()), "Claim": words.Claim(r)})
	p.ask(func() *kit.Asked {
		return p.env.Dialogs.Choose(lang.L("Claim a draw?"), msg, []kit.Choice{
			{Label: lang.L("Just play the move"), Action: func() { p.makeMove(pr, game.NoReason) }},
			{Label: lang.L("Claim a draw"), Action: func() { p.makeMove(pr, r) }, Default: true},
		}, p.refreshView)
	})
}

// makeMove makes a proposal, with a draw claim unless claim is
// game.NoReason.
func (p *Play) makeMove(pr *session.Proposal, claim game.Reason) {
	err := p.env.Session.Play(pr, claim)
	switch {
	case errors.Is(err, game.ErrNoClaim):
		p.env.Dialogs.Inform(lang.L("Claim a draw?"), lang.L("The claim is not correct: the game goes on."))
	case err != nil:
		p.moveRefused(err)
	}
}

// moveRefused says why a move was not played.
func (p *Play) moveRefused(err error) {
	s := p.env.Session
	if s.Game().Status().Over() && s.Shown().IsLive() {
		return // the flag fell meanwhile: the banner says so
	}
	p.refusals.MoveRefused()
	if errors.Is(err, session.ErrClocksPaused) || errors.Is(err, session.ErrTouchMove) || errors.Is(err, session.ErrMustCapture) {
		p.env.Status.Say(words.Error(err)) // the piece goes back: no dialog to close
		p.refreshView()
		return
	}
	p.env.ShowError(err)
	p.refreshView()
}

// askSideLine asks whether a move from a past position starts a side line
// or replaces the moves that followed; Cancel (or Escape) leaves the move
// unplayed.
func (p *Play) askSideLine(pr *session.Proposal) {
	do := func(f func(*session.Proposal) error) func() {
		return func() {
			if err := f(pr); err != nil {
				p.env.ShowError(err)
				p.refreshView()
			}
		}
	}
	msg := lang.L("Start a side line with this move, or replace the moves that followed?")
	if pr.InSideLine {
		msg = lang.L("Start a further side line with this move, or replace the rest of this side line?")
	}
	s := p.env.Session
	p.ask(func() *kit.Asked {
		return p.env.Dialogs.Choose(lang.L("Start a side line or replace the rest?"), msg, []kit.Choice{
			{Label: lang.L("Replace the rest"), Action: do(s.ReplaceRest)},
			{Label: lang.L("Start a side line"), Action: do(s.AddSideLine), Default: true},
		}, p.refreshView)
	})
}

// illegalDrop says under the move box, in its words, why a piece cannot
// go where it was put: no dialog for a slip of the hand.
func (p *Play) illegalDrop(from, to game.Square) {
	_, err := p.env.Session.Shown().ParseMove(from.String() + to.String())
	if err == nil {
		return // a legal move the board did not offer: nothing to explain
	}
	p.refusals.MoveRefused()
	p.v.moveBox.showError(words.ErrorIn(err, p.env.Notation()))
}

// pieceRefused says why another piece cannot be picked up: the one
// touched must be moved.
func (p *Play) pieceRefused(game.Square) {
	p.refusals.MoveRefused()
	s := p.env.Session
	if t := s.MustCapture(); t != game.NoSquare {
		p.env.Status.Say(words.MustCapture(t))
		return
	}
	p.env.Status.Say(words.MustMove(s.Touched()))
}
