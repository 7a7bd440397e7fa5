package app

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/settings"
	"github.com/echiquier/echiquier/widgets"
)

// previewBoard is the board the settings window shows as a preview.
func (h *harness) previewBoard() *widgets.Board {
	h.t.Helper()
	return uitest.MustFind(h.t, h.settingsWindow().Content(), "preview board", func(*widgets.Board) bool { return true })
}

// settingsOpen reports whether the settings window is open.
func (h *harness) settingsOpen() bool {
	for _, w := range h.app.fyne.Driver().AllWindows() {
		if w != h.win() && w.Content() != nil {
			return true
		}
	}
	return false
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
	selectWith(t, content, "Click only").SetSelected("Click only")

	b := h.board()
	if b.Scheme.Name != "green" || b.Pieces.Name != "fancy" {
		t.Errorf("board scheme %q, pieces %q: not applied", b.Scheme.Name, b.Pieces.Name)
	}
	if b.ShowCoordinates || b.ShowHints || b.ShowLastMove || b.Animate {
		t.Error("board flags not applied")
	}
	if b.Input != widgets.InputClick {
		t.Errorf("board input = %v", b.Input)
	}
	if preview := h.previewBoard(); preview.Scheme.Name != "green" || preview.Pieces.Name != "fancy" {
		t.Error("the preview does not follow the settings")
	}

	again := New(h.app.fyne, Options{Now: h.clock.Now, NoTicker: true, AutosaveDir: t.TempDir(), Sound: &soundLog{}})
	defer again.env.Window.Close()
	b = uitest.MustFind(t, again.env.Window.Content(), "board", func(*widgets.Board) bool { return true })
	if b.Scheme.Name != "green" || b.Pieces.Name != "fancy" || b.ShowCoordinates || b.Input != widgets.InputClick {
		t.Error("settings not kept for the next start")
	}
}

