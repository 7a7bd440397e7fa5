package pgn_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/echiquier/echiquier/app/pgn"
)

func TestNextHeader(t *testing.T) {
	in := "\uFEFF\n% produced by hand\n[Event \"a\"]\n[White \"W\"]\n\n1. e4 {c} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 1-0\n\n" +
		"[Event \"b\"]\n\n1. d4 ) d5 *\n" +
		"e4 e5 *\n"
	r := pgn.NewReader(strings.NewReader(in))
	want := []struct {
		event       string
		line, plies int
		first, last string // text at Offset, and ending at Offset+Length
		bad         bool
	}{
		{"a", 3, 4, "[Event", "1-0", false},
		{"b", 8, 2, "[Event", "*", true},
		{"", 11, 2, "e4", "*", false},
	}
	for i, w := range want {
		h, err := r.NextHeader()
		if err != nil {
			t.Fatalf("header %d: %v", i+1, err)
		}
		event := ""
		for _, tag := range h.Tags {
			if tag.Name == "Event" {
				event = tag.Value
			}
		}
		text := in[h.Offset : h.Offset+h.Length]
		if event != w.event || h.Line != w.line || h.Plies != w.plies || (h.Err != nil) != w.bad ||
			!strings.HasPrefix(text, w.first) || !strings.HasSuffix(text, w.last) {
			t.Errorf("header %d: %+v, text %q", i+1, h, text)
		}
	}
	if h, err := r.NextHeader(); h != nil || err != io.EOF {
		t.Errorf("after the last header: %v, %v", h, err)
	}
}

// checkHeaders reads data with Next, in pieces, and with NextHeader, and
// checks that they agree, and that each game reads again from its Offset
// and Length.
func checkHeaders(t testing.TB, data []byte, pieces func(io.Reader) io.Reader) {
	t.Helper()
	rg := pgn.NewReader(pieces(bytes.NewReader(data)))
	rh := pgn.NewReader(bytes.NewReader(data))
	for n := 1; ; n++ {
		g, gerr := rg.Next()
		h, herr := rh.NextHeader()
		if g == nil || h == nil {
			if g != nil || h != nil || gerr != herr || gerr != io.EOF && gerr != pgn.ErrUTF16 {
				t.Fatalf("game %d: Next %v, %v; NextHeader %v, %v", n, g, gerr, h, herr)
			}
			return
		}
		if herr != nil {
			t.Fatalf("game %d: NextHeader error %v", n, herr)
		}
		if g.Offset != h.Offset || g.Line != h.Line || !slices.Equal(g.Tags, h.Tags) || errText(gerr) != errText(h.Err) {
			t.Fatalf("game %d: Next at %d line %d, tags %q, error %v\nNextHeader at %d line %d, tags %q, error %v",
				n, g.Offset, g.Line, g.Tags, gerr, h.Offset, h.Line, h.Tags, h.Err)
		}
		if gerr == nil && h.Plies != len(g.Moves) {
			t.Fatalf("game %d: %d plies, want %d", n, h.Plies, len(g.Moves))
		}
		p, perr := pgn.ParseGame(data[h.Offset:h.Offset+h.Length], h.Line, h.Offset)
		if p == nil || dumpGame(p) != dumpGame(g) || !slices.Equal(p.Tags, g.Tags) || p.Line != g.Line || p.Offset != g.Offset ||
			!sameError(gerr, perr, h.Line, startCol(data, h.Offset)) {
			t.Fatalf("game %d: ParseGame of %q gives %v, %v; want %v, %v", n, data[h.Offset:h.Offset+h.Length], p, perr, g, gerr)
		}
	}
}

// startCol returns the column of the byte at offset in data, as the
// reader counts it: byte-order marks at the start of a line take none.
func startCol(data []byte, offset int64) int {
	start := bytes.LastIndexAny(data[:offset], "\r\n") + 1
	for bytes.HasPrefix(data[start:offset], []byte("\uFEFF")) {
		start += 3
	}
	return int(offset) - start + 1
}

// errText returns the text of an error, "" for nil.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// sameError reports whether the error of Next and that of ParseGame are
// the same. ParseGame has no game number, and counts columns on the
// game's first line from the start of the game, which is at col.
func sameError(next, parse error, line, col int) bool {
	x, ok1 := next.(*pgn.SyntaxError)
	y, ok2 := parse.(*pgn.SyntaxError)
	if !ok1 || !ok2 {
		return next == nil && parse == nil
	}
	u := *x
	u.Game = 0
	if u.Line == line {
		u.Col -= col - 1
	}
	return u == *y
}

func TestHeadersAgreeEdgeFiles(t *testing.T) {
	for _, path := range pgnFiles(t, dataDir(t, "edge")) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			checkHeaders(t, data, iotest.OneByteReader)
		})
	}
}

func TestHeadersAgreeCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 32,570 games")
	}
	for _, path := range pgnFiles(t, dataDir(t, "corpus")) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		checkHeaders(t, data, newChunkReader)
	}
}

// chunkReader returns its data in reads of varying small sizes.
type chunkReader struct {
	data []byte
	n    int
}

// newChunkReader returns a chunkReader of all that r holds.
func newChunkReader(r io.Reader) io.Reader {
	data, _ := io.ReadAll(r)
	return &chunkReader{data: data}
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	r.n = (r.n*7 + 3) % 5000
	n := copy(p[:min(len(p), r.n+1)], r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestChunkedReads(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the corpus")
	}
	// Reads of odd sizes cross every kind of token and make the buffer
	// slide and grow: the games must not change.
	files := pgnFiles(t, dataDir(t, "edge"))
	files = append(files, pgnFiles(t, dataDir(t, "corpus"))...)
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		whole, chunked := pgn.NewReader(bytes.NewReader(data)), pgn.NewReader(&chunkReader{data: data})
		for n := 1; ; n++ {
			g, gerr := whole.Next()
			h, herr := chunked.Next()
			if g == nil || h == nil {
				if g != nil || h != nil || gerr != herr {
					t.Fatalf("%s: game %d: %v, %v and %v, %v", path, n, g, gerr, h, herr)
				}
				break
			}
			if dumpGame(g) != dumpGame(h) || !slices.Equal(g.Tags, h.Tags) || g.Offset != h.Offset || g.Line != h.Line ||
				errText(gerr) != errText(herr) || !samePositions(g.Moves, h.Moves) {
				t.Fatalf("%s: game %d differs when read in chunks: %v / %v", path, n, gerr, herr)
			}
		}
	}
}

// samePositions reports whether two lines have their moves at the same
// places.
func samePositions(a, b []*pgn.Move) bool {
	for i := range a {
		if a[i].Line != b[i].Line || a[i].Col != b[i].Col {
			return false
		}
	}
	return true
}
