package game

import (
	"slices"
	"testing"
)

// genBudget bounds the leaves a perft test of this package's own move
// generator counts, from the budget given for a normal run. The
// generator is fast enough to go several plies deeper than the notnil
// perft tests (perft_test.go), and it checks itself at every inner node.
func genBudget(budget int64) int64 {
	if *fullPerft {
		return 1 << 62
	}
	if raceDetector || testing.Short() {
		budget /= 100
	}
	return budget
}

// genPerft counts the leaves below p at depth d with appendLegal,
// checking at each inner node that the other entry points of the
// generator agree with it: hasLegalMove, hasLegalEnPassant, givesCheck
// (against the board of the position reached) and, at nodes deep enough
// to be few, appendLegalTo for every square and kind.
func genPerft(t testing.TB, p *Position, d int, bufs [][]Move) int64 {
	moves := p.appendLegal(bufs[d][:0])
	bufs[d] = moves
	if d == 1 {
		return int64(len(moves))
	}
	if p.hasLegalMove() != (len(moves) > 0) {
		t.Fatalf("%s: hasLegalMove says %v, %d legal moves", p.FEN(), p.hasLegalMove(), len(moves))
	}
	ep := slices.ContainsFunc(moves, func(m Move) bool {
		return p.Board[m.From].Kind() == Pawn && m.To == p.EnPassant
	})
	if p.hasLegalEnPassant() != ep {
		t.Fatalf("%s: hasLegalEnPassant says %v", p.FEN(), !ep)
	}
	if d >= 3 {
		checkLegalTo(t, p, moves)
	}
	var total int64
	for _, m := range moves {
		next := p.after(m)
		if next.Check != next.inCheck(next.Turn) {
			t.Fatalf("%s: givesCheck(%s) = %v", p.FEN(), m.UCI(), next.Check)
		}
		total += genPerft(t, &next, d-1, bufs)
	}
	return total
}

// checkLegalTo checks appendLegalTo against the legal moves of p: for
// every square and kind, the moves landing there (castling aside).
func checkLegalTo(t testing.TB, p *Position, legal []Move) {
	t.Helper()
	var buf [64]Move
	for to := Square(0); to < 64; to++ {
		for k := NoKind; k <= King; k++ {
			got := p.appendLegalTo(buf[:0], to, k)
			var want []Move
			for _, m := range legal {
				if m.To == to && (k == NoKind || p.Board[m.From].Kind() == k) && !isCastling(p, m) {
					want = append(want, m)
				}
			}
			if !sameMoves(got, want) {
				t.Fatalf("%s: appendLegalTo(%s, %v) = %v, want %v", p.FEN(), to, k, ucis(got), ucis(want))
			}
		}
	}
}

// after returns the position after legal move m, as replay plays it.
func (p *Position) after(m Move) Position {
	next := p.play(m, false)
	next.Check = p.givesCheck(m, &next.Board, p.KingSquare(p.Turn.Other()))
	return next
}

func isCastling(p *Position, m Move) bool {
	return isCastle(p.Board[m.From], m)
}

// sameMoves reports whether a and b hold the same moves, in any order.
func sameMoves(a, b []Move) bool {
	if len(a) != len(b) {
		return false
	}
	cmp := func(x, y Move) int {
		if x.From != y.From {
			return int(x.From) - int(y.From)
		}
		if x.To != y.To {
			return int(x.To) - int(y.To)
		}
		return int(x.Promotion) - int(y.Promotion)
	}
	a, b = slices.Clone(a), slices.Clone(b)
	slices.SortFunc(a, cmp)
	slices.SortFunc(b, cmp)
	return slices.Equal(a, b)
}

func ucis(moves []Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.UCI()
	}
	return out
}

