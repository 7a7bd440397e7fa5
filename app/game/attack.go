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

// reaches reports whether the piece on from could move to to by its way of
// moving, ignoring whether its own king would be left in check. It is used
// to explain why a move is illegal.
func (p *Position) reaches(from, to Square) bool {
	pc := p.Board[from]
	if pc == NoPiece || from == to {
		return false
	}
	if target := p.Board[to]; target != NoPiece && target.Color() == pc.Color() {
		return false
	}
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	switch pc.Kind() {
	case Knight:
		return abs(df)*abs(dr) == 2
	case King:
		return abs(df) <= 1 && abs(dr) <= 1
	case Rook:
		return (df == 0 || dr == 0) && p.pathClear(from, df, dr)
	case Bishop:
		return abs(df) == abs(dr) && p.pathClear(from, df, dr)
	case Queen:
		return (df == 0 || dr == 0 || abs(df) == abs(dr)) && p.pathClear(from, df, dr)
	case Pawn:
		return p.pawnReaches(from, to, df, dr)
	}
	return false
}

func (p *Position) pathClear(from Square, df, dr int) bool {
	n := max(abs(df), abs(dr))
	sf, sr := sign(df), sign(dr)
	for i := 1; i < n; i++ {
		if p.Board[NewSquare(from.File()+i*sf, from.Rank()+i*sr)] != NoPiece {
			return false
		}
	}
	return true
}

func (p *Position) pawnReaches(from, to Square, df, dr int) bool {
	c := p.Board[from].Color()
	forward, home := 1, 1
	if c == Black {
		forward, home = -1, 6
	}
	switch {
	case df == 0 && dr == forward:
		return p.Board[to] == NoPiece
	case df == 0 && dr == 2*forward && from.Rank() == home:
		return p.Board[to] == NoPiece && p.Board[NewSquare(from.File(), from.Rank()+forward)] == NoPiece
	case abs(df) == 1 && dr == forward:
		return p.Board[to] != NoPiece || to == p.EnPassant
	}
	return false
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
