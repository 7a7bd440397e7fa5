package app

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/settings"
	"github.com/echiquier/echiquier/widgets"
)

// settingsContent opens the settings window and returns what it shows,
// all tabs included.
func (h *harness) settingsContent() fyne.CanvasObject {
	h.t.Helper()
	h.app.showSettings()
	if h.app.settingsWin == nil {
		h.t.Fatal("no settings window")
	}
	return h.app.settingsWin.win.Content()
}

// findIn returns the first object of the settings window's content o
// that match accepts.
func findIn[T fyne.CanvasObject](t *testing.T, o fyne.CanvasObject, what string, match func(T) bool) T {
	t.Helper()
	found, ok := find(o, match)
	if !ok {
		t.Fatalf("no %s in the settings window", what)
	}
	return found
}

func selectWith(t *testing.T, o fyne.CanvasObject, option string) *widget.Select {
	return findIn(t, o, "select offering "+option, func(s *widget.Select) bool { return slices.Contains(s.Options, option) })
}

func checkLabelled(t *testing.T, o fyne.CanvasObject, label string) *widget.Check {
	return findIn(t, o, "check "+label, func(c *widget.Check) bool { return c.Text == label })
}

func radioWith(t *testing.T, o fyne.CanvasObject, option string) *widget.RadioGroup {
	return findIn(t, o, "radio offering "+option, func(r *widget.RadioGroup) bool { return slices.Contains(r.Options, option) })
}

func TestSettingsApplyLiveAndPersist(t *testing.T) {
	h := newHarness(t)
	content := h.settingsContent()
	selectWith(t, content, "Green").SetSelected("Green")
	selectWith(t, content, "GNOME Chess (fancy)").SetSelected("GNOME Chess (fancy)")
	checkLabelled(t, content, "Show coordinates").SetChecked(false)
	checkLabelled(t, content, "Show legal moves").SetChecked(false)
	checkLabelled(t, content, "Highlight the last move").SetChecked(false)
	checkLabelled(t, content, "Animate moves").SetChecked(false)
	radioWith(t, content, "Click only").SetSelected("Click only")

	b := h.app.ui.board
	if b.Scheme.Name != "green" || b.Pieces.Name != "fancy" {
		t.Errorf("board scheme %q, pieces %q: not applied", b.Scheme.Name, b.Pieces.Name)
	}
	if b.ShowCoordinates || b.ShowHints || b.ShowLastMove || b.Animate {
		t.Error("board flags not applied")
	}
	if b.Input != widgets.InputClick {
		t.Errorf("board input = %v", b.Input)
	}
	preview := h.app.settingsWin.preview
	if preview.Scheme.Name != "green" || preview.Pieces.Name != "fancy" {
		t.Error("the preview does not follow the settings")
	}

	again := New(fyne.CurrentApp(), Options{Now: h.clock.now, NoTicker: true, AutosaveDir: t.TempDir()})
	defer again.win.Close()
	b = again.ui.board
	if b.Scheme.Name != "green" || b.Pieces.Name != "fancy" || b.ShowCoordinates || b.Input != widgets.InputClick {
		t.Error("settings not kept for the next start")
	}
}

func TestSettingsNotationChangesTheMoveList(t *testing.T) {
	h := newHarness(t)
	h.play("g1f3")
	content := h.settingsContent()
	radioWith(t, content, "French (Cf3, Fxb5, e8=D)").SetSelected("French (Cf3, Fxb5, e8=D)")
	if got := h.app.ui.moves.Notation("Nf3"); got != "Cf3" {
		t.Errorf("move list shows Nf3 as %q", got)
	}
	if h.app.notation() != game.FrenchSAN {
		t.Error("notation not stored")
	}
	if !strings.Contains(h.autosaved(), "1. Nf3") {
		t.Error("files must stay in English SAN")
	}
}

func TestSettingsLanguageRebuildsTheWindow(t *testing.T) {
	h := newHarness(t)
	t.Cleanup(func() { h.app.locale.Use("") })
	h.play("e2e4")
	content := h.settingsContent()
	selectWith(t, content, "Français").SetSelected("Français")
	if got := h.app.win.MainMenu().Items[0].Label; got != "Partie" {
		t.Errorf("first menu is %q in French", got)
	}
	if !strings.Contains(h.app.ui.status.Text, "Noirs") {
		t.Errorf("status in French: %q", h.app.ui.status.Text)
	}
	if h.history() != "e4" {
		t.Error("changing the language lost the game")
	}
	content = h.app.settingsWin.win.Content()
	selectWith(t, content, "English").SetSelected("English")
	if got := h.app.win.MainMenu().Items[0].Label; got != "Game" {
		t.Errorf("first menu is %q back in English", got)
	}
}

func TestSettingsDefaultsForNewGames(t *testing.T) {
	h := newHarness(t)
	content := h.settingsContent()
	white := findIn(t, content, "White name entry", func(e *widget.Entry) bool { return true })
	test.Type(white, "Zoé")
	selectWith(t, content, "5 + 0 (blitz)").SetSelected("5 + 0 (blitz)")
	if w, _ := h.app.settings.PlayerNames(); w != "Zoé" {
		t.Errorf("default White name = %q", w)
	}
	if got := h.app.settings.TimeControl().String(); got != "300" {
		t.Errorf("default time control = %s", got)
	}
}

