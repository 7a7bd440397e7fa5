// Package explore builds the opening tree of a whole PGN file: for every
// position reached along the main lines of its games, the moves played
// from it with how often and how they scored, and the games that reached
// it.
//
// Positions are known by a 64-bit hash (see key.go). The tree is a file
// (write.go), kept in the user's cache (BuildCached) or for as long as
// the tree is open, and read as queries need it: a tree of millions of
// games holds a few hundred kilobytes in memory, and a query reads a
// page or two of its file. The positions reached by several games have a
// record each, found by their hash; those reached by one game, most of a
// file of different games, are found by replaying their game from the
// PGN file (fuse.go). The file is built in bounded memory whatever the
// PGN file holds (runs.go).
//
// The package knows nothing of the user interface. Build reports its
// progress and stops when its context is done; a Tree is never changed
// once built and may be queried from any goroutine.
package explore

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"io"
	bits64 "math/bits"
	"os"
	"slices"
	"sort"
	"sync"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// MoveStat is what the games of a file did from a position with one
// move.
type MoveStat struct {
	// UCI and SAN are the move ("g1f3", "Nf3").
	UCI, SAN string
	// Games is the number of games that played it from the position
	// (once per game, even when the game came back to the position), and
	// WhiteWins, Draws and BlackWins how those games ended, by their
	// Result tag; games without a result ("*" or none) count in Games
	// only.
	Games, WhiteWins, Draws, BlackWins int
	// AvgElo is the average rating of the player who made the move, over
	// the Rated games whose WhiteElo or BlackElo tag gives it; 0 when
	// none does.
	AvgElo, Rated int
}

// edge is a move from a position, with its statistics.
type edge struct {
	move                             uint16
	games, white, draws, black, eloN uint64
	eloSum                           uint64
}

// count adds what a game of result whose mover is rated elo (0: not)
// adds to a move.
func (e *edge) count(result uint8, elo uint16) {
	e.games++
	switch result {
	case whiteWins:
		e.white++
	case draw:
		e.draws++
	case blackWins:
		e.black++
	}
	if elo != 0 {
		e.eloN++
		e.eloSum += uint64(elo)
	}
}

// again adds what the games that had the moves of a game again add to
// its move, made by mover.
func (e *edge) again(s *repStats, mover int) {
	e.games += uint64(s.games)
	e.white += uint64(s.white)
	e.draws += uint64(s.draws)
	e.black += uint64(s.black)
	e.eloN += uint64(s.eloN[mover])
	e.eloSum += s.eloSum[mover]
}

// repStats is what the games that had the moves of an earlier game
// again add to its counts.
type repStats struct {
	games, white, draws, black uint32
	eloN                       [2]uint32 // by player: 0 White, 1 Black
	eloSum                     [2]uint64
}

// Tree is the opening tree of a PGN file.
type Tree struct {
	file   io.ReaderAt // the tree's file
	closer io.Closer   // of file
	body   body
	// The tables (see write.go).
	posKeys []uint64
	posAt   []uint32 // first page of each block of positions, and the end
	chunks  []chunk
	repKeys []uint32
	repAt   []uint32
	gameAt  []int64 // where each block of games starts in the PGN file
	shift   uint    // a block of games has 1<<shift of them
	// listsEnd is the end of the game lists in the body; withListed says
	// that games came again, whose records say how many of a position's
	// games are on its own list.
	listsEnd   int64
	withListed bool
	// pgn is the PGN file, of pgnSize bytes, from which the games of the
	// positions reached by one game are replayed.
	pgn     *os.File
	pgnSize int64
	// cacheName is the name of the tree's file in the cache, "" when it
	// is not kept there: the file is removed when it is found damaged,
	// for the tree to be built again.
	cacheName string
	// source is the key of the PGN file the tree is of, as it was when
	// the build started; content the CRC-64 of its bytes as the build
	// read them.
	source  sourceKey
	content uint64

	games, skipped, positions, shared int
	// repeats counts the games recognised as having the moves of an
	// earlier one, for the tests.
	repeats int

	mu     sync.Mutex // guards what follows
	replay *replayer
	recent []*replayed // the blocks of games replayed last, the last first
	// pages holds the blocks of the body read last, the last first: the
	// positions of a game are looked up one after the other, and most
	// are in a few blocks.
	pages []readPages
	// last is the position looked up last, of hash lastHash: its moves,
	// its count and its games are asked for one after the other.
	last     position
	lastHash uint64
}

