package widgets_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
)

// focus gives the board the keyboard focus, as Tab does.
func (f *boardFixture) focus() {
	f.win.Canvas().Focus(f.board)
}

// keys types named keys on whatever has the focus.
func (f *boardFixture) keys(names ...fyne.KeyName) {
	for _, n := range names {
		if focused := f.win.Canvas().Focused(); focused != nil {
			focused.TypedKey(&fyne.KeyEvent{Name: n})
		}
	}
}

func (f *boardFixture) wantCursor(name string) {
	f.t.Helper()
	if got := f.board.Cursor(); got != sq(name) {
		f.t.Fatalf("cursor on %v, want %s", got, name)
	}
}

func TestBoardCursorStartsOnKing(t *testing.T) {
	f := newBoardFixture(t, "")
	f.focus()
	f.wantCursor("e1")

	f = newBoardFixture(t, "4k3/8/8/8/8/8/8/4K3 b - - 0 1")
	f.board.Flipped = true
	f.board.Refresh()
	f.focus()
	f.wantCursor("e8")
}

func TestBoardArrowsMoveCursor(t *testing.T) {
	f := newBoardFixture(t, "")
	f.focus()
	f.keys(fyne.KeyUp, fyne.KeyUp, fyne.KeyLeft, fyne.KeyRight, fyne.KeyRight)
	f.wantCursor("f3")
	test.AssertRendersToImage(t, "board_cursor.png", f.win.Canvas())
	f.keys(fyne.KeyDown, fyne.KeyDown, fyne.KeyDown, fyne.KeyDown) // stops at the edge
	f.wantCursor("f1")

	f.board.Flipped = true // ↑ goes to the top of the screen: rank 1 now
	f.board.Refresh()
	f.keys(fyne.KeyUp)
	f.wantCursor("f1")
	f.keys(fyne.KeyDown, fyne.KeyRight)
	f.wantCursor("e2")
}

func TestBoardCursorHiddenWithoutFocus(t *testing.T) {
	f := newBoardFixture(t, "")
	f.focus()
	f.keys(fyne.KeyUp)
	f.win.Canvas().Unfocus()
	test.AssertRendersToImage(t, "board_initial.png", f.win.Canvas())
}

func TestBoardKeysPickAndDrop(t *testing.T) {
	f := newBoardFixture(t, "")
	tm := f.touchMove()
	f.focus()
	f.keys(fyne.KeyUp, fyne.KeySpace)
	if f.board.Selected() != sq("e2") || len(tm.picked) != 1 {
		t.Fatalf("Space on e2: selected %v, picked %v", f.board.Selected(), tm.picked)
	}
	f.keys(fyne.KeyUp, fyne.KeyUp, fyne.KeyReturn)
	f.wantMoves("e2e4")
}

func TestBoardKeysRefusedByLock(t *testing.T) {
	f := newBoardFixture(t, "")
	tm := f.touchMove()
	f.board.Locked = sq("e2")
	f.focus()
	f.keys(fyne.KeyRight, fyne.KeyRight, fyne.KeyEnter) // g1
	if len(tm.refused) != 1 || tm.refused[0] != sq("g1") || f.board.Selected() != game.NoSquare {
		t.Errorf("Enter on g1 with e2 locked: refused %v, selected %v", tm.refused, f.board.Selected())
	}
}

func TestBoardEscape(t *testing.T) {
	f := newBoardFixture(t, "")
	f.focus()
	f.keys(fyne.KeyUp, fyne.KeySpace, fyne.KeyEscape)
	if f.board.Selected() != game.NoSquare {
		t.Fatalf("Escape left %v picked up", f.board.Selected())
	}
	if f.win.Canvas().Focused() == nil {
		t.Fatal("Escape that cancelled something also gave the focus up")
	}
	f.keys(fyne.KeyEscape)
	if f.win.Canvas().Focused() != nil {
		t.Error("Escape with nothing to cancel kept the focus")
	}
}

func TestBoardEscapeDuringDrag(t *testing.T) {
	f := newBoardFixture(t, "")
	f.focus()
	start := f.center("e2")
	f.board.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: start}, Dragged: fyne.NewDelta(0, -50)})
	f.keys(fyne.KeyEscape)
	f.board.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: start}, Dragged: fyne.NewDelta(0, -50)})
	f.win.Canvas().Unfocus()
	test.AssertRendersToImage(t, "board_initial.png", f.win.Canvas())
	f.board.DragEnd()
	f.wantMoves()
	f.realDrag("e2", "e4") // the next drag works
	f.wantMoves("e2e4")
}

func TestBoardKeysPromotion(t *testing.T) {
	const fen = "7k/4P3/8/8/8/8/8/K7 w - - 0 1"
	toE8 := []fyne.KeyName{fyne.KeyRight, fyne.KeyRight, fyne.KeyRight, fyne.KeyRight}
	for range 6 {
		toE8 = append(toE8, fyne.KeyUp)
	}
	toE8 = append(toE8, fyne.KeySpace, fyne.KeyUp, fyne.KeySpace) // e7, then e8

	f := newBoardFixture(t, fen)
	f.focus()
	f.wantCursor("a1")
	f.keys(toE8...)
	f.keys(fyne.KeyDown, fyne.KeyDown) // queen, knight, rook
	test.AssertRendersToImage(t, "board_promotion_keys.png", f.win.Canvas())
	f.keys(fyne.KeyUp, fyne.KeyEnter) // back to the knight
	f.wantMoves("e7e8n")

	f = newBoardFixture(t, fen)
	f.focus()
	f.keys(toE8...)
	f.keys(fyne.KeyEscape)
	f.wantMoves()
	f.keys(fyne.KeySpace) // the cursor is on e8, the pawn on e7
	f.keys(fyne.KeyDown, fyne.KeySpace, fyne.KeyUp, fyne.KeySpace)
	f.win.Canvas().Focused().TypedRune('b')
	f.wantMoves("e7e8b")
}

func TestBoardOtherKeysPassedOn(t *testing.T) {
	f := newBoardFixture(t, "")
	var got []fyne.KeyName
	f.board.OnOtherKey = func(ev *fyne.KeyEvent) { got = append(got, ev.Name) }
	f.focus()
	f.keys(fyne.KeyHome, fyne.KeyUp, fyne.KeyEnd)
	if len(got) != 2 || got[0] != fyne.KeyHome || got[1] != fyne.KeyEnd {
		t.Errorf("OnOtherKey got %v, want [Home End]", got)
	}
}

// TestBoardClickEndsKeyboardPlay: a click on the board that has the
// keyboard gives the keyboard back, as Escape does (the window's typing
// goes to the move box again); the cursor comes back where the click was
// when the board takes the keyboard again.
func TestBoardClickEndsKeyboardPlay(t *testing.T) {
	f := newBoardFixture(t, "")
	var focus []bool
	f.board.OnFocus = func(on bool) { focus = append(focus, on) }
	f.focus()
	f.tap("e2")
	if f.win.Canvas().Focused() != nil {
		t.Fatal("a click left the keyboard with the board")
	}
	f.tap("e2") // put it down again
	test.AssertRendersToImage(t, "board_initial.png", f.win.Canvas())
	f.focus()
	f.wantCursor("e2")
	f.keys(fyne.KeyUp)
	f.wantCursor("e3")
	if len(focus) != 3 || !focus[0] || focus[1] || !focus[2] {
		t.Errorf("OnFocus was told %v, want [true false true]", focus)
	}
}