func runGenPerftFile(t *testing.T, name string, budget int64) {
	var leaves int64
	deepest := map[int]int{}
	for _, c := range readPerft(t, name) {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Errorf("%s:%d: %v", name, c.line, err)
			continue
		}
		bufs := make([][]Move, 9)
		for d := 1; d <= 8; d++ {
			want, ok := c.counts[d]
			if !ok || want > genBudget(budget) {
				continue
			}
			if got := genPerft(t, &p, d, bufs); got != want {
				t.Errorf("%s:%d %s depth %d: %d leaves, want %d", name, c.line, c.fen, d, got, want)
			}
			leaves += want
			deepest[c.line] = d
		}
		if deepest[c.line] == 0 && !raceDetector && !testing.Short() {
			t.Errorf("%s:%d: no count within the budget", name, c.line)
		}
	}
	if len(deepest) == 0 {
		t.Errorf("%s: no count within the budget", name)
	}
	depths := map[int]int{}
	for _, d := range deepest {
		depths[d]++
	}
	t.Logf("%s: %d leaves counted; positions by deepest depth checked: %v", name, leaves, depths)
}

func TestMoveGenPerft(t *testing.T) {
	t.Parallel()
	runGenPerftFile(t, "perft.epd", 20_000_000)
}

func TestMoveGenPerftSuite(t *testing.T) {
	t.Parallel()
	runGenPerftFile(t, "epd/perftsuite.epd", 2_500_000)
}

// TestMoveGenPerftSuite2 runs Martin Sedlak's tricky positions (illegal en
// passant, discovered checks, castling that gives check).
func TestMoveGenPerftSuite2(t *testing.T) {
	t.Parallel()
	runGenPerftFile(t, "epd/perftsuite2.epd", 4_000_000)
}

// kiwipete is the second perft position, rich in castling, pins, en
// passant and promotions.
const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// BenchmarkMoveGen generates the 48 legal moves of Kiwipete.
func BenchmarkMoveGen(b *testing.B) {
	p, err := ParseFEN(kiwipete)
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]Move, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		if buf = p.appendLegal(buf[:0]); len(buf) != 48 {
			b.Fatalf("%d moves", len(buf))
		}
	}
}

