package widgets_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/widgets"
)

// blackFirstFEN is a position with Black to move (Italian game, Evans
// gambit accepted, after 5. c3).
const blackFirstFEN = "r1bqk1nr/pppp1ppp/2n5/4p3/1bB1P3/2P2N2/P2P1PPP/RNBQK2R b KQkq - 0 1"

// annotatedPGN has a game comment, comments on main-line and side-line
// moves, glyphs, two side lines on one move, a side line nested in a
// side line and side lines starting with Black's move.
const annotatedPGN = `[Event "Annotated"]
[Result "*"]

{The Spanish opening, as played in the old days.} 1. e4 e5 2. Nf3 Nc6
3. Bb5 {The Ruy Lopez.} (3. Bc4 Bc5 4. c3 (4. b4 $1 {Evans gambit} Bxb4
5. c3) 4... Nf6 $10) (3. d4 exd4 4. Nxd4) 3... a6 $5 4. Ba4 Nf6 5. O-O $16
Be7 (5... Nxe4 {the open defence [%eval 0.3]} 6. d4 b5 7. Bb3 d5 8. dxe5
Be6) 6. Re1 b5 7. Bb3 d6 8. c3 O-O *
`

// playGame plays moves from fen ("" for the start position).
func playGame(t testing.TB, fen string, moves ...string) *game.Game {
	t.Helper()
	g, err := game.New(game.Options{FEN: fen})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if err := g.Move(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// readGame reads the one game of a PGN text.
func readGame(t testing.TB, text string) *game.Game {
	t.Helper()
	games, err := game.ReadPGN(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 {
		t.Fatalf("read %d games, want 1", len(games))
	}
	return games[0]
}

// showMoveList shows the tree of g in a move list of the given size.
func showMoveList(t *testing.T, g *game.Game, size fyne.Size) (*widgets.MoveList, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	l := widgets.NewMoveList()
	l.SetRoot(g.Root())
	w := test.NewTempWindow(t, l)
	w.SetPadded(false)
	w.Resize(size)
	return l, w
}

// nodeAt follows moves (in SAN) from n through its children.
func nodeAt(t testing.TB, n *game.Node, moves ...string) *game.Node {
	t.Helper()
	for _, san := range moves {
		var next *game.Node
		for _, c := range n.Children() {
			if c.SAN() == san {
				next = c
			}
		}
		if next == nil {
			t.Fatalf("no move %s after %s", san, n.SAN())
		}
		n = next
	}
	return n
}

// readingOrder lists the moves of the tree under root in the order the
// list shows them: a main-line move, then the side lines that replace it;
// in a side line, a move, then the side lines nested after it.
func readingOrder(root *game.Node) []*game.Node { return lineOrder(nil, root.Children()) }

// lineOrder appends the line that starts with kids[0] in reading order;
// kids[1:] are the side lines that replace kids[0].
func lineOrder(out, kids []*game.Node) []*game.Node {
	for len(kids) > 0 {
		out = append(out, kids[0])
		for i := 1; i < len(kids); i++ {
			out = lineOrder(out, kids[i:i+1])
		}
		kids = kids[0].Children()
	}
	return out
}

func TestMoveList_ShortGame(t *testing.T) {
	g := playGame(t, "", "e4", "e5", "Nf3", "Nc6", "Bb5")
	l, w := showMoveList(t, g, fyne.NewSize(220, 120))

	test.AssertRendersToMarkup(t, "movelist_short.xml", w.Canvas())
	if l.Current() != nil {
		t.Errorf("Current() = %v before SetCurrent, want nil", l.Current().SAN())
	}
}

func TestMoveList_BlackToMoveFirst(t *testing.T) {
	g := playGame(t, blackFirstFEN, "Ba5", "O-O", "d6")
	_, w := showMoveList(t, g, fyne.NewSize(220, 120))

	// First row "1…", an empty White cell and Ba5; then "2. O-O d6".
	test.AssertRendersToMarkup(t, "movelist_black_first.xml", w.Canvas())
}

func TestMoveList_SetCurrentHighlights(t *testing.T) {
	g := playGame(t, "", "e4", "e5", "Nf3", "Nc6", "Bb5")
	l, w := showMoveList(t, g, fyne.NewSize(220, 120))
	line := g.MainLine()

	l.SetCurrent(line[2])
	if l.Current() != line[2] {
		t.Fatalf("Current() = %v, want Nf3", l.Current())
	}
	test.AssertRendersToImage(t, "movelist_current.png", w.Canvas())
	test.AssertRendersToMarkup(t, "movelist_current.xml", w.Canvas())

	l.SetCurrent(line[3])
	test.AssertRendersToMarkup(t, "movelist_current_black.xml", w.Canvas())

	l.SetCurrent(g.Root())
	if l.Current() != nil {
		t.Errorf("Current() = %v after SetCurrent(root), want nil", l.Current().SAN())
	}
	test.AssertRendersToMarkup(t, "movelist_short.xml", w.Canvas(), "no highlight after SetCurrent(root)")
}

func TestMoveList_AnnotatedGame(t *testing.T) {
	g := readGame(t, annotatedPGN)
	_, w := showMoveList(t, g, fyne.NewSize(260, 600))

	// On top the game's comment; rows up to "3. Bb5", its comment, its
	// two side lines, the first with "(4. b4! Evans gambit 4… Bxb4 5. c3)"
	// nested; "3… a6!?"; "5. O-O" with its "±" below; "5… Be7" and its
	// side line "(5… Nxe4 the open defence 6. d4 …)" without the eval.
	test.AssertRendersToMarkup(t, "movelist_annotated.xml", w.Canvas())
	test.AssertRendersToImage(t, "movelist_annotated.png", w.Canvas())
	markup := test.RenderToMarkup(w.Canvas())
	if strings.Contains(markup, "eval") {
		t.Errorf("the [%%eval] command of a comment shows:\n%s", markup)
	}
}

func TestMoveList_CurrentInSideLine(t *testing.T) {
	g := readGame(t, annotatedPGN)
	l, w := showMoveList(t, g, fyne.NewSize(260, 600))
	evans := nodeAt(t, g.Root(), "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "b4")

	l.SetCurrent(evans)
	if l.Current() != evans {
		t.Fatalf("Current() = %v, want the side-line move b4", l.Current())
	}
	test.AssertRendersToImage(t, "movelist_current_side_line.png", w.Canvas())

	main := nodeAt(t, g.Root(), "e4", "e5", "Nf3")
	l.SetCurrent(main)
	test.AssertRendersToImage(t, "movelist_current_main_after_side.png", w.Canvas(),
		"the highlight moves from the side line to 2. Nf3")
}

func TestMoveList_TapSideLineMove(t *testing.T) {
	g := readGame(t, annotatedPGN)
	l, w := showMoveList(t, g, fyne.NewSize(260, 600))
	var got *game.Node
	l.OnSelect = func(n *game.Node) { got = n }

	for _, path := range [][]string{
		{"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "b4", "Bxb4"},
		{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Nxe4", "d4", "b5", "Bb3", "d5", "dxe5", "Be6"},
		{"e4", "e5", "Nf3", "Nc6", "d4"},
	} {
		want := nodeAt(t, g.Root(), path...)
		pos, ok := l.MovePosition(want)
		if !ok {
			t.Fatalf("MovePosition(%s) not ok", want.SAN())
		}
		got = nil
		test.TapCanvas(w.Canvas(), pos)
		if got != want {
			t.Errorf("tapping %s at %v selected %v", want.SAN(), pos, got)
		}
	}
}

// TestMoveList_ClickReportsMove clicks all over the list: every move
// reports its own node, in reading order, the numbers, brackets, comments
// and empty cells report nothing, and no click leaves a mark of its own.
func TestMoveList_ClickReportsMove(t *testing.T) {
	for name, g := range map[string]*game.Game{
		"start":       playGame(t, "", "e4", "e5", "Nf3", "Nc6", "Bb5"),
		"black first": playGame(t, blackFirstFEN, "Ba5", "O-O", "d6"),
		"annotated":   readGame(t, annotatedPGN),
	} {
		t.Run(name, func(t *testing.T) {
			l, w := showMoveList(t, g, fyne.NewSize(260, 600))
			var got []*game.Node
			seen := map[*game.Node]bool{}
			l.OnSelect = func(n *game.Node) {
				if !seen[n] {
					seen[n] = true
					got = append(got, n)
				}
			}
			clickEverywhere(w.Canvas())
			assertSameNodes(t, got, readingOrder(g.Root()))
			if l.Current() != nil {
				t.Errorf("a click moved the highlight to %v; only SetCurrent should", l.Current().SAN())
			}
		})
	}
}

// clickEverywhere clicks the canvas every few pixels, row by row.
func clickEverywhere(c fyne.Canvas) {
	size := c.Size()
	for y := float32(1); y < size.Height; y += 3 {
		for x := float32(1); x < size.Width; x += 3 {
			test.TapCanvas(c, fyne.NewPos(x, y))
		}
	}
}

func assertSameNodes(t *testing.T, got, want []*game.Node) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("clicks reported %s, want %s", sans(got), sans(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("clicks reported %s, want %s", sans(got), sans(want))
		}
	}
}

func sans(nodes []*game.Node) string {
	s := make([]string, len(nodes))
	for i, n := range nodes {
		s[i] = n.SAN()
	}
	return strings.Join(s, " ")
}

func TestMoveList_RightClickShowsMenu(t *testing.T) {
	g := readGame(t, annotatedPGN)
	l, w := showMoveList(t, g, fyne.NewSize(260, 600))
	rightClick(t, w.Canvas(), l, nodeAt(t, g.Root(), "e4")) // no Menu: nothing
	if top := w.Canvas().Overlays().Top(); top != nil {
		t.Fatalf("a right click without Menu opened a pop-up: %s", test.RenderObjectToMarkup(top))
	}
	var asked []*game.Node
	promoted := false
	l.Menu = func(n *game.Node) *fyne.Menu {
		asked = append(asked, n)
		if n.IsMainLine() {
			return nil
		}
		return fyne.NewMenu("", fyne.NewMenuItem("Promote "+n.SAN(), func() { promoted = true }),
			fyne.NewMenuItem("Delete from "+n.SAN(), nil))
	}

	main := nodeAt(t, g.Root(), "e4", "e5", "Nf3")
	rightClick(t, w.Canvas(), l, main)
	if len(asked) != 1 || asked[0] != main {
		t.Fatalf("right click on Nf3 asked the menu of %s", sans(asked))
	}
	if top := w.Canvas().Overlays().Top(); top != nil {
		t.Fatalf("a nil menu opened a pop-up: %s", test.RenderObjectToMarkup(top))
	}

	side := nodeAt(t, g.Root(), "e4", "e5", "Nf3", "Nc6", "d4", "exd4")
	rightClick(t, w.Canvas(), l, side)
	if len(asked) != 2 || asked[1] != side {
		t.Fatalf("right click on exd4 asked the menu of %s", sans(asked))
	}
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no menu opened on a right click on exd4")
	}
	markup := test.RenderObjectToMarkup(top)
	for _, item := range []string{"Promote exd4", "Delete from exd4"} {
		if !strings.Contains(markup, item) {
			t.Errorf("the menu lacks %q:\n%s", item, markup)
		}
	}
	pos, _ := l.MovePosition(side)
	test.TapCanvas(w.Canvas(), pos.Add(fyne.NewPos(10, 10))) // the first item, under the pointer
	if !promoted {
		t.Error("tapping the menu's first item did not run it")
	}
}

// rightClick right-clicks n's move in l: the top-most secondary-tappable
// object under it gets the click, as a desktop driver would do.
func rightClick(t *testing.T, c fyne.Canvas, l *widgets.MoveList, n *game.Node) {
	t.Helper()
	pos, ok := l.MovePosition(n)
	if !ok {
		t.Fatalf("MovePosition(%s) not ok", n.SAN())
	}
	d := fyne.CurrentApp().Driver()
	var target fyne.SecondaryTappable
	var at fyne.Position
	for _, o := range test.LaidOutObjects(c.Content()) {
		st, ok := o.(fyne.SecondaryTappable)
		p := d.AbsolutePositionForObject(o)
		inside := pos.X >= p.X && pos.Y >= p.Y && pos.X < p.X+o.Size().Width && pos.Y < p.Y+o.Size().Height
		if ok && o.Visible() && inside {
			target, at = st, pos.Subtract(p)
		}
	}
	if target == nil {
		t.Fatalf("nothing takes a right click at %v (%s)", pos, n.SAN())
	}
	test.TapSecondaryAt(target, at)
}

func TestMoveList_Notation(t *testing.T) {
	g := readGame(t, annotatedPGN)
	test.NewTempApp(t)
	l := widgets.NewMoveList()
	// French letters: the knight is a C(avalier), the bishop an F(ou).
	l.Notation = strings.NewReplacer("N", "C", "B", "F").Replace
	l.SetRoot(g.Root())
	w := test.NewTempWindow(t, l)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(260, 600))

	markup := test.RenderToMarkup(w.Canvas())
	for _, want := range []string{">Cf3<", ">Fb5<", ">Fc4<", ">Fxb4<", ">Cxe4<"} {
		if !strings.Contains(markup, want) {
			t.Errorf("the list lacks %s in French:\n%s", want, markup)
		}
	}
	for _, english := range []string{"Nf3", "Bb5", "Bc4", "Bxb4", "Nxe4"} {
		if strings.Contains(markup, english) {
			t.Errorf("%s shows in English", english)
		}
	}

	l.Notation = nil
	l.Refresh()
	if markup := test.RenderToMarkup(w.Canvas()); !strings.Contains(markup, ">Bc4<") {
		t.Errorf("after dropping the notation and Refresh, Bc4 shows in French:\n%s", markup)
	}
}

func TestMoveList_GameCommentOnly(t *testing.T) {
	g := readGame(t, "[Result \"*\"]\n\n{Nothing played yet [%evp 0,1]} *\n")
	l, w := showMoveList(t, g, fyne.NewSize(220, 120))
	l.SetCurrent(g.Root())

	markup := test.RenderToMarkup(w.Canvas())
	if !strings.Contains(markup, ">Nothing played yet<") || strings.Contains(markup, "evp") {
		t.Errorf("the game's comment does not show, or shows its command:\n%s", markup)
	}
	if l.Current() != nil {
		t.Errorf("Current() = %v in a game without moves", l.Current())
	}
}

func TestMoveList_LongGameScrollsToCurrent(t *testing.T) {
	const plies = 600
	g := longGame(t, plies)
	line := g.MainLine()
	test.NewTempApp(t)
	l := widgets.NewMoveList()
	w := test.NewTempWindow(t, l)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(220, 300))

	l.SetRoot(g.Root())
	l.SetCurrent(line[plies-1])

	markup := test.RenderObjectToMarkup(l)
	last := line[plies-1]
	if !strings.Contains(markup, ">300.<") || !strings.Contains(markup, ">"+last.SAN()+"<") {
		t.Errorf("the last row (300. … %s) is not in view:\n%s", last.SAN(), markup)
	}
	if strings.Contains(markup, ">1.<") {
		t.Errorf("the first row is still in view after scrolling to the end")
	}
	if objects := len(test.LaidOutObjects(l)); objects > 500 {
		t.Errorf("the list lays out %d objects for %d plies; it should only make the rows in view", objects, plies)
	}
}

func TestMoveList_ScrollsToFarSideLineMove(t *testing.T) {
	g := sideLineGame(t, 300, 20, 6)
	test.NewTempApp(t)
	l := widgets.NewMoveList()
	w := test.NewTempWindow(t, l)
	w.SetPadded(false)
	size := fyne.NewSize(240, 300)
	w.Resize(size)
	l.SetRoot(g.Root())

	order := readingOrder(g.Root())
	far := order[len(order)-1]
	for i := len(order) - 1; far.IsMainLine(); i-- {
		far = order[i]
	}
	if pos, ok := l.MovePosition(far); !ok || pos.Y < size.Height {
		t.Fatalf("MovePosition(%s) = %v, %v before scrolling; want it below the view", far.SAN(), pos, ok)
	}
	l.SetCurrent(far)
	pos, ok := l.MovePosition(far)
	if !ok || pos.Y < 0 || pos.Y > size.Height || pos.X < 0 || pos.X > size.Width {
		t.Fatalf("after SetCurrent(%s), MovePosition = %v, %v: not in the %v view", far.SAN(), pos, ok, size)
	}
	var got *game.Node
	l.OnSelect = func(n *game.Node) { got = n }
	test.TapCanvas(w.Canvas(), pos)
	if got != far {
		t.Errorf("tapping the side-line move %s scrolled into view selected %v", far.SAN(), got)
	}
	if objects := len(test.LaidOutObjects(l)); objects > 500 {
		t.Errorf("the list lays out %d objects; it should only make the rows in view", objects)
	}
}

func TestMoveList_SetCurrentBeforeShown(t *testing.T) {
	g := longGame(t, 200)
	line := g.MainLine()
	test.NewTempApp(t)
	l := widgets.NewMoveList()
	l.SetRoot(g.Root())
	l.SetCurrent(line[len(line)-1])

	w := test.NewTempWindow(t, l)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(220, 300))

	if markup := test.RenderObjectToMarkup(l); !strings.Contains(markup, ">100.<") {
		t.Errorf("the current move (100. …) is not in view once the list is shown:\n%s", markup)
	}
}

// TestMoveList_StartScrollsToTheTop: the start position shown (Home),
// the list shows its first row; it stayed at the moves it showed.
func TestMoveList_StartScrollsToTheTop(t *testing.T) {
	g := longGame(t, 200)
	line := g.MainLine()
	l, w := showMoveList(t, g, fyne.NewSize(220, 300))
	l.SetCurrent(line[len(line)-1])
	l.SetCurrent(g.Root())
	if pos, ok := l.MovePosition(line[0]); !ok || pos.Y < 0 || pos.Y > 300 {
		t.Errorf("the start shown, 1. %s is at %v, %v: out of the 300-high view", line[0].SAN(), pos, ok)
	}
	w.Resize(fyne.NewSize(220, 120))
	if pos, ok := l.MovePosition(line[0]); !ok || pos.Y < 0 || pos.Y > 120 {
		t.Errorf("the start shown, a lower list has 1. %s at %v, %v", line[0].SAN(), pos, ok)
	}
}

// TestMoveList_ResizeKeepsTheCurrentMoveInView: a lower or narrower list
// (a window resized, a panel shown under it) still shows the current
// move; it was scrolled out of view.
func TestMoveList_ResizeKeepsTheCurrentMoveInView(t *testing.T) {
	g := sideLineGame(t, 200, 10, 6)
	line := g.MainLine()
	l, w := showMoveList(t, g, fyne.NewSize(400, 600))
	current := line[60]
	l.SetCurrent(current)
	for _, size := range []fyne.Size{{Width: 400, Height: 150}, {Width: 220, Height: 150}, {Width: 220, Height: 60}, {Width: 500, Height: 700}} {
		w.Resize(size)
		if pos, ok := l.MovePosition(current); !ok || pos.Y < 0 || pos.Y > size.Height {
			t.Errorf("at %v the current move %s is at %v, %v: out of view", size, current.SAN(), pos, ok)
		}
	}
}

// TestMoveList_WrapsToWidth narrows the list: side lines take more lines,
// and every move stays within the list's width.
func TestMoveList_WrapsToWidth(t *testing.T) {
	g := readGame(t, annotatedPGN)
	l, w := showMoveList(t, g, fyne.NewSize(400, 600))
	last := nodeAt(t, g.Root(), "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Nxe4", "d4", "b5", "Bb3", "d5", "dxe5", "Be6")
	wide, _ := l.MovePosition(last)

	w.Resize(fyne.NewSize(220, 600))
	narrow, _ := l.MovePosition(last)
	if narrow.Y <= wide.Y {
		t.Errorf("Be6 at y %v in a narrow list, %v in a wide one; the side line should take more lines", narrow.Y, wide.Y)
	}
	for _, n := range readingOrder(g.Root()) {
		if pos, ok := l.MovePosition(n); !ok || pos.X > 220 {
			t.Errorf("%s at %v, %v: outside the 220-wide list", n.SAN(), pos, ok)
		}
	}
}

func TestMoveList_SetRootKeepsOrDropsCurrent(t *testing.T) {
	g := playGame(t, "", "e4", "e5", "Nf3")
	l, _ := showMoveList(t, g, fyne.NewSize(220, 120))
	e5 := g.MainLine()[1]
	l.SetCurrent(e5)

	if err := g.Move("Nc6"); err != nil {
		t.Fatal(err)
	}
	l.SetRoot(g.Root())
	if l.Current() != e5 {
		t.Errorf("Current() = %v after SetRoot with e5 still there, want e5", l.Current())
	}

	l.SetRoot(playGame(t, "", "d4").Root())
	if l.Current() != nil {
		t.Errorf("Current() = %v after SetRoot of another game, want nil", l.Current().SAN())
	}
	l.SetRoot(nil)
	if _, ok := l.MovePosition(e5); ok {
		t.Error("MovePosition of a move of a game no longer shown is ok")
	}
	l.SetCurrent(e5)
	if l.Current() != nil {
		t.Error("SetCurrent of a move not in the tree highlights it")
	}
}

// longGame plays a game of the given number of plies, moves picked by a
// seeded random generator among those that do not end the game: quiet
// piece moves, a pawn move when the 75-move rule comes near, captures only
// when nothing else is left.
func longGame(t testing.TB, plies int) *game.Game {
	t.Helper()
	return randomGame(t, "", plies, rand.New(rand.NewPCG(1, 2)))
}

// randomGame plays plies random moves from fen as longGame does.
func randomGame(t testing.TB, fen string, plies int, rng *rand.Rand) *game.Game {
	t.Helper()
	g := playGame(t, fen)
	for ply := 0; ply < plies; ply++ {
		if !playOn(g, rng) {
			t.Fatalf("no move keeps the game going after %d plies", ply)
		}
	}
	return g
}

// playOn plays a move that does not end the game, if there is one.
func playOn(g *game.Game, rng *rand.Rand) bool {
	for _, m := range candidates(g.Position(), g.Legal(), rng) {
		if g.Move(m.UCI()) != nil {
			continue
		}
		if !g.Status().Over() {
			return true
		}
		if err := g.TakeBack(); err != nil {
			return false
		}
	}
	return false
}

// candidates orders the legal moves by preference, shuffled within each
// kind.
func candidates(pos game.Position, legal []game.Move, rng *rand.Rand) []game.Move {
	var quiet, pawn, capture []game.Move
	for _, m := range legal {
		switch {
		case pos.Board[m.To] != game.NoPiece:
			capture = append(capture, m)
		case pos.Board[m.From].Kind() == game.Pawn:
			pawn = append(pawn, m)
		default:
			quiet = append(quiet, m)
		}
	}
	for _, ms := range [][]game.Move{quiet, pawn, capture} {
		rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
	}
	if pos.HalfMoves >= 90 {
		quiet, pawn = pawn, quiet
	}
	return append(append(quiet, pawn...), capture...)
}

// sideLineGame reads a game of plies random main-line moves where every
// every-th move has a comment and a side line of sideLen random moves with
// a comment of its own and a nested side line of two moves.
func sideLineGame(t testing.TB, plies, every, sideLen int) *game.Game {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	main := randomGame(t, "", plies, rng)
	var b strings.Builder
	b.WriteString("[Result \"*\"]\n\n{A game with many side lines.} ")
	number := true
	for i, n := range main.MainLine() {
		writeMove(&b, n, n.SAN(), number)
		number = false
		if i%every != every-1 {
			continue
		}
		b.WriteString("$14 {A comment on this move, long enough to wrap over a line or two in a narrow list.} (")
		writeSideLine(t, &b, n.Parent(), sideLen, rng)
		b.WriteString(") ")
		number = true
	}
	b.WriteString("*\n")
	return readGame(t, b.String())
}

// writeSideLine writes sideLen random moves from the position at n, a
// comment after the second and a two-move side line nested after the
// third.
func writeSideLine(t testing.TB, b *strings.Builder, n *game.Node, sideLen int, rng *rand.Rand) {
	pos := n.Position()
	side := randomGame(t, pos.FEN(), sideLen, rng)
	number := true
	for i, m := range side.MainLine() {
		writeMove(b, m, m.SAN(), number)
		number = false
		switch i {
		case 1:
			b.WriteString("{A side-line comment.} ")
			number = true
		case 2:
			b.WriteString("(")
			alt := randomGame(t, pos.FEN(), 0, rng)
			for _, s := range side.MainLine()[:2] {
				if err := alt.Move(s.SAN()); err != nil {
					t.Fatal(err)
				}
			}
			playOn(alt, rng)
			playOn(alt, rng)
			for k, a := range alt.MainLine()[2:] {
				writeMove(b, a, a.SAN(), k == 0)
			}
			b.WriteString(") ")
			number = true
		}
	}
}

// writeMove writes a move in PGN, with its number when it is White's or
// when asked.
func writeMove(b *strings.Builder, n *game.Node, san string, number bool) {
	switch {
	case n.Mover() == game.White:
		fmt.Fprintf(b, "%d. ", n.MoveNumber())
	case number:
		fmt.Fprintf(b, "%d... ", n.MoveNumber())
	}
	b.WriteString(san + " ")
}

func TestMoveList_ScrollWheelShowsLaterRows(t *testing.T) {
	g := sideLineGame(t, 300, 20, 6)
	test.NewTempApp(t)
	l := widgets.NewMoveList()
	l.SetRoot(g.Root())
	w := test.NewTempWindow(t, l)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(240, 300))
	first := g.MainLine()[0]
	if pos, ok := l.MovePosition(first); !ok || pos.Y > 300 {
		t.Fatalf("MovePosition(1. %s) = %v, %v; want it in view", first.SAN(), pos, ok)
	}

	test.Scroll(w.Canvas(), fyne.NewPos(100, 100), 0, -1000)
	if pos, _ := l.MovePosition(first); pos.Y > -900 {
		t.Errorf("1. %s at y %v after scrolling 1000 down", first.SAN(), pos.Y)
	}
	markup := test.RenderToMarkup(w.Canvas())
	if strings.Contains(markup, ">1.<") {
		t.Errorf("the first row is still there after scrolling 1000 down:\n%s", markup)
	}
	var got *game.Node
	l.OnSelect = func(n *game.Node) { got = n }
	test.TapCanvas(w.Canvas(), fyne.NewPos(100, 150))
	if got == nil {
		clickEverywhere(w.Canvas())
	}
	if got == nil || got.Ply() < 20 {
		t.Errorf("a click after scrolling selected %v; want a move far down", got)
	}
}

