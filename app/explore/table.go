package explore

// table maps the positions' hashes to their ids by open addressing in one
// flat array: no pointers, so that millions of positions cost 16 bytes
// each at most twice over and nothing for the garbage collector to scan,
// and a lookup one miss of the processor's cache. While the tree is
// built, a slot also holds the position's first move.
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

// find returns the id of the position of hash k, and whether it is there.
func (t *table) find(k uint64) (uint32, bool) {
	if len(t.slots) == 0 {
		return 0, false
	}
	mask := len(t.slots) - 1
	for i := int(mix(k)) & mask; ; i = (i + 1) & mask {
		switch t.slots[i].key {
		case k:
			return t.slots[i].id, true
		case 0:
			return 0, false
		}
	}
}

// home returns the slot where the position of hash k is looked for
// first; the table must have slots.
func (t *table) home(k uint64) *posSlot {
	return &t.slots[int(mix(k))&(len(t.slots)-1)]
}

// slot returns the slot of the position of hash k, adding it with the
// next id when it is new.
func (t *table) slot(k uint64) *posSlot {
	if 4*(t.n+1) > 3*len(t.slots) {
		t.resize(len(t.slots))
	}
	mask := len(t.slots) - 1
	for i := int(mix(k)) & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.key == k {
			return s
		}
		if s.key == 0 {
			*s = posSlot{key: k, id: uint32(t.n), head: noEdge}
			t.n++
			return s
		}
	}
}

// reserve makes room for n positions.
func (t *table) reserve(n int) {
	if 3*len(t.slots) < 4*n {
		t.resize(n)
	}
}

// resize makes the table large enough for 3/2 n positions.
func (t *table) resize(n int) {
	size := 1024
	for 2*size < 3*n {
		size *= 2
	}
	old := t.slots
	t.slots = make([]posSlot, size)
	mask := len(t.slots) - 1
	for _, s := range old {
		if s.key != 0 {
			i := int(mix(s.key)) & mask
			for t.slots[i].key != 0 {
				i = (i + 1) & mask
			}
			t.slots[i] = s
		}
	}
}
