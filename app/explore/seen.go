package explore

import (
	"sync"

	"github.com/echiquier/echiquier/app/pgn"
)

// Large files hold the same games more than once: a database merged from
// others, a tournament's games in two files put together. The builder
// keeps the first games it reads (up to maxKept of them) by a hash of
// their moves; a game with the same moves is then neither replayed nor
// recorded position by position: its number goes on the list of the
// kept game's repeats, and its result and ratings are added to the
// kept game's repeats' counts, which the tree adds to the kept game's
// moves. A file of the same games over and over costs a number a game
// where it would cost a record a ply.
//
// Only a game whose replay depends on its moves alone is kept or
// recognised: from the standard start position (no FEN or Variant tag),
// without variations (they could make an identical main line
// unreadable). The same moves, as written, then give the same positions.
// Two different games share a key with the chance of two positions
// sharing a hash (see key.go).

// maxKept is how many games the builder keeps: 1,048,576, some 40 MB at
// most. A file that repeats games repeats those of its first part at
// least as much as the others.
const maxKept = 1 << 20

// keptGame is a kept game: its number, and the index of its repeats'
// counts in gameCache.reps (-1: none came again yet).
type keptGame struct {
	number uint32
	reps   int32
}

// gameCache holds the kept games. The builder's goroutine alone changes
// it; the replaying goroutines ask whether a game is there (known), under
// mu, which guards index.
type gameCache struct {
	mu    sync.RWMutex
	index map[uint64]int // game key -> games[i]
	games []keptGame
	reps  []repStats
	max   int
	// repeated tells, by game number, the kept games that came again
	// (a bit a game), which counts tells of: the merge asks it at each
	// record.
	repeated []uint64
	counts   map[uint32]*repStats
}

func newGameCache(max int) *gameCache {
	return &gameCache{index: map[uint64]int{}, max: max}
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

// keep keeps game number of key, if there is room.
func (c *gameCache) keep(key uint64, number int) {
	if len(c.games) == c.max {
		return
	}
	c.mu.Lock()
	c.index[key] = len(c.games)
	c.mu.Unlock()
	c.games = append(c.games, keptGame{number: uint32(number), reps: -1})
}

// again records game number, of record rec, that has the moves of kept
// game g. Its number goes on the list of g's repeats, not on the lists
// of g's positions.
func (c *gameCache) again(g int, rec *record, number int, repeats *listBuilder) error {
	kg := &c.games[g]
	if err := repeats.add(uint32(g), uint32(number)); err != nil {
		return err
	}
	if kg.reps < 0 {
		kg.reps = int32(len(c.reps))
		c.reps = append(c.reps, repStats{})
	}
	s := &c.reps[kg.reps]
	s.games++
	switch rec.result {
	case whiteWins:
		s.white++
	case draw:
		s.draws++
	case blackWins:
		s.black++
	}
	for mover, elo := range rec.elo {
		if elo != 0 {
			s.eloN[mover]++
			s.eloSum[mover] += uint64(elo)
		}
	}
	return nil
}

// settle makes, once the file is read, what the merge asks of the kept
// games that came again, in a file of games games.
func (c *gameCache) settle(games int) {
	c.repeated = make([]uint64, games/64+1)
	c.counts = make(map[uint32]*repStats, len(c.reps))
	for i := range c.games {
		if kg := &c.games[i]; kg.reps >= 0 {
			c.repeated[kg.number/64] |= 1 << (kg.number % 64)
			c.counts[kg.number] = &c.reps[kg.reps]
		}
	}
	c.index = nil
}

// repeatsOf returns the counts of the games that had the moves of game
// number, or nil.
func (c *gameCache) repeatsOf(number uint32) *repStats {
	if c.repeated[number/64]&(1<<(number%64)) == 0 {
		return nil
	}
	return c.counts[number]
}