// readPages are bytes of the body read and checked.
type readPages struct {
	at   int64
	data []byte
}

// recentPages is how many blocks of the body a tree keeps: 32, 128 KB
// for most.
const recentPages = 32

// readBlock returns the bytes [at, at+n) of the body, read and checked,
// from those read last when they are there. They must not be changed.
func (t *Tree) readBlock(at, n int64) ([]byte, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for k, p := range t.pages {
		if p.at == at && int64(len(p.data)) == n {
			copy(t.pages[1:k+1], t.pages[:k])
			t.pages[0] = p
			return p.data, nil
		}
	}
	var buf []byte
	if len(t.pages) == recentPages {
		buf = t.pages[recentPages-1].data[:0]
	} else {
		t.pages = append(t.pages, readPages{})
	}
	data, err := t.body.read(buf, at, n)
	if err != nil {
		t.pages = t.pages[:len(t.pages)-1]
		return nil, err
	}
	copy(t.pages[1:], t.pages)
	t.pages[0] = readPages{at: at, data: data}
	return data, nil
}

// Len returns the number of games read, readable or not.
func (t *Tree) Len() int { return t.games }

// Skipped returns the number of games that could not be read (a syntax
// error, an illegal move, a variant...): they are in no position's
// counts.
func (t *Tree) Skipped() int { return t.skipped }

// Positions returns the number of distinct positions in the tree.
func (t *Tree) Positions() int { return t.positions }

// Close releases the tree's files. The tree must not be queried after.
func (t *Tree) Close() error {
	var err error
	if t.closer != nil {
		err = t.closer.Close()
	}
	if t.pgn != nil {
		t.pgn.Close()
	}
	return err
}

// position is what the tree knows of a position: the games that reach
// it (count), listed of them on its own list, lists[listFrom:listTo),
// or single, the one game of the class that reaches it (then 0 on a
// list), each followed by those that had its moves again; and its moves.
type position struct {
	found            bool
	count, listed    uint64
	listFrom, listTo int64
	single           uint32
	moves            []edge
}

// find returns what the tree knows of the position of fen, and the
// position.
func (t *Tree) find(fen string) (position, game.Position, error) {
	p, err := parseFEN(fen)
	if err != nil {
		return position{}, p, err
	}
	pos, err := t.lookup(hashOf(&p))
	return pos, p, err
}

// lookup returns what the tree knows of the position of hash h. The
// moves of what it returns are the caller's.
func (t *Tree) lookup(h uint64) (position, error) {
	t.mu.Lock()
	if t.lastHash == h && h != 0 {
		pos := t.last
		pos.moves = slices.Clone(pos.moves)
		t.mu.Unlock()
		return pos, nil
	}
	t.mu.Unlock()
	pos, err := t.lookupShared(h)
	if err == nil && !pos.found {
		pos, err = t.lookupSingle(h)
	}
	if err != nil {
		return pos, err
	}
	t.mu.Lock()
	t.last, t.lastHash = pos, h
	t.last.moves = slices.Clone(pos.moves)
	t.mu.Unlock()
	return pos, nil
}

// Moves lists the moves played from the position (a FEN; only its first
// four fields count), most played first: the move in UCI and SAN, the
// games, White wins, draws and Black wins, and the average rating. A
// position no game reached has no moves; a FEN that cannot be read is an
// error (a *game.FENError).
func (t *Tree) Moves(fen string) ([]MoveStat, error) {
	pos, p, err := t.find(fen)
	if err != nil || !pos.found {
		return nil, err
	}
	edges := sortedMoves(pos.moves)
	stats := make([]MoveStat, len(edges))
	for k, e := range edges {
		m := decodeMove(e.move)
		s := &stats[k]
		s.UCI, s.SAN = m.UCI(), p.SAN(m)
		s.Games, s.WhiteWins, s.Draws, s.BlackWins = int(e.games), int(e.white), int(e.draws), int(e.black)
		s.Rated = int(e.eloN)
		if e.eloN > 0 {
			s.AvgElo = int((e.eloSum + e.eloN/2) / e.eloN)
		}
	}
	return stats, nil
}

// sortedMoves puts moves in order, most played first.
func sortedMoves(moves []edge) []edge {
	slices.SortFunc(moves, func(a, c edge) int {
		if a.games != c.games {
			return cmp.Compare(c.games, a.games)
		}
		return cmp.Compare(a.move, c.move)
	})
	return moves
}

