package help

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
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
