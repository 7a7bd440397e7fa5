package app

import (
	"slices"

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

// modal is a dialog on screen. The keyboard reaches it, not the window
// behind: Escape dismisses it (as its Cancel or Close button would), Enter
// runs its default action, when it has one; other keys go nowhere.
type modal struct {
	d       dialog.Dialog
	confirm func()
}

// show shows d as a modal dialog; confirm is what Enter does, or nil.
func (a *App) show(d dialog.Dialog, confirm func()) {
	a.modals = append(a.modals, modal{d, confirm})
	d.SetOnClosed(func() {
		a.modals = slices.DeleteFunc(a.modals, func(m modal) bool { return m.d == d })
	})
	d.Show()
}

// modalKey gives a key typed outside any text field to the dialog on
// top, if one is shown, and reports whether one is.
func (a *App) modalKey(ev *fyne.KeyEvent) bool {
	if len(a.modals) == 0 {
		return false
	}
	top := a.modals[len(a.modals)-1]
	switch ev.Name {
	case fyne.KeyEscape:
		top.d.Dismiss()
	case fyne.KeyReturn, fyne.KeyEnter:
		if top.confirm != nil {
			top.confirm()
		}
	}
	return true
}

// modalOpen reports whether a dialog is shown: the window behind takes no
// key and no shortcut.
func (a *App) modalOpen() bool { return len(a.modals) > 0 }

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
	a.show(d, save.OnTapped)
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
		a.stopAnalysis()
		a.win.Close()
		a.fyne.Quit()
	})
}

// showErrorDialog shows an error in a dialog.
func (a *App) showErrorDialog(err error) {
	d := dialog.NewError(err, a.win)
	a.show(d, d.Hide)
}
