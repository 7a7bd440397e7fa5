package game_test

import (
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

// fakeClock is a clock that moves only when told.
type fakeClock struct{ t time.Time }

func newFakeClock() *fakeClock {
	return &fakeClock{t: time.Date(2026, 11, 22, 14, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time          { return c.t }
func (c *fakeClock) Advance(d time.Duration) { c.t = c.t.Add(d) }

// newGame starts an untimed game from fen ("" for the start position).
func newGame(t testing.TB, fen string) *game.Game {
	t.Helper()
	g, err := game.New(game.Options{FEN: fen})
	if err != nil {
		t.Fatalf("New(%q): %v", fen, err)
	}
	return g
}

// play makes the moves of a space-separated list, failing on the first
// refused one. Move numbers ("1.", "2...") are skipped.
func play(t testing.TB, g *game.Game, moves string) {
	t.Helper()
	for _, m := range strings.Fields(moves) {
		if strings.HasSuffix(m, ".") {
			continue
		}
		if err := g.Move(m); err != nil {
			t.Fatalf("Move(%q) after %v: %v", m, g.History(), err)
		}
	}
}

// threefoldOnlyAfter checks that threefold repetition cannot be claimed
// in g yet (early says why it should not), and can once moves are
// played.
func threefoldOnlyAfter(t *testing.T, g *game.Game, moves, early string) {
	t.Helper()
	if hasReason(g.ClaimableDraws(), game.ThreefoldRepetition) {
		t.Error(early)
	}
	play(t, g, moves)
	if !hasReason(g.ClaimableDraws(), game.ThreefoldRepetition) {
		t.Errorf("threefold repetition not claimable after %s: %v", moves, g.ClaimableDraws())
	}
}

func hasReason(list []game.Reason, r game.Reason) bool {
	for _, x := range list {
		if x == r {
			return true
		}
	}
	return false
}

func hasMove(list []string, m string) bool {
	for _, x := range list {
		if x == m {
			return true
		}
	}
	return false
}
