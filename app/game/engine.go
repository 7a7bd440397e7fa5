package game

import "github.com/notnil/chess"

// This file is the bridge to notnil/chess, the rules core of live play:
// it generates the legal moves of the nodes played from and writes their
// SAN. Its positions are built from this package's, which are validated
// first; a position notnil/chess refuses all the same says so in a
// *FENError (BadFENUnplayable) wherever it is played from.

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
	fen := p.FEN()
	if err := pos.UnmarshalText([]byte(fen)); err != nil {
		return nil, invalid(BadFENUnplayable, FENError{FEN: fen, Text: err.Error()})
	}
	return pos, nil
}

// chessPos returns notnil's position for n, building it the first time:
// the nodes read from PGN are replayed without one.
func (n *Node) chessPos() (*chess.Position, error) {
	if n.cp == nil {
		cp, err := chessPosition(&n.pos)
		if err != nil {
			return nil, err
		}
		n.cp = cp
	}
	return n.cp, nil
}

// legal returns notnil's legal moves at n, computing them once.
func (n *Node) legal() ([]*chess.Move, error) {
	if n.legalCache == nil {
		cp, err := n.chessPos()
		if err != nil {
			return nil, err
		}
		n.legalCache = cp.ValidMoves()
	}
	return n.legalCache, nil
}

// legalMoves returns the legal moves at n as Move values.
func (n *Node) legalMoves() ([]Move, error) {
	legal, err := n.legal()
	if err != nil {
		return nil, err
	}
	return movesOf(legal), nil
}

// movesOf returns notnil's moves as Move values.
func movesOf(legal []*chess.Move) []Move {
	out := make([]Move, len(legal))
	for i, cm := range legal {
		out[i] = fromChess(cm)
	}
	return out
}

// chessMove returns notnil's move for m at n, or explains why m is not
// legal there.
func (n *Node) chessMove(m Move) (*chess.Move, error) {
	if !m.valid() {
		return nil, n.pos.refuseAt(m.text(), MoveError{Reason: RefusedNotAMove})
	}
	legal, err := n.legal()
	if err != nil {
		return nil, err
	}
	for _, cm := range legal {
		if fromChess(cm) == m {
			return cm, nil
		}
	}
	// The reason, as for the same move typed in UCI, or else only that
	// m is not legal (a promotion to a king, say).
	uci := m.UCI()
	spec, err := n.pos.readMove(uci)
	if err == nil {
		_, err = n.pos.choose(uci, spec, movesOf(legal), nil)
	}
	if err == nil {
		err = n.pos.refuseAt(uci, MoveError{Reason: RefusedNotLegal, Square: m.From, Piece: n.pos.Board[m.From], To: m.To})
	}
	return nil, err
}

// sanOf writes legal move cm of n in SAN; n.legal has built n's notnil
// position.
func (n *Node) sanOf(cm *chess.Move) string {
	return chess.AlgebraicNotation{}.Encode(n.cp, cm)
}

// sanIn returns the SAN of m, one of legal, the legal moves of n.
func (n *Node) sanIn(legal []*chess.Move, m Move) string {
	for _, cm := range legal {
		if fromChess(cm) == m {
			return n.sanOf(cm)
		}
	}
	return m.text()
}

// checkOf reports whether a legal move gives check.
func checkOf(cm *chess.Move) bool { return cm.HasTag(chess.Check) }
