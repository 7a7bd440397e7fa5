package explore

import (
	"cmp"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"sync"

	"github.com/echiquier/echiquier/app/pgn"
	"github.com/echiquier/echiquier/app/safefile"
)

// Build reads every game of the PGN file at path and records the
// positions along each game's main line. progress, when not nil, is
// called now and then with the bytes read and the file's size, from the
// goroutine that called Build. When ctx is done, Build returns the tree
// of the games read until then with ctx.Err(); on a read error, with
// that error.
//
// The file is cut into sections at likely starts of games (pgn.Cut); one
// goroutine per processor reads a section and replays its games with
// app/game's move generator, and Build's own goroutine gathers the
// positions, section after section in file order, so that games are
// numbered as a reading of the whole file numbers them: memory is the
// tree's, plus the few sections read ahead, a bounded buffer of game lists
// that spills to a temporary file for very large files, and the
// positions of the first games (at most 64 MB) to recognise them when
// the file has them again.
//
// A file that changes while it is read (another program writes it) would
// give a tree of neither version: the tree is built again, once; a file
// changed again meanwhile gives its tree with ErrFileChanged. The
// progress then starts again from 0.
func Build(ctx context.Context, path string, progress func(done, total int64)) (*Tree, error) {
	return buildSettled(ctx, path, progress, options{})
}

// ErrUnwanted, as the cause of a build's context (context.WithCancelCause),
// says that nobody wants the tree any more (its window shows another
// file): the build stops at once, and returns no tree.
var ErrUnwanted = errors.New("the opening tree is not wanted any more")

// unwanted reports whether the tree built under ctx is not wanted.
func unwanted(ctx context.Context) bool { return errors.Is(context.Cause(ctx), ErrUnwanted) }

// buildTries is how many times a tree is built when its file changes
// while it is read: a file changed once (a game saved into it) gets the
// tree of its new version; one that keeps changing (a download under
// way) does not keep its tree being built.
const buildTries = 2

// buildAgain reports whether the try-th build, which ended with err, is
// made again: its file changed while it was read.
func buildAgain(ctx context.Context, err error, try int) bool {
	return errors.Is(err, ErrFileChanged) && try < buildTries && ctx.Err() == nil
}

// buildSettled is build, made again when the file changed while it was
// read.
func buildSettled(ctx context.Context, path string, progress func(done, total int64), opt options) (*Tree, error) {
	for try := 1; ; try++ {
		t, err := build(ctx, path, progress, opt)
		if !buildAgain(ctx, err, try) {
			return t, err
		}
		t.Close()
	}
}

// options are the choices of build that Build makes for its callers.
type options struct {
	// dir is where temporary files go ("": the system's temporary
	// directory).
	dir string
	// out, when not nil, is the file the tree is written to (a file of
	// the cache being built); else a temporary file in dir.
	out *os.File
	// maxRecords is the number of records held in memory before they
	// spill to disk (0: recordsFor the file's size).
	maxRecords int
	// maxPairs is the number of numbers of games that came again held in
	// memory before they spill to disk (0: maxPairs).
	maxPairs int
	// maxSeen is the number of games kept to recognise them when they
	// come again (0: maxKept).
	maxSeen int
	// maxBlocks is the most blocks of games the static functions name
	// (0: maxGameBlocks).
	maxBlocks int
	// section is the length of the sections read on their own
	// (0: from the size of the file).
	section int64
}

// batchGames is how many games a goroutine reads before it replays them:
// enough to ask about the games seen before at once, few enough that the
// games read and not yet replayed take little memory. A section's reader
// makes the blocks of the moves of its first two batches anew (its store
// keeps them for reuse from its first Recycle on): small batches spare
// the collector most of them (the corpus's build allocates 409 MB with 16
// games a batch, 473 MB with 64; a file of repeated games, 30 % less).
const batchGames = 16

// Flags of a ply.
const (
	newPos  = 1 << iota // the game had not been in the position before
	newEdge             // nor played the move from it
)

