package pgn

import (
	"math/rand/v2"
	"testing"
)

// plainTag finds what the full scan finds, on every tag pair it takes:
// all the short texts over the bytes that matter, and random longer ones.
func TestPlainTagScansAsTheFullScan(t *testing.T) {
	const alphabet = "[]\" \t\\\r\nE1{é"
	taken := 0
	check := func(b []byte) {
		ts, ok := plainTag(b)
		if !ok {
			return
		}
		taken++
		for _, last := range []bool{false, true} {
			want, wok := scanTagIn(b, last)
			if !wok || want != ts {
				t.Fatalf("%q (last %v): plainTag %+v, scan %+v (%v)", b, last, ts, want, wok)
			}
		}
	}
	var each func(b []byte, n int)
	each = func(b []byte, n int) {
		check(b)
		if n == 0 {
			return
		}
		for i := range len(alphabet) {
			each(append(b, alphabet[i]), n-1)
		}
	}
	each([]byte("["), 6)
	// Usual tag pairs with a few bytes changed, added or taken away.
	r := rand.New(rand.NewPCG(1, 2))
	for range 200_000 {
		b := []byte(`[Ev "a b"] `)
		for range r.IntN(4) {
			i, c := 1+r.IntN(len(b)-1), alphabet[r.IntN(len(alphabet))]
			switch r.IntN(3) {
			case 0:
				b[i] = c
			case 1:
				b = append(b[:i], append([]byte{c}, b[i:]...)...)
			default:
				b = append(b[:i], b[i+1:]...)
			}
		}
		check(b[:r.IntN(len(b)+1)])
	}
	check([]byte(`[Event "Lloyds Bank op"]`))
	if taken < 10_000 {
		t.Fatalf("plainTag took only %d texts", taken)
	}
}
