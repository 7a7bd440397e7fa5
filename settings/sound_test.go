package settings_test

import (
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/settings"
)

// TestSoundDefaults: sounds on at a moderate volume, every event but the
// ticks of the last seconds, nothing when browsing, the low-time
// threshold chosen by the time control.
func TestSoundDefaults(t *testing.T) {
	s := settings.New(test.NewTempApp(t).Preferences())
	if !s.Sounds() || s.SoundVolume() != 50 || s.SoundsWhenBrowsing() || s.LowTimeChoice() != 0 {
		t.Errorf("sounds %v, volume %d, browsing %v, low time %v", s.Sounds(), s.SoundVolume(), s.SoundsWhenBrowsing(), s.LowTimeChoice())
	}
	for _, e := range settings.SoundEvents() {
		if got, want := s.SoundOf(e), e != settings.SoundTicks; got != want {
			t.Errorf("%s sounds: %v, want %v", e, got, want)
		}
	}
}

// TestSoundSettingsAreKeptBetweenRuns: what is chosen is read back from
// the settings file by the next run.
func TestSoundSettingsAreKeptBetweenRuns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "preferences.json")
	store := open(t, path)
	s := settings.New(store)
	s.SetSounds(false)
	s.SetSoundVolume(80)
	s.SetSoundOf(settings.SoundCapture, false)
	s.SetSoundOf(settings.SoundTicks, true)
	s.SetSoundsWhenBrowsing(true)
	s.SetLowTimeChoice(30 * time.Second)
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	again := settings.New(open(t, path))
	if again.Sounds() || again.SoundVolume() != 80 || again.SoundOf(settings.SoundCapture) || !again.SoundOf(settings.SoundTicks) ||
		!again.SoundOf(settings.SoundMove) || !again.SoundsWhenBrowsing() || again.LowTimeChoice() != 30*time.Second {
		t.Errorf("read back: sounds %v, volume %d, capture %v, ticks %v, move %v, browsing %v, low time %v",
			again.Sounds(), again.SoundVolume(), again.SoundOf(settings.SoundCapture), again.SoundOf(settings.SoundTicks),
			again.SoundOf(settings.SoundMove), again.SoundsWhenBrowsing(), again.LowTimeChoice())
	}
}

// TestSoundValuesOutOfRangeFallBack: a hand-edited volume or threshold
// that is not one offered reads as the default.
func TestSoundValuesOutOfRangeFallBack(t *testing.T) {
	p := test.NewTempApp(t).Preferences()
	s := settings.New(p)
	for _, v := range []string{"-1", "101", "loud", "1e9"} {
		p.SetString("sound.volume", v)
		if got := s.SoundVolume(); got != settings.DefaultSoundVolume {
			t.Errorf("volume %q reads as %d", v, got)
		}
	}
	for _, v := range []string{"7", "-10", "999999", "ten"} {
		p.SetString("sound.lowTimeSeconds", v)
		if got := s.LowTimeChoice(); got != 0 {
			t.Errorf("low time %q reads as %v", v, got)
		}
	}
	s.SetSoundOf("siren", true)
	if s.SoundOf("siren") {
		t.Error("an event that does not exist was kept")
	}
}

// TestLowTimeFollowsTheTimeControl: 10 seconds, 20 in a game of more than
// 10 minutes, unless a threshold was chosen.
func TestLowTimeFollowsTheTimeControl(t *testing.T) {
	s := settings.New(test.NewTempApp(t).Preferences())
	for _, c := range []struct {
		tc   string
		want time.Duration
	}{{"-", 10 * time.Second}, {"180+2", 10 * time.Second}, {"600+5", 10 * time.Second}, {"900+10", 20 * time.Second},
		{"40/5400+30:1800+30", 20 * time.Second}} {
		tc, err := game.ParseTimeControl(c.tc)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.LowTime(tc); got != c.want {
			t.Errorf("low time in %s: %v, want %v", c.tc, got, c.want)
		}
	}
	s.SetLowTimeChoice(5 * time.Second)
	if tc, _ := game.ParseTimeControl("900+10"); s.LowTime(tc) != 5*time.Second {
		t.Errorf("the threshold chosen is not kept: %v", s.LowTime(tc))
	}
}