func TestMoveList_HoverMarksMove(t *testing.T) {
	g := readGame(t, annotatedPGN)
	l, w := showMoveList(t, g, fyne.NewSize(260, 600))
	side := nodeAt(t, g.Root(), "e4", "e5", "Nf3", "Nc6", "d4", "exd4")
	pos, _ := l.MovePosition(side)

	test.MoveMouse(w.Canvas(), pos)
	if n := strings.Count(test.RenderToMarkup(w.Canvas()), `fillColor="hover"`); n != 1 {
		t.Errorf("%d hover marks with the pointer on exd4, want 1", n)
	}
	test.MoveMouse(w.Canvas(), pos.Add(fyne.NewPos(0, -300)))
	test.MoveMouse(w.Canvas(), fyne.NewPos(250, 5)) // over the game's comment
	if n := strings.Count(test.RenderToMarkup(w.Canvas()), `fillColor="hover"`); n != 0 {
		t.Errorf("%d hover marks with the pointer over a comment, want none", n)
	}
}

// foolsMate is the shortest checkmate.
var foolsMate = []string{"f3", "e5", "g4", "Qh4#"}

func TestMoveList_ResultLine(t *testing.T) {
	g := playGame(t, "", foolsMate...)
	l, w := showMoveList(t, g, fyne.NewSize(260, 160))
	l.SetCurrent(g.MainLine()[3])
	l.SetResult("0-1 · Black wins by checkmate")

	if l.Result() != "0-1 · Black wins by checkmate" {
		t.Errorf("Result() = %q", l.Result())
	}
	// Below "2. g4 Qh4#", in bold: "0-1 · Black wins by checkmate".
	test.AssertRendersToImage(t, "movelist_result.png", w.Canvas())
	markup := test.RenderToMarkup(w.Canvas())
	if !strings.Contains(markup, ` bold pos="4,2" size="206x19">0-1 · Black wins by checkmate<`) {
		t.Errorf("the result line does not show:\n%s", markup)
	}

	// Clicking it selects nothing.
	var got *game.Node
	l.OnSelect = func(n *game.Node) { got = n }
	test.TapCanvas(w.Canvas(), fyne.NewPos(60, 70))
	if got != nil {
		t.Errorf("a click on the result line selected %s", got.SAN())
	}

	l.SetResult("")
	if markup := test.RenderToMarkup(w.Canvas()); strings.Contains(markup, "checkmate") {
		t.Errorf("SetResult(\"\") left the result line:\n%s", markup)
	}
}

