package widgets_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/pieces"
	"github.com/echiquier/echiquier/widgets"
)

// boardFixture shows a board for a game in a 400×400 test window and
// records the moves the board sends.
type boardFixture struct {
	t     *testing.T
	board *widgets.Board
	win   fyne.Window
	game  *game.Game
	moves []game.Move
}

func newBoardFixture(t *testing.T, fen string) *boardFixture {
	t.Helper()
	test.NewTempApp(t)
	return newBoardWindow(t, fen)
}

// newBoardWindow is newBoardFixture in the current app.
func newBoardWindow(t *testing.T, fen string) *boardFixture {
	t.Helper()
	f := &boardFixture{t: t, board: widgets.NewBoard(pieces.Cburnett())}
	f.board.OnMove = func(m game.Move) { f.moves = append(f.moves, m) }
	f.setFEN(fen)
	f.win = test.NewTempWindow(t, f.board)
	f.win.SetPadded(false)
	f.win.Resize(fyne.NewSize(400, 400))
	return f
}

func (f *boardFixture) setFEN(fen string) {
	f.t.Helper()
	g, err := game.New(game.Options{FEN: fen})
	if err != nil {
		f.t.Fatal(err)
	}
	f.game = g
	f.board.Pos = g.Position()
	f.board.Legal = g.Legal()
	f.board.Refresh()
}

// playMoves makes the fixture answer a move as the app does: it plays the
// move in the game and shows the new position with the move as the last.
func (f *boardFixture) playMoves() {
	f.board.OnMove = func(m game.Move) {
		f.moves = append(f.moves, m)
		f.play(m.UCI())
	}
}

// play plays a move in the game and shows it as the app does.
func (f *boardFixture) play(uci string) {
	f.t.Helper()
	if err := f.game.Move(uci); err != nil {
		f.t.Fatal(err)
	}
	f.board.Pos, f.board.Legal = f.game.Position(), f.game.Legal()
	f.board.LastMove, f.board.HasLastMove = move(uci), true
	f.board.Refresh()
}

// move reads a move in UCI notation.
func move(uci string) game.Move {
	m := game.Move{From: sq(uci[0:2]), To: sq(uci[2:4])}
	if len(uci) == 5 {
		m.Promotion = map[byte]game.Kind{'q': game.Queen, 'r': game.Rook, 'b': game.Bishop, 'n': game.Knight}[uci[4]]
	}
	return m
}

func sq(name string) game.Square {
	s, ok := game.ParseSquare(name)
	if !ok {
		panic(name)
	}
	return s
}

func (f *boardFixture) center(name string) fyne.Position { return f.board.SquareCenter(sq(name)) }

func (f *boardFixture) tap(name string) { test.TapAt(f.board, f.center(name)) }

// realDrag drags like Fyne's GLFW driver: the button goes down, the first
// event arrives once the pointer has moved a few pixels, with the way since
// the press as its delta, then one event per pointer move.
func (f *boardFixture) realDrag(from, to string) {
	start, end := f.center(from), f.center(to)
	f.board.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: start}, Button: desktop.MouseButtonPrimary})
	const steps = 5
	prev := start
	for i := 1; i <= steps; i++ {
		cur := fyne.NewPos(start.X+(end.X-start.X)*float32(i)/steps, start.Y+(end.Y-start.Y)*float32(i)/steps)
		f.board.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: cur}, Dragged: fyne.NewDelta(cur.X-prev.X, cur.Y-prev.Y)})
		prev = cur
	}
	f.board.DragEnd()
	f.board.MouseUp(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: end}})
}

// testDrag drags with Fyne's test helper, which sends one event at the
// start point carrying the whole delta.
func (f *boardFixture) testDrag(from, to string) {
	start, end := f.center(from), f.center(to)
	test.Drag(f.win.Canvas(), start, end.X-start.X, end.Y-start.Y)
}

func (f *boardFixture) wantMoves(uci ...string) {
	f.t.Helper()
	if len(f.moves) != len(uci) {
		f.t.Fatalf("moves sent = %v, want %v", f.moves, uci)
	}
	for i, m := range f.moves {
		if m.UCI() != uci[i] {
			f.t.Errorf("move %d = %s, want %s", i, m.UCI(), uci[i])
		}
	}
}

func TestBoardClickClick(t *testing.T) {
	f := newBoardFixture(t, "")
	f.tap("e2")
	if f.board.Selected() != sq("e2") {
		t.Fatalf("selected = %v after clicking e2", f.board.Selected())
	}
	f.tap("e4")
	f.wantMoves("e2e4")
	if f.board.Selected() != game.NoSquare {
		t.Error("still selected after the move")
	}
}

func TestBoardClickAgainDeselects(t *testing.T) {
	f := newBoardFixture(t, "")
	f.tap("g1")
	f.tap("g1")
	if f.board.Selected() != game.NoSquare {
		t.Error("a second click did not put the knight down")
	}
	f.tap("f3")
	f.wantMoves()
}

