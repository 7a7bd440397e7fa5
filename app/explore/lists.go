package explore

import (
	"container/heap"
	"encoding/binary"
	"io"
)

// The games of a list are kept as delta-coded varints: the first game
// number, then the gap to each next one. The positions met by many games
// have small gaps (a byte a game).
//
// The games that had the moves of a kept game again are gathered as
// pairs (kept game, game) appended in game order. When too many pairs
// are held, they are sorted by kept game and written to a spill file as
// a run; at the end the runs are merged, kept game by kept game, into
// the final lists. Memory stays bounded whatever the file's size; a
// small file never touches the disk.

// maxPairs is how many pairs are held before a run is spilled: 8 MB.
const maxPairs = 1 << 20

// listBuilder gathers the game lists of the kept games.
type listBuilder struct {
	pairs []uint64 // kept game << 32 | game number, in game order
	max   int      // pairs held before spilling
	dir   string   // where the spill file goes ("": the temporary directory)
	spill *scratch
	runs  []int64 // end offsets of the runs in the spill file
	w     *varintWriter
}

// varintWriter writes varints to w through a buffer of its own, a call
// of w every 64 KB: the lists are hundreds of millions of varints.
type varintWriter struct {
	w    io.Writer
	buf  []byte
	done int64 // bytes given to w
	err  error
}

func newVarintWriter(w io.Writer) *varintWriter {
	return &varintWriter{w: w, buf: make([]byte, 0, 1<<16+binary.MaxVarintLen64)}
}

func (v *varintWriter) put(x uint64) {
	if x < 0x80 {
		v.buf = append(v.buf, byte(x))
	} else {
		v.buf = binary.AppendUvarint(v.buf, x)
	}
	if len(v.buf) >= 1<<16 {
		v.flush()
	}
}

// size returns the number of bytes written so far.
func (v *varintWriter) size() int64 { return v.done + int64(len(v.buf)) }

// flush gives w what the buffer holds, and returns the first error of w.
func (v *varintWriter) flush() error {
	if v.err == nil && len(v.buf) > 0 {
		_, v.err = v.w.Write(v.buf)
	}
	v.done += int64(len(v.buf))
	v.buf = v.buf[:0]
	return v.err
}

func (lb *listBuilder) add(pos uint32, game uint32) error {
	if len(lb.pairs) == lb.max {
		if err := lb.spillRun(); err != nil {
			return err
		}
	}
	lb.pairs = append(lb.pairs, uint64(pos)<<32|uint64(game))
	return nil
}

// order sorts the pairs by position, keeping game order within a
// position (a counting sort: the pairs are in game order already): the
// games of position p are games[end[p-1]:end[p]] (from 0 for p 0). The
// arrays are made for each sort and let go after: kept from one run to
// the next, they would hold tens of megabytes while the file is read.
// The last sort, once the file is read, lets the pairs go once in order,
// before the lists' offsets take their place.
func (lb *listBuilder) order(positions int, last bool) (end, games []uint32) {
	// end[pos] is where the games of pos start, then once they are in
	// place where they end.
	end = make([]uint32, positions+1)
	for _, p := range lb.pairs {
		end[p>>32+1]++
	}
	for i := 1; i <= positions; i++ {
		end[i] += end[i-1]
	}
	games = make([]uint32, len(lb.pairs))
	for _, p := range lb.pairs {
		at := &end[p>>32]
		games[*at] = uint32(p)
		*at++
	}
	if last {
		lb.pairs = nil
	} else {
		lb.pairs = lb.pairs[:0]
	}
	return end[:positions], games
}

// eachList calls each with every position that has games and its games,
// as order gives them.
func eachList(end, games []uint32, each func(pos uint32, games []uint32) error) error {
	from := uint32(0)
	for pos, to := range end {
		if from < to {
			if err := each(uint32(pos), games[from:to]); err != nil {
				return err
			}
		}
		from = to
	}
	return nil
}

// spillRun writes the pairs held as a run: for each position, the gap
// from the previous position id, the number of games and their numbers
// delta-coded.
func (lb *listBuilder) spillRun() error {
	if lb.spill == nil {
		f, err := newScratch(lb.dir)
		if err != nil {
			return err
		}
		lb.spill, lb.w = f, newVarintWriter(f)
	}
	positions := 0
	for _, p := range lb.pairs {
		positions = max(positions, int(p>>32)+1)
	}
	put := lb.w.put
	prev := uint32(0)
	end, games := lb.order(positions, false)
	err := eachList(end, games, func(pos uint32, games []uint32) error {
		put(uint64(pos - prev))
		put(uint64(len(games)))
		last := uint32(0)
		for _, g := range games {
			put(uint64(g - last))
			last = g
		}
		prev = pos
		return nil
	})
	if err == nil {
		err = lb.w.flush()
	}
	lb.runs = append(lb.runs, lb.w.size())
	return err
}

