package settingswin

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/pgn"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
)

// host stands for the window: it counts what it was told.
type host struct{ settings, language int }

func (h *host) SettingsChanged() { h.settings++ }
func (h *host) LanguageChanged() { h.language++ }

// harness is the settings room in Fyne's test driver, with an engine tab
// of another room's.
type harness struct {
	*uitest.Harness
	r    *SettingsWin
	host *host
}

func newHarness(t *testing.T) *harness {
	u := uitest.New(t)
	h := &harness{Harness: u, host: &host{}}
	tab := Tab{Title: func() string { return "Engine" }, Content: func(sc *kit.Scope) fyne.CanvasObject {
		return kit.NewEntry(sc)
	}}
	h.r = New(u.Env, h.host, tab)
	u.Show(u.Env.Status.Widget())
	return h
}

// content opens the window and returns what it shows.
func (h *harness) content() fyne.CanvasObject {
	h.T.Helper()
	h.Env.Commands.Run(kit.Settings)
	if h.r.shown == nil {
		h.T.Fatal("no settings window")
	}
	return h.r.shown.win.Content()
}

func TestSettingsDefaultsForNewGames(t *testing.T) {
	h := newHarness(t)
	content := h.content()
	white, ok := uitest.Find(content, func(e *kit.Entry) bool { return true })
	if !ok {
		t.Fatal("no White name entry")
	}
	test.Type(white, "Zoé")
	preset, ok := uitest.Find(content, func(s *kit.Select) bool { return slices.Contains(s.Options, "5 + 0 (blitz)") })
	if !ok {
		t.Fatal("no time control")
	}
	preset.SetSelected("5 + 0 (blitz)")
	if w, _ := h.Env.Settings.PlayerNames(); w != "Zoé" {
		t.Errorf("default White name = %q", w)
	}
	if got := h.Env.Settings.TimeControl().String(); got != "300" {
		t.Errorf("default time control = %s", got)
	}
}

// TestEveryChangeIsApplied: a change of the board's settings is applied
// at once, a change of language makes the window anew.
func TestEveryChangeIsApplied(t *testing.T) {
	h := newHarness(t)
	content := h.content()
	coords, _ := uitest.Find(content, func(c *kit.Check) bool { return c.Text == "Show coordinates" })
	coords.SetChecked(false)
	if h.Env.Settings.Coordinates() || h.host.settings != 1 {
		t.Errorf("coordinates %v, the window told %d times", h.Env.Settings.Coordinates(), h.host.settings)
	}
	language, _ := uitest.Find(content, func(s *kit.Select) bool { return slices.Contains(s.Options, "Français") })
	language.SetSelected("Français")
	if h.Env.Settings.Language() != "fr" || h.host.language != 1 {
		t.Errorf("language %q, the window told %d times", h.Env.Settings.Language(), h.host.language)
	}
}

// TestEscapeClosesTheWindowFromAnyControl: a control clicked has the
// keyboard, and keeps Escape to itself in Fyne; here Escape closes the
// window whichever has it, the other room's tab's included.
func TestEscapeClosesTheWindowFromAnyControl(t *testing.T) {
	h := newHarness(t)
	for _, pick := range []func(fyne.CanvasObject) fyne.Focusable{
		func(o fyne.CanvasObject) fyne.Focusable {
			c, _ := uitest.Find(o, func(*kit.Check) bool { return true })
			return c
		},
		func(o fyne.CanvasObject) fyne.Focusable {
			s, _ := uitest.Find(o, func(*kit.Select) bool { return true })
			return s
		},
		func(o fyne.CanvasObject) fyne.Focusable {
			e, _ := uitest.Find(o, func(*kit.Entry) bool { return true })
			return e
		},
	} {
		f := pick(h.content())
		h.r.shown.win.Canvas().Focus(f)
		f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
		if h.r.shown != nil {
			t.Errorf("Escape on a %T left the settings window open", f)
			h.r.shown.win.Close()
		}
	}
}

// TestSettingsNamesTakeATagsValue: a megabyte pasted into a default
// name leaves as much as a tag's value holds, and the field says why.
func TestSettingsNamesTakeATagsValue(t *testing.T) {
	h := newHarness(t)
	content := h.content()
	white := uitest.MustFind(t, content, "White's name", func(e *kit.Entry) bool { return true })
	h.Paste(white, strings.Repeat("abcdefg ", 1<<17))
	uitest.WantFull(t, "White's name", white, pgn.MaxString)
}