func TestSettingsNotationChangesTheMoveList(t *testing.T) {
	h := newHarness(t)
	h.play("g1f3")
	content := h.settingsContent()
	selectWith(t, content, "French (Cf3, Fxb5, e8=D)").SetSelected("French (Cf3, Fxb5, e8=D)")
	if got := h.moves().Notation("Nf3"); got != "Cf3" {
		t.Errorf("move list shows Nf3 as %q", got)
	}
	if h.app.env.Notation() != game.FrenchSAN {
		t.Error("notation not stored")
	}
	if err := h.app.autosave.Flush(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(uitest.ReadFile(t, h.app.autosave.Path()), "1. Nf3") {
		t.Error("files must stay in English SAN")
	}
}

func TestSettingsLanguageRebuildsTheWindow(t *testing.T) {
	h := newHarness(t)
	t.Cleanup(func() { h.app.locale.Use("") })
	h.play("e2e4")
	content := h.settingsContent()
	selectWith(t, content, "Français").SetSelected("Français")
	if got := h.win().MainMenu().Items[0].Label; got != "Partie" {
		t.Errorf("first menu is %q in French", got)
	}
	if !strings.Contains(h.status(), "Noirs") {
		t.Errorf("status in French: %q", h.status())
	}
	if h.history() != "e4" {
		t.Error("changing the language lost the game")
	}
	content = h.settingsWindow().Content()
	selectWith(t, content, "English").SetSelected("English")
	if got := h.win().MainMenu().Items[0].Label; got != "Game" {
		t.Errorf("first menu is %q back in English", got)
	}
}

func TestFrenchShowsFrenchNotationUnlessChosen(t *testing.T) {
	h := newHarness(t)
	h.app.env.Settings.SetLanguage("fr")
	t.Cleanup(func() { h.app.locale.Use("") })
	h.app.LanguageChanged()
	if got := h.moves().Notation("Nf3"); got != "Cf3" {
		t.Errorf("in French the list shows Nf3 as %q", got)
	}
	h.app.env.Settings.SetNotation(game.EnglishSAN)
	h.app.SettingsChanged()
	if got := h.moves().Notation("Nf3"); got != "Nf3" {
		t.Errorf("English notation chosen, the list shows %q", got)
	}
}

func TestSettingsLanguageKeepsTheTab(t *testing.T) {
	// Switching the language threw the user back to the first tab.
	h := newHarness(t)
	t.Cleanup(func() { h.app.locale.Use("") })
	tabs := uitest.MustFind(t, h.settingsContent(), "tabs", func(*container.AppTabs) bool { return true })
	tabs.SelectIndex(2)
	selectWith(t, h.settingsWindow().Content(), "Français").SetSelected("Français")
	tabs = uitest.MustFind(t, h.settingsWindow().Content(), "tabs", func(*container.AppTabs) bool { return true })
	if got := tabs.SelectedIndex(); got != 2 {
		t.Errorf("after switching the language the tab shown is %d", got)
	}
	selectWith(t, h.settingsWindow().Content(), "English").SetSelected("English")
}

func TestSettingsWindowCloses(t *testing.T) {
	h := newHarness(t)
	content := h.settingsContent()
	test.Tap(uitest.MustFind(t, content, "Close button", func(b *kit.Button) bool { return b.Text == "Close" }))
	if h.settingsOpen() {
		t.Fatal("Close left the settings window open")
	}
	h.settingsContent()
	h.settingsWindow().Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if h.settingsOpen() {
		t.Error("Escape left the settings window open")
	}
	// Escape closes it from any of its controls: a check box clicked has
	// the keyboard. It did not.
	content = h.settingsContent()
	check := checkLabelled(t, content, "Show coordinates")
	test.Tap(check)
	if h.settingsWindow().Canvas().Focused() != check {
		t.Fatal("a check box clicked does not have the keyboard")
	}
	check.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if h.settingsOpen() {
		t.Error("Escape on a check box clicked left the settings window open")
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
	if _, ok := uitest.Find(content, func(l *canvas.Text) bool { return l.Text == "The moves in the list follow the language." }); !ok {
		t.Error("the settings do not say that the notation follows the language")
	}
	follow := uitest.MustFind(t, content, "the notation choices", func(r *kit.Select) bool {
		return slices.Contains(r.Options, "As the language (Nf3 in English, Cf3 in French)")
	})
	if follow.Selected != follow.Options[0] {
		t.Errorf("a new user's notation choice is %q", follow.Selected)
	}
	follow.SetSelected("English (Nf3, Bxb5, e8=Q)")
	if _, ok := uitest.Find(content, func(l *canvas.Text) bool { return l.Text == "The moves in the list keep the notation chosen above." }); !ok {
		t.Error("the settings do not say that the notation chosen is kept")
	}
	selectWith(t, h.settingsWindow().Content(), "Français").SetSelected("Français")
	if got := h.moves().Notation("Nf3"); got != "Nf3" {
		t.Errorf("English chosen, in French the list shows %q", got)
	}
	content = h.settingsWindow().Content()
	if _, ok := uitest.Find(content, func(l *canvas.Text) bool {
		return l.Text == "Les coups de la liste gardent la notation choisie ci-dessus."
	}); !ok {
		t.Error("in French the settings do not say that the notation chosen is kept")
	}
	uitest.MustFind(t, content, "the French notation choices", func(r *kit.Select) bool {
		return len(r.Options) == 4
	}).SetSelected("Selon la langue (Nf3 en anglais, Cf3 en français)")
	if got := h.moves().Notation("Nf3"); got != "Cf3" {
		t.Errorf("following the language again, in French the list shows %q", got)
	}
}

// TestTheSettingsGoToTheStoreGiven: the program keeps its settings in a
// file of its own (settings.FileStore, written safely); the app wrote
// them to Fyne's preferences instead, whatever store it was given.
func TestTheSettingsGoToTheStoreGiven(t *testing.T) {
	fa := test.NewTempApp(t)
	path := filepath.Join(t.TempDir(), "settings.json")
	store, notices := settings.OpenFile(path, settings.Options{})
	if len(notices) > 0 {
		t.Fatal(notices)
	}
	a := New(fa, Options{NoTicker: true, AutosaveDir: t.TempDir(), Settings: store, Sound: &soundLog{}})
	t.Cleanup(func() { a.env.Window.Close(); a.stop() })
	a.env.Commands.Run(kit.Flip)
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	again, _ := settings.OpenFile(path, settings.Options{})
	defer again.Close()
	if !settings.New(again).Flipped() {
		t.Error("the board turned, but the settings file does not say so")
	}
	if fa.Preferences().BoolWithFallback("board.flipped", false) {
		t.Error("the setting went to Fyne's preferences")
	}
}

// TestTheSidePanelFitsItsWidthInEveryLanguage: the column beside the
// board needs no more than its width when the study area has a column of
// its own, and the window no more than 640 px, in every language; the
// play buttons show their names only where they fit. In French the
// buttons' words made the panel wider than its place: it scrolled
// sideways and cut the clocks ("9:5").
func TestTheSidePanelFitsItsWidthInEveryLanguage(t *testing.T) {
	h := newHarness(t)
	t.Cleanup(func() { h.app.locale.Use("") })
	tc, _ := game.ParseTimeControl("600+5")
	g, _ := game.New(game.Options{TimeControl: tc, Now: h.clock.Now})
	h.app.env.Session.NewGame(g)
	h.play("e2e4")
	for _, language := range []string{"en", "fr"} {
		h.app.env.Settings.SetLanguage(language)
		h.app.LanguageChanged()
		h.app.env.Commands.Run(kit.Pause) // the longer of the button's two words
		l := h.layout()
		if w := l.columnWidth(h.app.main.Objects); w > preferredColumn {
			t.Errorf("in %s the column beside the board needs %v px, more than its %v", language, w, preferredColumn)
		}
		if w := h.win().Content().MinSize().Width; w > 640 {
			t.Errorf("in %s the window needs %v px", language, w)
		}
		for _, size := range []fyne.Size{laptop, {Width: 2400, Height: 1000}} {
			h.resize(size.Width, size.Height)
			h.checkNothingClipped(fmt.Sprintf("%s, %v", language, size))
		}
	}
}

// TestTheTitleShowsAStrangeFileNameOnOneLine: a file name with a line
// break or bytes that are not UTF-8 went raw into the title.
func TestTheTitleShowsAStrangeFileNameOnOneLine(t *testing.T) {
	h := newHarness(t)
	path := filepath.Join(t.TempDir(), "two\nlines \xff.pgn")
	uitest.WriteFile(t, path, "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 *\n")
	h.open(path)
	if got, want := h.win().Title(), "two⏎lines �.pgn — Échiquier"; got != want {
		t.Errorf("title %q, want %q", got, want)
	}
}
