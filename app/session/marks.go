package session

import (
	"slices"

	"github.com/echiquier/echiquier/app/game"
)

// The arrows and circles drawn on a position are part of the game (they
// are saved in its PGN): drawing one, taking one away or clearing them
// is a change of the game, which makes it unsaved and is autosaved. A
// click on the board clears them as it does on lichess, also when it
// picks up a piece: what it cleared can be brought back, so that it is
// not lost.

// clearedMarks is what ClearMarks took last: the position and its marks.
type clearedMarks struct {
	at    *game.Node
	marks []game.Mark
}

// ToggleMark draws m on the position shown, as game.Game.ToggleMark does:
// the same mark again takes it away.
func (s *Session) ToggleMark(m game.Mark) error {
	if err := s.game.ToggleMark(s.Shown(), m); err != nil {
		return err
	}
	s.recorded(MarksChanged)
	return nil
}

// SetMarks makes marks the arrows and circles of n's position. The same
// marks again change nothing.
func (s *Session) SetMarks(n *game.Node, marks []game.Mark) error {
	before := n.Marks()
	if err := s.game.SetMarks(n, marks); err != nil {
		return err
	}
	if !slices.Equal(n.Marks(), before) {
		s.recorded(MarksChanged)
	}
	return nil
}

// ClearMarks takes the arrows and circles off the position shown, and
// keeps them for RestoreMarks. It reports whether there were any.
func (s *Session) ClearMarks() bool {
	n := s.Shown()
	marks := n.Marks()
	if len(marks) == 0 {
		return false
	}
	if err := s.game.SetMarks(n, nil); err != nil {
		return false // n is the position shown: it is in the game
	}
	s.cleared = clearedMarks{at: n, marks: marks}
	s.recorded(MarksChanged)
	return true
}

// CanRestoreMarks reports whether RestoreMarks has marks to bring back:
// some were cleared, on a position still in the game.
func (s *Session) CanRestoreMarks() bool {
	return s.cleared.at != nil && s.game.Holds(s.cleared.at)
}

// RestoreMarks brings back the marks ClearMarks took last, beside those
// drawn there since (a mark drawn since on the same squares stays), and
// shows their position. It reports whether there were marks to bring
// back.
func (s *Session) RestoreMarks() bool {
	c := s.cleared
	if !s.CanRestoreMarks() {
		return false
	}
	s.cleared = clearedMarks{}
	marks := c.at.Marks()
	for _, m := range c.marks {
		if !slices.ContainsFunc(marks, func(x game.Mark) bool { return x.From == m.From && x.To == m.To }) {
			marks = append(marks, m)
		}
	}
	if err := s.game.SetMarks(c.at, marks); err != nil {
		return false
	}
	s.Show(c.at)
	s.recorded(MarksChanged)
	return true
}
