package game

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/echiquier/echiquier/app/pgn"
)

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// FENReason says exactly what is wrong with a FEN: one value per message.
// The data its message names is in the fields of the FENError, so that a
// user interface can word it in any language.
type FENReason int

// The ways a FEN can be wrong, with the FENError fields each one sets
// besides FEN and Reason.
const (
	// BadFENFieldCount: "a FEN has 6 fields separated by spaces, this one
	// has 3": Count.
	BadFENFieldCount FENReason = iota
	// BadFENRankCount: "the board must have 8 ranks separated by /, it has
	// 7": Count.
	BadFENRankCount
	// BadFENLetter: "'X' on rank 1 is not a piece letter or a digit": Text
	// is the character, Rank its rank (1 to 8).
	BadFENLetter
	// BadFENRankLength: "rank 8 covers 9 squares instead of 8": Rank and
	// Count.
	BadFENRankLength
	// BadFENSideToMove: "the side to move must be w or b, not "x"": Text.
	BadFENSideToMove
	// BadFENCastlingField: "castling rights are written with K, Q, k and q
	// (or -), not "K2"": Text.
	BadFENCastlingField
	// BadFENChess960: "Chess960 castling rights such as "HA" are not
	// supported": Text, a castling field with file letters (Shredder-FEN
	// or X-FEN), which only Chess960 needs.
	BadFENChess960
	// BadFENCastlingTwice: "castling right K is given twice": Right.
	BadFENCastlingTwice
	// BadFENEnPassantField: "the en-passant field must be a square or -,
	// not "e9"": Text.
	BadFENEnPassantField
	// BadFENCounters: "the move counters must be whole numbers, not "x"
	// and "1"": Text is the half-move clock as written, MoveNumber the
	// move number.
	BadFENCounters
	// BadFENKingCount: "White has 2 kings; each side must have exactly
	// one": Color and Count.
	BadFENKingCount
	// BadFENPawnOnEdge: "a pawn stands on a8; pawns never stand on rank 1
	// or 8": Square.
	BadFENPawnOnEdge
	// BadFENTooManyPieces: "White has more pieces than eight pawns and
	// their promotions allow": Color.
	BadFENTooManyPieces
	// BadFENCastlingRight: "castling right K needs the king on e1 and a
	// rook on h1": Right, Square (the king's) and RookSquare.
	BadFENCastlingRight
	// BadFENEnPassantSquare: "en-passant square e6 does not follow a
	// double step of a Black pawn": Square, and Color, the pawn's.
	BadFENEnPassantSquare
	// BadFENOpponentInCheck: "Black is in check but it is White's move":
	// Color is the side in check, the one not to move.
	BadFENOpponentInCheck
	// BadFENUnplayable: "the rules engine cannot play from this position
	// ("...")": Text is what notnil/chess said. This package checks
	// everything notnil/chess checks, so it only comes of a bug.
	BadFENUnplayable
	// BadFENTripleCheck: "White is in check from 3 pieces; no move gives
	// more than a double check": Color is the side in check, Count the
	// number of checking pieces.
	BadFENTripleCheck
	// BadFENImpossibleDoubleCheck: "White is in check from two pieces
	// that cannot both give check: one of them must have been uncovered,
	// and only a queen, rook or bishop can be": Color is the side in
	// check.
	BadFENImpossibleDoubleCheck
	// NumFENReasons counts the reasons above: a loop up to it meets
	// every one.
	NumFENReasons
)

