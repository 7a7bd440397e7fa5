package session_test

import (
	"errors"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
)

func (f *fixture) wait(d time.Duration) { f.clock.t = f.clock.t.Add(d) }

func (f *fixture) timedGame(tc string) *game.Game {
	f.t.Helper()
	control, err := game.ParseTimeControl(tc)
	if err != nil {
		f.t.Fatal(err)
	}
	g, err := game.New(game.Options{TimeControl: control, Now: f.clock.now})
	if err != nil {
		f.t.Fatal(err)
	}
	return g
}

func TestTheFirstMoveStartsTheClocksAfterEveryNewGame(t *testing.T) {
	f := newFixture(t, "300")
	f.wait(time.Minute)
	if w := f.s.Game().Remaining(game.White); w != 5*time.Minute || !f.s.Waiting() {
		t.Fatalf("at the start, a minute on: White %v, waiting %v", w, f.s.Waiting())
	}
	f.play("e2e4")
	f.wait(10 * time.Second)
	g := f.timedGame("180+2")
	f.wait(5 * time.Second) // the dialog's Start is pressed a little after
	f.s.NewGame(g)
	f.wait(time.Minute)
	if w := g.Remaining(game.White); w != 3*time.Minute || !f.s.Waiting() {
		t.Fatalf("a minute after New game: White %v, waiting %v", w, f.s.Waiting())
	}
	if _, err := f.s.Propose(move(t, f.s.Shown(), "e2e4")); err != nil {
		t.Fatal(err)
	}
	f.wait(time.Minute) // a proposal left unplayed (a question cancelled) starts nothing
	if w := g.Remaining(game.White); w != 3*time.Minute || !f.s.Waiting() {
		t.Fatalf("after a move proposed and not played: White %v, waiting %v", w, f.s.Waiting())
	}
	f.play("e2e4")
	f.wait(7 * time.Second)
	if w, b := g.Remaining(game.White), g.Remaining(game.Black); w != 3*time.Minute+2*time.Second || b != 3*time.Minute-7*time.Second || f.s.Waiting() {
		t.Errorf("7 s after 1. e4: White %v, Black %v, waiting %v", w, b, f.s.Waiting())
	}
}

func TestAMoveIsRefusedWhileTheClocksArePaused(t *testing.T) {
	f := newFixture(t, "300+5")
	f.play("e2e4")
	f.wait(3 * time.Second)
	f.s.TogglePause()
	f.wait(time.Minute)
	if _, err := f.s.Propose(move(t, f.s.Shown(), "e7e5")); !errors.Is(err, session.ErrClocksPaused) {
		t.Fatalf("a move on paused clocks: %v", err)
	}
	g := f.s.Game()
	if w, b := g.Remaining(game.White), g.Remaining(game.Black); f.history() != "e4" || w != 305*time.Second || b != 297*time.Second {
		t.Errorf("after the refused move: %q, White %v, Black %v", f.history(), w, b)
	}
	f.s.TogglePause()
	f.wait(2 * time.Second)
	f.play("e7e5")
	if w, b := g.Remaining(game.White), g.Remaining(game.Black); w != 305*time.Second || b != 300*time.Second {
		t.Errorf("after resuming and 1... e5: White %v, Black %v", w, b)
	}
}

func TestAnUntimedGameNeverWaits(t *testing.T) {
	f := newFixture(t, "")
	f.s.TogglePause()
	f.play("e2e4")
	if f.s.Waiting() || f.history() != "e4" {
		t.Errorf("untimed: waiting %v, history %q", f.s.Waiting(), f.history())
	}
}
