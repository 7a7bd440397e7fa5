package explore

import "math/bits"

// table maps the positions' hashes to their ids by open addressing in one
// flat array: no pointers, so that millions of positions cost 16 bytes
// each at most twice over and nothing for the garbage collector to scan,
// and a lookup one miss of the processor's cache. While the tree is
// built, a slot also holds the position's first move. The table has any
// number of slots, a slot's place taken from the high bits of the
// product of the mixed hash by the number of slots: a table of a power of
// two of slots would be half empty for many files (2.2 million positions
// took 4 million slots, 64 MB, where 3 million hold them).
type table struct {
	slots []posSlot
	n     int
}

// posSlot is a slot of a table: a position's hash (0: an empty slot), its
// id, and while the tree is built its first move (an index in the
// builder's edges; noEdge: none yet).
type posSlot struct {
	key      uint64
	id, head uint32
}

// noEdge marks the end of a position's moves, and a ply that plays no
// move.
const noEdge = ^uint32(0)

// mix spreads the bits of a key over the slot index.
func mix(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	return k ^ k>>29
}

// at returns the index of the slot where the position of hash k is looked
// for first, in a table of size slots.
func at(k uint64, size int) int {
	i, _ := bits.Mul64(mix(k), uint64(size))
	return int(i)
}

// probe returns the slot looked at after slot i, in a table of size
// slots.
func probe(i, size int) int {
	if i++; i == size {
		return 0
	}
	return i
}

// find returns the id of the position of hash k, and whether it is there.
func (t *table) find(k uint64) (uint32, bool) {
	if len(t.slots) == 0 {
		return 0, false
	}
	for i := at(k, len(t.slots)); ; {
		switch t.slots[i].key {
		case k:
			return t.slots[i].id, true
		case 0:
			return 0, false
		}
		i = probe(i, len(t.slots))
	}
}

// home returns the slot where the position of hash k is looked for
// first; the table must have slots.
func (t *table) home(k uint64) *posSlot {
	return &t.slots[at(k, len(t.slots))]
}

// slot returns the slot of the position of hash k, adding it with the
// next id when it is new.
func (t *table) slot(k uint64) *posSlot {
	if 4*(t.n+1) > 3*len(t.slots) {
		t.resize(len(t.slots))
	}
	for i := at(k, len(t.slots)); ; {
		s := &t.slots[i]
		if s.key == k {
			return s
		}
		if s.key == 0 {
			*s = posSlot{key: k, id: uint32(t.n), head: noEdge}
			t.n++
			return s
		}
		i = probe(i, len(t.slots))
	}
}

// reserve makes room for n positions.
func (t *table) reserve(n int) {
	if 3*len(t.slots) < 4*n {
		t.resize(n)
	}
}

// resize makes the table 3/2 n slots large (1024 at least): room for 9/8
// n positions.
func (t *table) resize(n int) {
	size := max(1024, n+(n+1)/2)
	old := t.slots
	t.slots = make([]posSlot, size)
	for _, s := range old {
		if s.key != 0 {
			i := at(s.key, size)
			for t.slots[i].key != 0 {
				i = probe(i, size)
			}
			t.slots[i] = s
		}
	}
}
