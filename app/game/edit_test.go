package game_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

// mainNode returns the node after the i-th move (from 1) of the main line.
func mainNode(t *testing.T, g *game.Game, i int) *game.Node {
	t.Helper()
	line := g.MainLine()
	if i < 1 || i > len(line) {
		t.Fatalf("the main line has %d moves, not %d", len(line), i)
	}
	return line[i-1]
}

// addVar adds move s at at as a variation, failing the test on error.
func addVar(t *testing.T, g *game.Game, at *game.Node, s string) *game.Node {
	t.Helper()
	n, err := g.AddVariation(at, s)
	if err != nil {
		t.Fatalf("AddVariation(%s, %q): %v", at.SAN(), s, err)
	}
	return n
}

// treeText writes the tree below n as SAN with variations in brackets:
// "e4 (d4 d5 (Nf6)) e5".
func treeText(n *game.Node) string {
	var b strings.Builder
	writeLine(&b, n.Children())
	return strings.TrimSpace(b.String())
}

func writeLine(b *strings.Builder, kids []*game.Node) {
	for len(kids) > 0 {
		b.WriteString(" " + kids[0].SAN())
		for _, v := range kids[1:] {
			b.WriteString(" (" + v.SAN())
			writeLine(b, v.Children())
			b.WriteString(")")
		}
		kids = kids[0].Children()
	}
}

func TestAddVariation(t *testing.T) {
	g, clk := timedGame(t, "300+5", "")
	moveAfter(t, g, clk, 10*time.Second, "e4")
	moveAfter(t, g, clk, 20*time.Second, "e5")
	moveAfter(t, g, clk, 30*time.Second, "Nf3")
	clk.Advance(4 * time.Second)
	if err := g.OfferDraw(game.White); err != nil {
		t.Fatal(err)
	}
	root, e4 := g.Root(), mainNode(t, g, 1)
	live, w, b := g.Live(), g.Remaining(game.White), g.Remaining(game.Black)

	d4 := addVar(t, g, root, "d4")
	if d4.SAN() != "d4" || d4.Ply() != 1 || d4.Parent() != root || d4.VariationIndex() != 1 {
		t.Errorf("d4: SAN %q ply %d index %d", d4.SAN(), d4.Ply(), d4.VariationIndex())
	}
	if pos := d4.Position(); pos.FEN() != "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1" {
		t.Errorf("FEN after the variation d4 = %s", pos.FEN())
	}
	if again := addVar(t, g, root, "d2d4"); again != d4 {
		t.Error("adding d4 twice made a second node")
	}
	if same := addVar(t, g, root, "e4"); same != e4 {
		t.Error("adding the main move as a variation made a new node")
	}
	d5 := addVar(t, g, d4, "d5")                // extends the side line
	nf6 := addVar(t, g, d4, "Nf6")              // a variation inside it
	addVar(t, g, d5, "c4")                      // extends the side line further
	addVar(t, g, addVar(t, g, e4, "c5"), "Bb5") // 1... c5 2. Bb5
	addVar(t, g, nf6, "Bg5")
	addVar(t, g, root, "c4")
	want := "e4 (d4 d5 (Nf6 Bg5) c4) (c4) e5 (c5 Bb5) Nf3"
	if got := treeText(root); got != want {
		t.Errorf("tree = %s, want %s", got, want)
	}
	// A variation is analysis: the game did not move.
	if g.Live() != live || strings.Join(g.History(), " ") != "e4 e5 Nf3" {
		t.Errorf("the game changed: live %s, history %v", g.Live().SAN(), g.History())
	}
	if g.Remaining(game.White) != w || g.Remaining(game.Black) != b {
		t.Error("a variation touched the clocks")
	}
	if by, ok := g.DrawOffer(); !ok || by != game.White {
		t.Error("a variation withdrew the draw offer")
	}
	if _, ok := d4.Clock(); ok {
		t.Error("a variation move has a clock time")
	}
}

