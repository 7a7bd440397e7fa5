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

func TestReadMovetext(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"numbers", "1. e4 e5 2. Nf3 *", "e4 e5 Nf3 => *"},
		{"glued numbers", "1.e4 e5 2.Nf3 Nc6 *", "e4 e5 Nf3 Nc6 => *"},
		{"black numbers", "1. e4 1... e5 2.. Nf3 2...Nc6 *", "e4 e5 Nf3 Nc6 => *"},
		{"spaced dots", "1. ... e5 *", "e5 => *"},
		{"zero number", "0. Rha7 *", "Rha7 => *"},
		{"number without dot", "1 e4 2 d4 *", "e4 d4 => *"},
		{"no numbers", "e4 e5 Nf3 *", "e4 e5 Nf3 => *"},
		{"checks kept", "1. f3 e5 2. g4 Qh4# 0-1", "f3 e5 g4 Qh4# => 0-1"},
		{"promotion", "1. e8=Q+ d1=N *", "e8=Q+ d1=N => *"},
		{"castling", "1. O-O O-O-O 2. 0-0 0-0-0 *", "O-O O-O-O 0-0 0-0-0 => *"},
		{"long algebraic", "1. e2e4 e7e5 2. d7d8q *", "e2e4 e7e5 d7d8q => *"},
		{"drops", "1. N@f3 P@e4 *", "N@f3 P@e4 => *"},
		{"null moves", "1. e4 -- 2. Z0 0000 3. @@@@ Nf6 *", "e4 -- -- -- -- Nf6 => *"},
		{"e.p. separate", "1. exd6 e.p. Nxd6 *", "exd6 Nxd6 => *"},
		{"e.p. glued", "1. exd6e.p. Nxd6 *", "exd6 Nxd6 => *"},
		{"nags", "1. e4 $1 $24 e5 $255 *", "e4 $1 $24 e5 $255 => *"},
		{"nag glued", "1. e4$1 e5 *", "e4 $1 e5 => *"},
		{"suffixes glued", "1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! *", "e4 $1 e5 $2 Nf3 $3 Nc6 $4 Bb5 $5 a6 $6 => *"},
		{"suffixes separate", "1. e4 ! e5 ?! *", "e4 $1 e5 $6 => *"},
		{"suffix after check", "1. Qg7+! *", "Qg7+ $1 => *"},
		{"glyphs ascii", "1. e4 = e5 += 2. d4 =+ d5 +/= 3. c4 =/+ c5 +/- 4. a3 -/+ a6 +- 5. b3 -+ *",
			"e4 $10 e5 $14 d4 $15 d5 $14 c4 $15 c5 $16 a3 $17 a6 $18 b3 $19 => *"},
		{"glyphs unicode", "1. e4 ∞ e5 ⩲ 2. d4 ⩱ d5 ± 3. c4 ∓ c5 □ 4. a3 =/∞ *", "e4 $13 e5 $14 d4 $15 d5 $16 c4 $17 c5 $7 a3 $44 => *"},
		{"glyphs words", "1. e4 inf e5 N 2. d4 RR *", "e4 $13 e5 $146 d4 $145 => *"},
		{"glyphs of NAGGlyph", "1. e4 +− e5 −+ 2. d4 ⨀ d5 ↑ 3. c4 → c5 ⇆ 4. a3 ∆ *", "e4 $18 e5 $19 d4 $22 d5 $36 c4 $40 c5 $132 a3 $140 => *"},
		{"comment after", "1. e4 {best by test} e5 *", "e4 {best by test} e5 => *"},
		{"comment before first", "{Intro} 1. e4 e5 *", "{<Intro} e4 e5 => *"},
		{"comment collapsed", "1. e4 {  a\n\tb   c  } *", "e4 {a b c} => *"},
		{"empty comment dropped", "1. e4 { } {} e5 *", "e4 e5 => *"},
		{"several comments", "1. e4 {a} {b} e5 *", "e4 {a} {b} e5 => *"},
		{"comment after nag", "1. e4 $1 {a} $2 {b} *", "e4 $1 $2 {a} {b} => *"},
		{"semicolon comment", "1. e4 ; king pawn\ne5 *", "e4 {king pawn} e5 => *"},
		{"semicolon comment with brace", "1. e4 ;a } b\ne5 *", "e4 {a } b} e5 => *"},
		{"brace in comment not nested", "1. e4 {a {b} e5 *", "e4 {a {b} e5 => *"},
		{"comment at end", "1. e4 e5 {end} *", "e4 e5 {end} => *"},
		{"only comments", "{one} {two} *", " {game:one} {game:two} => *"},
		{"variation", "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *", "e4 e5 (c5 Nf3) Nf3 => *"},
		{"two variations", "1. e4 (1. d4) (1. c4 e5) e5 *", "e4 (d4) (c4 e5) e5 => *"},
		{"nested variations", "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5 (2... Nf6)) 2... d6) 2. Nf3 *",
			"e4 e5 (c5 Nf3 (c3 d5 (Nf6)) d6) Nf3 => *"},
		{"empty variation dropped", "1. e4 () e5 *", "e4 e5 => *"},
		{"comment first in variation", "1. e4 ({Or} 1. d4) e5 *", "e4 ({<Or} d4) e5 => *"},
		{"comment after variation", "1. e4 (1. d4) {Now} 1... e5 *", "e4 (d4) {<Now} e5 => *"},
		{"comment ending variation", "1. e4 (1. d4 {end}) e5 *", "e4 (d4 {end}) e5 => *"},
		{"comment after last variation", "1. e4 e5 (1... c5) {end} *", "e4 e5 {end} (c5) => *"},
		{"comment after inner variation", "1. e4 (1. d4 (1. c4) {x}) e5 *", "e4 (d4 {x} (c4)) e5 => *"},
		{"nag before first move", "1. e4 ($42 1. d4 $1) *", "e4 (d4 $42 $1) => *"},
		{"nag after variation", "1. e4 (1. d4) $1 e5 *", "e4 $1 (d4) e5 => *"},
		{"marker glued", "1. e4 h6* ", "e4 h6 => *"},
		{"marker glued after number", "1... h6*", "h6 => *"},
		{"draw", "1. e4 1/2-1/2", "e4 => 1/2-1/2"},
		{"draw symbol", "1. e4 ½-½", "e4 => 1/2-1/2"},
		{"no marker", "1. e4 e5", "e4 e5 => "},
		{"empty game", "*", " => *"},
		{"escape line", "% header\n1. e4\n%e5\ne5 *", "e4 e5 => *"},
		{"percent in comment", "1. e4 {a\n% b} e5 *", "e4 {a % b} e5 => *"},
		{"escape line after blanks", "1. e4\n  % note\ne5 *", "e4 e5 => *"},
		{"html breaks", "1. e4<br>e5<br />2. Nf3<BR/>Nc6 *", "e4 e5 Nf3 Nc6 => *"},
		{"html break in comment kept", "1. e4 {a<br>b} *", "e4 {a<br>b} => *"},
		{"result comment same line", "1. e4 1-0 {White resigns}", "e4 {White resigns} => 1-0"},
		{"result comment no moves", "* {nothing}", " {game:nothing} => *"},
		{"byte-order mark", "\uFEFF1. e4 *", "e4 => *"},
		{"DOS end of file", "1. e4 *\r\n\x1a", "e4 => *"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := pgn.ParseGame([]byte(tt.in), 1, 0)
			if err != nil {
				t.Fatalf("ParseGame(%q): %v", tt.in, err)
			}
			if got := dumpGame(g); got != tt.want {
				t.Errorf("ParseGame(%q)\n got %s\nwant %s", tt.in, got, tt.want)
			}
		})
	}
}

