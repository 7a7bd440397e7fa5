package pgn

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// decodeText returns b as a string. Text that is not valid UTF-8 is taken
// to be Windows-1252, the encoding of most old PGN files (a superset of
// Latin-1 that has "€", "š" and curly quotes where Latin-1 has control
// characters), and converted.
//
// Each tag value and each comment is decoded on its own rather than the
// whole game or file: the index, which reads only tags, then shows the
// same text as the game once opened, and a file made by joining UTF-8 and
// Windows-1252 files reads right. Windows-1252 text that happens to be
// valid UTF-8 needs sequences such as "Ã©", which real text does not
// hold.
func decodeText(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = cp1252[c]
	}
	return string(r)
}

// appendText appends b decoded as decodeText decodes it.
func appendText(dst, b []byte) []byte {
	if utf8.Valid(b) {
		return append(dst, b...)
	}
	for _, c := range b {
		dst = utf8.AppendRune(dst, cp1252[c])
	}
	return dst
}

// textSize returns the length of b decoded as decodeText decodes it.
func textSize(b []byte) int {
	if utf8.Valid(b) {
		return len(b)
	}
	n := 0
	for _, c := range b {
		n += utf8.RuneLen(cp1252[c])
	}
	return n
}

// cp1252 maps the bytes of Windows-1252 to runes; its five unassigned
// bytes become U+FFFD.
var cp1252 = func() (t [256]rune) {
	for c := range 256 {
		t[c] = charmap.Windows1252.DecodeByte(byte(c))
	}
	return t
}()

// excerptRunes is the most characters of input a message quotes: enough
// to recognise it, little enough to read at a glance.
const excerptRunes = 60

// Excerpt returns what a message may quote of s, some text a user gave:
// its first line, and at most 60 characters of it, with "…" when
// anything was left out. It reads no further than that, so it costs the
// same for a megabyte of text as for a line.
func Excerpt(s string) string {
	n := 0
	for i, r := range s {
		if r == '\n' || r == '\r' || n == excerptRunes {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// short returns b decoded for an error message, as Excerpt cuts it.
func short(b []byte) string {
	// Four bytes a character at most: decode no more than Excerpt keeps.
	const most = 4*excerptRunes + 4
	if len(b) > most {
		n := most
		for n > 0 && !utf8.RuneStart(b[n]) {
			n--
		}
		return Excerpt(decodeText(b[:n]) + "\n")
	}
	return Excerpt(decodeText(b))
}

// quote returns s in double quotes, Go style.
func quote(s string) string {
	return strconv.Quote(s)
}

// isSpace reports whether c is white space or a line break, as comments
// collapse them.
func isSpace(c byte) bool {
	return class[c]&(cSpace|cNL) != 0
}

// collapse returns s with every run of white space and line breaks
// replaced by one space, and without white space at either end: comment
// text as the reader stores it.
func collapse(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if isSpace(s[i]) && (s[i] != ' ' || i == 0 || i == len(s)-1 || s[i+1] == ' ') {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); i++ {
		if isSpace(s[i]) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
