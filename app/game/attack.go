package game

// Directions as (file, rank) steps.
var (
	rookSteps   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopSteps = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	knightSteps = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingSteps   = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
)

// offset returns the square df files and dr ranks away from sq, and false
// when that falls off the board.
func offset(sq Square, df, dr int) (Square, bool) {
	f, r := sq.File()+df, sq.Rank()+dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return NoSquare, false
	}
	return NewSquare(f, r), true
}

// attacked reports whether any piece of colour by attacks sq.
func (p *Position) attacked(sq Square, by Color) bool {
	return attackedOn(&p.Board, sq, by)
}

// inCheck reports whether c's king is attacked.
func (p *Position) inCheck(c Color) bool {
	k := p.KingSquare(c)
	return k != NoSquare && p.attacked(k, c.Other())
}

// clearBetween reports whether no piece stands on board b between from
// and to, which must share a rank, a file or a diagonal.
func clearBetween(b *[64]Piece, from, to Square) bool {
	d := rayTo[from][to]
	if d < 0 {
		return false
	}
	for _, s := range rays[from][d].list() {
		if s == to {
			break
		}
		if b[s] != NoPiece {
			return false
		}
	}
	return true
}
