// Package help is the room of help: the keyboard shortcuts, read from
// the table of commands, in the user's language.
package help

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/ui/kit"
)

// Help is the help room.
type Help struct {
	env   *kit.Env
	menus func() []kit.MenuSpec
}

// New makes the room, which lists the shortcuts of the commands of
// menus (the window's menus, in order), and adds its command to the
// table.
func New(env *kit.Env, menus func() []kit.MenuSpec) *Help {
	h := &Help{env: env, menus: menus}
	env.Commands.Add(kit.Command{ID: kit.Shortcuts, Label: "Keyboard shortcuts", Shortcut: kit.BareKey(fyne.KeyF1), Run: h.show})
	return h
}

// Line is a line of the list of shortcuts: what is typed, and what it
// does.
type Line struct{ Keys, Does string }

// Lines lists the shortcuts: those of the commands, menu by menu, then
// the keys of the board, the move box and the dialogs.
func (h *Help) Lines() []Line {
	var out []Line
	for _, m := range h.menus() {
		for _, id := range m.IDs() {
			c, ok := h.env.Commands.Get(id)
			if !ok || c.Shortcut == nil {
				continue
			}
			out = append(out, Line{Keys: kit.ShortcutText(c.Shortcut), Does: kit.Label(c)})
		}
	}
	return append(out,
		Line{Keys: lang.L("a letter or a digit"), Does: lang.L("starts typing a move (e4, Nf3, Cf3, O-O); Tab completes it, Enter plays it")},
		Line{Keys: lang.L("Arrows, Space, Enter"), Does: lang.L("on the board with the keyboard: move the cursor, pick up and put down")},
		Line{Keys: lang.L("Q, R, B, N (French: D, T, F, C)"), Does: lang.L("choose the piece of a promotion")},
		Line{Keys: kit.ShortcutText(kit.BareKey(fyne.KeyEscape)), Does: lang.L("puts a piece down, gives the keys back to the move box, closes a dialog")},
		Line{Keys: lang.L("Enter"), Does: lang.L("answers a dialog with its highlighted button")},
	)
}

// show shows the list of shortcuts in a dialog.
func (h *Help) show() {
	lines := h.Lines()
	table := widget.NewTable(
		func() (int, int) { return len(lines), 2 },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			if id.Col == 0 {
				l.TextStyle.Bold = true
				l.SetText(lines[id.Row].Keys)
				return
			}
			l.TextStyle.Bold = false
			l.SetText(lines[id.Row].Does)
		})
	keys := float32(0)
	for _, l := range lines {
		keys = max(keys, widget.NewLabelWithStyle(l.Keys, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}).MinSize().Width)
	}
	table.SetColumnWidth(0, keys)
	table.SetColumnWidth(1, 600)
	sc := &kit.Scope{}
	d := dialog.NewCustomWithoutButtons(lang.L("Keyboard shortcuts"), container.NewStack(table), h.env.Window)
	sc.Cancel, sc.Confirm = d.Hide, d.Hide
	d.SetButtons([]fyne.CanvasObject{kit.NewButton(sc, lang.L("Close"), d.Hide)})
	size := h.env.Window.Canvas().Size()
	d.Resize(fyne.NewSize(min(keys+640, size.Width-40), min(600, size.Height-40)))
	h.env.Dialogs.Show(d, sc)
}