// Count returns the number of games whose main line reaches the
// position: the length of Games without reading the list.
func (t *Tree) Count(fen string) (int, error) {
	pos, _, err := t.find(fen)
	if err != nil || !pos.found {
		return 0, err
	}
	return int(pos.count), nil
}

// Games returns the numbers (1 = first game of the file, counting every
// game, readable or not) of the games whose main line reaches the
// position, in file order.
func (t *Tree) Games(fen string) ([]int, error) {
	pos, _, err := t.find(fen)
	if err != nil || !pos.found {
		return nil, err
	}
	return t.gamesOf(&pos)
}

// gamesOf returns the games of pos.
func (t *Tree) gamesOf(pos *position) ([]int, error) {
	if t.withListed && pos.count*64 >= uint64(t.games) {
		// Many games, from lists of repeats: through a set, which
		// puts them in order in one pass.
		set, err := t.gameSetOf(pos)
		if err != nil {
			return nil, err
		}
		games := make([]int, 0, pos.count)
		for w, bits := range set {
			for ; bits != 0; bits &= bits - 1 {
				games = append(games, w*64+bits64.TrailingZeros64(bits)+1)
			}
		}
		if len(games) != int(pos.count) {
			return nil, t.damaged(errCorrupt)
		}
		return games, nil
	}
	games := make([]int, 0, min(pos.count, uint64(t.games)))
	err := t.eachRun(pos, func(first uint64, n int) {
		for k := range n {
			games = append(games, int(first)+k)
		}
	})
	if err != nil {
		return nil, err
	}
	if t.withListed {
		slices.Sort(games)
		for k := 1; k < len(games); k++ {
			if games[k] == games[k-1] {
				return nil, t.damaged(errCorrupt)
			}
		}
	}
	return games, nil
}

// GameSet returns the games of Games as a set of bits: bit n-1 (of word
// (n-1)/64, from the lowest) for game n. A position that every game of a
// file of millions reaches costs a bit a game instead of a word, and no
// time spent by the system giving the memory of a list.
func (t *Tree) GameSet(fen string) ([]uint64, error) {
	pos, _, err := t.find(fen)
	if err != nil {
		return nil, err
	}
	if !pos.found {
		return make([]uint64, (t.games+63)/64), nil
	}
	return t.gameSetOf(&pos)
}

// gameSetOf returns the games of pos as a set.
func (t *Tree) gameSetOf(pos *position) ([]uint64, error) {
	set := make([]uint64, (t.games+63)/64)
	err := t.eachRun(pos, func(first uint64, n int) {
		// bits first-1 to first+n-2: within a word or across two.
		at := first - 1
		bits := uint64(1)<<n - 1
		set[at/64] |= bits << (at % 64)
		if at%64+uint64(n) > 64 {
			set[at/64+1] |= bits >> (64 - at%64)
		}
	})
	if err != nil {
		return nil, err
	}
	return set, nil
}

// eachRun calls f with the games of pos, n (1 or 8) games that follow
// each other from game first at a time: those of its list (or its single
// game) in file order, each followed by those of its own list of repeats
// if it has one. The games are within the file, and as many as the
// position's count.
func (t *Tree) eachRun(pos *position, f func(first uint64, n int)) error {
	var reps *repCursor // made when first needed
	var again *listReader
	total := uint64(0)
	each := func(first uint64, n int) error {
		f(first, n)
		total += uint64(n)
		if !t.withListed {
			return nil
		}
		if reps == nil {
			reps = &repCursor{t: t}
		}
		for g := first; g < first+uint64(n); g++ {
			s, from, to, ok, err := reps.find(uint32(g))
			if err != nil {
				return err
			}
			if !ok {
				continue
			}
			if again == nil {
				// Most lists of repeats are short: a page at a time.
				again = t.listReader(pageSize, from, to, s.games)
			} else {
				again.reset(from, to, s.games)
			}
			for again.left > 0 {
				first, n, err := t.nextRun(again)
				if err != nil {
					return err
				}
				f(first, n)
				total += uint64(n)
			}
		}
		return nil
	}
	if pos.single != 0 {
		if err := each(uint64(pos.single), 1); err != nil {
			return err
		}
	} else {
		r := t.listReader(min(listBlock, pos.listTo-pos.listFrom+binary.MaxVarintLen64), pos.listFrom, pos.listTo, uint32(pos.listed))
		for r.left > 0 {
			first, n, err := t.nextRun(r)
			if err != nil {
				return err
			}
			if err := each(first, n); err != nil {
				return err
			}
		}
	}
	if total != pos.count {
		return t.damaged(errCorrupt)
	}
	return nil
}

