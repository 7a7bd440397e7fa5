// Package gametest makes games for tests: long, annotated, random ones,
// and PGN texts of them.
// It knows no window, so that tests at any floor may use it.
package gametest

import (
	"fmt"
	"math/rand/v2"
	"strings"
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

// PGNGame writes a game with the tags given as "White=A Black=B" (spaces
// inside values as _) and plies moves of knights dancing.
func PGNGame(tags string, plies int) string {
	var b strings.Builder
	for _, kv := range strings.Fields(tags) {
		k, v, _ := strings.Cut(kv, "=")
		fmt.Fprintf(&b, "[%s \"%s\"]\n", k, strings.ReplaceAll(v, "_", " "))
	}
	b.WriteString("\n")
	moves := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	for i := range plies {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(moves[i%4] + " ")
	}
	return b.String() + "*\n\n"
}