func TestMoveList_ResultLineFollowsTheGame(t *testing.T) {
	g := playGame(t, "", foolsMate...)
	l, w := showMoveList(t, g, fyne.NewSize(260, 160))
	l.SetResult("0-1 · Black wins by checkmate")
	l.SetRoot(g.Root()) // the same game again: the line stays
	if !strings.Contains(test.RenderToMarkup(w.Canvas()), "checkmate") {
		t.Error("SetRoot of the same game dropped the result line")
	}
	l.SetRoot(playGame(t, "", "e4").Root())
	if l.Result() != "" || strings.Contains(test.RenderToMarkup(w.Canvas()), "checkmate") {
		t.Errorf("a new game kept the result line %q", l.Result())
	}
}

// TestMoveList_ResultLineScrollsIntoView ends a long game shown at its
// last move: the result line comes into view under it.
func TestMoveList_ResultLineScrollsIntoView(t *testing.T) {
	g := longGame(t, 200)
	line := g.MainLine()
	l, _ := showMoveList(t, g, fyne.NewSize(220, 300))
	l.SetCurrent(line[len(line)-1])
	l.SetResult("½-½ · Draw by agreement")

	if markup := test.RenderObjectToMarkup(l); !strings.Contains(markup, "Draw by agreement") {
		t.Errorf("the result line is not in view at the end of a long game:\n%s", markup)
	}
	last, ok := l.MovePosition(line[len(line)-1])
	if !ok || last.Y < 0 || last.Y > 300 {
		t.Errorf("the last move is at %v, %v: scrolled out of view", last, ok)
	}

	// Browsing the start of the game, a result does not scroll away.
	l.SetResult("")
	l.SetCurrent(line[0])
	l.SetResult("1-0 · White wins on time")
	if first, _ := l.MovePosition(line[0]); first.Y < 0 || first.Y > 300 {
		t.Errorf("the result line scrolled the first move, shown, to %v", first)
	}
}

