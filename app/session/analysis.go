package session

import (
	"errors"
	"slices"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
)

// ErrGameInProgress is AnalysisRefused's answer while the game is being
// played: the engine never helps the players.
var ErrGameInProgress = errors.New("the game is in progress: a chess engine may analyse it once it is over")

// AnalysisRefused says why a chess engine may not look at the game now,
// or returns nil when it may. Échiquier is a board for two players: the
// engine may analyse a game that is over (its side lines too), and a
// game edited (Editing: read from a file, or set up for study), whatever
// moves are added to it. A game played (a new game, a game resumed after
// a crash that was played, an edited game its players took up again with
// PlayOn) is refused until it ends, wherever the board is in it.
func (s *Session) AnalysisRefused() error {
	if s.game.Status().Over() || s.editing {
		return nil
	}
	return ErrGameInProgress
}

// ApplyAnalysis writes a whole-game analysis into the game (see
// engine.Apply) as a change like any other: the game is marked unsaved,
// autosaved and shown again. A position shown in a line of an earlier
// analysis, which the new one replaced, gives way to the position the
// line starts from. It is refused, changing nothing, while the game is
// being played, and with engine.ErrGameChanged when its main line is no
// longer the one analysed.
func (s *Session) ApplyAnalysis(r engine.Result) error {
	if err := s.AnalysisRefused(); err != nil {
		return err
	}
	if err := engine.Apply(s.game, r); err != nil {
		return err
	}
	s.edited(nearestInTree(s.view))
	return nil
}

// nearestInTree returns n, or when a line that held n was deleted, the
// position the line started from.
func nearestInTree(n *game.Node) *game.Node {
	out := n
	for c := n; c != nil && c.Parent() != nil; c = c.Parent() {
		if !slices.Contains(c.Parent().Children(), c) {
			out = c.Parent()
		}
	}
	return out
}
