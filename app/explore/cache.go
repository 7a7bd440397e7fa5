package explore

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/echiquier/echiquier/app/safefile"
)

// A tree is cached in one file per PGN file, in a directory of the
// user's cache (DefaultCacheDir), never beside the PGN file: its name is
// a hash of the PGN file's absolute path. The file (see write.go) starts
// with a header that says which PGN file, as it was, the tree is of (its
// key, see source.go). A cached tree is used only while the PGN file
// still matches; otherwise it is built again and the cache file
// replaced. Its tables are read into memory, the rest as queries need
// it.
//
// A cache file is not trusted: a disk error, a file cut short or another
// program's writing may have damaged it. Before anything is allocated,
// the header's counts are checked against each other, against what the
// PGN file can hold and against the cache file's size, so that a count
// cannot ask for more memory than the file's size justifies; the header
// and the tables carry a CRC-32C, checked as they are read, and the
// tables are checked against the header; each page of the body carries
// its own, checked when it is read, and what a page holds is checked as
// it is decoded. A cache file that fails a check is no cache: the tree
// is built again.
//
// The folder is kept small: Tidy removes the trees of PGN files that
// are gone, and the trees used least lately beyond a size.

// magic starts a cache file; its last byte is the format's version.
const magic = "ECHTREE\x06"

const headerSize = 256

// header is the start of a cache file. The offsets of the body's parts
// count from the body's start, headerSize.
type header struct {
	Magic  [8]byte
	Source sourceKey
	// Content is the CRC-64 of the PGN file's bytes as the build read
	// them.
	Content uint64
	Games   int64
	Skipped int64
	// Positions is the number of positions, Shared of those reached by
	// several games; Repeats the number of games recognised as having
	// the moves of an earlier one.
	Positions, Shared, Repeats int64
	// GameShift: a block of games has 1<<GameShift of them.
	GameShift int64
	// The body's parts: the lists end at ListsEnd; the positions' blocks
	// start at EntriesAt, the functions at FuseAt, the repeats' blocks at
	// RepsAt, and the tables follow BodyEnd.
	ListsEnd, EntriesAt, FuseAt, RepsAt, BodyEnd int64
	// The lengths of the tables.
	PositionBlocks, Chunks, RepBlocks, GameBlocks, PathLen int64
	// TablesSum is the CRC-32C of the tables, HeaderSum that of the
	// header with HeaderSum 0. The header is written last, once the rest
	// is: a file whose build did not end has no valid header.
	TablesSum, HeaderSum uint32
	Padding              [headerSize - 8 - sourceKeySize - 8 - 16*8 - 2*4]byte
}

// ErrDamagedCache: the opening tree kept on disk for a file is damaged
// (a disk error, a file cut short, another program's writing). It is not
// used: the tree is built again, at once when the file is opened, or the
// next time when what was read from the tree is found damaged.
var ErrDamagedCache = errors.New("the opening tree kept on disk is damaged: it is built again")

