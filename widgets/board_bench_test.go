package widgets_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/pieces"
	"github.com/echiquier/echiquier/widgets"
)

func benchBoard(b *testing.B) *widgets.Board {
	test.NewTempApp(b)
	board := widgets.NewBoard(pieces.Cburnett())
	g, _ := game.New(game.Options{})
	board.Pos, board.Legal = g.Position(), g.Legal()
	w := test.NewTempWindow(b, board)
	w.Resize(fyne.NewSize(640, 640))
	return board
}

// pickUpE2 starts dragging the pawn on e2 and returns where the drag
// began.
func pickUpE2(board *widgets.Board) fyne.Position {
	start := board.SquareCenter(game.NewSquare(4, 1))
	board.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: start}, Dragged: fyne.NewDelta(1, -1)})
	return start
}

// BenchmarkBoardDragStep is one pointer move while a piece is dragged:
// what the board does between two frames of a drag.
func BenchmarkBoardDragStep(b *testing.B) {
	board := benchBoard(b)
	start := pickUpE2(board)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d := float32(1 - 2*(i%2))
		board.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: start}, Dragged: fyne.NewDelta(d, -d)})
	}
}

// BenchmarkBoardRefresh is a whole board refresh, as after a move.
func BenchmarkBoardRefresh(b *testing.B) {
	board := benchBoard(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		board.Refresh()
	}
}

// BenchmarkBoardRefreshDragging is a whole board refresh while a piece is
// dragged, as when the app refreshes (a clock, a redraw) during a drag.
func BenchmarkBoardRefreshDragging(b *testing.B) {
	board := benchBoard(b)
	pickUpE2(board)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		board.Refresh()
	}
}

// BenchmarkBoardResize lays the board out at a new size each time, with
// the piece images drawn for that size (cached after the first time).
func BenchmarkBoardResize(b *testing.B) {
	board := benchBoard(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		board.Resize(fyne.NewSize(600+float32(i%2)*40, 600+float32(i%2)*40))
	}
}
