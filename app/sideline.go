package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/words"
)

// nodeMenu is the context menu of a move in the move list.
func (a *App) nodeMenu(n *game.Node) *fyne.Menu {
	if n == nil || n.Parent() == nil {
		return nil
	}
	items := []*fyne.MenuItem{
		fyne.NewMenuItem(lang.L("Edit comment…"), func() { a.editComment(n) }),
	}
	if !n.IsMainLine() {
		items = append(items,
			fyne.NewMenuItem(lang.L("Promote side line"), func() { a.reportError(a.sess.PromoteSideLine(n)) }),
			fyne.NewMenuItem(lang.L("Delete from here"), func() { a.reportError(a.sess.DeleteSideLine(n)) }))
	}
	return fyne.NewMenu("", items...)
}

// editComment asks for the comment after n's move.
func (a *App) editComment(n *game.Node) {
	entry := newEscapableEntry()
	entry.MultiLine = true
	entry.SetText(n.Comment())
	entry.Wrapping = fyne.TextWrapWord
	entry.SetMinRowsVisible(4)
	title := lang.L("Comment on {{.Move}}", map[string]any{"Move": words.MoveLabel(n)})
	d := dialog.NewCustomConfirm(title, lang.L("Save"), lang.L("Cancel"), entry, func(ok bool) {
		if ok {
			a.reportError(a.sess.SetComment(n, entry.Text))
		}
	}, a.win)
	d.Resize(fyne.NewSize(480, 260))
	entry.onEscape = d.Dismiss
	a.dlg.show(d, nil)
	a.win.Canvas().Focus(entry)
}

// escapableEntry is a text entry in a dialog: Escape, which an entry
// would keep, dismisses the dialog.
type escapableEntry struct {
	widget.Entry
	onEscape func()
}

func newEscapableEntry() *escapableEntry {
	e := &escapableEntry{}
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey dismisses the dialog on Escape and otherwise edits.
func (e *escapableEntry) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape && e.onEscape != nil {
		e.onEscape()
		return
	}
	e.Entry.TypedKey(ev)
}
