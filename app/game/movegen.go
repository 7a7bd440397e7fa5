package game

// This file generates the legal moves of a Position by itself, without
// notnil/chess: pseudo-legal moves by the way each piece moves, then
// legality by making the move on a copy of the board and testing whether
// the mover's king is attacked. It is what replays PGN files (replay.go)
// and checks them (check.go); live play still goes through notnil.
//
// Nothing here allocates unless a caller's slice must grow: the moves are
// appended to the caller's slice, and the tables below are fixed arrays.

// squareList is a short list of squares in a fixed array.
type squareList struct {
	n  uint8
	sq [8]Square
}

func (l *squareList) add(s Square) { l.sq[l.n] = s; l.n++ }

func (l *squareList) list() []Square { return l.sq[:l.n] }

// ray is the squares from a square to the edge of the board in one
// direction, nearest first.
type ray struct {
	n  uint8
	sq [7]Square
}

func (r *ray) list() []Square { return r.sq[:r.n] }

// Rays 0 to 3 run along ranks and files (rook directions), rays 4 to 7
// along diagonals (bishop directions).
const firstDiagonalRay = 4

var (
	// knightTo and kingTo list the squares a knight or a king on a square
	// reaches in one step.
	knightTo, kingTo [64]squareList
	// pawnAttackers[c][s] lists the squares from which a pawn of colour c
	// attacks s.
	pawnAttackers [2][64]squareList
	// rays[s][d] is the ray from s in direction d.
	rays [64][8]ray
	// rayTo[a][b] is the direction of the ray from a that passes through
	// b, or -1 when a and b share no rank, file or diagonal.
	rayTo [64][64]int8
)

func init() {
	for s := Square(0); s < 64; s++ {
		for _, d := range knightSteps {
			if t, ok := offset(s, d[0], d[1]); ok {
				knightTo[s].add(t)
			}
		}
		for _, d := range kingSteps {
			if t, ok := offset(s, d[0], d[1]); ok {
				kingTo[s].add(t)
			}
		}
		for _, df := range [2]int{-1, 1} {
			if t, ok := offset(s, df, -1); ok { // a white pawn attacks from the rank below
				pawnAttackers[White][s].add(t)
			}
			if t, ok := offset(s, df, 1); ok {
				pawnAttackers[Black][s].add(t)
			}
		}
		for t := range rayTo[s] {
			rayTo[s][t] = -1
		}
		for d, step := range append(rookSteps[:], bishopSteps[:]...) {
			r := &rays[s][d]
			for t, ok := offset(s, step[0], step[1]); ok; t, ok = offset(t, step[0], step[1]) {
				r.sq[r.n] = t
				r.n++
				rayTo[s][t] = int8(d)
			}
		}
	}
}

// attackedOn reports whether any piece of colour by attacks sq on board b.
func attackedOn(b *[64]Piece, sq Square, by Color) bool {
	pawn := NewPiece(by, Pawn)
	for _, s := range pawnAttackers[by][sq].list() {
		if b[s] == pawn {
			return true
		}
	}
	knight := NewPiece(by, Knight)
	for _, s := range knightTo[sq].list() {
		if b[s] == knight {
			return true
		}
	}
	queen, rook, bishop := NewPiece(by, Queen), NewPiece(by, Rook), NewPiece(by, Bishop)
	for d := range rays[sq] {
		slider := rook
		if d >= firstDiagonalRay {
			slider = bishop
		}
		if s := firstPiece(b, &rays[sq][d]); s != NoSquare && (b[s] == slider || b[s] == queen) {
			return true
		}
	}
	king := NewPiece(by, King)
	for _, s := range kingTo[sq].list() {
		if b[s] == king {
			return true
		}
	}
	return false
}

// firstPiece returns the first occupied square along r, or NoSquare.
func firstPiece(b *[64]Piece, r *ray) Square {
	for i := range r.n {
		if s := r.sq[i&7]; b[s] != NoPiece {
			return s
		}
	}
	return NoSquare
}

// appendLegal appends the legal moves of the side to move to buf and
// returns the extended slice. A pawn reaching the last rank gives four
// moves, promoting to a queen, rook, bishop and knight; castling is the
// king's move of two squares.
func (p *Position) appendLegal(buf []Move) []Move {
	us := p.Turn
	king := p.KingSquare(us)
	for from := Square(0); from < 64; from++ {
		pc := p.Board[from]
		if pc == NoPiece || pc.Color() != us {
			continue
		}
		start := len(buf)
		buf = p.appendPseudo(buf, from, pc)
		if p.mustTest(from, pc, king) {
			buf = p.keepSafe(buf, start, king)
		}
	}
	return p.appendCastles(buf)
}

