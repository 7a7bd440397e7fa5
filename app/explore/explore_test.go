package explore_test

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/notnil/chess"

	"github.com/echiquier/echiquier/app/explore"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/internal/shared"
	"github.com/echiquier/echiquier/app/pgn"
)

// refMove is what the reference count knows of a move from a position.
type refMove struct {
	san                  string
	games, w, d, b, eloN int
	eloSum               int
}

// refPos is what the reference count knows of a position.
type refPos struct {
	fen   string
	games []int
	moves map[string]*refMove // by UCI
}

// reference counts the positions of the games of a file independently
// of the package: the games are found and numbered by the index the
// picker shows, their main-line moves come from game.FromPGN (which
// decides which games are readable), and the positions, their keys and
// the SAN of the moves come from notnil/chess. It returns the positions
// by key and the number of games skipped.
func reference(t *testing.T, path string, keep func(number int) bool) (map[string]*refPos, int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	x, err := pgn.BuildIndex(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	positions := map[string]*refPos{}
	skipped := 0
	for i := range x.Len() {
		number := i + 1
		pg, err := x.ReadGame(f, i)
		var g *game.Game
		if err == nil {
			g, err = game.FromPGN(pg, nil)
		}
		if err != nil {
			skipped++
			continue
		}
		if !keep(number) {
			continue
		}
		result := map[string]int{"1-0": 1, "1/2-1/2": 2, "0-1": 3}[pg.Tag("Result")]
		elo := [2]int{refElo(pg.Tag("WhiteElo")), refElo(pg.Tag("BlackElo"))}
		start := g.Root().Position()
		rootFEN := start.FEN()
		pos := &chess.Position{}
		if err := pos.UnmarshalText([]byte(rootFEN)); err != nil {
			t.Fatalf("game %d: notnil/chess refuses %s: %v", number, rootFEN, err)
		}
		seenPos, seenMove := map[string]bool{}, map[string]bool{}
		visit := func(pos *chess.Position) (string, *refPos) {
			key := refKey(pos)
			rp := positions[key]
			if rp == nil {
				rp = &refPos{fen: pos.String(), moves: map[string]*refMove{}}
				positions[key] = rp
			}
			if !seenPos[key] {
				seenPos[key] = true
				rp.games = append(rp.games, number)
			}
			return key, rp
		}
		for _, n := range g.MainLine() {
			key, rp := visit(pos)
			uci := n.Move().UCI()
			var cm *chess.Move
			for _, m := range pos.ValidMoves() {
				if m.String() == uci {
					cm = m
				}
			}
			if cm == nil {
				t.Fatalf("game %d: %s is not a legal move of %s for notnil/chess", number, uci, pos)
			}
			if !seenMove[key+" "+uci] {
				seenMove[key+" "+uci] = true
				rm := rp.moves[uci]
				if rm == nil {
					rm = &refMove{san: chess.AlgebraicNotation{}.Encode(pos, cm)}
					rp.moves[uci] = rm
				}
				rm.games++
				switch result {
				case 1:
					rm.w++
				case 2:
					rm.d++
				case 3:
					rm.b++
				}
				mover := 0
				if pos.Turn() == chess.Black {
					mover = 1
				}
				if elo[mover] > 0 {
					rm.eloN++
					rm.eloSum += elo[mover]
				}
			}
			pos = pos.Update(cm)
		}
		visit(pos)
	}
	return positions, skipped
}

// refKey is the first four fields of the FEN, with the en passant
// square only when a legal move captures there.
func refKey(pos *chess.Position) string {
	f := strings.Fields(pos.String())
	if f[3] != "-" {
		ep := "-"
		for _, m := range pos.ValidMoves() {
			if m.HasTag(chess.EnPassant) {
				ep = f[3]
			}
		}
		f[3] = ep
	}
	return strings.Join(f[:4], " ")
}

func refElo(tag string) int {
	n, err := strconv.Atoi(tag)
	if err != nil || n <= 0 || n > 4000 {
		return 0
	}
	return n
}

// compare checks the tree against the reference, for the positions of
// the reference.
func compare(t *testing.T, name string, tree *explore.Tree, ref map[string]*refPos) {
	t.Helper()
	errs := 0
	fail := func(format string, args ...any) {
		errs++
		if errs <= 10 {
			t.Errorf("%s: "+format, append([]any{name}, args...)...)
		}
	}
	// The positions of a game one after the other, as a user walks
	// them: a position of one game is answered by replaying its block of
	// games, which the tree keeps for the next positions (in the map's
	// order, the corpus took four times as long).
	positions := slices.SortedFunc(maps.Values(ref), func(a, b *refPos) int {
		return cmp.Or(cmp.Compare(a.games[0], b.games[0]), strings.Compare(a.fen, b.fen))
	})
	for _, rp := range positions {
		moves, err := tree.Moves(rp.fen)
		if err != nil {
			fail("Moves(%s): %v", rp.fen, err)
			continue
		}
		var want []string
		for uci, m := range rp.moves {
			avg := 0
			if m.eloN > 0 {
				avg = (m.eloSum + m.eloN/2) / m.eloN
			}
			want = append(want, fmt.Sprintf("%s %s %d %d/%d/%d elo %d×%d", uci, m.san, m.games, m.w, m.d, m.b, avg, m.eloN))
		}
		var got []string
		for i, m := range moves {
			got = append(got, fmt.Sprintf("%s %s %d %d/%d/%d elo %d×%d", m.UCI, m.SAN, m.Games, m.WhiteWins, m.Draws, m.BlackWins, m.AvgElo, m.Rated))
			if i > 0 && m.Games > moves[i-1].Games {
				fail("Moves(%s) not most played first: %v", rp.fen, moves)
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			fail("Moves(%s)\n got %v\nwant %v", rp.fen, got, want)
		}
		games, err := tree.Games(rp.fen)
		if err != nil || !slices.Equal(games, rp.games) {
			fail("Games(%s) = %v, %v; want %v", rp.fen, head(games), err, head(rp.games))
		}
		if n, err := tree.Count(rp.fen); err != nil || n != len(rp.games) {
			fail("Count(%s) = %d, %v; want %d", rp.fen, n, err, len(rp.games))
		}
	}
	if errs > 10 {
		t.Errorf("%s: %d differences in all", name, errs)
	}
}

func head(games []int) []int {
	if len(games) > 20 {
		return games[:20]
	}
	return games
}

// TestEdgeFiles: on each of the tricky files, every position, move,
// count, result, rating and game list agrees with the independent count,
// the tree has no other position, and the unreadable games are counted.
func TestEdgeFiles(t *testing.T) {
	files := shared.Glob(t, "pgn", "edge", "*.pgn")
	totalSkipped, totalPositions := 0, 0
	for _, path := range files {
		name := filepath.Base(path)
		tree, err := explore.Build(context.Background(), path, nil)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		ref, skipped := reference(t, path, func(int) bool { return true })
		compare(t, name, tree, ref)
		if tree.Positions() != len(ref) {
			t.Errorf("%s: %d positions, the reference has %d", name, tree.Positions(), len(ref))
		}
		if tree.Skipped() != skipped {
			t.Errorf("%s: %d games skipped, the reference skips %d", name, tree.Skipped(), skipped)
		}
		totalSkipped += skipped
		totalPositions += len(ref)
		tree.Close()
	}
	if totalSkipped == 0 || totalPositions < 1000 {
		t.Errorf("%d games skipped, %d positions: the edge files should have both", totalSkipped, totalPositions)
	}
}

// TestCorpusSample: on one game in 40 of the real-game corpus, gathered
// in one file, every position, move, count, result, rating and game
// list agrees with the independent count.
func TestCorpusSample(t *testing.T) {
	files := shared.Glob(t, "pgn", "corpus", "*.pgn")
	var sample []byte
	games := 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		x, err := pgn.BuildIndex(context.Background(), bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < x.Len(); i += 40 {
			e := x.Entry(i)
			sample = append(sample, data[e.Offset:e.Offset+e.Length]...)
			sample = append(sample, "\n\n"...)
			games++
		}
	}
	path := filepath.Join(t.TempDir(), "sample.pgn")
	if err := os.WriteFile(path, sample, 0o644); err != nil {
		t.Fatal(err)
	}
	tree, err := explore.Build(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	ref, skipped := reference(t, path, func(int) bool { return true })
	compare(t, "corpus sample", tree, ref)
	if tree.Len() != games || tree.Skipped() != skipped || tree.Positions() != len(ref) {
		t.Errorf("%d games, %d skipped, %d positions; the reference has %d, %d, %d",
			tree.Len(), tree.Skipped(), tree.Positions(), games, skipped, len(ref))
	}
}

// wholeCorpusEnv runs TestCorpusWhole.
const wholeCorpusEnv = "ECHIQUIER_WHOLE_CORPUS"

// TestCorpusWhole: on the whole corpus (32,570 games) in one file, every
// position, move, count, result, rating and game list agrees with the
// independent count. make test runs it without the race detector, under
// which notnil/chess's replay of every game would take many minutes.
func TestCorpusWhole(t *testing.T) {
	if os.Getenv(wholeCorpusEnv) == "" {
		t.Skipf("set %s=1 (make test does, without -race) to replay the whole corpus with notnil/chess", wholeCorpusEnv)
	}
	path := corpusFile(t, t.TempDir(), 1)
	tree, err := explore.Build(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	ref, skipped := reference(t, path, func(int) bool { return true })
	compare(t, "corpus", tree, ref)
	if tree.Skipped() != skipped || tree.Positions() != len(ref) {
		t.Errorf("%d games, %d skipped, %d positions; the reference skips %d and has %d positions",
			tree.Len(), tree.Skipped(), tree.Positions(), skipped, len(ref))
	}
	t.Logf("%d games, %d skipped, %d positions", tree.Len(), skipped, len(ref))
}
