package explore

import (
	"errors"
	"math"
	"math/bits"
)

// Most positions of a file of different games are reached by one game
// only: past its first moves, every game goes its own way. The tree
// keeps no record of such a position, only a way to find its game: a
// static function from the position's hash to a block of a few games (a
// binary fuse function, after Graf and Lemire's binary fuse filters: 16
// bits in three slots of an array 1.13 to 1.2 times as long as the
// positions are many, XORed). The games of the block are replayed from
// the PGN file to answer; the function gives any block for a position
// that is not among its keys, whose replay then finds the position in
// no game. A position costs about 2.3 bytes instead of the 20 and more
// of a record, and the answer is exact: the replay, not the function,
// says which game reached the position.

// fuse is a static function of a chunk of keys, as the tree keeps it:
// its array is in the cache file.
type fuse struct {
	seed                uint64
	segLen, segCountLen uint32
	arrayLen            uint32
}

// maxSegLen is the longest segment of a fuse function's array.
const maxSegLen = 1 << 18

// fuseShape returns the shape of the function of n keys.
func fuseShape(n int) fuse {
	size := max(n, 2)
	segLen := uint32(1) << max(2, min(18, int(math.Floor(math.Log(float64(size))/math.Log(3.33)+2.25))))
	factor := max(1.125, 0.875+0.25*math.Log(1e6)/math.Log(float64(size)))
	capacity := uint32(math.Round(float64(n) * factor))
	initSegs := max(int((capacity+segLen-1)/segLen)-2, 0)
	arrayLen := uint32(initSegs+2) * segLen
	segCount := (arrayLen + segLen - 1) / segLen
	if segCount <= 2 {
		segCount = 1
	} else {
		segCount -= 2
	}
	return fuse{segLen: segLen, segCountLen: segCount * segLen, arrayLen: (segCount + 2) * segLen}
}

// valid reports whether the shape is one fuseShape makes.
func (f *fuse) valid() bool {
	return f.segLen >= 4 && f.segLen <= maxSegLen && bits.OnesCount32(f.segLen) == 1 &&
		f.segCountLen > 0 && f.segCountLen%f.segLen == 0 && uint64(f.arrayLen) == uint64(f.segCountLen)+2*uint64(f.segLen)
}

// fuseMix spreads the bits of key and seed (MurmurHash3's finalizer).
func fuseMix(key, seed uint64) uint64 {
	h := key + seed
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	return h ^ h>>33
}

// slots returns the three slots of key.
func (f *fuse) slots(key uint64) [3]uint32 {
	h := fuseMix(key, f.seed)
	hi, _ := bits.Mul64(h, uint64(f.segCountLen))
	h0 := uint32(hi)
	h1 := h0 + f.segLen
	h2 := h1 + f.segLen
	mask := uint64(f.segLen - 1)
	h1 ^= uint32(h >> 18 & mask)
	h2 ^= uint32(h & mask)
	return [3]uint32{h0, h1, h2}
}

// errFuse: no function could be made of the keys (two keys the same).
var errFuse = errors.New("opening tree: positions that cannot be told apart")

// fuseTries is how many seeds are tried: each works with a chance of
// more than a half.
const fuseTries = 64

// buildFuse returns the function that gives vals[i] for keys[i], and its
// array. The keys must differ.
func buildFuse(keys []uint64, vals []uint16, seed uint64) (fuse, []uint16, error) {
	f := fuseShape(len(keys))
	count := make([]uint32, f.arrayLen)
	xor := make([]uint32, f.arrayLen) // of the indexes of the keys in a slot
	queue := make([]uint32, 0, f.arrayLen)
	type peeled struct{ key, slot uint32 }
	stack := make([]peeled, 0, len(keys))
	for try := range fuseTries {
		f.seed = fuseMix(seed, uint64(try))
		clear(count)
		clear(xor)
		for i, k := range keys {
			for _, s := range f.slots(k) {
				count[s]++
				xor[s] ^= uint32(i)
			}
		}
		queue = queue[:0]
		for s, c := range count {
			if c == 1 {
				queue = append(queue, uint32(s))
			}
		}
		stack = stack[:0]
		for len(queue) > 0 {
			s := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			if count[s] != 1 {
				continue
			}
			i := xor[s]
			stack = append(stack, peeled{i, s})
			for _, t := range f.slots(keys[i]) {
				count[t]--
				xor[t] ^= i
				if count[t] == 1 {
					queue = append(queue, t)
				}
			}
		}
		if len(stack) == len(keys) {
			array := make([]uint16, f.arrayLen)
			for k := len(stack) - 1; k >= 0; k-- {
				p := stack[k]
				v := vals[p.key]
				for _, t := range f.slots(keys[p.key]) {
					if t != p.slot {
						v ^= array[t]
					}
				}
				array[p.slot] = v
			}
			return f, array, nil
		}
	}
	return f, nil, errFuse
}