// mustTest reports whether some pseudo-legal move of the piece pc on
// from could leave its king, on king, attacked; when not, all its moves
// are legal.
func (p *Position) mustTest(from Square, pc Piece, king Square) bool {
	if king == NoSquare {
		return false // only in hand-made positions without a king
	}
	if pc.Kind() == King || p.Check {
		return true
	}
	if pc.Kind() == Pawn && p.EnPassant != NoSquare && rayTo[from][p.EnPassant] >= firstDiagonalRay {
		return true // an en-passant capture takes a second piece off the board
	}
	return p.mayBePinned(from, king, pc.Color().Other())
}

// keepSafe drops from buf[start:] the moves that leave the mover's king
// attacked, testing each one on the board.
func (p *Position) keepSafe(buf []Move, start int, king Square) []Move {
	kept := start
	for _, m := range buf[start:] {
		if p.leavesKingSafe(m, king) {
			buf[kept] = m
			kept++
		}
	}
	return buf[:kept]
}

// hasLegalMove reports whether the side to move has a legal move,
// stopping at the first one found.
func (p *Position) hasLegalMove() bool {
	us := p.Turn
	king := p.KingSquare(us)
	var scratch [32]Move // a queen has at most 27 moves, a pawn 12
	// The king first: when it is in check its moves are the likeliest to
	// be legal.
	if king != NoSquare {
		for _, m := range p.appendPseudo(scratch[:0], king, p.Board[king]) {
			if p.isLegal(m, king) {
				return true
			}
		}
	}
	for from := Square(0); from < 64; from++ {
		pc := p.Board[from]
		if pc == NoPiece || pc.Color() != us || from == king {
			continue
		}
		for _, m := range p.appendPseudo(scratch[:0], from, pc) {
			if p.isLegal(m, king) {
				return true
			}
		}
	}
	// Castling needs no look: when it is legal, so is the king's step
	// towards the rook.
	return false
}

// appendLegalTo appends the legal moves of the side to move that land on
// to, castling aside, made by pieces of kind k (NoKind: any kind).
func (p *Position) appendLegalTo(buf []Move, to Square, k Kind) []Move {
	return p.appendLegalToFor(buf, to, k, p.KingSquare(p.Turn))
}

// appendLegalToFor is appendLegalTo when the caller knows where the king
// of the side to move stands.
func (p *Position) appendLegalToFor(buf []Move, to Square, k Kind, king Square) []Move {
	start := len(buf)
	buf = p.appendPseudoTo(buf, to, k)
	return p.keepLegal(buf, start, king)
}

// hasLegalEnPassant reports whether the side to move can capture en
// passant (FIDE 9.2.3: only then does the en-passant square make the
// position different).
func (p *Position) hasLegalEnPassant() bool {
	ep := p.EnPassant
	if ep == NoSquare {
		return false
	}
	us := p.Turn
	pawn := NewPiece(us, Pawn)
	king := NoSquare
	for _, from := range pawnAttackers[us][ep].list() {
		if p.Board[from] != pawn {
			continue
		}
		if king == NoSquare {
			king = p.KingSquare(us)
		}
		if p.isLegal(Move{From: from, To: ep}, king) {
			return true
		}
	}
	return false
}

// keepLegal drops from buf[start:] the moves that leave the mover's king
// attacked.
func (p *Position) keepLegal(buf []Move, start int, king Square) []Move {
	kept := start
	for _, m := range buf[start:] {
		if p.isLegal(m, king) {
			buf[kept] = m
			kept++
		}
	}
	return buf[:kept]
}

// isLegal reports whether pseudo-legal move m leaves the mover's king, on
// king, safe. Castling moves are checked when generated, not here.
func (p *Position) isLegal(m Move, king Square) bool {
	if king == NoSquare {
		return true // only in hand-made positions without a king
	}
	pc := p.Board[m.From]
	enPassant := pc.Kind() == Pawn && m.To == p.EnPassant
	if pc.Kind() != King && !p.Check && !enPassant && !p.mayBePinned(m.From, king, pc.Color().Other()) {
		// Not in check, and no attack can be uncovered by moving it.
		return true
	}
	return p.leavesKingSafe(m, king)
}

