package widgets

import (
	"unicode"

	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/game"
)

// keyboard is the state of keyboard play.
type keyboard struct {
	focused bool
	shown   bool        // a key, not the pointer, was used last
	cursor  game.Square // NoSquare until first needed
}

// cursorShown reports whether the cursor is drawn.
func (b *Board) cursorShown() bool {
	return b.keys.focused && b.keys.shown && b.keys.cursor != game.NoSquare
}

// FocusGained shows the keyboard cursor; it is part of fyne.Focusable.
func (b *Board) FocusGained() {
	b.keys.focused, b.keys.shown = true, true
	b.placeCursor()
	b.BaseWidget.Refresh()
	if b.OnFocus != nil {
		b.OnFocus(true)
	}
}

// FocusLost hides the keyboard cursor; it is part of fyne.Focusable.
func (b *Board) FocusLost() {
	b.keys.focused = false
	b.BaseWidget.Refresh()
	if b.OnFocus != nil {
		b.OnFocus(false)
	}
}

// pointerUsed gives the focus up: the pointer ends keyboard play.
func (b *Board) pointerUsed() {
	b.keys.shown = false
	if b.keys.focused {
		b.giveUpFocus()
	}
}

// giveUpFocus gives the keyboard focus back to the window.
func (b *Board) giveUpFocus() {
	if c := fyne.CurrentApp().Driver().CanvasForObject(b); c != nil && c.Focused() == b {
		c.Unfocus()
	}
}

// placeCursor puts a cursor that has no square yet on the king of the
// side to move, or on its king's pawn's square when it has no king.
func (b *Board) placeCursor() {
	if b.keys.cursor != game.NoSquare {
		return
	}
	if k := b.Pos.KingSquare(b.Pos.Turn); onBoard(k) {
		b.keys.cursor = k
		return
	}
	b.keys.cursor = game.NewSquare(4, 1)
	if b.Pos.Turn == game.Black {
		b.keys.cursor = game.NewSquare(4, 6)
	}
}

// TypedRune takes Q, R, B or N, or a letter of PromotionLetters, in the
// promotion chooser; it is part of fyne.Focusable.
func (b *Board) TypedRune(r rune) {
	if !b.ui.promoting {
		return
	}
	r = unicode.ToUpper(r)
	for i, k := range promotionKinds {
		if string(r) == k.Letter() || b.PromotionLetters[r] == k {
			b.keys.shown = b.keys.focused
			b.promote(i)
			return
		}
	}
}

// TypedKey moves the cursor, picks up and puts down pieces, and cancels;
// it is part of fyne.Focusable.
func (b *Board) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyUp, fyne.KeyDown, fyne.KeyLeft, fyne.KeyRight:
		b.arrow(ev.Name)
	case fyne.KeySpace, fyne.KeyReturn, fyne.KeyEnter:
		b.activate()
	case fyne.KeyEscape:
		b.escape()
	default:
		if b.OnOtherKey != nil {
			b.OnOtherKey(ev)
		}
	}
}

// arrow moves the cursor one square on screen, or the chooser's outline
// one piece.
func (b *Board) arrow(key fyne.KeyName) {
	dx, dy := 0, 0
	switch key {
	case fyne.KeyUp:
		dy = -1
	case fyne.KeyDown:
		dy = 1
	case fyne.KeyLeft:
		dx = -1
	case fyne.KeyRight:
		dx = 1
	}
	switch {
	case !b.revealCursor():
	case b.ui.promoting:
		b.movePromotionChoice(dy)
	default:
		b.keys.cursor = stepSquare(b.keys.cursor, dx, dy, b.Flipped)
	}
	b.BaseWidget.Refresh()
}

// revealCursor shows the cursor and reports whether it was shown already:
// the first key after the pointer was used only shows where it is.
func (b *Board) revealCursor() bool {
	was := b.cursorShown()
	b.keys.shown = true
	b.placeCursor()
	return was
}

// stepSquare returns the square dx columns and dy rows away from sq on
// screen, staying on the board.
func stepSquare(sq game.Square, dx, dy int, flipped bool) game.Square {
	col, row := cell(sq, flipped)
	col, row = min(max(col+dx, 0), 7), min(max(row+dy, 0), 7)
	if flipped {
		col, row = 7-col, 7-row
	}
	return game.NewSquare(col, 7-row)
}

// movePromotionChoice moves the chooser's outline dy rows on screen.
func (b *Board) movePromotionChoice(dy int) {
	_, row := cell(b.ui.promoTo, b.Flipped)
	if row == 7 { // the chooser grows upwards from the bottom edge
		dy = -dy
	}
	b.ui.promoChoice = min(max(b.ui.promoChoice+dy, 0), len(promotionKinds)-1)
}

// activate is Space or Enter: a click on the cursor square, or taking the
// outlined piece in the chooser.
func (b *Board) activate() {
	b.finishSlide()
	switch {
	case !b.revealCursor():
		b.BaseWidget.Refresh()
	case b.ui.promoting:
		b.promote(b.ui.promoChoice)
	default:
		b.clickSquare(b.keys.cursor)
	}
}

// escape cancels what is in progress or clears the marks, or else gives
// the focus up.
func (b *Board) escape() {
	if !b.Escape() {
		b.giveUpFocus()
	}
}

// Escape does what Escape on the board does before it gives up the
// focus: it puts down what is in hand (see CancelSelection), or else
// clears the marks (OnClearMarks). It reports whether it did either: the
// window's Escape, with the focus nowhere, does it too.
func (b *Board) Escape() bool {
	switch {
	case b.busy():
		b.CancelSelection()
	case len(b.Marks) > 0 && b.OnClearMarks != nil:
		b.OnClearMarks()
	default:
		return false
	}
	return true
}