// nextRun is the next run of games of r, which must be games of the
// file.
func (t *Tree) nextRun(r *listReader) (first uint64, n int, err error) {
	first, n, err = r.run()
	if err == nil && (first == 0 || first+uint64(n)-1 > uint64(t.games)) {
		err = errCorrupt
	}
	if err != nil {
		return 0, 0, t.damaged(err)
	}
	return first, n, nil
}

// listReader returns a reader of the list of count games in
// lists[from:to] that reads size bytes at a time (reset, it reads
// another list as well, of any length).
func (t *Tree) listReader(size, from, to int64, count uint32) *listReader {
	r := &listReader{lists: &pageReader{b: &t.body}, block: make([]byte, size)}
	r.reset(from, to, count)
	return r
}

// pageReader reads the body as an io.ReaderAt, through a buffer of its
// own.
type pageReader struct {
	b   *body
	buf []byte
}

func (p *pageReader) ReadAt(dst []byte, off int64) (int, error) {
	got, err := p.b.read(p.buf, off, int64(len(dst)))
	if err != nil {
		return 0, err
	}
	if cap(got) > cap(p.buf) {
		p.buf = got[:0]
	}
	return copy(dst, got), nil
}

// damaged returns the error of a part of the tree's file that could not
// be read: for a tree of the cache, ErrDamagedCache, the file removed so
// that the tree is built again the next time.
func (t *Tree) damaged(err error) error {
	if !errors.Is(err, errCorrupt) {
		return err
	}
	if f, ok := t.file.(*os.File); ok && t.cacheName != "" {
		// Unless another tree took its place meanwhile.
		held, err1 := f.Stat()
		named, err2 := os.Stat(t.cacheName)
		if err1 == nil && err2 == nil && os.SameFile(held, named) {
			os.Remove(t.cacheName)
		}
	}
	return ErrDamagedCache
}

// lookupShared returns the record of the position of hash h when several
// games reach it.
func (t *Tree) lookupShared(h uint64) (position, error) {
	i := sort.Search(len(t.posKeys), func(i int) bool { return t.posKeys[i] > h }) - 1
	if i < 0 {
		return position{}, nil
	}
	from, to := int64(t.posAt[i])*pageSize, int64(t.posAt[i+1])*pageSize
	b, err := t.readBlock(from, min(to, t.body.end)-from)
	if err != nil {
		return position{}, t.damaged(err)
	}
	d := decoder{b: b}
	n, listAt := d.uvarint(), int64(d.uvarint())
	key := t.posKeys[i]
	for k := uint64(0); k < n && d.err == nil; k++ {
		key += d.uvarint()
		var pos position
		pos.count = d.uvarint()
		pos.listed = pos.count
		if t.withListed {
			pos.listed = d.uvarint()
		}
		length := int64(d.uvarint())
		pos.listFrom, pos.listTo = listAt, listAt+length
		listAt += length
		moves := d.uvarint()
		if moves > maxMoves || d.err != nil || key > h {
			break
		}
		if key < h {
			// Another position's: passed over.
			for range moves {
				d.u16()
				for range 6 {
					d.uvarint()
				}
			}
			continue
		}
		pos.moves = make([]edge, moves)
		for m := range pos.moves {
			e := &pos.moves[m]
			e.move = d.u16()
			e.games, e.white, e.draws, e.black, e.eloN, e.eloSum = d.uvarint(), d.uvarint(), d.uvarint(), d.uvarint(), d.uvarint(), d.uvarint()
			if !validMove(e.move) || e.games > pos.count || e.white+e.draws+e.black > e.games || e.eloN > e.games || e.eloSum > 4000*e.eloN {
				d.err = errCorrupt
			}
		}
		// Several games, each on its list a byte at least, within the
		// file and the lists.
		if d.err != nil || pos.count < 2 || pos.count > uint64(t.games) || pos.listed > pos.count || pos.listed == 0 ||
			pos.listed > uint64(length) || pos.listTo > t.listsEnd || (k == 0 && key != t.posKeys[i]) {
			d.err = errCorrupt
			break
		}
		if key == h {
			pos.found = true
			return pos, nil
		}
		if key > h {
			return position{}, nil
		}
	}
	if d.err != nil {
		return position{}, t.damaged(errCorrupt)
	}
	return position{}, nil
}

// maxMoves is more moves than any position has (218 at most).
const maxMoves = 256

