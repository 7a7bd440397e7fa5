package game

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/notnil/chess"

	"github.com/echiquier/echiquier/app/internal/shared"
	"github.com/echiquier/echiquier/app/pgn"
)

// This file checks this package's move generator, SAN writer and move
// reader (movegen.go, replay.go) against notnil/chess, which live play
// uses, on the perft positions, on every position of the edge files and
// on a sample of the real-game corpus; and checks that FromPGN and
// CheckPGN read the whole corpus as the notnil path does.

// diffStats counts what the differential tests compared.
type diffStats struct {
	mu                sync.Mutex
	positions, moves  int
	texts, errorTexts int
}

func (s *diffStats) add(positions, moves, texts, errorTexts int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.positions += positions
	s.moves += moves
	s.texts += texts
	s.errorTexts += errorTexts
}

func (s *diffStats) String() string {
	return fmt.Sprintf("%d positions, %d legal moves, %d move texts read both ways (%d of them refused)",
		s.positions, s.moves, s.texts, s.errorTexts)
}

// compareWithNotnil checks p against notnil/chess: the same legal moves,
// the same SAN for each, the same checks, mates and en-passant captures;
// and, from depth readTexts on, that both move readers read the same
// texts the same way: the SAN and other spellings of every legal move,
// and with readWrong also texts that name no legal move.
//
// node is the position's node (its notnil position is kept for the next
// comparisons), or nil.
func compareWithNotnil(t *testing.T, p *Position, node *Node, where func() string, depth depth, stats *diffStats) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf("%s (%s): %s", where(), p.FEN(), fmt.Sprintf(format, args...))
	}
	if node == nil {
		node = &Node{pos: *p}
	}
	cp, err := node.chessPos()
	if err != nil {
		fail("notnil refuses the position: %v", err)
		return
	}
	legal, err := node.legal()
	if err != nil {
		fail("%v", err)
		return
	}
	theirs := make([]Move, len(legal))
	for i, cm := range legal {
		theirs[i] = fromChess(cm)
	}
	ours := p.appendLegal(nil)
	if !sameMoves(ours, theirs) {
		fail("legal moves %v, notnil %v", ucis(ours), ucis(theirs))
		return
	}
	if p.hasLegalMove() != (len(ours) > 0) {
		fail("hasLegalMove = %v with %d legal moves", p.hasLegalMove(), len(ours))
	}
	ep := false
	for _, cm := range legal {
		ep = ep || cm.HasTag(chess.EnPassant)
	}
	// Repetition keys (keyOf) ask this package's generator alone whether
	// an en-passant capture is legal: notnil must agree.
	if p.hasLegalEnPassant() != ep {
		fail("hasLegalEnPassant = %v, notnil %v", !ep, ep)
	}
	var r replayer
	texts, refused := 0, 0
	read := func(text string) {
		texts++
		if spec, ok := parseSAN(text); ok {
			if full, ok := parseMove(text); !ok || full != spec {
				fail("%q: parseSAN reads %+v, parseMove %+v (%v)", text, spec, full, ok)
			}
		}
		cm, errOld := node.resolve(text)
		m, errNew := r.read(p, text)
		if (errOld == nil) != (errNew == nil) || (errOld != nil && errOld.Error() != errNew.Error()) {
			fail("%q: read as %v / %v, notnil path %v / %v", text, m.UCI(), errNew, cm, errOld)
			return
		}
		if errOld != nil {
			refused++
			var a, b *MoveError
			if !errors.As(errOld, &a) || !errors.As(errNew, &b) || a.Reason != b.Reason {
				fail("%q: reasons differ: %v / %v", text, errNew, errOld)
			}
			return
		}
		if m != fromChess(cm) {
			fail("%q: read as %s, notnil path %s", text, m.UCI(), fromChess(cm).UCI())
		}
	}
	for i, cm := range legal {
		m := theirs[i]
		want := chess.AlgebraicNotation{}.Encode(cp, cm)
		if got := p.san(m); got != want {
			fail("SAN of %s: %q, notnil %q", m.UCI(), got, want)
		}
		if p.after(m).Check != checkOf(cm) {
			fail("givesCheck(%s) = %v", m.UCI(), !checkOf(cm))
		}
		if depth < readTexts {
			continue
		}
		read(want)
		read(m.UCI())
		read(strings.TrimRight(want, "+#"))
		if pc := p.Board[m.From]; pc.Kind() != Pawn && !isCastling(p, m) {
			read(pc.Kind().Letter() + m.From.String() + "-" + m.To.String()) // long algebraic
			read(pc.Kind().Letter() + m.To.String())                         // perhaps ambiguous
		}
		if m.Promotion != NoKind {
			read(m.From.String()[:1] + m.To.String()) // no promotion piece
		}
	}
	if depth >= readWrong {
		for to := Square(0); to < 64; to++ {
			for _, letter := range []string{"", "N", "B", "R", "Q", "K"} {
				read(letter + to.String())
			}
			read("exd" + to.String()[1:])
		}
		for _, s := range []string{"O-O", "O-O-O", "0-0", "e1h1", "e8a8", "Nbd7", "N1f3", "e4e5", "a7a8", "Zz9", "Kxe2"} {
			read(s)
		}
	}
	stats.add(1, len(legal), texts, refused)
}

