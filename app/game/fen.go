package game

import (
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// FENProblem says what is wrong with a FEN.
type FENProblem int

// The ways a FEN can be wrong.
const (
	FENSyntax          FENProblem = iota // not six (or four) well-formed fields
	FENKings                             // not exactly one king per side
	FENPawnOnEdgeRank                    // a pawn on rank 1 or 8
	FENTooManyPieces                     // more pieces than a game can produce
	FENCastling                          // a castling right without its king and rook at home
	FENChess960                          // Shredder or X-FEN castling letters
	FENEnPassant                         // an en-passant square no double step can explain
	FENOpponentInCheck                   // the side that just moved is in check
	FENCounters                          // a bad half-move or move number
)

// FENError is a FEN that does not describe a legal chess position.
type FENError struct {
	FEN     string
	Problem FENProblem
	Detail  string // in English, such as "White has 2 kings"
}

func (e *FENError) Error() string {
	return fmt.Sprintf("invalid FEN %q: %s", e.FEN, e.Detail)
}

// ParseFEN reads and validates a FEN. Four fields (without the move
// counters) are accepted; a move number of 0 is read as 1.
func ParseFEN(fen string) (Position, error) {
	fields := strings.Fields(fen)
	fail := func(p FENProblem, format string, args ...any) (Position, error) {
		return Position{}, &FENError{FEN: fen, Problem: p, Detail: fmt.Sprintf(format, args...)}
	}
	if len(fields) == 4 {
		fields = append(fields, "0", "1")
	}
	if len(fields) != 6 {
		return fail(FENSyntax, "a FEN has 6 fields separated by spaces, this one has %d", len(fields))
	}
	var p Position
	if msg := parseBoard(fields[0], &p.Board); msg != "" {
		return fail(FENSyntax, "%s", msg)
	}
	switch fields[1] {
	case "w":
		p.Turn = White
	case "b":
		p.Turn = Black
	default:
		return fail(FENSyntax, "the side to move must be w or b, not %q", fields[1])
	}
	var err error
	if p.Castling, err = parseCastling(fields[2]); err != nil {
		prob := FENSyntax
		if strings.ContainsAny(fields[2], "ABCDEFGHabcdefgh") {
			prob = FENChess960
		}
		return fail(prob, "%v", err)
	}
	if p.EnPassant, err = parseEnPassant(fields[3]); err != nil {
		return fail(FENSyntax, "%v", err)
	}
	half, err1 := strconv.Atoi(fields[4])
	full, err2 := strconv.Atoi(fields[5])
	if err1 != nil || err2 != nil || half < 0 || full < 0 {
		return fail(FENCounters, "the move counters must be whole numbers, not %q and %q", fields[4], fields[5])
	}
	p.HalfMoves, p.FullMove = half, max(full, 1)
	if prob, msg := p.validate(); msg != "" {
		return fail(prob, "%s", msg)
	}
	p.Check = p.inCheck(p.Turn)
	return p, nil
}

func parseBoard(s string, board *[64]Piece) string {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fmt.Sprintf("the board must have 8 ranks separated by /, it has %d", len(ranks))
	}
	for i, row := range ranks {
		rank, file := 7-i, 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			if ch >= '1' && ch <= '8' {
				file += int(ch - '0')
				continue
			}
			pc, ok := pieceFromFEN(ch)
			if !ok {
				return fmt.Sprintf("%q on rank %d is not a piece letter or a digit", ch, rank+1)
			}
			if file < 8 {
				board[NewSquare(file, rank)] = pc
			}
			file++
		}
		if file != 8 {
			return fmt.Sprintf("rank %d covers %d squares instead of 8", rank+1, file)
		}
	}
	return ""
}

func parseCastling(s string) (Castling, error) {
	if s == "-" {
		return 0, nil
	}
	var c Castling
	for _, r := range s {
		i := strings.IndexRune("KQkq", r)
		if i < 0 {
			return 0, fmt.Errorf("castling rights are written with K, Q, k and q (or -), not %q; Chess960 is not supported", s)
		}
		if c&(1<<i) != 0 {
			return 0, fmt.Errorf("castling right %c is given twice", r)
		}
		c |= 1 << i
	}
	return c, nil
}