// ply is a position of a game's main line and the move played from it
// (0 at the end of the line).
type ply struct {
	hash  uint64
	move  uint16
	flags uint8
}

// result of a game, by its Result tag.
const (
	noResult = iota
	whiteWins
	draw
	blackWins
)

// record is what the tree keeps of a game: its result, the players'
// ratings (0: unknown) and its plies, plies[from:to] of its batch.
type record struct {
	// key is the hash of the moves of a game that can be recognised
	// when it comes again (gameKey), or 0; known tells that it was, by
	// the replaying goroutine: the game was not replayed and has no
	// plies.
	key      uint64
	known    bool
	skipped  bool
	offset   int64 // of the game in the file
	black    bool  // Black moves first (a set-up position)
	result   uint8
	elo      [2]uint16
	from, to int
}

// batch is a section of the file: its games, read by sec, the
// section's own reader or the one of the section before.
type batch struct {
	seq        int
	first      int // number of the first game
	start, end int64
	sec        *pgn.SectionReader
	err        error       // what stopped the reading before the end of the section
	games      []*pgn.Game // the games being replayed; nil: a game the reader could not read
	offsets    []int64     // where each of them starts in the file
	recs       []record
	plies      []ply
	// part is the section's share of the CRC-64 of the file (see
	// sectionSum.part), which its reader sums as it reads.
	part uint64
}

func resultOf(tag string) uint8 {
	switch tag {
	case "1-0":
		return whiteWins
	case "1/2-1/2":
		return draw
	case "0-1":
		return blackWins
	}
	return noResult
}

// eloOf reads a rating tag; 0 when it gives none.
func eloOf(tag string) uint16 {
	n, err := strconv.Atoi(tag)
	if err != nil || n <= 0 || n > 4000 {
		return 0
	}
	return uint16(n)
}

// builder gathers the records of the games' plies, in file order.
type builder struct {
	runs *runs
	// again holds, by kept game, the numbers of the games that had its
	// moves again.
	again   listBuilder
	seen    *gameCache
	offsets gameOffsets
	games   int
	// skipped counts the unreadable games, repeats those recognised.
	skipped, repeats int
}

// maxGameBlocks is how many blocks of games the static functions name at
// most, in 16 bits: a file of more games has blocks of two games, four...
const maxGameBlocks = 1 << 16

// gameOffsets holds where each block of games starts in the file: the
// offset of game 1, 1+1<<shift, 1+2<<shift...
type gameOffsets struct {
	at    []int64
	shift uint
	max   int
}

// add takes the offset of game number; the blocks double when there are
// too many.
func (o *gameOffsets) add(number int, offset int64) {
	for (number-1)&(1<<o.shift-1) == 0 {
		if len(o.at) < o.max {
			o.at = append(o.at, offset)
			return
		}
		n := (len(o.at) + 1) / 2
		for i := range n {
			o.at[i] = o.at[2*i]
		}
		o.at = o.at[:n]
		o.shift++
	}
}

// add records the games of a batch.
func (b *builder) add(bt *batch) error {
	for k, rec := range bt.recs {
		number := bt.first + k
		b.games = number
		b.offsets.add(number, rec.offset)
		if rec.skipped {
			b.skipped++
			continue
		}
		// A record known to its replaying goroutine is always found
		// here: games stay kept once kept.
		if rec.key != 0 {
			if g, ok := b.seen.lookup(rec.key); ok {
				b.repeats++
				if err := b.seen.again(g, &rec, number, &b.again); err != nil {
					return err
				}
				continue
			}
			b.seen.keep(rec.key, number)
		}
		mover := uint16(0)
		if rec.black {
			mover = blackMoves
		}
		for _, q := range bt.plies[rec.from:rec.to] {
			flags := q.flags & (newPos | newEdge)
			if q.move == 0 {
				flags &^= newEdge
			}
			if flags != 0 {
				elo := rec.elo[0]
				if mover != 0 {
					elo = rec.elo[1]
				}
				r := plyRec{hash: q.hash, game: uint32(number), move: q.move | mover, aux: recAux(flags, rec.result, elo)}
				if err := b.runs.add(r); err != nil {
					return err
				}
			}
			mover ^= blackMoves
		}
	}
	return nil
}