// depth says how much compareWithNotnil compares.
type depth int

const (
	skipPosition depth = iota - 1 // nothing (tests cut short)
	movesOnly                     // legal moves, SAN, checks, en passant
	readTexts                     // and the texts of the legal moves, read both ways
	readWrong                     // and texts that name no legal move
)

// perftPositions returns the positions of the perft files and those one
// move after them.
func perftPositions(t *testing.T) map[string]Position {
	out := map[string]Position{}
	for _, name := range []string{"perft.epd", "epd/perftsuite.epd", "epd/perftsuite2.epd"} {
		for _, c := range readPerft(t, name) {
			p, err := ParseFEN(c.fen)
			if err != nil {
				t.Fatalf("%s:%d: %v", name, c.line, err)
			}
			out[fmt.Sprintf("%s:%d", name, c.line)] = p
			for _, m := range p.appendLegal(nil) {
				out[fmt.Sprintf("%s:%d %s", name, c.line, m.UCI())] = p.after(m)
			}
		}
	}
	return out
}

func TestMoveGenMatchesNotnilPerftPositions(t *testing.T) {
	var stats diffStats
	positions := perftPositions(t)
	i := 0
	for _, where := range slices.Sorted(maps.Keys(positions)) {
		p := positions[where]
		i++
		if (raceDetector || testing.Short()) && i%10 != 0 {
			continue
		}
		d := readTexts
		if i%4 == 0 {
			d = readWrong
		}
		compareWithNotnil(t, &p, nil, func() string { return where }, d, &stats)
	}
	t.Log(&stats)
}

// compareTree compares every position of g's tree with notnil, and each
// node's SAN and repetition key with what the notnil path gives.
func compareTree(t *testing.T, g *Game, where func() string, depthOf func() depth, stats *diffStats) {
	var walk func(n *Node)
	walk = func(n *Node) {
		at := func() string { return fmt.Sprintf("%s, ply %d %s", where(), n.ply, n.san) }
		d := depthOf()
		if d != skipPosition {
			compareWithNotnil(t, &n.pos, n, at, d, stats)
		}
		if d != skipPosition && n.parent != nil {
			if want := n.parent.sanOf(n.parent.findChess(t, n.move)); n.san != want {
				t.Errorf("%s: SAN %q, notnil %q", at(), n.san, want)
			}
		}
		for _, c := range n.children {
			walk(c)
		}
	}
	walk(g.root)
}

// findChess returns notnil's legal move for m at n.
func (n *Node) findChess(t *testing.T, m Move) *chess.Move {
	cm, err := n.chessMove(m)
	if err != nil {
		t.Fatalf("%s: %s is not legal for notnil: %v", n.pos.FEN(), m.UCI(), err)
	}
	return cm
}

func edgeFiles(t *testing.T) []string {
	return shared.Glob(t, "pgn", "edge", "*.pgn")
}

func corpusFiles(t *testing.T) []string {
	return shared.Glob(t, "pgn", "corpus", "*.pgn")
}

func TestMoveGenMatchesNotnilEdgeFiles(t *testing.T) {
	var stats diffStats
	count := 0
	every := 10 // positions where texts naming no legal move are read too
	sample := 1 // positions compared
	if raceDetector || testing.Short() {
		every, sample = 200, 8
	}
	for _, f := range edgeFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		games, _ := ReadPGNWith(bytes.NewReader(data), nil)
		for i, g := range games {
			where := func() string { return fmt.Sprintf("%s game %d", filepath.Base(f), i+1) }
			compareTree(t, g, where, func() depth {
				count++
				switch {
				case count%sample != 0:
					return skipPosition
				case count%every == 0:
					return readWrong
				case count%2 == 0:
					return readTexts
				}
				return movesOnly
			}, &stats)
		}
	}
	t.Log(&stats)
}

// corpusSample is how many games of each corpus file the differential
// test compares with notnil, one in every corpusSample games.
func corpusSample() int {
	if raceDetector || testing.Short() {
		return 500
	}
	return 20
}

