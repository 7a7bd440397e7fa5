package game

import "math/bits"

// This file proves, without searching, that a side cannot checkmate by
// any series of legal moves (FIDE 5.2.2, 6.9), after the static analysis
// of Ambrona's Chess Unwinnability Analyzer ("A Practical Algorithm for
// Chess Unwinnability", FUN 2022), in a form of our own.
//
// It over-approximates where every piece may ever go. First it finds the
// frozen pawns: those that will never move nor be taken, whatever both
// sides play. Frozen pawns are walls: no piece passes or takes them, no
// king steps on a square they attack. Every other piece is given the
// region it could reach through the walls, and the squares it could ever
// attack from there. A mate needs the loser's king on a square of its
// region attacked by one of the winner's pieces other than the king; when
// there is none, or when the only attackers are bishops of one colour and
// every such square leaves the loser's king a flight square of the other
// colour that nothing can cover, the winner cannot mate.
//
// Every step errs on the side of "may": a piece is frozen only when
// nothing can ever move it, a region holds every square the piece might
// reach. So the answer is never a false "cannot mate" — only, sometimes,
// a "may mate" that a search (unwinnable.go) has to settle.

// bitboard is a set of squares, bit i for Square(i).
type bitboard uint64

const (
	fileA       bitboard = 0x0101010101010101
	fileH       bitboard = fileA << 7
	rank1       bitboard = 0xff
	rank8       bitboard = rank1 << 56
	lightSquare bitboard = 0x55aa55aa55aa55aa // Square.IsLight
	allSquares  bitboard = ^bitboard(0)
)

func bit(s Square) bitboard { return 1 << uint(s) }

func (b bitboard) count() int { return bits.OnesCount64(uint64(b)) }

// first returns the lowest square of a non-empty set.
func (b bitboard) first() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// orthogonalSteps and diagonalSteps return the squares one rook step or
// one bishop step away from a square of b.
func orthogonalSteps(b bitboard) bitboard {
	return b<<8 | b>>8 | (b&^fileH)<<1 | (b&^fileA)>>1
}

func diagonalSteps(b bitboard) bitboard {
	return (b&^fileH)<<9 | (b&^fileA)<<7 | (b&^fileH)>>7 | (b&^fileA)>>9
}

func kingMoves(b bitboard) bitboard { return orthogonalSteps(b) | diagonalSteps(b) }

func knightJumps(b bitboard) bitboard {
	const fileAB, fileGH = fileA | fileA<<1, fileH | fileH>>1
	l1, r1 := (b&^fileA)>>1, (b&^fileH)<<1
	l2, r2 := (b&^fileAB)>>2, (b&^fileGH)<<2
	return (l1|r1)<<16 | (l1|r1)>>16 | (l2|r2)<<8 | (l2|r2)>>8
}

// pawnPushes and pawnAttacks return the squares one step ahead of, and
// diagonally ahead of, pawns of colour c on b.
func pawnPushes(c Color, b bitboard) bitboard {
	if c == White {
		return b << 8
	}
	return b >> 8
}

func pawnAttacks(c Color, b bitboard) bitboard {
	if c == White {
		return (b&^fileH)<<9 | (b&^fileA)<<7
	}
	return (b&^fileH)>>7 | (b&^fileA)>>9
}

// How a piece steps, for fill.
const (
	stepKnight = iota
	stepDiagonal
	stepOrthogonal
	stepKing // a king's or a queen's step
)

// steps returns the squares one step of the given kind away from b.
func steps(kind int, b bitboard) bitboard {
	switch kind {
	case stepKnight:
		return knightJumps(b)
	case stepDiagonal:
		return diagonalSteps(b)
	case stepOrthogonal:
		return orthogonalSteps(b)
	}
	return kingMoves(b)
}

// fill returns the squares reached from seeds by any number of steps of
// the given kind, each step landing in allowed.
func fill(seeds, allowed bitboard, kind int) bitboard {
	r := seeds
	for {
		next := r | steps(kind, r)&allowed
		if next == r {
			return r
		}
		r = next
	}
}

