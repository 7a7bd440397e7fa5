package kit

import (
	"unicode/utf8"

	"fyne.io/fyne/v2"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/ui/words"
)

// DefaultLimit is how many characters a field takes when what it holds
// has no limit of its own (a number, a file name): far more than such a
// value needs, and little enough to lay out at once.
const DefaultLimit = 1024

// Entry is a text field whose Escape is its scope's and whose Enter, in
// a single line with no OnSubmitted of its own, confirms its scope.
//
// It takes at most its limit of characters, typed or pasted: what goes
// beyond is refused before Fyne lays the text out (which costs seconds
// and gigabytes for a megabyte), and the field says why under its box
// until the next edit. Text set by the program is not cut.
type Entry struct {
	widget.Entry
	// OnFull, when set, is told why the field refused what was typed or
	// pasted, and "" when it takes input again, in place of the note
	// under its box: for a field that has a place of its own to say it.
	OnFull func(why string)
	scope  *Scope
	limit  int // 0: DefaultLimit
	note   *widget.Label
	said   string
}

// NewEntry makes a text field of scope s that takes DefaultLimit
// characters.
func NewEntry(s *Scope) *Entry {
	e := &Entry{scope: s}
	e.ExtendBaseWidget(e)
	return e
}

// SetLimit makes n the most characters the field takes from the
// keyboard and the clipboard.
func (e *Entry) SetLimit(n int) { e.limit = n }

// Limit is the most characters the field takes.
func (e *Entry) Limit() int {
	if e.limit <= 0 {
		return DefaultLimit
	}
	return e.limit
}

// Said is why the field refused what was typed or pasted last, until
// the next edit; "" when it took it.
func (e *Entry) Said() string { return e.said }

// room is how many more characters the field takes in place of its
// selection.
func (e *Entry) room() int {
	return e.Limit() - utf8.RuneCountInString(e.Text) + utf8.RuneCountInString(e.SelectedText())
}

// TypedRune types r unless the field is full.
func (e *Entry) TypedRune(r rune) {
	if e.refused(1) {
		return
	}
	e.Entry.TypedRune(r)
}

// TypedKey gives Escape, and Enter without OnSubmitted, to the scope;
// Enter and Tab, which a field of several lines takes as characters,
// wait for room as characters do.
func (e *Entry) TypedKey(ev *fyne.KeyEvent) {
	enter := !e.MultiLine && e.OnSubmitted == nil
	if e.scope.key(ev, enter) {
		return
	}
	switch ev.Name {
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeyTab:
		if e.MultiLine && e.refused(1) {
			return
		}
	default:
		e.say("")
	}
	e.Entry.TypedKey(ev)
}

// TypedShortcut pastes what the clipboard holds up to the limit, and
// says so when that is not all of it.
func (e *Entry) TypedShortcut(sc fyne.Shortcut) {
	paste, ok := sc.(*fyne.ShortcutPaste)
	switch {
	case !ok:
		e.Entry.TypedShortcut(sc)
		return
	case paste.Clipboard == nil || e.Disabled():
		return
	}
	text := paste.Clipboard.Content()
	room := max(e.room(), 0)
	if cut := prefix(text, room); len(cut) < len(text) {
		text = cut
		e.say(words.FieldFull(e.Limit()))
	} else {
		e.say("")
	}
	if text == "" {
		return
	}
	e.Entry.TypedShortcut(&fyne.ShortcutPaste{Clipboard: held(text)})
}

// SetText shows text, whatever its length, and what the field said goes.
func (e *Entry) SetText(text string) {
	e.say("")
	e.Entry.SetText(text)
}

// refused reports whether n characters more would not fit, and then
// says why.
func (e *Entry) refused(n int) bool {
	if e.room() >= n {
		e.say("")
		return false
	}
	e.say(words.FieldFull(e.Limit()))
	return true
}

// say tells why the field refused input, "" for nothing: under its box,
// or to OnFull.
func (e *Entry) say(text string) {
	if text == e.said {
		return
	}
	e.said = text
	if e.OnFull != nil {
		e.OnFull(text)
		return
	}
	if e.note == nil {
		return
	}
	e.note.Hidden = text == ""
	// Sized to the field before it is measured: a wrapped label's
	// height follows its width.
	e.note.Resize(fyne.NewSize(e.Size().Width, e.note.Size().Height))
	e.note.SetText(text)
	e.Refresh()
}

// prefix is the first n characters of s.
func prefix(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// held is a clipboard that holds a text already read.
type held string

func (h held) Content() string { return string(h) }
func (held) SetContent(string) {}

// CreateRenderer draws the field with its note under it.
func (e *Entry) CreateRenderer() fyne.WidgetRenderer {
	e.note = widget.NewLabel("")
	e.note.Wrapping = fyne.TextWrapWord
	e.note.Importance = widget.DangerImportance
	e.note.SizeName = fynetheme.SizeNameCaptionText
	e.note.Hidden = e.said == "" || e.OnFull != nil
	e.note.Text = e.said
	return &entryRenderer{WidgetRenderer: e.Entry.CreateRenderer(), note: e.note}
}

// entryRenderer lays Fyne's field out over its note.
type entryRenderer struct {
	fyne.WidgetRenderer
	note *widget.Label
}

func (r *entryRenderer) noteHeight(width float32) float32 {
	if !r.note.Visible() {
		return 0
	}
	r.note.Resize(fyne.NewSize(width, r.note.MinSize().Height))
	return r.note.MinSize().Height
}

func (r *entryRenderer) Layout(size fyne.Size) {
	h := r.noteHeight(size.Width)
	r.WidgetRenderer.Layout(fyne.NewSize(size.Width, size.Height-h))
	r.note.Move(fyne.NewPos(0, size.Height-h))
}

func (r *entryRenderer) MinSize() fyne.Size {
	m := r.WidgetRenderer.MinSize()
	if r.note.Visible() {
		m.Height += r.note.MinSize().Height
	}
	return m
}

func (r *entryRenderer) Objects() []fyne.CanvasObject {
	field := r.WidgetRenderer.Objects()
	return append(field[:len(field):len(field)], r.note)
}

func (r *entryRenderer) Refresh() {
	r.WidgetRenderer.Refresh()
	r.note.Refresh()
}
