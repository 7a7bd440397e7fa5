package play

import (
	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/ui/words"
)

// The keyboard in the main window follows one rule, of which the window
// (app) holds the handlers and this room the parts: characters typed go
// to the move box, unless a text field has the keyboard or the board has
// it (Ctrl+B). While the promotion chooser is open, its letters go to it,
// however it was opened. The board keeps the keyboard until Escape, a
// click on the board or a click on a button.

// TypedRune takes a character typed with no control focused: the
// promotion chooser's letters, or else the start of a move typed.
func (p *Play) TypedRune(r rune) {
	if r == ' ' {
		return
	}
	if b := p.v.board; b.Promoting() {
		b.TypedRune(r)
		return
	}
	p.v.moveBox.typeRune(r)
}

// TypedKey takes a key typed with no control focused that no command
// took: Escape puts down a piece picked up, or else clears the arrows
// and circles, as on the board.
func (p *Play) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape {
		p.v.board.Escape()
	}
}

// focusBoard gives the keyboard to the board: arrows move a square
// cursor, Space or Enter picks up and puts down.
func (p *Play) focusBoard() { p.env.Window.Canvas().Focus(p.v.board) }

// keyboardRefused says why the board cannot take the keyboard: it has it.
func (p *Play) keyboardRefused() string {
	if p.env.Window.Canvas().Focused() == p.v.board {
		return words.KeyboardBoard()
	}
	return ""
}

// EndKeyboardBoard gives the keyboard back to the move box, when the
// board has it: a click on a button does.
func (p *Play) EndKeyboardBoard() {
	if c := p.env.Window.Canvas(); c.Focused() == p.v.board {
		c.Unfocus()
	}
}

// boardFocus follows the board taking or giving up the keyboard: while
// it has it, the status line says how to leave it.
func (p *Play) boardFocus(on bool) {
	mode := ""
	if on {
		mode = words.KeyboardBoard()
	}
	p.env.Status.SetMode(mode)
	p.env.Commands.Refresh()
}

// boardKey takes the keys the board does not use while it has the
// keyboard (Home, End, F2…): the window's commands run them.
func (p *Play) boardKey(ev *fyne.KeyEvent) { p.env.Commands.TypedKey(ev) }