// leavesKingSafe makes pseudo-legal move m on a copy of the board and
// reports whether the mover's king, on king, is then safe.
func (p *Position) leavesKingSafe(m Move, king Square) bool {
	pc := p.Board[m.From]
	them := pc.Color().Other()
	enPassant := pc.Kind() == Pawn && m.To == p.EnPassant
	b := p.Board
	b[m.From] = NoPiece
	b[m.To] = pc
	if enPassant {
		b[NewSquare(m.To.File(), m.From.Rank())] = NoPiece
	}
	if pc.Kind() == King {
		king = m.To
	}
	return !attackedOn(&b, king, them)
}

// mayBePinned reports whether the piece on from shields king from a
// slider of colour them: it is the first piece on the line from the
// king, and the next one beyond it is such a slider.
func (p *Position) mayBePinned(from, king Square, them Color) bool {
	d := rayTo[king][from]
	if d < 0 {
		return false
	}
	r := &rays[king][d]
	i := uint8(0)
	for ; i < r.n && r.sq[i&7] != from; i++ {
		if p.Board[r.sq[i&7]] != NoPiece {
			return false // another piece shields the king first
		}
	}
	for i++; i < r.n; i++ {
		pc := p.Board[r.sq[i&7]]
		if pc == NoPiece {
			continue
		}
		if pc.Color() != them {
			return false
		}
		k := pc.Kind()
		return k == Queen || (k == Rook && d < firstDiagonalRay) || (k == Bishop && d >= firstDiagonalRay)
	}
	return false
}

// appendPseudo appends the moves of the piece pc on from by its way of
// moving, castling aside, whether or not they leave its king in check.
func (p *Position) appendPseudo(buf []Move, from Square, pc Piece) []Move {
	us := pc.Color()
	switch pc.Kind() {
	case Pawn:
		return p.appendPawnMoves(buf, from, us)
	case Knight:
		return p.appendSteps(buf, from, us, &knightTo[from])
	case King:
		return p.appendSteps(buf, from, us, &kingTo[from])
	case Bishop:
		return p.appendSlides(buf, from, us, firstDiagonalRay, 8)
	case Rook:
		return p.appendSlides(buf, from, us, 0, firstDiagonalRay)
	case Queen:
		return p.appendSlides(buf, from, us, 0, 8)
	}
	return buf
}

func (p *Position) appendSteps(buf []Move, from Square, us Color, targets *squareList) []Move {
	for _, to := range targets.list() {
		if t := p.Board[to]; t == NoPiece || t.Color() != us {
			buf = append(buf, Move{From: from, To: to})
		}
	}
	return buf
}

func (p *Position) appendSlides(buf []Move, from Square, us Color, firstRay, endRay int) []Move {
	for d := firstRay; d < endRay; d++ {
		for _, to := range rays[from][d].list() {
			t := p.Board[to]
			if t == NoPiece {
				buf = append(buf, Move{From: from, To: to})
				continue
			}
			if t.Color() != us {
				buf = append(buf, Move{From: from, To: to})
			}
			break
		}
	}
	return buf
}

// pawnGeometry returns the step of a pawn of colour c, its home rank and
// the rank on which it promotes.
func pawnGeometry(c Color) (step Square, home, last int) {
	if c == Black {
		return -8, 6, 0
	}
	return 8, 1, 7
}

func (p *Position) appendPawnMoves(buf []Move, from Square, us Color) []Move {
	step, home, _ := pawnGeometry(us)
	one := from + step
	if p.Board[one] == NoPiece {
		buf = appendPawnMove(buf, from, one)
		if from.Rank() == home && p.Board[one+step] == NoPiece {
			buf = append(buf, Move{From: from, To: one + step})
		}
	}
	for _, df := range [2]int{-1, 1} {
		f := from.File() + df
		if f < 0 || f > 7 {
			continue
		}
		to := NewSquare(f, one.Rank())
		if t := p.Board[to]; (t != NoPiece && t.Color() != us) || to == p.EnPassant {
			buf = appendPawnMove(buf, from, to)
		}
	}
	return buf
}

// promotionKinds are the pieces a pawn may become, in the order the
// moves are generated.
var promotionKinds = [4]Kind{Queen, Rook, Bishop, Knight}

// appendPawnMove appends a pawn's move to to, as four promotions when to
// is on the first or last rank.
func appendPawnMove(buf []Move, from, to Square) []Move {
	if r := to.Rank(); r != 0 && r != 7 {
		return append(buf, Move{From: from, To: to})
	}
	for _, k := range promotionKinds {
		buf = append(buf, Move{From: from, To: to, Promotion: k})
	}
	return buf
}

