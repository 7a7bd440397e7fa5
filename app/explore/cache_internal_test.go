package explore

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// cacheGames is a file of a few games, its cache file a few kilobytes;
// the last three have the moves of games before, so that the cache file
// has lists of games that came again.
const cacheGames = `[Result "1-0"]
[WhiteElo "2400"]
[BlackElo "2200"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0

[Result "1/2-1/2"]

1. e4 c5 2. Nf3 d6 1/2-1/2

[Result "0-1"]

1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 0-1

[Result "*"]

1. e4 ) e5 *

[Result "1-0"]

1. e4 e5 2. Nf3 Nf6 3. Nxe5 d6 4. Nf3 Nxe4 5. d4 d5 6. Bd3 Nc6 7. O-O Be7 1-0

[Result "0-1"]
[WhiteElo "2100"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 0-1

[Result "1/2-1/2"]

1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 1/2-1/2

[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0
`

// cached builds the tree of cacheGames in a cache and returns the PGN
// file's path, the cache folder, the cache file's name and its bytes.
func cached(tb testing.TB) (path, dir, name string, data []byte) {
	tb.Helper()
	path = filepath.Join(tb.TempDir(), "games.pgn")
	if err := os.WriteFile(path, []byte(cacheGames), 0o644); err != nil {
		tb.Fatal(err)
	}
	dir = tb.TempDir()
	tree, err := BuildCached(context.Background(), path, dir, nil)
	if err != nil {
		tb.Fatal(err)
	}
	tree.Close()
	names, _ := filepath.Glob(filepath.Join(dir, "*.tree"))
	if len(names) != 1 {
		tb.Fatalf("the cache holds %v", names)
	}
	if data, err = os.ReadFile(names[0]); err != nil {
		tb.Fatal(err)
	}
	return path, dir, names[0], data
}

// headerIn returns the header at the start of data.
func headerIn(tb testing.TB, data []byte) header {
	tb.Helper()
	var h header
	if _, err := binary.Decode(data[:headerSize], binary.LittleEndian, &h); err != nil {
		tb.Fatal(err)
	}
	return h
}

// tablesAt returns where the tables of the file of header h start.
func (h *header) tablesAt() int64 { return headerSize + h.BodyEnd }

