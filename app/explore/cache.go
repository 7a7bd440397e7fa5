package explore

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/safefile"
)

// A tree is cached in one file per PGN file, in a directory of the
// user's cache (DefaultCacheDir), never beside the PGN file: its name is
// a hash of the PGN file's absolute path. The file starts with a header
// that says which PGN file, as it was, the tree is of (its key, see
// source.go). A cached tree is used only while the PGN file still
// matches; otherwise it is built again and the cache file replaced. The
// game lists stay in the cache file and are read from it by Games; the
// rest is read into memory.
//
// Layout, little-endian: the header (headerSize bytes), the game lists
// (of the positions, then of the games that came again), then the
// tables: the position table's keys and values, and by position id the
// first move, the games and the list offsets, then the moves as columns,
// then a CRC-32C of each block of listSumBlock bytes of the lists; last,
// when games came again, by position the length of its list, and by
// game that came again its number, its list's length and offset.
//
// A cache file is not trusted: a disk error, a file cut short or another
// program's writing may have damaged it. Before anything is allocated,
// the header's counts are checked against each other, against what the
// PGN file can hold and against the cache file's size, so that a count
// cannot ask for more memory than the file's size justifies; the header
// and the tables carry a CRC-32C, checked as they are read; each block of
// the lists carries its own, checked when a list is read from it (the
// lists of a large file are hundreds of megabytes, which a second opening
// must not read). A cache file that fails a check is no cache: the tree
// is built again.

// magic starts a cache file; its last byte is the format's version.
const magic = "ECHTREE\x05"

const headerSize = 128

// header is the start of a cache file.
type header struct {
	Magic  [8]byte
	Source sourceKey
	// Content is the CRC-64 of the PGN file's bytes as the build read
	// them.
	Content   uint64
	Games     int64
	Skipped   int64
	Positions int64
	Slots     int64 // of the position table
	Edges     int64
	// Repeated is the number of games that came again (Tree.reps).
	Repeated int64
	TablesAt int64 // where the lists end and the tables start
	// TablesSum is the CRC-32C of the tables, HeaderSum that of the
	// header with HeaderSum 0. The header is written last, once the rest
	// is: a file whose build did not end has no valid header.
	TablesSum, HeaderSum uint32
	Padding              [headerSize - 8 - sourceKeySize - 8 - 7*8 - 2*4]byte
}

// listSumBlock is the size of the blocks of the lists that each have a
// CRC-32C: a list read costs reading its blocks whole, a few kilobytes
// more than the list for most positions, and the sums take a thousandth
// of the lists.
const listSumBlock = 4096

// maxSlots is the most slots the position table of a tree has: a table
// grows by half when it is three quarters full (table.slot), so that a
// table of MaxPositions positions has fewer than twice as many slots.
const maxSlots = 1 << 25

// castagnoli is CRC-32C's table, computed once and never changed.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ErrDamagedCache: the opening tree kept on disk for a file is damaged
// (a disk error, a file cut short, another program's writing). It is not
// used: the tree is built again, at once when the file is opened, or the
// next time when a game list read from the tree is found damaged.
var ErrDamagedCache = errors.New("the opening tree kept on disk is damaged: it is built again")

// errOtherFormat: the cache file was written by another version of the
// program.
var errOtherFormat = errors.New("the opening tree kept on disk is of another version of the program")

// DefaultCacheDir returns the directory where BuildCached keeps trees:
// the user's cache directory (~/.cache/echiquier/trees on Linux).
func DefaultCacheDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "echiquier", "trees"), nil
}

