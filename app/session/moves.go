package session

import (
	"errors"

	"github.com/echiquier/echiquier/app/game"
)

// ProposalKind says what a move made at the position shown does.
type ProposalKind int

// The kinds of proposal.
const (
	// LiveMove is a move of the game being played.
	LiveMove ProposalKind = iota
	// KnownMove was played from there already: making it shows it.
	KnownMove
	// NewLine continues a line that ends there: it adds the move.
	NewLine
	// Fork is a move from a past position that another move followed:
	// it starts a side line or replaces the rest (AddSideLine,
	// ReplaceRest).
	Fork
)

// Proposal is a move made on the board or typed, resolved at the position
// shown but not yet made.
type Proposal struct {
	Kind ProposalKind
	// Claims are the draws the mover may claim with a LiveMove (a third
	// repetition, the fiftieth move) in a game played: the window asks
	// first.
	Claims []game.Reason
	// InSideLine: a Fork in a side line (it cuts or extends that line).
	InSideLine bool

	move     game.Move
	at       *game.Node
	known    *game.Node
	prepared *game.PreparedMove
}

// Move returns the move proposed.
func (p *Proposal) Move() game.Move { return p.move }

// ErrTouchMove refuses a move of another piece than the one touched.
var ErrTouchMove = errors.New("the piece touched must be moved")

// ErrMustCapture refuses, in touch-move training, a move that does not
// capture the opponent's piece touched (FIDE 4.3.2).
var ErrMustCapture = errors.New("the opponent's piece touched must be captured")

// ErrStale refuses a proposal made before the session changed.
var ErrStale = errors.New("the position changed since the move was proposed")

// Move plays move m at the position shown, in one call, unless the
// player has a question to answer first: a move that allows a draw to be
// claimed (claim with it?) or that leaves a past position where another
// move was played (a side line, or the rest replaced?) is not played but
// proposed, and the Proposal returned is answered with Play, AddSideLine
// or ReplaceRest. A move refused returns why.
func (s *Session) Move(m game.Move) (*Proposal, error) {
	p, err := s.Propose(m)
	if err != nil || p.Kind == Fork || len(p.Claims) > 0 {
		return p, err
	}
	return nil, s.Play(p, game.NoReason)
}

// Propose resolves move m at the position shown. In touch-move training a
// move of another piece than the one touched is refused with
// ErrTouchMove, however it was made.
func (s *Session) Propose(m game.Move) (*Proposal, error) {
	n := s.Shown()
	if n.IsLive() {
		if s.ComputerPlays(s.game.Turn()) && !s.editing && !s.game.Status().Over() {
			return nil, ErrComputerTurn
		}
		if t := s.Touched(); t != game.NoSquare && m.From != t {
			return nil, ErrTouchMove
		}
		if t := s.MustCapture(); t != game.NoSquare && m.To != t {
			return nil, ErrMustCapture
		}
		if s.game.Paused() && !s.waiting && !s.editing && !s.game.TimeControl().IsZero() && !s.game.Status().Over() {
			return nil, ErrClocksPaused
		}
		pm, err := s.game.PrepareMove(m)
		if err != nil {
			if s.game.Status().Over() { // the flag fell meanwhile
				s.played()
			}
			return nil, err
		}
		p := &Proposal{Kind: LiveMove, move: m, at: n, prepared: pm}
		if !s.editing {
			p.Claims = pm.Claims()
		}
		return p, nil
	}
	p := &Proposal{move: m, at: n, InSideLine: !n.IsMainLine()}
	for _, c := range n.Children() {
		if c.Move() == m {
			p.Kind, p.known = KnownMove, c
			return p, nil
		}
	}
	if !legalAt(n, m) {
		_, err := n.ParseMove(m.UCI()) // says why, in the rules' words
		if err == nil {
			err = ErrStale
		}
		return nil, err
	}
	p.Kind = NewLine
	if len(n.Children()) > 0 {
		p.Kind = Fork
	}
	return p, nil
}

func legalAt(n *game.Node, m game.Move) bool {
	for _, l := range n.Legal() {
		if l == m {
			return true
		}
	}
	return false
}

