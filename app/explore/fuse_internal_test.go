package explore

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomKeys returns n different keys in order, as a chunk has them.
func randomKeys(n int, seed uint64) []uint64 {
	r := rand.New(rand.NewPCG(seed, 1))
	seen := map[uint64]bool{}
	var keys []uint64
	for len(keys) < n {
		if k := r.Uint64(); !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// TestFuse: a static function gives each of its keys its value, for
// chunks of any size, of keys close together as a chunk's are.
func TestFuse(t *testing.T) {
	for _, n := range []int{1, 2, 3, 10, 1000, 100_000, maxChunkKeys} {
		keys := randomKeys(n, uint64(n))
		vals := make([]uint16, n)
		for i := range vals {
			vals[i] = uint16(keys[i] >> 7)
		}
		f, array, err := buildFuse(keys, vals, keys[0])
		if err != nil {
			t.Fatalf("%d keys: %v", n, err)
		}
		if !f.valid() || int(f.arrayLen) != len(array) {
			t.Fatalf("%d keys: a function of shape %+v, array of %d", n, f, len(array))
		}
		for i, k := range keys {
			var v uint16
			for _, s := range f.slots(k) {
				v ^= array[s]
			}
			if v != vals[i] {
				t.Fatalf("%d keys: key %d gives %d, want %d", n, i, v, vals[i])
			}
		}
		if n >= 100_000 && float64(len(array)) > 1.2*float64(n) {
			t.Errorf("%d keys in %d slots", n, len(array))
		}
	}
	if _, _, err := buildFuse([]uint64{5, 5}, []uint16{1, 2}, 0); err == nil {
		t.Error("a function of the same key twice")
	}
}

// BenchmarkFuse makes the function of a chunk of keys.
func BenchmarkFuse(b *testing.B) {
	keys := randomKeys(maxChunkKeys, 1)
	vals := make([]uint16, len(keys))
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := buildFuse(keys, vals, 1); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(keys)), "ns/key")
}