// pawnFill returns the squares pawns of colour c on seeds might reach,
// pushing to squares in allowed and taking on squares in targets.
func pawnFill(c Color, seeds, allowed, targets bitboard) bitboard {
	r := seeds
	for {
		next := r | (pawnPushes(c, r)|pawnAttacks(c, r)&targets)&allowed
		if next == r {
			return r
		}
		r = next
	}
}

// sideReach is what one side's pieces other than the king might ever do
// while the frozen pawns stand.
type sideReach struct {
	// on holds every square one of them might stand on, for pawns only
	// as long as they stay pawns.
	on bitboard
	// attacks holds every square one of them might attack.
	attacks bitboard
	// promotes: a pawn might promote, and then go and attack anywhere.
	promotes bool
	// groups split the pieces, with the squares each group might reach.
	groups [5]reachGroup
}

// reachGroup is pieces of one kind, counted, and the squares any of them
// might reach.
type reachGroup struct {
	n  int
	on bitboard
}

// reachability is the over-approximation of where every piece may go.
type reachability struct {
	pieces [2][7]bitboard // by colour and kind
	frozen bitboard       // the frozen pawns, both colours
	// walls is what the frozen pawns of each colour attack, for ever: the
	// other king never stands there.
	walls     [2]bitboard
	king      [2]bitboard // the squares each king might reach
	reach     [2]sideReach
	kingSq    [2]Square
	undecided bool // the answer is "may": a case not handled, or known early
}

// analyse computes the reachability of p's pieces. It iterates to a
// fixed point: pawns are all assumed frozen at first; any pawn that might
// push, capture or be captured given where the others might go is
// thawed, which widens the regions, and so on. The regions only grow, so
// once every side in sides surely may mate (see mayMate) the analysis
// stops early, its answer known: "may".
func analyse(p *Position, sides ...Color) reachability {
	var r reachability
	for s, pc := range p.Board {
		if pc != NoPiece {
			r.pieces[pc.Color()][pc.Kind()] |= bit(Square(s))
		}
	}
	for c := White; c <= Black; c++ {
		if r.pieces[c][King].count() != 1 {
			r.undecided = true
			return r
		}
		r.kingSq[c] = r.pieces[c][King].first()
	}
	if p.hasLegalEnPassant() {
		// A capture that exists only now; the regions do not model it.
		r.undecided = true
		return r
	}
	var occupied [2]bitboard
	for c := range occupied {
		for k := Pawn; k <= King; k++ {
			occupied[c] |= r.pieces[c][k]
		}
	}
	r.frozen = r.pieces[White][Pawn] | r.pieces[Black][Pawn]
	for {
		old := r
		r.regions()
		for c := White; c <= Black; c++ {
			them := c.Other()
			for b := r.frozen & r.pieces[c][Pawn]; b != 0; b &= b - 1 {
				s := b.first()
				pawn := bit(s)
				caps := pawnAttacks(c, pawn)
				thawed := pawnPushes(c, pawn)&r.frozen == 0 || // may push
					caps&(occupied[them]&^r.pieces[them][King]|r.reach[them].on) != 0 || // may take
					pawn&r.reach[them].attacks != 0 || // may be taken
					pawn&kingMoves(r.king[them])&^r.walls[c] != 0 // the king may take it
				if thawed {
					r.frozen &^= pawn
				}
			}
		}
		if r.frozen == old.frozen && r.reach == old.reach && r.king == old.king {
			return r
		}
		if len(sides) > 0 && r.allMayMate(sides) {
			r.undecided = true
			return r
		}
	}
}

