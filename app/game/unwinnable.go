package game

// This file decides whether a side can still checkmate by any series of
// legal moves (FIDE 5.2.2 dead positions, 6.9 flag fall), as Ambrona's
// Chess Unwinnability Analyzer does: cheap proofs first (material, then
// the static analysis of dead.go), then a search. The search has two
// parts. A helpmate search, the loser cooperating, finds a mate quickly
// when there is one. Failing that, every position reachable from p is
// visited once, except those the static analysis already proves hopeless;
// when they are all visited and none is a mate, the side cannot mate.
//
// Both parts count the positions they look at against a budget of nodes,
// not time, so a verdict is the same on every machine. Past the budget the
// answer is "not proven": a position is never called dead, nor a win on
// time taken away, without a proof.

// Budgets of positions searched. A node costs a few microseconds.
const (
	// MoveCheckNodes is the search allowed after each move, small enough
	// not to be felt (a few hundred microseconds at most).
	MoveCheckNodes = 256
	// FlagCheckNodes is the search allowed when a flag falls, decided
	// once per game: about half a second at most.
	FlagCheckNodes = 50_000
)

// CannotMate reports whether c cannot checkmate by any series of legal
// moves from p, the opponent's moves included, proving it within a budget
// of nodes positions searched (MoveCheckNodes, FlagCheckNodes). False
// means a mate exists or none was proven impossible within the budget.
func (p *Position) CannotMate(c Color, nodes int) bool {
	m := countMaterial(&p.Board)
	if m.cannotMate(c) {
		return true
	}
	if !p.hasLegalMove() {
		// Checkmate or stalemate: the game is over, no more moves.
		return !p.Check || p.Turn != c.Other()
	}
	r := analyse(p, c)
	if r.cannotMateStatic(c) {
		return true
	}
	if !hasBlockedPawn(p) {
		// No walls: the positions reachable are far too many to visit,
		// and a mate too likely to be worth looking for.
		return false
	}
	// A small exhaustive search first, as walled positions are often
	// closed a few moves on; then the helpmate search, which finds the
	// mates of live ones; then the exhaustive search with all that is
	// left of the budget.
	s := searcher{winner: c}
	switch s.exhaust(p, nodes/8) {
	case proven:
		return true
	case mateFound:
		return false
	}
	if s.helpmate(p, nodes/2) {
		return false
	}
	return s.exhaust(p, nodes) == proven
}

// IsDead reports whether p is a dead position (FIDE 5.2.2): neither side
// can checkmate by any series of legal moves, as proven within a budget
// of nodes positions searched for each side. Checkmate and stalemate are
// not dead positions: they end the game by themselves.
func (p *Position) IsDead(nodes int) bool {
	if !p.hasLegalMove() {
		return false
	}
	return p.CannotMate(White, nodes) && p.CannotMate(Black, nodes)
}

// deadAfterMove is the check made after every move: material (reported
// apart, as InsufficientMaterial), then the static analysis, then, when
// that proves one side unable to mate, finds frozen pawns, and only
// kings, pawns and bishops are left, a search of MoveCheckNodes positions
// for the other side.
func (p *Position) deadAfterMove() bool {
	if !hasBlockedPawn(p) {
		return false
	}
	r := analyse(p, White, Black)
	white, black := r.cannotMateStatic(White), r.cannotMateStatic(Black)
	switch {
	case white && black:
		return true
	case !white && !black:
		// Neither side near a proof: a search of a few positions would
		// not settle it, and would cost every move of a closed game.
		return false
	}
	if r.frozen == 0 || r.pieces[White][Knight]|r.pieces[Black][Knight]|r.pieces[White][Rook]|
		r.pieces[Black][Rook]|r.pieces[White][Queen]|r.pieces[Black][Queen] != 0 {
		// No wall, or pieces that go nearly anywhere: not worth a search
		// each move (a king and pawn against a king would cost one at
		// every move of the ending).
		return false
	}
	s := searcher{winner: White}
	if white {
		s.winner = Black
	}
	return s.exhaust(p, MoveCheckNodes) == proven
}

// searcher looks for a mate by winner. nodes counts the positions it
// has looked at, which its searches bound.
type searcher struct {
	winner Color
	nodes  int
	moves  []Move
	scores []int
	// seen maps positions (helpmate: to the depth left when searched;
	// exhaust: to 0) already looked at.
	seen map[stateKey]int
}

// stateKey is what decides a position's future. The move counters are
// left out: like the Analyzer, the search reads "any series of legal
// moves" without the 75-move rule and fivefold repetition, which can only
// make it find more mates, never fewer.
type stateKey struct {
	board     [64]Piece
	turn      Color
	castling  Castling
	enPassant Square
}

func keyFor(p *Position) stateKey {
	ep := p.EnPassant
	if ep != NoSquare && !p.hasLegalEnPassant() {
		ep = NoSquare
	}
	return stateKey{p.Board, p.Turn, p.Castling, ep}
}

// legal returns the legal moves of p, in the searcher's scratch space
// from start on.
func (s *searcher) legal(p *Position, start int) []Move {
	s.moves = p.appendLegal(s.moves[:start])
	return s.moves[start:]
}

// after returns the position after legal move m of p, with Check set.
func after(p *Position, m Move) Position {
	next := p.play(m, false)
	next.Check = next.inCheck(next.Turn)
	return next
}