// BenchmarkPerft counts the 4,085,603 leaves of Kiwipete at depth 4.
func BenchmarkPerft(b *testing.B) {
	p, err := ParseFEN(kiwipete)
	if err != nil {
		b.Fatal(err)
	}
	bufs := make([][]Move, 9)
	for b.Loop() {
		if n := genPerft(b, &p, 4, bufs); n != 4085603 {
			b.Fatalf("%d leaves", n)
		}
	}
	b.ReportMetric(4085603*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
}

// TestLegalityCases: the rules of FIDE 3 that move generators get wrong,
// each in a position where a move is legal or not for that rule alone.
func TestLegalityCases(t *testing.T) {
	for _, c := range []struct {
		fen, move string
		legal     bool
		why       string
	}{
		{"8/8/8/KPp4r/8/8/8/7k w - c6 0 2", "b5c6", false, "en passant would uncover the rook along the rank"},
		{"8/8/8/1Pp4r/K7/8/8/7k w - c6 0 2", "b5c6", true, "en passant with the king off that rank"},
		{"8/8/3k4/1Pp5/8/8/8/K7 w - c6 0 2", "b5c6", true, "en passant"},
		{"8/8/3k4/1Pp5/8/8/8/K7 w - - 0 2", "b5c6", false, "no en passant without the double step"},
		{"8/8/8/2k5/3Pp3/8/8/K7 b - d3 0 1", "e4d3", true, "en passant that captures the checking pawn"},
		{"4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "e1g1", false, "castling across an attacked square"},
		{"4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "e1c1", true, "castling on the other side"},
		{"4k3/8/8/8/8/8/1r6/R3K3 w Q - 0 1", "e1c1", true, "castling queenside while b1 is attacked"},
		{"4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1", "e1c1", false, "castling with b1 occupied"},
		{"4k3/8/8/8/8/8/6r1/4K2R w K - 0 1", "e1g1", false, "castling into check"},
		{"4k3/8/8/8/8/8/4r3/4K2R w K - 0 1", "e1g1", false, "castling out of check"},
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "e1g1", false, "castling without the right"},
		{"4k3/8/8/8/8/8/8/4K1NR w K - 0 1", "e1g1", false, "castling through a piece"},
		{"4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "d2f3", false, "a pinned knight"},
		{"4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", "e2e5", true, "a pinned rook along its pin"},
		{"4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", "e2d2", false, "a pinned rook off its pin"},
		{"4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", "e1d1", false, "the king steps along the checking line"},
		{"4k3/8/8/8/8/8/8/q3K3 w - - 0 1", "e1f1", false, "the king steps away along the checking rank"},
		{"3k4/8/8/8/8/8/8/3K4 w - - 0 1", "d1d2", true, "a king step"},
		{"8/8/8/8/8/3k4/8/3K4 b - - 0 1", "d3d2", false, "a king never stands next to the other"},
		{"4k3/8/8/q7/8/8/8/1N2K3 w - - 0 1", "b1d2", true, "a knight blocking the check"},
		{"4k3/8/8/q7/8/8/8/1N2K3 w - - 0 1", "b1a3", false, "a knight move that leaves the check"},
		{"7k/P7/8/8/8/8/8/K7 w - - 0 1", "a7a8n", true, "an under-promotion"},
		{"7k/P7/8/8/8/8/8/K7 w - - 0 1", "a7a8k", false, "no promotion to a king"},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		found := false
		for _, m := range p.appendLegal(nil) {
			found = found || m.UCI() == c.move
		}
		if found != c.legal {
			t.Errorf("%s (%s): %s legal = %v, want %v", c.why, c.fen, c.move, found, c.legal)
		}
	}
}

// TestSANCases: SAN as the PGN standard (8.2.3) writes it, and as
// notnil/chess writes it, and read back to the same move.
func TestSANCases(t *testing.T) {
	for _, c := range []struct{ fen, move, san string }{
		{StartFEN, "g1f3", "Nf3"},
		{StartFEN, "e2e4", "e4"},
		{"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2", "Nbd2"},
		{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"},
		{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", "R5a3"},
		{"7k/8/8/3Q1Q2/8/3Q4/8/K7 w - - 0 1", "d5e4", "Qd5e4"},
		{"7k/8/8/3Q1Q2/8/3Q4/8/K7 w - - 0 1", "f5e4", "Qfe4"},
		{"7k/8/8/3Q1Q2/8/3Q4/8/K7 w - - 0 1", "d3e4", "Q3e4"},
		{"4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1", "g1f3", "Nf3"}, // the other knight is pinned
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "exd5"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		{"2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q+"},
		{"3qk3/4P3/3K4/8/8/8/8/8 w - - 0 1", "e7d8n", "exd8=N"},
		{"3rkr2/4P3/3K4/8/8/8/8/8 w - - 0 1", "e7d8q", "exd8=Q+"},
		{"k2r4/p1P5/2K5/8/8/8/8/8 w - - 0 1", "c7d8q", "cxd8=Q#"},
		{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"},
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "O-O-O"},
		{"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2", "d8h4", "Qh4#"},
		{"7k/8/6Q1/8/8/8/8/K7 w - - 0 1", "g6f7", "Qf7"}, // stalemate is not marked
		{"4k3/8/8/8/8/8/3r4/R3K3 w Q - 0 1", "e1d2", "Kxd2"},
		{"k7/8/1K6/8/8/8/8/7R w - - 0 1", "h1h8", "Rh8#"},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		var m Move
		for _, l := range p.appendLegal(nil) {
			if l.UCI() == c.move {
				m = l
			}
		}
		if m == (Move{}) {
			t.Errorf("%s: %s is not legal", c.fen, c.move)
			continue
		}
		if got := p.san(m); got != c.san {
			t.Errorf("%s: SAN of %s = %q, want %q", c.fen, c.move, got, c.san)
		}
		node := &Node{pos: p}
		if got := node.sanOf(node.findChess(t, m)); got != c.san {
			t.Errorf("%s: notnil writes %s as %q, want %q", c.fen, c.move, got, c.san)
		}
		var r replayer
		if back, err := r.read(&p, c.san); err != nil || back != m {
			t.Errorf("%s: %q reads back as %s, %v", c.fen, c.san, back.UCI(), err)
		}
	}
}

// BenchmarkMoveGenNotnil is BenchmarkMoveGen through notnil/chess, which
// live play uses, for comparison.
func BenchmarkMoveGenNotnil(b *testing.B) {
	p, err := ParseFEN(kiwipete)
	if err != nil {
		b.Fatal(err)
	}
	cp, err := chessPosition(&p)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		// A copy, as a new node would have: notnil caches the moves.
		fresh := *cp
		if n := len(fresh.ValidMoves()); n != 48 {
			b.Fatalf("%d moves", n)
		}
	}
}