// TestMoveList_LongWordWraps shows comments of one word wider than the
// list: they break over lines, every text within the list's width, and
// no letter is lost.
func TestMoveList_LongWordWraps(t *testing.T) {
	word := strings.Repeat("abcdefghijklmnopqrstuvwxyz", 12)
	link := "https://example.org/" + strings.Repeat("é", 90) + "/index.html"
	g := readGame(t, "[Result \"*\"]\n\n{"+word+"} 1. e4 {see "+link+" for more} e5 *\n")
	const width = 220
	l, w := showMoveList(t, g, fyne.NewSize(width, 1000))
	l.SetResult(word)

	var texts []string
	visibleTexts(w.Canvas().Content(), fyne.Position{}, func(txt *canvas.Text, pos fyne.Position) {
		texts = append(texts, txt.Text)
		if end := pos.X + fyne.MeasureText(txt.Text, txt.TextSize, txt.TextStyle).Width; end > width+0.5 {
			t.Errorf("%q ends at x %v, past the list's %d", txt.Text, end, width)
		}
	})
	all := strings.Join(texts, "")
	for _, want := range []string{word + "1.e4see" + link + "formore1…e5" + word} {
		if !strings.Contains(strings.ReplaceAll(all, " ", ""), want) {
			t.Errorf("the list does not show %q in order:\n%q", want, texts)
		}
	}
}