// helpmate looks for a mate by the winner, the loser helping, by
// iterative deepening until s.nodes reaches limit, and reports whether it
// found one.
func (s *searcher) helpmate(p *Position, limit int) bool {
	s.seen = make(map[stateKey]int, min(limit, 1<<12))
	for depth := 1; depth <= 64 && s.nodes < limit; depth++ {
		if s.mateWithin(p, depth, 0, limit) {
			return true
		}
	}
	return false
}

// mateWithin reports whether the winner can mate within depth plies of
// p, the loser helping; the moves are kept in s.moves from start on.
func (s *searcher) mateWithin(p *Position, depth, start, limit int) bool {
	if s.nodes >= limit {
		return false
	}
	s.nodes++
	moves := s.legal(p, start)
	if len(moves) == 0 {
		return p.Check && p.Turn != s.winner
	}
	if depth == 0 {
		return false
	}
	k := keyFor(p)
	if d, ok := s.seen[k]; ok && d >= depth {
		return false
	}
	s.seen[k] = depth
	m := countMaterial(&p.Board)
	if m.cannotMate(s.winner) {
		return false
	}
	s.order(p, moves)
	end := start + len(moves)
	for i := start; i < end; i++ {
		next := after(p, s.moves[i])
		if s.mateWithin(&next, depth-1, end, limit) {
			return true
		}
	}
	return false
}

// order puts first the moves likeliest to lead to a helpmate: for the
// winner, promotions, captures and steps towards the loser's king; for
// the loser, moves that keep its pieces, pawn moves (a blocker may be
// needed) and king steps towards the edge.
func (s *searcher) order(p *Position, moves []Move) {
	loserKing := p.KingSquare(s.winner.Other())
	score := func(m Move) int {
		pc := p.Board[m.From]
		v := 0
		if m.Promotion == Queen || m.Promotion == Knight {
			v += 4
		}
		if p.Turn == s.winner {
			if p.Board[m.To] != NoPiece {
				v += 2
			}
			if loserKing != NoSquare && distance(m.To, loserKing) < distance(m.From, loserKing) {
				v++
			}
			return v
		}
		if p.Board[m.To] != NoPiece {
			v -= 2
		}
		if pc.Kind() == Pawn {
			v++
		}
		if pc.Kind() == King && edgeDistance(m.To) < edgeDistance(m.From) {
			v++
		}
		return v
	}
	scores := s.scores[:0]
	for _, m := range moves {
		scores = append(scores, score(m))
	}
	s.scores = scores
	// Insertion sort, stable: few moves, no allocation once warm.
	for i := 1; i < len(moves); i++ {
		m, v := moves[i], scores[i]
		j := i
		for ; j > 0 && scores[j-1] < v; j-- {
			moves[j], scores[j] = moves[j-1], scores[j-1]
		}
		moves[j], scores[j] = m, v
	}
}

// distance is the number of king steps between two squares.
func distance(a, b Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

// edgeDistance is how many king steps a square is from the board's edge.
func edgeDistance(s Square) int {
	return min(s.File(), 7-s.File(), s.Rank(), 7-s.Rank())
}

// outcome is what the exhaustive search found.
type outcome int8

const (
	undecided outcome = iota // out of budget
	proven                   // no mate anywhere: the winner cannot mate
	mateFound
)

// exhaust visits every position reachable from p, not going beyond those
// the static analysis proves hopeless for the winner, until s.nodes
// reaches limit. It is proven when it visited them all and none was a
// mate by the winner.
func (s *searcher) exhaust(p *Position, limit int) outcome {
	s.seen = make(map[stateKey]int, min(limit, 1<<12))
	stack := []Position{*p}
	s.seen[keyFor(p)] = 0
	for len(stack) > 0 {
		if s.nodes >= limit {
			return undecided
		}
		s.nodes++
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		moves := s.legal(&q, 0)
		if len(moves) == 0 {
			if q.Check && q.Turn != s.winner {
				return mateFound
			}
			continue
		}
		if m := countMaterial(&q.Board); m.cannotMate(s.winner) {
			continue
		}
		if r := analyse(&q, s.winner); r.cannotMateStatic(s.winner) {
			continue
		}
		// Every position made counts, not only those expanded: making
		// them is most of the cost.
		s.nodes += len(moves)
		for _, m := range moves {
			next := after(&q, m)
			k := keyFor(&next)
			if _, ok := s.seen[k]; ok {
				continue
			}
			s.seen[k] = 0
			stack = append(stack, next)
		}
	}
	return proven
}

// IsDead reports whether n's position is dead (FIDE 5.2.2) as the check
// made after each move proves it: for want of material, or walled in.
// A game read from a file whose moves go on past a dead position keeps
// them; IsDead shows where the Laws ended it.
func (n *Node) IsDead() bool {
	m := countMaterial(&n.pos.Board)
	return n.pos.hasLegalMove() && (m.isDead() || n.pos.deadAfterMove())
}

// DeadAt returns the first node of the main line whose position is dead
// (see Node.IsDead), the root included, or nil when there is none.
func (g *Game) DeadAt() *Node {
	for n := g.root; n != nil; n = n.next() {
		if n.IsDead() {
			return n
		}
	}
	return nil
}