func TestFrenchShowsFrenchNotationUnlessChosen(t *testing.T) {
	h := newHarness(t)
	h.app.settings.SetLanguage("fr")
	t.Cleanup(func() { h.app.locale.Use("") })
	h.app.changeLanguage()
	if got := h.app.ui.moves.Notation("Nf3"); got != "Cf3" {
		t.Errorf("in French the list shows Nf3 as %q", got)
	}
	h.app.settings.SetNotation(game.EnglishSAN)
	h.app.applySettings()
	if got := h.app.ui.moves.Notation("Nf3"); got != "Nf3" {
		t.Errorf("English notation chosen, the list shows %q", got)
	}
}

func TestSettingsLanguageKeepsTheTab(t *testing.T) {
	// Switching the language threw the user back to the first tab.
	h := newHarness(t)
	t.Cleanup(func() { h.app.locale.Use("") })
	h.settingsContent()
	h.app.settingsWin.tabs.SelectIndex(2)
	selectWith(t, h.app.settingsWin.win.Content(), "Français").SetSelected("Français")
	if got := h.app.settingsWin.tabs.SelectedIndex(); got != 2 {
		t.Errorf("after switching the language the tab shown is %d", got)
	}
	selectWith(t, h.app.settingsWin.win.Content(), "English").SetSelected("English")
}

func TestSettingsWindowCloses(t *testing.T) {
	h := newHarness(t)
	content := h.settingsContent()
	close, ok := find(content, func(b *widget.Button) bool { return b.Text == "Close" })
	if !ok {
		t.Fatal("no Close button")
	}
	test.Tap(close)
	if h.app.settingsWin != nil {
		t.Fatal("Close left the settings window open")
	}
	h.settingsContent()
	h.app.settingsWin.win.Canvas().(interface{ OnTypedKey() func(*fyne.KeyEvent) }).OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if h.app.settingsWin != nil {
		t.Error("Escape left the settings window open")
	}
}

// TestTheSettingsSayWhetherTheNotationFollowsTheLanguage: switching the
// language changes the move list's notation unless the user chose one;
// the settings say which, beside the language, and let the user go back
// to following it.
func TestTheSettingsSayWhetherTheNotationFollowsTheLanguage(t *testing.T) {
	h := newHarness(t)
	t.Cleanup(func() { h.app.locale.Use("") })
	content := h.settingsContent()
	if _, ok := find(content, func(l *canvas.Text) bool { return l.Text == "The moves in the list follow the language." }); !ok {
		t.Error("the settings do not say that the notation follows the language")
	}
	follow := findIn(t, content, "the notation choices", func(r *widget.RadioGroup) bool {
		return slices.Contains(r.Options, "As the language (Nf3 in English, Cf3 in French)")
	})
	if follow.Selected != follow.Options[0] {
		t.Errorf("a new user's notation choice is %q", follow.Selected)
	}
	follow.SetSelected("English (Nf3, Bxb5, e8=Q)")
	if _, ok := find(content, func(l *canvas.Text) bool { return l.Text == "The moves in the list keep the notation chosen above." }); !ok {
		t.Error("the settings do not say that the notation chosen is kept")
	}
	selectWith(t, h.app.settingsWin.win.Content(), "Français").SetSelected("Français")
	if got := h.app.ui.moves.Notation("Nf3"); got != "Nf3" {
		t.Errorf("English chosen, in French the list shows %q", got)
	}
	content = h.app.settingsWin.win.Content()
	if _, ok := find(content, func(l *canvas.Text) bool {
		return l.Text == "Les coups de la liste gardent la notation choisie ci-dessus."
	}); !ok {
		t.Error("in French the settings do not say that the notation chosen is kept")
	}
	findIn(t, content, "the French notation choices", func(r *widget.RadioGroup) bool {
		return len(r.Options) == 4
	}).SetSelected("Selon la langue (Nf3 en anglais, Cf3 en français)")
	if got := h.app.ui.moves.Notation("Nf3"); got != "Cf3" {
		t.Errorf("following the language again, in French the list shows %q", got)
	}
}

// TestTheSettingsGoToTheStoreGiven: the program keeps its settings in a
// file of its own (settings.FileStore, written safely); the app wrote
// them to Fyne's preferences instead, whatever store it was given.
func TestTheSettingsGoToTheStoreGiven(t *testing.T) {
	test.NewTempApp(t)
	path := filepath.Join(t.TempDir(), "settings.json")
	store, notices := settings.OpenFile(path, settings.Options{})
	if len(notices) > 0 {
		t.Fatal(notices)
	}
	a := New(fyne.CurrentApp(), Options{NoTicker: true, AutosaveDir: t.TempDir(), Settings: store})
	t.Cleanup(func() { a.win.Close(); a.autosave.Close() })
	a.flip()
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	again, _ := settings.OpenFile(path, settings.Options{})
	defer again.Close()
	if !settings.New(again).Flipped() {
		t.Error("the board turned, but the settings file does not say so")
	}
	if fyne.CurrentApp().Preferences().BoolWithFallback("board.flipped", false) {
		t.Error("the setting went to Fyne's preferences")
	}
}