// TestMoveList_SolidFigurines checks that figurines show filled, the
// same for both sides.
func TestMoveList_SolidFigurines(t *testing.T) {
	_, w, _ := showFigurineList(t)
	markup := test.RenderToMarkup(w.Canvas())
	for _, want := range []string{">♞f3<", ">♞c6<", ">♝b5!<", ">♜e1<", ">♚h1<", "♛e2"} {
		if !strings.Contains(markup, want) {
			t.Errorf("the list lacks %s:\n%s", want, markup)
		}
	}
	if strings.ContainsAny(markup, "♔♕♖♗♘♙") {
		t.Errorf("an outlined figurine shows:\n%s", markup)
	}
}

// TestMoveList_ShortWordsFitNarrowestLine checks why words of up to
// eight runes are not cut: of the widest letters, in a side-line comment
// of a list at its least width, they still fit.
func TestMoveList_ShortWordsFitNarrowestLine(t *testing.T) {
	g := readGame(t, "[Result \"*\"]\n\n1. e4 (1. d4 {WWWWWWWW MMMMMMMM @@@@@@@@ ————————}) e5 *\n")
	l, w := showMoveList(t, g, fyne.NewSize(10, 400))
	width := l.MinSize().Width
	w.Resize(fyne.NewSize(width, 400))
	seen := 0
	visibleTexts(w.Canvas().Content(), fyne.Position{}, func(txt *canvas.Text, pos fyne.Position) {
		if !strings.ContainsAny(txt.Text, "WM@—") {
			return
		}
		seen++
		if end := pos.X + fyne.MeasureText(txt.Text, txt.TextSize, txt.TextStyle).Width; end > width+0.5 {
			t.Errorf("%q ends at x %v, past the list's least width %v", txt.Text, end, width)
		}
	})
	if seen != 4 {
		t.Fatalf("%d of the comment's 4 words show", seen)
	}
}

