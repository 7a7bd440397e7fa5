package app

import "fyne.io/fyne/v2"

// The keyboard of the main window, when no control has it: a dialog
// shown takes every key; else a key with a command runs it (F2, ←); else
// the play room takes it (Escape puts a piece down). A character typed
// goes to the play room (the move box, or the promotion chooser), never
// behind a dialog.

func (a *App) typedKey(ev *fyne.KeyEvent) {
	if a.env.Dialogs.Key(ev) || a.env.Commands.TypedKey(ev) {
		return
	}
	a.play.TypedKey(ev)
}

func (a *App) typedRune(r rune) {
	if a.env.Dialogs.Shown() {
		return
	}
	a.play.TypedRune(r)
}
