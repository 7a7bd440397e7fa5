package explore

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

// BenchmarkGather times the gathering of positions alone (builder.add,
// the part of a build that one goroutine does), on the games of the
// corpus replayed beforehand.
func BenchmarkGather(b *testing.B) {
	files := corpusFiles(b)
	var corpus []byte
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		corpus = append(append(corpus, d...), '\n')
	}
	r := newReplayer(newGameCache(0))
	size := int64(len(corpus))
	bt := &batch{first: 1, sec: pgn.NewSectionReader(bytes.NewReader(corpus), size, 0, size)}
	r.section(context.Background(), bt)
	if bt.err != nil {
		b.Fatal(bt.err)
	}
	batches := []*batch{bt}
	plies := len(bt.plies)
	b.ResetTimer()
	for b.Loop() {
		bd := &builder{lists: listBuilder{max: maxPairs}, seen: newGameCache(maxSeenPlies), maxPositions: MaxPositions}
		bd.reserve(min(len(corpus)/8, 1<<21), len(corpus)/8)
		for _, bt := range batches {
			if err := bd.add(bt); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/gather")
	b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(b.N)/float64(plies), "ns/ply")
}
