package pgn_test

import (
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

func TestExcerpt(t *testing.T) {
	sixty := strings.Repeat("é", 60)
	tests := []struct{ in, want string }{
		{"", ""},
		{"Nf3", "Nf3"},
		{sixty, sixty},
		{sixty + "x", sixty + "…"},
		{"e4\ne5", "e4…"},
		{"e4\r\ne5", "e4…"},
		{strings.Repeat("a", 1<<20), strings.Repeat("a", 60) + "…"},
	}
	for _, tt := range tests {
		if got := pgn.Excerpt(tt.in); got != tt.want {
			t.Errorf("Excerpt(%.20q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// BenchmarkExcerpt cuts a megabyte of text: the cost must not depend on
// its length.
func BenchmarkExcerpt(b *testing.B) {
	long := strings.Repeat("rnbqkbnr/", 1<<17)
	for b.Loop() {
		pgn.Excerpt(long)
	}
}
