package app

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/game/gametest"
	"github.com/echiquier/echiquier/app/ui/help"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
)

func TestShortcutsReachTheirActions(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	flipped := h.board().Flipped
	h.shortcut(kit.Flip)
	if h.board().Flipped == flipped {
		t.Error("Ctrl+F did not flip the board")
	}
	h.shortcut(kit.TakeBack)
	h.wantDialog("take back")
	h.tapButton("Allow")
	if h.history() != "" {
		t.Errorf("Ctrl+Z then Allow left %q", h.history())
	}
	h.shortcut(kit.NewGame)
	h.wantDialog("New game")
}

func TestShortcutsFollowTheMenusOfANewLanguage(t *testing.T) {
	h := newHarness(t)
	t.Cleanup(func() { h.app.locale.Use("") })
	h.app.env.Settings.SetLanguage("en")
	h.app.LanguageChanged()
	path := t.TempDir() + "/games.pgn"
	uitest.WriteFile(t, path, gametest.PGNGame("White=X", 2)+gametest.PGNGame("White=Y", 2))
	h.open(path)
	h.tapButton("Open")
	h.shortcut(kit.NextGame)
	if h.dialogText() != "" {
		t.Fatal("the list of games is still shown")
	}
	h.shortcut(kit.GamesInFile)
	h.wantDialog("Choose a game in games.pgn")
}

// TestNoTwoCommandsShareAKey: every shortcut of the table of commands is
// its command's alone, and every command with a modifier is in a menu
// (the menus take their shortcuts first, even from a text field).
func TestNoTwoCommandsShareAKey(t *testing.T) {
	h := newHarness(t)
	cmds := h.app.env.Commands.All()
	var inMenus []kit.ID
	for _, m := range h.app.menuLayout() {
		inMenus = append(inMenus, m.IDs()...)
	}
	seen := map[string]kit.ID{}
	for _, c := range cmds {
		if c.Shortcut == nil {
			continue
		}
		k, ok := c.Shortcut.(fyne.KeyboardShortcut)
		if !ok {
			t.Errorf("%s: a shortcut that is not typed", c.ID)
			continue
		}
		key := kit.ShortcutText(c.Shortcut)
		if other, dup := seen[key]; dup {
			t.Errorf("%s and %s share %s", other, c.ID, key)
		}
		seen[key] = c.ID
		if k.Mod() != 0 && !slices.Contains(inMenus, c.ID) {
			t.Errorf("%s (%s) is in no menu", c.ID, key)
		}
	}
	if len(seen) < 20 {
		t.Errorf("only %d shortcuts in the table", len(seen))
	}
	defer func() {
		if recover() == nil {
			t.Error("the table took a second command on Ctrl+S")
		}
	}()
	h.app.env.Commands.Add(kit.Command{ID: "again", Label: "Again", Shortcut: kit.Ctrl(fyne.KeyS), Run: func() {}})
}

// TestKeyboardShortcutsListsTheTable: Help ▸ Keyboard shortcuts (F1)
// lists every shortcut of the table, in the user's language.
func TestKeyboardShortcutsListsTheTable(t *testing.T) {
	h := newHarness(t)
	lines := h.app.help.Lines()
	for _, c := range h.app.env.Commands.All() {
		if c.Shortcut == nil {
			continue
		}
		if !slices.ContainsFunc(lines, func(l help.Line) bool { return l.Keys == kit.ShortcutText(c.Shortcut) && l.Does == kit.Label(c) }) {
			t.Errorf("%s (%s) is not listed", c.ID, kit.ShortcutText(c.Shortcut))
		}
	}
	h.press(fyne.KeyF1)
	h.wantDialog("Keyboard shortcuts")
	if !strings.Contains(h.dialogText(), "Ctrl+Shift+S") || !strings.Contains(h.dialogText(), "Save as…") {
		t.Errorf("the list shows %q", h.dialogText())
	}
	h.press(fyne.KeyEscape)
	if h.dialogText() != "" {
		t.Errorf("Escape left %q", h.dialogText())
	}
	t.Cleanup(func() { h.app.locale.Use("") })
	h.app.env.Settings.SetLanguage("fr")
	h.app.LanguageChanged()
	lines = h.app.help.Lines()
	if !slices.ContainsFunc(lines, func(l help.Line) bool { return l.Keys == "Ctrl+Maj+S" && l.Does == "Enregistrer sous…" }) {
		t.Errorf("in French, Ctrl+Shift+S is listed as %v", lines)
	}
}