// fenDetails writes, for each FENReason, what is wrong in English from
// the FENError's data: the one English wording of each reason.
var fenDetails = [NumFENReasons]func(e *FENError) string{
	BadFENFieldCount: func(e *FENError) string {
		return fmt.Sprintf("a FEN has 6 fields separated by spaces, this one has %d", e.Count)
	},
	BadFENRankCount: func(e *FENError) string {
		return fmt.Sprintf("the board must have 8 ranks separated by /, it has %d", e.Count)
	},
	BadFENLetter: func(e *FENError) string {
		r, _ := utf8.DecodeRuneInString(e.Text)
		return fmt.Sprintf("%q on rank %d is not a piece letter or a digit", r, e.Rank)
	},
	BadFENRankLength: func(e *FENError) string {
		return fmt.Sprintf("rank %d covers %d squares instead of 8", e.Rank, e.Count)
	},
	BadFENSideToMove: func(e *FENError) string {
		return fmt.Sprintf("the side to move must be w or b, not %q", e.Text)
	},
	BadFENCastlingField: func(e *FENError) string {
		return fmt.Sprintf("castling rights are written with K, Q, k and q (or -), not %q", e.Text)
	},
	BadFENChess960: func(e *FENError) string {
		return fmt.Sprintf("castling rights are written with K, Q, k and q (or -), not %q; Chess960 is not supported", e.Text)
	},
	BadFENCastlingTwice: func(e *FENError) string {
		return fmt.Sprintf("castling right %s is given twice", e.Right)
	},
	BadFENEnPassantField: func(e *FENError) string {
		return fmt.Sprintf("the en-passant field must be a square or -, not %q", e.Text)
	},
	BadFENCounters: func(e *FENError) string {
		return fmt.Sprintf("the move counters must be whole numbers, not %q and %q", e.Text, e.MoveNumber)
	},
	BadFENKingCount: func(e *FENError) string {
		return fmt.Sprintf("%s has %d kings; each side must have exactly one", e.Color, e.Count)
	},
	BadFENPawnOnEdge: func(e *FENError) string {
		return fmt.Sprintf("a pawn stands on %s; pawns never stand on rank 1 or 8", e.Square)
	},
	BadFENTooManyPieces: func(e *FENError) string {
		return fmt.Sprintf("%s has more pieces than eight pawns and their promotions allow", e.Color)
	},
	BadFENCastlingRight: func(e *FENError) string {
		return fmt.Sprintf("castling right %s needs the king on %s and a rook on %s", e.Right, e.Square, e.RookSquare)
	},
	BadFENEnPassantSquare: func(e *FENError) string {
		return fmt.Sprintf("en-passant square %s does not follow a double step of a %s pawn", e.Square, e.Color)
	},
	BadFENOpponentInCheck: func(e *FENError) string {
		return fmt.Sprintf("%s is in check but it is %s's move", e.Color, e.Color.Other())
	},
	BadFENUnplayable: func(e *FENError) string {
		return fmt.Sprintf("the rules engine cannot play from this position (%q)", e.Text)
	},
	BadFENTripleCheck: func(e *FENError) string {
		return fmt.Sprintf("%s is in check from %d pieces; no move gives more than a double check", e.Color, e.Count)
	},
	BadFENImpossibleDoubleCheck: func(e *FENError) string {
		return fmt.Sprintf("%s is in check from two pieces that cannot both give check: one of them must have been uncovered, and only a queen, rook or bishop can be", e.Color)
	},
}

// FENError is a FEN that does not describe a legal chess position. The
// texts it holds from the FEN are cut to one short line (see
// pgn.Excerpt), however long the FEN.
type FENError struct {
	// FEN is the FEN as given, cut short.
	FEN string
	// Reason says exactly what is wrong; the fields below hold what its
	// message names (see the FENReason values for which are set).
	Reason FENReason
	// Count is a number of fields, ranks, squares or kings.
	Count int
	// Rank is a rank, from 1 to 8.
	Rank int
	// Square is the square named, and RookSquare the rook's of a castling
	// right.
	Square, RookSquare Square
	// Color is the side named.
	Color Color
	// Right is the castling right named.
	Right Castling
	// Text is the offending text as written, and MoveNumber the move
	// number field when the move counters are wrong.
	Text, MoveNumber string
}

// Error words the error in English: `invalid FEN "...": White has 2
// kings; each side must have exactly one`.
func (e *FENError) Error() string {
	detail := "unknown reason"
	if e.Reason >= 0 && e.Reason < NumFENReasons {
		detail = fenDetails[e.Reason](e)
	}
	return fmt.Sprintf("invalid FEN %q: %s", e.FEN, detail)
}

