package session

import (
	"slices"

	"github.com/echiquier/echiquier/app/pgn"
)

// SetHeader gives the game the tags the user edits (game.SetEditableTags)
// and the result (game.SetResult), both or neither: a result refused
// leaves the tags as they were. A header that does not change leaves the
// game as it was, not marked unsaved.
func (s *Session) SetHeader(tags []pgn.Tag, result string) error {
	g := s.game
	before, was := g.EditableTags(), g.Status().Result
	if result != was {
		if err := g.ResultFixed(); err != nil {
			return err
		}
	}
	if err := g.SetEditableTags(tags); err != nil {
		return err
	}
	if err := g.SetResult(result); err != nil {
		_ = g.SetEditableTags(before) // as they were: they were taken once
		return err
	}
	if slices.Equal(before, g.EditableTags()) && result == was {
		return nil
	}
	s.changed(0)
	return nil
}
