package pgn_test

import (
	"fmt"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

func TestNAGGlyph(t *testing.T) {
	want := map[int]string{
		1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!", 7: "□", 10: "=", 13: "∞", 14: "⩲", 15: "⩱",
		16: "±", 17: "∓", 18: "+−", 19: "−+", 22: "⨀", 23: "⨀", 36: "↑", 37: "↑", 40: "→", 41: "→",
		132: "⇆", 133: "⇆", 140: "∆", 146: "N", 0: "", 9: "", 255: "", -1: "", 1000: "",
	}
	for n, g := range want {
		if got := pgn.NAGGlyph(n); got != g {
			t.Errorf("NAGGlyph(%d) = %q, want %q", n, got, g)
		}
	}
}

func TestNAGGlyphsReadBack(t *testing.T) {
	// Every glyph shown reads back as a NAG with that glyph.
	for n := range 256 {
		g := pgn.NAGGlyph(n)
		if g == "" {
			continue
		}
		game, err := pgn.ParseGame([]byte("1. e4 "+g+" *"), 1, 0)
		if err != nil || len(game.Moves) != 1 || len(game.Moves[0].NAGs) != 1 {
			t.Errorf("glyph %q of $%d: %v, %v", g, n, game, err)
			continue
		}
		if m := game.Moves[0].NAGs[0]; pgn.NAGGlyph(m) != g {
			t.Errorf("glyph %q of $%d reads as $%d", g, n, m)
		}
	}
}

func ExampleNAGGlyph() {
	fmt.Println(pgn.NAGGlyph(3), pgn.NAGGlyph(16), pgn.NAGGlyph(146), pgn.NAGGlyph(200) == "")
	// Output: !! ± N true
}
