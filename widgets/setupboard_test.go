package widgets_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/pieces"
	"github.com/echiquier/echiquier/widgets"
)

type put struct {
	sq game.Square
	p  game.Piece
}

func TestSetupBoardTellsClicksDragsAndKeys(t *testing.T) {
	test.NewTempApp(t)
	b := widgets.NewSetupBoard(pieces.Cburnett())
	var taps []game.Square
	var drags [][2]game.Square
	var puts []put
	b.OnTap = func(s game.Square) { taps = append(taps, s) }
	b.OnDrag = func(from, to game.Square) { drags = append(drags, [2]game.Square{from, to}) }
	b.OnKey = func(s game.Square, p game.Piece) { puts = append(puts, put{s, p}) }
	b.Board[sq("g1")] = game.NewPiece(game.White, game.Knight)
	w := test.NewTempWindow(t, b)
	w.Resize(fyne.NewSize(400, 400))

	test.TapAt(b, b.SquareCenter(sq("c3")))
	if len(taps) != 1 || taps[0] != sq("c3") {
		t.Errorf("taps %v", taps)
	}
	from, to := b.SquareCenter(sq("g1")), b.SquareCenter(sq("f3"))
	test.Drag(w.Canvas(), from.Add(fyne.NewPos(0, 0)), to.X-from.X, to.Y-from.Y)
	if len(drags) != 1 || drags[0] != [2]game.Square{sq("g1"), sq("f3")} {
		t.Errorf("drags %v", drags)
	}
	test.Drag(w.Canvas(), from, 1000, 0) // off the board
	if len(drags) != 2 || drags[1] != [2]game.Square{sq("g1"), game.NoSquare} {
		t.Errorf("a piece dragged off the board: %v", drags)
	}

	w.Canvas().Focus(b) // the cursor is where the last click was: c3
	for _, k := range []fyne.KeyName{fyne.KeyUp, fyne.KeyRight} {
		b.TypedKey(&fyne.KeyEvent{Name: k})
	}
	b.TypedRune('n')
	b.TypedRune('Q')
	b.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDelete})
	b.TypedRune('x') // no piece
	want := []put{
		{sq("d4"), game.NewPiece(game.Black, game.Knight)},
		{sq("d4"), game.NewPiece(game.White, game.Queen)},
		{sq("d4"), game.NoPiece},
	}
	if len(puts) != len(want) {
		t.Fatalf("keys put %v, want %v", puts, want)
	}
	for i := range want {
		if puts[i] != want[i] {
			t.Errorf("key %d put %v, want %v", i, puts[i], want[i])
		}
	}
	b.Flipped = true
	b.TypedKey(&fyne.KeyEvent{Name: fyne.KeyUp}) // up the screen: down the ranks
	if b.Cursor() != sq("d3") {
		t.Errorf("flipped, ↑ took the cursor to %v", b.Cursor())
	}
}

// TestSetupBoardSquaresFallOnWholePixels: at a size that 8 does not
// divide, squares of a fractional side left one-pixel seams, the
// dialog's colour showing through between them.
func TestSetupBoardSquaresFallOnWholePixels(t *testing.T) {
	test.NewTempApp(t)
	b := widgets.NewSetupBoard(pieces.Cburnett())
	w := test.NewTempWindow(t, b)
	w.Resize(fyne.NewSize(389, 389))
	a1, b1 := b.SquareCenter(sq("a1")), b.SquareCenter(sq("b1"))
	side := b1.X - a1.X
	corner := b.SquareCenter(sq("a8")).SubtractXY(side/2, side/2)
	whole := func(v float32) bool { return v == float32(int(v)) }
	if !whole(side) || !whole(corner.X) || !whole(corner.Y) {
		t.Errorf("squares of side %v, the board's corner at %v", side, corner)
	}
}