func TestAddVariationPositions(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4 e5")
	e4 := mainNode(t, g, 1)
	d5 := addVar(t, g, e4, "d5")
	check := addVar(t, g, d5, "Bb5")
	if check.SAN() != "Bb5+" || !check.Position().Check {
		t.Errorf("Bb5 in the side line: SAN %q, check %v", check.SAN(), check.Position().Check)
	}
	// The variation's position is its own, not the main line's.
	if _, err := g.AddVariation(d5, "Nf3"); err != nil {
		t.Errorf("Nf3 after 1... d5: %v", err)
	}
	if _, err := g.AddVariation(d5, "exd5"); err != nil {
		t.Errorf("exd5 after 1... d5: %v", err)
	}
	// An en-passant capture exists only in the side line's position.
	ep := addVar(t, g, addVar(t, g, addVar(t, g, d5, "e5"), "f5"), "exf6")
	if pos := ep.Position(); pos.FEN() != "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3" {
		t.Errorf("after exf6 e.p. in a side line: %s", pos.FEN())
	}
}

func TestAddVariationErrors(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4 e5")
	_, err := g.AddVariation(g.Live(), "Nf3")
	if !errors.Is(err, game.ErrMainLineEnd) {
		t.Errorf("variation at the live position: %v, want ErrMainLineEnd", err)
	}
	_, err = g.AddVariation(g.Root(), "e5")
	var me *game.MoveError
	if !errors.As(err, &me) || me.Input != "e5" {
		t.Errorf("illegal variation move: %v", err)
	}
	if _, err := g.AddVariation(nil, "e4"); !errors.Is(err, game.ErrNotInGame) {
		t.Errorf("nil node: %v", err)
	}
	other := newGame(t, "")
	if _, err := g.AddVariation(other.Root(), "e4"); !errors.Is(err, game.ErrNotInGame) || !strings.Contains(err.Error(), "another game") {
		t.Errorf("node of another game: %v", err)
	}
	d4 := addVar(t, g, g.Root(), "d4")
	if err := g.DeleteVariation(d4); err != nil {
		t.Fatal(err)
	}
	if _, err := g.AddVariation(d4, "d5"); !errors.Is(err, game.ErrNotInGame) || !strings.Contains(err.Error(), "deleted") {
		t.Errorf("deleted node: %v", err)
	}
	if got := treeText(g.Root()); got != "e4 e5" {
		t.Errorf("refused edits changed the tree: %s", got)
	}
}

func TestAddVariationToFinishedGame(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "f3 e5 g4 Qh4#")
	status := g.Status()
	n := addVar(t, g, mainNode(t, g, 2), "Nc3")
	addVar(t, g, n, "Qh4#")
	if g.Status() != status || !status.Over() {
		t.Errorf("status = %v, want %v", g.Status(), status)
	}
	if _, err := g.AddVariation(g.Live(), "a3"); err == nil {
		t.Error("a move after checkmate was accepted")
	}
}

func TestReplaceFromRestoresClocks(t *testing.T) {
	g, clk := timedGame(t, "300+5", "")
	moveAfter(t, g, clk, 10*time.Second, "e4")
	moveAfter(t, g, clk, 20*time.Second, "e5")
	moveAfter(t, g, clk, 30*time.Second, "Nf3")
	moveAfter(t, g, clk, 40*time.Second, "Nc6")
	e5 := mainNode(t, g, 2)
	nf3 := mainNode(t, g, 3)
	addVar(t, g, e5, "d4")
	clk.Advance(100 * time.Second)
	if err := g.OfferDraw(game.Black); err != nil {
		t.Fatal(err)
	}
	n, err := g.ReplaceFrom(e5, "Bc4")
	if err != nil {
		t.Fatal(err)
	}
	if n != g.Live() || n.SAN() != "Bc4" || !n.IsLive() {
		t.Errorf("ReplaceFrom returned %s, live is %s", n.SAN(), g.Live().SAN())
	}
	if got := strings.Join(g.History(), " "); got != "e4 e5 Bc4" {
		t.Errorf("History = %s", got)
	}
	if got := treeText(g.Root()); got != "e4 e5 Bc4 (d4)" {
		t.Errorf("tree = %s, want the variation kept and the rest gone", got)
	}
	// Just before Nf3 was played the clocks showed 265 s (White had used
	// 30 s on it) and 285 s; Bc4 took no time and earned the increment.
	wantClocks(t, g, 270*time.Second, 285*time.Second)
	if c, ok := n.Clock(); !ok || c != 270*time.Second {
		t.Errorf("clock of Bc4 = %v %v", c, ok)
	}
	clk.Advance(3 * time.Second)
	wantClocks(t, g, 270*time.Second, 282*time.Second)
	if _, ok := g.DrawOffer(); ok {
		t.Error("the draw offer survived the replacement")
	}
	if _, err := g.AddVariation(nf3, "Nc6"); !errors.Is(err, game.ErrNotInGame) {
		t.Errorf("the replaced move is still in the game: %v", err)
	}
	// The replacement can be taken back like any move.
	if err := g.TakeBack(); err != nil {
		t.Fatal(err)
	}
	wantClocks(t, g, 265*time.Second, 285*time.Second)
}

