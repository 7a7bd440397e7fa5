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

// seal gives data, a cache file changed, the sums of what it holds: only
// the checks of its counts and tables can then refuse it.
func seal(data []byte) []byte {
	data = slices.Clone(data)
	var h header
	if len(data) < headerSize {
		return data
	}
	binary.Decode(data[:headerSize], binary.LittleEndian, &h)
	if h.TablesAt >= headerSize && h.TablesAt <= int64(len(data)) {
		h.TablesSum = crc32.Checksum(data[h.TablesAt:], castagnoli)
		// And the lists' blocks, when the tables hold their sums where
		// the counts say.
		blocks := listBlocks(h.TablesAt)
		if at := int64(len(data)) - 4*blocks; at >= h.TablesAt {
			for k := range blocks {
				from := headerSize + k*listSumBlock
				sum := crc32.Checksum(data[from:min(from+listSumBlock, h.TablesAt)], castagnoli)
				binary.LittleEndian.PutUint32(data[at+4*k:], sum)
			}
			h.TablesSum = crc32.Checksum(data[h.TablesAt:], castagnoli)
		}
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

// The damages the issue reported, and others of the header's counts,
// with the header's sum made right (a header that says what it says, as
// another program or a bug could write it), and damages that only the
// sums catch: the cache file is refused, without a panic and without
// allocating more than its size justifies (a game count with bit 40 set
// asked for 128 GiB), with ErrDamagedCache; BuildCached builds the tree
// again, which replaces it.
func TestDamagedCacheRefused(t *testing.T) {
	path, dir, name, data := cached(t)
	h := headerIn(t, data)
	for _, c := range []struct {
		name   string
		damage func(h *header)
	}{
		// 12×2^61 overflows past the size check of the file's first
		// format, and makeslice panicked.
		{"a count of slots beyond any table", func(h *header) { h.Slots = 1 << 61 }},
		{"a negative game count", func(h *header) { h.Games = -1 }},
		{"a game count with bit 40 flipped", func(h *header) { h.Games ^= 1 << 40 }},
		{"more games than the PGN file holds", func(h *header) { h.Games = int64(len(cacheGames)) + 1 }},
		{"more games skipped than read", func(h *header) { h.Skipped = h.Games + 1 }},
		{"more positions than a tree holds", func(h *header) { h.Positions = MaxPositions + 1 }},
		{"more positions than slots", func(h *header) { h.Positions = h.Slots }},
		{"a count of moves that overflows", func(h *header) { h.Edges = 1<<63/30 + 1 }},
		{"a count of slots not a power of two", func(h *header) { h.Slots += 4 }},
		{"tables in the header", func(h *header) { h.TablesAt = 0 }},
		{"tables past the end", func(h *header) { h.TablesAt = int64(len(data)) + 1 }},
		{"tables moved", func(h *header) { h.TablesAt += 4 }},
		{"a negative count of moves", func(h *header) { h.Edges = -1 }},
	} {
		damaged := h
		c.damage(&damaged)
		b, err := damaged.encode()
		if err != nil {
			t.Fatal(err)
		}
		refused(t, c.name, path, dir, name, append(b[:], data[headerSize:]...))
	}
	flipped := func(at int) []byte {
		d := slices.Clone(data)
		d[at] ^= 0x10
		return d
	}
	refused(t, "a bit of the header flipped", path, dir, name, flipped(headerSize-30))
	refused(t, "a bit of the tables flipped", path, dir, name, flipped(int(h.TablesAt)+100))
	refused(t, "a file cut short", path, dir, name, data[:len(data)-1])
	refused(t, "a file cut in its header", path, dir, name, data[:headerSize/2])
	longer := append(slices.Clone(data), 0)
	refused(t, "a file one byte longer", path, dir, name, seal(longer))
	// Tables that say what they say: the first position's id beyond
	// the positions.
	for i := h.TablesAt; i < h.TablesAt+8*h.Slots; i += 8 {
		if binary.LittleEndian.Uint64(data[i:]) != 0 {
			bad := slices.Clone(data)
			binary.LittleEndian.PutUint32(bad[h.TablesAt+8*h.Slots+(i-h.TablesAt)/2:], uint32(h.Positions))
			refused(t, "a position's id beyond the positions", path, dir, name, seal(bad))
			break
		}
	}
	// Tables that say what they say: the first position's moves run
	// past the moves (an index out of range, checked as the moves are
	// linked).
	beyond := slices.Clone(data)
	binary.LittleEndian.PutUint32(beyond[h.TablesAt+12*h.Slots+4:], uint32(h.Edges)+1000)
	refused(t, "a position's moves past the moves", path, dir, name, seal(beyond))
	// Tables that say what they say, of the games that came again (two
	// in cacheGames, from the end: their lists' offsets, lengths and
	// numbers, then the lengths of the positions' lists).
	k := h.Repeated
	if k != 2 {
		t.Fatalf("the cache file has %d games that came again, want 2", k)
	}
	repAt := int64(len(data)) - 8*(k+1)
	repCount, reps := repAt-4*k, repAt-8*k
	listLen := reps - 4*h.Positions
	for _, c := range []struct {
		name   string
		damage func(d []byte)
	}{
		{"a game that came again beyond the file", func(d []byte) { binary.LittleEndian.PutUint32(d[reps:], uint32(h.Games)+1) }},
		{"games that came again out of order", func(d []byte) { copy(d[reps:reps+4], d[reps+4:reps+8]) }},
		{"a game that came again numbered 0", func(d []byte) { binary.LittleEndian.PutUint32(d[reps:], 0) }},
		{"a list of repeats of no game", func(d []byte) { binary.LittleEndian.PutUint32(d[repCount:], 0) }},
		{"a list of repeats longer than its bytes", func(d []byte) { binary.LittleEndian.PutUint32(d[repCount:], 1000) }},
		{"lists of repeats past the tables", func(d []byte) { d[repAt+8*k]++ }},
		{"lists of repeats before the positions' lists end", func(d []byte) { d[repAt]-- }},
		{"a position's list longer than its count", func(d []byte) { binary.LittleEndian.PutUint32(d[listLen:], 1<<20) }},
	} {
		bad := slices.Clone(data)
		c.damage(bad)
		refused(t, c.name, path, dir, name, seal(bad))
	}
	damaged := h
	damaged.Repeated = h.Games + 1
	b, err := damaged.encode()
	if err != nil {
		t.Fatal(err)
	}
	refused(t, "more games that came again than games", path, dir, name, append(b[:], data[headerSize:]...))
	// A file of an earlier format is built again.
	old := slices.Clone(data)
	old[7] = 3
	if err := os.WriteFile(name, old, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadCached(path, dir); !errors.Is(err, ErrNotCached) || !errors.Is(err, errOtherFormat) {
		t.Errorf("a cache file of version 3: %v", err)
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
	if d := sameTree(tree, want); d != "" {
		t.Errorf("%s: the tree built again: %s", what, d)
	}
	again, err := LoadCached(path, dir)
	if err != nil {
		t.Fatalf("%s: the tree built again is not cached: %v", what, err)
	}
	again.Close()
}

// A cache file damaged in its game lists, which a load does not read,
// gives ErrDamagedCache when a list is read from a damaged block, not
// another list; the file is taken away, for the tree to be built again
// the next time.
func TestDamagedListRefused(t *testing.T) {
	path, dir, name, data := cached(t)
	bad := slices.Clone(data)
	bad[headerSize+1] ^= 0x01
	if err := os.WriteFile(name, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	tree, err := LoadCached(path, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	damaged := 0
	for i := range tree.count {
		if _, err := tree.gamesAt(i); errors.Is(err, ErrDamagedCache) {
			damaged++
		} else if err != nil {
			t.Errorf("position %d: %v", i, err)
		}
		if _, err := tree.gameSetAt(i); err != nil && !errors.Is(err, ErrDamagedCache) {
			t.Errorf("position %d as a set: %v", i, err)
		}
	}
	if damaged == 0 {
		t.Fatal("no list read the damaged block")
	}
	if _, err := os.Stat(name); !os.IsNotExist(err) {
		t.Errorf("the damaged cache file is still there: %v", err)
	}
	again, err := BuildCached(context.Background(), path, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	for i := range again.count {
		if _, err := again.gamesAt(i); err != nil {
			t.Errorf("built again, position %d: %v", i, err)
		}
	}
}

// FuzzLoadCache: a cache file changed in any way is refused, or loads as
// the tree it was, whose lists read back as they were or are refused;
// with its sums made right (seal), it is refused or loads as a tree that
// answers every query without a panic. Either way its load allocates no
// more than its size justifies.
func FuzzLoadCache(f *testing.F) {
	path, _, _, data := cached(f)
	key, err := keyOf(path)
	if err != nil {
		f.Fatal(err)
	}
	want, err := readTree(bytes.NewReader(data), int64(len(data)), key)
	if err != nil {
		f.Fatal(err)
	}
	h := headerIn(f, data)
	f.Add(data, false)
	f.Add(data, true)
	// Seeds near the tables and the lists.
	for _, at := range []int64{8, headerSize - 20, headerSize + 3, h.TablesAt + 2, h.TablesAt + 8*h.Slots + 4, int64(len(data)) - 3} {
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
		if n := allocated(func() { tree, err = readTree(bytes.NewReader(data), int64(len(data)), key) }); n > loadBound(len(data), len(cacheGames)) {
			t.Fatalf("the load allocated %d bytes for a file of %d", n, len(data))
		}
		if err != nil {
			return
		}
		if sealed {
			queried(t, tree)
		} else {
			sameOrRefused(t, tree, want)
		}
	})
}

// sameOrRefused checks that tree answers as want, its lists read back as
// want's or refused.
func sameOrRefused(t *testing.T, tree, want *Tree) {
	t.Helper()
	if tree.games != want.games || tree.skipped != want.skipped || !slices.Equal(tree.count, want.count) {
		t.Fatal("a changed cache file loads with other counts")
	}
	for i := range want.count {
		if !slices.Equal(tree.movesAt(i), want.movesAt(i)) {
			t.Fatalf("position %d: other moves", i)
		}
		a, err := tree.gamesAt(i)
		if err != nil {
			if !errors.Is(err, ErrDamagedCache) {
				t.Fatalf("position %d: %v", i, err)
			}
			continue
		}
		if b, _ := want.gamesAt(i); !slices.Equal(a, b) {
			t.Fatalf("position %d: games %v, want %v", i, a, b)
		}
	}
}

// queried asks tree every query, which must not panic nor allocate more
// than its counts, checked, justify.
func queried(t *testing.T, tree *Tree) {
	t.Helper()
	for i := range tree.count {
		tree.movesAt(i)
		tree.gamesAt(i)
		tree.gameSetAt(i)
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
	if len(tree.reps) != 2 || want.repeats != 3 {
		t.Fatalf("%d games with lists of repeats, %d repeats; want 2 and 3", len(tree.reps), want.repeats)
	}
	if d := sameTree(tree, want); d != "" {
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

// The header is headerSize bytes.
func TestHeaderSize(t *testing.T) {
	if n := binary.Size(header{}); n != headerSize {
		t.Errorf("the header takes %d bytes, not %d", n, headerSize)
	}
}
