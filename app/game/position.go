package game

import (
	"strconv"
	"strings"
)

// Castling holds the castling rights still open to both sides. A right is
// lost for good when the king or that rook moves, or the rook is captured.
type Castling uint8

// The four castling rights.
const (
	WhiteKingside Castling = 1 << iota
	WhiteQueenside
	BlackKingside
	BlackQueenside
)

// String returns the rights as in FEN: "KQkq", "Kq", "-".
func (c Castling) String() string {
	var b strings.Builder
	for i, l := range "KQkq" {
		if c&(1<<i) != 0 {
			b.WriteRune(l)
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// Position is a chess position: where every piece stands, who is to move,
// and what the history leaves open (castling, en passant, the move
// counters).
type Position struct {
	// Board holds the piece on each square, indexed by Square.
	Board [64]Piece
	// Turn is the side to move.
	Turn Color
	// Castling is what castling rights remain.
	Castling Castling
	// EnPassant is the square a pawn just skipped with a double step
	// (whether or not a capture there is possible), or NoSquare.
	EnPassant Square
	// HalfMoves counts plies since the last capture or pawn move.
	HalfMoves int
	// FullMove is the number of the move being played, starting at 1 and
	// growing after each Black move.
	FullMove int
	// Check reports whether the side to move is in check.
	Check bool
}

// FEN returns the position in Forsyth-Edwards Notation.
func (p *Position) FEN() string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := p.Board[NewSquare(file, rank)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteString(pc.fenLetter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	turn := " w "
	if p.Turn == Black {
		turn = " b "
	}
	b.WriteString(turn)
	b.WriteString(p.Castling.String())
	b.WriteByte(' ')
	b.WriteString(p.EnPassant.String())
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.HalfMoves))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.FullMove))
	return b.String()
}

// KingSquare returns the square of c's king, or NoSquare.
func (p *Position) KingSquare(c Color) Square {
	k := NewPiece(c, King)
	for sq, pc := range p.Board {
		if pc == k {
			return Square(sq)
		}
	}
	return NoSquare
}

// Play returns the position after m, a move of a piece of the side to
// move, without checking that the move is legal: for showing a move, such
// as sliding a piece on a board. Check is left false.
func (p Position) Play(m Move) Position { return p.play(m, false) }

// play returns the position after m, which must be legal here. check tells
// whether m gives check.
func (p *Position) play(m Move, check bool) Position {
	next := *p
	pc := p.Board[m.From]
	captured := p.Board[m.To]
	next.Board[m.From] = NoPiece
	next.Board[m.To] = pc
	next.EnPassant = NoSquare
	switch {
	case pc.Kind() == Pawn && m.To == p.EnPassant:
		captured = p.Board[NewSquare(m.To.File(), m.From.Rank())]
		next.Board[NewSquare(m.To.File(), m.From.Rank())] = NoPiece
	case pc.Kind() == Pawn && abs(int(m.To)-int(m.From)) == 16:
		next.EnPassant = (m.From + m.To) / 2
	case isCastle(pc, m):
		rookFrom, rookTo := castlingRookSquares(m.To)
		next.Board[rookTo] = next.Board[rookFrom]
		next.Board[rookFrom] = NoPiece
	}
	if m.Promotion != NoKind {
		next.Board[m.To] = NewPiece(p.Turn, m.Promotion)
	}
	next.Castling &^= castlingLostBy(m.From) | castlingLostBy(m.To)
	next.HalfMoves++
	if pc.Kind() == Pawn || captured != NoPiece {
		next.HalfMoves = 0
	}
	if p.Turn == Black {
		next.FullMove++
	}
	next.Turn = p.Turn.Other()
	next.Check = check
	return next
}

// isCastle reports whether m, made by the piece pc, is castling: the
// king's move of two squares.
func isCastle(pc Piece, m Move) bool {
	return pc.Kind() == King && abs(m.To.File()-m.From.File()) == 2
}

// castlingRookSquares returns where the rook starts and ends when the king
// castles to kingTo (g1, c1, g8 or c8).
func castlingRookSquares(kingTo Square) (from, to Square) {
	rank := kingTo.Rank()
	if kingTo.File() == 6 {
		return NewSquare(7, rank), NewSquare(5, rank)
	}
	return NewSquare(0, rank), NewSquare(3, rank)
}

// castlingLostBy returns the rights lost when a piece leaves or is taken
// on sq.
func castlingLostBy(sq Square) Castling {
	switch sq {
	case 4:
		return WhiteKingside | WhiteQueenside
	case 7:
		return WhiteKingside
	case 0:
		return WhiteQueenside
	case 60:
		return BlackKingside | BlackQueenside
	case 63:
		return BlackKingside
	case 56:
		return BlackQueenside
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
