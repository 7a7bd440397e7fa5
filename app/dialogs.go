package app

import (
	"errors"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/ui/words"
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

// dialogs shows the window's dialogs, modal for the keyboard too: a key
// typed outside a dialog's fields goes to the dialog on top, not to the
// window behind — Escape dismisses it (as its Cancel or Close button
// would), Enter runs its default action when it has one, other keys go
// nowhere — and the window's shortcuts wait.
type dialogs struct {
	win  fyne.Window
	open []modal // the dialogs shown, the one on top last
}

// modal is a dialog on screen, what Enter does in it, and what Escape
// does when it is more than closing the dialog.
type modal struct {
	d       dialog.Dialog
	confirm func()
	cancel  func()
}

// show shows d as a modal dialog; confirm is what Enter does, or nil.
func (m *dialogs) show(d dialog.Dialog, confirm func()) {
	m.push(modal{d: d, confirm: confirm})
}

func (m *dialogs) push(md modal) {
	m.open = append(m.open, md)
	md.d.SetOnClosed(func() {
		m.open = slices.DeleteFunc(m.open, func(x modal) bool { return x.d == md.d })
	})
	md.d.Show()
}

// key gives a key typed outside any text field to the dialog on top, if
// one is shown, and reports whether one is.
func (m *dialogs) key(ev *fyne.KeyEvent) bool {
	if len(m.open) == 0 {
		return false
	}
	top := m.open[len(m.open)-1]
	switch ev.Name {
	case fyne.KeyEscape:
		if top.cancel != nil {
			top.cancel()
		} else {
			top.d.Dismiss()
		}
	case fyne.KeyReturn, fyne.KeyEnter:
		if top.confirm != nil {
			top.confirm()
		}
	}
	return true
}

// shown reports whether a dialog is shown: the window behind takes no
// key and no shortcut.
func (m *dialogs) shown() bool { return len(m.open) > 0 }

// showError shows an error in a dialog.
func (m *dialogs) showError(err error) {
	d := dialog.NewError(err, m.win)
	m.show(d, d.Hide)
}

// ask shows a question with two answers; Escape answers no.
func (m *dialogs) ask(title, msg, yes, no string, then func(bool)) {
	d := dialog.NewConfirm(title, msg, then, m.win)
	d.SetConfirmText(yes)
	d.SetDismissText(no)
	m.show(d, d.Confirm)
}

// choice is one button of a dialog; Enter presses the one marked
// isDefault.
type choice struct {
	label     string
	action    func()
	isDefault bool
}

// choose shows a message with a Cancel button and a button per choice,
// the default one (if any) last and highlighted. Cancel and Escape close
// the dialog and run cancel, when not nil.
func (m *dialogs) choose(title, msg string, choices []choice, cancel func()) {
	var d *dialog.CustomDialog
	closing := func(f func()) func() {
		return func() {
			d.Hide()
			if f != nil {
				f()
			}
		}
	}
	buttons := []fyne.CanvasObject{newDialogButton(lang.L("Cancel"), closing(cancel))}
	var confirm func()
	for _, c := range choices {
		b := newDialogButton(c.label, closing(c.action))
		if c.isDefault {
			b.Importance = widget.HighImportance
			confirm = b.OnTapped
		}
		buttons = append(buttons, b)
	}
	d = dialog.NewCustomWithoutButtons(title, wrapped(msg), m.win)
	d.SetButtons(buttons)
	m.push(modal{d: d, confirm: confirm, cancel: closing(cancel)})
}

// inform shows a message with an OK button.
func (m *dialogs) inform(title, msg string) {
	d := dialog.NewInformation(title, msg, m.win)
	m.show(d, d.Hide)
}

// showError shows err in a dialog, worded by words.ErrorIn.
func (a *App) showError(err error) {
	a.dlg.showError(errors.New(words.ErrorIn(err, a.notation())))
}
