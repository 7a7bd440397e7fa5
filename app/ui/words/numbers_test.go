package words

import (
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
)

// TestNumbersFollowTheLanguage: "0.5" kept its decimal point in French.
func TestNumbersFollowTheLanguage(t *testing.T) {
	locale := SystemLocale()
	t.Cleanup(func() { locale.Use("") })
	for _, tt := range []struct {
		code, seconds, score string
	}{
		{"en", "0.5", "+0.35"},
		{"fr", "0,5", "+0,35"},
	} {
		if _, err := locale.Use(tt.code); err != nil {
			t.Fatal(err)
		}
		if got := Seconds(500 * time.Millisecond); got != tt.seconds {
			t.Errorf("%s: half a second is %q", tt.code, got)
		}
		if got := Score(engine.Score{Kind: engine.Centipawns, Centipawns: 35}); got != tt.score {
			t.Errorf("%s: +35 centipawns is %q", tt.code, got)
		}
		for _, typed := range []string{"0.5", "0,5", " 0,5 "} {
			if d, err := ParseSeconds(typed); err != nil || d != 500*time.Millisecond {
				t.Errorf("%s: %q read as %v, %v", tt.code, typed, d, err)
			}
		}
	}
}

// TestTheWholeGameIsCountedInMoves: a game of 13 moves is 13 moves, not
// the 26 positions after them.
func TestTheWholeGameIsCountedInMoves(t *testing.T) {
	inEnglish(t)
	g, _ := game.New(game.Options{})
	for _, m := range strings.Fields("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 Nc3 Bb7") {
		if err := g.Move(m); err != nil {
			t.Fatal(err)
		}
	}
	if got := WholeGame(g); !strings.Contains(got, "each of the 13 moves") || !strings.Contains(got, "(26 positions)") {
		t.Errorf("a game of 13 moves: %q", got)
	}
	black, _ := game.New(game.Options{FEN: "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"})
	for _, m := range []string{"Kd7", "e4", "Ke6"} {
		if err := black.Move(m); err != nil {
			t.Fatal(err)
		}
	}
	if got := WholeGame(black); !strings.Contains(got, "each of the 2 moves") {
		t.Errorf("1... Kd7 2. e4 Ke6: %q", got)
	}
}

// TestASetUpPositionIsWordedWithoutFEN: the set-up board speaks of the
// position; the user typed no FEN.
func TestASetUpPositionIsWordedWithoutFEN(t *testing.T) {
	inEnglish(t)
	_, err := game.ParseFEN("4k3/8/8/8/8/8/8/p3K3 w - - 0 1")
	if got := PositionError(err); got != "A pawn stands on a1; pawns never stand on rank 1 or 8" {
		t.Errorf("the set-up board says %q", got)
	}
	if got := Error(err); !strings.HasPrefix(got, "Invalid FEN: ") {
		t.Errorf("a FEN typed is worded %q", got)
	}
}
