package pgn_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/echiquier/echiquier/app/pgn"
)

// threeGames is a small file: two good games around one with a syntax
// error, with CRLF line ends in the last one.
const threeGames = "\ufeff[Event \"Open\"]\n[White \"Anand\"]\n[Black \"Kasparov\"]\n[Result \"1-0\"]\n[Date \"1995.09.11\"]\n[ECO \"C80\"]\n\n" +
	"1. e4 e5 2. Nf3 {a comment} Nc6 (2... d6) 3. Bb5 1-0\n\n" +
	"[Event \"Open\"]\n[White \"Bad\"]\n\n1. e4 ) e5 *\n\n" +
	"[Event \"Rapid\"]\r\n[White \"Hou\"]\r\n[Black \"Judit\"]\r\n[Round \"2.1\"]\r\n\r\n1. d4 d5 2. c4 1/2-1/2\r\n"

func TestIndexFindsGamesAndTags(t *testing.T) {
	x, err := pgn.BuildIndex(context.Background(), strings.NewReader(threeGames))
	if err != nil {
		t.Fatal(err)
	}
	if x.Len() != 3 {
		t.Fatalf("%d games, want 3", x.Len())
	}
	first := x.Entry(0)
	want := [pgn.NumFields]string{pgn.FieldWhite: "Anand", pgn.FieldBlack: "Kasparov", pgn.FieldResult: "1-0",
		pgn.FieldDate: "1995.09.11", pgn.FieldEvent: "Open", pgn.FieldECO: "C80"}
	if first.Tags != want || first.Number != 1 || first.Plies != 5 || first.Line != 1 || first.Err != nil {
		t.Errorf("game 1: %+v", first)
	}
	if x.Tag(2, pgn.FieldRound) != "2.1" || x.Plies(2) != 3 || x.Tag(2, pgn.FieldSite) != "" {
		t.Errorf("game 3: %+v", x.Entry(2))
	}
	if x.TagID(0, pgn.FieldEvent) != x.TagID(1, pgn.FieldEvent) || x.Value(x.TagID(1, pgn.FieldEvent)) != "Open" {
		t.Error("the same event has two ids")
	}
	if x.TagID(0, pgn.FieldSite) != 0 || x.Value(0) != "" {
		t.Error("a missing tag is not the empty value 0")
	}
}

func TestIndexListsBadGames(t *testing.T) {
	x, err := pgn.BuildIndex(context.Background(), strings.NewReader(threeGames))
	if err != nil {
		t.Fatal(err)
	}
	errs := x.Errors()
	if len(errs) != 1 || errs[0].Index != 1 {
		t.Fatalf("errors: %v", errs)
	}
	var se *pgn.SyntaxError
	if !errors.As(errs[0].Err, &se) || se.Game != 2 || se.Line != 13 || se.Text != ")" {
		t.Errorf("error of game 2: %#v", errs[0].Err)
	}
	if x.Entry(1).Err != errs[0].Err || x.Err(0) != nil || x.Err(2) != nil {
		t.Error("Err does not match Errors")
	}
	if x.Entry(1).Line != 10 {
		t.Errorf("bad game at line %d, want 10", x.Entry(1).Line)
	}
}

// checkOffsets checks that every game of data, read again from its place
// in the index, is the game the Reader reads, and that the index's tags
// and plies are that game's.
func checkOffsets(t *testing.T, data []byte) {
	t.Helper()
	x, err := pgn.BuildIndex(context.Background(), bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	r := pgn.NewReader(bytes.NewReader(data))
	for i := 0; ; i++ {
		want, werr := r.Next()
		if werr == io.EOF {
			if i != x.Len() {
				t.Errorf("%d games indexed, %d read", x.Len(), i)
			}
			return
		}
		if i >= x.Len() {
			t.Fatalf("game %d read but not indexed", i+1)
		}
		if (werr != nil) != (x.Err(i) != nil) {
			t.Errorf("game %d: reader error %v, index error %v", i+1, werr, x.Err(i))
			continue
		}
		e := x.Entry(i)
		if e.Offset != want.Offset || e.Line != want.Line {
			t.Errorf("game %d at offset %d line %d, want %d line %d", i+1, e.Offset, e.Line, want.Offset, want.Line)
		}
		for f := range pgn.NumFields {
			if e.Tags[f] != want.Tag(f.Name()) {
				t.Errorf("game %d: %s %q, want %q", i+1, f.Name(), e.Tags[f], want.Tag(f.Name()))
			}
		}
		if werr != nil {
			continue
		}
		if e.Plies != len(want.Moves) {
			t.Errorf("game %d: %d plies, want %d", i+1, e.Plies, len(want.Moves))
		}
		got, err := x.ReadGame(bytes.NewReader(data), i)
		if err != nil {
			t.Errorf("game %d read again: %v", i+1, err)
		} else if !sameGame(got, want, e.Offset == 0 || bytes.IndexByte([]byte("\r\n"), data[e.Offset-1]) >= 0, data[e.Offset:e.Offset+e.Length]) {
			t.Errorf("game %d read again differs: %s\nwant %s", i+1, dumpGame(got), dumpGame(want))
		}
	}
}

// sameGame compares a game read again with ParseGame with the game the
// Reader read, whose text is text. ParseGame counts columns from the start
// of its text: they are the same only for a game that starts a line. It
// keeps the game's text, which the Reader does not.
func sameGame(got, want *pgn.Game, startsLine bool, text []byte) bool {
	if !bytes.Equal(got.Text, text) {
		return false
	}
	c := *got
	c.Text = nil
	if startsLine {
		return reflect.DeepEqual(&c, want)
	}
	return dumpGame(got) == dumpGame(want) && reflect.DeepEqual(got.Tags, want.Tags) &&
		got.Offset == want.Offset && got.Line == want.Line
}

func TestIndexOffsetsReadTheSameGames(t *testing.T) {
	checkOffsets(t, []byte(threeGames))
	cr := strings.ReplaceAll(strings.ReplaceAll(threeGames, "\r\n", "\n"), "\n", "\r")
	checkOffsets(t, []byte(cr))
	checkOffsets(t, []byte(strings.Repeat("[A \"1\"] e4 * ", 50)))
	checkOffsets(t, []byte("é}{ garbage\n\n[White \"Ünal\"]\n1. e4 *\n1. d4"))
}

func TestIndexOffsetsEdgeFiles(t *testing.T) {
	for _, path := range pgnFiles(t, dataDir(t, "edge")) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			checkOffsets(t, data)
		})
	}
}

