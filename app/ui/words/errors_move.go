package words

import (
	"strings"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
)

// The messages of refused moves. Each is a whole phrase per piece and
// colour, so that a translation can make its words agree ("aucune tour
// blanche", "aucun cavalier blanc").

// moveErrorText words a refused move, with the moves it suggests in
// notation n; a reason it does not know keeps the rules layer's English.
func moveErrorText(e *game.MoveError, n game.Notation) string {
	if s, ok := moveReasonText(e, n); ok {
		return s
	}
	return e.Error()
}

// moveReasonText words a refused move by its reason, and reports false
// for a reason it does not know.
func moveReasonText(e *game.MoveError, n game.Notation) (string, bool) {
	switch e.Reason {
	case game.RefusedNotAMove:
		return lang.L("“{{.Move}}” is not a move", map[string]any{"Move": e.Input}), true
	case game.RefusedAmbiguous:
		moves := make([]string, len(e.Candidates))
		for i, san := range e.Candidates {
			moves[i] = game.FormatSAN(san, n)
		}
		return lang.L("ambiguous move “{{.Move}}”: it could be {{.Moves}}", map[string]any{
			"Move": e.Input, "Moves": orList(moves)}), true
	case game.RefusedGameOver, game.RefusedNoTimeLeft:
		return lang.L("move “{{.Move}}” refused: {{.Reason}}", map[string]any{
			"Move": e.Input, "Reason": gameOverReasonText(e)}), true
	}
	reason, ok := illegalReasonText(e)
	if !ok {
		return "", false
	}
	return lang.L("illegal move “{{.Move}}”: {{.Reason}}", map[string]any{
		"Move": e.Input, "Reason": reason}), true
}

// orList joins a few moves as "Nbd2, Nfd2 or Qd2".
func orList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	last := len(items) - 1
	return lang.L("{{.Moves}} or {{.Move}}", map[string]any{
		"Moves": strings.Join(items[:last], ", "), "Move": items[last]})
}

// gameOverReasonText says why no move can be played any more.
func gameOverReasonText(e *game.MoveError) string {
	switch {
	case e.Reason == game.RefusedNoTimeLeft && e.Color == game.White:
		return lang.L("White had no time left in this position")
	case e.Reason == game.RefusedNoTimeLeft:
		return lang.L("Black had no time left in this position")
	case e.Status.Over():
		return lang.L("the game is over ({{.Result}})", map[string]any{"Result": Result(e.Status)})
	}
	return lang.L("the game is over")
}

// illegalReasonText says why a move is illegal, and reports false for a
// reason it does not know.
func illegalReasonText(e *game.MoveError) (string, bool) {
	sq := map[string]any{"Square": e.Square.String()}
	switch e.Reason {
	case game.RefusedEmptySquare:
		return lang.L("there is no piece on {{.Square}}", sq), true
	case game.RefusedWrongKind:
		return noSuchPieceText(e.Kind, sq), true
	case game.RefusedOpponentsPiece:
		if e.Piece.Color() == game.Black {
			return lang.L("the piece on {{.Square}} is Black's and it is White's move", sq), true
		}
		return lang.L("the piece on {{.Square}} is White's and it is Black's move", sq), true
	case game.RefusedNoneCanReach:
		return noneCanReachText(e.Color, e.Kind, map[string]any{"Square": e.To.String()}), true
	case game.RefusedCannotReach:
		return cannotReachText(e.Piece.Kind(), map[string]any{"From": e.Square.String(), "To": e.To.String()}), true
	case game.RefusedNoPromotion:
		return lang.L("a pawn reaching the last rank must be promoted: add =Q, =R, =B or =N"), true
	case game.RefusedNotLegal:
		return lang.L("it is not one of the legal moves here"), true
	}
	return checkReasonText(e)
}

// checkReasonText says why a move is illegal because of check, or why
// castling is; false for a reason it does not know.
func checkReasonText(e *game.MoveError) (string, bool) {
	white := e.Color == game.White
	switch {
	case e.Reason == game.RefusedStillInCheck && white:
		return lang.L("White is in check, and this move does not get out of it"), true
	case e.Reason == game.RefusedStillInCheck:
		return lang.L("Black is in check, and this move does not get out of it"), true
	case e.Reason == game.RefusedExposesKing && white:
		return lang.L("it would leave the white king in check"), true
	case e.Reason == game.RefusedExposesKing:
		return lang.L("it would leave the black king in check"), true
	}
	return castlingReasonText(e)
}