// regions computes the walls, the kings' regions and each side's reach
// for the frozen pawns assumed now, using the reach found so far for the
// captures pawns might make.
func (r *reachability) regions() {
	free := ^r.frozen
	for c := White; c <= Black; c++ {
		r.walls[c] = pawnAttacks(c, r.frozen&r.pieces[c][Pawn])
	}
	var next [2]sideReach
	for c := White; c <= Black; c++ {
		them := c.Other()
		r.king[c] = fill(bit(r.kingSq[c]), free&^r.walls[them], stepKing)
		s := &next[c]
		// Groups 0 to 3: knights, bishops, rooks, queens, whose steps
		// are in that order.
		for g, k := range [4]Kind{Knight, Bishop, Rook, Queen} {
			seeds := r.pieces[c][k]
			if seeds == 0 {
				continue
			}
			on := fill(seeds, free, g)
			s.groups[g] = reachGroup{n: seeds.count(), on: on}
			s.on |= on
			s.attacks |= steps(g, on)
		}
		if pawns := r.pieces[c][Pawn] &^ r.frozen; pawns != 0 {
			// A pawn pushes to a square no frozen pawn holds, and takes
			// on one where an enemy piece might stand.
			targets := r.reach[them].on | r.pieces[them][Pawn]&^r.frozen
			for k := Knight; k <= Queen; k++ {
				targets |= r.pieces[them][k]
			}
			on := pawnFill(c, pawns, free, targets)
			s.groups[4] = reachGroup{n: pawns.count(), on: on}
			s.on |= on
			s.attacks |= pawnAttacks(c, on)
			if on&(rank1|rank8) != 0 {
				s.promotes = true
				s.on, s.attacks = allSquares, allSquares
			}
		}
	}
	r.reach = next
}

// allMayMate reports whether every side of sides surely may mate: it
// has a pawn that may promote, or a piece that may check the other king
// somewhere in its region, other than bishops of one colour. As the
// regions only grow, this stays true until the fixed point.
func (r *reachability) allMayMate(sides []Color) bool {
	for _, w := range sides {
		mine := &r.reach[w]
		if mine.promotes {
			continue
		}
		if mine.attacks&r.king[w.Other()] == 0 || r.onlyBishopsOfOneColour(w) {
			return false
		}
	}
	return true
}

// onlyBishopsOfOneColour reports whether w's only pieces that may check
// are bishops, all on squares of one colour.
func (r *reachability) onlyBishopsOfOneColour(w Color) bool {
	mine := &r.reach[w]
	bishops := r.pieces[w][Bishop]
	return !mine.promotes && mine.groups[0].n+mine.groups[2].n+mine.groups[3].n+mine.groups[4].n == 0 &&
		(bishops&lightSquare == 0 || bishops&^lightSquare == 0)
}

// cannotMateStatic reports whether the analysis proves that w cannot
// checkmate by any series of legal moves.
func (r *reachability) cannotMateStatic(w Color) bool {
	if r.undecided {
		return false
	}
	l := w.Other()
	region := r.king[l]
	if r.walls[w]&bit(r.kingSq[l]) != 0 {
		// In check from a frozen pawn: the one square of the region
		// a frozen pawn attacks.
		return false
	}
	mine := &r.reach[w]
	checks := region & mine.attacks
	if checks == 0 {
		return true
	}
	if !r.onlyBishopsOfOneColour(w) {
		return false
	}
	bishops := r.pieces[w][Bishop]
	// Bishops of one colour only: the king mated on k must have each flight
	// square of the other colour covered by the winner's king or blocked
	// by a piece of its own.
	other := lightSquare
	if bishops&lightSquare != 0 {
		other = ^lightSquare
	}
	theirs := &r.reach[l]
	cover := kingMoves(r.king[w])
	for b := checks; b != 0; b &= b - 1 {
		k := b.first()
		needed := kingMoves(bit(k)) & region & other &^ cover
		if needed == 0 || needed&^theirs.on == 0 && blockers(theirs, needed) >= needed.count() {
			return false
		}
	}
	return true
}

// blockers counts at most how many of a side's pieces might stand on the
// squares of set: all those of each group that might reach one.
func blockers(s *sideReach, set bitboard) int {
	if s.promotes {
		return 64
	}
	n := 0
	for _, g := range s.groups {
		if g.on&set != 0 {
			n += g.n
		}
	}
	return n
}

// hasBlockedPawn reports whether some pawn has a piece right in front of
// it, the first condition for a frozen pawn.
func hasBlockedPawn(p *Position) bool {
	for s := Square(8); s < 56; s++ {
		pc := p.Board[s]
		if pc.Kind() != Pawn {
			continue
		}
		step, _, _ := pawnGeometry(pc.Color())
		if p.Board[s+step] != NoPiece {
			return true
		}
	}
	return false
}
