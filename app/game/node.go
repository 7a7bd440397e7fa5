package game

import (
	"time"

	"github.com/notnil/chess"
)

// Node is a position in a game's tree: the start position (the root) or
// the position after a move. Its first child continues the line; the other
// children are variations. A Node belongs to its Game; read it through its
// methods.
type Node struct {
	game     *Game
	parent   *Node
	children []*Node

	move Move
	san  string
	pos  Position
	key  positionKey
	ply  int // plies from the root

	cp         *chess.Position
	legalCache []*chess.Move

	nags          []int
	nagAt         []int // where the NAGs stand among the after comments (pgn.Move.NAGAt)
	before, after []string

	clock      time.Duration // the mover's time left after the move
	hasClock   bool
	elapsed    time.Duration // time the mover spent on the move
	hasElapsed bool
	clockUndo  clockState // both clocks just before the move (game moves only)
	hasUndo    bool
}

// positionKey identifies a position for repetition (FIDE 9.2.3): the same
// pieces on the same squares, the same side to move, the same castling
// rights and the same en-passant captures possible.
type positionKey struct {
	board    [64]Piece
	turn     Color
	castling Castling
	epFile   int8 // file of a legal en-passant capture, or -1
}

// keyOf returns the repetition key of p. It is the one function that
// makes the keys of every node, live or replayed, so that the keys
// compared are always made the same way: whether an en-passant capture
// is legal is asked of this package's own move generator.
func keyOf(p *Position) positionKey {
	k := positionKey{board: p.Board, turn: p.Turn, castling: p.Castling, epFile: -1}
	if p.hasLegalEnPassant() {
		k.epFile = int8(p.EnPassant.File())
	}
	return k
}

// repetitions counts how often n's position has occurred on the way from
// the root to n, n included. Only positions since the last capture or pawn
// move can be the same.
func (n *Node) repetitions() int {
	count := 1
	a := n
	for d := 1; d <= n.pos.HalfMoves; d++ {
		if a = a.parent; a == nil {
			break
		}
		if d%2 == 0 && a.key == n.key {
			count++
		}
	}
	return count
}

// newChild builds the node after cm, a legal move of parent found by
// parent.legal, without adding it to the tree.
func (g *Game) newChild(parent *Node, cm *chess.Move) *Node {
	m := fromChess(cm)
	n := &Node{
		game:   g,
		parent: parent,
		move:   m,
		san:    parent.sanOf(cm),
		pos:    parent.pos.play(m, checkOf(cm)),
		cp:     parent.cp.Update(cm),
		ply:    parent.ply + 1,
	}
	n.key = keyOf(&n.pos)
	return n
}
