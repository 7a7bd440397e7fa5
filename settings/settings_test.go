package settings_test

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/settings"
)

func TestDefaults(t *testing.T) {
	a := test.NewTempApp(t)
	s := settings.New(a.Preferences())
	if s.AutoFlip() || s.Flipped() {
		t.Error("the board should start unflipped, without auto-flip")
	}
	if got := s.TimeControl().String(); got != "600+5" {
		t.Errorf("default time control = %s", got)
	}
}

func TestValuesPersist(t *testing.T) {
	a := test.NewTempApp(t)
	s := settings.New(a.Preferences())
	s.SetAutoFlip(true)
	s.SetFlipped(true)
	tc, _ := game.ParseTimeControl("40/5400+30:1800+30")
	s.SetTimeControl(tc)
	s.SetPlayerNames("Anna", "Bruno")
	s.SetLastDirectory("/home/anna/chess")

	again := settings.New(a.Preferences())
	if !again.AutoFlip() || !again.Flipped() {
		t.Error("flags lost")
	}
	if got := again.TimeControl().String(); got != "40/5400+30:1800+30" {
		t.Errorf("time control = %s", got)
	}
	if w, b := again.PlayerNames(); w != "Anna" || b != "Bruno" {
		t.Errorf("names = %q %q", w, b)
	}
	if again.LastDirectory() != "/home/anna/chess" {
		t.Errorf("directory = %q", again.LastDirectory())
	}
}

func TestCorruptValueFallsBack(t *testing.T) {
	a := test.NewTempApp(t)
	a.Preferences().SetString("game.timeControl", "not a time control")
	s := settings.New(a.Preferences())
	if got := s.TimeControl().String(); got != "600+5" {
		t.Errorf("a corrupt time control gives %s, want the default", got)
	}
}
