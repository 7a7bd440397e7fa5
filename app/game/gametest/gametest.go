// Package gametest makes games for tests: long, annotated, random ones.
// It knows no window, so that tests at any floor may use it.
package gametest

import (
	"math/rand/v2"
	"testing"

	"github.com/echiquier/echiquier/app/game"
)

// AnnotatedGame plays random moves that keep the game going, each with a
// comment and another move beside it as a side line.
func AnnotatedGame(t testing.TB, plies int) *game.Game {
	t.Helper()
	g, err := game.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for tries := 0; len(g.History()) < plies; tries++ {
		if tries > 100*plies {
			t.Fatalf("no move keeps the game going after %d plies", len(g.History()))
		}
		legal := g.Legal()
		i := rng.IntN(len(legal))
		if err := g.Move(legal[i].UCI()); err != nil {
			t.Fatal(err)
		}
		if g.Status().Over() {
			if err := g.TakeBack(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		n := g.Live()
		if err := g.SetComment(n, "A comment on this move, long enough to wrap over a line or two."); err != nil {
			t.Fatal(err)
		}
		if len(legal) > 1 {
			if _, err := g.AddVariation(n.Parent(), legal[(i+1)%len(legal)].UCI()); err != nil {
				t.Fatal(err)
			}
		}
	}
	return g
}

// RandomMoves returns the moves of a random game that goes on for plies
// moves, none of which allows a draw to be claimed with it.
func RandomMoves(t testing.TB, plies int) []game.Move {
	t.Helper()
	g, _ := game.New(game.Options{})
	rng := rand.New(rand.NewPCG(3, 4))
	var out []game.Move
	for len(out) < plies {
		legal := g.Legal()
		m := legal[rng.IntN(len(legal))]
		if claims, _ := g.ClaimableDrawsWithMove(m.UCI()); len(claims) > 0 {
			continue // would ask whether to claim
		}
		if err := g.Move(m.UCI()); err != nil {
			t.Fatal(err)
		}
		if g.Status().Over() {
			g.TakeBack()
			continue
		}
		out = append(out, m)
	}
	return out
}
