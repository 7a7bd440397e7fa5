package game_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// reread writes g as PGN and reads it back, as the autosave does, with
// clk as its clock.
func reread(t *testing.T, g *game.Game, clk *fakeClock) *game.Game {
	t.Helper()
	var b bytes.Buffer
	if err := g.WritePGN(&b); err != nil {
		t.Fatal(err)
	}
	pg, err := pgn.ParseGame(b.Bytes(), 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	back, err := game.FromPGN(pg, clk.Now)
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// TestRestoreClock: a game read back from its PGN gives the side to move
// its time at the start of the turn; with the ClockState recorded, the
// time it had spent thinking stays spent, and both clocks go on as they
// would have.
func TestRestoreClock(t *testing.T) {
	for _, tc := range []string{"300", "300+2", "300d5", "300b5", "*300"} {
		g, clk := timedGame(t, tc, "")
		moveAfter(t, g, clk, 7*time.Second, "e4")
		moveAfter(t, g, clk, 11*time.Second, "e5")
		clk.Advance(2*time.Second + 300*time.Millisecond)
		s := g.ClockState()
		if s.Turn != game.White || s.Elapsed != 2300*time.Millisecond || s.Paused {
			t.Fatalf("%s: clock state %+v", tc, s)
		}
		back := reread(t, g, clk)
		if back.Remaining(game.White) == g.Remaining(game.White) && tc != "300d5" {
			t.Fatalf("%s: the PGN alone already gives back the thinking time: the test proves nothing", tc)
		}
		if err := back.RestoreClock(s); err != nil {
			t.Fatalf("%s: %v", tc, err)
		}
		back.Resume()
		for _, d := range []time.Duration{0, 4 * time.Second} {
			clk.Advance(d)
			for _, c := range []game.Color{game.White, game.Black} {
				if got, want := back.Remaining(c), g.Remaining(c); got != want {
					t.Errorf("%s, %v later: %s has %v, want %v", tc, d, c, got, want)
				}
			}
		}
	}
}

func TestRestoreClockOfAnotherTurn(t *testing.T) {
	g, clk := timedGame(t, "300", "")
	moveAfter(t, g, clk, time.Second, "e4")
	s := g.ClockState()
	moveAfter(t, g, clk, time.Second, "e5")
	if err := g.RestoreClock(s); err == nil || !strings.Contains(err.Error(), "Black's move") {
		t.Errorf("a state of Black's turn restored on White's: %v", err)
	}
}

func TestClockStateText(t *testing.T) {
	s := game.ClockState{White: 4*time.Minute + 51200*time.Millisecond, Black: 5 * time.Minute, Turn: game.Black,
		Elapsed: 8800 * time.Millisecond, Paused: true}
	text := s.String()
	if text != "b 0:04:51.2 0:05:00 0:00:08.8 paused" {
		t.Errorf("String() = %q", text)
	}
	back, err := game.ParseClockState(text)
	if err != nil || back != s {
		t.Errorf("ParseClockState(%q) = %+v, %v", text, back, err)
	}
	s.Paused, s.Turn = false, game.White
	if back, err := game.ParseClockState(s.String()); err != nil || back != s {
		t.Errorf("ParseClockState(%q) = %+v, %v", s.String(), back, err)
	}
	for _, bad := range []string{"", "w", "x 0:01 0:01 0:00", "w 0:01 0:01 0:00 running", "w 0:01 -0:01 0:00",
		"w 0:01 0:01 0:00 paused extra", "w " + strings.Repeat("9", 1<<20) + " 0:01 0:00"} {
		_, err := game.ParseClockState(bad)
		if err == nil {
			t.Errorf("ParseClockState(%.20q) accepted", bad)
		} else if len(err.Error()) > 120 {
			t.Errorf("ParseClockState(%.20q): a message of %d bytes", bad, len(err.Error()))
		}
	}
}

// TestClockAt: a past position's clocks are the times its record gives,
// each side's from its last move before it, the start time before its
// first; a side line's from its own moves.
func TestClockAt(t *testing.T) {
	games, err := game.ReadPGN(strings.NewReader(`[TimeControl "600+5"]

1. e4 {[%clk 0:09:58]} e5 {[%clk 0:09:57]} 2. Nf3 {[%clk 0:09:50]} (2. Nc3 {[%clk 0:08:00]} Nc6) Nc6 {[%clk 0:09:49]} *`))
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	line := g.MainLine()
	side := g.Root().Children()[0].Children()[0].Children()[1]
	m := func(s string) time.Duration { d, _ := time.ParseDuration(s); return d }
	for _, tc := range []struct {
		n            *game.Node
		white, black time.Duration
	}{
		{g.Root(), m("10m"), m("10m")},
		{line[0], m("9m58s"), m("10m")},
		{line[1], m("9m58s"), m("9m57s")},
		{line[2], m("9m50s"), m("9m57s")},
		{line[3], m("9m50s"), m("9m49s")},
		{side, m("8m"), m("9m57s")},
		{side.Children()[0], m("8m"), m("9m57s")}, // no [%clk]: Black's last known
	} {
		w, ok1 := g.ClockAt(tc.n, game.White)
		b, ok2 := g.ClockAt(tc.n, game.Black)
		if !ok1 || !ok2 || w != tc.white || b != tc.black {
			t.Errorf("after %q: %v %v, want %v %v", tc.n.SAN(), w, b, tc.white, tc.black)
		}
	}
	untimed, _ := game.New(game.Options{})
	if _, ok := untimed.ClockAt(untimed.Root(), game.White); ok {
		t.Error("an untimed game has clocks")
	}
}
