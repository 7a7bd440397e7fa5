package pgn

// chunkMoves is the number of moves in a block of a moveStore.
const chunkMoves = 128

// moveStore allocates moves in blocks, which games read one after the
// other share: this spares an allocation per move without wasting the end
// of a block per game. A game kept alive keeps alive the blocks its moves
// are in (16 KB each), and with them the moves of the games next to it.
//
// A reader whose games are done with may recycle its blocks (reuse):
// until then it keeps every block it filled.
type moveStore struct {
	chunk  []Move
	blocks [][]Move // the blocks filled since the last recycle, when reuse
	next   int      // the block of blocks that add takes next
	reuse  bool
}

// add returns a new move.
func (s *moveStore) add() *Move {
	if len(s.chunk) == 0 {
		s.chunk = s.block()
	}
	m := &s.chunk[0]
	s.chunk = s.chunk[1:]
	return m
}

// block returns an empty block: a recycled one when there is one.
func (s *moveStore) block() []Move {
	if !s.reuse {
		return make([]Move, chunkMoves)
	}
	if s.next == len(s.blocks) {
		s.blocks = append(s.blocks, make([]Move, chunkMoves))
	}
	b := s.blocks[s.next]
	s.next++
	return b
}

// recycle makes the blocks filled so far serve the next moves, empty.
func (s *moveStore) recycle() {
	for _, b := range s.blocks[:s.next] {
		clear(b)
	}
	s.next, s.chunk, s.reuse = 0, nil, true
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
