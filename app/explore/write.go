package explore

import (
	"bufio"
	"encoding/binary"
	"io"
	"os"
)

// A tree's file, little-endian:
//
//   - the header (headerSize bytes), written last: a file whose writing
//     did not end has no valid header;
//   - the body, in pages (see pages.go), of four parts that each start
//     on a page: the game lists of the positions reached by several
//     games and of the games that came again, delta-coded; the records
//     of the positions reached by several games, in blocks, in the order
//     of their hashes; the arrays of the static functions that find the
//     game of a position reached by one game (fuse.go), by chunks of
//     keys in the order of their hashes; the records of the games that
//     came again, in blocks, by number;
//   - the tables, which a tree holds in memory: the sums of the body's
//     pages; the first key and first page of each block of positions;
//     the first key, seed, shape and offset of each chunk's function;
//     the first game and page of each block of games that came again;
//     where each block of games starts in the PGN file; the PGN file's
//     path. They take a few hundred kilobytes for a file of millions of
//     games.
//
// A block starts with its number of records and where the list of its
// first record starts in the lists (varints); each record then has its
// key as the gap from the one before (0 for the first, whose key the
// tables hold), and the length of its list, whose start is where the
// record before's ended. A block takes one page, or as many as its first
// record needs.
//
// A position's record: the gap of its key, its number of games, the
// number of those on its own list when games came again, the length of
// its list, its number of moves and each move (16 bits) with its games,
// White wins, draws, Black wins, rated games and sum of ratings. A game
// that came again: the gap of its number, then how many games had its
// moves again, their White wins, draws and Black wins, rated games and
// sums of ratings for White and then Black, and the length of their
// list.

// blocks writes the records of a part of the body in blocks.
type blocks struct {
	w          io.Writer
	pages      int64 // written
	cur        []byte
	n          int
	first      uint64 // key of the block's first record
	prev       uint64 // key of the last record added
	listStart  int64
	keys       []uint64 // first key of each block
	at         []int64  // first page of each block, from the part's start
	blockBytes []byte
}

// maxBlockHead is the most bytes a block's head takes.
const maxBlockHead = 2 * binary.MaxVarintLen64

// add adds the record rec (without its key) of key, whose list starts at
// listStart in the lists.
func (b *blocks) add(key uint64, listStart int64, rec []byte) error {
	if b.n > 0 && maxBlockHead+len(b.cur)+binary.MaxVarintLen64+len(rec) > pageSize {
		if err := b.flush(); err != nil {
			return err
		}
	}
	if b.n == 0 {
		b.first, b.prev, b.listStart = key, key, listStart
	}
	b.cur = binary.AppendUvarint(b.cur, key-b.prev)
	b.cur = append(b.cur, rec...)
	b.prev = key
	b.n++
	return nil
}

// flush writes the block under way.
func (b *blocks) flush() error {
	if b.n == 0 {
		return nil
	}
	out := binary.AppendUvarint(b.blockBytes[:0], uint64(b.n))
	out = binary.AppendUvarint(out, uint64(b.listStart))
	out = append(out, b.cur...)
	pages := (len(out) + pageSize - 1) / pageSize
	out = append(out, make([]byte, pages*pageSize-len(out))...)
	if _, err := b.w.Write(out); err != nil {
		return err
	}
	b.blockBytes = out
	b.keys = append(b.keys, b.first)
	b.at = append(b.at, b.pages)
	b.pages += int64(pages)
	b.cur, b.n = b.cur[:0], 0
	return nil
}

// chunk is a static function of the tables.
type chunk struct {
	first uint64 // its first key; the first chunk's is taken as 0
	fuse
	at int64 // of its array, from the start of the functions' part
}

// maxChunkKeys is how many keys a static function has at most: its
// making takes some 9 MB for them.
const maxChunkKeys = 1 << 18

