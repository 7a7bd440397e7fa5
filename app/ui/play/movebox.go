package play

import (
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
)

// mostSuggestions is how many completions the move box lists.
const mostSuggestions = 8

// moveBox is where a move is typed: "e4", "Nf3", "Cf3", "e2e4", "O-O". It
// lists the legal moves that begin with what is typed; Tab completes, Enter
// plays. What it says, its hint, is hidden while it says nothing: the
// window gives it room only then.
type moveBox struct {
	p     *Play
	entry *moveEntry
	hint  *widget.Label
}

// moveEntry is a text entry that keeps the Tab key for completion, and
// takes no more than a move.
type moveEntry struct {
	kit.Entry
	onTab, onEscape func()
}

func newMoveEntry(onTab, onEscape func()) *moveEntry {
	e := &moveEntry{onTab: onTab, onEscape: onEscape}
	e.SetLimit(game.MaxMoveText)
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

func (p *Play) newMoveBox() *moveBox {
	mb := &moveBox{p: p, hint: widget.NewLabel("")}
	mb.entry = newMoveEntry(mb.complete, mb.clear)
	mb.entry.SetPlaceHolder(lang.L("Type a move: e4, Nf3, O-O…"))
	mb.entry.OnChanged = func(string) { mb.suggest() }
	mb.entry.OnSubmitted = mb.submit
	mb.entry.OnFull = func(why string) {
		if why != "" {
			mb.showError(why)
		}
	}
	mb.hint.Wrapping = fyne.TextWrapWord
	mb.hint.Truncation = fyne.TextTruncateEllipsis
	mb.hint.Hide()
	return mb
}

// say shows text under the box, in the importance's colour; "" hides
// it. The window is laid out again when the hint shows or hides.
func (mb *moveBox) say(text string, importance widget.Importance) {
	mb.hint.Importance = importance
	mb.hint.SetText(text)
	if shown := text != ""; shown != mb.hint.Visible() {
		mb.hint.Hidden = !shown
		mb.p.env.Relayout()
	}
}

// suggestions returns the legal moves at the shown position, as the move
// list writes them, that begin with what is typed (the piece letter in any
// case, and in English or French).
func (mb *moveBox) suggestions(typed string) []string {
	s := mb.p.env.Session
	typed = castlingWithZeros(strings.TrimSpace(typed))
	if typed == "" || !s.CanMoveHere() {
		return nil
	}
	notation := mb.p.env.Notation()
	var out []string
	for _, san := range s.Shown().LegalSAN() {
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

// suggest lists the completions of what is typed under the box.
func (mb *moveBox) suggest() {
	found := mb.suggestions(mb.entry.Text)
	switch {
	case strings.TrimSpace(mb.entry.Text) == "":
		mb.say("", widget.MediumImportance)
	case len(found) == 0:
		mb.say(lang.L("No legal move begins with that"), widget.MediumImportance)
	case len(found) > mostSuggestions:
		mb.say(strings.Join(found[:mostSuggestions], "  ")+"  …", widget.MediumImportance)
	default:
		mb.say(strings.Join(found, "  "), widget.MediumImportance)
	}
}

// complete fills the box with the one move that begins with what is
// typed, or with the part all such moves share: whole characters, as a
// figurine takes several bytes.
func (mb *moveBox) complete() {
	found := mb.suggestions(mb.entry.Text)
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

// submit plays the move typed, or says why it cannot be played. A text
// that is the beginning of exactly one legal move plays that move. Where
// the English and the French reading name two legal moves ("Rf1": a rook
// or the king), the one in the notation of the move list wins.
func (mb *moveBox) submit(text string) {
	s := mb.p.env.Session
	text = strings.TrimSpace(text)
	if text == "" {
		return
	}
	if !s.CanMoveHere() {
		mb.showError(lang.L("No move can be played here: the game is over"))
		return
	}
	n, notation := s.Shown(), mb.p.env.Notation()
	m, err := n.ParseMoveIn(text, notation)
	if err != nil {
		found := mb.suggestions(text)
		if len(found) != 1 {
			mb.showError(words.ErrorIn(err, notation))
			return
		}
		if m, err = n.ParseMoveIn(found[0], notation); err != nil {
			mb.showError(words.ErrorIn(err, notation))
			return
		}
	}
	mb.entry.SetText("")
	// The next key typed comes back to the box (TypedRune); meanwhile
	// the window keeps no blinking cursor, whose animation would redraw
	// the whole window every frame while the players think.
	mb.p.env.Window.Canvas().Unfocus()
	mb.p.Move(m)
}

func (mb *moveBox) showError(msg string) {
	mb.say(msg, widget.DangerImportance)
}

// clear empties the move box and gives the keyboard back to the window.
func (mb *moveBox) clear() {
	mb.entry.SetText("")
	mb.p.env.Window.Canvas().Unfocus()
}

// typeRune starts typing a move with r.
func (mb *moveBox) typeRune(r rune) {
	mb.p.env.Window.Canvas().Focus(mb.entry)
	mb.entry.TypedRune(r)
}
