package explore

import (
	"cmp"
	"encoding/binary"
	"io"
	"os"
)

// While the file is read, every ply of a game that brings something to
// the tree (the game reaches a position for the first time, or plays a
// move from it for the first time) becomes a record: the position's
// hash, the game's number, the move and what the game adds to its
// counts. The records are held in a buffer (recordsFor); a full buffer
// is sorted by position and written to a spill file as a run. Once the
// file is read, the runs are merged, and the records come position after
// position, in the order of their hashes, each position's in game order:
// what the tree keeps of a position is then written at once, and memory
// stays that of the buffer whatever the file holds.

// plyRec is a record of a ply: 16 bytes.
type plyRec struct {
	hash uint64
	game uint32
	// move is the move played (encodeMove; 0: none, the game ends
	// there), with the player who moves in its top bit (1: Black).
	move uint16
	// aux holds recNewPos and recNewEdge, the game's result (bits 2-3)
	// and the rating of the player who moves (bits 4-15, 0: none).
	aux uint16
}

// Bits of plyRec.aux.
const (
	recNewPos  = 1 << 0
	recNewEdge = 1 << 1
)

// recSize is the length of a record in a run.
const recSize = 16

// blackMoves marks plyRec.move when Black moves.
const blackMoves = 1 << 15

func (r *plyRec) newPos() bool   { return r.aux&recNewPos != 0 }
func (r *plyRec) newEdge() bool  { return r.aux&recNewEdge != 0 }
func (r *plyRec) result() uint8  { return uint8(r.aux >> 2 & 3) }
func (r *plyRec) elo() uint16    { return r.aux >> 4 }
func (r *plyRec) mover() int     { return int(r.move >> 15) }
func (r *plyRec) played() uint16 { return r.move &^ blackMoves }
func recAux(flags, result uint8, elo uint16) uint16 {
	return uint16(flags) | uint16(result)<<2 | elo<<4
}

// recordsFor returns how many records the buffer holds for a file of
// size bytes: a record for 64 bytes of the file, from 4 MB (the corpus's
// 23 MB in seven runs: what a window holds while it builds a tree stays
// small) to 16 MB (3 million different games in some 240 runs). The
// buffer, and as much again to sort it, is most of what a build holds:
// at 64 MB, the tree of 500,000 different games peaked at 339 MB, at
// 16 MB at 163 MB, in as much time.
func recordsFor(size int64) int {
	return int(min(max(size/64, 1<<18), 1<<20))
}

// compareRecs orders records by position, then by game.
func compareRecs(a, b plyRec) int {
	if c := cmp.Compare(a.hash, b.hash); c != 0 {
		return c
	}
	return cmp.Compare(a.game, b.game)
}

// runs gathers the records and spills them.
type runs struct {
	buf   []plyRec
	tmp   []plyRec // for sorting
	max   int
	dir   string // of the spill file ("": the system's temporary directory)
	spill *scratch
	ends  []int64 // of the runs in the spill file
	wbuf  []byte
	n     int64 // records added
}

func newRuns(max int, dir string) *runs {
	return &runs{max: max, dir: dir}
}

func (rs *runs) add(r plyRec) error {
	if len(rs.buf) == rs.max {
		if err := rs.spillRun(); err != nil {
			return err
		}
	}
	if rs.buf == nil {
		rs.buf = make([]plyRec, 0, rs.max)
	}
	rs.buf = append(rs.buf, r)
	rs.n++
	return nil
}

// spillRun sorts the buffer and writes it as a run.
func (rs *runs) spillRun() error {
	if rs.spill == nil {
		f, err := newScratch(rs.dir)
		if err != nil {
			return err
		}
		rs.spill = f
		rs.wbuf = make([]byte, 0, 1<<16)
	}
	rs.sort()
	w := rs.wbuf[:0]
	for i := range rs.buf {
		w = appendRec(w, &rs.buf[i])
		if len(w) == cap(w) {
			if _, err := rs.spill.Write(w); err != nil {
				return err
			}
			w = w[:0]
		}
	}
	if _, err := rs.spill.Write(w); err != nil {
		return err
	}
	end := int64(0)
	if len(rs.ends) > 0 {
		end = rs.ends[len(rs.ends)-1]
	}
	rs.ends = append(rs.ends, end+int64(len(rs.buf))*recSize)
	rs.buf = rs.buf[:0]
	return nil
}

// radixBits is the width of the digits the records are sorted by.
const radixBits = 11

// sort puts the buffer in order (compareRecs) by a radix sort of the
// hashes, from their lowest digit: each pass keeps the order of the
// records of the same digit, so that the records of a position stay in
// game order, as they were added. It costs a buffer as large again, and
// a quarter of the time of a sort by comparisons.
func (rs *runs) sort() {
	const digits = (64 + radixBits - 1) / radixBits
	const mask = 1<<radixBits - 1
	var counts [digits][1 << radixBits]int
	for i := range rs.buf {
		h := rs.buf[i].hash
		for d := range digits {
			counts[d][h>>(d*radixBits)&mask]++
		}
	}
	if cap(rs.tmp) < len(rs.buf) {
		rs.tmp = make([]plyRec, len(rs.buf), cap(rs.buf))
	}
	from, to := rs.buf, rs.tmp[:len(rs.buf)]
	for d := range digits {
		c := &counts[d]
		at := 0
		for k, n := range c {
			c[k] = at
			at += n
		}
		shift := uint(d * radixBits)
		for _, r := range from {
			k := r.hash >> shift & mask
			to[c[k]] = r
			c[k]++
		}
		from, to = to, from
	}
	// An even number of passes would leave the order in rs.buf; an odd
	// one leaves it in rs.tmp, which becomes the buffer.
	if digits%2 == 1 {
		rs.buf, rs.tmp = from, rs.buf[:0]
	}
}

