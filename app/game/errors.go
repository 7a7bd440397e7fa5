package game

import (
	"errors"
	"fmt"
	"strings"

	"github.com/echiquier/echiquier/app/pgn"
)

// Errors that callers may test for with errors.Is.
var (
	// ErrGameOver: the game has ended, so it takes no more moves, offers or
	// claims.
	ErrGameOver = errors.New("the game is over")
	// ErrIllegalMove: a move that cannot be played here (every *MoveError
	// whose GameOver is false matches it).
	ErrIllegalMove = errors.New("illegal move")
	// ErrNoMoves: there is no move to take back.
	ErrNoMoves = errors.New("no move to take back")
	// ErrStaleMove: a PreparedMove was played after the game changed, or
	// in another game.
	ErrStaleMove = errors.New("the game changed since the move was prepared")
)

// MoveReason says exactly why a move was refused: one value per message.
// The data its message names is in the fields of the MoveError, so that a
// user interface can word it in any language.
type MoveReason int

// The reasons a move is refused, with the MoveError fields each one sets
// besides Input and Reason (others may be set too). Color is the side to
// move and Check whether it is in check, for every reason found at a
// position: all but RefusedAmbiguous and RefusedGameOver.
const (
	// RefusedNotAMove: "not a move": the text is not shaped like a move.
	RefusedNotAMove MoveReason = iota
	// RefusedEmptySquare: "there is no piece on e4": Square.
	RefusedEmptySquare
	// RefusedWrongKind: "there is no knight on g1": Kind is the kind the
	// move names, Square its origin, Piece what stands there.
	RefusedWrongKind
	// RefusedOpponentsPiece: "the piece on e7 is Black's and it is
	// White's move": Square, and Piece, the opponent's piece there.
	RefusedOpponentsPiece
	// RefusedNoneCanReach: "no white knight can move to f3": Kind is the
	// kind the move names (NoKind: "no white piece"), To its destination.
	RefusedNoneCanReach
	// RefusedCannotReach: "the knight on g1 cannot move to g3": Square and
	// Piece are the origin and the piece there, To the destination.
	RefusedCannotReach
	// RefusedStillInCheck: "White is in check, and this move does not get
	// out of it" (Check is true).
	RefusedStillInCheck
	// RefusedExposesKing: "it would leave the white king in check".
	RefusedExposesKing
	// RefusedAmbiguous: "several moves match": Candidates.
	RefusedAmbiguous
	// RefusedNoPromotion: "a pawn reaching the last rank must promote":
	// To.
	RefusedNoPromotion
	// RefusedCastlingRightLost: "White can no longer castle kingside: the
	// king or that rook has moved": Kingside.
	RefusedCastlingRightLost
	// RefusedCastlingBlocked: "White cannot castle kingside: there are
	// pieces between the king and the rook": Kingside.
	RefusedCastlingBlocked
	// RefusedCastlingInCheck: "White cannot castle out of check".
	RefusedCastlingInCheck
	// RefusedCastlingAttacked: "White cannot castle kingside: the king
	// would cross or land on an attacked square": Kingside.
	RefusedCastlingAttacked
	// RefusedNotLegal: "it is not one of the legal moves here", for a
	// Move value that no other reason explains: Square, Piece and To.
	RefusedNotLegal
	// RefusedGameOver: "the game is over (1-0 (checkmate))": Status, when
	// it is known (Status.Over reports it).
	RefusedGameOver
	// RefusedNoTimeLeft: "White had no time left in this position": Color
	// is the side whose time had run out.
	RefusedNoTimeLeft
	// NumMoveReasons counts the reasons above: a loop up to it meets
	// every one.
	NumMoveReasons
)

