package engine

import (
	"testing"

	"github.com/echiquier/echiquier/app/game"
)

func TestSideCentipawns(t *testing.T) {
	for _, c := range []struct {
		s            Score
		white, black int
	}{
		{Score{Centipawns: 35}, 35, -35},
		{Score{Centipawns: -120}, -120, 120},
		{Score{Kind: WhiteMates, Moves: 3}, mateCentipawns, -mateCentipawns},
		{Score{Kind: BlackMates, Moves: 1}, -mateCentipawns, mateCentipawns},
	} {
		if w, b := sideCentipawns(c.s, game.White), sideCentipawns(c.s, game.Black); w != c.white || b != c.black {
			t.Errorf("%v: %d for White, %d for Black; want %d, %d", c.s, w, b, c.white, c.black)
		}
	}
}

func TestWouldAcceptDraw(t *testing.T) {
	for _, c := range []struct {
		level     Level
		ply, eval int
		want      bool
	}{
		// Not in the game's first 20 moves, however it stands.
		{MinLevel, 0, -mateCentipawns, false},
		{MinLevel, 39, -500, false},
		{FullStrength, 39, -mateCentipawns, false},
		// Then at level 1 when it stands no better than equal.
		{MinLevel, 40, 0, true},
		{MinLevel, 40, 1, false},
		{MinLevel, 120, -300, true},
		// A quarter of a pawn worse for each level above.
		{2, 40, -25, true},
		{2, 40, -24, false},
		{5, 60, -100, true},
		{5, 60, -99, false},
		{FullStrength, 80, -225, true},
		{FullStrength, 80, -224, false},
		{FullStrength, 80, -mateCentipawns, true},
		{FullStrength, 80, mateCentipawns, false},
	} {
		if got := WouldAcceptDraw(c.level, c.ply, c.eval); got != c.want {
			t.Errorf("WouldAcceptDraw(level %d, ply %d, %d) = %v", c.level, c.ply, c.eval, got)
		}
	}
}

func TestWouldClaimDraw(t *testing.T) {
	for eval, want := range map[int]bool{
		-mateCentipawns: true, -300: true, 0: true, 30: true, 31: false, 200: false, mateCentipawns: false,
	} {
		if got := WouldClaimDraw(eval); got != want {
			t.Errorf("WouldClaimDraw(%d) = %v", eval, got)
		}
	}
}

func TestWouldResign(t *testing.T) {
	for _, c := range []struct {
		evals []int
		want  bool
	}{
		{nil, false},
		{[]int{-mateCentipawns, -mateCentipawns}, false},
		{[]int{-1000, -1000, -1000}, true},
		{[]int{-999, -1000, -1000}, false},
		{[]int{200, -1500, -mateCentipawns, -2000}, true},
		{[]int{-1500, -mateCentipawns, -2000, -900}, false},
	} {
		if got := WouldResign(c.evals); got != c.want {
			t.Errorf("WouldResign(%v) = %v", c.evals, got)
		}
	}
}
