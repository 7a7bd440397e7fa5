package game

import (
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/echiquier/echiquier/app/pgn"
)

// sevenTagRoster is the PGN standard's required tags, in export order.
var sevenTagRoster = []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// WritePGN writes the game in PGN export format: its tags, then the moves
// with their comments, NAGs, variations and [%clk] times.
//
// A game created here has the Seven Tag Roster first, then its other tags
// in ASCII order, with Result, Termination (a value of the PGN standard:
// "normal", "time forfeit"...), SetUp, FEN and TimeControl describing
// it. A finished game ends with a comment that says why, in English, as
// lichess writes it ("{Black resigns.} 1-0", see Status.endSentence):
// "normal" does not tell a resignation from a checkmate or an agreed
// draw, and FromPGN reads the comment back into the same status. A game
// read from PGN keeps its tags as read, in their order, none added: only
// Result follows the game's status, and Termination and PlyCount, when
// present, follow the game once its status or its main line changed.
// Its comments come back as read too, [%clk] commands in place, its final
// comment included while its status is as read; a clock time is added
// only to a move played here.
func (g *Game) WritePGN(w io.Writer) error {
	return pgn.Write(w, g.toPGN())
}

// toPGN builds the PGN of the game. The game's comment (the root's) is
// written before the first move; PGN keeps it apart only when there is
// no move. The comment that says how the game ended (endComment) comes
// last, on its own after the last move, the move's own comments, NAGs
// and side lines, as lichess writes it: a reader sees it just before the
// result, and a user's comment on the last move stays that move's.
func (g *Game) toPGN() *pgn.Game {
	pg := &pgn.Game{Tags: g.exportTags(), Result: g.status.Result}
	var end []string
	if c := g.endComment(); c != "" {
		end = []string{c}
	}
	if len(g.root.children) == 0 {
		pg.Comments = append(append([]string(nil), g.root.after...), end...)
		return pg
	}
	pg.Moves = pgnLine(g.root.children[0], true)
	pg.Comments = end
	first := pg.Moves[0]
	first.Before = append(append([]string(nil), g.root.after...), first.Before...)
	return pg
}

// endComment returns the final comment of the game's PGN, which says how
// the game ended: for a game read from PGN whose status is as read, the
// final comment read, if it had one (a game read is written back as it
// was, and a file that did not say why its game ended is not made to);
// else the sentence of the game's status, "" while it goes on.
func (g *Game) endComment() string {
	if g.read != nil && g.status == g.read.status {
		return g.read.endComment
	}
	return g.status.endSentence()
}

// pgnLine writes the line that starts with first and follows first
// children. Each move after the first carries its siblings as variations;
// the first does too when withSiblings is set (the main line).
func pgnLine(first *Node, withSiblings bool) []*pgn.Move {
	var out []*pgn.Move
	for n := first; n != nil; n = n.next() {
		m := n.pgnMove()
		if n != first || withSiblings {
			for _, sib := range n.parent.children[1:] {
				m.Variations = append(m.Variations, pgnLine(sib, false))
			}
		}
		out = append(out, m)
	}
	return out
}

// next returns the node that continues n's line, or nil.
func (n *Node) next() *Node {
	if len(n.children) == 0 {
		return nil
	}
	return n.children[0]
}

func (n *Node) pgnMove() *pgn.Move {
	m := &pgn.Move{SAN: n.san, NAGs: n.nags, NAGAt: n.nagAt, Before: n.before}
	var cmds []string
	if n.hasClock && !hasCommand(n.after, "clk") {
		cmds = append(cmds, pgn.Command("clk", pgn.FormatClock(n.clock)))
	}
	if n.hasElapsed && !hasCommand(n.after, "emt") {
		cmds = append(cmds, pgn.Command("emt", pgn.FormatClock(n.elapsed)))
	}
	if len(cmds) > 0 && m.NAGAt != nil {
		m.NAGAt = nil // the commands go first, before the NAGs
	}
	m.After = append([]string(nil), n.after...)
	if len(cmds) > 0 {
		first := strings.Join(cmds, " ")
		if len(m.After) > 0 {
			m.After[0] = first + " " + m.After[0]
		} else {
			m.After = []string{first}
		}
	}
	return m
}

