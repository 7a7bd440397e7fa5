package help

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/app/ui/words"
)

func TestTheShortcutsOfTheMenusAreListed(t *testing.T) {
	u := uitest.New(t)
	u.Env.Commands.Add(
		kit.Command{ID: "save", Label: "Save", Shortcut: kit.Ctrl(fyne.KeyS), Run: func() {}},
		kit.Command{ID: "hidden", Label: "Hidden", Shortcut: kit.Ctrl(fyne.KeyH), Run: func() {}},
		kit.Command{ID: "none", Label: "No key", Run: func() {}},
	)
	h := New(u.Env, func() []kit.MenuSpec {
		return []kit.MenuSpec{{Title: "Game", Items: []kit.ID{"save", "none", kit.Shortcuts}}}
	})
	u.Show(u.Env.Status.Widget())
	u.Env.Window.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if !u.Env.Dialogs.Key(ev) {
			u.Env.Commands.TypedKey(ev)
		}
	})
	lines := h.Lines()
	has := func(keys, does string) bool {
		return slices.ContainsFunc(lines, func(l Line) bool { return l.Keys == keys && l.Does == does })
	}
	if !has("Ctrl+S", "Save") || !has("F1", "Keyboard shortcuts") || slices.ContainsFunc(lines, func(l Line) bool { return l.Does == "Hidden" || l.Does == "No key" }) {
		t.Errorf("lines: %v", lines)
	}
	u.Press(fyne.KeyF1)
	u.WantDialog("Keyboard shortcuts")
	if !strings.Contains(u.DialogText(), "Ctrl+S") {
		t.Errorf("the dialog shows %q", u.DialogText())
	}
	u.Press(fyne.KeyEscape)
	if u.DialogText() != "" {
		t.Errorf("Escape left %q", u.DialogText())
	}
}

// TestTheMenusNameTheKeysAsHelpDoes: a menu item's shortcut is drawn
// with the words Help gives it, in either language (Fyne writes them in
// English: "Ctrl+Shift+S", "PgUp", "Home").
func TestTheMenusNameTheKeysAsHelpDoes(t *testing.T) {
	uitest.InLanguages(t, func(language words.Language) {
		u := uitest.New(t)
		u.Env.Commands.Add(
			kit.Command{ID: "saveAs", Label: "Save as…", Shortcut: kit.CtrlShift(fyne.KeyS), Run: func() {}},
			kit.Command{ID: "previous", Label: "Previous game", Shortcut: kit.Ctrl(fyne.KeyPageUp), Run: func() {}},
			kit.Command{ID: "start", Label: "Start position", Shortcut: kit.BareKey(fyne.KeyHome), Run: func() {}},
			kit.Command{ID: "end", Label: "Back to the game", Shortcut: kit.BareKey(fyne.KeyEnd), Run: func() {}},
		)
		specs := []kit.MenuSpec{{Title: "Game", Items: []kit.ID{"saveAs", "previous", "start", "end", kit.Shortcuts}}}
		h := New(u.Env, func() []kit.MenuSpec { return specs })
		menu := u.Env.Commands.MainMenu(specs, func(*fyne.MainMenu) {})
		var drawn []string
		uitest.Walk(widget.NewMenu(menu.Items[0]), func(o fyne.CanvasObject) {
			if t, ok := o.(*canvas.Text); ok && t.Text != "" {
				drawn = append(drawn, t.Text)
			}
		})
		all := strings.Join(drawn, " | ")
		want := map[string][]string{
			"en": {"Ctrl+Shift+S", "Ctrl+Page Up", "Home", "End", "F1"},
			"fr": {"Ctrl+Maj+S", "Ctrl+Pg préc", "Origine", "Fin", "F1"},
		}[string(language)]
		for i, l := range h.Lines()[:len(want)] {
			if l.Keys != want[i] {
				t.Errorf("%s: Help writes %q, want %q", string(language), l.Keys, want[i])
			}
			if !slices.Contains(drawn, l.Keys) {
				t.Errorf("%s: the menu does not show %q as Help writes it: %s", string(language), l.Keys, all)
			}
		}
		for _, english := range []string{"Shift+", "PgUp"} {
			if string(language) == "fr" && strings.Contains(all, english) {
				t.Errorf("the French menu shows %q: %s", english, all)
			}
		}
	})
}
