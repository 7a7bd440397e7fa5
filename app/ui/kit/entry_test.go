package kit

import (
	"strings"
	"testing"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/ui/words"
)

// field is an entry of limit characters, shown and focused in a test
// window, and the clipboard it pastes from.
func field(t testing.TB, limit int, multiLine bool) (*Entry, fyne.Clipboard) {
	a := test.NewTempApp(t)
	w := a.NewWindow("")
	t.Cleanup(w.Close)
	e := NewEntry(&Scope{})
	e.SetLimit(limit)
	e.MultiLine = multiLine
	w.SetContent(e)
	w.Resize(fyne.NewSize(400, 200))
	w.Canvas().Focus(e)
	return e, a.Clipboard()
}

// noteShown is the text shown under the field's box, "" for none.
func noteShown(e *Entry) string {
	for _, o := range test.WidgetRenderer(e).Objects() {
		if l, ok := o.(*widget.Label); ok && l.Visible() {
			return l.Text
		}
	}
	return ""
}

func paste(e *Entry, cb fyne.Clipboard) { e.TypedShortcut(&fyne.ShortcutPaste{Clipboard: cb}) }

// TestEntryTakesNoMoreThanItsLimit: a long text pasted, the field holds
// its limit and says why; typed characters and, in a field of several
// lines, Enter and Tab wait for room; what is selected makes room.
func TestEntryTakesNoMoreThanItsLimit(t *testing.T) {
	full := words.FieldFull(10)
	e, cb := field(t, 10, true)
	cb.SetContent(strings.Repeat("é\tx\n", 250))
	paste(e, cb)
	if n := utf8.RuneCountInString(e.Text); n != 10 || e.Text != strings.Repeat("é\tx\n", 3)[:13] {
		t.Fatalf("1,000 characters pasted into a field of 10: %d characters, %.40q", n, e.Text)
	}
	if shown := noteShown(e); e.Said() != full || shown != full {
		t.Errorf("the field says %q, under its box %q, want %q", e.Said(), shown, full)
	}
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
	if e.Said() != "" || noteShown(e) != "" {
		t.Errorf("the note stays after an edit: %q", noteShown(e))
	}
	e.TypedRune('a')
	for _, k := range []fyne.KeyName{fyne.KeyReturn, fyne.KeyTab} {
		e.TypedKey(&fyne.KeyEvent{Name: k})
	}
	e.TypedRune('b')
	if utf8.RuneCountInString(e.Text) != 10 || !strings.HasSuffix(e.Text, "a") || e.Said() != full {
		t.Errorf("typing into a full field: %q, note %q", e.Text, e.Said())
	}
	e.TypedShortcut(&fyne.ShortcutSelectAll{})
	cb.SetContent("short")
	paste(e, cb)
	if e.Text != "short" || e.Said() != "" {
		t.Errorf("pasting over the selection: %q, note %q", e.Text, e.Said())
	}
}

// TestEntryWithoutLimitTakesTheDefault: a field whose value sets no
// limit takes DefaultLimit characters.
func TestEntryWithoutLimitTakesTheDefault(t *testing.T) {
	e, cb := field(t, 0, false)
	cb.SetContent(strings.Repeat("1", 64<<10))
	paste(e, cb)
	if len(e.Text) != DefaultLimit || noteShown(e) != words.FieldFull(DefaultLimit) {
		t.Errorf("64 KB pasted: %d characters, note %q", len(e.Text), noteShown(e))
	}
}

// TestEntryKeepsTextSetByTheProgram: a value set by the program is shown
// whole, however long; typing into it waits for room.
func TestEntryKeepsTextSetByTheProgram(t *testing.T) {
	e, _ := field(t, 4, false)
	e.SetText("longer than four")
	e.TypedRune('x')
	if e.Text != "longer than four" || e.Said() == "" {
		t.Errorf("typing into a field set longer than its limit: %q, note %q", e.Text, e.Said())
	}
}

// BenchmarkPasteIntoATagField pastes 1 MB and 64 MB into a field of 255
// characters, a tag's value: the cost is the clipboard's text and 255
// characters laid out, not the megabytes.
func BenchmarkPasteIntoATagField(b *testing.B) {
	for _, size := range []struct {
		name string
		n    int
	}{{"1MB", 1 << 20}, {"64MB", 64 << 20}} {
		b.Run(size.name, func(b *testing.B) {
			e, cb := field(b, 255, false)
			cb.SetContent(strings.Repeat("abcdefg ", size.n/8))
			b.ReportAllocs()
			for b.Loop() {
				e.SetText("")
				paste(e, cb)
			}
		})
	}
}