// hasCommand reports whether one of comments holds the command
// "[%name ...]".
func hasCommand(comments []string, name string) bool {
	for _, c := range comments {
		if _, _, ok := pgn.TakeCommand(c, name); ok {
			return true
		}
	}
	return false
}

// exportTags returns the tags as written (see WritePGN).
func (g *Game) exportTags() []pgn.Tag {
	if g.read != nil {
		return g.readTags()
	}
	t := append(tagList(nil), g.tags...)
	t.set("Result", g.status.Result)
	if term := g.termination(); term != "" {
		t.set("Termination", term)
	} else {
		t.remove("Termination")
	}
	if fen := g.root.pos.FEN(); fen != StartFEN {
		t.set("SetUp", "1")
		t.set("FEN", fen)
	} else {
		t.remove("SetUp")
		t.remove("FEN")
	}
	if g.clock.timed() {
		t.set("TimeControl", g.clock.tc.String())
	}
	if _, ok := t.get("PlyCount"); ok {
		t.set("PlyCount", strconv.Itoa(g.mainlineEnd().ply))
	}
	return exportOrder(t)
}

// readTags returns the tags of a game read from PGN as written: as read,
// with Result made the game's result (unless it holds something else,
// kept as read), and Termination and PlyCount, if the game has them, made
// true once the game changed.
func (g *Game) readTags() []pgn.Tag {
	t := append(tagList(nil), g.tags...)
	if v, ok := t.get("Result"); ok && isResult(v) {
		t.set("Result", g.status.Result)
	}
	if _, ok := t.get("Termination"); ok && g.status != g.read.status {
		t.set("Termination", g.termination())
	}
	if _, ok := t.get("PlyCount"); ok && g.mainlineEnd() != g.read.end {
		t.set("PlyCount", strconv.Itoa(g.mainlineEnd().ply))
	}
	return t
}

// mainlineEnd returns the last node of the main line.
func (g *Game) mainlineEnd() *Node {
	n := g.root
	for n.next() != nil {
		n = n.next()
	}
	return n
}

func exportOrder(t tagList) []pgn.Tag {
	out := make([]pgn.Tag, 0, len(t)+len(sevenTagRoster))
	for _, name := range sevenTagRoster {
		v, ok := t.get(name)
		if !ok {
			v = "?"
			if name == "Date" {
				v = "????.??.??"
			}
		}
		out = append(out, pgn.Tag{Name: name, Value: v})
	}
	rest := make([]pgn.Tag, 0, len(t))
	for _, tag := range t {
		if !isRosterTag(tag.Name) {
			rest = append(rest, tag)
		}
	}
	sort.Slice(rest, func(i, j int) bool { return rest[i].Name < rest[j].Name })
	return append(out, rest...)
}

func isRosterTag(name string) bool {
	for _, r := range sevenTagRoster {
		if r == name {
			return true
		}
	}
	return false
}

// termination returns the Termination tag: as read while the status of a
// game read from PGN is as read, else the PGN standard's value for the
// status ("normal", "time forfeit", "unterminated"...), or "" for a game
// that ended without saying why.
func (g *Game) termination() string {
	if g.read != nil && g.status == g.read.status {
		v, _ := g.tags.get("Termination")
		return v
	}
	switch {
	case !g.status.Over():
		return "unterminated"
	case g.status.Reason == NoReason:
		return ""
	}
	return standardTermination(g.status.Reason)
}

// standardTermination returns the PGN standard's Termination value for a
// reason (section 9.8.1): "normal" for an end by the rules of play, which
// the standard does not tell apart (the final position shows a checkmate
// or a draw by the rules; a resignation, an agreement or a draw claim is
// said by the final comment, endComment), else the reason itself.
func standardTermination(r Reason) string {
	switch r {
	case TimeForfeit, Abandoned, Adjudication, RulesInfraction, Emergency, Death:
		return r.String()
	}
	return "normal"
}