// BuildCached is Build, keeping the tree in cacheDir: when the file has
// not changed since the tree was cached, the tree is read from there
// instead, at once. The tree's game lists are read from the cache file
// as they are asked for; Close closes it. A cache file found damaged is
// no cache: the tree is built again, and replaces it.
func BuildCached(ctx context.Context, path, cacheDir string, progress func(done, total int64)) (*Tree, error) {
	abs, key, name, err := cacheOf(path, cacheDir)
	if err != nil {
		return nil, err
	}
	t, err := load(name, key)
	if errors.Is(err, errStale) {
		t, err = reuse(ctx, abs, name, progress)
	}
	if err == nil {
		if progress != nil {
			progress(key.Size, key.Size)
		}
		return t, nil
	}
	t, err = buildInto(ctx, abs, name, cacheDir, progress)
	if errors.As(err, new(cacheFault)) {
		// The cache cannot take the tree (a full disk, a read-only
		// folder): the tree is built without it.
		return buildSettled(ctx, abs, progress, options{})
	}
	return t, err
}

// cacheFault is an error of the cache's folder or files, not of the PGN
// file.
type cacheFault struct{ err error }

func (c cacheFault) Error() string { return c.err.Error() }
func (c cacheFault) Unwrap() error { return c.err }

// inCache reports whether err is the failure of a file in cacheDir.
func inCache(err error, cacheDir string) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) && filepath.Dir(pe.Path) == filepath.Clean(cacheDir)
}

// staleAfter is how long a tree's file being built may go unwritten
// before it is taken for the leftover of a program that was killed: a
// build writes its file every few seconds.
const staleAfter = time.Hour

// buildInto builds the tree of the file at abs and keeps it in the cache
// file name in cacheDir.
func buildInto(ctx context.Context, abs, name, cacheDir string, progress func(done, total int64)) (*Tree, error) {
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return nil, cacheFault{err}
	}
	removeStale(cacheDir, time.Now().Add(-staleAfter))
	f, err := os.CreateTemp(cacheDir, "building-*.tmp")
	if err != nil {
		return nil, cacheFault{err}
	}
	fail := func(err error) (*Tree, error) {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	var t *Tree
	for try := 1; ; try++ {
		// The lists go after the header, which is written last.
		if err := f.Truncate(headerSize); err != nil {
			return fail(cacheFault{err})
		}
		if _, err := f.Seek(headerSize, io.SeekStart); err != nil {
			return fail(cacheFault{err})
		}
		t, err = build(ctx, abs, progress, options{dir: cacheDir, lists: f})
		if !buildAgain(ctx, err, try) {
			break
		}
	}
	if err != nil {
		if t == nil {
			if inCache(err, cacheDir) {
				err = cacheFault{err}
			}
			return fail(err)
		}
		// A tree built in part (ctx done, too many positions) or of a
		// file that changed while it was read is not cached, but its
		// lists are in f: it keeps f, out of the directory.
		os.Remove(f.Name())
		t.closer = f
		return t, err
	}
	t.closer = f
	if err := t.save(f); err != nil {
		// The tree is whole, its lists written before: only not kept.
		os.Remove(f.Name())
		return t, nil
	}
	if err := os.Rename(f.Name(), name); err != nil {
		os.Remove(f.Name())
		return t, nil
	}
	t.cacheName = name
	return t, nil
}

// ErrNotCached: the cache holds no tree of the file as it is now.
var ErrNotCached = errors.New("no opening tree of the file is cached")

// LoadCached returns the tree BuildCached kept in cacheDir for the file
// at path, without building it: ErrNotCached when there is none of the
// file as it is now, or only a damaged one (ErrDamagedCache as well). It
// reads the tree's tables, not the file, so a window may ask for it
// while the file is read for something else.
func LoadCached(path, cacheDir string) (*Tree, error) {
	_, key, name, err := cacheOf(path, cacheDir)
	if err != nil {
		return nil, err
	}
	t, err := load(name, key)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotCached, err)
	}
	return t, nil
}

// cacheOf returns the absolute path of the file at path, its key as it
// is now, and the name of its tree's file in cacheDir.
func cacheOf(path, cacheDir string) (abs string, key sourceKey, name string, err error) {
	if abs, err = filepath.Abs(path); err != nil {
		return "", key, "", err
	}
	if key, err = keyOf(abs); err != nil {
		return "", key, "", err
	}
	sum := sha256.Sum256([]byte(abs))
	return abs, key, filepath.Join(cacheDir, hex.EncodeToString(sum[:12])+".tree"), nil
}