func TestReplaceFromResumesFinishedGame(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "f3 e5 g4 Qh4#")
	g4 := mainNode(t, g, 3)
	if _, err := g.ReplaceFrom(g4, "Nc6"); err != nil {
		t.Fatal(err)
	}
	if g.Status().Over() || strings.Join(g.History(), " ") != "f3 e5 g4 Nc6" {
		t.Fatalf("after replacing the mate: %v %v", g.Status(), g.History())
	}
	play(t, g, "Nc3")
	// The replacement ends the game by itself when it mates.
	if _, err := g.ReplaceFrom(g4, "Qh4#"); err != nil {
		t.Fatal(err)
	}
	if s := g.Status(); s.Reason != game.Checkmate || s.Result != game.BlackWins {
		t.Errorf("status after replacing with a mate: %v", s)
	}
	if err := g.Resign(game.White); err == nil {
		t.Error("the game goes on after the mate")
	}
	// A resigned game resumes too.
	g = newGame(t, "")
	play(t, g, "e4 e5")
	if err := g.Resign(game.White); err != nil {
		t.Fatal(err)
	}
	if _, err := g.ReplaceFrom(g.Root(), "d4"); err != nil {
		t.Fatal(err)
	}
	if g.Status().Over() || g.Tag("Result") != game.InProgress || strings.Join(g.History(), " ") != "d4" {
		t.Errorf("after replacing a resigned game: %v %q %v", g.Status(), g.Tag("Result"), g.History())
	}
}

func TestReplaceFromLiveIsMove(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4")
	n, err := g.ReplaceFrom(g.Live(), "e5")
	if err != nil || n.SAN() != "e5" || g.Live() != n {
		t.Fatalf("ReplaceFrom(live) = %v, %v", n, err)
	}
	play(t, g, "Bc4 Nc6 Qh5 Nf6 Qxf7#")
	if _, err := g.ReplaceFrom(g.Live(), "Ke7"); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("a move at the end of a finished game: %v, want ErrGameOver", err)
	}
}

func TestReplaceFromErrors(t *testing.T) {
	g, clk := timedGame(t, "300", "")
	moveAfter(t, g, clk, 10*time.Second, "e4")
	moveAfter(t, g, clk, 10*time.Second, "e5")
	d4 := addVar(t, g, g.Root(), "d4")
	if _, err := g.ReplaceFrom(d4, "d5"); !errors.Is(err, game.ErrNotMainLine) {
		t.Errorf("replace in a side line: %v", err)
	}
	w, b := g.Remaining(game.White), g.Remaining(game.Black)
	_, err := g.ReplaceFrom(mainNode(t, g, 1), "e4")
	var me *game.MoveError
	if !errors.As(err, &me) {
		t.Errorf("illegal replacement: %v", err)
	}
	if _, err := g.ReplaceFrom(nil, "e4"); !errors.Is(err, game.ErrNotInGame) {
		t.Errorf("nil node: %v", err)
	}
	if got := treeText(g.Root()); got != "e4 (d4) e5" || g.Remaining(game.White) != w || g.Remaining(game.Black) != b {
		t.Errorf("refused replacements changed the game: %s", got)
	}
}