// moveDetails writes, for each MoveReason, what is wrong in English from
// the MoveError's data: the one English wording of each reason.
var moveDetails = [NumMoveReasons]func(e *MoveError) string{
	RefusedNotAMove: func(*MoveError) string {
		return "not a move"
	},
	RefusedEmptySquare: func(e *MoveError) string {
		return fmt.Sprintf("there is no piece on %s", e.Square)
	},
	RefusedWrongKind: func(e *MoveError) string {
		return fmt.Sprintf("there is no %s on %s", kindName(e.Kind), e.Square)
	},
	RefusedOpponentsPiece: func(e *MoveError) string {
		return fmt.Sprintf("the piece on %s is %s's and it is %s's move", e.Square, e.Piece.Color(), e.Color)
	},
	RefusedNoneCanReach: func(e *MoveError) string {
		if e.Kind == King { // there is one
			return fmt.Sprintf("the %s king cannot move to %s", lower(e.Color), e.To)
		}
		return fmt.Sprintf("no %s %s can move to %s", lower(e.Color), kindName(e.Kind), e.To)
	},
	RefusedCannotReach: func(e *MoveError) string {
		return fmt.Sprintf("the %s on %s cannot move to %s", kindName(e.Piece.Kind()), e.Square, e.To)
	},
	RefusedStillInCheck: func(e *MoveError) string {
		return fmt.Sprintf("%s is in check, and this move does not get out of it", e.Color)
	},
	RefusedExposesKing: func(e *MoveError) string {
		return fmt.Sprintf("it would leave the %s king in check", lower(e.Color))
	},
	RefusedAmbiguous: func(e *MoveError) string {
		return "it could be " + strings.Join(e.Candidates, " or ")
	},
	RefusedNoPromotion: func(*MoveError) string {
		return "a pawn reaching the last rank must promote: add =Q, =R, =B or =N"
	},
	RefusedCastlingRightLost: func(e *MoveError) string {
		return fmt.Sprintf("%s can no longer castle %s: the king or that rook has moved", e.Color, e.side())
	},
	RefusedCastlingBlocked: func(e *MoveError) string {
		return fmt.Sprintf("%s cannot castle %s: there are pieces between the king and the rook", e.Color, e.side())
	},
	RefusedCastlingInCheck: func(e *MoveError) string {
		return fmt.Sprintf("%s cannot castle out of check", e.Color)
	},
	RefusedCastlingAttacked: func(e *MoveError) string {
		return fmt.Sprintf("%s cannot castle %s: the king would cross or land on an attacked square", e.Color, e.side())
	},
	RefusedNotLegal: func(*MoveError) string {
		return "it is not one of the legal moves here"
	},
	RefusedGameOver: func(e *MoveError) string {
		if !e.Status.Over() {
			return "the game is over"
		}
		return fmt.Sprintf("the game is over (%s)", e.Status)
	},
	RefusedNoTimeLeft: func(e *MoveError) string {
		return fmt.Sprintf("%s had no time left in this position", e.Color)
	},
}

// MoveError is a move that was refused. Nothing changed in the game.
type MoveError struct {
	// Input is the move as given, cut to one short line (see
	// pgn.Excerpt).
	Input string
	// Reason says exactly why; the fields below hold what its message
	// names (see the MoveReason values for which are set).
	Reason MoveReason
	// Candidates lists, for an ambiguous move, the moves it could mean, in
	// SAN.
	Candidates []string
	// Color is the side to move (for RefusedNoTimeLeft, the side whose
	// time ran out), and Check whether it is in check.
	Color Color
	Check bool
	// Square is the origin square the move names, and Piece what stands
	// there.
	Square Square
	Piece  Piece
	// Kind is the kind of piece the move names.
	Kind Kind
	// To is the square the move goes to.
	To Square
	// Kingside tells, for the castling reasons, which castling: O-O
	// (true) or O-O-O.
	Kingside bool
	// Status is, for RefusedGameOver, how the game ended.
	Status Status
}

// Error words the refusal in English: `illegal move "Nf4": no white
// knight can move to f4`.
func (e *MoveError) Error() string {
	detail := "unknown reason"
	if e.Reason >= 0 && e.Reason < NumMoveReasons {
		detail = moveDetails[e.Reason](e)
	}
	switch {
	case e.Reason == RefusedNotAMove:
		return fmt.Sprintf("%q is %s", e.Input, detail)
	case e.Reason == RefusedAmbiguous:
		return fmt.Sprintf("ambiguous move %q: %s", e.Input, detail)
	case e.GameOver():
		return fmt.Sprintf("move %q refused: %s", e.Input, detail)
	}
	return fmt.Sprintf("illegal move %q: %s", e.Input, detail)
}

// GameOver reports whether the move was refused because the game had
// ended (RefusedGameOver, RefusedNoTimeLeft), not for the move itself.
func (e *MoveError) GameOver() bool {
	return e.Reason == RefusedGameOver || e.Reason == RefusedNoTimeLeft
}

// Is makes errors.Is(err, ErrIllegalMove) and errors.Is(err, ErrGameOver)
// work on a *MoveError.
func (e *MoveError) Is(target error) bool {
	if e.GameOver() {
		return target == ErrGameOver
	}
	return target == ErrIllegalMove
}

// refuse returns e, with its Reason and data set, as the refusal of
// input.
func refuse(input string, e MoveError) *MoveError {
	e.Input = pgn.Excerpt(input)
	return &e
}

// refuseAt is refuse for a reason found at position p: the side to move
// and whether it is in check are p's.
func (p *Position) refuseAt(input string, e MoveError) *MoveError {
	e.Color, e.Check = p.Turn, p.Check
	return refuse(input, e)
}

// side names the castling of a castling reason: "kingside" or
// "queenside".
func (e *MoveError) side() string {
	if e.Kingside {
		return "kingside"
	}
	return "queenside"
}

// lower returns a colour in lower case, as an adjective: "white".
func lower(c Color) string { return strings.ToLower(c.String()) }