// build builds the tree of the file at path, once: ErrFileChanged when
// the file changed while it was read.
func build(ctx context.Context, path string, progress func(done, total int64), opt options) (*Tree, error) {
	f, err := safefile.OpenRead(path)
	if err != nil {
		return nil, err
	}
	// The tree keeps the file it is built of, to replay its games.
	defer func() {
		if f != nil {
			f.Close()
		}
	}()
	key, err := keyOfFile(f)
	if err != nil {
		return nil, err
	}
	total := key.Size
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	opt.defaults()
	opt.maxRecords = cmp.Or(opt.maxRecords, recordsFor(total))
	b := &builder{runs: newRuns(opt.maxRecords, opt.dir), again: listBuilder{max: opt.maxPairs, dir: opt.dir},
		seen: newGameCache(opt.maxSeen), offsets: gameOffsets{max: opt.maxBlocks}}
	defer b.runs.close()
	defer b.again.close()
	// The reading takes most of the work; the merge, some part of it.
	reading := func(done int64) {
		if progress != nil {
			progress(done-done/readShare, total)
		}
	}

	// One worker a processor, however many threads run Go code (one more
	// in the program: main.go): each holds a batch of games read.
	workers := max(1, min(runtime.GOMAXPROCS(0), runtime.NumCPU()))
	if opt.section == 0 {
		// Eight sections a goroutine at least, for the last ones to end
		// together.
		opt.section = min(max(total/int64(8*workers), minSection), maxSection)
	}
	// The batches are the sections under way: taking one from free
	// before reading a section bounds the memory of those read ahead of
	// the one the builder waits for.
	free := make(chan *batch, 2*workers+2)
	for range cap(free) {
		free <- &batch{games: make([]*pgn.Game, 0, batchGames)}
	}
	jobs := make(chan *batch, workers)
	results := make(chan *batch, cap(free))
	var cutErr error
	var wg sync.WaitGroup
	wg.Go(func() { cutErr = cutSections(ctx, f, total, opt.section, jobs, free) })
	var replaying sync.WaitGroup
	for range workers {
		replaying.Go(func() {
			r := newReplayer(b.seen)
			for bt := range jobs {
				sum := newSectionSum(f, bt.start, bt.end)
				bt.sec = pgn.NewSectionReader(sum, total, bt.start, bt.end)
				r.section(ctx, bt)
				if bt.err == nil {
					bt.part, bt.err = sum.part(total)
				}
				results <- bt
			}
		})
	}
	go func() {
		replaying.Wait()
		close(results)
	}()

	// The sections are taken in file order. A section whose first game
	// is not where the reader of the section before stopped is read again
	// by that reader (pgn.Cut, pgn.SectionReader): a game of the section
	// before runs on past the cut.
	var again *replayer
	var cur *pgn.SectionReader
	pending := map[int]*batch{}
	next := 0
	var readErr, addErr error
	stopped := false
	var content uint64 // the CRC-64 of the file
	for bt := range results {
		pending[bt.seq] = bt
		for bt := pending[next]; bt != nil; bt = pending[next] {
			delete(pending, next)
			next++
			if !stopped {
				if cur != nil && bt.start != cur.Stop() {
					if again == nil {
						again = newReplayer(b.seen)
					}
					cur.Extend(bt.end)
					bt.sec, bt.err = cur, nil
					bt.recs, bt.plies = bt.recs[:0], bt.plies[:0]
					again.section(ctx, bt)
				}
				cur = bt.sec
				bt.first = b.games + 1
				content ^= bt.part
				switch err := b.add(bt); {
				case err != nil:
					addErr, stopped = err, true
					cancel()
				case bt.err != nil:
					readErr, stopped = bt.err, true
					cancel()
				default:
					reading(bt.end)
				}
			}
			bt.sec = nil
			free <- bt
		}
	}
	wg.Wait()
	if addErr != nil {
		return nil, addErr
	}
	if readErr == nil {
		readErr = cutErr
	}
	if unwanted(ctx) {
		return nil, context.Cause(ctx)
	}
	h := header{Source: key, Content: content, Games: int64(b.games), Skipped: int64(b.skipped), Repeats: int64(b.repeats)}
	t, err := b.finish(ctx, &h, abs, opt, func(done, of int64) {
		if progress != nil && of > 0 {
			progress(total-total/readShare+(total/readShare)*done/of, total)
		}
	})
	if err != nil {
		return nil, err
	}
	t.pgn, f = f, nil
	if !unchanged(t.pgn, path, key) {
		// Rewritten in place, its sections may be of two versions;
		// replaced, the tree is of the file that was.
		return t, ErrFileChanged
	}
	return t, readErr
}

