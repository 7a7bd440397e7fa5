package explore

import (
	"encoding/binary"
	"slices"
	"sync"

	"github.com/echiquier/echiquier/app/pgn"
)

// Large files hold the same games more than once: a database merged from
// others, a tournament's games in two files put together. The builder
// keeps the first games it reads (up to maxSeenPlies plies in all) as the
// positions and moves it found for them, by a hash of their moves; a game
// with the same moves is then neither replayed nor looked up position by
// position: its number goes on the game lists of the kept positions, and
// its result and ratings are added to the kept game's, to be counted in
// its moves once the file is read.
//
// Only a game whose replay depends on its moves alone is kept or
// recognised: from the standard start position (no FEN or Variant tag),
// without variations (they could make an identical main line
// unreadable). The same moves, as written, then give the same positions.
// Two different games share a key with the chance of two positions
// sharing a hash (see key.go).

// maxSeenPlies is how many plies of games the builder keeps, the games of
// a file of 100,000 games, in 64 MB at most (8 bytes a ply; they take two
// or three, see gameCache.plies). A file that repeats games repeats those
// of its first part at least as much as the others; a file that does not
// only loses the memory.
const maxSeenPlies = 1 << 23

// maxPlyBytes is the most bytes a ply of a kept game takes: two varints
// of 34 bits at most.
const maxPlyBytes = 10

// seenGame is a kept game, with the results and ratings of the later
// games that had the same moves.
type seenGame struct {
	from, to                   int    // its plies, in gameCache.plies
	number                     uint32 // its number in the file
	games, white, draws, black uint32
	eloN                       [2]uint32 // by player: 0 White, 1 Black
	eloSum                     [2]uint64
}

// gameCache holds the kept games. The builder's goroutine alone changes
// it; the replaying goroutines ask whether a game is there (known), under
// mu, which guards index.
type gameCache struct {
	mu    sync.RWMutex
	index map[uint64]int // game key -> games[i]
	games []seenGame
	// plies holds the plies of the kept games, each its position id
	// and the move it counts in (noEdge: none, the game had played it
	// from there already or the game ends) as two varints: the gap
	// from the game's position before (zigzag), times two, plus 1 when
	// the game reaches the position for the first time; then 0 for no
	// move, or 1 plus the gap from the game's move counted before
	// (zigzag). Past its first moves a game reaches new positions by new
	// moves, whose ids follow each other: a ply takes two or three bytes
	// instead of eight.
	plies []byte
	// n counts the plies kept, at most max; the game being kept starts
	// at from in plies, its last position and move were pos and edge.
	n, max          int
	from            int
	lastPos, lastEd uint32
}

func newGameCache(maxPlies int) *gameCache {
	return &gameCache{index: map[uint64]int{}, max: maxPlies}
}

// gameKey returns the key of a game that can be kept, 0 for any other.
func gameKey(pg *pgn.Game) uint64 {
	if pg == nil {
		return 0
	}
	if _, ok := pg.LookupTag("FEN"); ok {
		return 0
	}
	if _, ok := pg.LookupTag("Variant"); ok {
		return 0
	}
	// FNV-1a over the moves, each ended by a space (which no move has).
	k := uint64(0xcbf29ce484222325)
	for _, pm := range pg.Moves {
		if len(pm.Variations) > 0 {
			return 0
		}
		for i := 0; i < len(pm.SAN); i++ {
			k = (k ^ uint64(pm.SAN[i])) * 0x100000001b3
		}
		k = (k ^ ' ') * 0x100000001b3
	}
	k = mix(k ^ uint64(len(pg.Moves)))
	if k == 0 {
		k = 1
	}
	return k
}

// known sets hit[i] when the game of keys[i] is kept.
func (c *gameCache) known(keys []uint64, hit []bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	for i, k := range keys {
		_, hit[i] = c.index[k]
	}
}

// lookup returns the kept game of key; only for the builder's goroutine,
// which needs no lock to read what only it changes.
func (c *gameCache) lookup(key uint64) (int, bool) {
	g, ok := c.index[key]
	return g, ok
}

// room tells whether a game of n plies can be kept: max plies, in 8
// bytes a ply at most.
func (c *gameCache) room(n int) bool {
	return c.n+n <= c.max && len(c.plies)+maxPlyBytes*n <= 8*c.max
}

