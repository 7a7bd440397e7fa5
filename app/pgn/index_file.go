package pgn

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"
)

// Indexing a file on every processor: the file is cut into sections at
// likely starts of games (Cut), one goroutine per processor reads the
// headers of a section's games (SectionReader), and the goroutine that
// calls Run takes the sections in file order, as the tree's Build does:
// the games, their numbers, lines, errors and tag ids are those of an
// Indexer reading the file as one stream.

// A section read on its own is long enough that its reader's start and a
// game read twice past its cut cost nothing, short enough that the
// sections read ahead take little memory and that the first games come
// at once.
const (
	firstIndexSection = 64 << 10
	minIndexSection   = 256 << 10
	maxIndexSection   = 1 << 20
)

// indexPart is a section of the file and the headers of its games, read
// by sec: the section's own reader, or the one of the section before.
type indexPart struct {
	seq        int
	start, end int64
	// follows tells a section that starts where no cut was found: the
	// reader of the section before reads it.
	follows bool
	sec     *SectionReader
	// reader is the part's own reader, reset for each section it holds.
	reader SectionReader
	// held: the part was released while its reader is the one the
	// sections that follow on read with (fileIndex.cur); it goes back to
	// the goroutines once another reader takes that place.
	held bool
	// games hold offsets, lengths and plies as an Index does, lines from
	// the start of sec's section, and tags as ids into values: the
	// distinct values of the section, values[0] being "".
	games  []entry
	values []string
	errs   []partErr
	err    error // what ended the reading before the end of the section
}

// partErr is the error of the k-th game of a part; read tells a read
// error that cut it short.
type partErr struct {
	k    int
	err  error
	read bool
}

// partReader reads the headers of a section's games into a part.
type partReader struct {
	values valueTable // the part's values
}

// read reads games with pt.sec until the end of its section, a read
// error or ctx is done, adding them to pt.
func (r *partReader) read(ctx context.Context, pt *indexPart) {
	r.values.reset(&pt.values)
	pt.games, pt.errs, pt.err = pt.games[:0], pt.errs[:0], nil
	done := ctx.Done()
	var h Header
	for {
		select {
		case <-done:
			pt.err = ctx.Err()
			return
		default:
		}
		ok, err := pt.sec.readHeader(&h, true)
		if ok {
			if h.Offset > MaxFileSize {
				pt.err = ErrFileTooLarge
				return
			}
			r.add(pt, &h, err)
		}
		if err != nil {
			if err != io.EOF {
				pt.err = err
			}
			return
		}
	}
}

// add records a game in pt, its tags as the part's ids.
func (r *partReader) add(pt *indexPart, h *Header, readErr error) {
	e := r.values.entry(h)
	switch {
	case h.Err != nil:
		pt.errs = append(pt.errs, partErr{k: len(pt.games), err: h.Err})
	case readErr != nil:
		pt.errs = append(pt.errs, partErr{k: len(pt.games), err: readErr, read: true})
	}
	pt.games = append(pt.games, e)
}

// fileIndex is the state of an Indexer that reads a file in sections.
type fileIndex struct {
	r       io.ReaderAt
	size    int64
	stop    context.CancelFunc // ends the goroutines
	free    chan *indexPart
	results chan *indexPart

	pending  map[int]*indexPart
	next     int            // the seq of the next part to take
	cur      *SectionReader // the reader of the games taken last
	curPart  *indexPart     // the part whose reader cur is
	base     int            // the line where cur's section starts
	ids      []uint32       // the index's ids of a part's values
	again    *indexPart     // a part read on by the reader before
	rereader partReader
}

// NewFileIndexer returns an Indexer reading r, a file of size bytes, on
// every processor. Run calls pause after the games of each section (a
// megabyte or two) rather than after each game, and, once it took games,
// now and then while it waits for a section. The goroutines end when
// the file is indexed, when Run returns an error, or when ctx is done;
// Run must be called with ctx or a context that ends with it.
func NewFileIndexer(ctx context.Context, r io.ReaderAt, size int64) *Indexer {
	return newFileIndexer(ctx, r, size, 0)
}

