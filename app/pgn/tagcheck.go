package pgn

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// The standard's limits (its section 7), which what is typed keeps: what
// is read may be longer, up to maxTagText bytes, and is kept as read.
const (
	// MaxString is the most characters of a string, a tag's value:
	// "Currently, a string is limited to a maximum of 255 characters of
	// data."
	MaxString = 255
	// MaxSymbol is the most characters of a symbol, a tag's name:
	// "Currently, a symbol is limited to a maximum of 255 characters in
	// length."
	MaxSymbol = 255
)

// Errors of CheckTagName.
var (
	ErrTagNameEmpty = errors.New("a tag needs a name")
	ErrTagNameChars = errors.New("a tag name is made of letters, digits and “_”, and starts with a letter")
	ErrTagTooLong   = errors.New("the tag is too long")
)

// CheckTagName says what keeps name from being the name of a new tag
// pair: the export format's letters, digits and "_", starting with a
// letter, as every tag of the standard does. A name read from a file may
// be another, and is written back as read (see Write).
func CheckTagName(name string) error {
	if name == "" {
		return ErrTagNameEmpty
	}
	if len(name) > maxTagText {
		return ErrTagTooLong
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		letter := c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
		if !letter && (i == 0 || !(c >= '0' && c <= '9' || c == '_')) {
			return ErrTagNameChars
		}
	}
	return nil
}

// StringText is text as a string of PGN holds it: "Non-printing
// characters like newline and tab are not permitted inside of strings"
// (section 7), so each line break (CR LF as one), tab and other control
// character (C0, DEL, C1) becomes a space. A NUL or an escape sequence
// written in a file could also do harm in the programs that read it.
// Other bytes, valid UTF-8 or not, stay as they are.
func StringText(text string) string {
	if strings.IndexFunc(text, isControl) < 0 {
		return text
	}
	b := make([]byte, 0, len(text))
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '\r' && strings.HasPrefix(text[i+1:], "\n"):
		case isControl(r):
			b = append(b, ' ')
		default:
			b = append(b, text[i:i+size]...)
		}
		i += size
	}
	return string(b)
}

// isControl reports whether r is a control character: C0, DEL or C1.
func isControl(r rune) bool { return r < 0x20 || r >= 0x7F && r <= 0x9F }

// CheckTagValue says whether a tag pair of that name and value is too
// long to be written and read back.
func CheckTagValue(name, value string) error {
	if _, ok := tagCost(name, len(value)); !ok {
		return ErrTagTooLong
	}
	return nil
}

// DateError says why a Date tag's value is not a PGN date.
type DateError struct {
	Value string
	// Part is what is wrong: "form" for the shape (YYYY.MM.DD), "month" or
	// "day" for a number out of range.
	Part string
}

func (e *DateError) Error() string {
	switch e.Part {
	case "month":
		return fmt.Sprintf("%q has no such month: a month goes from 01 to 12", e.Value)
	case "day":
		return fmt.Sprintf("%q has no such day in its month", e.Value)
	}
	return fmt.Sprintf("%q is not a date as PGN writes it: YYYY.MM.DD, with ?? for what is not known", e.Value)
}

// CheckDate says whether v is a date as the PGN standard writes it
// (section 8.1.1.3): "YYYY.MM.DD", each part either digits or question
// marks for what is not known ("2024.??.??", "????.??.??"), with a month
// from 01 to 12 and a day that its month has (31 when the month or the
// year is not known, 29 in February then).
func CheckDate(v string) error {
	bad := func(part string) error { return &DateError{Value: v, Part: part} }
	if len(v) != 10 || v[4] != '.' || v[7] != '.' {
		return bad("form")
	}
	year, yok := datePart(v[0:4])
	month, mok := datePart(v[5:7])
	day, dok := datePart(v[8:10])
	if yok == partBad || mok == partBad || dok == partBad {
		return bad("form")
	}
	if mok == partKnown && (month < 1 || month > 12) {
		return bad("month")
	}
	if dok != partKnown {
		return nil
	}
	last := 31
	switch {
	case mok == partKnown && yok == partKnown:
		last = time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
	case mok == partKnown:
		last = time.Date(2000, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day() // a leap year: 29 February may be
	}
	if day < 1 || day > last {
		return bad("day")
	}
	return nil
}

// The states of a part of a date.
const (
	partBad = iota
	partKnown
	partUnknown
)

// datePart reads a part of a date: all digits, all question marks, or
// neither.
func datePart(s string) (int, int) {
	unknown, digits := true, true
	for i := 0; i < len(s); i++ {
		unknown = unknown && s[i] == '?'
		digits = digits && s[i] >= '0' && s[i] <= '9'
	}
	switch {
	case unknown:
		return 0, partUnknown
	case digits:
		n, _ := strconv.Atoi(s)
		return n, partKnown
	}
	return 0, partBad
}
