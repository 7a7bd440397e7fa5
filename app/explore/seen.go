package explore

import (
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

// maxSeenPlies is how many plies of games the builder keeps: 64 MB, the
// games of a file of 100,000 games. A file that repeats games repeats
// those of its first part at least as much as the others; a file that
// does not only loses the memory.
const maxSeenPlies = 1 << 23

// seenNew marks the plies of a kept game that reach a position for the
// first time in the game.
const seenNew = 1 << 31

// seenFlag is seenNew for a ply of flags newPos.
func seenFlag(flags uint8) uint32 {
	if flags&newPos != 0 {
		return seenNew
	}
	return 0
}

// seenPly is a ply of a kept game: its position id (with seenNew) and the
// move it counts in (noEdge: none, the game had played it from there
// already or the game ends).
type seenPly struct{ pos, edge uint32 }

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
	plies []seenPly
	max   int
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

// room tells whether a game of n plies can be kept.
func (c *gameCache) room(n int) bool { return len(c.plies)+n <= c.max }

// keep makes the game number, whose n plies were just added to plies, a
// kept game.
func (c *gameCache) keep(key uint64, n, number int) {
	c.mu.Lock()
	c.index[key] = len(c.games)
	c.mu.Unlock()
	c.games = append(c.games, seenGame{from: len(c.plies) - n, to: len(c.plies), number: uint32(number)})
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
		for i, p := range c.plies[sg.from:sg.to] {
			if p.edge == noEdge {
				continue
			}
			// White moves first: the plies of even index are White's.
			again := edge{games: sg.games, white: sg.white, draws: sg.draws, black: sg.black,
				eloN: sg.eloN[i&1], eloSum: sg.eloSum[i&1]}
			edges.count(p.edge, &again)
		}
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
		for _, p := range c.plies[sg.from:sg.to] {
			if p.pos&seenNew != 0 {
				totals[p.pos&^seenNew] += sg.games
			}
		}
	}
	return totals
}
