package pgn_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

// oneGame makes up, as it is read, one game of head, then body over and
// over up to size bytes, then " *".
func oneGame(head, body string, size int64) io.Reader {
	return io.MultiReader(strings.NewReader(head), &gameStream{game: []byte(body), size: size}, strings.NewReader(" *\n"))
}

// syntaxKind returns the kind of the *SyntaxError err, or 255.
func syntaxKind(err error) pgn.SyntaxKind {
	var se *pgn.SyntaxError
	if errors.As(err, &se) {
		return se.Kind
	}
	return 255
}

func TestTooManyMoves(t *testing.T) {
	side := strings.Repeat("(1... d5 2. c4) ", pgn.MaxMoves/4) // half the moves in side lines
	in := "[Event \"e\"]\n\n1. e4 " + side + strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", pgn.MaxMoves/8) + "Nc3 *\n\n[Event \"next\"]\n\n1. d4 *\n"
	r := pgn.NewReader(strings.NewReader(in))
	g, err := r.Next()
	if syntaxKind(err) != pgn.SyntaxTooManyMoves {
		t.Fatalf("error %v, want too many moves", err)
	}
	moves := 0
	for _, m := range g.Moves {
		moves++
		for _, v := range m.Variations {
			moves += len(v)
		}
	}
	if moves != pgn.MaxMoves {
		t.Errorf("%d moves kept, want %d", moves, pgn.MaxMoves)
	}
	if next, err := r.Next(); err != nil || next.Tag("Event") != "next" {
		t.Errorf("the game after: %v, %v", next, err)
	}
	x, err := pgn.BuildIndex(context.Background(), strings.NewReader(in))
	if err != nil || x.Len() != 2 || syntaxKind(x.Err(0)) != pgn.SyntaxTooManyMoves || x.Err(1) != nil {
		t.Errorf("index: %d games, errors %v, %v", x.Len(), x.Errors(), err)
	}
}

func TestTooManyNotes(t *testing.T) {
	// One comment longer than a game may hold is said to be: a 1 GB
	// comment read as "too many comments, glyphs and tags".
	for _, tt := range []struct {
		name, in string
		moves    int // kept: those before the limit
		kind     pgn.SyntaxKind
	}{
		{"comments", "1. e4 " + strings.Repeat("{"+strings.Repeat("x", 1000)+"} ", pgn.MaxNotes/1000) + "e5 *", 1, pgn.SyntaxTooManyNotes},
		{"one big comment", "1. e4 {" + strings.Repeat("word ", pgn.MaxNotes/5+1) + "} e5 *", 1, pgn.SyntaxCommentTooLong},
		{"one big ; comment", "1. e4 ;" + strings.Repeat("word ", pgn.MaxNotes/5+1) + "\ne5 *", 1, pgn.SyntaxCommentTooLong},
		{"glyphs", "1. e4 " + strings.Repeat("$1 ", pgn.MaxNotes/8+1) + "e5 *", 1, pgn.SyntaxTooManyNotes},
		{"tags", strings.Repeat("[Tag \""+strings.Repeat("v", 1000)+"\"]\n", pgn.MaxNotes/1000) + "\n1. e4 e5 *", 0, pgn.SyntaxTooManyNotes},
		{"; comments", "1. e4 " + strings.Repeat(";"+strings.Repeat("y", 1000)+"\n", pgn.MaxNotes/1000) + "e5 *", 1, pgn.SyntaxTooManyNotes},
	} {
		t.Run(tt.name, func(t *testing.T) {
			in := tt.in
			g, err := pgn.ParseGame([]byte(in), 1, 0)
			if syntaxKind(err) != tt.kind {
				t.Fatalf("error %v, want %s", err, (&pgn.SyntaxError{Kind: tt.kind}).Message())
			}
			if len(g.Moves) != tt.moves {
				t.Errorf("%d moves kept, want %d: nothing after the limit", len(g.Moves), tt.moves)
			}
			h, _ := pgn.NewReader(strings.NewReader(in)).NextHeader()
			if syntaxKind(h.Err) != tt.kind {
				t.Errorf("NextHeader: %v, want %s", h.Err, (&pgn.SyntaxError{Kind: tt.kind}).Message())
			}
		})
	}
}

// TestHugeGameMemory reads one game of 100 MB of moves (16 MB under
// -race, past MaxMoves all the same), and games of twice MaxNotes of
// comments and glyphs: what the reader allocates in all, not only what it
// holds at the end, stays far below 200 MB.
func TestHugeGameMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 100 MB")
	}
	huge := int64(100 << 20)
	if raceEnabled {
		huge = 16 << 20
	}
	for _, tt := range []struct {
		name, body string
		size       int64
	}{
		{"moves", "Nf3 Nf6 Ng1 Ng8 ", huge},
		{"comments", "e4 {a comment that goes on} ", 2 * pgn.MaxNotes},
		{"glyphs", "$1 $2 $3 ", 2 * pgn.MaxNotes},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			g, err := pgn.NewReader(oneGame("[Event \"huge\"]\n\n1. e4 ", tt.body, tt.size)).Next()
			runtime.ReadMemStats(&after)
			if k := syntaxKind(err); k != pgn.SyntaxTooManyMoves && k != pgn.SyntaxTooManyNotes {
				t.Fatalf("error %v, want a limit", err)
			}
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("a game of %d MB: %d MB allocated", tt.size>>20, alloc>>20)
			if alloc > 64<<20 {
				t.Errorf("reading a game of %d MB allocated %d MB", tt.size>>20, alloc>>20)
			}
			runtime.KeepAlive(g)
		})
	}
}

