package pgn_test

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

func TestWriteExport(t *testing.T) {
	g := parse(t, `[White "Tal, M."] [ECO "B20"] [Annotator "x"] [Event "Ch \"URS\""]
		{Intro} 1. e4 $1 {A comment} c5 (1... e6 2. d4 (2. Nf3 $2) d5) (1... e5) {Now} 2. Nf3 $14 d6 *`)
	want := `[White "Tal, M."]
[ECO "B20"]
[Annotator "x"]
[Event "Ch \"URS\""]

{Intro} 1. e4 $1 {A comment} 1... c5 (1... e6 2. d4 (2. Nf3 $2) 2... d5) (1...
e5) {Now} 2. Nf3 $14 d6 *

`
	if got := written(t, g); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestWriteNumbers(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"black first from FEN", "[FEN \"r1bqk1nr/pppp1ppp/2n5/4p3/1bB1P3/2P2N2/P2P1PPP/RNBQK2R b KQkq - 0 5\"]\n5... Ba5 6. O-O d6 *",
			"5... Ba5 6. O-O d6 *"},
		{"white from FEN", "[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 31\"]\nKa2 Kc2 *", "31. Ka2 Kc2 *"},
		{"bad FEN", "[FEN \"junk\"]\ne4 e5 *", "1. e4 e5 *"},
		{"after comment", "1. e4 {c} e5 *", "1. e4 {c} 1... e5 *"},
		{"not after NAG", "1. e4 $1 e5 *", "1. e4 $1 e5 *"},
		{"after variation", "1. e4 (1. d4) e5 *", "1. e4 (1. d4) 1... e5 *"},
		{"before black comment", "1. e4 (1. d4) {c} e5 *", "1. e4 (1. d4) {c} 1... e5 *"},
		{"null moves count", "1. e4 -- 2. d4 *", "1. e4 -- 2. d4 *"},
		{"variation on black move", "1. e4 e5 (1... c5) 2. Nf3 *", "1. e4 e5 (1... c5) 2. Nf3 *"},
		{"nested numbering", "1. e4 e5 2. Nf3 (2. f4 exf4 (2... d5)) Nc6 *",
			"1. e4 e5 2. Nf3 (2. f4 exf4 (2... d5)) 2... Nc6 *"},
		{"no moves", "{just a note} 1-0", "{just a note} 1-0"},
		{"no marker", "1. e4", "1. e4 *"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := movetextOf(written(t, parse(t, tt.in))); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// movetextOf returns the movetext of one written game, on one line.
func movetextOf(s string) string {
	if strings.HasPrefix(s, "[") {
		_, s, _ = strings.Cut(s, "\n\n")
	}
	return strings.Join(strings.Fields(s), " ")
}

// TestWriteFinalComment: the Comments of a game with moves come after
// the last move and its side lines, and read back as its last comments,
// which app/game relies on for the comment that says how a game ended.
func TestWriteFinalComment(t *testing.T) {
	g := parse(t, "1. e4 e5 {mine} $1 (1... c5) 1-0")
	g.Comments = []string{"Black resigns."}
	out := written(t, g)
	if got, want := movetextOf(out), "1. e4 e5 {mine} $1 (1... c5) {Black resigns.} 1-0"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	back := parse(t, out)
	last := back.Moves[len(back.Moves)-1]
	if !slices.Equal(last.After, []string{"mine", "Black resigns."}) || !slices.Equal(last.NAGAt, []int{1}) || len(back.Comments) != 0 {
		t.Errorf("read back: After %q, NAGAt %v, Comments %q", last.After, last.NAGAt, back.Comments)
	}
}

func TestWriteCommentWithClosingBrace(t *testing.T) {
	g := parse(t, "1. e4 ;a } b\n(1. d4 ;x}\n) e5 *")
	want := "1. e4 {a b} (1. d4 {x}) 1... e5 *\n"
	if got := written(t, g); got != want+"\n" {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestWriteLines(t *testing.T) {
	long := strings.Repeat("x", 100)
	g := parse(t, "1. e4 {"+strings.Repeat("word ", 40)+"} e5 {"+long+"} 2. Nf3 {%not an escape %a %b} *")
	out := written(t, g)
	if !strings.Contains(out, "\n{"+long+"}\n") {
		t.Errorf("a token longer than a line is not on a line of its own:\n%s", out)
	}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n\n"), "\n") {
		if len(line) > 79 && !strings.Contains(line, long) {
			t.Errorf("line of %d bytes: %q", len(line), line)
		}
		if strings.HasPrefix(line, " ") || strings.HasSuffix(line, " ") || strings.HasPrefix(line, "%") {
			t.Errorf("bad line %q", line)
		}
	}
	if !strings.HasSuffix(out, " *\n\n") || strings.HasSuffix(out, "\n\n\n") {
		t.Errorf("output does not end with the marker and one blank line: %q", out[len(out)-20:])
	}
}

func TestWriteTags(t *testing.T) {
	// As given: in their order, none added, a repeated one repeated.
	g := &pgn.Game{Result: "0-1", Tags: []pgn.Tag{
		{"Result", "1-0"}, {"Zeta", "z"}, {"Black", "B"}, {"Alpha", "line1\r\nline2\nline3"}, {"Back", `a\b`}, {"Zeta", "y"},
	}}
	want := "[Result \"0-1\"]\n[Zeta \"z\"]\n[Black \"B\"]\n" +
		"[Alpha \"line1 line2 line3\"]\n[Back \"a\\\\b\"]\n[Zeta \"y\"]\n\n0-1\n\n"
	if got := written(t, g); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestWriteTagControlCharacters(t *testing.T) {
	g := &pgn.Game{Tags: []pgn.Tag{{"White", "a\x00b\x1bc\x7fd\u0085e\tf\r\ng\xff"}}}
	want := "[White \"a b c d e f g\xff\"]\n\n*\n\n"
	if got := written(t, g); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestWriteNAGsAmongComments(t *testing.T) {
	in := "1. b3 {good or bad?} $1 {some think this is good} $2 {while others think it is not} 1... e5 *"
	g := parse(t, in)
	if got := written(t, g); movetextOf(got) != in {
		t.Errorf("got %q, want %q", movetextOf(got), in)
	}
	g.Moves[0].NAGAt = []int{0}
	var b bytes.Buffer
	if err := pgn.Write(&b, g); err == nil {
		t.Errorf("one NAG position for two NAGs: no error")
	}
}

func TestWriteInvalid(t *testing.T) {
	ok := func() *pgn.Game { return &pgn.Game{Moves: []*pgn.Move{{SAN: "e4"}}} }
	tests := []struct {
		name string
		edit func(g *pgn.Game)
	}{
		{"empty SAN", func(g *pgn.Game) { g.Moves[0].SAN = "" }},
		{"SAN with space", func(g *pgn.Game) { g.Moves[0].SAN = "e 4" }},
		{"SAN with suffix", func(g *pgn.Game) { g.Moves[0].SAN = "e4!" }},
		{"SAN that is a result", func(g *pgn.Game) { g.Moves[0].SAN = "1-0" }},
		{"SAN that is a glyph", func(g *pgn.Game) { g.Moves[0].SAN = "N" }},
		{"SAN with number", func(g *pgn.Game) { g.Moves[0].SAN = "1.e4" }},
		{"other null spelling", func(g *pgn.Game) { g.Moves[0].SAN = "Z0" }},
		{"nil move", func(g *pgn.Game) { g.Moves = append(g.Moves, nil) }},
		{"negative NAG", func(g *pgn.Game) { g.Moves[0].NAGs = []int{-1} }},
		{"large NAG", func(g *pgn.Game) { g.Moves[0].NAGs = []int{256} }},
		{"bad result", func(g *pgn.Game) { g.Result = "1-0 ff" }},
		{"bad tag name", func(g *pgn.Game) { g.Tags = []pgn.Tag{{"Two words", "x"}} }},
		{"empty tag name", func(g *pgn.Game) { g.Tags = []pgn.Tag{{"", "x"}} }},
		{"tag too long", func(g *pgn.Game) { g.Tags = []pgn.Tag{{"White", strings.Repeat("x", 300<<10)}} }},
		{"too deep", func(g *pgn.Game) {
			m := g.Moves[0]
			for range 300 {
				v := &pgn.Move{SAN: "d4"}
				m.Variations = [][]*pgn.Move{{v}}
				m = v
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := ok()
			tt.edit(g)
			var b bytes.Buffer
			if err := pgn.Write(&b, g); err == nil || b.Len() > 0 {
				t.Errorf("Write gave %v and wrote %q; want an error and nothing", err, b.String())
			}
		})
	}
	var b bytes.Buffer
	if err := pgn.Write(&b, ok()); err != nil {
		t.Errorf("valid game: %v", err)
	}
	if err := pgn.Write(&b, nil); err == nil {
		t.Errorf("nil game: no error")
	}
}

func TestWriteAll(t *testing.T) {
	games, errs := pgn.ReadAll(strings.NewReader("1. e4 *\n1. d4 1-0\n"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var b bytes.Buffer
	if err := pgn.WriteAll(&b, games); err != nil {
		t.Fatal(err)
	}
	again, errs := pgn.ReadAll(&b)
	if len(errs) > 0 || len(again) != 2 || dumpGame(again[1]) != "d4 => 1-0" {
		t.Errorf("read back %v, %v", again, errs)
	}
	bad := &pgn.Game{Result: "?"}
	if err := pgn.WriteAll(&b, []*pgn.Game{games[0], bad}); err == nil {
		t.Errorf("no error for a bad game")
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteError(t *testing.T) {
	g := parse(t, "1. e4 *")
	if err := pgn.Write(failWriter{}, g); err == nil || err.Error() != "disk full" {
		t.Errorf("Write: %v", err)
	}
	if err := pgn.WriteAll(failWriter{}, []*pgn.Game{g}); err == nil {
		t.Errorf("WriteAll: no error")
	}
}

func TestWriteBeforeComment(t *testing.T) {
	// A Before comment in the middle of a line reads back as the previous
	// move's After comment: the one thing the syntax cannot tell apart.
	g := parse(t, "1. e4 e5 *")
	g.Moves[1].Before = []string{"c"}
	h := parse(t, written(t, g))
	if got := dump(h.Moves); got != "e4 {c} e5" {
		t.Errorf("read back as %s", got)
	}
}

// TestWriteKeepsTagNamesAsRead: a tag name the export format does not
// allow is written back as read, not renamed ("Best?" became "Best_");
// one that would not read back is refused.
func TestWriteKeepsTagNamesAsRead(t *testing.T) {
	g := parse(t, "[Event \"E\"]\n[Best? \"yes\"]\n[%odd \"1\"]\n[Évent \"2\"]\n[Result \"\"]\n\n*")
	out := written(t, g)
	if want := "[Event \"E\"]\n[Best? \"yes\"]\n[%odd \"1\"]\n[Évent \"2\"]\n[Result \"\"]\n\n*\n\n"; out != want {
		t.Errorf("written:\n%s\nwant\n%s", out, want)
	}
	for _, name := range []string{"", "two words", "quote\"", "bracket]"} {
		g.Tags = []pgn.Tag{{Name: name, Value: "v"}}
		if err := pgn.Write(io.Discard, g); err == nil {
			t.Errorf("the tag name %q was written", name)
		}
	}
}
