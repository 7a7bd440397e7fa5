package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// newDialogButton is a button of a custom dialog.
func newDialogButton(label string, tapped func()) *widget.Button {
	return widget.NewButton(label, tapped)
}

// wrapped is a message that wraps at word boundaries.
func wrapped(msg string) *widget.Label {
	l := widget.NewLabel(msg)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// confirmDiscard runs then once the current game is safe to leave: it was
// not changed since it was saved, or the user saves it or gives it up.
func (a *App) confirmDiscard(then func()) {
	if !a.sess.Dirty() || len(a.sess.Game().History()) == 0 {
		then()
		return
	}
	var d *dialog.CustomDialog
	save := newDialogButton(lang.L("Save"), func() {
		d.Hide()
		a.saveThen(then)
	})
	save.Importance = widget.HighImportance
	discard := newDialogButton(lang.L("Don't save"), func() {
		d.Hide()
		a.sess.Discard()
		then()
	})
	cancel := newDialogButton(lang.L("Cancel"), func() { d.Hide() })
	msg := lang.L("The current game has changes that are not saved. Save it first?")
	d = dialog.NewCustomWithoutButtons(lang.L("Unsaved game"), wrapped(msg), a.win)
	d.SetButtons([]fyne.CanvasObject{cancel, discard, save})
	d.Show()
}

// quit closes the app once the game is safe to leave.
func (a *App) quit() {
	a.confirmDiscard(func() {
		if !a.sess.Dirty() {
			a.sess.Discard()
		}
		if a.autosave != nil {
			a.autosave.Close() // what is pending is written first
		}
		a.stopTicker()
		a.ticker = nil
		a.win.Close()
		a.fyne.Quit()
	})
}
