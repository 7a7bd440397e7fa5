package words

import "strings"

// oneLineRunes is the longest line OneLine keeps whole.
const oneLineRunes = 100

// OneLine cuts a text to its first line, of readable length. It reads no
// further than that: the text may be a whole file, or a clipboard of
// tens of megabytes on one line.
func OneLine(s string) string {
	n, cut := 0, 0
	for i, r := range s {
		switch {
		case r == '\r' || r == '\n':
			return strings.ToValidUTF8(s[:i], "\uFFFD")
		case n == oneLineRunes:
			return strings.ToValidUTF8(s[:cut], "\uFFFD") + "…"
		case n == oneLineRunes-1:
			cut = i
		}
		n++
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}
