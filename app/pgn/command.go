package pgn

import "strings"

// TakeCommand finds the first command "[%name value]" in a comment, as
// used for clocks ([%clk 0:03:10]), evaluations ([%eval 0.17]) or arrows
// ([%cal Ge2e4]). It returns the value with its white space trimmed, and
// the comment without the command, its white space collapsed and trimmed.
// When there is no such command, ok is false and rest is the comment
// unchanged.
func TakeCommand(comment, name string) (value, rest string, ok bool) {
	if name == "" {
		return "", comment, false
	}
	key := "[%" + name
	for from := 0; ; {
		i := strings.Index(comment[from:], key)
		if i < 0 {
			return "", comment, false
		}
		i += from
		j := i + len(key)
		if j < len(comment) && (isSpace(comment[j]) || comment[j] == ']') {
			k := strings.IndexByte(comment[j:], ']')
			if k < 0 {
				return "", comment, false
			}
			value = strings.TrimFunc(comment[j:j+k], isSpaceRune)
			return value, collapse(comment[:i] + " " + comment[j+k+1:]), true
		}
		from = j
	}
}

// isSpaceRune reports whether r is white space as PGN sees it.
func isSpaceRune(r rune) bool {
	return r < 0x80 && isSpace(byte(r))
}

// Command returns the comment command "[%name value]", or "[%name]" when
// value is empty.
func Command(name, value string) string {
	if value == "" {
		return "[%" + name + "]"
	}
	return "[%" + name + " " + value + "]"
}
