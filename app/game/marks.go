package game

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// MarkKind says what a mark is.
type MarkKind uint8

// The kinds of mark.
const (
	// Arrow goes from one square to another.
	Arrow MarkKind = iota
	// Circle rings one square.
	Circle
)

// MarkColor is the colour of a mark: one of the four of the ChessBase
// convention, which lichess and most programs follow.
type MarkColor uint8

// The colours of marks, with the letter PGN writes for each.
const (
	MarkGreen  MarkColor = iota // G, the colour of a mark drawn without a modifier
	MarkRed                     // R
	MarkYellow                  // Y
	MarkBlue                    // B
)

// markLetters are the colours' letters in PGN, by MarkColor.
const markLetters = "GRYB"

// Letter returns the colour's letter in PGN: G, R, Y or B.
func (c MarkColor) Letter() string {
	if int(c) >= len(markLetters) {
		return "?"
	}
	return markLetters[c : c+1]
}

// Mark is an arrow or a circle drawn on a position to explain it, kept in
// the PGN as lichess and ChessBase keep it: "[%cal Gd2d4]" for an arrow,
// "[%csl Ge5]" for a circle, in the comment after the move that leads to
// the position (for the start position, the game's comment). A circle
// has From and To on its square.
type Mark struct {
	Kind     MarkKind
	Color    MarkColor
	From, To Square
}

// NewArrow returns an arrow from one square to another.
func NewArrow(c MarkColor, from, to Square) Mark {
	return Mark{Kind: Arrow, Color: c, From: from, To: to}
}

// NewCircle returns a circle around a square.
func NewCircle(c MarkColor, sq Square) Mark {
	return Mark{Kind: Circle, Color: c, From: sq, To: sq}
}

// String returns the mark as PGN writes it inside its command: "Gd2d4"
// for an arrow, "Ge5" for a circle.
func (m Mark) String() string {
	if m.Kind == Circle {
		return m.Color.Letter() + m.From.String()
	}
	return m.Color.Letter() + m.From.String() + m.To.String()
}

// valid reports whether the mark can be drawn and written: a known kind
// and colour, squares of the board, an arrow between two squares.
func (m Mark) valid() bool {
	if int(m.Color) >= len(markLetters) || !onBoardSquare(m.From) || !onBoardSquare(m.To) {
		return false
	}
	switch m.Kind {
	case Arrow:
		return m.From != m.To
	case Circle:
		return m.From == m.To
	}
	return false
}

func onBoardSquare(s Square) bool { return s >= 0 && s < 64 }

// The commands that hold marks: arrows, then circles ("colored arrow",
// "colored square list").
const (
	arrowCommand  = "cal"
	circleCommand = "csl"
)

// Marks returns the arrows and circles drawn on n's position: those the
// comments of n's move hold (for the root: the game's comment, see
// Comment), circles first, then arrows, each in the order written.
//
// They are read leniently, as other programs write them: the colour
// letter in either case, the entries of a command parted by commas or
// spaces or both ("[%cal Gd2d4, Re7e5]"), several commands merged, in
// one comment or several. Two marks on the same squares are one: the
// first written. An entry that is not a mark ("Xz9z9", an arrow in a
// circle command) is not shown, and stays in the comment as written.
func (n *Node) Marks() []Mark {
	var out []Mark
	var seen [64][64]bool
	for _, list := range n.commentLists() {
		for _, c := range *list {
			for _, cmd := range markCommands(c) {
				for _, e := range cmd.entries() {
					if m, ok := cmd.parse(e); ok && !seen[m.From][m.To] {
						seen[m.From][m.To] = true
						out = append(out, m)
					}
				}
			}
		}
	}
	return circlesFirst(out)
}

// circlesFirst orders marks as Marks returns them and PGN holds them:
// circles, then arrows, each kind in its order. Circles are drawn
// under the arrows that cross them.
func circlesFirst(marks []Mark) []Mark {
	slices.SortStableFunc(marks, func(a, b Mark) int { return int(b.Kind) - int(a.Kind) })
	return marks
}

// ErrMark: a mark that cannot be drawn: an arrow that starts and ends on
// the same square, a square off the board, a colour not of the four.
var ErrMark = errors.New("not an arrow or a circle of the board")

// SetMarks makes marks the arrows and circles of n's position, in place
// of those it had (see Marks); none removes them. Two marks on the same
// squares are one: the first given. A mark that cannot be drawn is refused with ErrMark
// and changes nothing.
//
// Only the comments' mark commands change, and only when the marks do:
// the text and the other commands ([%eval], [%clk]...) stay as they are,
// and so do the entries that are not marks. The marks are written
// strictly, circles then arrows, "[%csl Ge5] [%cal Gd2d4,Re7e5]": where
// the first mark command was, or else after the commands that start the
// first comment, or else in a comment of their own. A comment left empty
// by removing its marks is removed, so that marks drawn and taken away
// again leave the game as it was.
func (g *Game) SetMarks(n *Node, marks []Mark) error {
	if err := g.checkNode(n); err != nil {
		return err
	}
	want := make([]Mark, 0, len(marks))
	for _, m := range marks {
		if !m.valid() {
			return fmt.Errorf("%w: %+v", ErrMark, m)
		}
		if !slices.ContainsFunc(want, func(w Mark) bool { return w.From == m.From && w.To == m.To }) {
			want = append(want, m)
		}
	}
	want = circlesFirst(want)
	if slices.Equal(want, n.Marks()) {
		return nil
	}
	n.writeMarks(want)
	return nil
}

