package widgets_test

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
)

// keepMarks makes the fixture answer the marks' gestures as the app
// does: the game takes the mark (or the same one away), clears them, and
// the board shows the game's.
func (f *boardFixture) keepMarks() (cleared *int) {
	cleared = new(int)
	f.board.OnMark = func(m game.Mark) {
		if err := f.game.ToggleMark(f.game.Live(), m); err != nil {
			f.t.Fatal(err)
		}
		f.board.Marks = f.game.Live().Marks()
		f.board.Refresh()
	}
	f.board.OnClearMarks = func() {
		*cleared++
		if err := f.game.SetMarks(f.game.Live(), nil); err != nil {
			f.t.Fatal(err)
		}
		f.board.Marks = nil
		f.board.Refresh()
	}
	return cleared
}

func (f *boardFixture) mouse(down bool, at fyne.Position, button desktop.MouseButton, mod fyne.KeyModifier) {
	ev := &desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: at}, Button: button, Modifier: mod}
	if down {
		f.board.MouseDown(ev)
	} else {
		f.board.MouseUp(ev)
	}
}

// rightDrag draws with the secondary button from one square to another,
// the modifiers held, the pointer passing over the squares between.
func (f *boardFixture) rightDrag(from, to string, mod fyne.KeyModifier) {
	start, end := f.center(from), f.center(to)
	f.mouse(true, start, desktop.MouseButtonSecondary, mod)
	for i := 1; i <= 4; i++ {
		cur := fyne.NewPos(start.X+(end.X-start.X)*float32(i)/4, start.Y+(end.Y-start.Y)*float32(i)/4)
		f.board.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: cur}, Button: desktop.MouseButtonSecondary})
	}
	f.mouse(false, end, desktop.MouseButtonSecondary, mod)
}

func (f *boardFixture) wantMarks(want ...string) {
	f.t.Helper()
	var got []string
	for _, m := range f.game.Live().Marks() {
		got = append(got, m.String())
	}
	if !slices.Equal(got, want) {
		f.t.Errorf("marks %q, want %q", got, want)
	}
}

func TestRightButtonDrawsMarks(t *testing.T) {
	f := newBoardFixture(t, game.StartFEN)
	f.keepMarks()
	f.rightDrag("d2", "d4", 0)
	f.rightDrag("e5", "e5", 0)
	f.wantMarks("Ge5", "Gd2d4")
	// The modifiers choose the colour.
	f.rightDrag("a2", "a4", fyne.KeyModifierShift)
	f.rightDrag("b2", "b4", fyne.KeyModifierAlt)
	f.rightDrag("c2", "c4", fyne.KeyModifierShift|fyne.KeyModifierAlt)
	f.rightDrag("h2", "h4", fyne.KeyModifierControl)
	f.wantMarks("Ge5", "Gd2d4", "Ra2a4", "Bb2b4", "Yc2c4", "Rh2h4")
	// The same gesture again takes the mark away; in another colour, it
	// takes that colour.
	f.rightDrag("e5", "e5", 0)
	f.rightDrag("d2", "d4", fyne.KeyModifierShift)
	f.wantMarks("Rd2d4", "Ra2a4", "Bb2b4", "Yc2c4", "Rh2h4")
	// No piece moved, none picked up.
	if len(f.moves) != 0 || f.board.Selected() != game.NoSquare {
		t.Errorf("moves %v, selected %v", f.moves, f.board.Selected())
	}
}

func TestAMarkLetGoOffTheBoardIsNone(t *testing.T) {
	f := newBoardFixture(t, game.StartFEN)
	f.keepMarks()
	// Released outside the squares.
	f.mouse(true, f.center("d2"), desktop.MouseButtonSecondary, 0)
	f.mouse(false, fyne.NewPos(1, 1), desktop.MouseButtonSecondary, 0)
	// Released off the board's widget: the board sees the pointer come
	// back with the button up.
	f.mouse(true, f.center("d2"), desktop.MouseButtonSecondary, 0)
	f.board.MouseOut()
	f.board.MouseIn(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: f.center("d4")}})
	f.mouse(false, f.center("d4"), desktop.MouseButtonPrimary, 0)
	f.wantMarks()
	// Pressed outside the squares.
	f.mouse(true, fyne.NewPos(1, 1), desktop.MouseButtonSecondary, 0)
	f.mouse(false, f.center("d4"), desktop.MouseButtonSecondary, 0)
	f.wantMarks()
}

