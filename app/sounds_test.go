package app

import (
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2/container"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
)

// TestTheWindowSoundsMovesAndLowTime: the window gives the session's
// events and the clocks' ticks to the sounds: a move dragged on the
// board, a capture, an illegal drop, then the low-time warning; Ctrl+M
// (the View menu's Sounds) silences them and the menu shows it.
func TestTheWindowSoundsMovesAndLowTime(t *testing.T) {
	h := newHarness(t)
	tc, _ := game.ParseTimeControl("30+0")
	g, _ := game.New(game.Options{Now: h.clock.Now, TimeControl: tc})
	h.app.env.Session.NewGame(g)
	h.play("e2e4 d7d5 e4d5")
	h.drag("d8", "d4") // the d5 pawn is in the way
	if got := h.sounds.take(); got != "move.wav move.wav capture.wav refused.wav" {
		t.Errorf("three moves and an illegal drop sounded %q", got)
	}
	for range 210 { // Black thinks 21 s
		h.clock.Advance(100 * time.Millisecond)
		h.app.Tick()
	}
	if got := h.sounds.take(); got != "lowtime.wav" {
		t.Errorf("Black under 10 s: %q", got)
	}
	item := h.menuItem(kit.Sounds)
	if !item.Checked {
		t.Error("the Sounds menu item is not checked with sounds on")
	}
	h.shortcut(kit.Sounds)
	if h.app.env.Settings.Sounds() || h.menuItem(kit.Sounds).Checked {
		t.Errorf("Ctrl+M left the sounds on (%v), or the menu item checked", h.app.env.Settings.Sounds())
	}
	h.play("d8d5")
	if got := h.sounds.take(); got != "" {
		t.Errorf("with sounds off, Qxd5 sounded %q", got)
	}
}

// TestTheSettingsHaveASoundsTab: the settings window shows the sounds
// room's tab, before the engine's, in both languages.
func TestTheSettingsHaveASoundsTab(t *testing.T) {
	h := newHarness(t)
	t.Cleanup(func() { h.app.locale.Use("") })
	for _, code := range []string{"en", "fr"} {
		h.app.env.Settings.SetLanguage(code)
		h.app.LanguageChanged()
		tabs := uitest.MustFind(t, h.settingsContent(), "tabs", func(*container.AppTabs) bool { return true })
		want := map[string][2]string{"en": {"Sounds", "Engine"}, "fr": {"Sons", "Moteur"}}[code]
		i := slices.IndexFunc(tabs.Items, func(it *container.TabItem) bool { return it.Text == want[0] })
		if i < 0 || i+1 == len(tabs.Items) || tabs.Items[i+1].Text != want[1] {
			t.Errorf("%s: no tab %q just before %q", code, want[0], want[1])
		}
		h.settingsWindow().Close()
	}
	h.app.env.Settings.SetLanguage("")
}