// readShare is the part of a build's progress that the merge takes: a
// fifth.
const readShare = 5

// defaults puts the defaults in the choices not made.
func (o *options) defaults() {
	o.maxPairs = cmp.Or(o.maxPairs, maxPairs)
	o.maxSeen = cmp.Or(o.maxSeen, maxKept)
	o.maxBlocks = cmp.Or(o.maxBlocks, maxGameBlocks)
}

// finish merges the records into the tree's file (opt.out, or a
// temporary file in opt.dir), whose header is h, of the PGN file at abs,
// telling progress how many records of all it merged; and returns the
// tree, read back from its file.
func (b *builder) finish(ctx context.Context, h *header, abs string, opt options, progress func(done, of int64)) (*Tree, error) {
	out := opt.out
	var closer io.Closer = out
	if out == nil {
		sc, err := newScratch(opt.dir)
		if err != nil {
			return nil, err
		}
		out, closer = sc.File, sc
	}
	fail := func(err error) (*Tree, error) {
		if opt.out == nil {
			closer.Close()
		}
		return nil, err
	}
	w, err := newTreeWriter(out, opt.dir)
	if err != nil {
		return fail(err)
	}
	defer w.close()
	b.seen.settle(b.games)
	h.GameShift = int64(b.offsets.shift)
	if err := b.write(ctx, w, h, progress); err != nil {
		return fail(err)
	}
	if err := w.finish(h, b.offsets.at, abs); err != nil {
		return fail(err)
	}
	st, err := out.Stat()
	if err != nil {
		return fail(err)
	}
	t, err := readTree(out, st.Size(), h.Source)
	if err != nil {
		return fail(err)
	}
	t.closer, t.repeats = closer, b.repeats
	return t, nil
}

// write merges the records into w, position after position, and then
// writes the games that came again. It stops when the tree is unwanted
// (ctx).
func (b *builder) write(ctx context.Context, w *treeWriter, h *header, progress func(done, of int64)) error {
	m, err := b.runs.merged()
	if err != nil {
		return err
	}
	withListed := b.repeats > 0
	var p posAcc
	done, of := int64(0), b.runs.n
	for {
		r, ok, err := m.next()
		if err != nil {
			return err
		}
		if p.on && (!ok || r.hash != p.hash) {
			if err := p.write(w, h, b.offsets.shift, withListed); err != nil {
				return err
			}
		}
		if !ok {
			break
		}
		if !p.on {
			p.start(r.hash, w.listAt())
		}
		p.add(&r, b.seen, w.lists)
		if done++; done&(1<<16-1) == 0 {
			if unwanted(ctx) {
				return context.Cause(ctx)
			}
			progress(done, of)
		}
	}
	// The lists of the games that came again, then their records.
	kept := len(b.seen.games)
	from := w.listAt()
	offsets, counts, err := b.again.finish(kept, w.lists)
	if err != nil {
		return err
	}
	for k, c := range counts {
		if c == 0 {
			continue
		}
		kg := &b.seen.games[k]
		if err := w.repeated(kg.number, &b.seen.reps[kg.reps], from+offsets[k], offsets[k+1]-offsets[k]); err != nil {
			return err
		}
	}
	progress(of, of)
	return nil
}