// seal gives data, a cache file changed, the sums of what it holds: the
// sums of its body's pages, where its tables hold them, and of its
// tables and header; only the checks of its counts, tables and records
// can then refuse it.
func seal(data []byte) []byte {
	data = slices.Clone(data)
	var h header
	if len(data) < headerSize {
		return data
	}
	binary.Decode(data[:headerSize], binary.LittleEndian, &h)
	if at := h.tablesAt(); h.BodyEnd >= 0 && at <= int64(len(data)) {
		pages := pagesOf(h.BodyEnd)
		if at+4*pages <= int64(len(data)) {
			for k := range pages {
				from := headerSize + k*pageSize
				sum := crc32.Checksum(data[from:min(from+pageSize, at)], castagnoli)
				binary.LittleEndian.PutUint32(data[at+4*k:], sum)
			}
		}
		h.TablesSum = crc32.Checksum(data[at:], castagnoli)
	}
	b, _ := h.encode()
	copy(data, b[:])
	return data
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// loadBound is the most a cache file of size bytes, of a PGN file of pgn
// bytes, may make its load allocate: a few times the tables (the tree
// holds them in wider structures, read through buffers), and buffers.
func loadBound(size, pgn int) uint64 {
	return uint64(4*size + 16*pgn + 512<<10)
}

// The damages an earlier format met, and others of the header's counts,
// with the header's sum made right (a header that says what it says, as
// another program or a bug could write it), and damages that only the
// sums catch: the cache file is refused, without a panic and without
// allocating more than its size justifies (a game count with bit 40 set
// asked for 128 GiB), with ErrDamagedCache; BuildCached builds the tree
// again, which replaces it.
func TestDamagedCacheRefused(t *testing.T) {
	path, dir, name, data := cached(t)
	h := headerIn(t, data)
	if h.PositionBlocks == 0 || h.Chunks == 0 || h.RepBlocks == 0 || h.GameBlocks == 0 {
		t.Fatalf("the cache file of cacheGames should have every part: %+v", h)
	}
	for _, c := range []struct {
		name   string
		damage func(h *header)
	}{
		{"a count of blocks beyond any table", func(h *header) { h.PositionBlocks = 1 << 61 }},
		{"a negative game count", func(h *header) { h.Games = -1 }},
		{"a game count with bit 40 flipped", func(h *header) { h.Games ^= 1 << 40 }},
		{"more games than the PGN file holds", func(h *header) { h.Games = int64(len(cacheGames)) + 1 }},
		{"more games skipped than read", func(h *header) { h.Skipped = h.Games + 1 }},
		{"more repeats than games", func(h *header) { h.Repeats = h.Games + 1 }},
		{"more positions than the file holds", func(h *header) { h.Positions = int64(len(cacheGames)) }},
		{"more shared positions than positions", func(h *header) { h.Shared = h.Positions + 1 }},
		{"blocks of games of 2^40 games", func(h *header) { h.GameShift = 40 }},
		{"another count of blocks of games", func(h *header) { h.GameBlocks++ }},
		{"a count of chunks that overflows", func(h *header) { h.Chunks = 1<<63/chunkSize + 1 }},
		{"a negative count of chunks", func(h *header) { h.Chunks = -1 }},
		{"a body past the end", func(h *header) { h.BodyEnd = int64(len(data)) }},
		{"parts out of order", func(h *header) { h.FuseAt, h.EntriesAt = h.EntriesAt, h.FuseAt }},
		{"a part off its page", func(h *header) { h.RepsAt += 8 }},
		{"a path longer than the file", func(h *header) { h.PathLen = 1 << 40 }},
		{"tables moved", func(h *header) { h.BodyEnd -= 4 }},
	} {
		damaged := h
		c.damage(&damaged)
		b, err := damaged.encode()
		if err != nil {
			t.Fatal(err)
		}
		refused(t, c.name, path, dir, name, append(b[:], data[headerSize:]...))
	}
	flipped := func(at int64) []byte {
		d := slices.Clone(data)
		d[at] ^= 0x10
		return d
	}
	refused(t, "a bit of the header flipped", path, dir, name, flipped(headerSize-30))
	refused(t, "a bit of the tables flipped", path, dir, name, flipped(h.tablesAt()+10))
	refused(t, "a file cut short", path, dir, name, data[:len(data)-1])
	refused(t, "a file cut in its header", path, dir, name, data[:headerSize/2])
	longer := append(slices.Clone(data), 0)
	refused(t, "a file one byte longer", path, dir, name, seal(longer))
	// Tables that say what they say, sealed: each refused by the
	// checks of the tables against the header.
	tables := h.tablesAt() + 4*pagesOf(h.BodyEnd)
	posKeys := tables
	posAt := posKeys + 8*h.PositionBlocks
	chunks := posAt + 4*(h.PositionBlocks+1)
	repKeys := chunks + chunkSize*h.Chunks
	repAt := repKeys + 4*h.RepBlocks
	gameAt := repAt + 4*(h.RepBlocks+1)
	for _, c := range []struct {
		name   string
		damage func(d []byte)
	}{
		{"positions' blocks before the positions", func(d []byte) { binary.LittleEndian.PutUint32(d[posAt:], 0) }},
		{"positions' blocks past the positions", func(d []byte) { d[posAt+4*h.PositionBlocks]++ }},
		{"a function of another shape", func(d []byte) { binary.LittleEndian.PutUint32(d[chunks+16:], 1<<20) }},
		{"a function past its part", func(d []byte) { d[chunks+24] += 2 }},
		{"a function of no slots", func(d []byte) { binary.LittleEndian.PutUint32(d[chunks+20:], 0) }},
		{"a game that came again beyond the file", func(d []byte) { binary.LittleEndian.PutUint32(d[repKeys:], uint32(h.Games)+1) }},
		{"a game that came again numbered 0", func(d []byte) { binary.LittleEndian.PutUint32(d[repKeys:], 0) }},
		{"repeats' blocks past the body", func(d []byte) { d[repAt+4*h.RepBlocks]++ }},
		{"a block of games past the PGN file", func(d []byte) {
			binary.LittleEndian.PutUint64(d[gameAt+8*(h.GameBlocks-1):], uint64(len(cacheGames)))
		}},
		{"blocks of games out of order", func(d []byte) { binary.LittleEndian.PutUint64(d[gameAt+8:], 0) }},
	} {
		bad := slices.Clone(data)
		c.damage(bad)
		refused(t, c.name, path, dir, name, seal(bad))
	}
	// A file of an earlier format is built again.
	old := slices.Clone(data)
	old[7] = 5
	if err := os.WriteFile(name, old, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadCached(path, dir); !errors.Is(err, ErrNotCached) || !errors.Is(err, errOtherFormat) {
		t.Errorf("a cache file of version 5: %v", err)
	}
}

// refused writes data as the cache file name of the PGN file at path and
// checks that it is refused, and built again.
func refused(t *testing.T, what, path, dir, name string, data []byte) {
	t.Helper()
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var err error
	if n := allocated(func() {
		var tree *Tree
		if tree, err = LoadCached(path, dir); err == nil {
			tree.Close()
		}
	}); n > loadBound(len(data), len(cacheGames)) {
		t.Errorf("%s: the load allocated %d bytes for a file of %d", what, n, len(data))
	}
	if !errors.Is(err, ErrNotCached) || !errors.Is(err, ErrDamagedCache) {
		t.Errorf("%s: LoadCached: %v, want ErrNotCached and ErrDamagedCache", what, err)
	}
	tree, err := BuildCached(context.Background(), path, dir, nil)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	defer tree.Close()
	want, err := Build(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer want.Close()
	if d := sameTree(t, tree, want, path); d != "" {
		t.Errorf("%s: the tree built again: %s", what, d)
	}
	again, err := LoadCached(path, dir)
	if err != nil {
		t.Fatalf("%s: the tree built again is not cached: %v", what, err)
	}
	again.Close()
}

// A cache file damaged in its body, which a load does not read, gives
// ErrDamagedCache when a lookup reads the damaged page, not another
// answer, whichever part of the body it is in (a game list, a block of
// positions, a static function, a block of games that came again); the
// file is taken away, for the tree to be built again the next time.
func TestDamagedBlockFoundAtLookup(t *testing.T) {
	path, dir, name, data := cached(t)
	h := headerIn(t, data)
	positions := positionsOf(t, path)
	for _, part := range []struct {
		name string
		at   int64
	}{{"lists", 1}, {"positions", h.EntriesAt + 3}, {"functions", h.FuseAt + 1}, {"repeats", h.RepsAt + 2}} {
		bad := slices.Clone(data)
		bad[headerSize+part.at] ^= 0x01
		if err := os.WriteFile(name, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		tree, err := LoadCached(path, dir)
		if err != nil {
			t.Fatalf("%s: %v", part.name, err)
		}
		damaged := 0
		for _, p := range positions {
			pos, err := tree.lookup(p)
			if err == nil && pos.found {
				_, err = tree.gamesOf(&pos)
			}
			if errors.Is(err, ErrDamagedCache) {
				damaged++
			} else if err != nil {
				t.Errorf("%s: position %x: %v", part.name, p, err)
			}
		}
		tree.Close()
		if damaged == 0 {
			t.Fatalf("%s: no lookup read the damaged page", part.name)
		}
		if _, err := os.Stat(name); !os.IsNotExist(err) {
			t.Errorf("%s: the damaged cache file is still there: %v", part.name, err)
		}
		again, err := BuildCached(context.Background(), path, dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Build(context.Background(), path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if d := sameTree(t, again, want, path); d != "" {
			t.Errorf("%s: built again: %s", part.name, d)
		}
		again.Close()
		want.Close()
	}
}

// FuzzLoadCache: a cache file changed in any way is refused, or loads as
// the tree it was, whose answers are its own or refused; with its sums
// made right (seal), it is refused or loads as a tree that answers every
// query without a panic. Either way its load allocates no more than its
// size justifies.
func FuzzLoadCache(f *testing.F) {
	path, _, _, data := cached(f)
	key, err := keyOf(path)
	if err != nil {
		f.Fatal(err)
	}
	want, err := readCached(data, key, path)
	if err != nil {
		f.Fatal(err)
	}
	positions := append(positionsOf(f, path), 0x5eed)
	h := headerIn(f, data)
	f.Add(data, false)
	f.Add(data, true)
	// Seeds in each part.
	for _, at := range []int64{8, headerSize - 20, headerSize + 3, headerSize + h.EntriesAt + 5, headerSize + h.FuseAt + 1,
		headerSize + h.RepsAt + 3, h.tablesAt() + 2, int64(len(data)) - 3} {
		d := slices.Clone(data)
		d[at] ^= 0x41
		f.Add(d, true)
	}
	f.Fuzz(func(t *testing.T, data []byte, sealed bool) {
		if sealed {
			data = seal(data)
		}
		var tree *Tree
		var err error
		if n := allocated(func() { tree, err = readCached(data, key, path) }); n > loadBound(len(data), len(cacheGames)) {
			t.Fatalf("the load allocated %d bytes for a file of %d", n, len(data))
		}
		if err != nil {
			return
		}
		defer tree.Close()
		if sealed {
			queried(t, tree, positions)
		} else {
			sameOrRefused(t, tree, want, positions)
		}
	})
}

// readCached reads the tree of data, a cache file of the PGN file at
// path of key.
func readCached(data []byte, key sourceKey, path string) (*Tree, error) {
	tree, err := readTree(bytes.NewReader(data), int64(len(data)), key)
	if err != nil {
		return nil, err
	}
	if tree.pgn, err = os.Open(path); err != nil {
		return nil, err
	}
	return tree, nil
}

// sameOrRefused checks that tree answers as want, or refuses to.
func sameOrRefused(t *testing.T, tree, want *Tree, positions []uint64) {
	t.Helper()
	if tree.games != want.games || tree.skipped != want.skipped || tree.positions != want.positions {
		t.Fatal("a changed cache file loads with other counts")
	}
	for _, h := range positions {
		if d := samePosition(tree, want, h); d != "" && d != ErrDamagedCache.Error() {
			t.Fatalf("position %x: %s", h, d)
		}
	}
}

// queried asks tree every query, which must not panic nor allocate more
// than its counts, checked, justify.
func queried(t *testing.T, tree *Tree, positions []uint64) {
	t.Helper()
	for _, h := range positions {
		if pos, err := tree.lookup(h); err == nil && pos.found {
			tree.gamesOf(&pos)
			tree.gameSetOf(&pos)
		}
	}
	for _, fen := range []string{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"} {
		tree.Moves(fen)
		tree.Count(fen)
		tree.Games(fen)
		tree.GameSet(fen)
	}
}

// A cached tree of games that came again loads as the tree built: the
// same counts, moves and lists, which a load reads from the lists of
// the games that came again.
func TestCachedRepeats(t *testing.T) {
	path, dir, _, _ := cached(t)
	tree, err := LoadCached(path, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	want, err := Build(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if reps := repeatedGames(t, tree); !slices.Equal(reps, []uint32{1, 3}) || want.repeats != 3 {
		t.Fatalf("games %v with lists of repeats, %d repeats; want 1 and 3, and 3 repeats", reps, want.repeats)
	}
	if d := sameTree(t, tree, want, path); d != "" {
		t.Error(d)
	}
	games, err := tree.Games("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	if err != nil || !slices.Equal(games, []int{1, 2, 3, 5, 6, 7, 8}) {
		t.Errorf("games of the start: %v, %v", games, err)
	}
	games, err = tree.Games("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
	if err != nil || !slices.Equal(games, []int{1, 5, 6, 8}) {
		t.Errorf("games after 1. e4 e5: %v, %v", games, err)
	}
}

// repeatedGames returns the games of tree that came again.
func repeatedGames(t *testing.T, tree *Tree) []uint32 {
	var out []uint32
	c := &repCursor{t: tree}
	for i := range tree.repKeys {
		if err := c.decode(i); err != nil {
			t.Fatal(err)
		}
		for _, r := range c.recs {
			out = append(out, r.number)
		}
	}
	return out
}

// The header is headerSize bytes.
func TestHeaderSize(t *testing.T) {
	if n := binary.Size(header{}); n != headerSize {
		t.Errorf("the header takes %d bytes, not %d", n, headerSize)
	}
}
