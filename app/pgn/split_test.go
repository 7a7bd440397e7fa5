package pgn_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

// read is what a test compares of a game read: where it starts, whether
// it had an error, and what it holds.
type read struct {
	off    int64
	bad    bool
	tags   []pgn.Tag
	plies  int
	result string
}

func (r read) String() string {
	return fmt.Sprintf("game at %d (error %v, %d tags, %d plies, %q)", r.off, r.bad, len(r.tags), r.plies, r.result)
}

func readOf(g *pgn.Game, err error) read {
	return read{off: g.Offset, bad: err != nil, tags: g.Tags, plies: len(g.Moves), result: g.Result}
}

// sequential reads every game of data with a Reader.
func sequential(t testing.TB, data []byte) []read {
	t.Helper()
	var games []read
	rd := pgn.NewReader(bytes.NewReader(data))
	for {
		g, err := rd.Next()
		if g == nil {
			if err != io.EOF && err != pgn.ErrUTF16 {
				t.Fatalf("sequential reading: %v", err)
			}
			return games
		}
		games = append(games, readOf(g, err))
	}
}

// cuts returns the cuts Cut makes at the offsets at, in order.
func cuts(t testing.TB, data []byte, at []int64) []int64 {
	t.Helper()
	r, size := bytes.NewReader(data), int64(len(data))
	cs := []int64{0}
	for _, o := range at {
		if o <= cs[len(cs)-1] || o >= size {
			continue
		}
		c, err := pgn.Cut(r, o, size)
		if err != nil {
			t.Fatal(err)
		}
		if c < o || c > size {
			t.Fatalf("Cut(%d) = %d, out of [%d, %d]", o, c, o, size)
		}
		if c < size {
			cs = append(cs, c)
		}
	}
	return cs
}

// drain reads the games left in a section.
func drain(t testing.TB, s *pgn.SectionReader, into []read) []read {
	t.Helper()
	for n := 0; ; n++ {
		g, err := s.Next()
		if g == nil {
			if err != io.EOF && err != pgn.ErrUTF16 {
				t.Fatalf("section: %v", err)
			}
			if err == io.EOF && s.Stop() < 0 {
				t.Fatalf("no stop after the end of the section")
			}
			return into
		}
		into = append(into, readOf(g, err))
	}
}

// split reads data cut at cs as goroutines would: each section on its
// own, then the sections in order, the reader of a section reading on
// into the next when its last game runs past the cut.
func split(t testing.TB, data []byte, cs []int64) []read {
	t.Helper()
	r, size := bytes.NewReader(data), int64(len(data))
	end := func(k int) int64 {
		if k+1 < len(cs) {
			return cs[k+1]
		}
		return size
	}
	secs := make([]*pgn.SectionReader, len(cs))
	own := make([][]read, len(cs))
	for k, c := range cs {
		secs[k] = pgn.NewSectionReader(r, size, c, end(k))
		own[k] = drain(t, secs[k], nil)
	}
	games := own[0]
	cur := secs[0]
	for k := 1; k < len(cs); k++ {
		if cur.Stop() == cs[k] {
			cur = secs[k]
			games = append(games, own[k]...)
			continue
		}
		cur.Extend(end(k))
		games = drain(t, cur, games)
	}
	return games
}

// checkSplit checks that reading data in sections cut near the offsets
// at gives the games of the index, read as a Reader reads them.
func checkSplit(t *testing.T, data []byte, at []int64) {
	t.Helper()
	want := sequential(t, data)
	x, err := pgn.BuildIndex(context.Background(), bytes.NewReader(data))
	if err != nil && err != pgn.ErrUTF16 {
		t.Fatal(err)
	}
	if x.Len() != len(want) {
		t.Fatalf("the index has %d games, the reader %d", x.Len(), len(want))
	}
	for i := range want {
		if e := x.Entry(i); e.Offset != want[i].off {
			t.Fatalf("game %d: at %d in the index, %d for the reader", i+1, e.Offset, want[i].off)
		}
	}
	cs := cuts(t, data, at)
	got := split(t, data, cs)
	for i := range max(len(got), len(want)) {
		switch {
		case i >= len(got):
			t.Fatalf("cuts %v: game %d missing: %v", cs, i+1, want[i])
		case i >= len(want):
			t.Fatalf("cuts %v: game %d too many: %v", cs, i+1, got[i])
		case !reflect.DeepEqual(got[i], want[i]):
			t.Fatalf("cuts %v: game %d is %v, want %v", cs, i+1, got[i], want[i])
		}
	}
}

// every returns the offsets step, 2*step, … below n.
func every(step, n int) []int64 {
	var at []int64
	for o := step; o < n; o += step {
		at = append(at, int64(o))
	}
	return at
}

func TestSplitEdgeFiles(t *testing.T) {
	for _, path := range pgnFiles(t, dataDir(t, "edge")) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, step := range []int{1, 2, 3, 7, 50, 333, 4096} {
				checkSplit(t, data, every(step, len(data)))
			}
		})
	}
}

func TestSplitCorpusFile(t *testing.T) {
	files := pgnFiles(t, dataDir(t, "corpus"))
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	checkSplit(t, data, every(64<<10, len(data)))
}

