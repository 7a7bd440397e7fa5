package game_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

const withCommands = `[Event "Commands"]
[Result "*"]

1. e4 {[%eval 0.17] [%csl Gd4] good move} {second thought} 1... e5
{[%clk 0:04:58] [%eval 0.2] reply} 2. Nf3 *
`

// oneLine is the movetext of a written game on one line.
func oneLine(text string) string {
	return strings.Join(strings.Fields(text), " ")
}

func TestCommentKeepsCommands(t *testing.T) {
	g := readOne(t, withCommands)
	e4, e5 := mainNode(t, g, 1), mainNode(t, g, 2)
	if got := e4.Comment(); got != "good move second thought" {
		t.Errorf("Comment of e4 = %q", got)
	}
	if got := e5.Comment(); got != "reply" {
		t.Errorf("Comment of e5 = %q", got)
	}
	if err := g.SetComment(e4, "  a new\n  text "); err != nil {
		t.Fatal(err)
	}
	if err := g.SetComment(e5, ""); err != nil {
		t.Fatal(err)
	}
	if got := e4.Comment(); got != "a new text" {
		t.Errorf("Comment of e4 after SetComment = %q", got)
	}
	text := oneLine(writePGN(t, g))
	for _, want := range []string{"1. e4 {[%eval 0.17] [%csl Gd4] a new text} 1... e5 {[%clk 0:04:58] [%eval 0.2]} 2. Nf3"} {
		if !strings.Contains(text, want) {
			t.Errorf("written PGN lacks %q:\n%s", want, text)
		}
	}
	back := readOne(t, writePGN(t, g))
	if got := mainNode(t, back, 1).Comment(); got != "a new text" {
		t.Errorf("Comment of e4 read back = %q", got)
	}
	if clk, ok := mainNode(t, back, 2).Clock(); !ok || clk != 4*time.Minute+58*time.Second {
		t.Errorf("the clock of e5 was lost: %v %v", clk, ok)
	}
	if err := g.SetComment(e4, ""); err != nil {
		t.Fatal(err)
	}
	if _, after := e4.Comments(); len(after) != 1 || after[0] != "[%eval 0.17] [%csl Gd4]" {
		t.Errorf("after removing the text the comments are %q", after)
	}
}

func TestSetCommentWithoutCommands(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4 e5")
	e4 := mainNode(t, g, 1)
	if err := g.SetComment(e4, "first"); err != nil {
		t.Fatal(err)
	}
	if err := g.SetComment(e4, "second"); err != nil {
		t.Fatal(err)
	}
	if before, after := e4.Comments(); len(before) != 0 || !slices.Equal(after, []string{"second"}) {
		t.Errorf("comments = %q, %q", before, after)
	}
	if err := g.SetComment(e4, " \n "); err != nil {
		t.Fatal(err)
	}
	if _, after := e4.Comments(); len(after) != 0 || e4.Comment() != "" {
		t.Errorf("a blank comment was kept: %q", after)
	}
	if err := g.SetComment(nil, "x"); !errors.Is(err, game.ErrNotInGame) {
		t.Errorf("SetComment(nil): %v", err)
	}
	if err := g.SetComment(newGame(t, "").Root(), "x"); !errors.Is(err, game.ErrNotInGame) {
		t.Errorf("SetComment on another game's node: %v", err)
	}
}

func TestGameComment(t *testing.T) {
	g := readOne(t, annotated)
	root := g.Root()
	if got := root.Comment(); got != "Before the game." {
		t.Errorf("game comment read = %q", got)
	}
	if err := g.SetComment(root, "A sharp game."); err != nil {
		t.Fatal(err)
	}
	if got := root.Comment(); got != "A sharp game." {
		t.Errorf("game comment = %q", got)
	}
	text := oneLine(writePGN(t, g))
	if !strings.Contains(text, "{A sharp game.} 1. e4 $1 {Best by test}") || strings.Contains(text, "Before the game") {
		t.Errorf("written game comment:\n%s", text)
	}
	if got := readOne(t, text).Root().Comment(); got != "A sharp game." {
		t.Errorf("game comment read back = %q", got)
	}
	// The comment of a game without moves stays before its first move.
	g = newGame(t, "")
	if err := g.SetComment(g.Root(), "Intro"); err != nil {
		t.Fatal(err)
	}
	if text := oneLine(writePGN(t, g)); !strings.HasSuffix(text, "{Intro} *") {
		t.Errorf("game without moves:\n%s", text)
	}
	play(t, g, "e4 e5")
	text = oneLine(writePGN(t, g))
	if !strings.Contains(text, "{Intro} 1. e4 e5 *") {
		t.Errorf("the game comment moved:\n%s", text)
	}
	if got := readOne(t, text).Root().Comment(); got != "Intro" {
		t.Errorf("game comment read back = %q", got)
	}
}

