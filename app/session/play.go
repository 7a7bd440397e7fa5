package session

import (
	"errors"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

// clockSaveInterval is how often the autosave records a running clock:
// after a crash, the side to move loses at most that much of the time it
// spent thinking.
const clockSaveInterval = time.Second

// CanTakeBack reports whether the last move of the game can be taken
// back: one was played. After the end of the game, the end is taken back
// with it, however the game ended.
func (s *Session) CanTakeBack() bool {
	return s.game.Live().Parent() != nil
}

// takenBack is a move taken back from a game edited, and whether the
// game had changes not saved before.
type takenBack struct {
	move  *game.TakenBack
	dirty bool
}

// TakeBack takes back the last move of the game: in a game played, the
// opponent allowed it; in a game edited, PutBack puts it back. Against
// the computer, which allows it without a word, it takes back the
// person's last move and the computer's answer to it, if any.
func (s *Session) TakeBack() error {
	t, err := s.game.TakeBackMove()
	if err != nil {
		return err
	}
	for s.computerToMove() && s.game.Live().Parent() != nil {
		if t, err = s.game.TakeBackMove(); err != nil {
			return err
		}
	}
	kept, dirty := s.takenBack, s.dirty
	s.played()
	if s.editing {
		s.takenBack = append(kept, takenBack{move: t, dirty: dirty})
	}
	return nil
}

// TakenBack returns the move PutBack would put back, or nil.
func (s *Session) TakenBack() *game.Node {
	if len(s.takenBack) == 0 {
		return nil
	}
	return s.takenBack[len(s.takenBack)-1].move.Move()
}

// PutBack puts back the last move taken back from the game edited, with
// the end of the game it had, as long as the game did not change
// otherwise since; it reports whether it did. A game that had no changes
// not saved before the move was taken back has none again.
func (s *Session) PutBack() bool {
	n := len(s.takenBack)
	if n == 0 {
		return false
	}
	last, kept := s.takenBack[n-1], s.takenBack[:n-1]
	if s.game.PutBack(last.move) != nil {
		s.takenBack = nil
		return false
	}
	s.over = s.game.Status().Over() // an end put back is not news
	s.played()
	s.takenBack = kept
	if !last.dirty {
		s.unchanged() // as it was read or saved: nothing to keep
	}
	return true
}

// ErrNotPlayed refuses what only the players of a game being played do
// (offer or claim a draw, resign) in a game edited (Editing).
var ErrNotPlayed = errors.New("no one is playing this game: it is edited")

// CanPlayOn reports whether PlayOn would make a game edited played: it
// is edited and goes on.
func (s *Session) CanPlayOn() bool { return s.editing && !s.game.Status().Over() }

// PlayOn makes the game edited a game played again, by two players at
// the board: from then on its clocks run (a timed game's, at once for the
// side to move), take-backs ask the opponent, draws are offered and
// claimed, and the engine waits for the end.
func (s *Session) PlayOn() {
	if !s.CanPlayOn() {
		return
	}
	s.editing, s.takenBack = false, nil
	s.game.SetClocksOff(false)
	s.game.Resume()
	if s.dirty {
		s.saveAutosave() // without the editing tag
	}
	s.notify(GameChanged | ClocksChanged)
}

// ErrOfferedAlready refuses a second draw offer from a player before the
// opponent has moved.
var ErrOfferedAlready = errors.New("a draw was offered already: the opponent must move before another offer")

// drawOffer is the last draw offer made: by whom, at which position, and
// whether it was declined in words.
type drawOffer struct {
	by       game.Color
	at       *game.Node
	declined bool
}

// DrawOfferer returns the player whose draw offer the window would make
// now: the one who has just moved, as FIDE 9.1.2.1 says an offer is made;
// before the first move, the side to move (an offer at another time still
// stands, 9.1.2.2).
func (s *Session) DrawOfferer() game.Color {
	if s.game.Live().Parent() == nil {
		return s.game.Turn()
	}
	return s.game.Live().Mover()
}

// CanOfferDraw reports whether DrawOfferer may offer a draw now: the game
// goes on, no offer stands, and they have not offered one since the
// opponent last moved.
func (s *Session) CanOfferDraw() bool {
	if s.game.Status().Over() {
		return false
	}
	if _, pending := s.game.DrawOffer(); pending {
		return false
	}
	if s.ComputerPlays(s.DrawOfferer()) {
		return false // the computer offers no draw
	}
	return !(s.offer.at == s.game.Live() && s.offer.by == s.DrawOfferer())
}

// OfferDraw makes DrawOfferer's draw offer; the opponent answers with
// AnswerDraw, or declines it by moving.
func (s *Session) OfferDraw() (game.Color, error) {
	by := s.DrawOfferer()
	if s.editing {
		return by, ErrNotPlayed
	}
	if !s.CanOfferDraw() {
		return by, ErrOfferedAlready
	}
	if err := s.game.OfferDraw(by); err != nil {
		return by, err
	}
	s.offer = drawOffer{by: by, at: s.game.Live()}
	s.changed(0)
	return by, nil
}

// AnswerDraw accepts or declines the standing draw offer, for the player
// it was made to.
func (s *Session) AnswerDraw(accept bool) error {
	by, pending := s.game.DrawOffer()
	if !pending {
		return nil
	}
	var err error
	if accept {
		err = s.game.AcceptDraw(by.Other())
	} else {
		err = s.game.DeclineDraw(by.Other())
		s.offer.declined = true
	}
	s.played()
	return err
}

// DrawDeclined reports whether a draw offer was declined in words at the
// live position, and who made it.
func (s *Session) DrawDeclined() (by game.Color, declined bool) {
	return s.offer.by, s.offer.declined && s.offer.at == s.game.Live()
}

// ClaimDraw claims a draw on the board for the side to move.
func (s *Session) ClaimDraw(r game.Reason) error {
	if s.editing {
		return ErrNotPlayed
	}
	if s.ComputerPlays(s.game.Turn()) {
		return ErrComputerTurn
	}
	err := s.game.ClaimDraw(r)
	s.played()
	return err
}

// Resign ends the game: c resigns.
func (s *Session) Resign(c game.Color) error {
	if s.editing {
		return ErrNotPlayed
	}
	if s.ComputerPlays(c) {
		return ErrComputerTurn
	}
	err := s.game.Resign(c)
	s.played()
	return err
}

// ErrClocksPaused refuses a move while a player has paused the clocks:
// a player cannot think on a stopped clock.
var ErrClocksPaused = errors.New("the clocks are paused: resume them to play")

// Waiting reports whether the clocks wait for the game's first move,
// which starts them: a new game's, at the start and after every New
// game.
func (s *Session) Waiting() bool { return s.waiting }

// waitForFirstMove makes a timed game that has no move yet wait for its
// first move to start its clocks.
func (s *Session) waitForFirstMove() {
	g := s.game
	s.waiting = !s.editing && !g.TimeControl().IsZero() && len(g.History()) == 0 && !g.Status().Over()
	if s.waiting {
		g.WaitForFirstMove()
	}
}

// TogglePause pauses or resumes the clocks. The autosave records the
// clocks as they stopped. Resuming the clocks of a game edited is
// PlayOn: its players took it up again.
func (s *Session) TogglePause() {
	if s.editing {
		s.PlayOn()
		return
	}
	if s.game.Paused() {
		s.waiting = false
		s.game.Resume()
	} else {
		s.game.Pause()
		s.saveAutosave()
	}
	s.notify(ClocksChanged)
}

// Tick looks at the clocks, now and then: it ends the game when the side
// to move's flag falls, and keeps the autosave's record of a running
// clock at most clockSaveInterval old. It reports whether the game
// changed (the clocks' faces are the window's to redraw).
func (s *Session) Tick() bool {
	if s.game.CheckFlag() {
		s.played()
		return true
	}
	if s.ClockRunning() && s.now().Sub(s.lastClockSave) >= clockSaveInterval && s.dirty {
		s.saveAutosave()
	}
	return false
}

// ClockRunning reports whether a clock runs: a timed game, going on, not
// paused.
func (s *Session) ClockRunning() bool {
	g := s.game
	return !g.TimeControl().IsZero() && !g.Status().Over() && !g.Paused()
}