// clockedGame is a finished timed game whose clock times say White had
// 4:50 after 1. e4, and none left after 2. Nf3.
const clockedGame = `[White "A"]
[Black "B"]
[Result "1-0"]
[TimeControl "300"]
[Termination "Black resigned"]

1. e4 {[%clk 0:04:50]} e5 {[%clk 0:04:40]} 2. Nf3 {[%clk 0:00:00]} Nc6
{[%clk 0:04:20]} 3. Bb5 {[%clk 0:00:00]} 1-0
`

func TestReplaceFromGameReadFromPGN(t *testing.T) {
	clk := newFakeClock()
	games, errs := game.ReadPGNWith(strings.NewReader(clockedGame), clk.Now)
	if len(errs) > 0 || len(games) != 1 {
		t.Fatalf("ReadPGNWith: %v", errs)
	}
	g := games[0]
	n, err := g.ReplaceFrom(mainNode(t, g, 2), "Bc4")
	if err != nil {
		t.Fatal(err)
	}
	if g.Status().Over() || g.Tag("Result") != "*" || g.Live() != n {
		t.Errorf("status %v, Result %q", g.Status(), g.Tag("Result"))
	}
	// Before 2. Nf3: White 4:50, Black 4:40; the game read is paused.
	wantClocks(t, g, 290*time.Second, 280*time.Second)
	if !g.Paused() {
		t.Error("the clocks started by themselves")
	}
	g.Resume()
	clk.Advance(10 * time.Second)
	wantClocks(t, g, 290*time.Second, 270*time.Second)
	text := writePGN(t, g)
	if !strings.Contains(text, "2. Bc4 {[%clk 0:04:50]") || !strings.HasSuffix(strings.TrimSpace(text), "]} *") {
		t.Errorf("written game:\n%s", text)
	}
}

func TestReplaceFromOutOfTime(t *testing.T) {
	clk := newFakeClock()
	games, errs := game.ReadPGNWith(strings.NewReader(clockedGame), clk.Now)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	g := games[0]
	before := writePGN(t, g)
	// After 2... Nc6 White, to move, has no time left.
	_, err := g.ReplaceFrom(mainNode(t, g, 4), "Bc4")
	if !errors.Is(err, game.ErrGameOver) || !strings.Contains(err.Error(), "no time left") {
		t.Errorf("replacing a move made without time: %v", err)
	}
	if writePGN(t, g) != before {
		t.Error("a refused replacement changed the game")
	}
}

func TestPromoteVariation(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4 e5 Nf3")
	root := g.Root()
	d4 := addVar(t, g, root, "d4")
	c4 := addVar(t, g, root, "c4")
	if err := g.PromoteVariation(c4); err != nil {
		t.Fatal(err)
	}
	if got := treeText(root); got != "e4 (c4) (d4) e5 Nf3" || c4.VariationIndex() != 1 {
		t.Errorf("after promoting c4: %s", got)
	}
	if err := g.PromoteVariation(c4); !errors.Is(err, game.ErrLiveLine) {
		t.Errorf("promoting over the game in progress: %v, want ErrLiveLine", err)
	}
	if err := g.PromoteVariation(mainNode(t, g, 1)); err == nil || !strings.Contains(err.Error(), "already") {
		t.Errorf("promoting the main move: %v", err)
	}
	if err := g.PromoteVariation(root); err == nil {
		t.Error("the root was promoted")
	}
	// Inside a side line the order is free.
	d5 := addVar(t, g, d4, "d5")
	nf6 := addVar(t, g, d4, "Nf6")
	if err := g.PromoteVariation(nf6); err != nil {
		t.Fatal(err)
	}
	if kids := d4.Children(); kids[0] != nf6 || kids[1] != d5 {
		t.Errorf("side line order after promoting Nf6: %s", treeText(d4))
	}
	if got := strings.Join(g.History(), " "); got != "e4 e5 Nf3" {
		t.Errorf("the game changed: %s", got)
	}
}