// visibleTexts calls fn with every visible text under o that has some
// text, and its position in o's parent's coordinates, o being at at.
func visibleTexts(o fyne.CanvasObject, at fyne.Position, fn func(*canvas.Text, fyne.Position)) {
	if !o.Visible() {
		return
	}
	switch o := o.(type) {
	case *canvas.Text:
		if o.Text != "" {
			fn(o, at)
		}
	case *fyne.Container:
		for _, c := range o.Objects {
			visibleTexts(c, at.Add(c.Position()), fn)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(o).Objects() {
			visibleTexts(c, at.Add(c.Position()), fn)
		}
	}
}

// TestMoveList_ResultLinesAreParagraphs: a result of two lines (the
// result, then where the Laws ended a game its file goes on after) shows
// as two paragraphs, not one run of words.
func TestMoveList_ResultLinesAreParagraphs(t *testing.T) {
	g := playGame(t, "", foolsMate...)
	l, w := showMoveList(t, g, fyne.NewSize(400, 200))
	l.SetResult("0-1 · Black wins\nThe file goes on.")
	markup := test.RenderToMarkup(w.Canvas())
	if !strings.Contains(markup, ">0-1 · Black wins<") || !strings.Contains(markup, ">The file goes on.<") {
		t.Errorf("the two lines of the result are not two paragraphs:\n%s", markup)
	}
}

// TestMoveList_NAGText checks that NAGs show as NAGText says: symbols
// beside their move, words flowing as a comment, nothing for "";
// without NAGText, a NAG without a symbol shows as "$24".
func TestMoveList_NAGText(t *testing.T) {
	g := readGame(t, "[Result \"*\"]\n\n1. e4 $1 $24 $0 e5 $16 2. Nf3 (2. f4 $5 $25) *\n")
	l, w := showMoveList(t, g, fyne.NewSize(300, 600))
	if markup := test.RenderToMarkup(w.Canvas()); !strings.Contains(markup, ">$24<") || !strings.Contains(markup, ">e4!<") {
		t.Errorf("without NAGText, $24 is not shown raw:\n%s", markup)
	}
	l.NAGText = func(n int) string {
		return map[int]string{1: "!", 5: "!?", 16: "±", 24: "White: more space", 25: "Black: more space"}[n]
	}
	l.Refresh()
	var texts []string
	visibleTexts(w.Canvas().Content(), fyne.Position{}, func(txt *canvas.Text, _ fyne.Position) {
		texts = append(texts, txt.Text)
	})
	all := strings.Join(texts, " ")
	for _, want := range []string{"e4!", "White: more space", "±", "f4!?", "Black: more space"} {
		if !strings.Contains(all, want) {
			t.Errorf("the list does not show %q: %q", want, texts)
		}
	}
	if strings.Contains(all, "$") {
		t.Errorf("a NAG shows raw: %q", texts)
	}
}
