package game_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
)

// marks reads a list of marks written as in PGN, circles as "Ge5",
// arrows as "Gd2d4".
func marks(t *testing.T, list ...string) []game.Mark {
	t.Helper()
	var out []game.Mark
	for _, s := range list {
		c := game.MarkColor(strings.Index("GRYB", s[:1]))
		from, ok := game.ParseSquare(s[1:3])
		if !ok || c < 0 {
			t.Fatalf("bad mark %q", s)
		}
		if len(s) == 3 {
			out = append(out, game.NewCircle(c, from))
			continue
		}
		to, _ := game.ParseSquare(s[3:5])
		out = append(out, game.NewArrow(c, from, to))
	}
	return out
}

func markStrings(ms []game.Mark) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.String())
	}
	return out
}

// movetext is a written game's movetext on one line.
func movetext(t *testing.T, g *game.Game) string {
	t.Helper()
	text := writePGN(t, g)
	if strings.HasPrefix(text, "[") {
		text = strings.SplitN(text, "\n\n", 2)[1]
	}
	return oneLine(text)
}

func TestMarksAreReadLeniently(t *testing.T) {
	for _, tt := range []struct {
		comment string
		want    []string
	}{
		{"[%cal Gd2d4,Re7e5]", []string{"Gd2d4", "Re7e5"}},
		{"[%cal Gd2d4, Re7e5]", []string{"Gd2d4", "Re7e5"}},
		{"[%cal  Gd2d4 ,\n Re7e5 ]", []string{"Gd2d4", "Re7e5"}},
		{"[%csl ge5]", []string{"Ge5"}},
		{"[%CSL YE5,bA1]", []string{"Ye5", "Ba1"}},
		{"[%cal Gd2d4][%cal Ra1a8]", []string{"Gd2d4", "Ra1a8"}},
		{"[%cal Gd2d4] text [%csl Ge5]", []string{"Ge5", "Gd2d4"}},
		{"[%eval 0.3] [%clk 0:05:00] before [%cal Gd2d4] after", []string{"Gd2d4"}},
		// Not marks: not shown.
		{"[%cal Xz9z9,Gd2d4,Ge5,Gd4d4,Gd2d4d6] [%csl Gd2d4,Qe5,G]", []string{"Gd2d4"}},
		// The same squares twice: the first.
		{"[%cal Gd2d4,Rd2d4] [%csl Ye5,Be5]", []string{"Ye5", "Gd2d4"}},
		{"[%calx Gd2d4] [%cal] [%cal Gd2d4", nil},
	} {
		g := readOne(t, "1. d4 {"+tt.comment+"} *")
		if got := markStrings(mainNode(t, g, 1).Marks()); !slices.Equal(got, tt.want) {
			t.Errorf("{%s}: marks %q, want %q", tt.comment, got, tt.want)
		}
	}
	// Several comments are merged; a game's comment before the first move
	// is the start position's.
	g := readOne(t, "{[%csl Ga1]} 1. d4 {[%cal Gd2d4]} {[%cal Re7e5] [%csl Ge5]} *")
	if got := markStrings(mainNode(t, g, 1).Marks()); !slices.Equal(got, []string{"Ge5", "Gd2d4", "Re7e5"}) {
		t.Errorf("merged: %q", got)
	}
	if got := markStrings(g.Root().Marks()); !slices.Equal(got, []string{"Ga1"}) {
		t.Errorf("the start position's: %q", got)
	}
}

func TestMarksAreWrittenStrictlyBesideTheText(t *testing.T) {
	for _, tt := range []struct {
		in, marks []string
		want      string
	}{
		{nil, []string{"Gd2d4", "Ge5", "Re7e5"}, "1. d4 {[%csl Ge5] [%cal Gd2d4,Re7e5]} *"},
		{[]string{"a text"}, []string{"Gd2d4"}, "1. d4 {[%cal Gd2d4] a text} *"},
		{[]string{"[%eval 0.3] [%clk 0:05:00] a text"}, []string{"Bd2d4"}, "1. d4 {[%eval 0.3] [%clk 0:05:00] [%cal Bd2d4] a text} *"},
		{[]string{"[%clk 0:05:00]"}, []string{"Ye5"}, "1. d4 {[%clk 0:05:00] [%csl Ye5]} *"},
		// In place of the marks there, the rest as it was.
		{[]string{"[%eval 0.3] [%cal Gd2d4] text [%csl Ge5] more"}, []string{"Ra1a8"}, "1. d4 {[%eval 0.3] [%cal Ra1a8] text more} *"},
		{[]string{"[%cal Gd2d4]", "text"}, []string{"Gh2h4"}, "1. d4 {[%cal Gh2h4]} {text} *"},
		// What is not a mark stays.
		{[]string{"[%cal Gd2d4,Xz9z9] text"}, []string{"Ge5"}, "1. d4 {[%cal Xz9z9] [%csl Ge5] text} *"},
		{[]string{"[%cal Gd2d4,Xz9z9] text"}, nil, "1. d4 {[%cal Xz9z9] text} *"},
		// No marks left: only the text; no comment left: none.
		{[]string{"[%cal Gd2d4] text"}, nil, "1. d4 {text} *"},
		{[]string{"[%eval 0.3] [%cal Gd2d4]"}, nil, "1. d4 {[%eval 0.3]} *"},
		{[]string{"[%cal Gd2d4]", "second"}, nil, "1. d4 {second} *"},
		{[]string{"[%cal Gd2d4][%csl Ge5]"}, nil, "1. d4 *"},
	} {
		in := "1. d4 "
		for _, c := range tt.in {
			in += "{" + c + "} "
		}
		g := readOne(t, in+"*")
		d4 := mainNode(t, g, 1)
		text := d4.Comment()
		if err := g.SetMarks(d4, marks(t, tt.marks...)); err != nil {
			t.Fatal(err)
		}
		if got := movetext(t, g); got != tt.want {
			t.Errorf("%q with %q:\nwritten %s\nwant    %s", tt.in, tt.marks, got, tt.want)
		}
		if d4.Comment() != text {
			t.Errorf("%q with %q: the text %q became %q", tt.in, tt.marks, text, d4.Comment())
		}
		back := readOne(t, writePGN(t, g))
		if got := markStrings(mainNode(t, back, 1).Marks()); !slices.Equal(got, markStrings(mainNode(t, g, 1).Marks())) || len(got) != len(tt.marks) {
			t.Errorf("%q with %q: read back %q", tt.in, tt.marks, got)
		}
	}
}

