package game_test

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/internal/shared"
)

// TestCorpusMatesAreNotDead reads the games of the real-game corpus
// (32,570 games, all of them: about ten seconds; under the race detector,
// ten times slower, only one file in four). In every game that ends in checkmate, no position of the
// main line may be called dead after its move, and none may be proven
// hopeless for the side that mated by the static analysis (CannotMate
// with no search). The games with a dead position that ended otherwise
// are counted and logged: players who went on in a closed position, or
// lost on time in one.
func TestCorpusMatesAreNotDead(t *testing.T) {
	files := shared.Glob(t, "pgn", "corpus", "*.pgn")
	mates, positions, deadGames, walled := 0, 0, 0, 0
	for i, f := range files {
		if game.RaceEnabled && i%4 != 0 {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		games, _ := game.ReadPGNWith(bytes.NewReader(data), nil)
		for i, g := range games {
			line := g.MainLine()
			if len(line) == 0 {
				continue
			}
			mated := g.Status().Reason == game.Checkmate
			if dead := g.DeadAt(); dead != nil {
				deadGames++
				p := dead.Position()
				if mated {
					t.Errorf("%s, game %d (%s – %s): dead after ply %d (%s), yet mated at ply %d",
						filepath.Base(f), i+1, g.Tag("White"), g.Tag("Black"), dead.Ply(), p.FEN(), len(line))
				} else if m := game.CountMaterialDead(p); !m {
					walled++
					t.Logf("%s, game %d (%s): dead after ply %d of %d: %s", filepath.Base(f), i+1,
						g.Status(), dead.Ply(), len(line), p.FEN())
				}
			}
			if !mated {
				continue
			}
			mates++
			winner := line[len(line)-1].Mover()
			for _, n := range line {
				positions++
				p := n.Position()
				if p.CannotMate(winner, 0) {
					t.Errorf("%s, game %d: after ply %d (%s) %v is proven unable to mate, yet mates",
						filepath.Base(f), i+1, n.Ply(), p.FEN(), winner)
				}
			}
		}
	}
	t.Logf("%d games ending in mate (%d positions checked); %d games with a dead position, %d of them walled",
		mates, positions, deadGames, walled)
	if mates == 0 {
		t.Error("no game ending in mate: the corpus was not read")
	}
}

// corpusNodes returns every node of the main lines of the corpus games,
// read once.
func corpusNodes(b *testing.B) []*game.Node {
	_, data := corpusFiles(b)
	var out []*game.Node
	for _, d := range data {
		games, _ := game.ReadPGNWith(bytes.NewReader(d), nil)
		for _, g := range games {
			out = append(out, g.MainLine()...)
		}
	}
	return out
}

// reportSpread reports the median, 99th percentile and worst of times.
func reportSpread(b *testing.B, times []time.Duration) {
	slices.Sort(times)
	at := func(q float64) float64 { return float64(times[int(q*float64(len(times)-1))].Nanoseconds()) }
	b.ReportMetric(at(0.5), "median-ns")
	b.ReportMetric(at(0.99), "p99-ns")
	b.ReportMetric(at(1), "worst-ns")
	b.ReportMetric(float64(len(times)), "positions")
}

// BenchmarkDeadCheckCorpus times the dead-position check made after each
// move (Node.IsDead: material, static analysis, small search) on every
// position of the corpus, one by one, and reports the median, 99th
// percentile and worst. Each position is timed three times and the
// fastest kept, so that a pause of the collector or of the machine is
// not taken for the cost of a position.
func BenchmarkDeadCheckCorpus(b *testing.B) {
	nodes := corpusNodes(b)
	times := make([]time.Duration, len(nodes))
	dead := 0
	for b.Loop() {
		dead = 0
		for i, n := range nodes {
			times[i] = time.Hour
			for range 3 {
				start := time.Now()
				if n.IsDead() {
					dead++
				}
				times[i] = min(times[i], time.Since(start))
			}
		}
		dead /= 3
	}
	reportSpread(b, times)
	b.ReportMetric(float64(dead), "dead")
}

// BenchmarkFlagCheckCorpus times the check made when a flag falls
// (CannotMate for the side not to move, FlagCheckNodes) on every
// 20,000th position of the corpus: a search that runs out of budget takes
// about half a second.
func BenchmarkFlagCheckCorpus(b *testing.B) {
	var positions []game.Position
	for i, n := range corpusNodes(b) {
		if i%20000 == 0 {
			positions = append(positions, n.Position())
		}
	}
	runtime.GC() // the games are let go: the collector scans a small heap, as in the app
	var times []time.Duration
	proven := 0
	for b.Loop() {
		times, proven = times[:0], 0
		for i := range positions {
			p := &positions[i]
			start := time.Now()
			if p.CannotMate(p.Turn.Other(), game.FlagCheckNodes) {
				proven++
			}
			times = append(times, time.Since(start))
		}
	}
	reportSpread(b, times)
	b.ReportMetric(float64(proven), "cannot-mate")
}