// invalid returns e with reason r, the texts it quotes cut short.
func invalid(r FENReason, e FENError) *FENError {
	e.Reason = r
	e.Text, e.MoveNumber = pgn.Excerpt(e.Text), pgn.Excerpt(e.MoveNumber)
	return &e
}

// MaxFEN is longer than the FEN of any position: 71 characters of board,
// five short fields and the spaces between them fit with room to spare.
// The FEN fields take no more.
const MaxFEN = 128

// ParseFEN reads and validates a FEN. Four fields (without the move
// counters) are accepted; a move number of 0 is read as 1.
func ParseFEN(fen string) (Position, error) {
	p, e := parseFEN(fen)
	if e != nil {
		e.FEN = pgn.Excerpt(fen)
		return Position{}, e
	}
	return p, nil
}

// parseFEN is ParseFEN, its error without FEN.
func parseFEN(fen string) (Position, *FENError) {
	fields := strings.Fields(fen)
	if len(fields) == 4 {
		fields = append(fields, "0", "1")
	}
	if len(fields) != 6 {
		return Position{}, invalid(BadFENFieldCount, FENError{Count: len(fields)})
	}
	var p Position
	if e := parseBoard(fields[0], &p.Board); e != nil {
		return p, e
	}
	switch fields[1] {
	case "w":
		p.Turn = White
	case "b":
		p.Turn = Black
	default:
		return p, invalid(BadFENSideToMove, FENError{Text: fields[1]})
	}
	var e *FENError
	if p.Castling, e = parseCastling(fields[2]); e != nil {
		return p, e
	}
	if p.EnPassant, e = parseEnPassant(fields[3]); e != nil {
		return p, e
	}
	half, err1 := strconv.Atoi(fields[4])
	full, err2 := strconv.Atoi(fields[5])
	if err1 != nil || err2 != nil || half < 0 || full < 0 {
		return p, invalid(BadFENCounters, FENError{Text: fields[4], MoveNumber: fields[5]})
	}
	p.HalfMoves, p.FullMove = half, max(full, 1)
	if e := p.validate(); e != nil {
		return p, e
	}
	p.Check = p.inCheck(p.Turn)
	return p, nil
}

func parseBoard(s string, board *[64]Piece) *FENError {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return invalid(BadFENRankCount, FENError{Count: len(ranks)})
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
				_, size := utf8.DecodeRuneInString(row[j:])
				return invalid(BadFENLetter, FENError{Text: row[j : j+size], Rank: rank + 1})
			}
			if file < 8 {
				board[NewSquare(file, rank)] = pc
			}
			file++
		}
		if file != 8 {
			return invalid(BadFENRankLength, FENError{Rank: rank + 1, Count: file})
		}
	}
	return nil
}

func parseCastling(s string) (Castling, *FENError) {
	if s == "-" {
		return 0, nil
	}
	var c Castling
	for _, r := range s {
		i := strings.IndexRune("KQkq", r)
		if i < 0 {
			if strings.ContainsAny(s, "ABCDEFGHabcdefgh") {
				return 0, invalid(BadFENChess960, FENError{Text: s})
			}
			return 0, invalid(BadFENCastlingField, FENError{Text: s})
		}
		if c&(1<<i) != 0 {
			return 0, invalid(BadFENCastlingTwice, FENError{Right: 1 << i})
		}
		c |= 1 << i
	}
	return c, nil
}

func parseEnPassant(s string) (Square, *FENError) {
	if s == "-" {
		return NoSquare, nil
	}
	sq, ok := ParseSquare(s)
	if !ok {
		return NoSquare, invalid(BadFENEnPassantField, FENError{Text: s})
	}
	return sq, nil
}

// validate checks that the position could arise in a game, as far as the
// rules below can tell.
func (p *Position) validate() *FENError {
	checks := []func() *FENError{p.validateKings, p.validatePawns, p.validateCount,
		p.validateCastling, p.validateEnPassant, p.validateCheck}
	for _, check := range checks {
		if e := check(); e != nil {
			return e
		}
	}
	return nil
}