func TestMarksOfTheStartPositionAreTheGamesComment(t *testing.T) {
	g := newGame(t, "")
	if err := g.SetMarks(g.Root(), marks(t, "Ge4")); err != nil {
		t.Fatal(err)
	}
	if got := movetext(t, g); got != "{[%csl Ge4]} *" {
		t.Errorf("no moves: %s", got)
	}
	play(t, g, "e4")
	if err := g.SetMarks(g.Live(), marks(t, "Re7e5")); err != nil {
		t.Fatal(err)
	}
	if got := movetext(t, g); got != "{[%csl Ge4]} 1. e4 {[%cal Re7e5]} *" {
		t.Errorf("with a move: %s", got)
	}
	back := readOne(t, writePGN(t, g))
	if got := markStrings(back.Root().Marks()); !slices.Equal(got, []string{"Ge4"}) {
		t.Errorf("read back: %q", got)
	}
	// Read before the first move, changed there.
	if err := back.SetMarks(back.Root(), marks(t, "Ge4", "Bd5")); err != nil {
		t.Fatal(err)
	}
	if got := movetext(t, back); got != "{[%csl Ge4,Bd5]} 1. e4 {[%cal Re7e5]} *" {
		t.Errorf("changed: %s", got)
	}
}

func TestMarksKeepTheNAGsInPlace(t *testing.T) {
	g := readOne(t, "1. d4 {a} $1 {[%cal Gd2d4]} $2 {b} *")
	d4 := mainNode(t, g, 1)
	if err := g.SetMarks(d4, nil); err != nil {
		t.Fatal(err)
	}
	if got := movetext(t, g); got != "1. d4 {a} $1 $2 {b} *" {
		t.Errorf("written %s", got)
	}
	g = readOne(t, "1. d4 $1 *")
	d4 = mainNode(t, g, 1)
	if err := g.SetMarks(d4, marks(t, "Gd2d4")); err != nil {
		t.Fatal(err)
	}
	if got := movetext(t, g); got != "1. d4 $1 {[%cal Gd2d4]} *" {
		t.Errorf("written %s", got)
	}
}

func TestMarksWithAClockOfAMovePlayedHere(t *testing.T) {
	clock := newFakeClock()
	g, err := game.New(game.Options{Now: clock.Now, TimeControl: game.TimeControl{Stages: []game.Stage{{Time: 300e9}}}})
	if err != nil {
		t.Fatal(err)
	}
	play(t, g, "e4")
	if err := g.SetMarks(g.Live(), marks(t, "Gd2d4")); err != nil {
		t.Fatal(err)
	}
	if got := movetext(t, g); !strings.HasPrefix(got, "1. e4 {[%clk 0:05:00] [%emt 0:00:00] [%cal Gd2d4]}") {
		t.Errorf("written %s", got)
	}
}

func TestToggleMark(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "d4")
	n := g.Live()
	steps := []struct {
		mark string
		want []string
	}{
		{"Gd2d4", []string{"Gd2d4"}},
		{"Ge5", []string{"Ge5", "Gd2d4"}},
		{"Rd2d4", []string{"Ge5", "Rd2d4"}}, // another colour: it takes it
		{"Gd4d2", []string{"Ge5", "Rd2d4", "Gd4d2"}},
		{"Rd2d4", []string{"Ge5", "Gd4d2"}}, // the same again: taken away
		{"Ge5", []string{"Gd4d2"}},
		{"Gd4d2", nil},
	}
	for _, s := range steps {
		if err := g.ToggleMark(n, marks(t, s.mark)[0]); err != nil {
			t.Fatal(err)
		}
		if got := markStrings(n.Marks()); !slices.Equal(got, s.want) {
			t.Errorf("after %s: %q, want %q", s.mark, got, s.want)
		}
	}
	if got := movetext(t, g); got != "1. d4 *" {
		t.Errorf("every mark taken away, written %s", got)
	}
}