// castlingReasonText says why the side to move cannot castle; false for
// a reason it does not know.
func castlingReasonText(e *game.MoveError) (string, bool) {
	switch {
	case e.Reason == game.RefusedCastlingRightLost && e.Kingside:
		return lang.L("castling kingside is no longer allowed (the king or that rook has moved)"), true
	case e.Reason == game.RefusedCastlingRightLost:
		return lang.L("castling queenside is no longer allowed (the king or that rook has moved)"), true
	case e.Reason == game.RefusedCastlingBlocked && e.Kingside:
		return lang.L("castling kingside is not possible with pieces between the king and the rook"), true
	case e.Reason == game.RefusedCastlingBlocked:
		return lang.L("castling queenside is not possible with pieces between the king and the rook"), true
	case e.Reason == game.RefusedCastlingInCheck:
		return lang.L("castling is not allowed out of check"), true
	case e.Reason == game.RefusedCastlingAttacked && e.Kingside:
		return lang.L("castling kingside, the king would cross or land on an attacked square"), true
	case e.Reason == game.RefusedCastlingAttacked:
		return lang.L("castling queenside, the king would cross or land on an attacked square"), true
	}
	return "", false
}

// byKind picks, from phrases about any piece, a pawn, a knight, a bishop,
// a rook, a queen and a king (in the order of game.Kind), the one about
// kind k. The phrases come worded, one lang.L call each, because a key
// must be a literal; this only runs when a move is refused.
func byKind(k game.Kind, phrases [game.King + 1]string) string {
	if k < game.NoKind || k > game.King {
		k = game.NoKind
	}
	return phrases[k]
}

// noSuchPieceText says that no piece of kind k stands on a square.
func noSuchPieceText(k game.Kind, data map[string]any) string {
	return byKind(k, [...]string{
		lang.L("there is no piece on {{.Square}}", data),
		lang.L("there is no pawn on {{.Square}}", data),
		lang.L("there is no knight on {{.Square}}", data),
		lang.L("there is no bishop on {{.Square}}", data),
		lang.L("there is no rook on {{.Square}}", data),
		lang.L("there is no queen on {{.Square}}", data),
		lang.L("there is no king on {{.Square}}", data),
	})
}

// noneCanReachText says that no piece of side c and kind k (any piece for
// NoKind) can move to a square.
func noneCanReachText(c game.Color, k game.Kind, data map[string]any) string {
	if c == game.Black {
		return byKind(k, [...]string{
			lang.L("no black piece can move to {{.Square}}", data),
			lang.L("no black pawn can move to {{.Square}}", data),
			lang.L("no black knight can move to {{.Square}}", data),
			lang.L("no black bishop can move to {{.Square}}", data),
			lang.L("no black rook can move to {{.Square}}", data),
			lang.L("no black queen can move to {{.Square}}", data),
			lang.L("the black king cannot move to {{.Square}}", data),
		})
	}
	return byKind(k, [...]string{
		lang.L("no white piece can move to {{.Square}}", data),
		lang.L("no white pawn can move to {{.Square}}", data),
		lang.L("no white knight can move to {{.Square}}", data),
		lang.L("no white bishop can move to {{.Square}}", data),
		lang.L("no white rook can move to {{.Square}}", data),
		lang.L("no white queen can move to {{.Square}}", data),
		lang.L("the white king cannot move to {{.Square}}", data),
	})
}

// cannotReachText says that the piece of kind k on a square cannot move
// to another.
func cannotReachText(k game.Kind, data map[string]any) string {
	return byKind(k, [...]string{
		lang.L("the piece on {{.From}} cannot move to {{.To}}", data),
		lang.L("the pawn on {{.From}} cannot move to {{.To}}", data),
		lang.L("the knight on {{.From}} cannot move to {{.To}}", data),
		lang.L("the bishop on {{.From}} cannot move to {{.To}}", data),
		lang.L("the rook on {{.From}} cannot move to {{.To}}", data),
		lang.L("the queen on {{.From}} cannot move to {{.To}}", data),
		lang.L("the king on {{.From}} cannot move to {{.To}}", data),
	})
}