// newFileIndexer is NewFileIndexer with sections of about section bytes
// (0: from the size of the file).
func newFileIndexer(ctx context.Context, r io.ReaderAt, size, section int64) *Indexer {
	ix := &Indexer{}
	ix.values.reset(&ix.x.values)
	ctx, stop := context.WithCancel(ctx)
	workers := max(1, runtime.GOMAXPROCS(0))
	fi := &fileIndex{r: r, size: size, stop: stop, pending: map[int]*indexPart{}, base: 1}
	// Two sections a worker at most wait to be taken: the memory of the
	// sections read ahead is bounded.
	fi.free = make(chan *indexPart, 2*workers+2)
	for range cap(fi.free) {
		fi.free <- &indexPart{}
	}
	fi.results = make(chan *indexPart, cap(fi.free))
	jobs := make(chan *indexPart, workers)
	first := section
	if section <= 0 {
		// Eight sections a goroutine at least, for the last ones to
		// end together; a short first one, for the first games to
		// come at once.
		section = min(max(size/int64(8*workers), minIndexSection), maxIndexSection)
		first = firstIndexSection
	}
	go func() {
		fi.cut(ctx, first, section, jobs)
		close(jobs)
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			var pr partReader
			for pt := range jobs {
				if !pt.follows {
					pt.reader.reset(r, size, pt.start, pt.end)
					pt.sec = &pt.reader
					pr.read(ctx, pt)
				}
				fi.results <- pt
			}
		})
	}
	go func() {
		wg.Wait()
		close(fi.results)
	}()
	ix.file = fi
	return ix
}

// cut cuts the file into sections of about size bytes (the first one
// first bytes) and sends them in order to jobs, in parts taken from free,
// until the end of the file or ctx is done. A cut is looked for in the
// size bytes past the section's length: past them, the next section
// follows on, for the reader before to read. Where the file cannot be
// read to find a cut, the rest of it is one section, whose reader meets
// the error where a reader of the whole file would.
func (fi *fileIndex) cut(ctx context.Context, first, size int64, jobs chan<- *indexPart) {
	start, follows := int64(0), false
	for seq := 0; start < fi.size; seq++ {
		length := size
		if seq == 0 {
			length = first
		}
		limit := min(fi.size, start+length+size)
		end, err := Cut(fi.r, start+length, limit)
		if err != nil {
			end, limit = fi.size, fi.size
		}
		var pt *indexPart
		select {
		case pt = <-fi.free:
		case <-ctx.Done():
			return // the reading ended: nothing is waiting
		}
		pt.seq, pt.start, pt.end, pt.follows = seq, start, end, follows
		select {
		case jobs <- pt:
		case <-ctx.Done():
			return
		}
		start, follows = end, end == limit
	}
}

// waitTick is how often Run, waiting for a section, asks whether to
// pause: a game may run on for gigabytes.
const waitTick = 10 * time.Millisecond

// errPause stops take when pause asked to.
var errPause = errors.New("paused")

