package game

import "time"

// Root returns the start position of the game's tree.
func (g *Game) Root() *Node { return g.root }

// Live returns the node of the position being played: the end of the line
// the players have played.
func (g *Game) Live() *Node {
	return g.live
}

// MainLine returns the nodes of the main line after the root, in order.
func (g *Game) MainLine() []*Node {
	var out []*Node
	for n := g.root.next(); n != nil; n = n.next() {
		out = append(out, n)
	}
	return out
}

// Legal returns the legal moves at n's position, whether or not the game
// goes on: from a past position they start side lines. There are none
// where the rules engine cannot play (see BadFENUnplayable): PrepareMove
// or AddVariationMove there says why.
func (n *Node) Legal() []Move {
	moves, err := n.legalMoves()
	if err != nil {
		return nil
	}
	return moves
}

// Parent returns the position before n's move, or nil for the root.
func (n *Node) Parent() *Node { return n.parent }

// Children returns the moves played from n: the first continues the line,
// the others are variations.
func (n *Node) Children() []*Node {
	return append([]*Node(nil), n.children...)
}

// Move returns the move that led to n (the zero Move for the root).
func (n *Node) Move() Move { return n.move }

// SAN returns the move that led to n in SAN, or "" for the root.
func (n *Node) SAN() string { return n.san }

// Position returns the position at n.
func (n *Node) Position() Position { return n.pos }

// Ply returns the number of moves from the root to n.
func (n *Node) Ply() int { return n.ply }

// MoveNumber returns the number of n's move as written in PGN ("12" for
// 12. Nf3 and for 12... Nf6).
func (n *Node) MoveNumber() int {
	if n.parent == nil {
		return n.pos.FullMove
	}
	return n.parent.pos.FullMove
}

// Mover returns the colour that played n's move.
func (n *Node) Mover() Color { return n.pos.Turn.Other() }

// NAGs returns n's numeric annotation glyphs.
func (n *Node) NAGs() []int {
	return append([]int(nil), n.nags...)
}

// Comments returns the comments written before and after n's move.
func (n *Node) Comments() (before, after []string) {
	return append([]string(nil), n.before...), append([]string(nil), n.after...)
}

// Clock returns the mover's time left after n's move, when known.
func (n *Node) Clock() (time.Duration, bool) {
	return n.clock, n.hasClock
}

// IsMainLine reports whether n lies on the game's main line.
func (n *Node) IsMainLine() bool {
	return n.onMainLine()
}
