package widgets_test

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
)

func TestBestMoveArrow(t *testing.T) {
	f := newBoardFixture(t, game.StartFEN)
	m, err := f.game.Live().ParseMove("g1f3")
	if err != nil {
		t.Fatal(err)
	}
	f.board.BestMove, f.board.HasBestMove = m, true
	f.board.Refresh()
	test.AssertRendersToImage(t, "board_best_move.png", f.win.Canvas())
	f.board.Flipped = true
	f.board.Refresh()
	test.AssertRendersToImage(t, "board_best_move_flipped.png", f.win.Canvas())
	f.board.Flipped, f.board.HasBestMove = false, false
	f.board.Refresh()
	test.AssertRendersToImage(t, "board_initial.png", f.win.Canvas())
}