// take returns the next part in file order, read by the reader of its
// section or, when a game of the section before runs past its start,
// read again by that reader; nil at the end of the file. While it waits
// for the section to be read, it asks pause now and then, and returns
// errPause when it says so.
func (fi *fileIndex) take(ctx context.Context, pause func() bool) (*indexPart, error) {
	var tick *time.Ticker
	for fi.pending[fi.next] == nil {
		if tick == nil {
			tick = time.NewTicker(waitTick)
			defer tick.Stop()
		}
		select {
		case pt, ok := <-fi.results:
			if !ok {
				return nil, nil
			}
			fi.pending[pt.seq] = pt
		case <-tick.C:
			if pause() {
				return nil, errPause
			}
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	pt := fi.pending[fi.next]
	delete(fi.pending, fi.next)
	fi.next++
	switch {
	case fi.cur == nil:
	case !pt.follows && pt.start == fi.cur.Stop():
		fi.base += fi.cur.stopLine - 1
	default:
		// The section's games, if read, are dropped: the reader before
		// reads on.
		fi.cur.Extend(pt.end)
		if fi.again == nil {
			fi.again = &indexPart{}
		}
		again := fi.again
		again.seq, again.start, again.end, again.sec = pt.seq, pt.start, pt.end, fi.cur
		fi.release(pt)
		fi.rereader.read(ctx, again)
		return again, nil
	}
	if old := fi.curPart; old != nil && old.held {
		old.held, old.sec = false, nil
		fi.free <- old
	}
	fi.cur, fi.curPart = pt.sec, pt
	return pt, nil
}

// release gives a part taken back to the goroutines, once its reader is
// no longer the one the sections that follow on read with.
func (fi *fileIndex) release(pt *indexPart) {
	switch pt {
	case fi.again:
	case fi.curPart:
		pt.held = true
	default:
		pt.sec = nil
		fi.free <- pt
	}
}

// runFile is Run for a file read in sections.
func (ix *Indexer) runFile(ctx context.Context, pause func() bool) error {
	fi := ix.file
	done := ctx.Done()
	// While it waits, pause is asked only once games came, as it is
	// after a game.
	from := ix.x.games.n
	waiting := func() bool { return ix.x.games.n > from && pause != nil && pause() }
	for {
		select {
		case <-done:
			return ctx.Err()
		default:
		}
		pt, err := fi.take(ctx, waiting)
		switch {
		case err == errPause:
			return nil
		case err != nil && err == ctx.Err():
			return err
		case err != nil:
			return ix.endFile(err)
		case pt == nil:
			ix.in.n = fi.size
			return ix.endFile(io.EOF)
		}
		ix.addPart(pt)
		if pt.err != nil {
			return ix.endFile(pt.err)
		}
		ix.in.n = max(ix.in.n, pt.end)
		fi.release(pt)
		if pause != nil && pause() {
			return nil
		}
	}
}

// addPart adds the games of a part to the index.
func (ix *Indexer) addPart(pt *indexPart) {
	fi := ix.file
	// The part's values are numbered as they first come in it: those new
	// to the index get their ids in the order a reading of the whole
	// file gives them.
	fi.ids = fi.ids[:0]
	for _, v := range pt.values {
		fi.ids = append(fi.ids, ix.values.id(v))
	}
	first := ix.x.games.n
	for _, pe := range pt.errs {
		i := first + pe.k
		line := int64(pt.games[pe.k].line) + int64(fi.base) - 1
		err := pe.err
		if pe.read {
			err = fmt.Errorf("game %d, line %d: %w", i+1, line, pe.err)
		} else if se, ok := err.(*SyntaxError); ok {
			// Numbered from the start of the section: from the start
			// of the file.
			numbered := *se
			numbered.Game = i + 1
			numbered.Line += fi.base - 1
			err = &numbered
		}
		ix.x.errs = append(ix.x.errs, GameError{Index: i, Err: err})
	}
	for k := range pt.games {
		e := &pt.games[k]
		for f, id := range e.tags {
			e.tags[f] = fi.ids[id]
		}
		e.line = saturate(int64(e.line) + int64(fi.base) - 1)
		ix.in.n = max(ix.in.n, e.off()+int64(e.length))
	}
	ix.x.games.addAll(pt.games)
}

// endFile ends the indexing with err, and the goroutines with it.
func (ix *Indexer) endFile(err error) error {
	ix.file.stop()
	ix.end = err
	ix.values = valueTable{}
	return err
}

// BuildFileIndex indexes every game of r, a file of size bytes, on every
// processor. On a read error or when ctx is done, it returns the games
// indexed until then with the error.
func BuildFileIndex(ctx context.Context, r io.ReaderAt, size int64) (*Index, error) {
	ix := NewFileIndexer(ctx, r, size)
	err := ix.Run(ctx, nil)
	if err == io.EOF {
		err = nil
	}
	return ix.Index(), err
}
