package play

import (
	"testing"

	"github.com/echiquier/echiquier/app/ui/uitest"
)

// BenchmarkSuggestions lists the moves that begin with a key typed in the
// move box.
func BenchmarkSuggestions(b *testing.B) {
	h := newHarness(b)
	h.s.NewGame(uitest.AnnotatedGame(b, 40))
	b.ReportAllocs()
	for b.Loop() {
		h.p.v.moveBox.entry.SetText("N")
	}
}
