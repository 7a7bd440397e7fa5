package game

import (
	"slices"

	"github.com/notnil/chess"
)

// resolve finds the legal move of n that s names, or explains why there
// is none. It asks notnil/chess for the legal moves; replay.go does the
// same with this package's own move generator.
func (n *Node) resolve(s string) (*chess.Move, error) {
	spec, err := n.pos.readMove(s)
	if err != nil {
		return nil, err
	}
	legal, err := n.legal()
	if err != nil {
		return nil, err
	}
	moves := movesOf(legal)
	found, err := n.pos.choose(s, spec, moves, nil)
	if err != nil {
		return nil, err
	}
	if len(found) > 1 {
		return nil, ambiguous(s, found, func(m Move) string { return n.sanIn(legal, m) })
	}
	return legal[slices.Index(moves, found[0])], nil
}

// readMove parses s as a move of the side to move at p: its shape, and
// for the forms that name their origin square, the piece there.
func (p *Position) readMove(s string) (moveSpec, error) {
	spec, ok := parseSAN(s)
	if !ok {
		spec, ok = parseMove(s)
	}
	if !ok {
		return spec, p.refuseAt(s, MoveError{Reason: RefusedNotAMove})
	}
	if err := p.checkOrigin(s, &spec); err != nil {
		return spec, err
	}
	return spec, nil
}

// choose appends to found the moves of legal (the legal moves at p, or
// at least all of them that could fit spec) that s, read as spec, names.
// Several moves come back when s is ambiguous: they are in the order of
// their origin squares, and the caller names them in the error it makes
// with ambiguous. When no move fits, choose explains why.
func (p *Position) choose(s string, spec moveSpec, legal, found []Move) ([]Move, error) {
	start := len(found)
	promotions := false
	for _, m := range legal {
		if !p.matches(spec, m) {
			continue
		}
		if m.Promotion != spec.promotion {
			promotions = promotions || (spec.promotion == NoKind && m.Promotion != NoKind)
			continue
		}
		found = append(found, m)
	}
	switch {
	case len(found) > start:
		sortByOrigin(found[start:])
		return found, nil
	case promotions:
		return found, p.refuseAt(s, MoveError{Reason: RefusedNoPromotion, To: spec.to})
	}
	return found, p.explain(s, spec)
}

// sortByOrigin sorts a few moves by origin square, then destination.
func sortByOrigin(moves []Move) {
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && (moves[j].From < moves[j-1].From || (moves[j].From == moves[j-1].From && moves[j].To < moves[j-1].To)); j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}

// ambiguous is the error for a move text that several legal moves fit,
// the moves found, which san writes in SAN.
func ambiguous(s string, found []Move, san func(Move) string) error {
	sans := make([]string, len(found))
	for i, m := range found {
		sans[i] = san(m)
	}
	return refuse(s, MoveError{Reason: RefusedAmbiguous, Candidates: sans})
}

// checkOrigin handles moves that name their origin square (UCI, long
// algebraic): the piece must be there and belong to the side to move. A
// king moving onto its own rook ("e1h1") is read as castling.
func (p *Position) checkOrigin(s string, spec *moveSpec) error {
	if spec.from == NoSquare {
		return nil
	}
	pc := p.Board[spec.from]
	switch {
	case pc == NoPiece:
		return p.refuseAt(s, MoveError{Reason: RefusedEmptySquare, Square: spec.from, To: spec.to})
	case pc.Color() != p.Turn:
		return p.refuseAt(s, MoveError{Reason: RefusedOpponentsPiece, Square: spec.from, Piece: pc, To: spec.to})
	case spec.kind != NoKind && spec.kind != pc.Kind():
		return p.refuseAt(s, MoveError{Reason: RefusedWrongKind, Kind: spec.kind, Square: spec.from, Piece: pc, To: spec.to})
	}
	if pc.Kind() == King && p.Board[spec.to] == NewPiece(p.Turn, Rook) && spec.from.Rank() == spec.to.Rank() {
		spec.castle = 6
		if spec.to.File() < spec.from.File() {
			spec.castle = 2
		}
	}
	return nil
}

// matches reports whether legal move m fits spec, promotion aside.
func (p *Position) matches(spec moveSpec, m Move) bool {
	pc := p.Board[m.From]
	if spec.castle != 0 {
		return isCastle(pc, m) && m.To.File() == spec.castle
	}
	if m.To != spec.to || (spec.from != NoSquare && m.From != spec.from) {
		return false
	}
	if spec.kind != NoKind && pc.Kind() != spec.kind {
		return false
	}
	if isCastle(pc, m) && spec.from == NoSquare {
		return false // "Kg1" is not castling
	}
	return (spec.fromFile < 0 || m.From.File() == spec.fromFile) && (spec.fromRank < 0 || m.From.Rank() == spec.fromRank)
}

// explain says why no legal move fits spec.
func (p *Position) explain(s string, spec moveSpec) error {
	if spec.castle != 0 {
		return p.explainCastling(s, spec.castle == 6)
	}
	// Whether a piece spec could mean goes there by its way of moving,
	// its king aside.
	var scratch [64]Move
	reached := slices.ContainsFunc(p.appendPseudoTo(scratch[:0], spec.to, spec.kind), func(m Move) bool {
		return p.fits(spec, m.From)
	})
	e := MoveError{Kind: spec.kind, To: spec.to, Square: spec.from}
	switch {
	case reached && p.Check:
		e.Reason = RefusedStillInCheck
	case reached:
		e.Reason = RefusedExposesKing
	case spec.from != NoSquare:
		e.Reason, e.Piece = RefusedCannotReach, p.Board[spec.from]
	default:
		e.Reason = RefusedNoneCanReach
	}
	return p.refuseAt(s, e)
}

// fits reports whether a piece on from is one spec could mean.
func (p *Position) fits(spec moveSpec, from Square) bool {
	k := p.Board[from].Kind()
	return (spec.kind == NoKind || k == spec.kind) &&
		(spec.from == NoSquare || from == spec.from) &&
		(spec.fromFile < 0 || from.File() == spec.fromFile) &&
		(spec.fromRank < 0 || from.Rank() == spec.fromRank)
}

// explainCastling says why the side to move cannot castle (FIDE 3.8.2).
func (p *Position) explainCastling(s string, kingside bool) error {
	right, rookFile := WhiteQueenside, 0
	if kingside {
		right, rookFile = WhiteKingside, 7
	}
	rank := 0
	if p.Turn == Black {
		right <<= 2
		rank = 7
	}
	king := NewSquare(4, rank)
	e := MoveError{Kingside: kingside}
	switch {
	case p.Castling&right == 0:
		e.Reason = RefusedCastlingRightLost
	case !clearBetween(&p.Board, king, NewSquare(rookFile, rank)):
		e.Reason = RefusedCastlingBlocked
	case p.Check:
		e.Reason = RefusedCastlingInCheck
	default:
		e.Reason = RefusedCastlingAttacked
	}
	return p.refuseAt(s, e)
}

func kindName(k Kind) string {
	return [...]string{"piece", "pawn", "knight", "bishop", "rook", "queen", "king"}[k]
}
