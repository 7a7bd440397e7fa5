package game_test

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/echiquier/echiquier/app/game"
)

// longGame returns an untimed game with plies random legal moves played
// and still going on, found deterministically by trying seeds in turn.
func longGame(tb testing.TB, plies int) *game.Game {
	for seed := uint64(1); seed < 1000; seed++ {
		rng := rand.New(rand.NewPCG(seed, 2))
		g := newGame(tb, "")
		for i := 0; i < plies && !g.Status().Over(); i++ {
			moves := g.LegalMoves()
			if err := g.Move(moves[rng.IntN(len(moves))]); err != nil {
				tb.Fatal(err)
			}
		}
		if !g.Status().Over() && len(g.History()) == plies {
			return g
		}
	}
	tb.Fatalf("no random game reached ply %d", plies)
	return nil
}

// benchmarkMoveAt measures one move as the app makes it (Move, then Status
// and LegalMoves for the next turn) at a given ply, taking the move back
// between iterations outside the timer.
func benchmarkMoveAt(b *testing.B, plies int) {
	g := longGame(b, plies)
	move := g.LegalMoves()[0]
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := g.Move(move); err != nil {
			b.Fatal(err)
		}
		_ = g.Status()
		_ = g.LegalMoves()
		b.StopTimer()
		if err := g.TakeBack(); err != nil {
			b.Fatal(err)
		}
		_ = g.LegalMoves() // the board asks for them before the next move
		b.StartTimer()
	}
}

func BenchmarkMovePly0(b *testing.B)   { benchmarkMoveAt(b, 0) }
func BenchmarkMovePly150(b *testing.B) { benchmarkMoveAt(b, 150) }
func BenchmarkMovePly300(b *testing.B) { benchmarkMoveAt(b, 300) }

// BenchmarkReadCorpus reads and replays every game of the real-game
// corpus (32,570 games), checking every move; it reports games per second.
func BenchmarkReadCorpus(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(sharedData, "pgn", "corpus", "*.pgn"))
	if len(files) == 0 {
		b.Skip("the corpus lives in ../shared/data, outside the repository, and is not here")
	}
	var data [][]byte
	var size int64
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		data = append(data, d)
		size += int64(len(d))
	}
	b.SetBytes(size)
	b.ResetTimer()
	games, failed := 0, 0
	for i := 0; i < b.N; i++ {
		games, failed = 0, 0
		for _, d := range data {
			g, errs := game.ReadPGNWith(bytes.NewReader(d), nil)
			games += len(g)
			failed += len(errs)
		}
	}
	b.ReportMetric(float64(games)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(failed), "failed")
}