func TestPromoteVariationInFinishedGame(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "f3 e5 g4 Qh4#")
	status := g.Status()
	e4 := addVar(t, g, g.Root(), "e4")
	last := addVar(t, g, addVar(t, g, e4, "e5"), "Nf3")
	if err := g.PromoteVariation(e4); err != nil {
		t.Fatal(err)
	}
	if g.Live() != last || !last.IsLive() || g.Status() != status {
		t.Errorf("live %s, status %v", g.Live().SAN(), g.Status())
	}
	if got := strings.Join(g.History(), " "); got != "e4 e5 Nf3" {
		t.Errorf("History = %s", got)
	}
	if got := treeText(g.Root()); got != "e4 (f3 e5 g4 Qh4#) e5 Nf3" {
		t.Errorf("tree = %s", got)
	}
	if !last.IsMainLine() || len(g.MainLine()) != 3 {
		t.Error("the promoted line is not the main line")
	}
}

func TestDeleteVariation(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4 e5 Nf3")
	root := g.Root()
	d4 := addVar(t, g, root, "d4")
	d5 := addVar(t, g, d4, "d5")
	c4 := addVar(t, g, d5, "c4")
	addVar(t, g, c4, "e6")
	addVar(t, g, d4, "Nf6")
	addVar(t, g, root, "c4")
	if err := g.DeleteVariation(c4); err != nil {
		t.Fatal(err)
	}
	if got := treeText(root); got != "e4 (d4 d5 (Nf6)) (c4) e5 Nf3" {
		t.Errorf("after cutting the side line at 2. c4: %s", got)
	}
	if err := g.DeleteVariation(d4); err != nil {
		t.Fatal(err)
	}
	if got := treeText(root); got != "e4 (c4) e5 Nf3" {
		t.Errorf("after deleting 1. d4: %s", got)
	}
	if d5.VariationIndex() != 0 || d4.VariationIndex() != -1 {
		t.Errorf("VariationIndex of deleted nodes: %d %d", d5.VariationIndex(), d4.VariationIndex())
	}
	if err := g.DeleteVariation(d5); !errors.Is(err, game.ErrNotInGame) {
		t.Errorf("deleting below a deleted node: %v", err)
	}
	for _, n := range []*game.Node{mainNode(t, g, 2), g.Live(), root} {
		if err := g.DeleteVariation(n); !errors.Is(err, game.ErrLiveLine) {
			t.Errorf("deleting %q of the main line: %v, want ErrLiveLine", n.SAN(), err)
		}
	}
	play(t, g, "Nc6")
	if err := g.Resign(game.White); err != nil {
		t.Fatal(err)
	}
	if err := g.DeleteVariation(g.Live()); !errors.Is(err, game.ErrLiveLine) {
		t.Errorf("deleting a move of a finished game: %v", err)
	}
	if got := treeText(root); got != "e4 (c4) e5 Nf3 Nc6" {
		t.Errorf("tree = %s", got)
	}
}

func TestReplaceFromKeepsSideLineOfSameMove(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4 e5 Nf3")
	e5 := mainNode(t, g, 2)
	single := addVar(t, g, e5, "Bc4")
	if err := g.SetComment(single, "the Italian"); err != nil {
		t.Fatal(err)
	}
	long := addVar(t, g, e5, "d4")
	addVar(t, g, long, "exd4")
	// A one-move side line becomes the game's move, with its comment.
	n, err := g.ReplaceFrom(e5, "Bc4")
	if err != nil || n != single || n.Comment() != "the Italian" {
		t.Fatalf("ReplaceFrom with the side line's move: %v, %v", n, err)
	}
	// A longer one stays a side line: the game's move ends the line.
	n, err = g.ReplaceFrom(e5, "d4")
	if err != nil || n == long || len(n.Children()) != 0 {
		t.Fatalf("ReplaceFrom with a longer side line's move: %v", err)
	}
	if got := treeText(g.Root()); got != "e4 e5 d4 (d4 exd4)" {
		t.Errorf("tree = %s", got)
	}
}