// removeStale removes the files of trees being built in cacheDir that
// were last written before: those of programs killed while building.
func removeStale(cacheDir string, before time.Time) {
	names, _ := filepath.Glob(filepath.Join(cacheDir, "building-*.tmp"))
	for _, n := range names {
		if st, err := os.Stat(n); err == nil && st.ModTime().Before(before) {
			os.Remove(n)
		}
	}
}

// reuse returns the tree kept in the cache file name for another key of
// the file at abs, when the file's bytes are still those the tree was
// built of; the cache file then takes the file's key as it is now. A
// file touched, copied back or restored from a backup has another key
// but the same bytes, which reading the file to hash it tells in a
// second where building its tree takes a minute. Only a file of the same
// size and the same first and last 64 KB may be the same: another is
// not read.
func reuse(ctx context.Context, abs, name string, progress func(done, total int64)) (*Tree, error) {
	was, err := headerOf(name)
	if err != nil {
		return nil, err
	}
	f, err := safefile.OpenRead(abs)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	key, err := keyOfFile(f)
	if err != nil {
		return nil, err
	}
	if key.Size != was.Source.Size || key.Sample != was.Source.Sample {
		return nil, errStale
	}
	sum, err := contentOf(f, key.Size, progress, ctx.Err)
	if err != nil {
		return nil, err
	}
	if sum != was.Content || !unchanged(f, abs, key) {
		return nil, errStale
	}
	if err := rekey(name, was, key); err != nil {
		return nil, err
	}
	return load(name, key)
}