// ToggleMark draws m on n's position, as a user draws with the mouse: a
// mark on the same squares in the same colour is taken away; in another
// colour it takes m's; else m is added.
func (g *Game) ToggleMark(n *Node, m Mark) error {
	if err := g.checkNode(n); err != nil {
		return err
	}
	if !m.valid() {
		return fmt.Errorf("%w: %+v", ErrMark, m)
	}
	marks := n.Marks()
	i := slices.IndexFunc(marks, func(x Mark) bool { return x.From == m.From && x.To == m.To })
	switch {
	case i < 0:
		marks = append(marks, m)
	case marks[i] == m:
		marks = slices.Delete(marks, i, i+1)
	default:
		marks[i] = m
	}
	return g.SetMarks(n, marks)
}

// writeMarks puts marks in n's comments in place of the mark commands
// there (see SetMarks).
func (n *Node) writeMarks(marks []Mark) {
	lists := n.commentLists()
	anchor := commentPlace{list: -1}
	emptied := map[[2]int]bool{} // the comments, by list and index, that removing the marks left empty
	for li, list := range lists {
		for ci, c := range *list {
			out, at, ok := withoutMarks(c)
			if !ok {
				continue
			}
			if anchor.list < 0 {
				anchor = commentPlace{li, ci, at}
			}
			*list = slices.Clone(*list)
			(*list)[ci] = out
			if strings.TrimFunc(out, isPGNSpace) == "" {
				emptied[[2]int{li, ci}] = true
			}
		}
	}
	if text := markText(marks); text != "" {
		if anchor.list < 0 {
			anchor = firstPlace(lists)
		}
		if anchor.list < 0 {
			// No comment to put them in: one of their own, last, so
			// that the NAGs' places hold.
			*lists[0] = append(slices.Clone(*lists[0]), text)
		} else {
			list := lists[anchor.list]
			*list = slices.Clone(*list)
			(*list)[anchor.comment] = insertText((*list)[anchor.comment], anchor.at, text)
			delete(emptied, [2]int{anchor.list, anchor.comment})
		}
	}
	// The emptied comments go, last first so that the indices hold.
	for li := len(lists) - 1; li >= 0; li-- {
		list := lists[li]
		for ci := len(*list) - 1; ci >= 0; ci-- {
			if emptied[[2]int{li, ci}] {
				*list = slices.Delete(*list, ci, ci+1)
				if li == 0 {
					n.nagAt = droppedComment(n.nagAt, ci)
				}
			}
		}
		if len(*list) == 0 {
			*list = nil
		}
	}
}

// commentPlace is a place in a node's comments: the list (of
// commentLists), the comment in it, the byte in the comment.
type commentPlace struct{ list, comment, at int }

// firstPlace returns where marks go in comments that have none: after the
// commands that start the first comment with something in it; list -1
// when every comment is empty.
func firstPlace(lists []*[]string) commentPlace {
	for li, list := range lists {
		for ci, c := range *list {
			if strings.TrimFunc(c, isPGNSpace) != "" {
				return commentPlace{li, ci, leadingCommandsEnd(c)}
			}
		}
	}
	return commentPlace{list: -1}
}

// droppedComment returns NAG places (see pgn.Move.NAGAt) once the after
// comment at index i is removed: the NAGs written after it move back by
// one.
func droppedComment(nagAt []int, i int) []int {
	if nagAt == nil {
		return nil
	}
	out := slices.Clone(nagAt)
	for k, at := range out {
		if at > i {
			out[k] = at - 1
		}
	}
	return out
}

// markText returns the commands that hold marks, strictly written:
// "[%csl Ge5] [%cal Gd2d4,Re7e5]", "" for none. marks are in the order of
// circlesFirst.
func markText(marks []Mark) string {
	var circles, arrows []string
	for _, m := range marks {
		if m.Kind == Circle {
			circles = append(circles, m.String())
		} else {
			arrows = append(arrows, m.String())
		}
	}
	var cmds []string
	if len(circles) > 0 {
		cmds = append(cmds, "[%"+circleCommand+" "+strings.Join(circles, ",")+"]")
	}
	if len(arrows) > 0 {
		cmds = append(cmds, "[%"+arrowCommand+" "+strings.Join(arrows, ",")+"]")
	}
	return strings.Join(cmds, " ")
}

