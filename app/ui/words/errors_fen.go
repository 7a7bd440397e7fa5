package words

import (
	"errors"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
)

// fenErrorText words a FEN that describes no legal position; a reason
// it does not know keeps the rules layer's English.
func FENError(e *game.FENError) string {
	reason, ok := fenReasonText(e)
	if !ok {
		return e.Error()
	}
	return lang.L("invalid FEN: {{.Reason}}", map[string]any{"Reason": reason})
}

// fenReasonText says what is wrong with a FEN, and reports false for a
// reason it does not know.
func fenReasonText(e *game.FENError) (string, bool) {
	data := map[string]any{"Count": e.Count, "Rank": e.Rank, "Text": e.Text, "MoveNumber": e.MoveNumber,
		"Right": e.Right.String()}
	switch e.Reason {
	case game.BadFENFieldCount:
		return lang.L("a FEN has 6 fields separated by spaces, this one has {{.Count}}", data), true
	case game.BadFENRankCount:
		return lang.L("the board must have 8 ranks separated by /, this one has {{.Count}}", data), true
	case game.BadFENLetter:
		return lang.L("“{{.Text}}” on rank {{.Rank}} is not a piece letter or a digit", data), true
	case game.BadFENRankLength:
		return lang.L("the squares of rank {{.Rank}} add up to {{.Count}}, not 8", data), true
	case game.BadFENSideToMove:
		return lang.L("the side to move must be w or b, not “{{.Text}}”", data), true
	case game.BadFENCastlingField, game.BadFENChess960:
		return lang.L("castling rights are written with K, Q, k and q (or -), not “{{.Text}}”; Chess960 is not supported", data), true
	case game.BadFENCastlingTwice:
		return lang.L("castling right {{.Right}} is given twice", data), true
	case game.BadFENEnPassantField:
		return lang.L("the en-passant field must be a square or -, not “{{.Text}}”", data), true
	case game.BadFENCounters:
		return lang.L("the move counters must be whole numbers, not “{{.Text}}” and “{{.MoveNumber}}”", data), true
	case game.BadFENUnplayable:
		return lang.L("the rules engine cannot play from this position (“{{.Text}}”)", data), true
	}
	return fenPositionText(e)
}

// fenPositionText says what is wrong in the position a FEN describes;
// false for a reason it does not know.
func fenPositionText(e *game.FENError) (string, bool) {
	data := map[string]any{"Count": e.Count, "Square": e.Square.String(), "Rook": e.RookSquare.String(),
		"Right": e.Right.String()}
	switch e.Reason {
	case game.BadFENKingCount:
		return kingCountText(e.Color, e.Count, data), true
	case game.BadFENPawnOnEdge:
		return lang.L("a pawn stands on {{.Square}}; pawns never stand on rank 1 or 8", data), true
	case game.BadFENCastlingRight:
		return lang.L("castling right {{.Right}} needs the king on {{.Square}} and a rook on {{.Rook}}", data), true
	}
	return fenSideText(e, data)
}

// kingCountText says that side c has no king, or too many.
func kingCountText(c game.Color, count int, data map[string]any) string {
	switch {
	case c == game.White && count == 0:
		return lang.L("White has no king; each side must have exactly one")
	case c == game.White:
		return lang.L("White has {{.Count}} kings; each side must have exactly one", data)
	case count == 0:
		return lang.L("Black has no king; each side must have exactly one")
	}
	return lang.L("Black has {{.Count}} kings; each side must have exactly one", data)
}

// fenSideText words the FEN errors about one side, by colour; false for
// a reason it does not know.
func fenSideText(e *game.FENError, data map[string]any) (string, bool) {
	white := e.Color == game.White
	switch {
	case e.Reason == game.BadFENTooManyPieces && white:
		return lang.L("White has more pieces than eight pawns and their promotions allow"), true
	case e.Reason == game.BadFENTooManyPieces:
		return lang.L("Black has more pieces than eight pawns and their promotions allow"), true
	case e.Reason == game.BadFENEnPassantSquare && white:
		return lang.L("the en-passant square {{.Square}} does not follow a double step of a white pawn", data), true
	case e.Reason == game.BadFENEnPassantSquare:
		return lang.L("the en-passant square {{.Square}} does not follow a double step of a black pawn", data), true
	case e.Reason == game.BadFENOpponentInCheck && white:
		return lang.L("White is in check but it is Black's move"), true
	case e.Reason == game.BadFENOpponentInCheck:
		return lang.L("Black is in check but it is White's move"), true
	case e.Reason == game.BadFENTripleCheck && white:
		return lang.L("White is in check from {{.Count}} pieces; no move gives more than a double check", map[string]any{"Count": e.Count}), true
	case e.Reason == game.BadFENTripleCheck:
		return lang.L("Black is in check from {{.Count}} pieces; no move gives more than a double check", map[string]any{"Count": e.Count}), true
	case e.Reason == game.BadFENImpossibleDoubleCheck && white:
		return lang.L("White is in check from two pieces that cannot both give check: one of them must have been uncovered, and only a queen, rook or bishop can be"), true
	case e.Reason == game.BadFENImpossibleDoubleCheck:
		return lang.L("Black is in check from two pieces that cannot both give check: one of them must have been uncovered, and only a queen, rook or bishop can be"), true
	}
	return "", false
}

// PositionError words what is wrong with a position set up on the board:
// the position's fault, without speaking of FEN, which the user did not
// type; an error that is not about the position keeps its own words.
func PositionError(err error) string {
	var fe *game.FENError
	if !errors.As(err, &fe) {
		return Error(err)
	}
	if reason, ok := fenReasonText(fe); ok {
		return capitalized(reason)
	}
	return Error(err)
}
