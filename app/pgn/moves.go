package pgn

// chunkMoves and chunkLines are the number of moves and of move pointers
// in a block.
const (
	chunkMoves = 128
	chunkLines = 1024
)

// blockStore allocates values in blocks, which games read one after the
// other share: this spares an allocation per move, and a main line grown
// in the parser's own room is copied once at its length instead of each
// game growing a slice of its own, without wasting the end of a block per
// game. A game kept alive keeps alive the blocks its moves and its line
// are in (16 and 8 KB), and with them those of the games next to it.
//
// A reader whose games are done with may recycle its blocks (reuse):
// until then it keeps every block it filled.
type blockStore[T any] struct {
	chunk  []T
	blocks [][]T // the blocks filled since the last recycle, when reuse
	next   int   // the block of blocks that take takes next
	reuse  bool
}

// take returns n new values, from a block of at least size. Its capacity
// is its length: an append to it does not reach the next game's values.
func (s *blockStore[T]) take(n, size int) []T {
	if n > len(s.chunk) {
		s.chunk = s.block(max(n, size))
	}
	v := s.chunk[:n:n]
	s.chunk = s.chunk[n:]
	return v
}

// block returns an empty block of at least n values: a recycled one when
// there is one that large.
func (s *blockStore[T]) block(n int) []T {
	if !s.reuse {
		return make([]T, n)
	}
	for s.next < len(s.blocks) && len(s.blocks[s.next]) < n {
		s.next++ // too short for so long a line: left for the next round
	}
	if s.next == len(s.blocks) {
		s.blocks = append(s.blocks, make([]T, n))
	}
	b := s.blocks[s.next]
	s.next++
	return b
}

// recycle makes the blocks filled so far serve the next games, empty.
func (s *blockStore[T]) recycle() {
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
