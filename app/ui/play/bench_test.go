package play

import (
	"testing"

	"github.com/echiquier/echiquier/app/game/gametest"
)

// BenchmarkSuggestions lists the moves that begin with a key typed in the
// move box.
func BenchmarkSuggestions(b *testing.B) {
	h := newHarness(b)
	h.s.NewGame(gametest.AnnotatedGame(b, 40))
	b.ReportAllocs()
	for b.Loop() {
		h.p.v.moveBox.entry.SetText("N")
	}
}
