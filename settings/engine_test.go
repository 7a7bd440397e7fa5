package settings_test

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/settings"
)

func TestEngineDefaults(t *testing.T) {
	a := test.NewTempApp(t)
	s := settings.New(a.Preferences())
	want := engine.Settings{Threads: engine.DefaultThreads(), Hash: engine.DefaultHash, MoveTime: engine.DefaultMoveTime}
	if got := s.Engine(); got != want {
		t.Errorf("engine settings = %+v, want %+v", got, want)
	}
}

func TestEngineValuesPersist(t *testing.T) {
	a := test.NewTempApp(t)
	s := settings.New(a.Preferences())
	s.SetEnginePath("/opt/lc0")
	s.SetEngineThreads(3)
	s.SetEngineHash(256)
	s.SetEngineMoveTime(1200 * time.Millisecond)
	want := engine.Settings{Path: "/opt/lc0", Threads: 3, Hash: 256, MoveTime: 1200 * time.Millisecond}
	if got := settings.New(a.Preferences()).Engine(); got != want {
		t.Errorf("engine settings read back = %+v, want %+v", got, want)
	}
}

func TestEngineValuesOutOfRangeFallBack(t *testing.T) {
	a := test.NewTempApp(t)
	p := a.Preferences()
	p.SetString("engine.threads", "0")
	p.SetString("engine.hash", "99999999")
	p.SetString("engine.moveTimeMs", "ten")
	s := settings.New(p)
	if s.EngineThreads() != engine.DefaultThreads() || s.EngineHash() != engine.DefaultHash || s.EngineMoveTime() != engine.DefaultMoveTime {
		t.Errorf("out-of-range values read as %d threads, %d MB, %v", s.EngineThreads(), s.EngineHash(), s.EngineMoveTime())
	}
	p.SetString("engine.moveTimeMs", "10")
	if s.EngineMoveTime() != engine.DefaultMoveTime {
		t.Errorf("10 ms a move reads as %v, want the default", s.EngineMoveTime())
	}
}

func TestTheHashIsBoundedByTheMachine(t *testing.T) {
	s := settings.New(test.NewTempApp(t).Preferences())
	s.SetEngineHash(settings.MaxEngineHash)
	if got, limit := s.EngineHash(), settings.EngineHashLimit(); got != limit || limit > engine.MaxHash() {
		t.Errorf("a hash of %d MB asked: %d given, the limit is %d, the machine's %d", settings.MaxEngineHash, got, limit, engine.MaxHash())
	}
}
