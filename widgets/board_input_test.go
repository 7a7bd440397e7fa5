package widgets_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/widgets"
)

func TestBoardLastMoveHighlightOff(t *testing.T) {
	const fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
	off := newBoardFixture(t, fen)
	off.board.LastMove, off.board.HasLastMove = move("d7d5"), true
	off.board.ShowLastMove = false
	off.board.Refresh()
	test.AssertRendersToImage(t, "board_no_last_move.png", off.win.Canvas())

	none := newBoardFixture(t, fen)
	test.AssertRendersToImage(t, "board_no_last_move.png", none.win.Canvas())

	on := newBoardFixture(t, fen)
	if !on.board.ShowLastMove {
		t.Error("NewBoard does not show the last move")
	}
}

func TestBoardDragOnlyIgnoresClicks(t *testing.T) {
	f := newBoardFixture(t, "")
	f.board.Input = widgets.InputDrag
	f.tap("e2")
	if f.board.Selected() != game.NoSquare {
		t.Errorf("a click picked up %v with drag-only input", f.board.Selected())
	}
	f.tap("e4")
	f.wantMoves()
	f.realDrag("e2", "e3")
	f.realDrag("e2", "e2") // dragged home: nothing stays picked up
	if f.board.Selected() != game.NoSquare {
		t.Errorf("%v stays picked up after a drag home", f.board.Selected())
	}
	f.realDrag("e2", "e4")
	f.wantMoves("e2e3", "e2e4")
}

func TestBoardDragOnlyPromotionTakesClicks(t *testing.T) {
	f := newBoardFixture(t, "7k/4P3/8/8/8/8/8/K7 w - - 0 1")
	f.board.Input = widgets.InputDrag
	f.realDrag("e7", "e8")
	test.TapAt(f.board, f.center("e8"))
	f.wantMoves("e7e8q")
}

func TestBoardClickOnlyIgnoresDrags(t *testing.T) {
	f := newBoardFixture(t, "")
	f.board.Input = widgets.InputClick
	f.testDrag("e2", "e4")
	f.realDrag("g1", "f3")
	f.wantMoves()
	if f.board.Selected() != game.NoSquare {
		t.Errorf("a drag picked up %v with click-only input", f.board.Selected())
	}

	// Halfway through a drag nothing has moved.
	start := f.center("e2")
	f.board.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: start}, Dragged: fyne.NewDelta(0, -60)})
	test.AssertRendersToImage(t, "board_initial.png", f.win.Canvas())
	f.board.DragEnd()

	f.tap("e2")
	f.tap("e4")
	f.wantMoves("e2e4")
}

func TestBoardClickOnlyShakyClick(t *testing.T) {
	f := newBoardFixture(t, "")
	f.board.Input = widgets.InputClick
	start := f.center("g1")
	f.board.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: start}, Dragged: fyne.NewDelta(3, 2)})
	f.board.DragEnd()
	if f.board.Selected() != sq("g1") {
		t.Fatalf("a drag within g1 picked up %v, want g1 as a click would", f.board.Selected())
	}
	f.tap("f3")
	f.wantMoves("g1f3")
}

// touchMove records what a board in touch-move mode reports, and locks
// the piece picked up as the app does in training mode.
type touchMove struct {
	picked, refused []game.Square
}

func (f *boardFixture) touchMove() *touchMove {
	tm := &touchMove{}
	f.board.OnPick = func(s game.Square) {
		tm.picked = append(tm.picked, s)
		f.board.Locked = s
		f.board.Refresh()
	}
	f.board.OnRefused = func(s game.Square) { tm.refused = append(tm.refused, s) }
	return tm
}

func TestBoardTouchMoveLock(t *testing.T) {
	f := newBoardFixture(t, "")
	if f.board.Locked != game.NoSquare {
		t.Fatalf("NewBoard locks %v", f.board.Locked)
	}
	tm := f.touchMove()
	f.tap("e2")
	if len(tm.picked) != 1 || tm.picked[0] != sq("e2") {
		t.Fatalf("OnPick got %v, want [e2]", tm.picked)
	}
	f.tap("g1")
	f.realDrag("b1", "c3")
	if len(tm.refused) != 2 || tm.refused[0] != sq("g1") || tm.refused[1] != sq("b1") {
		t.Errorf("OnRefused got %v, want [g1 b1]", tm.refused)
	}
	f.wantMoves()
	for _, name := range []string{"e2", "e5", "d7"} {
		f.tap(name)
		if f.board.Selected() != sq("e2") {
			t.Fatalf("clicking %s left %v picked up, want the locked e2", name, f.board.Selected())
		}
	}
	f.board.CancelSelection() // put down
	f.realDrag("e2", "e4")
	f.wantMoves("e2e4")
	if len(tm.picked) != 2 {
		t.Errorf("OnPick called %d times, want 2 (a click and a drag)", len(tm.picked))
	}
}

func TestBoardTouchMoveLockOnStuckPieceIgnored(t *testing.T) {
	f := newBoardFixture(t, "")
	tm := f.touchMove()
	f.board.Locked = sq("a1") // the rook cannot move
	f.tap("g1")
	if f.board.Selected() != sq("g1") || len(tm.refused) != 0 {
		t.Errorf("a lock on a stuck rook refused g1 (selected %v, refused %v)", f.board.Selected(), tm.refused)
	}
}

func TestBoardPickNotCalledForStuckPiece(t *testing.T) {
	f := newBoardFixture(t, "")
	tm := f.touchMove()
	f.tap("a1")
	f.realDrag("d1", "d3")
	f.tap("e7")
	if len(tm.picked) != 0 {
		t.Errorf("OnPick called for %v, none of which can move", tm.picked)
	}
}

func TestBoardTellsAnIllegalDrop(t *testing.T) {
	// A piece dropped where it cannot go went back without a word.
	f := newBoardFixture(t, "")
	var got []string
	f.board.OnIllegal = func(from, to game.Square) { got = append(got, from.String()+to.String()) }
	f.realDrag("e2", "e5")
	f.realDrag("e2", "e2") // put back home: nothing to say
	f.tap("g1")
	f.tap("g4")
	f.wantMoves()
	if len(got) != 2 || got[0] != "e2e5" || got[1] != "g1g4" {
		t.Errorf("illegal drops told: %v", got)
	}
}

// TestBoardClickBesideTheSquares: a click on the board's margin, where
// the coordinates are, is on no square: nothing happens (it crashed the
// program with an index out of range when a piece touched could be
// reported).
func TestBoardClickBesideTheSquares(t *testing.T) {
	f := newBoardFixture(t, "")
	touched := false
	f.board.OnTouchOther = func(game.Square) { touched = true }
	f.board.ShowCoordinates = true
	f.board.Refresh()
	test.TapAt(f.board, fyne.NewPos(1, 1))
	if touched || f.board.Selected() != game.NoSquare {
		t.Errorf("a click beside the squares touched %v, selected %v", touched, f.board.Selected())
	}
}