func TestSetMarksRefusesWhatCannotBeDrawn(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "d4")
	for _, m := range []game.Mark{
		game.NewArrow(game.MarkGreen, 12, 12),
		game.NewArrow(game.MarkGreen, 12, 64),
		game.NewCircle(game.MarkGreen, game.NoSquare),
		game.NewCircle(game.MarkColor(4), 12),
		{Kind: game.Circle, From: 12, To: 13},
		{Kind: game.MarkKind(2), From: 12, To: 13},
	} {
		if err := g.SetMarks(g.Live(), []game.Mark{m}); !errors.Is(err, game.ErrMark) {
			t.Errorf("%+v: %v", m, err)
		}
		if err := g.ToggleMark(g.Live(), m); !errors.Is(err, game.ErrMark) {
			t.Errorf("toggle %+v: %v", m, err)
		}
	}
	if got := movetext(t, g); got != "1. d4 *" {
		t.Errorf("written %s", got)
	}
	other := newGame(t, "")
	if err := g.SetMarks(other.Root(), nil); !errors.Is(err, game.ErrNotInGame) {
		t.Errorf("a node of another game: %v", err)
	}
}

// TestMarksLeaveTheGamesAsRead reads every game of the edge files and
// every tenth game of the corpus: setting each position's marks to what
// they are changes nothing in the file written; in the games that have
// none, an arrow and a circle drawn on each position and taken away
// again leave it byte for byte as it was; marks drawn come back when the
// game written is read again.
func TestMarksLeaveTheGamesAsRead(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 3,300 games")
	}
	games, marked := 0, 0
	sampleGames(t, func(file string, i int, text []byte) {
		read, err := game.ReadPGN(bytes.NewReader(text))
		if err != nil || len(read) != 1 {
			return // a variant, a null move...
		}
		games++
		if marksLeaveAsRead(t, read[0], file, i) {
			marked++
		}
	})
	t.Logf("%d games, %d with marks", games, marked)
	if games < 3000 || marked == 0 {
		t.Errorf("only %d games, %d with marks", games, marked)
	}
}

// marksLeaveAsRead checks one game of TestMarksLeaveTheGamesAsRead, the
// i-th of file, and reports whether it has marks.
func marksLeaveAsRead(t *testing.T, g *game.Game, file string, i int) bool {
	var nodes []*game.Node
	var walk func(n *game.Node)
	walk = func(n *game.Node) {
		nodes = append(nodes, n)
		for _, c := range n.Children() {
			walk(c)
		}
	}
	walk(g.Root())
	before := writePGN(t, g)
	marked := false
	for _, n := range nodes {
		marked = marked || len(n.Marks()) > 0
		if err := g.SetMarks(n, n.Marks()); err != nil {
			t.Fatal(err)
		}
	}
	if after := writePGN(t, g); after != before {
		t.Errorf("%s, game %d: setting the marks as they are changed it:\n%s\nwritten\n%s", file, i+1, before, after)
		return marked
	}
	if marked {
		back := readOne(t, before)
		var backNodes []*game.Node
		walk = func(n *game.Node) {
			backNodes = append(backNodes, n)
			for _, c := range n.Children() {
				walk(c)
			}
		}
		walk(back.Root())
		for k, n := range nodes {
			if !slices.Equal(n.Marks(), backNodes[k].Marks()) {
				t.Errorf("%s, game %d: marks %v read back as %v", file, i+1, n.Marks(), backNodes[k].Marks())
			}
		}
		return true
	}
	type comments struct{ before, after []string }
	was := make([]comments, len(nodes))
	for k, n := range nodes {
		was[k].before, was[k].after = n.Comments()
	}
	drawn := marks(t, "Ge5", "Rd2d4")
	for _, n := range nodes {
		if err := g.SetMarks(n, drawn); err != nil {
			t.Fatal(err)
		}
	}
	back := readOne(t, writePGN(t, g))
	for n := back.Root(); n != nil; {
		if got := n.Marks(); !slices.Equal(got, drawn) {
			t.Errorf("%s, game %d: the marks drawn after %s read back as %v", file, i+1, n.SAN(), got)
			break
		}
		next := n.Children()
		if len(next) == 0 {
			break
		}
		n = next[0]
	}
	for _, n := range nodes {
		if err := g.SetMarks(n, nil); err != nil {
			t.Fatal(err)
		}
	}
	if after := writePGN(t, g); after != before {
		t.Errorf("%s, game %d: marks drawn and taken away changed it:\n%s\nwritten\n%s", file, i+1, before, after)
	}
	for k, n := range nodes {
		b, a := n.Comments()
		if !slices.Equal(b, was[k].before) || !slices.Equal(a, was[k].after) {
			t.Errorf("%s, game %d: after %s, marks drawn and taken away changed the comments %q %q into %q %q",
				file, i+1, n.SAN(), was[k].before, was[k].after, b, a)
			break
		}
	}
	return false
}
