package widgets_test

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/widgets"
)

// blackFirstFEN is a position with Black to move (Italian game, Evans
// gambit accepted, after 5. c3).
const blackFirstFEN = "r1bqk1nr/pppp1ppp/2n5/4p3/1bB1P3/2P2N2/P2P1PPP/RNBQK2R b KQkq - 0 1"

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

// showMoveList shows the main line of g in a move list of the given size.
func showMoveList(t *testing.T, g *game.Game, size fyne.Size) (*widgets.MoveList, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	l := widgets.NewMoveList()
	l.SetLine(g.Root(), g.MainLine())
	w := test.NewTempWindow(t, l)
	w.SetPadded(false)
	w.Resize(size)
	return l, w
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

// TestMoveList_ClickReportsMove clicks all over the list: every move
// reports its own node, in reading order, the numbers and empty cells
// report nothing, and no click leaves a mark of its own.
func TestMoveList_ClickReportsMove(t *testing.T) {
	for name, g := range map[string]*game.Game{
		"start":       playGame(t, "", "e4", "e5", "Nf3", "Nc6", "Bb5"),
		"black first": playGame(t, blackFirstFEN, "Ba5", "O-O", "d6"),
	} {
		t.Run(name, func(t *testing.T) {
			l, w := showMoveList(t, g, fyne.NewSize(220, 120))
			var got []*game.Node
			seen := map[*game.Node]bool{}
			l.OnSelect = func(n *game.Node) {
				if !seen[n] {
					seen[n] = true
					got = append(got, n)
				}
			}
			clickEverywhere(w.Canvas())
			assertSameNodes(t, got, g.MainLine())
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

func TestMoveList_AnnotationsAndNotation(t *testing.T) {
	games, err := game.ReadPGN(strings.NewReader(
		"[Result \"*\"]\n\n1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $14 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	l, w := showMoveList(t, games[0], fyne.NewSize(220, 160))
	// French letters: the knight is a C(avalier), the bishop an F(ou).
	l.Notation = strings.NewReplacer("N", "C", "B", "F").Replace
	l.Refresh()

	test.AssertRendersToMarkup(t, "movelist_annotated.xml", w.Canvas())
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

	start := time.Now()
	l.SetLine(g.Root(), line)
	l.SetCurrent(line[plies-1])
	if d := time.Since(start); d > time.Second {
		t.Errorf("showing %d plies took %v", plies, d)
	}

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

func TestMoveList_SetCurrentBeforeShown(t *testing.T) {
	g := longGame(t, 200)
	line := g.MainLine()
	test.NewTempApp(t)
	l := widgets.NewMoveList()
	l.SetLine(g.Root(), line)
	l.SetCurrent(line[len(line)-1])

	w := test.NewTempWindow(t, l)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(220, 300))

	if markup := test.RenderObjectToMarkup(l); !strings.Contains(markup, ">100.<") {
		t.Errorf("the current move (100. …) is not in view once the list is shown:\n%s", markup)
	}
}

// longGame plays a game of the given number of plies, moves picked by a
// seeded random generator among those that do not end the game: quiet
// piece moves, a pawn move when the 75-move rule comes near, captures only
// when nothing else is left.
func longGame(t testing.TB, plies int) *game.Game {
	t.Helper()
	g := playGame(t, "")
	rng := rand.New(rand.NewPCG(1, 2))
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
