package explore

import (
	"slices"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// Replaying a game means finding, for each move as written, the legal
// move it names: most of the work of building a tree. A game whose moves
// the builder has seen already in an earlier game is not replayed at all
// (seen.go). Games of a file share their openings, so each replaying
// goroutine keeps a cache of the opening moves it found: by position and
// text ("Nf3" after 1. e4 e5), the move, the position it leads to and
// whether it was a capture or a pawn move. A game whose first moves are
// in the cache is replayed from where the cache leaves off
// (game.Walker.WalkKnown).
//
// A move is cached only once a whole game with it was read without
// error, so what the cache says is what replaying would find: the same
// text in the same position names the same move.

// cacheSlots is the size of a replaying goroutine's cache: 3 MB, room
// for the opening moves of tens of thousands of games (twice as many
// save the corpus's build 3 % of its time, for 3 MB more by goroutine).
const cacheSlots = 1 << 17

// cachePlies is how deep into a game the cache goes. Games part ways in
// their first moves: past them nearly every position is new, and a
// cached move would cost a miss of the processor's cache to save little
// (Walker resolves a move in about as long), while filling the cache with
// moves never met again.
const cachePlies = 24

// cacheSlot is a move of the cache; key 0 marks an empty slot.
type cacheSlot struct {
	key, next uint64 // hash of position and text; hash after the move
	move      uint16
	reset     bool // a capture or a pawn move
}

// moveCache is the cache of a replaying goroutine. Once at its largest
// and full it takes no more moves: those of the first games, the openings most of all, stay.
type moveCache struct {
	slots []cacheSlot
	n     int
}

// cacheKey is the key of text s in the position of hash h.
func cacheKey(h uint64, s string) uint64 {
	k := h
	for i := 0; i < len(s); i++ {
		k = (k ^ uint64(s[i])) * 0x100000001b3
	}
	k = mix(k)
	if k == 0 {
		k = 1
	}
	return k
}

func (c *moveCache) get(key uint64) (*cacheSlot, bool) {
	if c.slots == nil {
		return nil, false
	}
	mask := len(c.slots) - 1
	for i := int(key) & mask; ; i = (i + 1) & mask {
		s := &c.slots[i]
		if s.key == key || s.key == 0 {
			return s, s.key == key
		}
	}
}

func (c *moveCache) put(slot cacheSlot) {
	if 4*(c.n+1) > 3*len(c.slots) {
		if len(c.slots) == cacheSlots {
			return
		}
		// It starts small and grows: a small file needs little.
		old := c.slots
		c.slots = make([]cacheSlot, max(1<<12, 2*len(old)))
		for _, s := range old {
			if s.key != 0 {
				e, _ := c.get(s.key)
				*e = s
			}
		}
	}
	if s, found := c.get(slot.key); !found {
		*s = slot
		c.n++
	}
}

// replayer replays games for a tree: one per goroutine.
type replayer struct {
	w     game.Walker
	cache moveCache
	seen  *gameCache
	z     boardHasher
	start uint64 // hash of the standard start position
	// The keys of a batch's games, and which ones the builder has kept.
	keys []uint64
	hits []bool
	// Scratch space for a game: its known moves, their hashes, and the
	// moves found, with whether each was a capture or a pawn move.
	known  []game.Move
	hashes []uint64
	resets []bool
}

func newReplayer(seen *gameCache) *replayer {
	p, err := game.ParseFEN(game.StartFEN)
	if err != nil {
		panic(err)
	}
	return &replayer{start: hashOf(&p), seen: seen}
}

// replay adds the records of the batch's games. A game the builder has
// kept already is not replayed: its record says so.
func (r *replayer) replay(bt *batch) {
	r.keys = r.keys[:0]
	for _, pg := range bt.games {
		r.keys = append(r.keys, gameKey(pg))
	}
	r.hits = slices.Grow(r.hits[:0], len(r.keys))[:len(r.keys)]
	r.seen.known(r.keys, r.hits)
	for i, pg := range bt.games {
		rec := record{from: len(bt.plies), skipped: pg == nil, key: r.keys[i], known: r.hits[i], offset: bt.offsets[i]}
		if pg != nil {
			if !rec.known {
				rec.skipped = !r.game(bt, &rec, pg)
			}
			if rec.skipped {
				bt.plies = bt.plies[:rec.from]
			} else {
				rec.result = resultOf(pg.Tag("Result"))
				rec.elo = [2]uint16{eloOf(pg.Tag("WhiteElo")), eloOf(pg.Tag("BlackElo"))}
			}
		}
		rec.to = len(bt.plies)
		bt.recs = append(bt.recs, rec)
	}
	clear(bt.games) // the games are not needed any more
}

// game adds the plies of pg to the batch, and reports whether pg could
// be read.
func (r *replayer) game(bt *batch, rec *record, pg *pgn.Game) bool {
	_, setUp := pg.LookupTag("FEN")
	_, variant := pg.LookupTag("Variant")
	cacheable := !setUp && !variant
	r.known, r.hashes = r.known[:0], r.hashes[:0]
	variations := false
	if cacheable {
		// The moves the cache knows, from the start.
		h, since := r.start, 0
		for _, pm := range pg.Moves {
			variations = variations || len(pm.Variations) > 0
			if len(r.known) == cachePlies {
				break
			}
			s, ok := r.cache.get(cacheKey(h, pm.SAN))
			if !ok {
				break
			}
			r.known = append(r.known, decodeMove(s.move))
			bt.addPly(rec.from, h, s.move, since)
			since++
			if s.reset {
				since = 0
			}
			r.hashes = append(r.hashes, h)
			h = s.next
		}
		if len(r.known) == len(pg.Moves) && !variations {
			bt.addPly(rec.from, h, 0, since)
			return true
		}
		bt.plies = bt.plies[:rec.from]
	}
	r.resets = r.resets[:0]
	r.z.reset()
	end, err := r.w.WalkKnown(pg, r.known, func(p *game.Position, m game.Move) {
		i := len(bt.plies) - rec.from
		if i == 0 {
			rec.black = p.Turn == game.Black
		}
		var h uint64
		if i < len(r.hashes) {
			h = r.hashes[i]
		} else {
			h = r.z.hash(p)
			r.hashes = append(r.hashes, h)
		}
		bt.addPly(rec.from, h, encodeMove(m), p.HalfMoves)
		r.resets = append(r.resets, p.Board[m.From].Kind() == game.Pawn || p.Board[m.To] != game.NoPiece)
	})
	if err != nil {
		return false
	}
	h := r.z.hash(&end)
	bt.addPly(rec.from, h, 0, end.HalfMoves)
	if cacheable {
		r.hashes = append(r.hashes, h)
		plies := bt.plies[rec.from:]
		for i := len(r.known); i < min(len(pg.Moves), cachePlies); i++ {
			r.cache.put(cacheSlot{key: cacheKey(r.hashes[i], pg.Moves[i].SAN), next: r.hashes[i+1], move: plies[i].move, reset: r.resets[i]})
		}
	}
	return true
}

// addPly adds the position of hash h and move m (0 at the end of the
// line) of the game whose plies start at from, marking whether the game
// has been there and played m before. Only the positions since the last
// capture or pawn move, halfMoves plies ago, can be the same.
func (bt *batch) addPly(from int, h uint64, m uint16, halfMoves int) {
	flags := uint8(newPos | newEdge)
	back := max(from, len(bt.plies)-halfMoves)
	for _, q := range bt.plies[back:] {
		if q.hash == h {
			flags &^= newPos
			if q.move == m {
				flags &^= newEdge
			}
		}
	}
	bt.plies = append(bt.plies, ply{hash: h, move: m, flags: flags})
}
