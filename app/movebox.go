package app

import (
	"image/color"
	"strings"
	"unicode/utf8"

	"github.com/echiquier/echiquier/app/ui/words"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
)

// mostSuggestions is how many completions the move box lists.
const mostSuggestions = 8

// moveBox is where a move is typed: "e4", "Nf3", "Cf3", "e2e4", "O-O". It
// lists the legal moves that begin with what is typed; Tab completes, Enter
// plays.
type moveBox struct {
	entry *moveEntry
	hint  *widget.Label
	box   fyne.CanvasObject
}

// moveEntry is a text entry that keeps the Tab key for completion.
type moveEntry struct {
	widget.Entry
	onTab, onEscape func()
}

func newMoveEntry(onTab, onEscape func()) *moveEntry {
	e := &moveEntry{onTab: onTab, onEscape: onEscape}
	e.ExtendBaseWidget(e)
	return e
}

// AcceptsTab keeps Tab in the entry: it completes the move.
func (e *moveEntry) AcceptsTab() bool { return true }

// TypedKey completes on Tab, clears the box on Escape and otherwise
// edits.
func (e *moveEntry) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyTab:
		e.onTab()
	case fyne.KeyEscape:
		e.onEscape()
	default:
		e.Entry.TypedKey(ev)
	}
}

func (a *App) newMoveBox() *moveBox {
	mb := &moveBox{hint: widget.NewLabel("")}
	mb.entry = newMoveEntry(a.completeMove, a.clearMoveBox)
	mb.entry.SetPlaceHolder(lang.L("Type a move: e4, Nf3, O-O…"))
	mb.entry.OnChanged = func(string) { a.suggestMoves() }
	mb.entry.OnSubmitted = a.submitTypedMove
	mb.hint.Wrapping = fyne.TextWrapWord
	// The hint's place is two lines tall, said or not: a message does
	// not move the buttons under it.
	keep := canvas.NewRectangle(color.Transparent)
	keep.SetMinSize(fyne.NewSize(0, 2*fyne.MeasureText("M", fynetheme.TextSize(), fyne.TextStyle{}).Height+2*fynetheme.InnerPadding()))
	mb.box = container.NewVBox(mb.entry, container.NewStack(keep, mb.hint))
	return mb
}

// suggestions returns the legal moves at the shown position, as the move
// list writes them, that begin with what is typed (the piece letter in any
// case, and in English or French).
func (a *App) suggestions(typed string) []string {
	typed = castlingWithZeros(strings.TrimSpace(typed))
	if typed == "" || !a.sess.CanMoveHere() {
		return nil
	}
	notation := a.notation()
	var out []string
	for _, san := range a.sess.Shown().LegalSAN() {
		shown := game.FormatSAN(san, notation)
		if hasPrefixFold(shown, typed) || hasPrefixFold(san, typed) || hasPrefixFold(game.FormatSAN(san, game.FrenchSAN), typed) {
			out = append(out, shown)
		}
	}
	return out
}

// castlingWithZeros reads "0-0" and "0-0-0", as people write castling by
// hand, as the letter O that SAN uses.
func castlingWithZeros(typed string) string {
	if strings.Trim(typed, "0-") == "" && strings.HasPrefix(typed, "0") {
		return strings.ReplaceAll(typed, "0", "O")
	}
	return typed
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// suggestMoves lists the completions of what is typed under the box.
func (a *App) suggestMoves() {
	mb := a.ui.moveBox
	found := a.suggestions(mb.entry.Text)
	mb.hint.Importance = widget.MediumImportance
	switch {
	case strings.TrimSpace(mb.entry.Text) == "":
		mb.hint.SetText("")
	case len(found) == 0:
		mb.hint.SetText(lang.L("No legal move begins with that"))
	case len(found) > mostSuggestions:
		mb.hint.SetText(strings.Join(found[:mostSuggestions], "  ") + "  …")
	default:
		mb.hint.SetText(strings.Join(found, "  "))
	}
}

// completeMove fills the box with the one move that begins with what is
// typed, or with the part all such moves share: whole characters, as a
// figurine takes several bytes.
func (a *App) completeMove() {
	mb := a.ui.moveBox
	found := a.suggestions(mb.entry.Text)
	if len(found) == 0 {
		return
	}
	common := found[0]
	for _, s := range found[1:] {
		for !strings.HasPrefix(s, common) {
			_, size := utf8.DecodeLastRuneInString(common)
			common = common[:len(common)-size]
		}
	}
	if len(common) > len(strings.TrimSpace(mb.entry.Text)) {
		mb.entry.SetText(common)
		mb.entry.CursorColumn = len([]rune(common))
		mb.entry.Refresh()
	}
}

// submitTypedMove plays the move typed, or says why it cannot be played.
// A text that is the beginning of exactly one legal move plays that move.
// Where the English and the French reading name two legal moves ("Rf1":
// a rook or the king), the one in the notation of the move list wins.
func (a *App) submitTypedMove(text string) {
	mb := a.ui.moveBox
	text = strings.TrimSpace(text)
	if text == "" {
		return
	}
	if !a.sess.CanMoveHere() {
		a.showMoveBoxError(lang.L("No move can be played here: the game is over"))
		return
	}
	n, notation := a.sess.Shown(), a.notation()
	m, err := n.ParseMoveIn(text, notation)
	if err != nil {
		found := a.suggestions(text)
		if len(found) != 1 {
			a.showMoveBoxError(words.ErrorIn(err, notation))
			return
		}
		if m, err = n.ParseMoveIn(found[0], notation); err != nil {
			a.showMoveBoxError(words.ErrorIn(err, notation))
			return
		}
	}
	mb.entry.SetText("")
	// The next key typed comes back to the box (typedRune); meanwhile
	// the window keeps no blinking cursor, whose animation would redraw
	// the whole window every frame while the players think.
	a.win.Canvas().Unfocus()
	a.moveFromBoard(m)
}

func (a *App) showMoveBoxError(msg string) {
	mb := a.ui.moveBox
	mb.hint.Importance = widget.DangerImportance
	mb.hint.SetText(msg)
}

// clearMoveBox empties the move box and gives the keyboard back to the
// window.
func (a *App) clearMoveBox() {
	a.ui.moveBox.entry.SetText("")
	a.win.Canvas().Unfocus()
}

// typedRune starts typing a move when a key is typed with nothing focused.
func (a *App) typedRune(r rune) {
	if r == ' ' || a.dlg.shown() {
		return
	}
	c := a.win.Canvas()
	c.Focus(a.ui.moveBox.entry)
	a.ui.moveBox.entry.TypedRune(r)
}
