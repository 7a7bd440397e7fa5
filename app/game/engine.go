package game

import "github.com/notnil/chess"

// This file is the bridge to notnil/chess, which generates the legal moves
// and encodes SAN.

// fromChessKind maps notnil's piece types to ours.
func fromChessKind(t chess.PieceType) Kind {
	switch t {
	case chess.Pawn:
		return Pawn
	case chess.Knight:
		return Knight
	case chess.Bishop:
		return Bishop
	case chess.Rook:
		return Rook
	case chess.Queen:
		return Queen
	case chess.King:
		return King
	}
	return NoKind
}

func fromChess(m *chess.Move) Move {
	return Move{From: Square(m.S1()), To: Square(m.S2()), Promotion: fromChessKind(m.Promo())}
}

// chessPosition builds notnil's position from a validated position.
func chessPosition(p *Position) (*chess.Position, error) {
	pos := &chess.Position{}
	if err := pos.UnmarshalText([]byte(p.FEN())); err != nil {
		return nil, &FENError{FEN: p.FEN(), Problem: FENSyntax, Detail: err.Error()}
	}
	return pos, nil
}

// chessPos returns notnil's position for n, rebuilding it if it was let
// go to save memory.
func (n *Node) chessPos() *chess.Position {
	if n.cp == nil {
		n.cp, _ = chessPosition(&n.pos)
	}
	return n.cp
}

// legal returns the legal moves at n, computing them once.
func (n *Node) legal() []*chess.Move {
	if n.legalCache == nil {
		if cp := n.chessPos(); cp != nil {
			n.legalCache = cp.ValidMoves()
		}
	}
	return n.legalCache
}

// sanOf encodes a legal move of n in SAN.
func (n *Node) sanOf(cm *chess.Move) string {
	return chess.AlgebraicNotation{}.Encode(n.chessPos(), cm)
}

// checkOf reports whether a legal move gives check.
func checkOf(cm *chess.Move) bool { return cm.HasTag(chess.Check) }

// enPassantOf reports whether a legal move captures en passant.
func enPassantOf(cm *chess.Move) bool { return cm.HasTag(chess.EnPassant) }
