package explore_test

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/explore"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/internal/shared"
)

// pgnExtract is where Debian installs pgn-extract.
const pgnExtract = "/usr/games/pgn-extract"

// corpusFile writes the whole corpus, copies times over, into one file in
// dir and returns its path.
func corpusFile(tb testing.TB, dir string, copies int) string {
	tb.Helper()
	files := shared.Glob(tb, "pgn", "corpus", "*.pgn")
	var corpus []byte
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		corpus = append(corpus, d...)
		corpus = append(corpus, '\n')
	}
	path := filepath.Join(dir, "corpus.pgn")
	out, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	for range copies {
		if _, err := out.Write(corpus); err != nil {
			tb.Fatal(err)
		}
	}
	if err := out.Close(); err != nil {
		tb.Fatal(err)
	}
	return path
}

// extractSeconds times pgn-extract -s, which replays and checks every
// move, on the file at path: the seconds on the clock and of processor
// time; -1 when it is not installed.
func extractSeconds(tb testing.TB, path string) (wall, cpu float64) {
	if _, err := os.Stat(pgnExtract); err != nil {
		tb.Logf("pgn-extract is not installed (%s): no comparison", pgnExtract)
		return -1, -1
	}
	start := time.Now()
	cmd := exec.Command(pgnExtract, "-s", "-o", os.DevNull, path)
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("pgn-extract: %v\n%s", err, out)
	}
	return time.Since(start).Seconds(), (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
}

// BenchmarkBuildCorpus builds the tree of the whole corpus (32,570
// games) in one file, and reports seconds per build, the positions, the
// heap the tree keeps, and the seconds of pgn-extract -s on the same
// file, timed once beside it. The processor seconds (cpu-s: of the
// build, all goroutines; pgn-extract-cpu-s) compare the work done even
// when other programs share the machine.
func BenchmarkBuildCorpus(b *testing.B) {
	path := corpusFile(b, b.TempDir(), 1)
	extract, extractCPU := extractSeconds(b, path)
	st, _ := os.Stat(path)
	b.SetBytes(st.Size())
	var tree *explore.Tree
	cpu := cpuTime()
	for b.Loop() {
		var err error
		if tree, err = explore.Build(context.Background(), path, nil); err != nil {
			b.Fatal(err)
		}
	}
	cpu = cpuTime() - cpu
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/build")
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/build")
	b.ReportMetric(float64(tree.Len())*float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(tree.Positions()), "positions")
	b.ReportMetric(float64(tree.Skipped()), "skipped")
	if extract >= 0 {
		b.ReportMetric(extract, "pgn-extract-s")
		b.ReportMetric(extractCPU, "pgn-extract-cpu-s")
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "heap-MB")
	runtime.KeepAlive(tree)
}

// queryFENs are positions queried by the benchmarks: the start, an
// opening position, and one deep in a game.
var queryFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
	"r1bqk2r/2ppbppp/p1n2n2/1p2p3/4P3/1B3N2/PPPP1PPP/RNBQR1K1 b kq - 1 7",
}