// appendPseudoTo appends the pseudo-legal moves of the side to move that
// land on to, castling aside, made by pieces of kind k (NoKind: any). It
// looks from to for the pieces that reach it rather than at every piece.
func (p *Position) appendPseudoTo(buf []Move, to Square, k Kind) []Move {
	us := p.Turn
	target := p.Board[to]
	if target != NoPiece && target.Color() == us {
		return buf
	}
	all := k == NoKind
	if all || k == Knight {
		knight := NewPiece(us, Knight)
		for _, from := range knightTo[to].list() {
			if p.Board[from] == knight {
				buf = append(buf, Move{From: from, To: to})
			}
		}
	}
	if all || k == Bishop || k == Rook || k == Queen {
		queen, rook, bishop := NewPiece(us, Queen), NewPiece(us, Rook), NewPiece(us, Bishop)
		firstRay, endRay := 0, 8
		switch k {
		case Rook:
			endRay = firstDiagonalRay
		case Bishop:
			firstRay = firstDiagonalRay
		}
		for d := firstRay; d < endRay; d++ {
			slider := rook
			if d >= firstDiagonalRay {
				slider = bishop
			}
			for _, from := range rays[to][d].list() {
				pc := p.Board[from]
				if pc == NoPiece {
					continue
				}
				if (pc == slider && (all || k == pc.Kind())) || (pc == queen && (all || k == Queen)) {
					buf = append(buf, Move{From: from, To: to})
				}
				break
			}
		}
	}
	if all || k == King {
		king := NewPiece(us, King)
		for _, from := range kingTo[to].list() {
			if p.Board[from] == king {
				buf = append(buf, Move{From: from, To: to})
			}
		}
	}
	if all || k == Pawn {
		buf = p.appendPawnMovesTo(buf, to, us, target)
	}
	return buf
}

func (p *Position) appendPawnMovesTo(buf []Move, to Square, us Color, target Piece) []Move {
	pawn := NewPiece(us, Pawn)
	step, home, _ := pawnGeometry(us)
	if target != NoPiece || to == p.EnPassant {
		for _, from := range pawnAttackers[us][to].list() {
			if p.Board[from] == pawn {
				buf = appendPawnMove(buf, from, to)
			}
		}
	}
	if target != NoPiece {
		return buf
	}
	back := int(to) - int(step)
	if back < 0 || back > 63 {
		return buf
	}
	switch p.Board[back] {
	case pawn:
		buf = appendPawnMove(buf, Square(back), to)
	case NoPiece:
		if from := back - int(step); from >= 0 && from < 64 && Square(from).Rank() == home && p.Board[from] == pawn {
			buf = append(buf, Move{From: Square(from), To: to})
		}
	}
	return buf
}

// appendCastles appends the castling moves the side to move may make
// (FIDE 3.8.2): the right is still there, the squares between king and
// rook are empty, and the king is not in check and crosses or reaches
// no attacked square.
func (p *Position) appendCastles(buf []Move) []Move {
	if p.Check {
		return buf
	}
	us := p.Turn
	rights := p.Castling
	rank := 0
	if us == Black {
		rights >>= 2
		rank = 7
	}
	if rights&(WhiteKingside|WhiteQueenside) == 0 {
		return buf
	}
	king := NewSquare(4, rank)
	if p.Board[king] != NewPiece(us, King) {
		return buf
	}
	rook, them := NewPiece(us, Rook), us.Other()
	empty := func(files ...int) bool {
		for _, f := range files {
			if p.Board[NewSquare(f, rank)] != NoPiece {
				return false
			}
		}
		return true
	}
	safe := func(files ...int) bool {
		for _, f := range files {
			if attackedOn(&p.Board, NewSquare(f, rank), them) {
				return false
			}
		}
		return true
	}
	if rights&WhiteKingside != 0 && p.Board[NewSquare(7, rank)] == rook && empty(5, 6) && safe(5, 6) {
		buf = append(buf, Move{From: king, To: NewSquare(6, rank)})
	}
	if rights&WhiteQueenside != 0 && p.Board[NewSquare(0, rank)] == rook && empty(1, 2, 3) && safe(3, 2) {
		buf = append(buf, Move{From: king, To: NewSquare(2, rank)})
	}
	return buf
}
