package explore

import "math"

// edgeSlot is a move from a position as the tree keeps it: the next move
// of the same position (noEdge: none), and the move's counts in 16 bits,
// which hold those of nearly every move of a tree. The moves of the first
// plies of a file of 65,535 games and more are wide: games is wideEdge and
// eloSum the index of their counts in edgeTable.wide. A move takes 20
// bytes instead of the 36 of its whole counts and a link.
type edgeSlot struct {
	next                             uint32
	eloSum                           uint32
	move                             uint16
	games, white, draws, black, eloN uint16
}

// wideEdge is the games of a wide move.
const wideEdge = math.MaxUint16

// edgeTable holds the moves of a tree, by index.
type edgeTable struct {
	slots []edgeSlot
	wide  []edge
}

// len returns the number of moves.
func (t *edgeTable) len() int { return len(t.slots) }

// add adds move m, whose position's moves start at next, and returns its
// index.
func (t *edgeTable) add(m uint16, next uint32) uint32 {
	t.slots = append(t.slots, edgeSlot{move: m, next: next})
	return uint32(len(t.slots) - 1)
}

// counts returns the move of index e with its counts.
func (t *edgeTable) counts(e uint32) edge {
	s := &t.slots[e]
	if s.games == wideEdge {
		return t.wide[s.eloSum]
	}
	return edge{move: s.move, games: uint32(s.games), white: uint32(s.white), draws: uint32(s.draws),
		black: uint32(s.black), eloN: uint32(s.eloN), eloSum: uint64(s.eloSum)}
}

// count adds c's counts to those of the move of index e. The white wins,
// draws, black wins and rated games of c are at most its games, and its
// sum of ratings at most 4000 a rated game (eloOf): while the games stay
// under wideEdge, every count fits in its 16 bits and the sum of ratings
// in 32.
func (t *edgeTable) count(e uint32, c *edge) {
	s := &t.slots[e]
	if s.games != wideEdge && uint64(s.games)+uint64(c.games) < wideEdge {
		s.games += uint16(c.games)
		s.white += uint16(c.white)
		s.draws += uint16(c.draws)
		s.black += uint16(c.black)
		s.eloN += uint16(c.eloN)
		s.eloSum += uint32(c.eloSum)
		return
	}
	if s.games != wideEdge {
		t.wide = append(t.wide, t.counts(e))
		s.games, s.eloSum = wideEdge, uint32(len(t.wide)-1)
	}
	w := &t.wide[s.eloSum]
	w.games += c.games
	w.white += c.white
	w.draws += c.draws
	w.black += c.black
	w.eloN += c.eloN
	w.eloSum += c.eloSum
}

// set makes c the move and counts of the move of index e, as a cache
// file has them: any counts, those of a damaged file too, are kept as
// they are, in 16 bits when they fit.
func (t *edgeTable) set(e uint32, c *edge) {
	s := &t.slots[e]
	s.move = c.move
	if c.games < wideEdge && c.white < wideEdge && c.draws < wideEdge && c.black < wideEdge &&
		c.eloN < wideEdge && c.eloSum <= math.MaxUint32 {
		s.games, s.white, s.draws, s.black, s.eloN = uint16(c.games), uint16(c.white), uint16(c.draws), uint16(c.black), uint16(c.eloN)
		s.eloSum = uint32(c.eloSum)
		return
	}
	t.wide = append(t.wide, *c)
	s.games, s.eloSum = wideEdge, uint32(len(t.wide)-1)
}

// ofGame returns the counts of a game of record rec for a move of the
// player mover (0: White).
func ofGame(rec *record, mover int) edge {
	c := edge{games: 1}
	switch rec.result {
	case whiteWins:
		c.white = 1
	case draw:
		c.draws = 1
	case blackWins:
		c.black = 1
	}
	if elo := rec.elo[mover]; elo != 0 {
		c.eloN, c.eloSum = 1, uint64(elo)
	}
	return c
}
