package pgn

import (
	"os"
	"testing"

	"github.com/echiquier/echiquier/app/internal/shared"
)

// BenchmarkSkimCorpus skims the movetext of the corpus (its lines that are
// not tag pairs), counting moves as an index does, and passes over what
// skim leaves to the lexer; "oracle" is the skim the differential tests
// hold it to, a byte at a time.
func BenchmarkSkimCorpus(b *testing.B) {
	var texts [][]byte
	var size int64
	for _, path := range shared.Glob(b, "pgn", "corpus", "*.pgn") {
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		texts = append(texts, movetextOf(data))
		size += int64(len(texts[len(texts)-1]))
	}
	b.Run("skim", func(b *testing.B) { benchmarkSkim(b, texts, size, (*parser).skim) })
	b.Run("oracle", func(b *testing.B) { benchmarkSkim(b, texts, size, (*parser).skimOracle) })
}

func benchmarkSkim(b *testing.B, texts [][]byte, size int64, skim func(*parser)) {
	b.SetBytes(size)
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		plies = 0
		for _, text := range texts {
			p := skimParser(text, false, 0, false)
			skimThrough(p, skim, func() {
				if p.moves > MaxMoves/2 {
					plies += p.plies
					p.moves, p.plies = 0, 0
				}
			})
			plies += p.plies
		}
	}
	b.ReportMetric(float64(plies), "plies")
}
