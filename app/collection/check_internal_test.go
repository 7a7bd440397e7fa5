package collection

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/echiquier/echiquier/app/internal/shared"
	"github.com/echiquier/echiquier/app/pgn"
)

// BenchmarkCheckGames checks every game of the corpus's largest file as
// the list of its games does in the background: games a second, on one
// goroutine.
func BenchmarkCheckGames(b *testing.B) {
	data, err := os.ReadFile(shared.Path(b, "pgn", "corpus", "Carlsen.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	x, err := pgn.BuildIndex(context.Background(), bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if bad := checkGames(context.Background(), bytes.NewReader(data), x, 0, x.Len()); len(bad) != 0 {
			b.Fatalf("%d games refused: %v", len(bad), bad[0].Err)
		}
	}
	b.ReportMetric(float64(x.Len()*b.N)/b.Elapsed().Seconds(), "games/s")
}
