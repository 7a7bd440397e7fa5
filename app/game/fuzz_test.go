package game_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// FuzzFEN: any text either is refused with a *FENError or gives a game
// whose FEN reads back to the same position.
func FuzzFEN(f *testing.F) {
	for _, s := range []string{
		game.StartFEN,
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
		"8/8/8/8/8/8/8/8 w - - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - -",
		"4k3/8/8/8/8/8/8/R3K2R w HA - 0 1",
		"4k3/8/8/8/8/5n2/3p4/r3K3 w - - 0 1", // triple check
		"4k3/8/8/8/8/8/3p1p2/4K3 w - - 0 1",  // two pawns check
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		g, err := game.New(game.Options{FEN: fen})
		if err != nil {
			return
		}
		again, err := game.New(game.Options{FEN: g.FEN()})
		if err != nil {
			t.Fatalf("FEN %q accepted, but its own FEN() %q is refused: %v", fen, g.FEN(), err)
		}
		if again.FEN() != g.FEN() {
			t.Fatalf("FEN round trip: %q then %q", g.FEN(), again.FEN())
		}
		for _, m := range g.LegalMoves() {
			if err := again.Move(m); err != nil {
				t.Fatalf("%s: legal move %s refused: %v", fen, m, err)
			}
			if err := again.TakeBack(); err != nil {
				t.Fatalf("%s: take-back of %s: %v", fen, m, err)
			}
		}
	})
}

// FuzzMove: any text given as a move either plays a legal move or is
// refused, and a refused move changes nothing.
func FuzzMove(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "O-O", "0-0-0", "e8=Q", "e7e8q", "exd6", "Ngf3", "Qg7#", "e1h1", "a", "", "Z0", "--", "N@f3", "e2-e4!?", "e4\ne5", strings.Repeat("N", 100)} {
		f.Add("r3k2r/pPpp1ppp/8/3Pp3/8/8/PPPP1PPP/R3K2R w KQkq e6 0 1", s)
	}
	f.Fuzz(func(t *testing.T, fen, move string) {
		g, err := game.New(game.Options{FEN: fen})
		if err != nil {
			return
		}
		before := g.FEN()
		legal := g.LegalMoves()
		if err := g.Move(move); err != nil {
			if g.FEN() != before || len(g.History()) != 0 {
				t.Fatalf("refused move %q changed the game", move)
			}
			if !strings.Contains(err.Error(), fmt.Sprintf("%q", pgn.Excerpt(move))) {
				t.Fatalf("error %q does not name the move %q", err, move)
			}
			return
		}
		h := g.History()
		if len(h) != 1 {
			t.Fatalf("history after one move: %v", h)
		}
		// The move played must be one of the legal moves.
		if err := g.TakeBack(); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, m := range legal {
			probe, _ := game.New(game.Options{FEN: fen})
			if probe.Move(m) == nil && probe.History()[0] == h[0] {
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("%q played %s, which is not among the legal moves %v", move, h[0], legal)
		}
	})
}