// rekey makes key the key of the cache file name, whose header was was
// (and still is, or it is left as it is).
func rekey(name string, was header, key sourceKey) error {
	f, err := os.OpenFile(name, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	if h, err := readHeader(f); err != nil || h != was {
		return errStale
	}
	h := was
	h.Source = key
	b, err := h.encode()
	if err != nil {
		return err
	}
	if _, err := f.WriteAt(b[:], 0); err != nil {
		return err
	}
	return f.Sync()
}

// save writes the tables and the header to f, whose game lists are
// written already.
func (t *Tree) save(f *os.File) error {
	at, err := f.Seek(0, io.SeekEnd)
	if err != nil {
		return err
	}
	sum := crc32.New(castagnoli)
	// The tables are written a value at a time through a buffer: arrays
	// of them, or binary.Write's copy of each, would cost a hundred
	// megabytes more for a large file at the build's end, when its
	// memory is at its highest.
	c := &columns{w: io.MultiWriter(f, sum), buf: make([]byte, 0, 1<<16+8)}
	for _, s := range t.pos.slots {
		c.u64(s.key)
	}
	for _, s := range t.pos.slots {
		c.u32(s.id)
	}
	// The file holds each position's moves one after the other, from
	// first[id] to first[id+1].
	edges := uint32(0)
	for _, e := range t.first {
		c.u32(edges)
		for ; e != noEdge; e = t.edges.slots[e].next {
			edges++
		}
	}
	c.u32(edges)
	c.u32s(t.count)
	for _, at := range t.listAt {
		c.u64(at)
	}
	t.eachEdge(func(e edge) { c.u16(e.move) })
	for _, field := range []func(e edge) uint32{
		func(e edge) uint32 { return e.games },
		func(e edge) uint32 { return e.white },
		func(e edge) uint32 { return e.draws },
		func(e edge) uint32 { return e.black },
		func(e edge) uint32 { return e.eloN },
	} {
		t.eachEdge(func(e edge) { c.u32(field(e)) })
	}
	t.eachEdge(func(e edge) { c.u64(e.eloSum) })
	c.u32s(t.listSums)
	if t.reps != nil {
		c.u32s(t.listLen)
		c.u32s(t.reps)
		c.u32s(t.repCount)
		for _, at := range t.repAt {
			c.u64(at)
		}
	}
	if err := c.flush(); err != nil {
		return err
	}
	h := header{Source: t.source, Content: t.content, Games: int64(t.games), Skipped: int64(t.skipped),
		Positions: int64(len(t.count)), Slots: int64(len(t.pos.slots)), Edges: int64(edges),
		Repeated: int64(len(t.reps)), TablesAt: at, TablesSum: sum.Sum32()}
	copy(h.Magic[:], magic)
	b, err := h.encode()
	if err != nil {
		return err
	}
	if _, err := f.WriteAt(b[:], 0); err != nil {
		return err
	}
	return f.Sync()
}

// eachEdge calls f with the moves of the positions, by position id, each
// position's as they are linked.
func (t *Tree) eachEdge(f func(e edge)) {
	for _, e := range t.first {
		for ; e != noEdge; e = t.edges.slots[e].next {
			f(t.edges.counts(e))
		}
	}
}

// columns writes the values of a cache file's tables to w, little-endian,
// through a buffer.
type columns struct {
	w   io.Writer
	buf []byte
	err error
}

func (c *columns) u16(v uint16) {
	c.buf = binary.LittleEndian.AppendUint16(c.buf, v)
	c.spill()
}

func (c *columns) u32(v uint32) {
	c.buf = binary.LittleEndian.AppendUint32(c.buf, v)
	c.spill()
}

func (c *columns) u64(v uint64) {
	c.buf = binary.LittleEndian.AppendUint64(c.buf, v)
	c.spill()
}

func (c *columns) u32s(vs []uint32) {
	for _, v := range vs {
		c.u32(v)
	}
}

// spill writes the buffer once it is full.
func (c *columns) spill() {
	if len(c.buf) >= 1<<16 {
		c.flush()
	}
}

// flush writes the buffer, and returns the first error of w.
func (c *columns) flush() error {
	if c.err == nil && len(c.buf) > 0 {
		_, c.err = c.w.Write(c.buf)
	}
	c.buf = c.buf[:0]
	return c.err
}

// encode returns the header as a cache file has it, with its sum.
func (h header) encode() ([headerSize]byte, error) {
	var b [headerSize]byte
	h.HeaderSum = 0
	if _, err := binary.Encode(b[:], binary.LittleEndian, &h); err != nil {
		return b, err
	}
	h.HeaderSum = crc32.Checksum(b[:], castagnoli)
	_, err := binary.Encode(b[:], binary.LittleEndian, &h)
	return b, err
}

// readHeader reads the header of a cache file and checks its sum.
func readHeader(r io.ReaderAt) (header, error) {
	var b [headerSize]byte
	var h header
	if _, err := r.ReadAt(b[:], 0); err == io.EOF {
		return h, ErrDamagedCache // cut short
	} else if err != nil {
		return h, err
	}
	if _, err := binary.Decode(b[:], binary.LittleEndian, &h); err != nil {
		return h, err
	}
	if string(h.Magic[:]) != magic {
		if string(h.Magic[:len(magic)-1]) == magic[:len(magic)-1] {
			return h, errOtherFormat
		}
		return h, ErrDamagedCache
	}
	if again, err := h.encode(); err != nil || again != b {
		return h, ErrDamagedCache
	}
	return h, nil
}

// headerOf reads the header of the cache file name.
func headerOf(name string) (header, error) {
	f, err := safefile.OpenRead(name)
	if err != nil {
		return header{}, err
	}
	defer f.Close()
	return readHeader(f)
}

// errStale: the cache file is not of the PGN file as it is.
var errStale = errors.New("the cached tree is of another version of the file")

// load reads the cached tree in the file name, if it is of the PGN file
// of key.
func load(name string, key sourceKey) (*Tree, error) {
	f, err := safefile.OpenRead(name)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err == nil {
		var t *Tree
		if t, err = readTree(f, st.Size(), key); err == nil {
			t.closer, t.cacheName = f, name
			return t, nil
		}
	}
	f.Close()
	return nil, err
}

// readTree reads the tree of the PGN file of key from r, a cache file of
// size bytes, whose lists it keeps reading from.
func readTree(r io.ReaderAt, size int64, key sourceKey) (*Tree, error) {
	h, err := readHeader(r)
	if err != nil {
		return nil, err
	}
	if h.Source != key {
		return nil, errStale
	}
	tables, err := h.check(size)
	if err != nil {
		return nil, err
	}
	tb, err := h.readTables(r, tables)
	if err != nil {
		return nil, err
	}
	t, err := tb.tree(&h)
	if err != nil {
		return nil, err
	}
	t.games, t.skipped = int(h.Games), int(h.Skipped)
	t.source, t.content, t.lists = h.Source, h.Content, r
	return t, nil
}

// check checks the counts of the header of a cache file of size bytes
// against each other, against what the PGN file of h.Source can hold and
// against the cache file's size, before anything is allocated by them:
// none can ask for more than the files justify. It returns the size of
// the tables.
func (h *header) check(size int64) (int64, error) {
	pgn := h.Source.Size
	switch {
	case pgn < 0 || h.TablesAt < headerSize || h.TablesAt > size:
	// A game takes a byte of the PGN file at least, and has a number of
	// 32 bits.
	case h.Games < 0 || h.Games > pgn || h.Games > math.MaxUint32:
	case h.Skipped < 0 || h.Skipped > h.Games:
	// A move takes two bytes at least; moves are numbered in 32 bits,
	// noEdge aside.
	case h.Edges < 0 || h.Edges > pgn/2 || h.Edges >= int64(noEdge):
	// Every position but those games start from is reached by a move.
	case h.Positions < 0 || h.Positions > MaxPositions || h.Positions > h.Games+h.Edges:
	// The table is three quarters full at most.
	case h.Slots < 0 || h.Slots > maxSlots || 4*h.Positions > 3*h.Slots:
	// A game that came again is a game of the file.
	case h.Repeated < 0 || h.Repeated > h.Games:
	default:
		// Each count is bounded: no product overflows.
		tables := 12*h.Slots + 16*h.Positions + 12 + 30*h.Edges + 4*listBlocks(h.TablesAt)
		if h.Repeated > 0 {
			tables += 4*h.Positions + 16*h.Repeated + 8
		}
		if tables == size-h.TablesAt {
			return tables, nil
		}
	}
	return 0, ErrDamagedCache
}

// listBlocks returns the number of blocks of the lists, which end at
// tablesAt, each with its CRC-32C.
func listBlocks(tablesAt int64) int64 {
	return (tablesAt - headerSize + listSumBlock - 1) / listSumBlock
}

// tables are the arrays of a cache file after its lists, as read.
type tables struct {
	slots        []posSlot // the position table
	listAt       []uint64
	first, count []uint32
	edges        edgeTable
	listSums     []uint32
	// Of the games that came again, nil when none did.
	listLen, reps, repCount []uint32
	repAt                   []uint64
}

// tableBlock is how many values of a column of the tables are read at a
// time.
const tableBlock = 4096

// readTables reads the tables of a cache file of header h, size bytes of
// them, checking their sum first. Each array is read a block at a time
// into what the tree keeps: no copy of the tables as the file has them,
// a hundred megabytes for a large file, is held on the way.
func (h *header) readTables(r io.ReaderAt, size int64) (*tables, error) {
	if err := h.checkSum(r, size); err != nil {
		return nil, err
	}
	n, slots, edges := h.Positions, h.Slots, h.Edges
	c := &columnReader{r: r, at: h.TablesAt, buf: make([]byte, 8*min(tableBlock, max(slots, edges, n+1)))}
	tb := &tables{slots: make([]posSlot, slots)}
	// The keys, then their ids.
	keys, ids := c.skip(8*slots), c.skip(4*slots)
	for from := int64(0); from < slots && c.err == nil; from += tableBlock {
		k := min(tableBlock, slots-from)
		b := c.read(keys+8*from, 8*k)
		for i := range k {
			tb.slots[from+i].key = binary.LittleEndian.Uint64(b[8*i:])
		}
		b = c.read(ids+4*from, 4*k)
		for i := range k {
			tb.slots[from+i].id, tb.slots[from+i].head = binary.LittleEndian.Uint32(b[4*i:]), noEdge
		}
	}
	tb.first = c.u32s(n + 1)
	tb.count = c.u32s(n)
	tb.listAt = c.u64s(n + 1)
	// The moves, then each of their counts as a column.
	var cols [7]int64
	for k, width := range []int64{2, 4, 4, 4, 4, 4, 8} {
		cols[k] = c.skip(width * edges)
	}
	tb.edges.slots = make([]edgeSlot, edges)
	e := make([]edge, min(tableBlock, edges))
	for from := int64(0); from < edges && c.err == nil; from += tableBlock {
		k := min(tableBlock, edges-from)
		b := c.read(cols[0]+2*from, 2*k)
		for i := range k {
			e[i].move = binary.LittleEndian.Uint16(b[2*i:])
			// A move's promotion is a knight, a bishop, a rook or a
			// queen.
			if p := decodeMove(e[i].move).Promotion; p != game.NoKind && (p < game.Knight || p > game.Queen) {
				return nil, ErrDamagedCache
			}
		}
		for f, field := range []func(e *edge) *uint32{
			func(e *edge) *uint32 { return &e.games },
			func(e *edge) *uint32 { return &e.white },
			func(e *edge) *uint32 { return &e.draws },
			func(e *edge) *uint32 { return &e.black },
			func(e *edge) *uint32 { return &e.eloN },
		} {
			b := c.read(cols[1+f]+4*from, 4*k)
			for i := range k {
				*field(&e[i]) = binary.LittleEndian.Uint32(b[4*i:])
			}
		}
		b = c.read(cols[6]+8*from, 8*k)
		for i := range k {
			e[i].eloSum = binary.LittleEndian.Uint64(b[8*i:])
			tb.edges.set(uint32(from+i), &e[i])
		}
	}
	tb.listSums = c.u32s(listBlocks(h.TablesAt))
	if k := h.Repeated; k > 0 {
		tb.listLen = c.u32s(n)
		tb.reps = c.u32s(k)
		tb.repCount = c.u32s(k)
		tb.repAt = c.u64s(k + 1)
	}
	if c.err != nil {
		return nil, ErrDamagedCache
	}
	return tb, nil
}

// checkSum checks the sum of the tables of a cache file of header h,
// size bytes of them.
func (h *header) checkSum(r io.ReaderAt, size int64) error {
	buf := make([]byte, min(1<<16, size))
	sum := uint32(0)
	for at := int64(0); at < size; at += int64(len(buf)) {
		b := buf[:min(int64(len(buf)), size-at)]
		if _, err := r.ReadAt(b, h.TablesAt+at); err != nil {
			return ErrDamagedCache
		}
		sum = crc32.Update(sum, castagnoli, b)
	}
	if sum != h.TablesSum {
		return ErrDamagedCache
	}
	return nil
}

// columnReader reads the tables of a cache file, column after column,
// through a buffer; the first error stays.
type columnReader struct {
	r   io.ReaderAt
	at  int64 // where the next column starts
	buf []byte
	err error
}

// skip returns where the column of size bytes that starts at c.at is,
// and passes it.
func (c *columnReader) skip(size int64) int64 {
	at := c.at
	c.at += size
	return at
}

// read returns the size bytes at off, at most the buffer's length; zeros
// after an error.
func (c *columnReader) read(off, size int64) []byte {
	b := c.buf[:size]
	if c.err == nil {
		if _, err := c.r.ReadAt(b, off); err != nil {
			c.err = err
		}
	}
	if c.err != nil {
		clear(b)
	}
	return b
}

// u32s reads the next column, of n values of 32 bits.
func (c *columnReader) u32s(n int64) []uint32 { return readColumn(c, n, 4, binary.LittleEndian.Uint32) }

// u64s reads the next column, of n values of 64 bits.
func (c *columnReader) u64s(n int64) []uint64 { return readColumn(c, n, 8, binary.LittleEndian.Uint64) }

// readColumn reads the next column of c, of n values of size bytes, a
// buffer at a time.
func readColumn[T any](c *columnReader, n, size int64, value func([]byte) T) []T {
	vs := make([]T, n)
	at := c.skip(size * n)
	for from := int64(0); from < n; {
		k := min(int64(len(c.buf))/size, n-from)
		b := c.read(at+size*from, size*k)
		for i := range k {
			vs[from+i] = value(b[size*i:])
		}
		from += k
	}
	return vs
}

// tree returns the tree of the tables, checking that what queries index
// with stays in bounds, that the game lists of positions lie between the
// header and the tables, and that every lookup in the position table
// ends. The checks go along the passes that make the tree: the tables of
// a large file are hundreds of megabytes, which a pass of their own
// would read again.
func (tb *tables) tree(h *header) (*Tree, error) {
	n := len(tb.count)
	listsEnd := uint64(h.TablesAt) // of the positions' lists
	if tb.reps != nil {
		listsEnd = tb.repAt[0]
		if err := tb.checkRepeats(h); err != nil {
			return nil, err
		}
	}
	if tb.first[0] != 0 || int64(tb.first[n]) != h.Edges || tb.listAt[0] != headerSize || tb.listAt[n] != listsEnd {
		return nil, ErrDamagedCache
	}
	t := &Tree{count: tb.count, listAt: tb.listAt, edges: tb.edges, listSums: tb.listSums,
		listLen: tb.listLen, reps: tb.reps, repCount: tb.repCount, repAt: tb.repAt}
	// Each position's moves follow each other.
	for i := range n {
		from, to := tb.first[i], tb.first[i+1]
		// The moves in order and within the tables; a game of a list
		// takes a byte at least.
		listed := tb.count[i]
		if tb.listLen != nil {
			listed = tb.listLen[i]
		}
		if from > to || int64(to) > h.Edges || tb.listAt[i] > tb.listAt[i+1] || int64(tb.count[i]) > h.Games ||
			listed > tb.count[i] || uint64(listed) > tb.listAt[i+1]-tb.listAt[i] {
			return nil, ErrDamagedCache
		}
		for e := from; e < to; e++ {
			t.edges.slots[e].next = e + 1
		}
		if from < to {
			t.edges.slots[to-1].next = noEdge
		} else {
			tb.first[i] = noEdge
		}
	}
	t.first = tb.first[:n:n]
	// The table holds n positions, each id within them: it is three
	// quarters full at most, and a lookup of a position not in it ends
	// at an empty slot.
	t.pos = table{slots: tb.slots, n: n}
	used := 0
	for _, s := range tb.slots {
		if s.key != 0 {
			if int64(s.id) >= int64(n) {
				return nil, ErrDamagedCache
			}
			used++
		}
	}
	if used != n {
		return nil, ErrDamagedCache
	}
	return t, nil
}

// checkRepeats checks the lists of the games that came again: games of
// the file in file order, their lists one after the other from the end
// of the positions' lists to the tables, a game a byte at least.
func (tb *tables) checkRepeats(h *header) error {
	k := len(tb.reps)
	if tb.repAt[k] != uint64(h.TablesAt) || tb.repAt[0] < headerSize {
		return ErrDamagedCache
	}
	for j, g := range tb.reps {
		if g == 0 || int64(g) > h.Games || (j > 0 && g <= tb.reps[j-1]) ||
			tb.repAt[j] > tb.repAt[j+1] || tb.repCount[j] == 0 || uint64(tb.repCount[j]) > tb.repAt[j+1]-tb.repAt[j] {
			return ErrDamagedCache
		}
	}
	return nil
}
