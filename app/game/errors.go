package game

import (
	"errors"
	"fmt"
	"strings"
)

// Errors that callers may test for with errors.Is.
var (
	// ErrGameOver: the game has ended, so it takes no more moves, offers or
	// claims.
	ErrGameOver = errors.New("the game is over")
	// ErrIllegalMove: a move that cannot be played here (every *MoveError
	// but MoveGameOver matches it).
	ErrIllegalMove = errors.New("illegal move")
	// ErrNoMoves: there is no move to take back.
	ErrNoMoves = errors.New("no move to take back")
)

// MoveProblem says why a move was refused.
type MoveProblem int

// The reasons a move is refused.
const (
	MoveSyntax      MoveProblem = iota // not shaped like a move
	MoveNoPiece                        // no piece on the origin square
	MoveWrongSide                      // the piece belongs to the side not to move
	MoveUnreachable                    // no piece of that kind can go there
	MoveIntoCheck                      // it would leave the mover's king in check
	MoveAmbiguous                      // several legal moves match
	MoveNoPromotion                    // a pawn reaches the last rank without a promotion piece
	MoveCastling                       // castling is not allowed now
	MoveGameOver                       // the game has ended
)

// MoveError is a move that was refused. Nothing changed in the game.
type MoveError struct {
	// Input is the move as given.
	Input   string
	Problem MoveProblem
	// Detail explains the problem in English: "no white knight can move to
	// f3".
	Detail string
	// Candidates lists, for an ambiguous move, the moves it could mean, in
	// SAN.
	Candidates []string
}

func (e *MoveError) Error() string {
	switch e.Problem {
	case MoveSyntax:
		return fmt.Sprintf("%q is not a move", e.Input)
	case MoveAmbiguous:
		return fmt.Sprintf("ambiguous move %q: it could be %s", e.Input, strings.Join(e.Candidates, " or "))
	case MoveGameOver:
		return fmt.Sprintf("move %q refused: %s", e.Input, e.Detail)
	}
	return fmt.Sprintf("illegal move %q: %s", e.Input, e.Detail)
}

// Is makes errors.Is(err, ErrIllegalMove) and errors.Is(err, ErrGameOver)
// work on a *MoveError.
func (e *MoveError) Is(target error) bool {
	if e.Problem == MoveGameOver {
		return target == ErrGameOver
	}
	return target == ErrIllegalMove
}

func moveError(input string, p MoveProblem, format string, args ...any) *MoveError {
	return &MoveError{Input: input, Problem: p, Detail: fmt.Sprintf(format, args...)}
}