// markCommand is a command of a comment that holds marks: "[%cal ...]" or
// "[%csl ...]" (in any case), from byte start to end.
type markCommand struct {
	start, end int
	name       string // as written
	value      string
}

// markCommands finds the mark commands of a comment.
func markCommands(c string) []markCommand {
	var out []markCommand
	for from := 0; ; {
		i := strings.Index(c[from:], "[%")
		if i < 0 {
			return out
		}
		i += from
		j := strings.IndexByte(c[i:], ']')
		if j < 0 {
			return out
		}
		j += i + 1
		body := c[i+2 : j-1]
		name, value := body, ""
		if k := strings.IndexFunc(body, isPGNSpace); k >= 0 {
			name, value = body[:k], body[k+1:]
		}
		if strings.EqualFold(name, arrowCommand) || strings.EqualFold(name, circleCommand) {
			out = append(out, markCommand{start: i, end: j, name: name, value: value})
		}
		from = j
	}
}

// entries returns the command's entries, parted by commas or white
// space.
func (m markCommand) entries() []string {
	return strings.FieldsFunc(m.value, func(r rune) bool { return r == ',' || isPGNSpace(r) })
}

// parse reads an entry of the command: a colour letter and one square
// for a circle, two for an arrow, in either case.
func (m markCommand) parse(e string) (Mark, bool) {
	e = strings.ToLower(e)
	want := 5
	kind := Arrow
	if strings.EqualFold(m.name, circleCommand) {
		want, kind = 3, Circle
	}
	if len(e) != want {
		return Mark{}, false
	}
	c := strings.IndexByte(strings.ToLower(markLetters), e[0])
	from, ok1 := ParseSquare(e[1:3])
	to, ok2 := from, true
	if kind == Arrow {
		to, ok2 = ParseSquare(e[3:5])
	}
	mark := Mark{Kind: kind, Color: MarkColor(c), From: from, To: to}
	if c < 0 || !ok1 || !ok2 || !mark.valid() {
		return Mark{}, false
	}
	return mark, true
}

// withoutMarks returns comment c without the marks its mark commands
// hold: a command of marks only is removed with a space beside it, one
// that also holds entries that are not marks keeps those, as written. at
// is where the first command was; ok is false, and c is returned as it
// is, when c holds no mark.
func withoutMarks(c string) (out string, at int, ok bool) {
	cmds := markCommands(c)
	at = -1
	// From the last, so that the places of the others hold.
	for k := len(cmds) - 1; k >= 0; k-- {
		cmd := cmds[k]
		var kept []string
		marked := false
		for _, e := range cmd.entries() {
			if _, isMark := cmd.parse(e); isMark {
				marked = true
			} else {
				kept = append(kept, e)
			}
		}
		if !marked {
			continue
		}
		ok = true
		if len(kept) > 0 {
			repl := "[%" + cmd.name + " " + strings.Join(kept, ",") + "]"
			c = c[:cmd.start] + repl + c[cmd.end:]
			at = cmd.start + len(repl)
			continue
		}
		c, at = removeSpan(c, cmd.start, cmd.end)
	}
	return c, at, ok
}

// removeSpan removes c[i:j] with one space beside it, and returns where
// it was. A space such as insertText adds goes first, the one before
// first: marks put in and taken out leave the comment as it was.
func removeSpan(c string, i, j int) (string, int) {
	switch {
	case i > 0 && c[i-1] == ' ':
		i--
	case j < len(c) && c[j] == ' ':
		j++
	case i > 0 && isPGNSpace(rune(c[i-1])):
		i--
	case j < len(c) && isPGNSpace(rune(c[j])):
		j++
	}
	return c[:i] + c[j:], i
}

// insertText puts text into c at byte at, with a space to part it from
// what is beside it: insertText then removeSpan gives c back.
func insertText(c string, at int, text string) string {
	before := at > 0 && !isPGNSpace(rune(c[at-1]))
	after := at < len(c) && !isPGNSpace(rune(c[at]))
	switch {
	case before:
		text = " " + text
	case after:
		text += " "
	}
	return c[:at] + text + c[at:]
}

// leadingCommandsEnd returns where the commands that start c end: after
// the "]" of the last of them, 0 when c starts with text. Marks put there
// keep the order other programs write: clock and evaluation, then marks,
// then the text.
func leadingCommandsEnd(c string) int {
	end := 0
	for i := 0; ; {
		for i < len(c) && isPGNSpace(rune(c[i])) {
			i++
		}
		if !strings.HasPrefix(c[i:], "[%") {
			if end == 0 {
				return i
			}
			return end
		}
		j := strings.IndexByte(c[i:], ']')
		if j < 0 {
			return end
		}
		i += j + 1
		end = i
	}
}

// isPGNSpace reports whether r is white space between PGN tokens.
func isPGNSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\v'
}