func TestReadTags(t *testing.T) {
	tests := []struct {
		name, in string
		want     []pgn.Tag
	}{
		{"simple", "[Event \"A\"]\n[Site \"B\"]\n\n*", []pgn.Tag{{"Event", "A"}, {"Site", "B"}}},
		{"same line", `[Event "A"][Site "B"] [Round "1"] *`, []pgn.Tag{{"Event", "A"}, {"Site", "B"}, {"Round", "1"}}},
		{"blank lines", "[Event \"A\"]\n\n[Site \"B\"]\n\n1. e4 *", []pgn.Tag{{"Event", "A"}, {"Site", "B"}}},
		{"spaces inside", "[  Event   \"A\"  ] *", []pgn.Tag{{"Event", "A"}}},
		{"escapes", `[Event "a \"b\" c \\ d \x"] *`, []pgn.Tag{{"Event", `a "b" c \ d \x`}}},
		{"empty value", `[Round ""] *`, []pgn.Tag{{"Round", ""}}},
		{"brackets in value", `[White "a [] b"] *`, []pgn.Tag{{"White", "a [] b"}}},
		{"lenient name", `[GreatestGameEverPlayed? "True"] *`, []pgn.Tag{{"GreatestGameEverPlayed?", "True"}}},
		{"duplicate kept", "[White \"A\"]\n[Black \"B\"]\n[White \"C\"] *", []pgn.Tag{{"White", "A"}, {"Black", "B"}, {"White", "C"}}},
		{"latin-1", "[White \"Fran\xe7ois Andr\xe9\"] *", []pgn.Tag{{"White", "François André"}}},
		{"utf-8", `[White "François André"] *`, []pgn.Tag{{"White", "François André"}}},
		{"html breaks", `[Event "?"]<br />[Site "x"]<br /><br />1. d4 *`, []pgn.Tag{{"Event", "?"}, {"Site", "x"}}},
		{"tags and moves on one line", `[Result "1-0"] e4 *`, []pgn.Tag{{"Result", "1-0"}}},
		{"comment between tags", "[Event \"A\"]\n{c}\n[Site \"B\"] *", []pgn.Tag{{"Event", "A"}, {"Site", "B"}}},
		{"escape line in tags", "[Event \"A\"]\n% x\n[Site \"B\"] *", []pgn.Tag{{"Event", "A"}, {"Site", "B"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := parse(t, tt.in)
			if !slices.Equal(g.Tags, tt.want) {
				t.Errorf("tags %q, want %q", g.Tags, tt.want)
			}
		})
	}
}

func TestLatin1Comment(t *testing.T) {
	g := parse(t, "1. e4 {Caf\xe9 cr\xe8me} *")
	if got := g.Moves[0].After; len(got) != 1 || got[0] != "Café crème" {
		t.Errorf("comment %q, want Café crème", got)
	}
}

func TestLatin1File(t *testing.T) {
	games, _ := readFile(t, dataDir(t, "edge")+"/pgn-extract__odds.pgn")
	if got := games[0].Tag("Black"); got != "François André Philidor" {
		t.Errorf("Black = %q, want François André Philidor", got)
	}
}

func TestPositions(t *testing.T) {
	for _, nl := range []string{"\n", "\r\n", "\r"} {
		in := strings.ReplaceAll("[Event \"A\"]\n\n1. e4 e5\n  2.Nf3 {a\nb}\n2... Nc6 *\n\n[Event \"B\"]\n1. d4 *\n", "\n", nl)
		r := pgn.NewReader(strings.NewReader(in))
		g, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		type pos struct{ line, col int }
		var got []pos
		for _, m := range g.Moves {
			got = append(got, pos{m.Line, m.Col})
		}
		want := []pos{{3, 4}, {3, 7}, {4, 5}, {6, 6}}
		if !slices.Equal(got, want) || g.Line != 1 || g.Offset != 0 {
			t.Errorf("%q: moves at %v, want %v; game at line %d offset %d", nl, got, want, g.Line, g.Offset)
		}
		g, err = r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if g.Line != 8 || g.Offset != int64(strings.Index(in, "[Event \"B\"")) || g.Moves[0].Line != 9 {
			t.Errorf("%q: second game at line %d offset %d, move line %d", nl, g.Line, g.Offset, g.Moves[0].Line)
		}
	}
}

func TestGameBoundaries(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string // dumpGame of each game
	}{
		{"tagless games one per line", "e4 e5 *\nd4 d5 *\nc4 *", []string{"e4 e5 => *", "d4 d5 => *", "c4 => *"}},
		{"tags end a game without marker", "[Event \"a\"]\n1. e4\n[Event \"b\"]\n1. d4 *", []string{"e4 => ", "d4 => *"}},
		{"tags after marker on the same line", "1. e4 * [Event \"b\"] 1. d4 *", []string{"e4 => *", "d4 => *"}},
		{"tags only", "[Event \"a\"]\n\n[Event \"b\"]\n", []string{" => ", " => "}},
		{"last game without marker", "1. e4 *\n\n1. d4 d5\n", []string{"e4 => *", "d4 d5 => "}},
		{"comment on the next line starts the next game", "1. e4 *\n{next}\n[Event \"b\"]\n1. d4 *", []string{"e4 => *", "{<next} d4 => *"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, errs := pgn.ReadAll(strings.NewReader(tt.in))
			if len(errs) > 0 {
				t.Fatalf("errors: %v", errs)
			}
			var got []string
			for _, g := range games {
				got = append(got, dumpGame(g))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("games %q, want %q", got, tt.want)
			}
		})
	}
}

