package game_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/internal/shared"
	"github.com/echiquier/echiquier/app/pgn"
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

// BenchmarkBoardMove measures a move made on the board as the app makes
// it, asking first which draws it could claim: as text
// (ClaimableDrawsWithMove, then Move: the move resolved and built twice)
// and typed (PrepareMove, Claims, PlayPrepared: once).
func BenchmarkBoardMove(b *testing.B) {
	ways := map[string]func(g *game.Game, m game.Move) error{
		"text": func(g *game.Game, m game.Move) error {
			if _, err := g.ClaimableDrawsWithMove(m.UCI()); err != nil {
				return err
			}
			return g.Move(m.UCI())
		},
		"typed": func(g *game.Game, m game.Move) error {
			p, err := g.PrepareMove(m)
			if err != nil {
				return err
			}
			p.Claims()
			return g.PlayPrepared(p, game.NoReason)
		},
	}
	for _, name := range []string{"text", "typed"} {
		b.Run(name, func(b *testing.B) {
			g := longGame(b, 150)
			m := g.Legal()[0]
			b.ReportAllocs()
			for b.Loop() {
				if err := ways[name](g, m); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				if err := g.TakeBack(); err != nil {
					b.Fatal(err)
				}
				_ = g.LegalMoves()
				b.StartTimer()
			}
		})
	}
}

func BenchmarkMovePly0(b *testing.B)   { benchmarkMoveAt(b, 0) }
func BenchmarkMovePly150(b *testing.B) { benchmarkMoveAt(b, 150) }
func BenchmarkMovePly300(b *testing.B) { benchmarkMoveAt(b, 300) }

// BenchmarkReadCorpus reads and replays every game of the real-game
// corpus (32,570 games), checking every move; it reports games per second.
func BenchmarkReadCorpus(b *testing.B) {
	files := shared.Glob(b, "pgn", "corpus", "*.pgn")
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

// corpusFiles returns the paths and contents of the real-game corpus, or
// skips the benchmark when it is not here.
func corpusFiles(b *testing.B) ([]string, [][]byte) {
	files := shared.Glob(b, "pgn", "corpus", "*.pgn")
	var data [][]byte
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		data = append(data, d)
	}
	return files, data
}

// BenchmarkCheckCorpus checks every game of the corpus with CheckPGN, on
// one and on two workers, and reports games per second and seconds for
// the whole corpus. pgn-extract -s, which checks every move too, runs
// once on the same files beside it (its seconds as pgn-extract-s), when
// it is installed.
func BenchmarkCheckCorpus(b *testing.B) {
	files, data := corpusFiles(b)
	extract := -1.0
	if _, err := os.Stat(pgnExtract); err != nil {
		b.Logf("pgn-extract is not installed (%s): no comparison", pgnExtract)
	} else {
		start := time.Now()
		cmd := exec.Command(pgnExtract, append([]string{"-s", "-o", os.DevNull}, files...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("pgn-extract: %v\n%s", err, out)
		}
		extract = time.Since(start).Seconds()
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			var size int64
			for _, d := range data {
				size += int64(len(d))
			}
			b.SetBytes(size)
			games, failed := 0, 0
			for b.Loop() {
				games, failed = 0, 0
				for _, d := range data {
					n, errs := game.CheckPGN(bytes.NewReader(d), workers)
					games += n
					failed += len(errs)
				}
			}
			b.ReportMetric(float64(games)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/corpus")
			b.ReportMetric(float64(failed), "failed")
			if extract >= 0 {
				b.ReportMetric(extract, "pgn-extract-s")
			}
		})
	}
}

// pgnExtract is where Debian installs pgn-extract.
const pgnExtract = "/usr/games/pgn-extract"

// typicalGame is a real game of 80 plies (Knezevic–Kasparov, Banja Luka
// 1979), as the corpus writes it.
const typicalGame = game.TypicalGame

// BenchmarkOpenGame opens one game of an index: the text of a typical
// 80-ply game, parsed and replayed into a Game with FromPGN.
func BenchmarkOpenGame(b *testing.B) {
	data := []byte(typicalGame)
	b.ReportAllocs()
	for b.Loop() {
		pg, err := pgn.ParseGame(data, 1, 0)
		if err != nil {
			b.Fatal(err)
		}
		g, err := game.FromPGN(pg, nil)
		if err != nil {
			b.Fatal(err)
		}
		if len(g.History()) != 80 {
			b.Fatalf("%d plies", len(g.History()))
		}
	}
}