// errCorrupt: a file this package wrote reads back wrong.
var errCorrupt = errors.New("the opening tree's file is damaged")

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
// instead, at once. A cache file found damaged is no cache: the tree is
// built again, and replaces it.
func BuildCached(ctx context.Context, path, cacheDir string, progress func(done, total int64)) (*Tree, error) {
	abs, key, name, err := cacheOf(path, cacheDir)
	if err != nil {
		return nil, err
	}
	t, err := load(name, key, abs)
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
// before it is taken for the leftover of a program that was killed,
// where the system has no lock files.
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
	// Held for as long as the program builds: a file that no program
	// holds is the leftover of one that was killed.
	if held, err := safefile.Lock(f.Name(), safefile.LockExisting, 0); err == nil {
		defer held.Close()
	}
	var t *Tree
	for try := 1; ; try++ {
		t, err = build(ctx, abs, progress, options{dir: cacheDir, out: f})
		if !buildAgain(ctx, err, try) {
			break
		}
		t.closer = nil // f, which the next try writes again
		t.Close()
	}
	if t == nil {
		f.Close()
		os.Remove(f.Name())
		if inCache(err, cacheDir) {
			err = cacheFault{err}
		}
		return nil, err
	}
	if err != nil {
		// A tree built in part (ctx done) or of a file that changed
		// while it was read is not cached: it keeps its file, out of
		// the directory.
		os.Remove(f.Name())
		return t, err
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
	abs, key, name, err := cacheOf(path, cacheDir)
	if err != nil {
		return nil, err
	}
	t, err := load(name, key, abs)
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
	return abs, key, filepath.Join(cacheDir, hex.EncodeToString(sum[:12])+treeExt), nil
}

// treeExt ends the name of a tree's file in the cache.
const treeExt = ".tree"

// removeStale removes the files of trees being built in cacheDir by
// programs that were killed: those no program holds, or, where the
// system cannot tell, those last written before.
func removeStale(cacheDir string, before time.Time) {
	names, _ := filepath.Glob(filepath.Join(cacheDir, "building-*.tmp"))
	for _, n := range names {
		if abandoned(n, before) {
			os.Remove(n)
		}
	}
}

// abandoned reports whether the file name of a tree being built is the
// leftover of a program that ended: no program holds its lock, or, on a
// system without lock files, it was last written before.
func abandoned(name string, before time.Time) bool {
	held, err := safefile.Lock(name, safefile.LockExisting, 0)
	if err == nil {
		held.Close()
		return true
	}
	if errors.Is(err, safefile.ErrNoLocks) {
		st, err := os.Stat(name)
		return err == nil && st.ModTime().Before(before)
	}
	return false
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
	return load(name, key, abs)
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

// newSum returns a CRC-32C.
func newSum() hash.Hash32 { return crc32.New(castagnoli) }

// columns writes the values of a cache file's tables to w, little-endian,
// through a buffer.
type columns struct {
	w   io.Writer
	buf []byte
	err error
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

func (c *columns) bytes(b []byte) {
	c.flush()
	if c.err == nil {
		_, c.err = c.w.Write(b)
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
// at abs of key, which it opens to replay its games.
func load(name string, key sourceKey, abs string) (*Tree, error) {
	f, err := safefile.OpenRead(name)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err == nil {
		var t *Tree
		if t, err = readTree(f, st.Size(), key); err == nil {
			if t.pgn, err = safefile.OpenRead(abs); err == nil {
				t.closer, t.cacheName = f, name
				// Used now: the last the folder lets go (Tidy).
				now := time.Now()
				os.Chtimes(name, now, now)
				return t, nil
			}
		}
	}
	f.Close()
	return nil, err
}

// readTree reads the tree of the PGN file of key from r, a tree's file
// of size bytes, whose body it keeps reading from.
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
	return h.readTables(r, tables)
}

// pagesOf returns the number of pages of a body of size bytes.
func pagesOf(size int64) int64 { return (size + pageSize - 1) / pageSize }

// chunkSize is the length of a chunk in the tables.
const chunkSize = 32

// check checks the counts of the header of a cache file of size bytes
// against each other, against what the PGN file of h.Source can hold and
// against the cache file's size, before anything is allocated by them:
// none can ask for more than the files justify. It returns the size of
// the tables.
func (h *header) check(size int64) (int64, error) {
	pgn := h.Source.Size
	aligned := func(at int64) bool { return at%pageSize == 0 }
	switch {
	case pgn < 0 || size < headerSize:
	// A game takes a byte of the PGN file at least, and has a number of
	// 32 bits.
	case h.Games < 0 || h.Games > pgn || h.Games > math.MaxUint32:
	case h.Skipped < 0 || h.Skipped > h.Games || h.Repeats < 0 || h.Repeats > h.Games:
	// A position is one a game starts from or reaches by a move, two
	// bytes at least.
	case h.Shared < 0 || h.Positions < h.Shared || h.Positions > h.Games+pgn/2:
	case h.GameShift < 0 || h.GameShift > 32:
	case h.ListsEnd < 0 || h.EntriesAt < h.ListsEnd || h.FuseAt < h.EntriesAt || h.RepsAt < h.FuseAt || h.BodyEnd < h.RepsAt:
	case !aligned(h.EntriesAt) || !aligned(h.FuseAt) || !aligned(h.RepsAt) || h.BodyEnd > size-headerSize:
	// A block of positions takes a page or more; a block of games
	// starts a block of the file; a function has 12 slots at least.
	case h.PositionBlocks < 0 || h.PositionBlocks > (h.FuseAt-h.EntriesAt)/pageSize:
	case h.RepBlocks < 0 || h.RepBlocks > (h.BodyEnd-h.RepsAt)/pageSize:
	case h.Chunks < 0 || h.Chunks > (h.RepsAt-h.FuseAt)/24:
	case h.GameBlocks < 0 || h.GameBlocks > maxGameBlocks || h.GameBlocks != blocksOf(h.Games, h.GameShift):
	case h.PathLen < 0 || h.PathLen > 1<<16:
	default:
		// Each count is bounded: no sum overflows.
		tables := 4*pagesOf(h.BodyEnd) + 8*h.PositionBlocks + 4*(h.PositionBlocks+1) + chunkSize*h.Chunks +
			4*h.RepBlocks + 4*(h.RepBlocks+1) + 8*h.GameBlocks + h.PathLen
		if tables == size-headerSize-h.BodyEnd {
			return tables, nil
		}
	}
	return 0, ErrDamagedCache
}

// blocksOf returns the number of blocks of 1<<shift games of a file of
// games games.
func blocksOf(games, shift int64) int64 {
	return (games + 1<<shift - 1) >> shift
}

// readTables reads the tables of a cache file of header h, size bytes of
// them, checking their sum, and returns the tree they make, checking
// what queries index with.
func (h *header) readTables(r io.ReaderAt, size int64) (*Tree, error) {
	data := make([]byte, size)
	if _, err := r.ReadAt(data, headerSize+h.BodyEnd); err != nil && !(err == io.EOF && len(data) == 0) {
		return nil, ErrDamagedCache
	}
	if crc32.Checksum(data, castagnoli) != h.TablesSum {
		return nil, ErrDamagedCache
	}
	d := tableReader{b: data}
	t := &Tree{file: r, games: int(h.Games), skipped: int(h.Skipped), positions: int(h.Positions), shared: int(h.Shared),
		repeats: int(h.Repeats), shift: uint(h.GameShift), listsEnd: h.ListsEnd, withListed: h.Repeats > 0,
		source: h.Source, content: h.Content}
	t.body = body{r: r, at: headerSize, end: h.BodyEnd, sums: d.u32s(pagesOf(h.BodyEnd))}
	t.posKeys = d.u64s(h.PositionBlocks)
	t.posAt = d.u32s(h.PositionBlocks + 1)
	t.chunks = make([]chunk, h.Chunks)
	for i := range t.chunks {
		c := &t.chunks[i]
		c.first, c.seed = d.u64(), d.u64()
		c.segLen, c.segCountLen = d.u32(), d.u32()
		c.arrayLen = c.segCountLen + 2*c.segLen
		c.at = int64(d.u64())
	}
	t.repKeys = d.u32s(h.RepBlocks)
	t.repAt = d.u32s(h.RepBlocks + 1)
	t.gameAt = make([]int64, h.GameBlocks)
	for i := range t.gameAt {
		t.gameAt[i] = int64(d.u64())
	}
	d.b = d.b[h.PathLen:]
	if !h.tablesHold(t) {
		return nil, ErrDamagedCache
	}
	return t, nil
}

// tablesHold reports whether the tables of t say what the header h says
// of them: blocks in order that fill their parts, functions of the shape
// made for them that fill theirs, blocks of games in order within the
// PGN file.
func (h *header) tablesHold(t *Tree) bool {
	increasing := func(n int, less func(i int) bool) bool {
		for i := 1; i < n; i++ {
			if !less(i) {
				return false
			}
		}
		return true
	}
	switch {
	case !increasing(len(t.posKeys), func(i int) bool { return t.posKeys[i-1] < t.posKeys[i] }):
	case !increasing(len(t.posAt), func(i int) bool { return t.posAt[i-1] < t.posAt[i] }):
	case int64(t.posAt[0])*pageSize != h.EntriesAt || int64(t.posAt[len(t.posAt)-1])*pageSize != h.FuseAt:
	case !increasing(len(t.repKeys), func(i int) bool { return t.repKeys[i-1] < t.repKeys[i] }):
	case !increasing(len(t.repAt), func(i int) bool { return t.repAt[i-1] < t.repAt[i] }):
	case int64(t.repAt[0])*pageSize != h.RepsAt || int64(t.repAt[len(t.repAt)-1])*pageSize != h.BodyEnd:
	case len(t.repKeys) > 0 && (t.repKeys[0] == 0 || int64(t.repKeys[len(t.repKeys)-1]) > h.Games):
	case !increasing(len(t.gameAt), func(i int) bool { return t.gameAt[i-1] < t.gameAt[i] }):
	case len(t.gameAt) > 0 && (t.gameAt[0] < 0 || t.gameAt[len(t.gameAt)-1] >= h.Source.Size):
	case !increasing(len(t.chunks), func(i int) bool { return t.chunks[i-1].first < t.chunks[i].first }):
	default:
		at := h.FuseAt
		for i := range t.chunks {
			c := &t.chunks[i]
			if !c.valid() || c.at != at {
				return false
			}
			at += 2 * int64(c.arrayLen)
		}
		// The functions end in the last page before the repeats'.
		return at <= h.RepsAt && h.RepsAt-at < pageSize
	}
	return false
}

// tableReader reads the columns of the tables, whose length is checked.
type tableReader struct{ b []byte }

func (d *tableReader) u32() uint32 {
	v := binary.LittleEndian.Uint32(d.b)
	d.b = d.b[4:]
	return v
}

func (d *tableReader) u64() uint64 {
	v := binary.LittleEndian.Uint64(d.b)
	d.b = d.b[8:]
	return v
}

func (d *tableReader) u32s(n int64) []uint32 {
	vs := make([]uint32, n)
	for i := range vs {
		vs[i] = d.u32()
	}
	return vs
}

func (d *tableReader) u64s(n int64) []uint64 {
	vs := make([]uint64, n)
	for i := range vs {
		vs[i] = d.u64()
	}
	return vs
}

// Tidy keeps the cache folder under maxBytes: it removes the trees of
// PGN files that are gone, then the trees used least lately until the
// others take maxBytes at most, or only the one used last is left.
// Trees being built are left. A tree
// removed while a program reads it is read on until the program closes
// it (on Windows, where an open file cannot be removed, it stays until
// the next Tidy).
func Tidy(cacheDir string, maxBytes int64) error {
	entries, err := os.ReadDir(cacheDir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	type kept struct {
		name string
		size int64
		used time.Time
	}
	var trees []kept
	total := int64(0)
	for _, e := range entries {
		if filepath.Ext(e.Name()) != treeExt || !e.Type().IsRegular() {
			continue
		}
		name := filepath.Join(cacheDir, e.Name())
		st, err := e.Info()
		if err != nil {
			continue
		}
		if pgn, err := pgnOf(name); err == nil && pgn != "" {
			if _, err := os.Stat(pgn); errors.Is(err, fs.ErrNotExist) {
				os.Remove(name)
				continue
			}
		}
		trees = append(trees, kept{name, st.Size(), st.ModTime()})
		total += st.Size()
	}
	slices.SortFunc(trees, func(a, b kept) int { return cmp.Compare(a.used.UnixNano(), b.used.UnixNano()) })
	// The tree used last stays, whatever its size: it is being used.
	for _, k := range trees[:max(0, len(trees)-1)] {
		if total <= maxBytes {
			break
		}
		if os.Remove(k.name) == nil {
			total -= k.size
		}
	}
	return nil
}

// pgnOf returns the path of the PGN file whose tree is in the cache file
// name: the end of its tables.
func pgnOf(name string) (string, error) {
	f, err := safefile.OpenRead(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h, err := readHeader(f)
	if err != nil {
		return "", err
	}
	st, err := f.Stat()
	if err != nil {
		return "", err
	}
	if h.PathLen < 0 || h.PathLen > min(1<<16, st.Size()-headerSize) {
		return "", ErrDamagedCache
	}
	path := make([]byte, h.PathLen)
	if _, err := f.ReadAt(path, st.Size()-h.PathLen); err != nil {
		return "", err
	}
	return string(path), nil
}