func TestEmptyInput(t *testing.T) {
	for _, in := range []string{"", "\n\n", "\uFEFF", "% only an escape\n", "  \r\n\t"} {
		r := pgn.NewReader(strings.NewReader(in))
		if g, err := r.Next(); g != nil || err != io.EOF {
			t.Errorf("Next(%q) = %v, %v; want nil, io.EOF", in, g, err)
		}
		if _, err := pgn.ParseGame([]byte(in), 1, 0); err != io.EOF {
			t.Errorf("ParseGame(%q) error %v, want io.EOF", in, err)
		}
	}
}

// errReader returns its data, then an error.
type errReader struct {
	data []byte
	err  error
}

func (r *errReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestReadError(t *testing.T) {
	boom := errors.New("boom")
	r := pgn.NewReader(&errReader{data: []byte("1. e4 *\n1. d4"), err: boom})
	if g, err := r.Next(); err != nil || len(g.Moves) != 1 {
		t.Fatalf("first game: %v, %v", g, err)
	}
	g, err := r.Next()
	if err != boom || g == nil || len(g.Moves) != 1 {
		t.Fatalf("second game: %v, %v; want the partial game and the read error", g, err)
	}
	if g, err := r.Next(); g != nil || err != boom {
		t.Fatalf("after the error: %v, %v; want nil and the read error", g, err)
	}
	r = pgn.NewReader(&errReader{err: boom})
	if g, err := r.Next(); g != nil || err != boom {
		t.Fatalf("nothing read: %v, %v; want nil and the read error", g, err)
	}
	if _, err := r.NextHeader(); err != boom {
		t.Fatalf("NextHeader: %v, want the read error", err)
	}
}

// stallReader never returns data nor an error.
type stallReader struct{}

func (stallReader) Read([]byte) (int, error) { return 0, nil }

func TestStalledReader(t *testing.T) {
	if _, err := pgn.NewReader(stallReader{}).Next(); err != io.ErrNoProgress {
		t.Fatalf("Next on a stalled reader: %v, want io.ErrNoProgress", err)
	}
}

func TestReadAll(t *testing.T) {
	in := "1. e4 *\n1. e4 ) *\n1. d4 *\n"
	games, errs := pgn.ReadAll(bytes.NewReader([]byte(in)))
	if len(games) != 3 || len(errs) != 1 {
		t.Fatalf("%d games, errors %v; want 3 games and 1 error", len(games), errs)
	}
	var se *pgn.SyntaxError
	if !errors.As(errs[0], &se) || se.Game != 2 {
		t.Errorf("error %v, want a syntax error in game 2", errs[0])
	}
}