func TestWindows1252(t *testing.T) {
	// š, curly quotes, € and é in Windows-1252; the same in UTF-8 as is.
	in := "[White \"Dvoretsk\x9a\"]\n[Event \"\x93Open\x94 \x80100\"]\n[Black \"Ren\xe9\"]\n\n1. e4 {Caf\xe9 \x96 na\xefve} e5 *\n" +
		"[White \"Dvoretskš\"]\n\n1. e4 {“quoted”} *\n"
	games, errs := pgn.ReadAll(strings.NewReader(in))
	if len(errs) > 0 || len(games) != 2 {
		t.Fatal(errs)
	}
	g := games[0]
	if g.Tag("White") != "Dvoretskš" || g.Tag("Event") != "“Open” €100" || g.Tag("Black") != "René" {
		t.Errorf("tags %q", g.Tags)
	}
	if c := g.Moves[0].After; len(c) != 1 || c[0] != "Café – naïve" {
		t.Errorf("comment %q", c)
	}
	if games[1].Tag("White") != "Dvoretskš" || games[1].Moves[0].After[0] != "“quoted”" {
		t.Errorf("UTF-8 game: %q %q", games[1].Tags, games[1].Moves[0].After)
	}
	x, err := pgn.BuildIndex(context.Background(), strings.NewReader(in))
	if err != nil || x.Tag(0, pgn.FieldWhite) != "Dvoretskš" || x.Tag(0, pgn.FieldEvent) != "“Open” €100" {
		t.Errorf("index: %q, %q, %v", x.Tag(0, pgn.FieldWhite), x.Tag(0, pgn.FieldEvent), err)
	}
	if x.TagID(0, pgn.FieldWhite) != x.TagID(1, pgn.FieldWhite) {
		t.Errorf("the same name in two encodings has two ids")
	}
	back, err := x.ReadGame(strings.NewReader(in), 0)
	if err != nil || back.Tag("Event") != "“Open” €100" || back.Moves[0].After[0] != "Café – naïve" {
		t.Errorf("ReadGame: %q, %v", back.Tags, err)
	}
}

// utf16 encodes ASCII text s as UTF-16, little- or big-endian.
func utf16(s string, big bool) []byte {
	var b []byte
	for _, c := range []byte(s) {
		if big {
			b = append(b, 0, c)
		} else {
			b = append(b, c, 0)
		}
	}
	return b
}

