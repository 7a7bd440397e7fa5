package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
)

// boardPlace returns where the board is in the window and its size.
func (h *harness) boardPlace() (fyne.Position, fyne.Size) {
	b := h.app.ui.board
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(b), b.Size()
}

func TestTheBannerNeverMovesTheBoard(t *testing.T) {
	// The "Viewing…" banner shrank and shifted the board, which stayed
	// shrunk after End until the window was resized.
	h := newHarness(t)
	h.play("f2f3 e7e5")
	pos, size := h.boardPlace()
	h.app.step(-1)
	if !h.app.ui.banner.Visible() {
		t.Fatal("no banner while browsing")
	}
	if p, s := h.boardPlace(); p != pos || s != size {
		t.Errorf("browsing moved the board: %v %v, was %v %v", p, s, pos, size)
	}
	h.app.showLive()
	if p, s := h.boardPlace(); p != pos || s != size {
		t.Errorf("back to the game, the board is at %v %v, was %v %v", p, s, pos, size)
	}
	h.play("g2g4 d8h4") // Fool's mate: the result shows above the board
	h.wantGameOver("Black wins by checkmate")
	if p, s := h.boardPlace(); p != pos || s != size {
		t.Errorf("the game over moved the board: %v %v, was %v %v", p, s, pos, size)
	}
}

func TestAnIllegalDropSaysWhy(t *testing.T) {
	h := newHarness(t)
	h.drag("e2", "e5")
	if got := h.app.ui.moveBox.hint.Text; !strings.Contains(got, "cannot move to e5") || h.dialogText() != "" {
		t.Fatalf("move box says %q, dialog %q", got, h.dialogText())
	}
	if h.history() != "" {
		t.Errorf("history %q", h.history())
	}
}

func TestPlayMenuFollowsTheButtons(t *testing.T) {
	h := newHarness(t)
	h.play("f2f3 e7e5 g2g4")
	p := h.app.playItems
	if p.offerDraw.Disabled || p.resign.Disabled || p.takeBack.Disabled || !p.claimDraw.Disabled {
		t.Fatalf("during the game: offer %v resign %v take back %v claim %v", !p.offerDraw.Disabled, !p.resign.Disabled, !p.takeBack.Disabled, !p.claimDraw.Disabled)
	}
	h.play("d8h4")
	if !p.offerDraw.Disabled || !p.resign.Disabled || !p.pause.Disabled {
		t.Error("after the game the menu still offers to play on")
	}
	p.resign.Action() // a disabled item's shortcut does nothing
	if got := h.dialogText(); got != "" {
		t.Errorf("a disabled item acted: %s", got)
	}
}