// Play makes a proposal that needs no choice: a LiveMove (claiming the
// draw claim with it, or none for game.NoReason), a KnownMove, a NewLine.
// An incorrect claim still plays the move: the error says the claim was
// not correct (errors.Is(err, game.ErrNoClaim)).
func (s *Session) Play(p *Proposal, claim game.Reason) error {
	if p.at != s.Shown() {
		return ErrStale
	}
	switch p.Kind {
	case LiveMove:
		if s.waiting {
			s.game.Resume() // the first move starts the clocks
		}
		err := s.game.PlayPrepared(p.prepared, claim)
		if err != nil && !errors.Is(err, game.ErrNoClaim) {
			if s.game.Status().Over() {
				s.played()
			} else if s.waiting {
				s.game.WaitForFirstMove()
			}
			return err
		}
		s.waiting = false
		s.played()
		return err
	case KnownMove:
		s.Show(p.known)
		return nil
	case NewLine:
		return s.AddSideLine(p)
	}
	return errors.New("session: a move from here needs a choice: a side line or the rest replaced")
}

// AddSideLine plays a NewLine or Fork proposal as a side line, and shows
// it.
func (s *Session) AddSideLine(p *Proposal) error {
	if p.at != s.Shown() {
		return ErrStale
	}
	added, err := s.game.AddVariationMove(p.at, p.move)
	if err != nil {
		return err
	}
	s.edited(added)
	return nil
}

// ReplaceRest plays a Fork proposal in place of what followed. On the
// game's own line this takes those moves back (the clocks go back to what
// they showed) and the game goes on from the new move; in a side line it
// cuts the side line there.
func (s *Session) ReplaceRest(p *Proposal) error {
	if p.at != s.Shown() {
		return ErrStale
	}
	if p.at.IsMainLine() {
		if _, err := s.game.ReplaceFromMove(p.at, p.move); err != nil {
			return err
		}
		s.played()
		return nil
	}
	if err := s.game.DeleteVariation(p.at.Children()[0]); err != nil {
		return err
	}
	return s.AddSideLine(p)
}

// touch is touch-move training's state: the piece touched, at the position
// where it was touched.
type touch struct {
	on     bool
	square game.Square // the player's own piece touched
	target game.Square // the opponent's piece touched, to be captured
	at     *game.Node
}

// SetTouchMove turns touch-move training on or off.
func (s *Session) SetTouchMove(on bool) {
	s.touch.on = on
	if s.releaseTouch() {
		s.notify(TouchChanged)
	}
}

// TouchPiece records, in touch-move training, that the piece on sq was
// touched at the live position: it is the one to move.
func (s *Session) TouchPiece(sq game.Square) {
	if !s.touch.on || s.Browsing() || s.Touched() != game.NoSquare {
		return
	}
	s.touch.square, s.touch.at = sq, s.game.Live()
	s.notify(TouchChanged)
}

// TouchOpponentPiece records, in touch-move training, that the opponent's
// piece on sq was touched at the live position: if it can be captured,
// the move must capture it (FIDE 4.3.2).
func (s *Session) TouchOpponentPiece(sq game.Square) {
	if !s.touch.on || s.Browsing() || s.Touched() != game.NoSquare || s.MustCapture() != game.NoSquare {
		return
	}
	for _, m := range s.game.Live().Legal() {
		if m.To == sq {
			s.touch.target, s.touch.at = sq, s.game.Live()
			s.notify(TouchChanged)
			return
		}
	}
}

// MustCapture returns the square of the opponent's piece that must be
// captured, or game.NoSquare.
func (s *Session) MustCapture() game.Square {
	if !s.touch.on || s.Browsing() || s.touch.at != s.game.Live() {
		return game.NoSquare
	}
	return s.touch.target
}

// Touched returns the square of the piece that must be moved, or
// game.NoSquare.
func (s *Session) Touched() game.Square {
	if !s.touch.on || s.Browsing() || s.touch.at != s.game.Live() {
		return game.NoSquare
	}
	return s.touch.square
}

// releaseTouch forgets the piece touched once a move was made or the
// mode is off: forgotten, the touch does not come back when that move is
// taken back. It reports whether a touch was forgotten.
func (s *Session) releaseTouch() bool {
	if (s.touch.square == game.NoSquare && s.touch.target == game.NoSquare) || (s.touch.on && s.touch.at == s.game.Live()) {
		return false
	}
	s.touch = touch{on: s.touch.on, square: game.NoSquare, target: game.NoSquare}
	return true
}
