package explore

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"
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
// Layout, little-endian: the header (headerSize bytes), the game lists,
// then the tables: the position table's keys and values, and by position
// id the first move, the games and the list offsets, then the moves as
// columns.

// magic starts a cache file; its last byte is the format's version.
const magic = "ECHTREE\x02"

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
	TablesAt  int64
	Complete  int64 // 1 once the file is whole
	Padding   [headerSize - 8 - sourceKeySize - 8 - 7*8]byte
}

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
// as they are asked for; Close closes it.
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
	}
	return t, nil
}

// ErrNotCached: the cache holds no tree of the file as it is now.
var ErrNotCached = errors.New("no opening tree of the file is cached")

// LoadCached returns the tree BuildCached kept in cacheDir for the file
// at path, without building it: ErrNotCached when there is none of the
// file as it is now. It reads the tree's tables, not the file, so a
// window may ask for it while the file is read for something else.
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
	f, err := os.Open(abs)
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
	w := bufio.NewWriterSize(f, 1<<16)
	put := func(data any) {
		if err == nil {
			err = binary.Write(w, binary.LittleEndian, data)
		}
	}
	keys := make([]uint64, len(t.pos.slots))
	vals := make([]uint32, len(t.pos.slots))
	for i, s := range t.pos.slots {
		keys[i], vals[i] = s.key, s.id
	}
	put(keys)
	put(vals)
	// The file holds each position's moves one after the other, from
	// first[id] to first[id+1]: order[k] is the move at k.
	first := make([]uint32, len(t.first)+1)
	order := make([]uint32, 0, len(t.edges))
	for id, e := range t.first {
		first[id] = uint32(len(order))
		for ; e != noEdge; e = t.next[e] {
			order = append(order, e)
		}
	}
	first[len(t.first)] = uint32(len(order))
	put(first)
	put(t.count)
	put(t.listAt)
	cols := make([]uint32, len(order))
	moves := make([]uint16, len(order))
	for i, e := range order {
		moves[i] = t.edges[e].move
	}
	put(moves)
	for _, field := range []func(e *edge) uint32{
		func(e *edge) uint32 { return e.games },
		func(e *edge) uint32 { return e.white },
		func(e *edge) uint32 { return e.draws },
		func(e *edge) uint32 { return e.black },
		func(e *edge) uint32 { return e.eloN },
	} {
		for i, e := range order {
			cols[i] = field(&t.edges[e])
		}
		put(cols)
	}
	sums := make([]uint64, len(order))
	for i, e := range order {
		sums[i] = t.edges[e].eloSum
	}
	put(sums)
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		return err
	}
	h := header{Source: t.source, Content: t.content, Games: int64(t.games), Skipped: int64(t.skipped),
		Positions: int64(len(t.count)), Slots: int64(len(t.pos.slots)), Edges: int64(len(order)),
		TablesAt: at, Complete: 1}
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

// encode returns the header as a cache file has it.
func (h header) encode() ([headerSize]byte, error) {
	var b [headerSize]byte
	_, err := binary.Encode(b[:], binary.LittleEndian, &h)
	return b, err
}

// readHeader reads the header of a cache file.
func readHeader(r io.ReaderAt) (header, error) {
	var b [headerSize]byte
	var h header
	if _, err := r.ReadAt(b[:], 0); err != nil {
		return h, err
	}
	if _, err := binary.Decode(b[:], binary.LittleEndian, &h); err != nil {
		return h, err
	}
	if string(h.Magic[:]) != magic || h.Complete != 1 {
		return h, errCorrupt
	}
	return h, nil
}

// headerOf reads the header of the cache file name.
func headerOf(name string) (header, error) {
	f, err := os.Open(name)
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
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	t, err := read(f, key)
	if err != nil {
		f.Close()
		return nil, err
	}
	t.lists, t.closer = f, f
	return t, nil
}

func read(f *os.File, key sourceKey) (*Tree, error) {
	h, err := readHeader(f)
	if err != nil {
		return nil, err
	}
	if h.Source != key {
		return nil, errStale
	}
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	// Sizes that the file cannot hold are damage, not a reason to
	// allocate.
	n, slots, edges := h.Positions, h.Slots, h.Edges
	if n < 0 || slots < 0 || edges < 0 || h.TablesAt < headerSize ||
		12*slots+16*n+12+30*edges > st.Size()-h.TablesAt || slots&(slots-1) != 0 || 4*n > 3*slots+4 {
		return nil, errCorrupt
	}
	t := &Tree{games: int(h.Games), skipped: int(h.Skipped), source: h.Source, content: h.Content}
	keys, vals := make([]uint64, slots), make([]uint32, slots)
	t.first, t.count, t.listAt = make([]uint32, n+1), make([]uint32, n), make([]uint64, n+1)
	r := bufio.NewReaderSize(io.NewSectionReader(f, h.TablesAt, st.Size()-h.TablesAt), 1<<16)
	get := func(data any) {
		if err == nil {
			err = binary.Read(r, binary.LittleEndian, data)
		}
	}
	get(keys)
	get(vals)
	get(t.first)
	get(t.count)
	get(t.listAt)
	moves := make([]uint16, edges)
	get(moves)
	t.edges = make([]edge, edges)
	for i, m := range moves {
		t.edges[i].move = m
	}
	cols := make([]uint32, edges)
	for _, field := range []func(e *edge) *uint32{
		func(e *edge) *uint32 { return &e.games },
		func(e *edge) *uint32 { return &e.white },
		func(e *edge) *uint32 { return &e.draws },
		func(e *edge) *uint32 { return &e.black },
		func(e *edge) *uint32 { return &e.eloN },
	} {
		get(cols)
		for i := range t.edges {
			*field(&t.edges[i]) = cols[i]
		}
	}
	sums := make([]uint64, edges)
	get(sums)
	for i, s := range sums {
		t.edges[i].eloSum = s
	}
	if err != nil {
		return nil, errCorrupt
	}
	// What queries index with must stay in bounds.
	for i := range n {
		if t.first[i] > t.first[i+1] || t.listAt[i] > t.listAt[i+1] {
			return nil, errCorrupt
		}
	}
	if int64(t.first[n]) != edges || t.listAt[n] > uint64(h.TablesAt) {
		return nil, errCorrupt
	}
	// Each position's moves follow each other.
	t.next = make([]uint32, edges)
	for i := range n {
		from, to := t.first[i], t.first[i+1]
		for e := from; e < to; e++ {
			t.next[e] = e + 1
		}
		if from < to {
			t.next[to-1] = noEdge
		} else {
			t.first[i] = noEdge
		}
	}
	t.first = t.first[:n:n]
	t.pos = table{slots: make([]posSlot, slots), n: int(n)}
	for i, k := range keys {
		if k != 0 && int64(vals[i]) >= n {
			return nil, errCorrupt
		}
		t.pos.slots[i] = posSlot{key: k, id: vals[i], head: noEdge}
	}
	return t, nil
}