func appendRec(b []byte, r *plyRec) []byte {
	b = binary.LittleEndian.AppendUint64(b, r.hash)
	b = binary.LittleEndian.AppendUint32(b, r.game)
	b = binary.LittleEndian.AppendUint16(b, r.move)
	return binary.LittleEndian.AppendUint16(b, r.aux)
}

// close removes the spill file.
func (rs *runs) close() {
	if rs.spill != nil {
		rs.spill.Close()
		rs.spill = nil
	}
	rs.buf = nil
}

// merged returns the records of all the runs, and of the buffer, in
// order. The buffer is sorted where it is, and read last among the
// records of a position: it holds the last games.
func (rs *runs) merged() (*merger, error) {
	rs.sort()
	m := &merger{mem: rs.buf}
	// 64 KB a run, 16 MB in all at most.
	size := min(1<<16, max(pageSize, (16<<20)/max(1, len(rs.ends))))
	from := int64(0)
	for i, end := range rs.ends {
		src := &runReader{r: io.NewSectionReader(rs.spill, from, end-from), buf: make([]byte, 0, size), seq: i}
		if ok, err := src.next(); err != nil {
			return nil, err
		} else if ok {
			m.heap = append(m.heap, src)
		}
		from = end
	}
	for i := len(m.heap)/2 - 1; i >= 0; i-- {
		m.down(i)
	}
	return m, nil
}

// runReader reads a run back through a buffer of its own.
type runReader struct {
	r   io.Reader
	buf []byte
	at  int
	cur plyRec
	seq int
}

// next reads the next record into cur; false at the end of the run.
func (r *runReader) next() (bool, error) {
	if len(r.buf)-r.at < recSize {
		n := copy(r.buf[:cap(r.buf)], r.buf[r.at:])
		k, err := io.ReadAtLeast(r.r, r.buf[n:cap(r.buf)], recSize-n)
		r.buf, r.at = r.buf[:n+k], 0
		if err == io.EOF && n == 0 {
			return false, nil
		}
		if err != nil {
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				err = errCorrupt
			}
			return false, err
		}
	}
	b := r.buf[r.at : r.at+recSize]
	r.cur = plyRec{hash: binary.LittleEndian.Uint64(b), game: binary.LittleEndian.Uint32(b[8:]),
		move: binary.LittleEndian.Uint16(b[12:]), aux: binary.LittleEndian.Uint16(b[14:])}
	r.at += recSize
	return true, nil
}

// merger gives the records of sorted runs in order: those of the lowest
// position, then game, first; of the same record, the earlier run's.
type merger struct {
	heap []*runReader
	mem  []plyRec // the buffer, sorted
	at   int
}

func (m *merger) less(a, b *runReader) bool {
	if c := compareRecs(a.cur, b.cur); c != 0 {
		return c < 0
	}
	return a.seq < b.seq
}

func (m *merger) down(i int) {
	h := m.heap
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		c := l
		if r := l + 1; r < len(h) && m.less(h[r], h[l]) {
			c = r
		}
		if !m.less(h[c], h[i]) {
			return
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
}

// next returns the next record; false once all are read.
func (m *merger) next() (plyRec, bool, error) {
	fromMem := m.at < len(m.mem)
	if len(m.heap) > 0 && (!fromMem || compareRecs(m.heap[0].cur, m.mem[m.at]) <= 0) {
		top := m.heap[0]
		r := top.cur
		ok, err := top.next()
		if err != nil {
			return r, false, err
		}
		if !ok {
			m.heap[0] = m.heap[len(m.heap)-1]
			m.heap = m.heap[:len(m.heap)-1]
		}
		m.down(0)
		return r, true, nil
	}
	if fromMem {
		m.at++
		return m.mem[m.at-1], true, nil
	}
	return plyRec{}, false, nil
}

// scratch is a temporary file, removed at once where the system allows
// it (it then goes away with the process, however it ends), else when
// it is closed.
type scratch struct {
	*os.File
	removed bool
}

// newScratch creates a scratch file in dir ("": the system's temporary
// directory).
func newScratch(dir string) (*scratch, error) {
	f, err := os.CreateTemp(dir, "echiquier-tree-*.tmp")
	if err != nil {
		return nil, err
	}
	return &scratch{File: f, removed: os.Remove(f.Name()) == nil}, nil
}

func (s *scratch) Close() error {
	err := s.File.Close()
	if !s.removed {
		os.Remove(s.Name())
	}
	return err
}
