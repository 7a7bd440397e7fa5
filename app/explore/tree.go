// Package explore builds the opening tree of a whole PGN file: for every
// position reached along the main lines of its games, the moves played
// from it with how often and how they scored, and the games that reached
// it.
//
// Positions are known by a 64-bit hash (see key.go), the moves of a
// position are a slice of a sorted array, and the games of a position are
// delta-coded lists that are kept on disk when they are large; so a file
// of millions of games fits in a few hundred megabytes, and a query costs
// a lookup in a hash table. A built tree can be cached on disk
// (BuildCached) and opened again at once while the file is unchanged.
//
// The package knows nothing of the user interface. Build reports its
// progress and stops when its context is done; a Tree is never changed
// once built and may be queried from any goroutine.
package explore

import (
	"cmp"
	"encoding/binary"
	"hash/crc32"
	"io"
	bits64 "math/bits"
	"os"
	"slices"

	"github.com/echiquier/echiquier/app/game"
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
	games, white, draws, black, eloN uint32
	eloSum                           uint64
}

// Tree is the opening tree of a PGN file.
type Tree struct {
	pos table // position hash -> id
	// For the position of id i: its moves are the move of index
	// first[i] in edges, then the next of each until noEdge, as they
	// came; its games are count[i] numbers delta-coded in
	// lists[listAt[i]:listAt[i+1]]. The moves stay where the build put
	// them: putting them in order would cost a second array of them, or
	// as much time as the rest of the build's end.
	first  []uint32
	edges  edgeTable
	count  []uint32
	listAt []uint64
	lists  io.ReaderAt
	closer io.Closer // of lists, when it is a file
	// The games that had the moves of a game met before are on no
	// position's list but on that game's: reps holds, in file order, the
	// numbers of the games that came again, the list of reps[k] has
	// repCount[k] games delta-coded in lists[repAt[k]:repAt[k+1]]. The
	// games of a position are then those of its list, with the games of
	// their own lists: the list of a position has listLen[i] games, and
	// count[i] is that of them all. Without repeats, reps and listLen
	// are nil: the list of a position has count[i] games.
	reps, repCount []uint32
	repAt          []uint64
	listLen        []uint32
	// listSums, for the lists of a cache file, holds the CRC-32C of
	// each block of listSumBlock bytes from headerSize: a list is read
	// by whole blocks, checked.
	listSums []uint32
	// cacheName is the name of the cache file that holds the lists, in
	// its folder: the file is removed when a list read from it is found
	// damaged, for the tree to be built again.
	cacheName string
	// source is the key of the PGN file the tree is of, as it was when
	// the build started; content the CRC-64 of its bytes as the build
	// read them.
	source  sourceKey
	content uint64

	games, skipped int
	// repeats counts the games recognised as having the moves of an
	// earlier one, for the tests.
	repeats int
}

// Len returns the number of games read, readable or not.
func (t *Tree) Len() int { return t.games }

// Skipped returns the number of games that could not be read (a syntax
// error, an illegal move, a variant...): they are in no position's
// counts.
func (t *Tree) Skipped() int { return t.skipped }

// Positions returns the number of distinct positions in the tree.
func (t *Tree) Positions() int { return len(t.count) }

// Close releases the file that holds the game lists of a large tree.
// The tree must not be queried after.
func (t *Tree) Close() error {
	if t.closer != nil {
		return t.closer.Close()
	}
	return nil
}

// find returns the position of fen and its index, or -1.
func (t *Tree) find(fen string) (int, game.Position, error) {
	p, err := parseFEN(fen)
	if err != nil {
		return -1, p, err
	}
	i, ok := t.pos.find(hashOf(&p))
	if !ok {
		return -1, p, nil
	}
	return int(i), p, nil
}

// Moves lists the moves played from the position (a FEN; only its first
// four fields count), most played first: the move in UCI and SAN, the
// games, White wins, draws and Black wins, and the average rating. A
// position no game reached has no moves; a FEN that cannot be read is an
// error (a *game.FENError).
func (t *Tree) Moves(fen string) ([]MoveStat, error) {
	i, p, err := t.find(fen)
	if err != nil || i < 0 {
		return nil, err
	}
	edges := t.movesAt(i)
	stats := make([]MoveStat, len(edges))
	for k, e := range edges {
		m := decodeMove(e.move)
		s := &stats[k]
		s.UCI, s.SAN = m.UCI(), p.SAN(m)
		s.Games, s.WhiteWins, s.Draws, s.BlackWins = int(e.games), int(e.white), int(e.draws), int(e.black)
		s.Rated = int(e.eloN)
		if e.eloN > 0 {
			s.AvgElo = int((e.eloSum + uint64(e.eloN)/2) / uint64(e.eloN))
		}
	}
	return stats, nil
}