func TestBoardClickOtherPieceSwitches(t *testing.T) {
	f := newBoardFixture(t, "")
	f.tap("g1")
	f.tap("b1")
	if f.board.Selected() != sq("b1") {
		t.Fatalf("selected = %v, want b1", f.board.Selected())
	}
	f.tap("c3")
	f.wantMoves("b1c3")
}

func TestBoardClickIllegalTarget(t *testing.T) {
	f := newBoardFixture(t, "")
	f.tap("e2")
	f.tap("e5")
	f.wantMoves()
	if f.board.Selected() != game.NoSquare {
		t.Error("an illegal target left the piece picked up")
	}
	f.tap("e7") // a black pawn: not White's to move
	if f.board.Selected() != game.NoSquare {
		t.Error("picked up a piece of the side not to move")
	}
}

func TestBoardDragLikeAPointer(t *testing.T) {
	f := newBoardFixture(t, "")
	f.realDrag("g1", "f3")
	f.wantMoves("g1f3")
}

func TestBoardDragWithTestHelper(t *testing.T) {
	f := newBoardFixture(t, "")
	f.testDrag("e2", "e4")
	f.wantMoves("e2e4")
}

func TestBoardDragSnapsBack(t *testing.T) {
	f := newBoardFixture(t, "")
	f.realDrag("e2", "e5")
	f.wantMoves()
	f.realDrag("e2", "e2")
	f.wantMoves()
	test.AssertObjectRendersToImage(t, "board_start.png", f.board)
}

func TestBoardDragOffTheBoard(t *testing.T) {
	f := newBoardFixture(t, "")
	start := f.center("e2")
	f.board.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: start}, Dragged: fyne.NewDelta(0, 500)})
	f.board.DragEnd()
	f.wantMoves()
}

func TestBoardPromotionChooser(t *testing.T) {
	const fen = "7k/4P3/8/8/8/8/8/K7 w - - 0 1"
	f := newBoardFixture(t, fen)
	f.realDrag("e7", "e8")
	f.wantMoves()
	test.AssertObjectRendersToImage(t, "board_promotion.png", f.board)
	// The chooser stands on the e-file from e8 down: queen, knight, rook,
	// bishop.
	test.TapAt(f.board, f.center("e6"))
	f.wantMoves("e7e8r")

	f = newBoardFixture(t, fen)
	f.tap("e7")
	f.tap("e8")
	test.TapAt(f.board, f.center("a1")) // outside the chooser: no move
	f.wantMoves()
	f.tap("e7")
	f.tap("e8")
	f.tap("e7") // the knight's slot
	f.wantMoves("e7e8n")
}

func TestBoardBlackPromotionOnFlippedBoard(t *testing.T) {
	f := newBoardFixture(t, "k7/8/8/8/8/8/4p3/7K b - - 0 1")
	f.board.Flipped = true
	f.board.Refresh()
	f.realDrag("e2", "e1")
	f.tap("e1")
	f.wantMoves("e2e1q")
}

func TestBoardFlip(t *testing.T) {
	f := newBoardFixture(t, "")
	size := f.board.Size()
	bottomLeft := fyne.NewPos(size.Width/2-150, size.Height-30)
	if got := f.board.SquareAt(bottomLeft); got != sq("a1") {
		t.Errorf("bottom left = %v, want a1", got)
	}
	f.board.Flipped = true
	f.board.Refresh()
	if got := f.board.SquareAt(bottomLeft); got != sq("h8") {
		t.Errorf("flipped: bottom left = %v, want h8", got)
	}
	test.AssertObjectRendersToImage(t, "board_flipped.png", f.board)
	f.realDrag("e2", "e4")
	f.wantMoves("e2e4")
}

func TestBoardReadOnly(t *testing.T) {
	f := newBoardFixture(t, "")
	f.board.Legal = nil
	f.board.Refresh()
	f.tap("e2")
	f.realDrag("e2", "e4")
	f.wantMoves()
	if f.board.Selected() != game.NoSquare {
		t.Error("a read-only board let a piece be picked up")
	}
}

func TestBoardHints(t *testing.T) {
	f := newBoardFixture(t, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2")
	f.board.LastMove, f.board.HasLastMove = game.Move{From: sq("d7"), To: sq("d5")}, true
	f.board.Refresh()
	f.tap("e4")
	test.AssertObjectRendersToImage(t, "board_hints.png", f.board)
}

func TestBoardSquaresStaySquare(t *testing.T) {
	f := newBoardFixture(t, "")
	f.win.Resize(fyne.NewSize(700, 400))
	a1, h8 := f.center("a1"), f.center("h8")
	w, h := h8.X-a1.X, a1.Y-h8.Y
	if w != h || w <= 0 {
		t.Errorf("a1→h8 spans %v×%v: squares are not square", w, h)
	}
	if a1.X < 150 {
		t.Errorf("the board is not centred in a wide window: a1 at %v", a1)
	}
}
