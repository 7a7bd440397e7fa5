package kit

import (
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Dialogs shows a window's dialogs, modal for the keyboard too: a key
// typed outside a dialog's controls goes to the dialog on top, not to
// the window behind (Escape cancels it, Enter runs its default action
// when it has one, other keys go nowhere), and the window's commands
// wait. Inside the dialog, the controls of kit do the same (Scope).
type Dialogs struct {
	win  fyne.Window
	open []modal // the dialogs shown, the one on top last
}

// modal is a dialog on screen and what its keys do.
type modal struct {
	d     dialog.Dialog
	scope *Scope
}

// NewDialogs makes the dialogs of window w.
func NewDialogs(w fyne.Window) *Dialogs { return &Dialogs{win: w} }

// Window is the window the dialogs are shown over.
func (m *Dialogs) Window() fyne.Window { return m.win }

// Show shows d as a modal dialog whose keys are s's; Escape dismisses d
// when s has no Cancel of its own.
func (m *Dialogs) Show(d dialog.Dialog, s *Scope) {
	if s.Cancel == nil {
		s.Cancel = d.Dismiss
	}
	md := modal{d: d, scope: s}
	m.open = append(m.open, md)
	d.SetOnClosed(func() {
		m.open = slices.DeleteFunc(m.open, func(x modal) bool { return x.d == md.d })
	})
	d.Show()
}

// Key gives a key typed outside any control to the dialog on top, if one
// is shown, and reports whether one is.
func (m *Dialogs) Key(ev *fyne.KeyEvent) bool {
	if len(m.open) == 0 {
		return false
	}
	m.open[len(m.open)-1].scope.key(ev, true)
	return true
}

// Shown reports whether a dialog is shown: the window behind takes no
// key and no command.
func (m *Dialogs) Shown() bool { return len(m.open) > 0 }

// Asked is a question on screen, which the one who asked may withdraw
// when events made it moot.
type Asked struct {
	m *Dialogs
	d dialog.Dialog
	s *Scope
}

// Open reports whether the question is still on screen.
func (a *Asked) Open() bool {
	return slices.ContainsFunc(a.m.open, func(x modal) bool { return x.d == a.d })
}

// Withdraw closes the question as its Cancel button does, if it is still
// on screen.
func (a *Asked) Withdraw() {
	if a.Open() {
		a.s.Cancel()
	}
}

// Choice is one button of a dialog; Enter presses the Default one.
type Choice struct {
	Label   string
	Action  func()
	Default bool
}

// Choose shows a message with a Cancel button and a button per choice,
// the default one (if any) last and highlighted. Cancel and Escape close
// the dialog and run cancel, when not nil.
func (m *Dialogs) Choose(title, msg string, choices []Choice, cancel func()) *Asked {
	return m.choose(title, Wrapped(msg), nil, lang.L("Cancel"), choices, cancel)
}

// choose shows content, with an icon when not nil, the button no (which
// Escape presses) and the choices.
func (m *Dialogs) choose(title string, content fyne.CanvasObject, icon fyne.Resource, no string, choices []Choice, cancel func()) *Asked {
	// A wrapped text has no width of its own: a dialog shown before the
	// window had its size was one letter wide.
	width := canvas.NewRectangle(color.Transparent)
	width.SetMinSize(fyne.NewSize(messageWidth, 0))
	content = container.NewStack(width, content)
	if icon != nil {
		content = container.NewBorder(nil, nil, container.NewCenter(widget.NewIcon(icon)), nil, content)
	}
	d := dialog.NewCustomWithoutButtons(title, content, m.win)
	closing := func(f func()) func() {
		return func() {
			d.Hide()
			if f != nil {
				f()
			}
		}
	}
	s := &Scope{Cancel: closing(cancel)}
	var buttons []fyne.CanvasObject
	if no != "" {
		buttons = append(buttons, NewButton(s, no, s.Cancel))
	}
	for _, c := range choices {
		b := NewButton(s, c.Label, closing(c.Action))
		if c.Default {
			b.Importance = widget.HighImportance
			s.Confirm = b.OnTapped
		}
		buttons = append(buttons, b)
	}
	d.SetButtons(buttons)
	m.Show(d, s)
	return &Asked{m: m, d: d, s: s}
}

// Ask shows a question with two answers; Escape answers no, Enter yes.
func (m *Dialogs) Ask(title, msg, yes, no string, then func(bool)) *Asked {
	return m.choose(title, Wrapped(msg), fynetheme.QuestionIcon(), no,
		[]Choice{{Label: yes, Action: func() { then(true) }, Default: true}}, func() { then(false) })
}

// AskSafely is Ask where no is the default: Enter answers no, for a
// question whose yes loses something (a file replaced).
func (m *Dialogs) AskSafely(title, msg, yes, no string, then func(bool)) *Asked {
	return m.choose(title, Wrapped(msg), fynetheme.WarningIcon(), "",
		[]Choice{{Label: yes, Action: func() { then(true) }}, {Label: no, Action: func() { then(false) }, Default: true}},
		func() { then(false) })
}

// Question shows a question with a button per choice and the button
// later, which Escape and closing the dialog press: for a question whose
// answers are not all harmless, "not now" must be one of them.
func (m *Dialogs) Question(title, msg, later string, choices []Choice, then func()) *Asked {
	return m.choose(title, Wrapped(msg), fynetheme.QuestionIcon(), later, choices, then)
}

// Inform shows a message with an OK button, which Enter and Escape
// press.
func (m *Dialogs) Inform(title, msg string) {
	m.choose(title, Wrapped(msg), fynetheme.InfoIcon(), "", []Choice{{Label: lang.L("OK"), Default: true}}, nil)
}

// ShowError shows an error's message with an OK button.
func (m *Dialogs) ShowError(err error) {
	m.choose(lang.L("Error"), Wrapped(err.Error()), fynetheme.ErrorIcon(), "", []Choice{{Label: lang.L("OK"), Default: true}}, nil)
}

// messageWidth is the width of a dialog's message: it fits the
// smallest window, and its lines are not too long to read.
const messageWidth = 400

// Wrapped is a message that wraps at word boundaries.
func Wrapped(msg string) *widget.Label {
	l := widget.NewLabel(msg)
	l.Wrapping = fyne.TextWrapWord
	return l
}
