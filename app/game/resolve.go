package game

import (
	"strings"

	"github.com/notnil/chess"
)

// resolve finds the legal move of n that s names, or explains why there
// is none.
func (n *Node) resolve(s string) (*chess.Move, error) {
	spec, ok := parseMove(s)
	if !ok {
		return nil, moveError(s, MoveSyntax, "not a move")
	}
	if err := n.checkOrigin(s, &spec); err != nil {
		return nil, err
	}
	var found []*chess.Move
	promotions := false
	for _, cm := range n.legal() {
		m := fromChess(cm)
		if !n.matches(spec, m) {
			continue
		}
		if m.Promotion != spec.promotion {
			promotions = promotions || (spec.promotion == NoKind && m.Promotion != NoKind)
			continue
		}
		found = append(found, cm)
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) > 1:
		e := moveError(s, MoveAmbiguous, "several moves match")
		for _, cm := range found {
			e.Candidates = append(e.Candidates, n.sanOf(cm))
		}
		return nil, e
	case promotions:
		return nil, moveError(s, MoveNoPromotion, "a pawn reaching the last rank must promote: add =Q, =R, =B or =N")
	}
	return nil, n.explain(s, spec)
}

// checkOrigin handles moves that name their origin square (UCI, long
// algebraic): the piece must be there and belong to the side to move. A
// king moving onto its own rook ("e1h1") is read as castling.
func (n *Node) checkOrigin(s string, spec *moveSpec) error {
	if spec.from == NoSquare {
		return nil
	}
	pc := n.pos.Board[spec.from]
	switch {
	case pc == NoPiece:
		return moveError(s, MoveNoPiece, "there is no piece on %s", spec.from)
	case pc.Color() != n.pos.Turn:
		return moveError(s, MoveWrongSide, "the piece on %s is %s's and it is %s's move", spec.from, pc.Color(), n.pos.Turn)
	case spec.kind != NoKind && spec.kind != pc.Kind():
		return moveError(s, MoveNoPiece, "there is no %s on %s", kindName(spec.kind), spec.from)
	}
	if pc.Kind() == King && n.pos.Board[spec.to] == NewPiece(n.pos.Turn, Rook) && spec.from.Rank() == spec.to.Rank() {
		spec.castle = 6
		if spec.to.File() < spec.from.File() {
			spec.castle = 2
		}
	}
	return nil
}

// matches reports whether legal move m fits spec, promotion aside.
func (n *Node) matches(spec moveSpec, m Move) bool {
	pc := n.pos.Board[m.From]
	if spec.castle != 0 {
		return pc.Kind() == King && abs(m.To.File()-m.From.File()) == 2 && m.To.File() == spec.castle
	}
	if m.To != spec.to || (spec.from != NoSquare && m.From != spec.from) {
		return false
	}
	if spec.kind != NoKind && pc.Kind() != spec.kind {
		return false
	}
	if pc.Kind() == King && abs(m.To.File()-m.From.File()) == 2 && spec.from == NoSquare {
		return false // "Kg1" is not castling
	}
	return (spec.fromFile < 0 || m.From.File() == spec.fromFile) && (spec.fromRank < 0 || m.From.Rank() == spec.fromRank)
}

// explain says why no legal move fits spec.
func (n *Node) explain(s string, spec moveSpec) error {
	if spec.castle != 0 {
		return n.explainCastling(s, spec.castle == 6)
	}
	turn := n.pos.Turn
	var reachers int
	for sq, pc := range n.pos.Board {
		from := Square(sq)
		if pc == NoPiece || pc.Color() != turn || !n.fits(spec, from) {
			continue
		}
		if n.pos.reaches(from, spec.to) {
			reachers++
		}
	}
	who := strings.ToLower(turn.String()) + " " + kindName(spec.kind)
	if spec.from != NoSquare {
		who = "the " + kindName(n.pos.Board[spec.from].Kind()) + " on " + spec.from.String()
	}
	switch {
	case reachers > 0 && n.pos.Check:
		return moveError(s, MoveIntoCheck, "%s is in check, and this move does not get out of it", turn)
	case reachers > 0:
		return moveError(s, MoveIntoCheck, "it would leave the %s king in check", strings.ToLower(turn.String()))
	case spec.from != NoSquare:
		return moveError(s, MoveUnreachable, "%s cannot move to %s", who, spec.to)
	}
	return moveError(s, MoveUnreachable, "no %s can move to %s", who, spec.to)
}

// fits reports whether a piece on from is one spec could mean.
func (n *Node) fits(spec moveSpec, from Square) bool {
	k := n.pos.Board[from].Kind()
	return (spec.kind == NoKind || k == spec.kind) &&
		(spec.from == NoSquare || from == spec.from) &&
		(spec.fromFile < 0 || from.File() == spec.fromFile) &&
		(spec.fromRank < 0 || from.Rank() == spec.fromRank)
}

// explainCastling says why the side to move cannot castle (FIDE 3.8.2).
func (n *Node) explainCastling(s string, kingside bool) error {
	turn := n.pos.Turn
	side, right, rookFile := "queenside", WhiteQueenside, 0
	if kingside {
		side, right, rookFile = "kingside", WhiteKingside, 7
	}
	if turn == Black {
		right <<= 2
	}
	rank := 0
	if turn == Black {
		rank = 7
	}
	king := NewSquare(4, rank)
	switch {
	case n.pos.Castling&right == 0:
		return moveError(s, MoveCastling, "%s can no longer castle %s: the king or that rook has moved", turn, side)
	case !n.pos.pathClear(king, rookFile-4, 0):
		return moveError(s, MoveCastling, "%s cannot castle %s: there are pieces between the king and the rook", turn, side)
	case n.pos.Check:
		return moveError(s, MoveCastling, "%s cannot castle out of check", turn)
	}
	return moveError(s, MoveCastling, "%s cannot castle %s: the king would cross or land on an attacked square", turn, side)
}

func kindName(k Kind) string {
	return [...]string{"piece", "pawn", "knight", "bishop", "rook", "queen", "king"}[k]
}