// validMove reports whether m is a move as encodeMove makes them: its
// promotion a knight, a bishop, a rook or a queen.
func validMove(m uint16) bool {
	p := decodeMove(m).Promotion
	return m>>15 == 0 && (p == game.NoKind || p >= game.Knight && p <= game.Queen)
}

// decoder reads the varints of a block; the first error stays, and
// reads 0 after it.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, k := binary.Uvarint(d.b)
	if k <= 0 {
		d.err = errCorrupt
		return 0
	}
	d.b = d.b[k:]
	return v
}

func (d *decoder) u16() uint16 {
	if d.err != nil || len(d.b) < 2 {
		d.err = errCorrupt
		return 0
	}
	v := binary.LittleEndian.Uint16(d.b)
	d.b = d.b[2:]
	return v
}

// lookupSingle returns what the tree knows of the position of hash h
// when one game, with those that had its moves again, reaches it: the
// static function names its block of games, whose replay finds it.
func (t *Tree) lookupSingle(h uint64) (position, error) {
	if len(t.chunks) == 0 {
		return position{}, nil
	}
	i := max(0, sort.Search(len(t.chunks), func(i int) bool { return t.chunks[i].first > h })-1)
	c := &t.chunks[i]
	var v uint16
	for _, s := range c.slots(h) {
		at := c.at + 2*int64(s)
		page := at / pageSize * pageSize
		b, err := t.readBlock(page, min(pageSize, t.body.end-page))
		if err != nil {
			return position{}, t.damaged(err)
		}
		if at+2 > page+int64(len(b)) {
			return position{}, t.damaged(errCorrupt)
		}
		v ^= binary.LittleEndian.Uint16(b[at-page:])
	}
	if int(v) >= len(t.gameAt) {
		return position{}, nil
	}
	rb, err := t.replayed(int(v))
	if err != nil {
		return position{}, err
	}
	return t.singleIn(rb, h)
}

// singleIn returns the position of hash h as the first game of the
// replayed block rb that reaches it has it, with the games that had its
// moves again.
func (t *Tree) singleIn(rb *replayed, h uint64) (position, error) {
	at, ok := rb.first[h]
	if !ok {
		return position{}, nil
	}
	k, _ := slices.BinarySearchFunc(rb.games, int(at), func(g replayedGame, at int) int {
		if at < g.from {
			return 1
		}
		if at >= g.to {
			return -1
		}
		return 0
	})
	g := &rb.games[k]
	pos := position{found: true, count: 1, listed: 1, single: g.number}
	var reps repStats
	if t.withListed {
		s, _, _, ok, err := (&repCursor{t: t}).find(g.number)
		if err != nil {
			return position{}, err
		}
		if ok {
			reps = s
			pos.count += uint64(s.games)
		}
	}
	for i := int(at); i < g.to; i++ {
		q := rb.plies[i]
		if q.hash != h || q.move == 0 || q.flags&newEdge == 0 {
			continue
		}
		mover := (i - g.from) & 1
		if g.black {
			mover ^= 1
		}
		e := edge{move: q.move}
		e.count(g.result, g.elo[mover])
		e.again(&reps, mover)
		pos.moves = append(pos.moves, e)
	}
	return pos, nil
}

// replayed is a block of games replayed from the PGN file: its readable
// games, each with its plies[from:to].
type replayed struct {
	block int
	games []replayedGame
	plies []ply
	// first holds, by position, the first of plies that reaches it.
	first map[uint64]int32
}

type replayedGame struct {
	number   uint32
	result   uint8
	elo      [2]uint16
	black    bool
	from, to int
}

// recentBlocks is how many blocks of games replayed a tree keeps: the
// positions of a game are looked up one after the other.
const recentBlocks = 8

// replayed returns block b of the games, replayed.
func (t *Tree) replayed(b int) (*replayed, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for k, rb := range t.recent {
		if rb.block == b {
			copy(t.recent[1:k+1], t.recent[:k])
			t.recent[0] = rb
			return rb, nil
		}
	}
	rb, err := t.replayBlock(b)
	if err != nil {
		return nil, err
	}
	if len(t.recent) < recentBlocks {
		t.recent = append(t.recent, nil)
	}
	copy(t.recent[1:], t.recent)
	t.recent[0] = rb
	return rb, nil
}

// errReplay: a position reached by one game is looked up by replaying
// its block of games, and the PGN file does not give back those games.
var errReplay = errors.New("the games of the file do not read as when the opening tree was built: has the file changed?")