func parseEnPassant(s string) (Square, error) {
	if s == "-" {
		return NoSquare, nil
	}
	sq, ok := ParseSquare(s)
	if !ok {
		return NoSquare, fmt.Errorf("the en-passant field must be a square or -, not %q", s)
	}
	return sq, nil
}

// validate checks that the position could arise in a game, as far as the
// rules below can tell.
func (p *Position) validate() (FENProblem, string) {
	checks := []func() (FENProblem, string){p.validateKings, p.validatePawns, p.validateCount,
		p.validateCastling, p.validateEnPassant, p.validateCheck}
	for _, check := range checks {
		if prob, msg := check(); msg != "" {
			return prob, msg
		}
	}
	return 0, ""
}

func (p *Position) validateKings() (FENProblem, string) {
	for _, c := range [2]Color{White, Black} {
		n := 0
		for _, pc := range p.Board {
			if pc == NewPiece(c, King) {
				n++
			}
		}
		if n != 1 {
			return FENKings, fmt.Sprintf("%s has %d kings; each side must have exactly one", c, n)
		}
	}
	return 0, ""
}

func (p *Position) validatePawns() (FENProblem, string) {
	for file := 0; file < 8; file++ {
		for _, rank := range [2]int{0, 7} {
			if sq := NewSquare(file, rank); p.Board[sq].Kind() == Pawn {
				return FENPawnOnEdgeRank, fmt.Sprintf("a pawn stands on %s; pawns never stand on rank 1 or 8", sq)
			}
		}
	}
	return 0, ""
}

// validateCount rejects more pieces than promotions can explain.
func (p *Position) validateCount() (FENProblem, string) {
	m := countMaterial(&p.Board)
	for _, c := range [2]Color{White, Black} {
		extra := max(m.queens[c]-1, 0) + max(m.rooks[c]-2, 0) + max(m.bishops[c]-2, 0) + max(m.knights[c]-2, 0)
		if m.pawns[c] > 8 || m.pawns[c]+extra > 8 {
			return FENTooManyPieces, fmt.Sprintf("%s has more pieces than eight pawns and their promotions allow", c)
		}
	}
	return 0, ""
}

func (p *Position) validateCastling() (FENProblem, string) {
	rights := []struct {
		right      Castling
		king, rook Piece
		kSq, rSq   Square
	}{
		{WhiteKingside, NewPiece(White, King), NewPiece(White, Rook), 4, 7},
		{WhiteQueenside, NewPiece(White, King), NewPiece(White, Rook), 4, 0},
		{BlackKingside, NewPiece(Black, King), NewPiece(Black, Rook), 60, 63},
		{BlackQueenside, NewPiece(Black, King), NewPiece(Black, Rook), 60, 56},
	}
	for _, r := range rights {
		if p.Castling&r.right != 0 && (p.Board[r.kSq] != r.king || p.Board[r.rSq] != r.rook) {
			return FENCastling, fmt.Sprintf("castling right %s needs the king on %s and a rook on %s", r.right, r.kSq, r.rSq)
		}
	}
	return 0, ""
}

func (p *Position) validateEnPassant() (FENProblem, string) {
	ep := p.EnPassant
	if ep == NoSquare {
		return 0, ""
	}
	rank, forward := 5, -1 // White to move: Black's pawn skipped a square on rank 6
	if p.Turn == Black {
		rank, forward = 2, 1
	}
	pawnSq := NewSquare(ep.File(), ep.Rank()+forward)
	fromSq := NewSquare(ep.File(), ep.Rank()-forward)
	ok := ep.Rank() == rank && p.Board[ep] == NoPiece && p.Board[fromSq] == NoPiece &&
		p.Board[pawnSq] == NewPiece(p.Turn.Other(), Pawn)
	if !ok {
		return FENEnPassant, fmt.Sprintf("en-passant square %s does not follow a double step of a %s pawn", ep, p.Turn.Other())
	}
	return 0, ""
}

func (p *Position) validateCheck() (FENProblem, string) {
	if p.inCheck(p.Turn.Other()) {
		return FENOpponentInCheck, fmt.Sprintf("%s is in check but it is %s's move", p.Turn.Other(), p.Turn)
	}
	return 0, ""
}