func TestIndexRunPausesAndGoesOn(t *testing.T) {
	data := strings.Repeat(threeGames, 20)
	whole, err := pgn.BuildIndex(context.Background(), strings.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	ix := pgn.NewIndexer(strings.NewReader(data))
	var parts []*pgn.Index
	for {
		n := 0
		err := ix.Run(context.Background(), func() bool { n++; return n == 7 })
		parts = append(parts, ix.Index())
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(parts) != 60/7+1 {
		t.Errorf("%d pauses for 60 games every 7", len(parts))
	}
	for k, p := range parts {
		if p.Len() != min(7*(k+1), 60) {
			t.Errorf("part %d has %d games", k, p.Len())
		}
	}
	last := parts[len(parts)-1]
	for i := range whole.Len() {
		if !reflect.DeepEqual(whole.Entry(i), last.Entry(i)) {
			t.Fatalf("game %d: %+v, want %+v", i+1, last.Entry(i), whole.Entry(i))
		}
	}
	if ix.BytesRead() != int64(len(data)) {
		t.Errorf("%d bytes read of %d", ix.BytesRead(), len(data))
	}
	if err := ix.Run(context.Background(), nil); err != io.EOF {
		t.Errorf("Run after the end: %v", err)
	}
}

func TestIndexCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	ix := pgn.NewIndexer(&gameStream{game: []byte(threeGames), size: 1 << 40})
	n := 0
	err := ix.Run(ctx, func() bool {
		if n++; n == 100 {
			cancel()
		}
		return false
	})
	if err != context.Canceled {
		t.Fatalf("Run returned %v", err)
	}
	if got := ix.Index().Len(); got != 100 {
		t.Errorf("%d games indexed before the cancel, want 100", got)
	}
}

func TestIndexReadError(t *testing.T) {
	broken := errors.New("disk on fire")
	in := threeGames + "[Event \"cut\"]\n\n1. e4 e5 2. N"
	x, err := pgn.BuildIndex(context.Background(), failingReader([]byte(in), broken))
	if err != broken {
		t.Fatalf("BuildIndex returned %v", err)
	}
	if x.Len() != 4 || !errors.Is(x.Err(3), broken) {
		t.Errorf("%d games, last error %v", x.Len(), x.Err(3))
	}
}

func TestIndexSnapshotsWhileRunning(t *testing.T) {
	// Run goes on in a goroutine while this one reads what it sent: the
	// race detector checks that snapshots share nothing being written.
	ix := pgn.NewIndexer(&gameStream{game: []byte(threeGames), size: int64(len(threeGames)) * 500})
	snaps := make(chan *pgn.Index)
	go func() {
		defer close(snaps)
		for {
			n := 0
			err := ix.Run(context.Background(), func() bool { n++; return n == 50 })
			snaps <- ix.Index()
			if err != nil {
				return
			}
		}
	}()
	seen := 0
	for x := range snaps {
		for i := range x.Len() {
			e := x.Entry(i)
			if want := []string{"Anand", "Bad", "Hou"}[i%3]; e.Tags[pgn.FieldWhite] != want {
				t.Fatalf("game %d: White %q, want %q", i+1, e.Tags[pgn.FieldWhite], want)
			}
		}
		seen = x.Len()
	}
	if seen != 1500 {
		t.Errorf("%d games at the end, want 1500", seen)
	}
}

func TestReadGameErrors(t *testing.T) {
	data := []byte(threeGames)
	x, err := pgn.BuildIndex(context.Background(), bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	_, err = x.ReadGame(bytes.NewReader(data), 1)
	var se *pgn.SyntaxError
	if !errors.As(err, &se) || se.Game != 2 || se.Line != 13 {
		t.Errorf("reading the bad game: %v", err)
	}
	_, err = x.ReadGame(bytes.NewReader(data[:len(data)-5]), 2)
	if !errors.Is(err, io.ErrUnexpectedEOF) || !strings.Contains(err.Error(), "game 3") {
		t.Errorf("reading a game past the end of a shorter file: %v", err)
	}
	changed := bytes.Repeat([]byte(" "), len(data))
	if _, err = x.ReadGame(bytes.NewReader(changed), 0); err == nil || !strings.Contains(err.Error(), "changed") {
		t.Errorf("reading a game from a blanked file: %v", err)
	}
}

// playerStream makes up n games as it is read, with players, events and
// dates from small sets, as a real file has them.
type playerStream struct {
	n, i int
	buf  []byte
	read int64
}

func (s *playerStream) Read(p []byte) (int, error) {
	for len(s.buf) < len(p) && s.i < s.n {
		s.buf = fmt.Appendf(s.buf, "[Event \"Event %d\"]\n[Site \"Site %d\"]\n[Date \"2024.%02d.%02d\"]\n[Round \"%d\"]\n"+
			"[White \"Player %d\"]\n[Black \"Player %d\"]\n[Result \"1-0\"]\n[ECO \"B%02d\"]\n\n"+
			"1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 {Najdorf} 1-0\n\n",
			s.i/100, s.i/100%7, s.i/1000%12+1, s.i/100%28+1, s.i%9+1, s.i%500, (s.i*7)%500, s.i%100)
		s.i++
	}
	if len(s.buf) == 0 {
		return 0, io.EOF
	}
	n := copy(p, s.buf)
	s.buf = s.buf[:copy(s.buf, s.buf[n:])]
	s.read += int64(n)
	return n, nil
}

// heapAfterGC returns the live heap.
func heapAfterGC() uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

func TestIndexMemoryPerGame(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes 100,000 games")
	}
	const n = 100_000
	in := &playerStream{n: n}
	checkIndexMemory(t, in, "", func() (*pgn.Index, error) { return pgn.BuildIndex(context.Background(), in) })
}

// checkIndexMemory checks the memory an index of the games of in, made by
// build, takes: 48 bytes an entry in blocks of 16,384, and the few
// distinct values, well under the text of a game.
func checkIndexMemory(t *testing.T, in *playerStream, how string, build func() (*pgn.Index, error)) {
	t.Helper()
	before := heapAfterGC()
	x, err := build()
	if err != nil {
		t.Fatal(err)
	}
	grew := heapAfterGC() - min(before, heapAfterGC())
	if x.Len() != in.n {
		t.Fatalf("%d games, want %d", x.Len(), in.n)
	}
	if e := x.Entry(in.n - 1); e.Tags[pgn.FieldWhite] != "Player 499" || e.Plies != 10 {
		t.Errorf("last game: %+v", e)
	}
	perGame := float64(grew) / float64(in.n)
	t.Logf("index of %d games (%d MB of text)%s: %.1f bytes a game", in.n, in.read>>20, how, perGame)
	if perGame > 58 || perGame*2 > float64(in.read)/float64(in.n) {
		t.Errorf("the index takes %.0f bytes a game", perGame)
	}
	runtime.KeepAlive(x)
}

// failingReader returns data, then err: a read error part-way.
func failingReader(data []byte, err error) io.Reader {
	return io.MultiReader(bytes.NewReader(data), iotest.ErrReader(err))
}

// A tag pair too long is an error of its game in the index, as in a full
// reading, wherever it is in the header: the tag pairs after the first are
// read without tokens, from what is in the buffer. The first game's tag
// pair, longer still, makes the buffer large; the second game's comment
// has it filled again, with the whole third game.
func TestIndexTagTooLongAfterTheFirst(t *testing.T) {
	data := "[Event \"a\"]\n[Site \"" + strings.Repeat("x", 900<<10) + "\"]\n[White \"b\"]\n\n1. e4 *\n\n" +
		"[Event \"m\"]\n\n1. e4 {" + strings.Repeat("z", 200<<10) + "} *\n\n" +
		"[Event \"a\"]\n[White \"c\"]\n[Annotator \"" + strings.Repeat("y", 300<<10) + "\"]\n\n1. d4 *\n"
	x, err := pgn.BuildIndex(context.Background(), strings.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	r := pgn.NewReader(strings.NewReader(data))
	for i, line := range []int{2, 0, 13} {
		_, want := r.Next()
		got := x.Err(i)
		if line == 0 {
			if got != nil || want != nil {
				t.Errorf("game %d: index error %v, reader error %v, want none", i+1, got, want)
			}
			continue
		}
		var se *pgn.SyntaxError
		if !errors.As(got, &se) || se.Kind != pgn.SyntaxTagTooLong || se.Line != line || errText(got) != errText(want) {
			t.Errorf("game %d: index error %v, want %v (a tag too long, line %d)", i+1, got, want, line)
		}
	}
	checkOffsets(t, []byte(data))
}