// movesAt returns the moves of the position of index i, most played
// first.
func (t *Tree) movesAt(i int) []edge {
	var edges []edge
	for e := t.first[i]; e != noEdge; e = t.edges.slots[e].next {
		edges = append(edges, t.edges.counts(e))
	}
	// Most positions have one or two moves.
	if len(edges) > 1 {
		slices.SortFunc(edges, func(a, c edge) int {
			if a.games != c.games {
				return cmp.Compare(c.games, a.games)
			}
			return cmp.Compare(a.move, c.move)
		})
	}
	return edges
}

// Count returns the number of games whose main line reaches the
// position: the length of Games without reading the list.
func (t *Tree) Count(fen string) (int, error) {
	i, _, err := t.find(fen)
	if err != nil || i < 0 {
		return 0, err
	}
	return int(t.count[i]), nil
}

// Games returns the numbers (1 = first game of the file, counting every
// game, readable or not) of the games whose main line reaches the
// position, in file order.
func (t *Tree) Games(fen string) ([]int, error) {
	i, _, err := t.find(fen)
	if err != nil || i < 0 {
		return nil, err
	}
	return t.gamesAt(i)
}

// gamesAt returns the games of the position of index i.
func (t *Tree) gamesAt(i int) ([]int, error) {
	if t.reps != nil && uint64(t.count[i])*64 >= uint64(t.games) {
		// Many games, from lists of repeats: through a set, which
		// puts them in order in one pass.
		set, err := t.gameSetAt(i)
		if err != nil {
			return nil, err
		}
		games := make([]int, 0, t.count[i])
		for w, bits := range set {
			for ; bits != 0; bits &= bits - 1 {
				games = append(games, w*64+bits64.TrailingZeros64(bits)+1)
			}
		}
		if len(games) != int(t.count[i]) {
			return nil, t.damaged(errCorrupt)
		}
		return games, nil
	}
	games := make([]int, 0, t.count[i])
	err := t.eachRun(i, func(first uint64, n int) {
		for k := range n {
			games = append(games, int(first)+k)
		}
	})
	if err != nil {
		return nil, err
	}
	if t.reps != nil {
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
	i, _, err := t.find(fen)
	if err != nil {
		return nil, err
	}
	if i < 0 {
		return make([]uint64, (t.games+63)/64), nil
	}
	return t.gameSetAt(i)
}

// gameSetAt returns the games of the position of index i as a set.
func (t *Tree) gameSetAt(i int) ([]uint64, error) {
	set := make([]uint64, (t.games+63)/64)
	err := t.eachRun(i, func(first uint64, n int) {
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

// eachRun calls f with the games of the position of index i, n (1 or 8)
// games that follow each other from game first at a time: those of its
// list in file order, each followed by those of its own list of repeats
// if it has one. The games are within the file, and as many as the
// position's count.
func (t *Tree) eachRun(i int, f func(first uint64, n int)) error {
	listed := t.count[i]
	if t.listLen != nil {
		listed = t.listLen[i]
	}
	var reps *listReader // for the lists of repeats, made when first needed
	k := 0               // t.reps[k] is the first kept game not passed yet
	total := uint64(0)
	r := t.listOf(t.listAt[i], t.listAt[i+1], listed)
	for r.left > 0 {
		first, n, err := t.nextRun(r)
		if err != nil {
			return err
		}
		f(first, n)
		total += uint64(n)
		for g := first; g < first+uint64(n) && k < len(t.reps); g++ {
			for k < len(t.reps) && uint64(t.reps[k]) < g {
				k++
			}
			if k == len(t.reps) || uint64(t.reps[k]) != g {
				continue
			}
			if reps == nil {
				// Most lists of repeats are short: a block of the
				// cache file's sums at a time.
				reps = t.listReader(listSumBlock, t.repAt[k], t.repAt[k+1], t.repCount[k])
			} else {
				reps.reset(int64(t.repAt[k]), int64(t.repAt[k+1]), t.repCount[k])
			}
			for reps.left > 0 {
				first, n, err := t.nextRun(reps)
				if err != nil {
					return err
				}
				f(first, n)
				total += uint64(n)
			}
		}
	}
	if total != uint64(t.count[i]) {
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

// listReader reads the game list of a position a block at a time: a
// list of millions of games costs no buffer of its size, and is decoded
// while in the processor's cache.
type listReader struct {
	lists    io.ReaderAt
	from, to int64
	block    []byte
	buf      []byte
	at       int
	last     uint64
	left     uint32 // games not yet read
}

// listOf returns a reader of the list of count games in
// lists[from:to].
func (t *Tree) listOf(from, to uint64, count uint32) *listReader {
	return t.listReader(min(listBlock, int64(to-from)+binary.MaxVarintLen64), from, to, count)
}

// listReader returns a reader of the list of count games in
// lists[from:to] that reads size bytes at a time (reset, it reads
// another list as well, of any length).
func (t *Tree) listReader(size int64, from, to uint64, count uint32) *listReader {
	block := make([]byte, size)
	lists := t.lists
	if t.listSums != nil {
		end := t.listAt[len(t.listAt)-1]
		if len(t.repAt) > 0 {
			end = t.repAt[len(t.repAt)-1]
		}
		lists = &checkedLists{lists: t.lists, sums: t.listSums, end: int64(end),
			buf: make([]byte, len(block)+2*listSumBlock)}
	}
	r := &listReader{lists: lists, block: block}
	r.reset(int64(from), int64(to), count)
	return r
}

// reset makes r read the list of count games in lists[from:to].
func (r *listReader) reset(from, to int64, count uint32) {
	r.from, r.to, r.buf, r.at, r.last, r.left = from, to, r.block[:0], 0, 0, count
}

// damaged returns the error of a list that could not be read: for the
// lists of a cache file, ErrDamagedCache, the file removed so that the
// tree is built again the next time.
func (t *Tree) damaged(err error) error {
	if t.listSums == nil {
		return err
	}
	if f, ok := t.lists.(*os.File); ok && t.cacheName != "" {
		// Unless another tree took its place meanwhile.
		held, err1 := f.Stat()
		named, err2 := os.Stat(t.cacheName)
		if err1 == nil && err2 == nil && os.SameFile(held, named) {
			os.Remove(t.cacheName)
		}
	}
	return ErrDamagedCache
}

// checkedLists is the lists of a cache file, read by whole blocks whose
// sums are checked.
type checkedLists struct {
	lists io.ReaderAt
	sums  []uint32
	end   int64  // of the lists
	buf   []byte // the blocks read
}

func (c *checkedLists) ReadAt(p []byte, off int64) (int, error) {
	from := headerSize + (off-headerSize)/listSumBlock*listSumBlock
	to := min(headerSize+(off+int64(len(p))-headerSize+listSumBlock-1)/listSumBlock*listSumBlock, c.end)
	if off < headerSize || off+int64(len(p)) > c.end || to-from > int64(len(c.buf)) {
		return 0, errCorrupt
	}
	blocks := c.buf[:to-from]
	if n, err := c.lists.ReadAt(blocks, from); n < len(blocks) {
		if err == nil || err == io.EOF {
			err = errCorrupt
		}
		return 0, err
	}
	// The last block ends with the lists.
	for k, at := (from-headerSize)/listSumBlock, 0; at < len(blocks); k, at = k+1, at+listSumBlock {
		if crc32.Checksum(blocks[at:min(at+listSumBlock, len(blocks))], castagnoli) != c.sums[k] {
			return 0, errCorrupt
		}
	}
	return copy(p, blocks[off-from:]), nil
}

// run returns the next games of the list: n (1 or 8) games that follow
// each other from game first. It must not be called once the list's
// count of games is read.
func (r *listReader) run() (first uint64, n int, err error) {
	if len(r.buf)-r.at < binary.MaxVarintLen64 && r.from < r.to {
		rest := copy(r.block, r.buf[r.at:])
		k, err := r.lists.ReadAt(r.block[rest:min(int64(len(r.block)), int64(rest)+r.to-r.from)], r.from)
		if k == 0 && err != nil {
			return 0, 0, err
		}
		r.from += int64(k)
		r.buf, r.at = r.block[:rest+k], 0
	}
	// A position most games reach, the start above all, lists runs of
	// games that follow each other: gaps of 1, eight read at once.
	if r.left >= 8 && r.at+8 <= len(r.buf) && binary.LittleEndian.Uint64(r.buf[r.at:]) == oneGaps {
		first = r.last + 1
		r.last += 8
		r.at += 8
		r.left -= 8
		return first, 8, nil
	}
	// Most other gaps take a byte: the games of a position met often are
	// close together.
	if r.at < len(r.buf) && r.buf[r.at] < 0x80 {
		r.last += uint64(r.buf[r.at])
		r.at++
	} else {
		d, k := binary.Uvarint(r.buf[r.at:])
		if k <= 0 {
			return 0, 0, errCorrupt
		}
		r.at += k
		r.last += d
	}
	r.left--
	return r.last, 1, nil
}

// listBlock is how much of a game list a listReader reads at a time.
const listBlock = 64 << 10

// oneGaps is eight gaps of 1, as the lists write them.
const oneGaps = 0x0101010101010101
