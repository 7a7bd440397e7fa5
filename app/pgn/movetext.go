package pgn

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// maxLine is the longest line of movetext written, in bytes.
const maxLine = 79

// movetext writes movetext in lines of at most maxLine bytes. It holds the
// last unit (a token, or tokens glued together such as "(12..." or "e4)")
// until the next one, so that ")" can be glued to it.
type movetext struct {
	out     []byte
	lineLen int // bytes on the line being written

	pend    []byte // the unit not yet placed
	hasPend bool
	opens   int // "(" to put before the next unit

	first int // number of the first move
}

// game writes the movetext of g and its termination marker.
func (w *movetext) game(g *Game, result string) error {
	number, ply := startPly(g)
	w.first = number
	if err := w.line(g.Moves, ply, 0); err != nil {
		return err
	}
	for _, c := range g.Comments {
		w.comment(c)
	}
	w.unit()
	w.pend = append(w.pend, result...)
	w.place()
	if w.lineLen > 0 {
		w.out = append(w.out, '\n')
	}
	return nil
}

// line writes a line of moves whose first move is the given ply.
func (w *movetext) line(moves []*Move, ply, depth int) error {
	if depth > MaxDepth {
		return errors.New("pgn: variations nested too deeply")
	}
	number := true
	for _, m := range moves {
		if m == nil {
			return errors.New("pgn: nil move")
		}
		for _, c := range m.Before {
			number = w.comment(c) || number
		}
		if err := w.move(m, ply, number); err != nil {
			return err
		}
		var err error
		if number, err = w.notes(m); err != nil {
			return err
		}
		for _, v := range m.Variations {
			if len(v) == 0 {
				continue
			}
			w.opens++
			if err := w.line(v, ply, depth+1); err != nil {
				return err
			}
			w.close()
			number = true
		}
		ply++
	}
	return nil
}

// move writes a move with its number (always before White's move, before
// Black's when number is set) and its NAGs.
func (w *movetext) move(m *Move, ply int, number bool) error {
	if k, san, nag := classifyWord(m.SAN); k != tMove || san != m.SAN || nag >= 0 || len(san) > maxWord {
		return fmt.Errorf("pgn: invalid move %q", m.SAN)
	}
	if ply%2 == 0 || number {
		w.unit()
		w.pend = strconv.AppendInt(w.pend, int64(w.first+ply/2), 10)
		w.pend = append(w.pend, "..."[:1+2*(ply%2)]...)
	}
	w.unit()
	w.pend = append(w.pend, m.SAN...)
	return nil
}

// notes writes the NAGs and After comments of m, interleaved as NAGAt
// says. It reports whether a comment was written, after which the next
// move is numbered.
func (w *movetext) notes(m *Move) (bool, error) {
	if m.NAGAt != nil && len(m.NAGAt) != len(m.NAGs) {
		return false, fmt.Errorf("pgn: %d NAG positions for %d NAGs of %q", len(m.NAGAt), len(m.NAGs), m.SAN)
	}
	number, k := false, 0
	for i, n := range m.NAGs {
		if n < 0 || n > 255 {
			return false, fmt.Errorf("pgn: invalid NAG %d", n)
		}
		for ; m.NAGAt != nil && k < min(m.NAGAt[i], len(m.After)); k++ {
			number = w.comment(m.After[k]) || number
		}
		w.unit()
		w.pend = strconv.AppendInt(append(w.pend, '$'), int64(n), 10)
	}
	for _, c := range m.After[k:] {
		number = w.comment(c) || number
	}
	return number, nil
}

// comment writes a comment in braces and reports whether it was not
// empty. A "}" cannot stand in a brace comment and is left out, as
// python-chess does: a ";" comment could keep it, but common readers
// (pgn-extract among them) refuse ";" comments. Only a ";" comment read
// from a file can hold one: app/game refuses a comment with "}".
func (w *movetext) comment(c string) bool {
	c = collapse(strings.ReplaceAll(c, "}", ""))
	if c == "" {
		return false
	}
	for i, word := range strings.Split(c, " ") {
		switch {
		case i == 0:
			w.unit()
			w.pend = append(w.pend, '{')
		case word[0] == '%':
			w.pend = append(w.pend, ' ') // a line must not start with "%"
		default:
			w.unit()
		}
		w.pend = append(w.pend, word...)
	}
	w.pend = append(w.pend, '}')
	return true
}

// close writes ")" glued to the last unit.
func (w *movetext) close() {
	if !w.hasPend {
		w.unit()
	}
	w.pend = append(w.pend, ')')
}

// unit places the pending unit and starts a new one, with the "(" due.
func (w *movetext) unit() {
	w.place()
	w.hasPend = true
	for ; w.opens > 0; w.opens-- {
		w.pend = append(w.pend, '(')
	}
}

// place writes the pending unit on the current line if it fits, else on a
// new line.
func (w *movetext) place() {
	if !w.hasPend {
		return
	}
	n := len(w.pend)
	switch {
	case w.lineLen == 0:
	case w.lineLen+1+n <= maxLine:
		w.out = append(w.out, ' ')
		w.lineLen++
	default:
		w.out = append(w.out, '\n')
		w.lineLen = 0
	}
	w.out = append(w.out, w.pend...)
	w.lineLen += n
	w.pend, w.hasPend = w.pend[:0], false
}
