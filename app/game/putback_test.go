package game_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

func TestPutBackRestoresTheMoveAndTheEnd(t *testing.T) {
	g := readOne(t, `[White "A"]
[Black "B"]
[Result "0-1"]
[TimeControl "300"]

1. f3 {[%clk 0:04:50]} e5 {[%clk 0:04:40]} (1... e6) 2. g4 {[%clk 0:04:30]} Qh4# {A comment [%clk 0:04:20]} 0-1
`)
	before := writePGN(t, g)
	taken, err := g.TakeBackMove()
	if err != nil {
		t.Fatal(err)
	}
	if g.Status().Over() || strings.Join(g.History(), " ") != "f3 e5 g4" || taken.Move().SAN() != "Qh4#" {
		t.Fatalf("after the take back: %v %v", g.Status(), g.History())
	}
	if err := g.PutBack(taken); err != nil {
		t.Fatal(err)
	}
	if got := writePGN(t, g); got != before {
		t.Errorf("put back, the game writes\n%s\nwas\n%s", got, before)
	}
	if !g.Status().Over() || g.Live() != taken.Move() {
		t.Errorf("status %v, live %v", g.Status(), g.Live().SAN())
	}
	if err := g.PutBack(taken); !errors.Is(err, game.ErrStaleMove) {
		t.Errorf("put back twice: %v", err)
	}
}

func TestPutBackRefusedOnceTheGameChanged(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4 e5")
	taken, err := g.TakeBackMove()
	if err != nil {
		t.Fatal(err)
	}
	play(t, g, "c5")
	if err := g.PutBack(taken); !errors.Is(err, game.ErrStaleMove) {
		t.Fatalf("put back after another move: %v", err)
	}
	if got := strings.Join(g.History(), " "); got != "e4 c5" {
		t.Errorf("history %q", got)
	}
}

func TestClocksOffRecordNoTime(t *testing.T) {
	clk := newFakeClock()
	games, errs := game.ReadPGNWith(strings.NewReader(`[TimeControl "60+5"]
[Result "*"]

1. e4 {[%clk 0:00:50]} e5 {[%clk 0:00:00]} *
`), clk.Now)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	g := games[0]
	g.SetClocksOff(true)
	clk.Advance(time.Hour)
	g.Resume() // does nothing while the clocks are off
	if g.CheckFlag() {
		t.Fatal("a flag fell on clocks that are off")
	}
	play(t, g, "Nf3 Nc6")
	if g.Status().Over() {
		t.Fatalf("the game ended: %v", g.Status())
	}
	if text := writePGN(t, g); strings.Count(text, "%clk") != 2 {
		t.Errorf("moves made on clocks that are off recorded a time:\n%s", text)
	}
	wantClocks(t, g, 50*time.Second, 0)
	g.SetClocksOff(false)
	if !g.Paused() {
		t.Error("turned on, the clocks run at once")
	}
	g.Resume()
	clk.Advance(2 * time.Second)
	wantClocks(t, g, 48*time.Second, 0)
}
