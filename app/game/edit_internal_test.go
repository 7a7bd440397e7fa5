package game

import "testing"

// TestVariationRepetition: positions of a side line count repetitions
// along the side line, as the game's moves do.
func TestVariationRepetition(t *testing.T) {
	g, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"e4", "e5", "Nf3", "Nc6"} {
		if err := g.Move(m); err != nil {
			t.Fatal(err)
		}
	}
	n := g.root.children[0]
	for i, m := range []string{"c5", "Nf3", "Nc6", "Ng1", "Nb8", "Nf3", "Nc6", "Ng1", "Nb8"} {
		if n, err = g.AddVariation(n, m); err != nil {
			t.Fatalf("AddVariation(%s): %v", m, err)
		}
		// After c5 and after each Nb8 the same position is back.
		if want := 1 + i/4; i%4 == 0 && n.repetitions() != want {
			t.Errorf("after %s (move %d of the side line): %d occurrences, want %d", m, i+1, n.repetitions(), want)
		}
	}
	if got := claimsAt(n); len(got) != 1 || got[0] != ThreefoldRepetition {
		t.Errorf("claims at the end of the side line = %v", got)
	}
	if n.key != g.root.children[0].children[1].key {
		t.Error("the side line's position after 1... c5 and its repetition have different keys")
	}
}

// TestPreparedNodeIsPlayed: the node a PreparedMove built to answer
// Claims is the one played, not built again.
func TestPreparedNodeIsPlayed(t *testing.T) {
	g, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.PrepareMove(Move{From: 12, To: 28})
	if err != nil {
		t.Fatal(err)
	}
	p.Claims()
	if err := g.PlayPrepared(p, NoReason); err != nil {
		t.Fatal(err)
	}
	if g.live != p.node {
		t.Error("PlayPrepared built the move's node again")
	}
}
