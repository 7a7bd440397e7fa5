package pgn

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Write writes one game in PGN export format, followed by one blank line.
//
// The tags are written as they are, in their order, none added nor left
// out: the export format puts the Seven Tag Roster first and the other
// tags in ASCII order, which is the caller's to do (app/game does it for
// the games it creates), while a game read from a file is written back
// with the tags it had. The Result tag, if there is one, and the
// termination marker are both g.Result, "*" when it is empty. A tag value
// loses its control characters and its line breaks become spaces. The
// movetext has lines of at most 79 bytes. Move numbers follow the FEN tag
// when there is one. A comment loses any "}" it holds. A tag name is
// written as it is, even one the export format does not allow (its
// letters, digits and "_"), as other programs write them: what was read
// is written back, not renamed. Nothing is written if the game cannot
// be: an invalid move, NAG or result, or a tag name that would not read
// back as one (empty, or holding white space, a quote or "]"), is an
// error.
//
// Reading the output gives the same game again, with two exceptions the
// syntax imposes: a comment before a move (Move.Before) that neither
// starts a line nor follows a variation reads back as a comment after the
// previous move, and the Comments of a game with moves read back as the
// last After comments of its last move.
func Write(w io.Writer, g *Game) error {
	b, err := appendGame(nil, g)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// WriteAll writes games one after the other with Write. It stops at the
// first game that cannot be written; the games before it are written.
func WriteAll(w io.Writer, games []*Game) error {
	var b []byte
	for _, g := range games {
		var err error
		if b, err = appendGame(b, g); err != nil {
			return errors.Join(err, flush(w, b))
		}
		if len(b) >= minRead {
			if err := flush(w, b); err != nil {
				return err
			}
			b = b[:0]
		}
	}
	return flush(w, b)
}

// flush writes b, if not empty.
func flush(w io.Writer, b []byte) error {
	if len(b) == 0 {
		return nil
	}
	_, err := w.Write(b)
	return err
}

// appendGame appends g in export format to b. On error b is returned as it
// was.
func appendGame(b []byte, g *Game) ([]byte, error) {
	if g == nil {
		return b, errors.New("pgn: nil game")
	}
	result, err := exportResult(g.Result)
	if err != nil {
		return b, err
	}
	n := len(b)
	b, err = appendTags(b, g, result)
	if err != nil {
		return b[:n], err
	}
	if len(g.Tags) > 0 {
		b = append(b, '\n')
	}
	mw := movetext{out: b}
	if err := mw.game(g, result); err != nil {
		return b[:n], err
	}
	return append(mw.out, '\n'), nil
}

// exportResult checks a termination marker; "" stands for "*".
func exportResult(r string) (string, error) {
	switch r {
	case "":
		return "*", nil
	case "1-0", "0-1", "1/2-1/2", "*":
		return r, nil
	case "½-½":
		return "1/2-1/2", nil
	}
	return "", fmt.Errorf("pgn: invalid result %q", r)
}

// appendTags appends the tag section, the tags in their order.
func appendTags(b []byte, g *Game, result string) ([]byte, error) {
	for _, t := range g.Tags {
		switch {
		case !validTagName(t.Name):
			return b, fmt.Errorf("pgn: invalid tag name %q", short([]byte(t.Name)))
		case CheckTagValue(t.Name, t.Value) != nil:
			return b, fmt.Errorf("pgn: tag %q is too long", short([]byte(t.Name)))
		}
		v := t.Value
		if t.Name == "Result" && isResult(v) {
			v = result
		}
		b = appendTag(b, t.Name, v)
	}
	return b, nil
}

// validTagName reports whether name reads back as a tag name.
func validTagName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		if !nameByte[name[i]] {
			return false
		}
	}
	return true
}

// isResult reports whether v is a termination marker.
func isResult(v string) bool {
	switch v {
	case "1-0", "0-1", "1/2-1/2", "*":
		return true
	}
	return false
}

// appendTag appends `[Name "Value"]` and a line break. The value is
// escaped, as a string holds it (StringText).
func appendTag(b []byte, name, value string) []byte {
	b = append(b, '[')
	b = append(b, name...)
	b = append(b, ' ', '"')
	value = StringText(value)
	for i := 0; i < len(value); i++ {
		if c := value[i]; c == '\\' || c == '"' {
			b = append(b, '\\')
		}
		b = append(b, value[i])
	}
	return append(b, '"', ']', '\n')
}

// startPly returns the number of the first move and 0 when White plays it,
// 1 when Black does, from the FEN tag (1 and 0 without one).
func startPly(g *Game) (number, ply int) {
	fen, ok := g.LookupTag("FEN")
	if !ok {
		return 1, 0
	}
	f := strings.Fields(fen)
	if len(f) > 1 && f[1] == "b" {
		ply = 1
	}
	number = 1
	if len(f) > 5 {
		if n, err := strconv.Atoi(f[5]); err == nil && n >= 0 && n < 1e6 {
			number = n
		}
	}
	return number, ply
}
