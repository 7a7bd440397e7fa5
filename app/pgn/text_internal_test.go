package pgn

import (
	"math/rand/v2"
	"testing"
)

// appendText and textSize decode as decodeText does: UTF-8 as it is,
// anything else as Windows-1252, its unassigned bytes included.
func TestAppendTextDecodesAsDecodeText(t *testing.T) {
	texts := []string{"", "Müller", "M\xfcller", "\x81\x8d\x8f\x90\x9d", "\x80 \x93x\x94", "a\x00b", "日本"}
	r := rand.New(rand.NewPCG(5, 6))
	for range 10_000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		texts = append(texts, string(b))
	}
	for _, s := range texts {
		want := decodeText([]byte(s))
		if got := string(appendText([]byte("x"), []byte(s))); got != "x"+want {
			t.Fatalf("appendText(%q) = %q, want %q", s, got, "x"+want)
		}
		if got := textSize([]byte(s)); got != len(want) {
			t.Fatalf("textSize(%q) = %d, want %d", s, got, len(want))
		}
	}
}