func TestMoveGenMatchesNotnilCorpusSample(t *testing.T) {
	var stats diffStats
	files := corpusFiles(t)
	var games int
	var mu sync.Mutex
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			rd := pgn.NewReader(bytes.NewReader(data))
			for number := 1; ; number++ {
				pg, err := rd.Next()
				if err == io.EOF {
					break
				}
				if err != nil || number%corpusSample() != 1 {
					continue
				}
				g, err := FromPGN(pg, nil)
				if err != nil {
					t.Errorf("game %d: %v", number, err)
					continue
				}
				mu.Lock()
				games++
				mu.Unlock()
				plies := 0
				where := func() string { return fmt.Sprintf("%s game %d", filepath.Base(f), number) }
				compareTree(t, g, where, func() depth {
					plies++
					switch {
					case plies%50 == 0:
						return readWrong
					case plies%10 == 0:
						return readTexts
					}
					return movesOnly
				}, &stats)
			}
		})
	}
	t.Cleanup(func() { t.Logf("%d games: %s", games, &stats) })
}

// readViaNotnil is FromPGN the way it was before this package had its
// own move generator: each move through notnil/chess, as live play does.
func readViaNotnil(pg *pgn.Game, now func() time.Time) (*Game, error) {
	return readGame(pg, now, func(pg *pgn.Game, g *Game) error { return g.replayNotnil(pg) },
		func(n *Node) bool { return len(n.Legal()) > 0 })
}

// replayNotnil builds g's tree from pg through notnil/chess.
func (g *Game) replayNotnil(pg *pgn.Game) error {
	pos, err := readStart(pg)
	if err != nil {
		return err
	}
	if err := g.setRoot(pos); err != nil {
		return gameError(pg, pg.Line, pg.Tag("FEN"), err)
	}
	g.root.after = pg.Comments
	if bad, err := g.addLineNotnil(g.root, pg.Moves); err != nil {
		return gameError(pg, bad.Line, bad.SAN, err)
	}
	return nil
}

// addLineNotnil adds the moves of a line after parent, with their
// variations, resolving each move through notnil/chess. It returns the
// move that could not be played, if any.
func (g *Game) addLineNotnil(parent *Node, moves []*pgn.Move) (*pgn.Move, error) {
	cur := parent
	for _, pm := range moves {
		if pm.SAN == "--" {
			return pm, ErrNullMove
		}
		cm, err := cur.resolve(pm.SAN)
		if err != nil {
			return pm, err
		}
		n := g.newChild(cur, cm)
		cur.children = append(cur.children, n)
		n.annotate(pm)
		for _, v := range pm.Variations {
			if bad, err := g.addLineNotnil(cur, v); err != nil {
				return bad, err
			}
		}
		if cur != parent {
			cur.forget()
		}
		cur = n
	}
	return nil, nil
}

// readBoth reads data with FromPGN and with the notnil path, and returns
// for each game its text as WritePGN writes it, or its error, both ways.
func readBoth(data []byte, keep func(number int) bool) (fast, slow []string) {
	now := func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }
	rd := pgn.NewReader(bytes.NewReader(data))
	for number := 1; ; number++ {
		pg, err := rd.Next()
		if err == io.EOF {
			break
		}
		if !keep(number) {
			continue
		}
		if err != nil {
			fast = append(fast, "syntax: "+err.Error())
			slow = append(slow, "syntax: "+err.Error())
			if pg == nil {
				break
			}
			continue
		}
		for _, viaNotnil := range []bool{false, true} {
			read := FromPGN
			if viaNotnil {
				read = readViaNotnil
			}
			text := ""
			g, err := read(pg, now)
			if err != nil {
				text = "error: " + err.Error()
			} else {
				var b bytes.Buffer
				if err := g.WritePGN(&b); err != nil {
					text = "write: " + err.Error()
				}
				text += b.String()
			}
			if viaNotnil {
				slow = append(slow, text)
			} else {
				fast = append(fast, text)
			}
		}
	}
	return fast, slow
}

// TestFastReplayMatchesNotnilCorpus reads every game of the corpus (one
// in fifty under -short or -race) with FromPGN and with the notnil path:
// both read every game and write it byte for byte the same.
func TestFastReplayMatchesNotnilCorpus(t *testing.T) {
	every := 1
	if raceDetector || testing.Short() {
		every = 50
	}
	var total, failed int
	var mu sync.Mutex
	t.Run("files", func(t *testing.T) {
		for _, f := range corpusFiles(t) {
			t.Run(filepath.Base(f), func(t *testing.T) {
				t.Parallel()
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				fast, slow := readBoth(data, func(n int) bool { return n%every == 0 })
				bad := 0
				for i := range fast {
					if strings.HasPrefix(fast[i], "error") || strings.HasPrefix(fast[i], "syntax") {
						bad++
						t.Errorf("game %d: %s", (i+1)*every, fast[i])
					}
					if fast[i] != slow[i] {
						t.Errorf("game %d reads differently:\n%s\n--- notnil path:\n%s", (i+1)*every, fast[i], slow[i])
					}
				}
				mu.Lock()
				total += len(fast)
				failed += bad
				mu.Unlock()
			})
		}
	})
	t.Logf("%d corpus games compared, %d failed", total, failed)
	if total == 0 {
		t.Error("no game compared")
	}
}

