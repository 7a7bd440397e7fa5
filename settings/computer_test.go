package settings_test

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/settings"
)

func TestComputerChoiceDefaultsAndPersists(t *testing.T) {
	a := test.NewTempApp(t)
	s := settings.New(a.Preferences())
	if s.ComputerSides() != [2]bool{} || s.ComputerLevel() != settings.DefaultComputerLevel || s.ComputerMayResign() {
		t.Fatalf("defaults: sides %v, level %d, may resign %v", s.ComputerSides(), s.ComputerLevel(), s.ComputerMayResign())
	}
	s.SetComputerSides([2]bool{false, true})
	s.SetComputerLevel(engine.MinLevel)
	s.SetComputerMayResign(true)
	s = settings.New(a.Preferences())
	if s.ComputerSides() != [2]bool{false, true} || s.ComputerLevel() != engine.MinLevel || !s.ComputerMayResign() {
		t.Errorf("read back: sides %v, level %d, may resign %v", s.ComputerSides(), s.ComputerLevel(), s.ComputerMayResign())
	}
	for _, bad := range []string{"0", "11", "-3", "x"} {
		a.Preferences().SetString("computer.level", bad)
		if got := s.ComputerLevel(); got != settings.DefaultComputerLevel {
			t.Errorf("level stored as %q reads %d, want the default", bad, got)
		}
	}
}
