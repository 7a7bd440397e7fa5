package words

import (
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2/lang"
)

// mostRunes is how long a text quoted in a message may be.
const mostRunes = 100

// OneLine cuts a text to its first line, of readable length. It reads no
// further than that: the text may be a whole file, or a clipboard of
// tens of megabytes on one line.
func OneLine(s string) string {
	n, end := 0, 0
	for i, r := range s {
		switch {
		case r == '\r' || r == '\n':
			return strings.ToValidUTF8(s[:i], "\uFFFD")
		case n == mostRunes:
			return strings.ToValidUTF8(s[:end], "\uFFFD") + "…"
		case n == mostRunes-1:
			end = i
		}
		n++
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// Shown is a name the system gave (a file's, a folder's) as one line can
// show it whole and true: a line break shows as ⏎, another control
// character or a byte that is not UTF-8 as �, and a long name is cut.
func Shown(name string) string {
	var b strings.Builder
	for len(name) > 0 {
		r, size := utf8.DecodeRuneInString(name)
		switch {
		case r == '\n' || r == '\r':
			b.WriteRune('⏎')
		case r == utf8.RuneError && size <= 1, unicode.IsControl(r):
			b.WriteRune(utf8.RuneError)
		default:
			b.WriteString(name[:size])
		}
		name = name[size:]
	}
	return cut(b.String())
}

// FileName is the name of the file at path, as Shown.
func FileName(path string) string { return Shown(filepath.Base(path)) }

// cut ends a text of more than mostRunes runes with "…".
func cut(s string) string {
	if utf8.RuneCountInString(s) <= mostRunes {
		return s
	}
	return string([]rune(s)[:mostRunes-1]) + "…"
}

// FieldFull says why a text field took no more of what was typed or
// pasted: it holds limit characters at most.
func FieldFull(limit int) string {
	return lang.L("This field holds {{.Count}} characters at most: the rest was left out.", map[string]any{"Count": limit})
}