// BenchmarkMoves queries the tree of the corpus.
func BenchmarkMoves(b *testing.B) {
	tree, err := explore.Build(context.Background(), corpusFile(b, b.TempDir(), 1), nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, fen := range queryFENs {
		moves, err := tree.Moves(fen)
		if err != nil || len(moves) == 0 {
			b.Fatalf("Moves(%s) = %v, %v", fen, moves, err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		tree.Moves(queryFENs[i%len(queryFENs)])
	}
}

// BenchmarkGames lists the games of the start position of the corpus:
// the longest list.
func BenchmarkGames(b *testing.B) {
	tree, err := explore.Build(context.Background(), corpusFile(b, b.TempDir(), 1), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		tree.Games(queryFENs[0])
	}
}

// TestBigFile builds the tree of the corpus copied ECHIQUIER_BIG_COPIES
// times over (100: 3.26 million games, 2.3 GB) and logs the time, the
// peak memory of the process and the time of queries. It writes the
// file in ECHIQUIER_BIG_DIR (or the temporary directory) and needs as
// much free space; with ECHIQUIER_BIG_FILE, it writes the file there
// and keeps it, or reads it when it is there already (any PGN file: a
// file of different games that TestWriteDifferentGames wrote), for the
// next run. With ECHIQUIER_BIG_CACHE, a folder, the tree is kept there
// (BuildCached), and the size of its file and a second opening are
// logged too.
func TestBigFile(t *testing.T) {
	copies, _ := strconv.Atoi(os.Getenv("ECHIQUIER_BIG_COPIES"))
	if copies <= 0 {
		t.Skip("set ECHIQUIER_BIG_COPIES (100 for 3.26 million games, 2.3 GB of disk) to run it")
	}
	path := os.Getenv("ECHIQUIER_BIG_FILE")
	if _, err := os.Stat(path); path == "" || err != nil {
		dir := os.Getenv("ECHIQUIER_BIG_DIR")
		if dir == "" {
			dir = t.TempDir()
		} else {
			var err error
			if dir, err = os.MkdirTemp(dir, "big"); err != nil {
				t.Fatal(err)
			}
			defer os.RemoveAll(dir)
		}
		made := corpusFile(t, dir, copies)
		if path != "" {
			if err := os.Rename(made, path); err != nil {
				t.Fatal(err)
			}
			made = path
		}
		path = made
	}
	cache := os.Getenv("ECHIQUIER_BIG_CACHE")
	build := func() (*explore.Tree, error) {
		if cache != "" {
			return explore.BuildCached(context.Background(), path, cache, nil)
		}
		return explore.Build(context.Background(), path, nil)
	}
	start, cpu := time.Now(), cpuTime()
	tree, err := build()
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	t.Logf("built in %v (%v of processor time): %d games, %d skipped, %d positions; peak RSS %s", time.Since(start).Round(time.Millisecond), (cpuTime() - cpu).Round(time.Millisecond), tree.Len(), tree.Skipped(), tree.Positions(), peakRSS())
	queries(t, tree)
	if cache == "" {
		return
	}
	names, _ := filepath.Glob(filepath.Join(cache, "*.tree"))
	for _, n := range names {
		if st, err := os.Stat(n); err == nil {
			pgn, _ := os.Stat(path)
			t.Logf("kept in %s: %d bytes, %.1f %% of the PGN file", n, st.Size(), 100*float64(st.Size())/float64(pgn.Size()))
		}
	}
	start = time.Now()
	again, err := explore.LoadCached(path, cache)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	t.Logf("opened again from the cache in %v", time.Since(start).Round(time.Microsecond))
	queries(t, again)
}

// queries logs the time of the queries of queryFENs, and of the moves of
// positions reached by one game (their game replayed).
func queries(t *testing.T, tree *explore.Tree) {
	for _, fen := range queryFENs {
		start := time.Now()
		moves, err := tree.Moves(fen)
		took := time.Since(start)
		start = time.Now()
		games, err2 := tree.Games(fen)
		listed := time.Since(start)
		start = time.Now()
		_, err3 := tree.GameSet(fen)
		t.Logf("%s: %d moves in %v (%v), %d games listed in %v (%v), as a set in %v (%v)", fen, len(moves), took, err, len(games), listed, err2, time.Since(start), err3)
	}
	// Down the most played moves from the start, to a position of one
	// game, then on down its moves.
	fen := queryFENs[0]
	for ply := 0; ply < 40; ply++ {
		start := time.Now()
		moves, err := tree.Moves(fen)
		took := time.Since(start)
		if err != nil || len(moves) == 0 {
			break
		}
		if moves[0].Games == 1 || ply%10 == 9 {
			t.Logf("ply %d: %d moves (the first of %d games) in %v", ply, len(moves), moves[0].Games, took)
		}
		p, err := game.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		next := p.Play(uciMove(moves[0].UCI))
		fen = next.FEN()
	}
}

// peakRSS returns the peak resident memory of the process, as Linux
// reports it.
func peakRSS() string {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	data, _ := io.ReadAll(f)
	for line := range strings.SplitSeq(string(data), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "VmHWM:"))
		}
	}
	return "unknown"
}

// uciMove returns the move of uci ("e2e4", "e7e8q"), which must be
// well formed.
func uciMove(uci string) game.Move {
	from, _ := game.ParseSquare(uci[:2])
	to, _ := game.ParseSquare(uci[2:4])
	m := game.Move{From: from, To: to}
	if len(uci) == 5 {
		m.Promotion = map[byte]game.Kind{'q': game.Queen, 'r': game.Rook, 'b': game.Bishop, 'n': game.Knight}[uci[4]]
	}
	return m
}
