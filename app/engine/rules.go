package engine

import "github.com/echiquier/echiquier/app/game"

// The rules the computer follows beyond its moves: when it accepts a
// draw, claims one, resigns. Each judges by its evaluation of the
// position from its own side, in centipawns (see sideCentipawns).

// mateCentipawns stands for a forced mate in a side's evaluation: more
// than any evaluation in pawns.
const mateCentipawns = 100000

// sideCentipawns returns s from side's view, in centipawns: a mate for
// side counts as mateCentipawns, a mate against it as -mateCentipawns.
func sideCentipawns(s Score, side game.Color) int {
	cp := s.Centipawns
	switch s.Kind {
	case WhiteMates:
		cp = mateCentipawns
	case BlackMates:
		cp = -mateCentipawns
	}
	if side == game.Black {
		cp = -cp
	}
	return cp
}

// NoDrawPlies is the length of a game's opening, in half-moves, during
// which the computer accepts no draw: its first 20 moves.
const NoDrawPlies = 40

// drawStep is how much worse the computer must stand, for each level
// above the first, to accept a draw: a stronger one plays on where a
// weaker one would settle.
const drawStep = 25

// WouldAcceptDraw reports whether the computer, playing at level, accepts
// a draw offered after ply half-moves of the game, its evaluation being
// eval from its side: not in the game's first 20 moves (NoDrawPlies), and
// then when it stands no better than 0.00 at level 1, and a quarter of a
// pawn worse for each level above it (-2.25 at full strength).
func WouldAcceptDraw(level Level, ply, eval int) bool {
	return ply >= NoDrawPlies && eval <= -drawStep*int(level-MinLevel)
}

// ClaimMargin is the most the computer may think itself better, in
// centipawns, and still claim a draw it is owed.
const ClaimMargin = 30

// WouldClaimDraw reports whether the computer claims a draw the rules
// give it (threefold repetition, the fifty-move rule), its evaluation
// being eval from its side: when it does not stand better, at most
// ClaimMargin.
func WouldClaimDraw(eval int) bool {
	return eval <= ClaimMargin
}

// The resignation rule: the computer resigns, when it may, once its
// evaluation has been -10.00 or worse at ResignMoves of its moves in a
// row.
const (
	ResignBelow = -1000
	ResignMoves = 3
)

// WouldResign reports whether the computer, allowed to resign, resigns
// after its evaluations evals at its last moves in a row, from its side,
// the latest last: when the last ResignMoves are all ResignBelow or
// worse (a forced mate against it among them).
func WouldResign(evals []int) bool {
	if len(evals) < ResignMoves {
		return false
	}
	for _, e := range evals[len(evals)-ResignMoves:] {
		if e > ResignBelow {
			return false
		}
	}
	return true
}