func TestSetNAGs(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4 e5")
	e4 := mainNode(t, g, 1)
	if err := g.SetNAGs(e4, []int{1, 14, 1}); err != nil {
		t.Fatal(err)
	}
	if got := e4.NAGs(); !slices.Equal(got, []int{1, 14}) {
		t.Errorf("NAGs = %v", got)
	}
	if text := oneLine(writePGN(t, g)); !strings.Contains(text, "1. e4 $1 $14 e5") {
		t.Errorf("written NAGs:\n%s", text)
	}
	for _, bad := range [][]int{{256}, {-1}, {3, 1000}} {
		if err := g.SetNAGs(e4, bad); err == nil {
			t.Errorf("SetNAGs(%v) accepted", bad)
		}
	}
	if got := e4.NAGs(); !slices.Equal(got, []int{1, 14}) {
		t.Errorf("refused NAGs changed them: %v", got)
	}
	if err := g.SetNAGs(g.Root(), []int{1}); err == nil {
		t.Error("the start position took a NAG")
	}
	if err := g.SetNAGs(e4, nil); err != nil || len(e4.NAGs()) != 0 {
		t.Errorf("clearing the NAGs: %v %v", err, e4.NAGs())
	}
}

// TestEditedTreeRoundTrip: variations, comments and NAGs made by editing
// are written to PGN and read back as they were.
func TestEditedTreeRoundTrip(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4 e5 Nf3 Nc6 Bb5")
	root := g.Root()
	d4 := addVar(t, g, root, "d4")
	addVar(t, g, addVar(t, g, d4, "d5"), "c4")
	nf6 := addVar(t, g, d4, "Nf6")
	addVar(t, g, addVar(t, g, nf6, "c4"), "e6")
	c5 := addVar(t, g, mainNode(t, g, 1), "c5")
	addVar(t, g, c5, "Nf3")
	addVar(t, g, c5, "c3")
	bc4 := addVar(t, g, mainNode(t, g, 4), "Bc4")
	for n, c := range map[*game.Node]string{root: "Game", d4: "queen's pawn", nf6: "Indian", bc4: "Italian {braces", mainNode(t, g, 5): "Spanish"} {
		if err := g.SetComment(n, c); err != nil {
			t.Fatal(err)
		}
	}
	for n, nags := range map[*game.Node][]int{d4: {3}, c5: {5, 14}, bc4: {6}} {
		if err := g.SetNAGs(n, nags); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.SetComment(bc4, "Italian {braces}"); !errors.Is(err, game.ErrCommentBrace) {
		t.Errorf("a comment with \"}\", which PGN cannot write: %v", err)
	}
	if got := bc4.Comment(); got != "Italian {braces" {
		t.Errorf("a refused comment changed the comment: %q", got)
	}
	first := writePGN(t, g)
	back := readOne(t, first)
	if got, want := treeText(back.Root()), treeText(root); got != want {
		t.Errorf("tree read back = %s, want %s", got, want)
	}
	if second := writePGN(t, back); second != first {
		t.Errorf("write(read(write)) differs:\n%s\n---\n%s", first, second)
	}
	backD4 := back.Root().Children()[1]
	if backD4.Comment() != "queen's pawn" || !slices.Equal(backD4.NAGs(), []int{3}) {
		t.Errorf("d4 read back: %q %v", backD4.Comment(), backD4.NAGs())
	}
	if got := back.Root().Comment(); got != "Game" {
		t.Errorf("game comment read back: %q", got)
	}
	var braces string
	for _, n := range mainNode(t, back, 4).Children() {
		if n.SAN() == "Bc4" {
			braces = n.Comment()
		}
	}
	if braces != "Italian {braces" {
		t.Errorf("comment with braces read back: %q", braces)
	}
}

// TestSetCommandReplacesTheCommand: a second [%eval] replaces the first
// (two analyses wrote two), the text and the other commands stay, and
// an empty value removes the command.
func TestSetCommandReplacesTheCommand(t *testing.T) {
	g := readOne(t, `[Event "Twice"]
[Result "*"]

1. e4 $1 {[%eval 0.17] [%csl Gd4] good move} {[%eval 0.3] second thought} 1... e5 2. Nf3 *
`)
	e4, e5 := mainNode(t, g, 1), mainNode(t, g, 2)
	if err := g.SetCommand(e4, "eval", "0.25"); err != nil {
		t.Fatal(err)
	}
	if err := g.SetCommand(e5, "eval", "#-3"); err != nil {
		t.Fatal(err)
	}
	if got := e4.Comment(); got != "good move second thought" {
		t.Errorf("the text of the comment is %q", got)
	}
	text := oneLine(writePGN(t, g))
	if want := "1. e4 $1 {[%eval 0.25] [%csl Gd4] good move} {second thought} 1... e5 {[%eval #-3]} 2. Nf3"; !strings.Contains(text, want) {
		t.Errorf("written PGN lacks %q:\n%s", want, text)
	}
	if err := g.SetCommand(e4, "eval", ""); err != nil {
		t.Fatal(err)
	}
	if _, after := e4.Comments(); strings.Contains(strings.Join(after, " "), "eval") || e4.Comment() != "good move second thought" {
		t.Errorf("after removing the [%%eval] the comments are %q", after)
	}
	for _, bad := range [][2]string{{"eval", "1]"}, {"eval", "1}"}, {"eval", "1\n"}, {"ev al", "1"}, {"", "1"}} {
		if err := g.SetCommand(e5, bad[0], bad[1]); err == nil {
			t.Errorf("SetCommand(%q, %q) is taken", bad[0], bad[1])
		}
	}
	if _, after := e5.Comments(); !slices.Equal(after, []string{"[%eval #-3]"}) {
		t.Errorf("refused commands changed the comment: %q", after)
	}
}
