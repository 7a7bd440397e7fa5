package app

import (
	"context"
	"os"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
)

// benchStockfish is the engine of the benchmarks; they are skipped
// without it.
const benchStockfish = "/usr/games/stockfish"

// analysingApp is benchApp with the game over (White resigned), the
// live analysis on with Stockfish, and what the engine hands to the UI
// goroutine queued for the benchmark to run.
func analysingApp(b *testing.B, plies int) (*App, uiQueue) {
	b.Helper()
	if _, err := os.Stat(benchStockfish); err != nil {
		b.Skip("Stockfish is not installed:", err)
	}
	test.NewTempApp(b)
	q := make(uiQueue, 100000)
	a := New(fyne.CurrentApp(), Options{NoTicker: true, AutosaveDir: b.TempDir(), Post: q.do})
	a.win.Resize(fyne.NewSize(1040, 720))
	b.Cleanup(func() {
		a.stopAnalysis()
		a.win.Close()
		if a.autosave != nil {
			a.autosave.Close()
		}
	})
	a.settings.SetEnginePath(benchStockfish)
	a.sess.NewGame(annotatedGame(b, plies))
	if err := a.sess.Resign(game.White); err != nil {
		b.Fatal(err)
	}
	a.toggleAnalysis()
	if a.analysis.live == nil {
		b.Fatalf("no analysis: %s", a.analysis.status.Text)
	}
	return a, q
}

// drain runs what is queued for the UI goroutine, without waiting.
func (q uiQueue) drain() {
	for {
		select {
		case f := <-q:
			f()
		default:
			return
		}
	}
}

// BenchmarkStepWhileAnalysing is BenchmarkStepThroughTheGame with the
// live analysis on: each step gives the engine a new position (stop,
// position, go) while it searches on all the cores but one, and the
// engine's updates are shown as they come.
func BenchmarkStepWhileAnalysing(b *testing.B) {
	a, q := analysingApp(b, 200)
	a.showNode(a.sess.Game().MainLine()[100])
	b.ReportAllocs()
	for b.Loop() {
		a.step(-1)
		a.step(1)
		q.drain()
	}
}

// BenchmarkRefreshWhileAnalysing redraws the whole window while the
// engine searches one position: a frame's work on the UI goroutine
// with the cores shared with the engine.
func BenchmarkRefreshWhileAnalysing(b *testing.B) {
	a, q := analysingApp(b, 200)
	a.showNode(a.sess.Game().MainLine()[100])
	b.ReportAllocs()
	for b.Loop() {
		a.refresh()
		q.drain()
	}
}

// BenchmarkRefreshIdle is BenchmarkRefreshWhileAnalysing without the
// engine, to compare.
func BenchmarkRefreshIdle(b *testing.B) {
	a := benchApp(b, 200)
	a.showNode(a.sess.Game().MainLine()[100])
	b.ReportAllocs()
	for b.Loop() {
		a.refresh()
	}
}

// BenchmarkWholeGame40Moves analyses a 40-move game (80 positions after
// a move, and the start) at 0.2 s a move with Stockfish: its time over
// 81 × 0.2 s is the engine's and the program's overhead. Run it with
// -benchtime=1x.
func BenchmarkWholeGame40Moves(b *testing.B) {
	if _, err := os.Stat(benchStockfish); err != nil {
		b.Skip("Stockfish is not installed:", err)
	}
	g := annotatedGame(b, 80)
	s := engine.Settings{Path: benchStockfish, MoveTime: 200 * time.Millisecond}
	for b.Loop() {
		done := make(chan error, 1)
		start := time.Now()
		if err := engine.AnalyseGame(context.Background(), s, g, func(engine.Progress) {}, func(_ engine.Result, err error) {
			done <- err
		}); err != nil {
			b.Fatal(err)
		}
		if err := <-done; err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(time.Since(start).Seconds()-81*0.2, "s-overhead")
	}
}
