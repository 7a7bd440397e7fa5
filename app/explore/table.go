package explore

// table maps non-zero 64-bit keys to 32-bit values by open addressing:
// two flat arrays, no pointers, so that millions of positions cost 12
// bytes each at most twice over and nothing for the garbage collector to
// scan.
type table struct {
	keys []uint64 // 0: empty slot
	vals []uint32
	n    int
}

// mix spreads the bits of a key over the slot index: edge keys are made
// of small numbers.
func mix(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	return k ^ k>>29
}

// find returns the value of k and true, or the slot where k belongs and
// false.
func (t *table) find(k uint64) (uint32, int, bool) {
	mask := len(t.keys) - 1
	for i := int(mix(k)) & mask; ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			return t.vals[i], i, true
		case 0:
			return 0, i, false
		}
	}
}

// get returns the value of k, adding k with value v when it is not
// there yet; added tells which.
func (t *table) get(k uint64, v uint32) (val uint32, added bool) {
	if 4*(t.n+1) > 3*len(t.keys) {
		t.grow()
	}
	val, slot, ok := t.find(k)
	if ok {
		return val, false
	}
	t.keys[slot], t.vals[slot] = k, v
	t.n++
	return v, true
}

// reserve makes room for n keys.
func (t *table) reserve(n int) {
	if 3*len(t.keys) < 4*n {
		t.resize(n)
	}
}

func (t *table) grow() { t.resize(len(t.keys)) }

// resize makes the table large enough for 3/2 n keys.
func (t *table) resize(n int) {
	old, oldVals := t.keys, t.vals
	size := 1024
	for 2*size < 3*n {
		size *= 2
	}
	t.keys, t.vals = make([]uint64, size), make([]uint32, size)
	for i, k := range old {
		if k != 0 {
			_, slot, _ := t.find(k)
			t.keys[slot], t.vals[slot] = k, oldVals[i]
		}
	}
}
