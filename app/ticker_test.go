package app

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/settings"
)

// The clocks' ticker runs while a clock runs, and only then: a window
// waiting for a move, with paused clocks or a game over, does no work.
func TestTheTickerRunsOnlyWhileAClockRuns(t *testing.T) {
	fa := test.NewTempApp(t)
	uitest.NoPortal(t)
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	settings.New(fa.Preferences()).SetTimeControl(game.TimeControl{Stages: []game.Stage{{Time: 5 * time.Minute}}})
	queue := make(uitest.Queue, 100000)
	a := New(fa, Options{AutosaveDir: t.TempDir(), Post: queue.Do, Sound: &soundLog{}})
	t.Cleanup(a.stop)
	h := &harness{t: t, app: a, queue: queue}
	s := a.env.Session
	ticking := func(when string, want bool) {
		t.Helper()
		if got := a.ticker != nil; got != want {
			t.Errorf("%s: ticker running %v, want %v", when, got, want)
		}
	}
	ticking("a new timed game, before its first move", false)
	h.play("e2e4")
	ticking("after the first move", true)
	s.TogglePause()
	ticking("clocks paused", false)
	s.TogglePause()
	ticking("clocks resumed", true)
	if err := s.Resign(game.White); err != nil {
		t.Fatal(err)
	}
	ticking("game over", false)
	a.stop()
	ticking("window closed", false)
}
