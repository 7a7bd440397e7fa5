package game

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/echiquier/echiquier/app/pgn"
)

// Comment returns the text of the comment after n's move, as the user
// edits it: the comments written after the move, joined, without the
// commands they carry ("[%eval 0.17]", "[%csl Gd4]"), which are kept
// apart. For the root it is the game's comment, written before the first
// move: a comment read before the first move of the main line counts as
// the game's comment.
func (n *Node) Comment() string {
	var texts []string
	for _, list := range n.commentLists() {
		for _, c := range *list {
			if text := CommentText(c); text != "" {
				texts = append(texts, text)
			}
		}
	}
	return strings.Join(texts, " ")
}

// ErrCommentBrace: a comment cannot hold "}". PGN ends a comment at the
// first "}", and the other way to write one, a ";" comment, is refused
// by common programs (pgn-extract among them): rather than lose the
// character when saving, SetComment refuses it, so that the user knows.
var ErrCommentBrace = errors.New(`a comment cannot hold "}", which ends a comment in PGN`)

// SetComment makes text the comment after n's move, in place of the
// comments there (for the root: the game's comment, see Comment). Its
// white space is collapsed, as PGN keeps it; "" removes the comment. A
// text with "}" is refused with ErrCommentBrace and changes nothing. The
// commands the old comments carried ([%eval], [%csl], [%clk]...) stay,
// written before the text, and the NAGs then come before the comment.
func (g *Game) SetComment(n *Node, text string) error {
	if err := g.checkNode(n); err != nil {
		return err
	}
	if strings.Contains(text, "}") {
		return ErrCommentBrace
	}
	text = strings.Join(strings.Fields(text), " ")
	for _, list := range n.commentLists() {
		*list = withText(*list, text)
		text = "" // the root's comment goes in root.after alone
	}
	n.nagAt = nil
	return nil
}

// SetCommand makes "[%name value]" the one command of that name in the
// comment after n's move, in place of those there: a second analysis
// replaces the first one's [%eval] rather than adding another. The
// comment's text and its other commands stay; an empty value removes the
// command. A name other than letters and digits, or a value holding
// "]", "}" or a line break, is refused and changes nothing.
func (g *Game) SetCommand(n *Node, name, value string) error {
	if err := g.checkNode(n); err != nil {
		return err
	}
	if name == "" || strings.IndexFunc(name, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) >= 0 {
		return fmt.Errorf("%q is not the name of a comment command", name)
	}
	if strings.ContainsAny(value, "]}\r\n") {
		return fmt.Errorf("%q cannot be the value of a comment command", value)
	}
	for _, list := range n.commentLists() {
		var kept []string
		for _, c := range *list {
			for {
				_, rest, ok := pgn.TakeCommand(c, name)
				if !ok {
					break
				}
				c = rest
			}
			if c != "" {
				kept = append(kept, c)
			}
		}
		*list = kept
	}
	if value = strings.TrimSpace(value); value != "" {
		cmd := pgn.Command(name, value)
		if len(n.after) > 0 {
			n.after[0] = cmd + " " + n.after[0]
		} else {
			n.after = []string{cmd}
		}
	}
	n.nagAt = nil // the comments go after the NAGs
	return nil
}

// commentLists returns the comment lists that hold n's comment: its
// after-comments, and for the root also the before-comments of the main
// line's first move, which PGN cannot tell from a game comment.
func (n *Node) commentLists() []*[]string {
	lists := []*[]string{&n.after}
	if n.parent == nil && len(n.children) > 0 {
		lists = append(lists, &n.children[0].before)
	}
	return lists
}

// withText returns comments replaced by one comment: the commands they
// carry, then text. None when both are empty.
func withText(comments []string, text string) []string {
	var parts []string
	for _, c := range comments {
		cmds, _ := splitCommands(c)
		parts = append(parts, cmds...)
	}
	if text != "" {
		parts = append(parts, text)
	}
	if len(parts) == 0 {
		return nil
	}
	return []string{strings.Join(parts, " ")}
}

// CommentText returns a comment as a reader sees it: without the
// commands it carries for programs ("[%eval 0.17]", "[%csl Gd4]"), its
// white space collapsed.
func CommentText(comment string) string {
	_, text := splitCommands(comment)
	return text
}

// splitCommands separates the commands "[%name value]" of a comment from
// its text, whose white space it collapses.
func splitCommands(c string) (cmds []string, text string) {
	var rest strings.Builder
	for {
		i := strings.Index(c, "[%")
		if i < 0 {
			break
		}
		j := strings.IndexByte(c[i:], ']')
		if j < 0 {
			break
		}
		cmds = append(cmds, c[i:i+j+1])
		rest.WriteString(c[:i])
		rest.WriteByte(' ')
		c = c[i+j+1:]
	}
	rest.WriteString(c)
	return cmds, strings.Join(strings.Fields(rest.String()), " ")
}

// SetNAGs replaces the numeric annotation glyphs of n's move ($1 for "!",
// $2 for "?", $14 for "+=" ...) with nags, in that order, without
// repeats; none removes them. A NAG is a number from 0 to 255, and the
// start position, which is no move, takes none.
func (g *Game) SetNAGs(n *Node, nags []int) error {
	if err := g.checkNode(n); err != nil {
		return err
	}
	if n.parent == nil {
		return errors.New("the start position is not a move: it takes no annotation glyph")
	}
	var out []int
	for _, v := range nags {
		if v < 0 || v > 255 {
			return fmt.Errorf("$%d is not an annotation glyph: they are numbered from 0 to 255", v)
		}
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	n.nags, n.nagAt = out, nil
	return nil
}

// SetAssessment gives n's move the judgement nag: of the move ($1 "!" to
// $9, pgn.MoveAssessment) or of the position it leaves ($10 "=" to $21,
// pgn.PositionAssessment). It takes the place of the judgement of the
// same kind the move had, where it stood; a new judgement of the move
// goes before that of the position. The move's other NAGs stay.
func (g *Game) SetAssessment(n *Node, nag int) error {
	kind := pgn.MoveAssessment
	if pgn.PositionAssessment(nag) {
		kind = pgn.PositionAssessment
	}
	if !kind(nag) {
		return fmt.Errorf("$%d judges neither a move nor a position", nag)
	}
	if err := g.checkNode(n); err != nil {
		return err
	}
	var out []int
	placed := false
	for _, v := range n.nags {
		switch {
		case !kind(v):
			out = append(out, v)
		case !placed:
			out, placed = append(out, nag), true
		}
	}
	if !placed {
		// A judgement of the move comes before one of the position, as
		// "!±" is read.
		at := len(out)
		if kind(1) {
			if i := slices.IndexFunc(out, pgn.PositionAssessment); i >= 0 {
				at = i
			}
		}
		out = slices.Insert(out, at, nag)
	}
	return g.SetNAGs(n, out)
}

// ClearAssessments removes the judgements of n's move and of the
// position it leaves ($1 to $21); its other NAGs stay.
func (g *Game) ClearAssessments(n *Node) error {
	if err := g.checkNode(n); err != nil {
		return err
	}
	out := slices.DeleteFunc(slices.Clone(n.nags), func(v int) bool {
		return pgn.MoveAssessment(v) || pgn.PositionAssessment(v)
	})
	return g.SetNAGs(n, out)
}