// posAcc gathers the records of a position as the merge gives them, in
// game order.
type posAcc struct {
	on        bool
	hash      uint64
	classes   uint64 // games on its list: those not recognised as repeats
	count     uint64 // all its games
	first     uint32 // the first game
	last      uint32 // the last game listed
	listStart int64
	moves     []edge
}

func (p *posAcc) start(h uint64, listStart int64) {
	*p = posAcc{on: true, hash: h, listStart: listStart, moves: p.moves[:0]}
}

// add adds a record; the games of a position reached by several are
// written to lists as they come.
func (p *posAcc) add(r *plyRec, seen *gameCache, lists *varintWriter) {
	reps := seen.repeatsOf(r.game)
	if r.newPos() {
		p.classes++
		p.count++
		if reps != nil {
			p.count += uint64(reps.games)
		}
		switch p.classes {
		case 1:
			p.first = r.game
		case 2:
			lists.put(uint64(p.first))
			p.last = p.first
			fallthrough
		default:
			lists.put(uint64(r.game - p.last))
			p.last = r.game
		}
	}
	if r.newEdge() {
		m := r.played()
		k := slices.IndexFunc(p.moves, func(e edge) bool { return e.move == m })
		if k < 0 {
			p.moves = append(p.moves, edge{move: m})
			k = len(p.moves) - 1
		}
		e := &p.moves[k]
		e.count(r.result(), r.elo())
		if reps != nil {
			e.again(reps, r.mover())
		}
	}
}

// write writes the position gathered, and counts it in h.
func (p *posAcc) write(w *treeWriter, h *header, shift uint, withListed bool) error {
	p.on = false
	h.Positions++
	if p.classes == 1 {
		return w.single(p.hash, uint16((p.first-1)>>shift))
	}
	h.Shared++
	return w.shared(p.hash, p.count, p.classes, withListed, p.listStart, w.listAt()-p.listStart, p.moves)
}

// A section of the file, which a goroutine reads and replays on its own,
// is long enough that the reader's start, and the games past its cut
// read twice, cost nothing; short enough that the sections read ahead
// take little memory and share the work of a small file.
const (
	minSection = 256 << 10
	maxSection = 512 << 10
)

// cutSections cuts the file into sections of about size bytes at likely
// starts of games, and sends them in order to jobs in batches taken from
// free, until the end of the file or ctx is done.
func cutSections(ctx context.Context, f io.ReaderAt, total, size int64, jobs chan<- *batch, free <-chan *batch) error {
	defer close(jobs)
	start := int64(0)
	for seq := 0; start < total; seq++ {
		end, err := pgn.Cut(f, start+size, total)
		if err != nil {
			return err
		}
		var bt *batch
		select {
		case bt = <-free:
		case <-ctx.Done():
			return ctx.Err()
		}
		bt.seq, bt.start, bt.end, bt.err = seq, start, end, nil
		bt.recs, bt.plies = bt.recs[:0], bt.plies[:0]
		select {
		case jobs <- bt:
		case <-ctx.Done():
			return ctx.Err()
		}
		start = end
	}
	return nil
}

// section reads and replays the games of bt's section with bt.sec, from
// where it is, adding them to the batch. It stops at the end of the
// section, on a read error or when ctx is done, which it records in
// bt.err; the games before are in the batch.
func (r *replayer) section(ctx context.Context, bt *batch) {
	for {
		if err := ctx.Err(); err != nil {
			bt.err = err
			return
		}
		bt.games, bt.offsets = bt.games[:0], bt.offsets[:0]
		end := false
		for len(bt.games) < batchGames {
			pg, err := bt.sec.Next()
			if pg == nil {
				if err != io.EOF {
					bt.err = err
				}
				end = true
				break
			}
			bt.offsets = append(bt.offsets, pg.Offset)
			if err != nil {
				pg = nil // a syntax error, or a read error that cut the game short
			}
			bt.games = append(bt.games, pg)
		}
		r.replay(bt)
		bt.sec.Recycle() // the games replayed are done with
		if end || bt.err != nil {
			return
		}
	}
}
