package game

// material counts the pieces on a board, by colour.
type material struct {
	pawns, knights, rooks, queens [2]int
	bishops                       [2]int
	lightBishops, darkBishops     int // both colours together
}

func countMaterial(b *[64]Piece) material {
	var m material
	for sq, pc := range b {
		c := pc.Color()
		switch pc.Kind() {
		case Pawn:
			m.pawns[c]++
		case Knight:
			m.knights[c]++
		case Bishop:
			m.bishops[c]++
			if Square(sq).IsLight() {
				m.lightBishops++
			} else {
				m.darkBishops++
			}
		case Rook:
			m.rooks[c]++
		case Queen:
			m.queens[c]++
		}
	}
	return m
}

// cannotMate reports whether c cannot checkmate by any series of legal
// moves, whatever the opponent plays. It follows the well-known conditions
// (as in python-chess): a lone king never mates; a lone knight mates only
// when the opponent has a pawn, knight, bishop or rook to block its own
// king; bishops all on one colour mate only when some pawn or knight is on
// the board.
func (m *material) cannotMate(c Color) bool {
	o := c.Other()
	if m.pawns[c]+m.rooks[c]+m.queens[c] > 0 {
		return false
	}
	switch {
	case m.knights[c] > 0:
		return m.knights[c] == 1 && m.bishops[c] == 0 &&
			m.pawns[o]+m.knights[o]+m.bishops[o]+m.rooks[o] == 0
	case m.bishops[c] > 0:
		oneColour := m.lightBishops == 0 || m.darkBishops == 0
		return oneColour && m.pawns[o] == 0 && m.knights[o] == 0
	}
	return true
}

// isDead reports whether neither side can checkmate: the position is dead
// (FIDE 5.2.2) by insufficient material.
func (m *material) isDead() bool { return m.cannotMate(White) && m.cannotMate(Black) }