// treeWriter writes a tree's file as the merge gives its positions.
type treeWriter struct {
	out       *os.File
	body      *pageSums
	bw        *bufio.Writer // of the body, into out
	lists     *varintWriter // into body
	entries   *scratch
	ew        *bufio.Writer
	positions blocks
	fuseFile  *scratch
	fw        *bufio.Writer
	fuseAt    int64
	chunks    []chunk
	keys      []uint64 // of the chunk under way
	vals      []uint16
	repsFile  *scratch
	rw        *bufio.Writer
	reps      blocks
	rec       []byte // scratch for a record
}

// newTreeWriter starts writing a tree into out, truncated; its scratch
// files go to dir.
func newTreeWriter(out *os.File, dir string) (*treeWriter, error) {
	if err := out.Truncate(0); err != nil {
		return nil, err
	}
	if _, err := out.Seek(headerSize, io.SeekStart); err != nil {
		return nil, err
	}
	w := &treeWriter{out: out}
	w.bw = bufio.NewWriterSize(out, 1<<16)
	w.body = &pageSums{w: w.bw}
	w.lists = newVarintWriter(w.body)
	var err error
	if w.entries, err = newScratch(dir); err != nil {
		return nil, err
	}
	if w.fuseFile, err = newScratch(dir); err != nil {
		w.close()
		return nil, err
	}
	if w.repsFile, err = newScratch(dir); err != nil {
		w.close()
		return nil, err
	}
	w.ew = bufio.NewWriterSize(w.entries, 1<<16)
	w.positions.w = w.ew
	w.fw = bufio.NewWriterSize(w.fuseFile, 1<<16)
	w.rw = bufio.NewWriterSize(w.repsFile, 1<<16)
	w.reps.w = w.rw
	return w, nil
}

// close closes the scratch files.
func (w *treeWriter) close() {
	for _, f := range []*scratch{w.entries, w.fuseFile, w.repsFile} {
		if f != nil {
			f.Close()
		}
	}
}

// single adds a position reached by one game, of block value.
func (w *treeWriter) single(key uint64, value uint16) error {
	w.keys = append(w.keys, key)
	w.vals = append(w.vals, value)
	if len(w.keys) == maxChunkKeys {
		return w.flushChunk()
	}
	return nil
}