// start starts the plies of a game to keep.
func (c *gameCache) start() {
	c.from, c.lastPos, c.lastEd = len(c.plies), 0, 0
}

// ply adds a ply to the game being kept: its position id, whether the
// game reaches it for the first time, and the move it counts in.
func (c *gameCache) ply(pos uint32, first bool, edge uint32) {
	v := zigzag(pos, c.lastPos) << 1
	if first {
		v |= 1
	}
	c.plies = binary.AppendUvarint(c.plies, v)
	c.lastPos = pos
	if edge == noEdge {
		c.plies = append(c.plies, 0)
		return
	}
	c.plies = binary.AppendUvarint(c.plies, zigzag(edge, c.lastEd)+1)
	c.lastEd = edge
}

// zigzag codes the gap from was to v, small whether it is up or down.
func zigzag(v, was uint32) uint64 {
	d := int64(v) - int64(was)
	return uint64(d<<1) ^ uint64(d>>63)
}

// unzigzag returns the value of gap z from was.
func unzigzag(z uint64, was uint32) uint32 {
	return uint32(int64(was) + (int64(z>>1) ^ -int64(z&1)))
}

// keep makes the game number, whose n plies were just added (start,
// ply), a kept game.
func (c *gameCache) keep(key uint64, n, number int) {
	c.mu.Lock()
	c.index[key] = len(c.games)
	c.mu.Unlock()
	c.games = append(c.games, seenGame{from: c.from, to: len(c.plies), number: uint32(number)})
	c.n += n
}

// eachPly calls f with the plies of the kept game sg, in order: the
// ply's index in the game, its position id, whether the game reached it
// for the first time, and the move it counts in (noEdge: none).
func (c *gameCache) eachPly(sg *seenGame, f func(i int, pos uint32, first bool, edge uint32)) {
	b := c.plies[sg.from:sg.to]
	pos, ed := uint32(0), uint32(0)
	for i := 0; len(b) > 0; i++ {
		v, k := binary.Uvarint(b)
		b = b[k:]
		pos = unzigzag(v>>1, pos)
		e, k := binary.Uvarint(b)
		b = b[k:]
		edge := noEdge
		if e != 0 {
			ed = unzigzag(e-1, ed)
			edge = ed
		}
		f(i, pos, v&1 != 0, edge)
	}
}

// again records game number, of record rec, that has the moves of kept
// game g. Its number goes on the list of g's repeats, not on the lists
// of g's positions: a file of the same games over and over would have
// as many numbers as plies, hundreds of millions, where it has one a
// game (see Tree.reps).
func (c *gameCache) again(g int, rec *record, number int, repeats *listBuilder) error {
	sg := &c.games[g]
	if err := repeats.add(uint32(g), uint32(number)); err != nil {
		return err
	}
	sg.games++
	switch rec.result {
	case whiteWins:
		sg.white++
	case draw:
		sg.draws++
	case blackWins:
		sg.black++
	}
	for mover, elo := range rec.elo {
		if elo != 0 {
			sg.eloN[mover]++
			sg.eloSum[mover] += uint64(elo)
		}
	}
	return nil
}

// count adds the games that came again to the moves of the games they
// repeat.
func (c *gameCache) count(edges *edgeTable) {
	for _, sg := range c.games {
		if sg.games == 0 {
			continue
		}
		c.eachPly(&sg, func(i int, _ uint32, _ bool, e uint32) {
			if e == noEdge {
				return
			}
			// White moves first: the plies of even index are White's.
			again := edge{games: sg.games, white: sg.white, draws: sg.draws, black: sg.black,
				eloN: sg.eloN[i&1], eloSum: sg.eloSum[i&1]}
			edges.count(e, &again)
		})
	}
}

// totals returns the number of games that reach each position, from
// listed, the lengths of the positions' lists: the kept games' repeats
// are on none.
func (c *gameCache) totals(listed []uint32) []uint32 {
	totals := slices.Clone(listed)
	for _, sg := range c.games {
		if sg.games == 0 {
			continue
		}
		c.eachPly(&sg, func(_ int, pos uint32, first bool, _ uint32) {
			if first {
				totals[pos] += sg.games
			}
		})
	}
	return totals
}
