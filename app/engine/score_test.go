package engine

import (
	"math"
	"testing"

	"github.com/echiquier/echiquier/app/game"
)

func TestScoreFromWhitesSide(t *testing.T) {
	for _, c := range []struct {
		mate       bool
		value      int
		bound      Bound
		turn       game.Color
		pgn, shown string
	}{
		{false, 35, Exact, game.White, "0.35", "+0.35"},
		{false, 35, Exact, game.Black, "-0.35", "-0.35"},
		{false, -120, Lower, game.White, "-1.20", "≥-1.20"},
		{false, -120, Lower, game.Black, "1.20", "≤+1.20"},
		{false, 0, Exact, game.Black, "0.00", "0.00"},
		{true, 3, Exact, game.White, "#3", "#3"},
		{true, 3, Exact, game.Black, "#-3", "#-3"},
		{true, -2, Exact, game.White, "#-2", "#-2"},
		{true, -2, Upper, game.Black, "#2", "≥#2"},
		// "mate 0": the side to move is checkmated.
		{true, 0, Exact, game.Black, "#0", "#0"},
		{true, 0, Exact, game.White, "#-0", "#-0"},
	} {
		s := fromMover(c.mate, c.value, c.bound, c.turn)
		if s.PGN() != c.pgn || s.String() != c.shown {
			t.Errorf("%v %d %v, %v to move: %q %q, want %q %q", c.mate, c.value, c.bound, c.turn, s.PGN(), s.String(), c.pgn, c.shown)
		}
	}
}

func TestWinningChances(t *testing.T) {
	// Lichess's values (its accuracy page: +1 pawn is 59.1% for White, +3
	// pawns 75.1%), as chances from -1 to +1.
	for cp, want := range map[int]float64{0: 0, 100: 0.182, 300: 0.502, -300: -0.502, 1000: 0.951} {
		if got := (Score{Centipawns: cp}).WinningChances(); math.Abs(got-want) > 0.001 {
			t.Errorf("winning chances at %d cp: %.4f, want %.3f", cp, got, want)
		}
	}
	if (Score{Kind: BlackMates, Moves: 5}).WinningChances() != -1 || (Score{Kind: WhiteMates}).WinningChances() != 1 {
		t.Error("a forced mate is not a certain win")
	}
}

func TestJudge(t *testing.T) {
	cp := func(v int) Score { return Score{Centipawns: v} }
	wm := func(n int) Score { return Score{Kind: WhiteMates, Moves: n} }
	bm := func(n int) Score { return Score{Kind: BlackMates, Moves: n} }
	for _, c := range []struct {
		mover         game.Color
		before, after Score
		want          Judgement
	}{
		// Drops in winning chances, for the mover: 0 to -56 cp is 0.103.
		{game.White, cp(0), cp(-56), Inaccuracy},
		{game.White, cp(0), cp(-54), Good},
		{game.Black, cp(0), cp(56), Inaccuracy},
		{game.Black, cp(0), cp(-500), Good}, // Black gained
		{game.White, cp(0), cp(-111), Mistake},
		{game.White, cp(0), cp(-171), Blunder},
		// Two pawns lost matter less when far ahead than when level.
		{game.White, cp(900), cp(700), Good},
		{game.White, cp(100), cp(-100), Blunder},
		{game.White, cp(300), cp(0), Blunder},
		// A mate now forced against the mover.
		{game.White, cp(50), bm(4), Blunder},
		{game.White, cp(-800), bm(4), Mistake},
		{game.White, cp(-1200), bm(4), Inaccuracy},
		{game.Black, cp(-50), wm(4), Blunder},
		// The mover's forced mate gone.
		{game.White, wm(3), cp(200), Blunder},
		{game.White, wm(3), cp(800), Mistake},
		{game.White, wm(3), cp(1500), Inaccuracy},
		{game.Black, bm(3), cp(-1500), Inaccuracy},
		{game.White, wm(3), bm(2), Blunder},
		// A longer mate, a mate given, a lost position staying lost: fine.
		{game.White, wm(2), wm(5), Good},
		{game.White, wm(1), wm(0), Good},
		{game.Black, bm(1), bm(0), Good},
		{game.White, bm(3), bm(1), Good},
		{game.White, cp(20), wm(6), Good},
	} {
		if got := Judge(c.mover, c.before, c.after); got != c.want {
			t.Errorf("%v from %v to %v: %v, want %v", c.mover, c.before, c.after, got, c.want)
		}
	}
	if Blunder.NAG() != 4 || Mistake.NAG() != 2 || Inaccuracy.NAG() != 6 || Good.NAG() != 0 {
		t.Error("NAGs are not ?? $4, ? $2, ?! $6")
	}
}

func TestParseEval(t *testing.T) {
	for v, want := range map[string]string{
		"0.35": "+0.35", "-1.2": "-1.20", "+3": "+3.00", "0": "0.00", " 0.17,24": "+0.17",
		"#3": "#3", "#-3": "#-3", "#+2": "#2", "#0": "#0", "#-0": "#-0", "-0.004": "0.00",
	} {
		if s, ok := ParseEval(v); !ok || s.String() != want {
			t.Errorf("ParseEval(%q) = %v, %v, want %s", v, s, ok, want)
		}
	}
	for _, v := range []string{"", "#", "#--3", "#-+3", "#x", "abc", "1e3", "NaN", "Inf", "0x10", "99999", "#99999", "1_0"} {
		if s, ok := ParseEval(v); ok {
			t.Errorf("ParseEval(%q) = %v, want nothing", v, s)
		}
	}
	// What PGN writes, read back: every score round-trips.
	for _, s := range []Score{{Centipawns: -1234}, {Centipawns: 7}, {Kind: WhiteMates, Moves: 12}, {Kind: BlackMates}} {
		if back, ok := ParseEval(s.PGN()); !ok || back != s {
			t.Errorf("%v written %q, read back %v", s, s.PGN(), back)
		}
	}
}

func TestNodeEval(t *testing.T) {
	g, err := game.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"e4", "e5", "Nf3"} {
		if err := g.Move(m); err != nil {
			t.Fatal(err)
		}
	}
	line := g.MainLine()
	_ = g.SetComment(line[0], "[%clk 0:05:00] [%eval bad] good [%eval #-4]")
	_ = g.SetComment(line[1], "no evaluation [%csl Gd4]")
	if s, ok := NodeEval(line[0]); !ok || s.String() != "#-4" {
		t.Errorf("NodeEval = %v, %v, want #-4 (the first that reads)", s, ok)
	}
	for _, n := range line[1:] {
		if s, ok := NodeEval(n); ok {
			t.Errorf("NodeEval of %s = %v", n.SAN(), s)
		}
	}
}