func TestUTF16Refused(t *testing.T) {
	text := "[Event \"a\"]\n\n1. e4 *\n"
	for name, in := range map[string][]byte{
		"LE mark":    append([]byte{0xFF, 0xFE}, utf16(text, false)...),
		"BE mark":    append([]byte{0xFE, 0xFF}, utf16(text, true)...),
		"LE no mark": utf16(text, false),
		"BE no mark": utf16(text, true),
	} {
		t.Run(name, func(t *testing.T) {
			if g, err := pgn.NewReader(bytes.NewReader(in)).Next(); g != nil || !errors.Is(err, pgn.ErrUTF16) {
				t.Errorf("Next: %v, %v", g, err)
			}
			// One byte at a time: the reader waits for enough to tell.
			if g, err := pgn.NewReader(&oneByte{in}).Next(); g != nil || !errors.Is(err, pgn.ErrUTF16) {
				t.Errorf("Next, one byte at a time: %v, %v", g, err)
			}
			x, err := pgn.BuildIndex(context.Background(), bytes.NewReader(in))
			if !errors.Is(err, pgn.ErrUTF16) || x.Len() != 0 {
				t.Errorf("index: %d games, %v", x.Len(), err)
			}
			if _, err := pgn.ParseGame(in, 1, 0); !errors.Is(err, pgn.ErrUTF16) {
				t.Errorf("ParseGame: %v", err)
			}
			if !strings.Contains(pgn.ErrUTF16.Error(), "UTF-16") {
				t.Errorf("the message does not name UTF-16: %s", pgn.ErrUTF16)
			}
		})
	}
	// Short inputs and 8-bit text that starts with a NUL-free pair are
	// not taken for UTF-16.
	for _, in := range []string{"*", "e4", "1. e4 *", "\ufeff[Event \"a\"] *"} {
		if _, err := pgn.NewReader(strings.NewReader(in)).Next(); err != nil {
			t.Errorf("%q: %v", in, err)
		}
	}
}

// oneByte reads one byte at a time.
type oneByte struct{ b []byte }

func (r *oneByte) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	p[0], r.b = r.b[0], r.b[1:]
	return 1, nil
}

func TestUTF8MarkInIndex(t *testing.T) {
	in := "\ufeff[White \"Anand\"]\n\n1. e4 *\n"
	x, err := pgn.BuildIndex(context.Background(), strings.NewReader(in))
	if err != nil || x.Tag(0, pgn.FieldWhite) != "Anand" {
		t.Fatalf("index: %q, %v", x.Tag(0, pgn.FieldWhite), err)
	}
	g, err := x.ReadGame(strings.NewReader(in), 0)
	if err != nil || g.Tag("White") != "Anand" || len(g.Moves) != 1 {
		t.Errorf("ReadGame: %v, %v", g, err)
	}
}

func TestRepeatedTags(t *testing.T) {
	in := "[White \"A\"]\n[Black \"B\"]\n[White \"C\"]\n\n1. e4 *\n"
	g := parse(t, in)
	if g.Tag("White") != "C" {
		t.Errorf("Tag gives %q, want the last value C", g.Tag("White"))
	}
	if got := written(t, g); !strings.HasPrefix(got, "[White \"A\"]\n[Black \"B\"]\n[White \"C\"]\n") {
		t.Errorf("written:\n%s", got)
	}
	x, err := pgn.BuildIndex(context.Background(), strings.NewReader(in))
	if err != nil || x.Tag(0, pgn.FieldWhite) != "C" {
		t.Errorf("index: %q, %v", x.Tag(0, pgn.FieldWhite), err)
	}
	g.SetTag("White", "D")
	if want := []pgn.Tag{{"White", "D"}, {"Black", "B"}}; len(g.Tags) != 2 || g.Tags[0] != want[0] || g.Tags[1] != want[1] {
		t.Errorf("after SetTag: %q", g.Tags)
	}
	g.Tags = append(g.Tags, pgn.Tag{Name: "Black", Value: "E"})
	g.DeleteTag("Black")
	if len(g.Tags) != 1 {
		t.Errorf("after DeleteTag: %q", g.Tags)
	}
}

func TestNAGsAmongComments(t *testing.T) {
	g := parse(t, "1. e4 $1 {a} $2 {b} $3 e5 {c} $4 d4 $5 {d} *")
	for i, want := range [][]int{{0, 1, 2}, {1}, nil} {
		if got := g.Moves[i].NAGAt; !slices.Equal(got, want) {
			t.Errorf("move %d: NAGAt %v, want %v", i+1, got, want)
		}
	}
}
