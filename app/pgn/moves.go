package pgn

// chunkMoves is the number of moves in a block of a moveStore.
const chunkMoves = 128

// moveStore allocates moves in blocks, which games read one after the
// other share: this spares an allocation per move without wasting the end
// of a block per game. A game kept alive keeps alive the blocks its moves
// are in (16 KB each), and with them the moves of the games next to it.
type moveStore struct {
	chunk []Move
}

// add returns a new move.
func (s *moveStore) add() *Move {
	if len(s.chunk) == 0 {
		s.chunk = make([]Move, chunkMoves)
	}
	m := &s.chunk[0]
	s.chunk = s.chunk[1:]
	return m
}

// internSize is the number of strings an interner holds.
const internSize = 1 << 12

// interner shares the strings of moves: most games use a few hundred
// distinct moves. It is a direct-mapped cache, which costs a hash and a
// comparison per move.
type interner [internSize]string

// get returns b as a string, the one already held when possible.
func (in *interner) get(b []byte) string {
	h := uint32(2166136261)
	for _, c := range b {
		h = (h ^ uint32(c)) * 16777619
	}
	e := &in[h%internSize]
	if *e != string(b) {
		*e = string(b)
	}
	return *e
}