// finish writes the lists of all kept games (indexes below positions)
// to out, in order, and returns where each one starts from where out
// was (offsets[id]; offsets[positions] is the end) and how many games
// each has.
func (lb *listBuilder) finish(positions int, out *varintWriter) (offsets []int64, counts []uint32, err error) {
	put := out.put
	base := out.size()
	if lb.spill == nil {
		end, games := lb.order(positions, true)
		offsets = make([]int64, positions+1)
		counts = make([]uint32, positions)
		at := 0
		err := eachList(end, games, func(pos uint32, games []uint32) error {
			for ; at <= int(pos); at++ {
				offsets[at] = out.size() - base
			}
			counts[pos] = uint32(len(games))
			last := uint32(0)
			for _, g := range games {
				put(uint64(g - last))
				last = g
			}
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
		for ; at <= positions; at++ {
			offsets[at] = out.size() - base
		}
		return offsets, counts, out.err
	}
	if len(lb.pairs) > 0 {
		if err := lb.spillRun(); err != nil {
			return nil, nil, err
		}
	}
	lb.pairs = nil
	offsets = make([]int64, positions+1)
	counts = make([]uint32, positions)
	// The runs whose next games are of the lowest kept game come first,
	// in run order for the same kept game: the runs hold games in file
	// order, each one's games for a kept game come after those of the
	// runs before. A file of hundreds of runs does not look at each of
	// them for each of its kept games.
	var waiting runHeap
	from := int64(0)
	for i, end := range lb.runs {
		r := newRun(io.NewSectionReader(lb.spill, from, end-from))
		r.seq = i
		if err := r.head(); err != nil {
			return nil, nil, err
		}
		if r.count > 0 {
			waiting = append(waiting, r)
		}
		from = end
	}
	heap.Init(&waiting)
	for pos := range positions {
		offsets[pos] = out.size() - base
		last := uint32(0)
		for len(waiting) > 0 && waiting[0].pos == uint32(pos) {
			r := waiting[0]
			counts[pos] += uint32(r.count)
			for range r.count {
				g, err := r.next()
				if err != nil {
					return nil, nil, err
				}
				put(uint64(g - last))
				last = g
			}
			if err := r.head(); err != nil {
				return nil, nil, err
			}
			if r.count > 0 && r.pos > uint32(pos) {
				heap.Fix(&waiting, 0)
			} else {
				// Over, or a run that goes back (never written so):
				// what it has left is not read.
				heap.Pop(&waiting)
			}
		}
	}
	offsets[positions] = out.size() - base
	return offsets, counts, out.err
}

// written reports whether any pair was added.
func (lb *listBuilder) written() bool { return len(lb.pairs) > 0 || lb.spill != nil }

// close removes the spill file.
func (lb *listBuilder) close() {
	if lb.spill != nil {
		lb.spill.Close()
		lb.spill = nil
	}
}

// run reads back a run of the spill file, through a buffer of its own:
// the merge reads hundreds of millions of varints, most of a byte.
type run struct {
	r     io.Reader
	buf   []byte
	at    int    // of the next byte in buf
	eof   bool   // r has no more
	err   error  // of r, other than io.EOF
	pos   uint32 // the position whose games come next
	count int    // how many; 0 once the run is over
	last  uint32 // the last game read
	seq   int    // the run's place in the spill file
}

// runHeap orders runs by their next position, then by their place in
// the spill file (container/heap).
type runHeap []*run

func (h runHeap) Len() int { return len(h) }
func (h runHeap) Less(i, j int) bool {
	return h[i].pos < h[j].pos || h[i].pos == h[j].pos && h[i].seq < h[j].seq
}
func (h runHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *runHeap) Push(x any)   { *h = append(*h, x.(*run)) }
func (h *runHeap) Pop() any {
	old := *h
	r := old[len(old)-1]
	*h = old[:len(old)-1]
	return r
}

func newRun(r io.Reader) *run {
	return &run{r: r, buf: make([]byte, 0, 1<<16)}
}

// uvarint reads a varint; io.EOF at the end of the run.
func (r *run) uvarint() (uint64, error) {
	if r.at < len(r.buf) && r.buf[r.at] < 0x80 {
		r.at++
		return uint64(r.buf[r.at-1]), nil
	}
	if len(r.buf)-r.at < binary.MaxVarintLen64 && !r.eof {
		n := copy(r.buf[:cap(r.buf)], r.buf[r.at:])
		r.buf, r.at = r.buf[:n], 0
		for len(r.buf) < cap(r.buf) && !r.eof {
			k, err := r.r.Read(r.buf[len(r.buf):cap(r.buf)])
			r.buf = r.buf[:len(r.buf)+k]
			if err == io.EOF {
				r.eof = true
			} else if err != nil {
				r.eof, r.err = true, err
			}
		}
	}
	if r.at == len(r.buf) {
		if r.err != nil {
			return 0, r.err
		}
		return 0, io.EOF
	}
	v, k := binary.Uvarint(r.buf[r.at:])
	if k <= 0 {
		return 0, errCorrupt
	}
	r.at += k
	return v, nil
}

// head reads the next position of the run and its number of games.
func (r *run) head() error {
	d, err := r.uvarint()
	if err == io.EOF {
		r.count = 0
		return nil
	}
	n, err2 := r.uvarint()
	if err != nil || err2 != nil || n == 0 {
		return errCorrupt
	}
	r.pos += uint32(d)
	r.count, r.last = int(n), 0
	return nil
}

func (r *run) next() (uint32, error) {
	d, err := r.uvarint()
	if err != nil {
		return 0, errCorrupt
	}
	r.last += uint32(d)
	return r.last, nil
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

// reset makes r read the list of count games in lists[from:to].
func (r *listReader) reset(from, to int64, count uint32) {
	r.from, r.to, r.buf, r.at, r.last, r.left = from, to, r.block[:0], 0, 0, count
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