// replayBlock reads and replays block b of the games from the PGN file,
// which must be as the tree was built of it.
func (t *Tree) replayBlock(b int) (*replayed, error) {
	if t.pgn == nil {
		return nil, errReplay
	}
	st, err := t.pgn.Stat()
	if err != nil {
		return nil, err
	}
	inode, ctime := identity(t.pgn, st)
	if st.Size() != t.source.Size || st.ModTime().UnixNano() != t.source.ModTime || inode != t.source.Inode || ctime != t.source.ChangeTime {
		return nil, ErrFileChanged
	}
	from := t.gameAt[b]
	to := t.source.Size
	if b+1 < len(t.gameAt) {
		to = t.gameAt[b+1]
	}
	first := b<<t.shift + 1
	want := min(1<<t.shift, t.games-first+1)
	if t.replay == nil {
		t.replay = newReplayer(newGameCache(0))
	}
	bt := &batch{games: make([]*pgn.Game, 0, batchGames), sec: pgn.NewSectionReader(t.pgn, t.source.Size, from, to)}
	t.replay.section(context.Background(), bt)
	if bt.err != nil {
		return nil, bt.err
	}
	if len(bt.recs) != want {
		return nil, errReplay
	}
	rb := &replayed{block: b, plies: slices.Clip(bt.plies)}
	for k, rec := range bt.recs {
		if rec.skipped {
			continue
		}
		rb.games = append(rb.games, replayedGame{number: uint32(first + k), result: rec.result, elo: rec.elo, black: rec.black, from: rec.from, to: rec.to})
	}
	rb.first = make(map[uint64]int32, len(rb.plies))
	for _, g := range rb.games {
		for i := g.from; i < g.to; i++ {
			if _, ok := rb.first[rb.plies[i].hash]; !ok {
				rb.first[rb.plies[i].hash] = int32(i)
			}
		}
	}
	return rb, nil
}

// repCursor finds the records of the games that came again, a block at a
// time: games looked for in file order read each block once.
type repCursor struct {
	t     *Tree
	block int // the block decoded, -1 none
	recs  []repRecord
}

type repRecord struct {
	number   uint32
	s        repStats
	from, to int64
}

// find returns the record of game g if games had its moves again: their
// counts and list.
func (c *repCursor) find(g uint32) (s repStats, from, to int64, ok bool, err error) {
	t := c.t
	i := sort.Search(len(t.repKeys), func(i int) bool { return t.repKeys[i] > g }) - 1
	if i < 0 {
		return s, 0, 0, false, nil
	}
	if c.recs == nil || c.block != i {
		if err := c.decode(i); err != nil {
			return s, 0, 0, false, err
		}
	}
	k, found := slices.BinarySearchFunc(c.recs, g, func(r repRecord, g uint32) int { return cmp.Compare(r.number, g) })
	if !found {
		return s, 0, 0, false, nil
	}
	r := &c.recs[k]
	return r.s, r.from, r.to, true, nil
}

// decode reads block i of the games that came again.
func (c *repCursor) decode(i int) error {
	t := c.t
	from, to := int64(t.repAt[i])*pageSize, int64(t.repAt[i+1])*pageSize
	b, err := t.readBlock(from, min(to, t.body.end)-from)
	if err != nil {
		return t.damaged(err)
	}
	d := decoder{b: b}
	n, listAt := d.uvarint(), int64(d.uvarint())
	key := uint64(t.repKeys[i])
	c.recs, c.block = c.recs[:0], i
	for k := uint64(0); k < n && d.err == nil; k++ {
		gap := d.uvarint()
		key += gap
		var r repRecord
		r.number = uint32(key)
		r.s.games, r.s.white, r.s.draws, r.s.black = uint32(d.uvarint()), uint32(d.uvarint()), uint32(d.uvarint()), uint32(d.uvarint())
		for p := range 2 {
			r.s.eloN[p], r.s.eloSum[p] = uint32(d.uvarint()), d.uvarint()
		}
		length := int64(d.uvarint())
		r.from, r.to = listAt, listAt+length
		listAt += length
		// A game of the file, in order, that came again as many times
		// as its list has games, a byte each at least.
		if key == 0 || key > uint64(t.games) || (k == 0) != (gap == 0) || r.s.games == 0 || int64(r.s.games) > length ||
			r.to > t.listsEnd || uint64(r.s.games) > uint64(t.games) {
			d.err = errCorrupt
			break
		}
		c.recs = append(c.recs, r)
	}
	if d.err != nil || uint64(len(c.recs)) != n {
		c.recs = nil
		return t.damaged(errCorrupt)
	}
	return nil
}