// trickyCuts are texts with tricky places to cut: a "[Event" inside a
// comment after a blank line or after a ";" comment, a game of tags only
// followed by one repeating them, an escape line, junk on its own line
// before a tag, CR line ends, a byte-order mark.
func trickyCuts() []string {
	return []string{
		"[Event \"a\"]\n\n1. e4 {note\n\n[Event \"x\"]\n} e5 *\n\n[Event \"b\"]\n\n1. d4 *\n",
		"[Event \"a\"]\n\n[Event \"b\"]\n\n[Site \"c\"]\n\n1. e4 *\n",
		"1. e4\n\n[Event \"b\"]\n1. d4 *\n%x\n\n[Event \"c\"] 1-0",
		"[Event \"a\"]\n1. e4 *\n\njunk\n\n[Event \"b\"]\n\n1. d4\n\n[Event \"c\"]\n*",
		"[Event \"a\"]\r\r1. e4 *\r\r[Event \"b\"]\r\r1. d4 *\r\n\r\n[Event \"c\"]\r\n*",
		"\xef\xbb\xbf[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n*",
		"[Event \"a\"]\n\n1. e4 ; [Event\n\n[Event \"b\"]\n*",
	}
}

func TestSplitTrickyCuts(t *testing.T) {
	for _, s := range trickyCuts() {
		checkSplit(t, []byte(s), every(1, len(s)))
	}
}

func TestCutFindsABlankLineBeforeATag(t *testing.T) {
	data := []byte("[A \"1\"]\n[B \"2\"]\n\n1. e4 *\n\n[A \"3\"]\r\n\r\n[B \"4\"]")
	r, size := bytes.NewReader(data), int64(len(data))
	want := []int64{0, 26, 26, 26, 37}
	for i, off := range []int64{0, 1, 8, 26, 27} {
		if c, err := pgn.Cut(r, off, size); err != nil || c != want[i] {
			t.Errorf("Cut(%d) = %d, %v; want %d", off, c, err, want[i])
		}
	}
	if c, _ := pgn.Cut(r, 38, size); c != size {
		t.Errorf("Cut past the last tag = %d, want %d", c, size)
	}
	if c, _ := pgn.Cut(r, 27, 30); c != 30 {
		t.Errorf("Cut up to a limit = %d, want 30", c)
	}
	// Across the windows Cut reads.
	long := append(bytes.Repeat([]byte("x"), 40<<10), "\n\n[A \"1\"]"...)
	if c, _ := pgn.Cut(bytes.NewReader(long), 1, int64(len(long))); c != 40<<10+2 {
		t.Errorf("Cut over a long line = %d, want %d", c, 40<<10+2)
	}
}

func FuzzSplit(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4<<10 {
			return
		}
		// The offsets come from the data, so the fuzzer steers them.
		var at []int64
		for i, c := range data {
			if c%5 == 0 {
				at = append(at, int64(i))
			}
		}
		slices.Sort(at)
		checkSplit(t, data, at)
		checkSplit(t, data, every(1, len(data)))
	})
}

// TestRecycleReadsTheSameGamesWithLessMemory: a section reader told after
// each game that the games are done with reads the same games — moves,
// comments, side lines — and the moves' memory serves again.
func TestRecycleReadsTheSameGamesWithLessMemory(t *testing.T) {
	files := pgnFiles(t, dataDir(t, "corpus"))
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	data = data[:min(len(data), 2<<20)]
	read := func(recycle bool) (texts []string, allocated uint64) {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		s := pgn.NewSectionReader(bytes.NewReader(data), int64(len(data)), 0, int64(len(data)))
		for {
			g, err := s.Next()
			if g == nil {
				break
			}
			if err == nil {
				texts = append(texts, written(t, g))
			}
			if recycle {
				s.Recycle()
			}
		}
		runtime.ReadMemStats(&after)
		return texts, after.TotalAlloc - before.TotalAlloc
	}
	kept, plain := read(false)
	recycled, less := read(true)
	if !slices.Equal(kept, recycled) {
		for i := range min(len(kept), len(recycled)) {
			if kept[i] != recycled[i] {
				t.Fatalf("game %d differs when recycled:\n%s\nwas:\n%s", i+1, recycled[i], kept[i])
			}
		}
		t.Fatalf("%d games recycled, %d kept", len(recycled), len(kept))
	}
	// The writing allocates the same in both; the moves' blocks go.
	if less > plain*3/4 {
		t.Errorf("reading %d games allocated %d bytes recycled, %d not", len(kept), less, plain)
	}
	t.Logf("%d games: %d MB allocated, %d MB recycled", len(kept), plain>>20, less>>20)
}

// TestAGameKeepsItsOwnMainLine: the games read one after the other share
// the memory of their main lines; a move added to one game's line does
// not change the next game's.
func TestAGameKeepsItsOwnMainLine(t *testing.T) {
	r := pgn.NewReader(strings.NewReader("1. e4 e5 *\n\n1. d4 d5 2. c4 *\n"))
	first, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	second, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	first.Moves = append(first.Moves, &pgn.Move{SAN: "Nf3"})
	var sans []string
	for _, m := range second.Moves {
		sans = append(sans, m.SAN)
	}
	if got := strings.Join(sans, " "); got != "d4 d5 c4" {
		t.Errorf("the second game's moves are %q after a move was added to the first's", got)
	}
}
