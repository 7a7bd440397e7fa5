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

func (n *Node) makeKey() {
	n.key = positionKey{board: n.pos.Board, turn: n.pos.Turn, castling: n.pos.Castling, epFile: -1}
	if n.pos.EnPassant == NoSquare {
		return
	}
	for _, cm := range n.legal() {
		if enPassantOf(cm) {
			n.key.epFile = int8(n.pos.EnPassant.File())
			return
		}
	}
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

func (g *Game) newChild(parent *Node, cm *chess.Move) *Node {
	m := fromChess(cm)
	n := &Node{
		game:   g,
		parent: parent,
		move:   m,
		san:    parent.sanOf(cm),
		pos:    parent.pos.play(m, checkOf(cm)),
		cp:     parent.chessPos().Update(cm),
		ply:    parent.ply + 1,
	}
	n.makeKey()
	return n
}
