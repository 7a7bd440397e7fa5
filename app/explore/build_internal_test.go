package explore

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

// BenchmarkGather times the gathering of the plies' records alone
// (builder.add, the part of a build that one goroutine does, spilling
// its runs), on the games of the corpus replayed beforehand.
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
	dir := b.TempDir()
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
		bd := &builder{runs: newRuns(recordsFor(int64(len(corpus))), dir), again: listBuilder{max: maxPairs, dir: dir},
			seen: newGameCache(maxKept), offsets: gameOffsets{max: maxGameBlocks}}
		for _, bt := range batches {
			if err := bd.add(bt); err != nil {
				b.Fatal(err)
			}
		}
		bd.runs.close()
		bd.again.close()
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/gather")
	b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(b.N)/float64(plies), "ns/ply")
}
