package analysis

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game/gametest"
)

// BenchmarkWholeGame40Moves analyses a 40-move game (80 positions after
// a move, and the start) at 0.2 s a move with Stockfish: its time over
// 81 × 0.2 s is the engine's and the program's overhead. Run it with
// -benchtime=1x.
func BenchmarkWholeGame40Moves(b *testing.B) {
	const stockfish = "/usr/games/stockfish"
	if _, err := os.Stat(stockfish); err != nil {
		b.Skip("Stockfish is not installed:", err)
	}
	g := gametest.AnnotatedGame(b, 80)
	s := engine.Settings{Path: stockfish, MoveTime: 200 * time.Millisecond}
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
