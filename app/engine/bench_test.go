package engine

import (
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
)

// A Stockfish info line of a middle-game search, and its line of play.
const benchInfo = "info depth 22 seldepth 30 multipv 1 score cp 31 nodes 2387431 nps 1190384 hashfull 612 tbhits 0 time 2005 " +
	"pv e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1 f6e4 f1e1 e4d6 f3e5 f8e7 b5f1 c6e5 e1e5 e8g8 d2d4 e7f6 e5e1 f8e8"

func BenchmarkParseInfo(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := parseInfo(benchInfo); !ok {
			b.Fatal("not parsed")
		}
	}
}

// BenchmarkPlayLine is the cost of a line in SAN: live analysis pays it
// for each of its lines at each update.
func BenchmarkPlayLine(b *testing.B) {
	in, _ := parseInfo(benchInfo)
	b.ReportAllocs()
	for b.Loop() {
		if _, san := playLine(game.StartFEN, in.pv); len(san) != 20 {
			b.Fatalf("line %q", strings.Join(san, " "))
		}
	}
}

// BenchmarkNewReport is the cost of the game report of a long game, 300
// half-moves each with an evaluation: the window works it out again
// after each change of the game.
func BenchmarkNewReport(b *testing.B) {
	g, err := game.New(game.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; len(g.MainLine()) < 300; i++ {
		legal := g.Legal()
		if err := g.PlayMove(legal[(i*7)%len(legal)]); err != nil {
			b.Fatal(err)
		}
		if g.Status().Over() {
			if err := g.TakeBack(); err != nil {
				b.Fatal(err)
			}
			continue
		}
		if err := g.SetCommand(g.Live(), "eval", Score{Centipawns: (i*37)%400 - 200}.PGN()); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if r, err := NewReport(g); err != nil || len(r.Moves) != 300 {
			b.Fatalf("%d moves reported: %v", len(r.Moves), err)
		}
	}
}

// quietGame returns a game of 140 half-moves without a capture or a pawn
// move: the longest history the computer is told, short of the 75-move
// rule.
func quietGame(b *testing.B) *game.Game {
	g, err := game.New(game.Options{FEN: "1n2k1n1/8/8/8/8/8/8/1N2K1N1 w - - 0 1"})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; g.Position().HalfMoves < 140; i++ {
		legal := g.Legal()
		for k := range legal {
			if err := g.PlayMove(legal[(i*7+k)%len(legal)]); err != nil {
				b.Fatal(err)
			}
			if !g.Status().Over() && g.Position().HalfMoves > 0 {
				break
			}
			if err := g.TakeBack(); err != nil {
				b.Fatal(err)
			}
		}
	}
	return g
}

// BenchmarkThinkRequest is what asking the computer for a move costs the
// window's goroutine (Opponent.Think reads the game), and then the
// computer's own (the position replayed, its "go"), after 140 quiet
// half-moves.
func BenchmarkThinkRequest(b *testing.B) {
	g := quietGame(b)
	st := strengths(optionsOf(stockfishOptions))[4]
	b.Run("read", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if r, err := newRequest(g); err != nil || len(r.moves) != 140 {
				b.Fatalf("%d moves, %v", len(r.moves), err)
			}
		}
	})
	r, _ := newRequest(g)
	b.Run("replay", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			pos, err := game.New(game.Options{FEN: r.fen})
			if err != nil {
				b.Fatal(err)
			}
			for _, m := range r.moves {
				if err := pos.Move(m); err != nil {
					b.Fatal(err)
				}
			}
			_ = r.command()
			goCommand(st, r.turn, r.clocks)
		}
	})
}
