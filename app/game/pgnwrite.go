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

// WritePGN writes the game in PGN export format: all tags, with Result and
// Termination matching the game's status and TimeControl for a timed game,
// then the moves with their comments, NAGs, variations and [%clk] times.
func (g *Game) WritePGN(w io.Writer) error {
	return pgn.Write(w, g.toPGN())
}

// toPGN builds the PGN of the game. The game's comment (the root's) is
// written before the first move; PGN keeps it apart only when there is
// no move.
func (g *Game) toPGN() *pgn.Game {
	pg := &pgn.Game{Tags: g.exportTags(), Result: g.status.Result}
	if len(g.root.children) == 0 {
		pg.Comments = g.root.after
		return pg
	}
	pg.Moves = pgnLine(g.root.children[0], true)
	first := pg.Moves[0]
	first.Before = append(append([]string(nil), g.root.after...), first.Before...)
	return pg
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
	m := &pgn.Move{SAN: n.san, NAGs: n.nags, Before: n.before}
	var cmds []string
	if n.hasClock {
		cmds = append(cmds, pgn.Command("clk", pgn.FormatClock(n.clock)))
	}
	if n.hasElapsed {
		cmds = append(cmds, pgn.Command("emt", pgn.FormatClock(n.elapsed)))
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

// exportTags returns the tags as written: the Seven Tag Roster in order,
// then the others in ASCII order, with the tags that describe the game
// (Result, Termination, SetUp, FEN, TimeControl, PlyCount) made true.
func (g *Game) exportTags() []pgn.Tag {
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
		t.set("PlyCount", strconv.Itoa(g.mainlineLength()))
	}
	return exportOrder(t)
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

// termination returns the Termination tag for the game's status: the
// reason it ended, "unterminated" while it goes on, or the tag as read for
// a PGN game that ended without saying why.
func (g *Game) termination() string {
	switch {
	case !g.status.Over():
		return "unterminated"
	case g.status.Reason != NoReason:
		return g.status.Reason.String()
	}
	v, _ := g.tags.get("Termination")
	return v
}

// mainlineLength counts the plies of the main line.
func (g *Game) mainlineLength() int {
	n := 0
	for a := g.root.next(); a != nil; a = a.next() {
		n++
	}
	return n
}
