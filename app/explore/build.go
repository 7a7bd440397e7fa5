package explore

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
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
	// lists, when not nil, is the cache file the game lists are written
	// to, at its current offset.
	lists *os.File
	// maxPairs is the number of game-list entries held in memory before
	// they spill to disk (0: maxPairs).
	maxPairs int
	// maxPositions is the number of positions the tree may hold (0:
	// MaxPositions).
	maxPositions int
	// maxSeen is the number of plies of games kept to recognise them
	// when they come again (0: maxSeenPlies).
	maxSeen int
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
	black    bool // Black moves first (a set-up position)
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

// builder gathers the positions of the games, in file order. The moves
// hang from their position (posSlot.head, then next) so that a ply costs
// two misses of the processor's cache, one for the position and one for
// the move with its counts.
type builder struct {
	pos   table
	edges edgeTable
	lists listBuilder
	// again holds, by kept game, the numbers of the games that had its
	// moves again.
	again listBuilder
	seen  *gameCache
	games int
	// skipped counts the unreadable games, repeats those recognised.
	skipped, repeats int
	maxPositions     int
	loaded           uint64 // what prefetch read: kept, the reads are made
}

// MaxPositions is how many positions a tree holds at most: about a
// gigabyte of memory with their moves. A file of the same games over and
// over (the corpus a hundred times: 2.2 million positions) is far from
// it; a database of millions of different games, whose every game brings
// some sixty positions no other game reached, comes to it after some
// 200,000 games.
const MaxPositions = 12 << 20

// ErrTooManyPositions ends the build of a file that has more positions
// than a tree holds (MaxPositions): the tree has the games before the
// first that would have gone beyond.
var ErrTooManyPositions = errors.New("the file has more positions than an opening tree holds")

// reserve makes room for n positions and their moves, and the game lists
// of plies plies. Positions have a move and a tenth on average (1.08 in
// the corpus): most are reached by one game. The kept games grow as they
// come: most files repeat few.
func (b *builder) reserve(n, plies int) {
	b.pos.reserve(n)
	b.edges.slots = make([]edgeSlot, 0, n+n/4)
	b.lists.pairs = make([]uint64, 0, min(plies, b.lists.max))
}

// edge returns the index of move m from the position of s, adding it
// when new.
func (b *builder) edge(s *posSlot, m uint16) uint32 {
	ei := s.head
	for ei != noEdge && b.edges.slots[ei].move != m {
		ei = b.edges.slots[ei].next
	}
	if ei == noEdge {
		ei = b.edges.add(m, s.head)
		s.head = ei
	}
	return ei
}

// add records the games of a batch.
func (b *builder) add(bt *batch) error {
	for k, rec := range bt.recs {
		number := bt.first + k
		b.games = number
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
		}
		if b.pos.n+rec.to-rec.from > b.maxPositions {
			b.games = number - 1
			return ErrTooManyPositions
		}
		keep := rec.key != 0 && b.seen.room(rec.to-rec.from)
		mover := 0
		if rec.black {
			mover = 1
		}
		// What the game adds to a move it plays, by the player who moves.
		counts := [2]edge{ofGame(&rec, 0), ofGame(&rec, 1)}
		plies := bt.plies[rec.from:rec.to]
		b.prefetch(plies)
		if keep {
			b.seen.start()
		}
		for _, q := range plies {
			s := b.pos.slot(q.hash)
			id := s.id
			if q.flags&newPos != 0 {
				if err := b.lists.add(id, uint32(number)); err != nil {
					return err
				}
			}
			ei := noEdge
			if q.move != 0 && q.flags&newEdge != 0 {
				ei = b.edge(s, q.move)
				b.edges.count(ei, &counts[mover])
			}
			if keep {
				b.seen.ply(id, q.flags&newPos != 0, ei)
			}
			mover ^= 1
		}
		if keep {
			b.seen.keep(rec.key, rec.to-rec.from, number)
		}
	}
	return nil
}

// prefetch reads, for each ply of a game, its position's first slot and
// then that position's first move: loads that do not wait for each
// other, which the processor makes together, so that the lookups of the
// game that follow find them in its cache instead of waiting for memory
// one after the other (the corpus's build takes 15 % less time).
func (b *builder) prefetch(plies []ply) {
	if len(b.pos.slots) == 0 {
		return
	}
	var sum uint64
	for _, q := range plies {
		sum += b.pos.home(q.hash).key
	}
	for _, q := range plies {
		if s := b.pos.home(q.hash); s.key == q.hash && s.head != noEdge {
			sum += uint64(b.edges.slots[s.head].games)
		}
	}
	b.loaded = sum
}

