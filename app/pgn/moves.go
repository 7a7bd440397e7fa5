package pgn

// chunkMoves is the number of moves in a block of a moveStore.
const chunkMoves = 256

// moveStore allocates the moves of a game. While the game is read, its
// moves live in blocks reused from game to game, each move's Line holding
// its index; settle then copies them to one block of the exact size. This
// spares both many small allocations and the waste of growing blocks.
type moveStore struct {
	chunks [][]Move
	lines  []int // the real Line of each move
}

// add returns a new move at the given line.
func (s *moveStore) add(line int) *Move {
	n := len(s.lines)
	c := n / chunkMoves
	if c == len(s.chunks) {
		s.chunks = append(s.chunks, make([]Move, chunkMoves))
	}
	m := &s.chunks[c][n%chunkMoves]
	m.Line = n
	s.lines = append(s.lines, line)
	return m
}

// settle moves the game's moves to their final block, and makes the tree
// whose main line is main point to them. The store is then empty.
func (s *moveStore) settle(main []*Move) {
	n := len(s.lines)
	if n == 0 {
		return
	}
	moves := make([]Move, n)
	for c := 0; c*chunkMoves < n; c++ {
		copy(moves[c*chunkMoves:], s.chunks[c][:min(chunkMoves, n-c*chunkMoves)])
	}
	relink(moves, main)
	for i := range moves {
		for _, v := range moves[i].Variations {
			relink(moves, v)
		}
	}
	for i := range moves {
		moves[i].Line = s.lines[i]
	}
	for c := 0; c*chunkMoves < n; c++ {
		clear(s.chunks[c][:min(chunkMoves, n-c*chunkMoves)])
	}
	s.lines = s.lines[:0]
}

// relink makes a line point to the final moves.
func relink(moves []Move, line []*Move) {
	for i, m := range line {
		line[i] = &moves[m.Line]
	}
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
