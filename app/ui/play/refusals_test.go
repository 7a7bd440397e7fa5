package play

import "testing"

// TestMovesRefusedAreTold: a piece dropped where it cannot go, another
// piece picked up when touch-move says which must move, and a move of
// it refused are told (the sounds room sounds them); moves played are
// not.
func TestMovesRefusedAreTold(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4 e7e5")
	if h.refused != 0 {
		t.Fatalf("two legal moves told %d refusals", h.refused)
	}
	h.drag("d1", "d5") // the e4 pawn is in the way
	if h.refused != 1 || h.History() != "e4 e5" {
		t.Fatalf("an illegal drop: %d refusals, history %q", h.refused, h.History())
	}
	h.Env.Settings.SetTouchMove(true)
	h.s.SetTouchMove(true)
	h.tapSquare("g1")
	h.tapSquare("b1") // the knight of g1 was touched: b1 cannot be picked up
	if h.refused != 2 {
		t.Errorf("another piece picked up under touch-move: %d refusals, want 2", h.refused)
	}
}