// build builds the tree of the file at path, once: ErrFileChanged when
// the file changed while it was read.
func build(ctx context.Context, path string, progress func(done, total int64), opt options) (*Tree, error) {
	f, err := safefile.OpenRead(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	key, err := keyOfFile(f)
	if err != nil {
		return nil, err
	}
	total := key.Size
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	if opt.maxPairs == 0 {
		opt.maxPairs = maxPairs
	}
	if opt.maxSeen == 0 {
		opt.maxSeen = maxSeenPlies
	}
	if opt.maxPositions == 0 {
		opt.maxPositions = MaxPositions
	}
	b := &builder{lists: listBuilder{max: opt.maxPairs, dir: opt.dir}, again: listBuilder{max: opt.maxPairs, dir: opt.dir},
		seen: newGameCache(opt.maxSeen), maxPositions: opt.maxPositions}
	// Room for the plies a file of this size has, about one every eight
	// bytes, and as many positions, up to a point: growing the tables as
	// they fill costs more than the build's other work. Room reserved
	// and not used costs no memory: the system gives pages as they are
	// written.
	plies := int(min(total/8, 1<<30))
	b.reserve(min(plies, 1<<21), plies)
	defer b.lists.close()
	defer b.again.close()

	workers := max(1, runtime.GOMAXPROCS(0))
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
				case errors.Is(err, ErrTooManyPositions):
					readErr, stopped = err, true
					cancel()
				case err != nil:
					addErr, stopped = err, true
					cancel()
				case bt.err != nil:
					readErr, stopped = bt.err, true
					cancel()
				case progress != nil:
					progress(bt.end, total)
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
	t, err := b.tree(opt.dir, opt.lists)
	if err != nil {
		return nil, err
	}
	t.source, t.content = key, content
	if !unchanged(f, path, key) {
		// Rewritten in place, its sections may be of two versions;
		// replaced, the tree is of the file that was.
		return t, ErrFileChanged
	}
	return t, readErr
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
		bt.games = bt.games[:0]
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

// tree finishes the tree: the game lists written out, by position and
// then by kept game that came again. The lists go to out when not nil (a
// cache file, at its current offset), else to memory, or to a temporary
// file in dir when some were spilled already.
func (b *builder) tree(dir string, out *os.File) (*Tree, error) {
	n := b.pos.n
	t := &Tree{games: b.games, skipped: b.skipped, repeats: b.repeats}
	var mem bytes.Buffer
	var w io.Writer = &mem
	base := int64(0)
	var sums *blockSums
	switch {
	case out != nil:
		at, err := out.Seek(0, io.SeekCurrent)
		if err != nil {
			return nil, err
		}
		sums = &blockSums{w: out}
		base, w, t.lists = at, sums, out
	case b.lists.spill != nil || b.again.spill != nil:
		f, err := os.CreateTemp(dir, "echiquier-tree-*.tmp")
		if err != nil {
			return nil, err
		}
		removed := os.Remove(f.Name()) == nil
		w, t.lists, t.closer = f, f, closer(func() error {
			err := f.Close()
			if !removed {
				os.Remove(f.Name())
			}
			return err
		})
	default:
		// About two bytes a game a position; growing costs copies.
		mem.Grow(2 * (len(b.lists.pairs) + len(b.again.pairs)))
	}
	// The lists are written while the moves are put in order: the two
	// share nothing.
	var offsets, repAt []uint64
	var counts, repCount []uint32
	var listErr error
	var writing sync.WaitGroup
	kept := len(b.seen.games)
	writing.Go(func() {
		if offsets, counts, listErr = b.lists.finish(n, w); listErr == nil && b.again.written() {
			repAt, repCount, listErr = b.again.finish(kept, w)
		}
	})

	// The tree keeps the builder's table, and its positions' first
	// moves by id.
	heads := make([]uint32, n)
	for _, s := range b.pos.slots {
		if s.key != 0 {
			heads[s.id] = s.head
		}
	}
	t.pos, b.pos = b.pos, table{}

	b.seen.count(&b.edges)
	t.first, t.edges = heads, edgeTable{slots: slices.Clip(b.edges.slots), wide: b.edges.wide}
	b.edges = edgeTable{}

	writing.Wait()
	if listErr != nil {
		if t.closer != nil {
			t.closer.Close()
		}
		return nil, listErr
	}
	if t.lists == nil {
		t.lists = bytes.NewReader(mem.Bytes())
	}
	t.count, t.listAt = counts, offsets
	if repAt != nil {
		// Only the kept games that came again have a list.
		for k, c := range repCount {
			if c > 0 {
				t.reps = append(t.reps, b.seen.games[k].number)
				t.repAt = append(t.repAt, repAt[k]+offsets[n])
				t.repCount = append(t.repCount, c)
			}
		}
		t.repAt = append(t.repAt, repAt[kept]+offsets[n])
		t.listLen, t.count = counts, b.seen.totals(counts)
	}
	b.seen = nil
	if sums != nil {
		t.listSums = sums.done()
	}
	if base != 0 {
		for id := range t.listAt {
			t.listAt[id] += uint64(base)
		}
		for k := range t.repAt {
			t.repAt[k] += uint64(base)
		}
	}
	return t, nil
}

// closer is a function as an io.Closer.
type closer func() error

func (c closer) Close() error { return c() }