// flushChunk makes the static function of the chunk under way.
func (w *treeWriter) flushChunk() error {
	if len(w.keys) == 0 {
		return nil
	}
	f, array, err := buildFuse(w.keys, w.vals, w.keys[0])
	if err != nil {
		return err
	}
	w.chunks = append(w.chunks, chunk{first: w.keys[0], fuse: f, at: w.fuseAt})
	buf := w.rec[:0]
	for _, v := range array {
		buf = binary.LittleEndian.AppendUint16(buf, v)
		if len(buf) >= 1<<16 {
			if _, err := w.fw.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	if _, err := w.fw.Write(buf); err != nil {
		return err
	}
	w.rec = buf
	w.fuseAt += 2 * int64(len(array))
	w.keys, w.vals = w.keys[:0], w.vals[:0]
	return nil
}

// listAt returns where the next list starts, from the start of the
// lists.
func (w *treeWriter) listAt() int64 { return w.lists.size() }

// shared adds the record of a position reached by several games: its
// count of games, listed of them on its own list (the rest on the lists
// of the games that came again), its list, listLen bytes written from
// listStart, and its moves. withListed says whether the file has games
// that came again.
func (w *treeWriter) shared(key uint64, count, listed uint64, withListed bool, listStart, listLen int64, moves []edge) error {
	r := binary.AppendUvarint(w.rec[:0], count)
	if withListed {
		r = binary.AppendUvarint(r, listed)
	}
	r = binary.AppendUvarint(r, uint64(listLen))
	r = binary.AppendUvarint(r, uint64(len(moves)))
	for i := range moves {
		e := &moves[i]
		r = binary.LittleEndian.AppendUint16(r, e.move)
		for _, v := range [...]uint64{uint64(e.games), uint64(e.white), uint64(e.draws), uint64(e.black), uint64(e.eloN), e.eloSum} {
			r = binary.AppendUvarint(r, v)
		}
	}
	w.rec = r
	return w.positions.add(key, listStart, r)
}

// repeated adds the record of a game that came again: number, the
// counts of the games that had its moves, and their list, listLen bytes
// written from listStart.
func (w *treeWriter) repeated(number uint32, s *repStats, listStart, listLen int64) error {
	r := w.rec[:0]
	for _, v := range [...]uint64{uint64(s.games), uint64(s.white), uint64(s.draws), uint64(s.black),
		uint64(s.eloN[0]), s.eloSum[0], uint64(s.eloN[1]), s.eloSum[1], uint64(listLen)} {
		r = binary.AppendUvarint(r, v)
	}
	w.rec = r
	return w.reps.add(uint64(number), listStart, r)
}

// finish writes the parts written aside, the tables and the header h
// (whose counts of what the writer wrote it fills in), and syncs the
// file.
func (w *treeWriter) finish(h *header, gameAt []int64, path string) error {
	if err := w.flushChunk(); err != nil {
		return err
	}
	if err := w.lists.flush(); err != nil {
		return err
	}
	if err := w.positions.flush(); err != nil {
		return err
	}
	if err := w.reps.flush(); err != nil {
		return err
	}
	h.ListsEnd = w.body.size
	// The parts written aside follow the lists, each from a page.
	var starts [3]int64
	for k, part := range []struct {
		f  *scratch
		bw *bufio.Writer
	}{{w.entries, w.ew}, {w.fuseFile, w.fw}, {w.repsFile, w.rw}} {
		if err := part.bw.Flush(); err != nil {
			return err
		}
		if err := w.body.pad(); err != nil {
			return err
		}
		starts[k] = w.body.size
		if _, err := part.f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		if _, err := io.Copy(w.body, part.f); err != nil {
			return err
		}
	}
	h.EntriesAt, h.FuseAt, h.RepsAt = starts[0], starts[1], starts[2]
	h.BodyEnd = w.body.size
	sums := w.body.done()
	// The tables.
	sum := newSum()
	t := &columns{w: io.MultiWriter(w.bw, sum), buf: make([]byte, 0, 1<<16+8)}
	t.u32s(sums)
	for _, k := range w.positions.keys {
		t.u64(k)
	}
	for _, p := range w.positions.at {
		t.u32(uint32(p + starts[0]/pageSize))
	}
	t.u32(uint32(w.positions.pages + starts[0]/pageSize))
	for _, c := range w.chunks {
		t.u64(c.first)
		t.u64(c.seed)
		t.u32(c.segLen)
		t.u32(c.segCountLen)
		t.u64(uint64(c.at + starts[1]))
	}
	for _, k := range w.reps.keys {
		t.u32(uint32(k))
	}
	for _, p := range w.reps.at {
		t.u32(uint32(p + starts[2]/pageSize))
	}
	t.u32(uint32(w.reps.pages + starts[2]/pageSize))
	for _, at := range gameAt {
		t.u64(uint64(at))
	}
	t.bytes([]byte(path))
	if err := t.flush(); err != nil {
		return err
	}
	if err := w.bw.Flush(); err != nil {
		return err
	}
	h.PositionBlocks, h.Chunks, h.RepBlocks = int64(len(w.positions.keys)), int64(len(w.chunks)), int64(len(w.reps.keys))
	h.GameBlocks, h.PathLen = int64(len(gameAt)), int64(len(path))
	h.TablesSum = sum.Sum32()
	copy(h.Magic[:], magic)
	b, err := h.encode()
	if err != nil {
		return err
	}
	if _, err := w.out.WriteAt(b[:], 0); err != nil {
		return err
	}
	return w.out.Sync()
}