func TestAClickOrEscapeClearsTheMarks(t *testing.T) {
	f := newBoardFixture(t, game.StartFEN)
	cleared := f.keepMarks()
	// Nothing to clear: not asked.
	f.tap("a5")
	if *cleared != 0 {
		t.Fatalf("cleared %d times without marks", *cleared)
	}
	f.rightDrag("d2", "d4", 0)
	f.rightDrag("e5", "e5", 0)
	// The secondary button does not clear.
	if *cleared != 0 {
		t.Fatalf("cleared %d times by the right button", *cleared)
	}
	// A click that picks up a piece clears them, and picks it up.
	f.mouse(true, f.center("e2"), desktop.MouseButtonPrimary, 0)
	f.mouse(false, f.center("e2"), desktop.MouseButtonPrimary, 0)
	f.tap("e2")
	if *cleared != 1 || f.board.Selected() != sq("e2") {
		t.Fatalf("cleared %d times, selected %v", *cleared, f.board.Selected())
	}
	f.wantMarks()
	// Escape on the board puts the piece down first, then clears.
	f.rightDrag("g1", "f3", 0)
	f.board.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if *cleared != 1 || f.board.Selected() != game.NoSquare {
		t.Fatalf("the first Escape: cleared %d times, selected %v", *cleared, f.board.Selected())
	}
	f.wantMarks("Gg1f3")
	if !f.board.Escape() || *cleared != 2 {
		t.Fatalf("the second Escape: cleared %d times", *cleared)
	}
	f.wantMarks()
	if f.board.Escape() {
		t.Error("Escape with nothing to do says it did something")
	}
}

func TestMarksAreDrawnTranslucentUnderTheEnginesArrow(t *testing.T) {
	f := newBoardFixture(t, game.StartFEN)
	f.keepMarks()
	f.rightDrag("d2", "d4", 0)
	f.rightDrag("e5", "e5", 0)
	f.rightDrag("b1", "c3", fyne.KeyModifierShift)
	f.rightDrag("h2", "h4", fyne.KeyModifierAlt)
	f.rightDrag("c8", "f5", fyne.KeyModifierShift|fyne.KeyModifierAlt)
	f.rightDrag("a7", "a7", fyne.KeyModifierShift)
	m, err := f.game.Live().ParseMove("g1f3")
	if err != nil {
		t.Fatal(err)
	}
	f.board.BestMove, f.board.HasBestMove = m, true
	f.board.Refresh()
	test.AssertRendersToImage(t, "board_marks.png", f.win.Canvas())
	f.board.Flipped = true
	f.board.Refresh()
	test.AssertRendersToImage(t, "board_marks_flipped.png", f.win.Canvas())
	f.board.Flipped, f.board.HasBestMove = false, false
	f.board.Refresh()
	// Drawn as it is drawn: an arrow from f2 over to f4, the pointer
	// still down.
	f.mouse(true, f.center("f2"), desktop.MouseButtonSecondary, 0)
	f.board.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: f.center("f4")}, Button: desktop.MouseButtonSecondary})
	test.AssertRendersToImage(t, "board_marks_drawing.png", f.win.Canvas())
	f.mouse(false, f.center("f4"), desktop.MouseButtonSecondary, 0)
	// Under a piece dragged, the knight over the red arrow's head.
	start, over := f.center("b1"), f.center("c3")
	f.board.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: start}, Button: desktop.MouseButtonTertiary})
	f.board.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: over}, Dragged: fyne.NewDelta(over.X-start.X, over.Y-start.Y)})
	test.AssertRendersToImage(t, "board_marks_dragging.png", f.win.Canvas())
	f.board.DragEnd()
	f.wantMoves("b1c3")
	// Cleared, the board is as before.
	f.board.Escape()
	test.AssertRendersToImage(t, "board_initial.png", f.win.Canvas())
}