func (p *Position) validateKings() *FENError {
	for _, c := range [2]Color{White, Black} {
		n := 0
		for _, pc := range p.Board {
			if pc == NewPiece(c, King) {
				n++
			}
		}
		if n != 1 {
			return invalid(BadFENKingCount, FENError{Color: c, Count: n})
		}
	}
	return nil
}

func (p *Position) validatePawns() *FENError {
	for file := 0; file < 8; file++ {
		for _, rank := range [2]int{0, 7} {
			if sq := NewSquare(file, rank); p.Board[sq].Kind() == Pawn {
				return invalid(BadFENPawnOnEdge, FENError{Square: sq})
			}
		}
	}
	return nil
}

// validateCount rejects more pieces than promotions can explain.
func (p *Position) validateCount() *FENError {
	m := countMaterial(&p.Board)
	for _, c := range [2]Color{White, Black} {
		extra := max(m.queens[c]-1, 0) + max(m.rooks[c]-2, 0) + max(m.bishops[c]-2, 0) + max(m.knights[c]-2, 0)
		if m.pawns[c] > 8 || m.pawns[c]+extra > 8 {
			return invalid(BadFENTooManyPieces, FENError{Color: c})
		}
	}
	return nil
}

func (p *Position) validateCastling() *FENError {
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
			return invalid(BadFENCastlingRight, FENError{Right: r.right, Square: r.kSq, RookSquare: r.rSq})
		}
	}
	return nil
}

func (p *Position) validateEnPassant() *FENError {
	ep := p.EnPassant
	if ep == NoSquare {
		return nil
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
		return invalid(BadFENEnPassantSquare, FENError{Square: ep, Color: p.Turn.Other()})
	}
	return nil
}

func (p *Position) validateCheck() *FENError {
	if p.inCheck(p.Turn.Other()) {
		return invalid(BadFENOpponentInCheck, FENError{Color: p.Turn.Other()})
	}
	return p.validateCheckers()
}

// validateCheckers refuses checks that no last move can give. A move
// checks with the piece it moves (or the rook of a castling, or the piece
// a pawn promotes to) and may uncover checks by queens, rooks or bishops
// whose lines it opens: a known result of chess problems is that this
// never makes three checkers (an en-passant capture, which opens two
// lines, does not check with its pawn then), and of two, one at least is
// a line piece, as a pawn, knight or king cannot be uncovered: nothing
// stands between it and what it attacks.
func (p *Position) validateCheckers() *FENError {
	king := p.KingSquare(p.Turn)
	if king == NoSquare {
		return nil
	}
	count, lines := p.checkers(king)
	switch {
	case count > 2:
		return invalid(BadFENTripleCheck, FENError{Color: p.Turn, Count: count})
	case count == 2 && lines == 0:
		return invalid(BadFENImpossibleDoubleCheck, FENError{Color: p.Turn})
	}
	return nil
}

// checkers counts the pieces that attack the king of the side to move on
// king, and among them the queens, rooks and bishops. It walks the board
// by steps rather than through the move generator's tables, which are
// not yet made when the start position is read at package start.
func (p *Position) checkers(king Square) (count, lines int) {
	them := p.Turn.Other()
	for _, st := range [2]struct {
		steps  [4][2]int
		slider Kind
	}{{rookSteps, Rook}, {bishopSteps, Bishop}} {
		for _, d := range st.steps {
			for sq, ok := offset(king, d[0], d[1]); ok; sq, ok = offset(sq, d[0], d[1]) {
				if pc := p.Board[sq]; pc != NoPiece {
					if pc.Color() == them && (pc.Kind() == st.slider || pc.Kind() == Queen) {
						count++
						lines++
					}
					break
				}
			}
		}
	}
	for _, d := range knightSteps {
		if sq, ok := offset(king, d[0], d[1]); ok && p.Board[sq] == NewPiece(them, Knight) {
			count++
		}
	}
	forward := 1 // a white king is checked by black pawns a rank above
	if p.Turn == Black {
		forward = -1
	}
	for _, df := range [2]int{-1, 1} {
		if sq, ok := offset(king, df, forward); ok && p.Board[sq] == NewPiece(them, Pawn) {
			count++
		}
	}
	return count, lines
}