// TestFastReplayMatchesNotnilEdgeFiles reads the edge files both ways:
// the same games, the same texts, the same errors.
func TestFastReplayMatchesNotnilEdgeFiles(t *testing.T) {
	games := 0
	for _, f := range edgeFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fast, slow := readBoth(data, func(int) bool { return true })
		for i := range fast {
			if fast[i] != slow[i] {
				t.Errorf("%s game %d reads differently:\n%s\n--- notnil path:\n%s", filepath.Base(f), i+1, fast[i], slow[i])
			}
		}
		games += len(fast)
	}
	t.Logf("%d games of the edge files read both ways", games)
}

// replaySeeds are the positions FuzzReplay starts from: rich in
// castling, pins, en passant, promotions, checks and mates.
var replaySeeds = []string{
	StartFEN,
	kiwipete,
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
	"1k6/8/8/8/8/8/R7/RN2K1NR w K - 0 1",
	"4k3/8/8/3q1q2/8/3q1q2/8/4K3 b - - 0 1",
}

// FuzzReplay reads random move texts at random positions with the
// replay path (this package's generator) and with the notnil path: both
// accept or refuse the same texts, choose the same move, refuse with the
// same error, and write the same SAN.
func FuzzReplay(f *testing.F) {
	texts := []string{"e4", "Nf3", "O-O", "0-0-0", "exd6", "bxc6", "b5c6", "e8=Q", "axb8=N", "a7b8n", "Qxf7#", "Nbd7",
		"N1f3", "R1a3", "Raa3", "e1g1", "e1h1", "e1c1", "Kg1", "Qd5e4", "Qde4", "Q5e4", "Qdxe4", "h1=Q+", "e7e8",
		"a", "", "--", "Kxe2", "Z0", "e4!?", "Nf3+", "O-O#", "exd6e.p.", "g2g1", "g1=K", "P@e4", "Nc6-d4"}
	for i := range replaySeeds {
		for j, s := range texts {
			f.Add(uint8(i), uint8(j), s)
		}
	}
	f.Fuzz(func(t *testing.T, pick, walk uint8, text string) {
		p, err := ParseFEN(replaySeeds[int(pick)%len(replaySeeds)])
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < int(walk%8); i++ {
			moves := p.appendLegal(nil)
			if len(moves) == 0 {
				break
			}
			m := moves[(int(walk)*7+i*13)%len(moves)]
			p = p.after(m)
		}
		if spec, ok := parseSAN(text); ok {
			if full, ok := parseMove(text); !ok || full != spec {
				t.Fatalf("%q: parseSAN reads %+v, parseMove %+v (%v)", text, spec, full, ok)
			}
		}
		node := &Node{pos: p}
		cm, errOld := node.resolve(text)
		var r replayer
		m, errNew := r.read(&p, text)
		if (errOld == nil) != (errNew == nil) {
			t.Fatalf("%s, %q: replay path %v / %v, notnil path %v / %v", p.FEN(), text, m.UCI(), errNew, cm, errOld)
		}
		if errOld != nil {
			if errOld.Error() != errNew.Error() {
				t.Fatalf("%s, %q: errors differ:\n%v\n%v", p.FEN(), text, errNew, errOld)
			}
			return
		}
		if m != fromChess(cm) {
			t.Fatalf("%s, %q: replay path plays %s, notnil path %s", p.FEN(), text, m.UCI(), fromChess(cm).UCI())
		}
		if got, want := p.san(m), node.sanOf(cm); got != want {
			t.Fatalf("%s: SAN of %s: %q, notnil %q", p.FEN(), m.UCI(), got, want)
		}
	})
}

// read is resolve, finding the king itself.
func (r *replayer) read(p *Position, s string) (Move, error) {
	return r.resolve(p, s, p.KingSquare(p.Turn))
}

// BenchmarkOpenGameNotnil is BenchmarkOpenGame (bench_test.go) through
// the notnil path FromPGN took before this package had its own move
// generator, for comparison.
func BenchmarkOpenGameNotnil(b *testing.B) {
	data := []byte(typicalGameText)
	b.ReportAllocs()
	for b.Loop() {
		pg, err := pgn.ParseGame(data, 1, 0)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := readViaNotnil(pg, nil); err != nil {
			b.Fatal(err)
		}
	}
}
