package engine

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/internal/shared"
)

// These tests run the real Stockfish, with one thread and a small hash:
// the machines that run them are shared.

func TestDetect(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "stockfish")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	if got, err := Detect(); got != fake || err != nil {
		t.Errorf("Detect() with stockfish on the PATH = %q, %v, want %q", got, err, fake)
	}
	t.Setenv("PATH", t.TempDir())
	got, err := Detect()
	if _, statErr := os.Stat(debianStockfish); statErr == nil {
		if got != debianStockfish || err != nil {
			t.Errorf("Detect() = %q, %v, want Debian's %s", got, err, debianStockfish)
		}
	} else if err != ErrNoEngine || !strings.Contains(err.Error(), "apt install stockfish") {
		t.Errorf("Detect() without an engine = %q, %v, want ErrNoEngine saying how to install one", got, err)
	}
}

func TestLiveStockfish(t *testing.T) {
	path := stockfish(t)
	clean(t)
	u := newUpdates()
	start := time.Now()
	l := NewLive(Settings{Path: path, Threads: 1, Hash: 16}, u.add)
	defer l.Close()

	// The start position: three different lines, in SAN, near equality.
	if err := l.SetPosition(game.StartFEN, nil); err != nil {
		t.Fatal(err)
	}
	// Lines of one iteration: while a new one runs, the best line may be
	// deeper than the others and start as one of them does.
	a := u.waitFor(t, "three lines at depth 10", func(a Analysis) bool {
		if a.Err != nil {
			t.Fatal(a.Err)
		}
		return len(a.Lines) == 3 && a.Depth >= 10 && a.Lines[1].Depth == a.Depth && a.Lines[2].Depth == a.Depth
	})
	firsts := map[string]bool{}
	for _, line := range a.Lines {
		if len(line.SAN) == 0 || len(line.SAN) != len(line.Moves) || line.Score.IsMate() || abs(line.Score.Centipawns) > 150 {
			t.Errorf("line %v %q in the start position", line.Score, line.SAN)
		}
		firsts[line.SAN[0]] = true
	}
	if len(firsts) != 3 || a.FEN != game.StartFEN || !strings.HasPrefix(a.Engine, "Stockfish") || a.Nodes == 0 {
		t.Errorf("analysis of the start position: %+v", a)
	}

	// A mate in one for White, then for Black: the score is from White's
	// side, the moves in SAN.
	for _, c := range []struct{ fen, best, score string }{
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#", "#1"},
		{"r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", "Ra1#", "#-1"},
	} {
		if err := l.SetPosition(c.fen, nil); err != nil {
			t.Fatal(err)
		}
		a = u.waitFor(t, "the mate in "+c.fen, func(a Analysis) bool {
			return a.FEN == c.fen && len(a.Lines) > 0 && a.Lines[0].Score.IsMate()
		})
		if best := a.Lines[0]; best.SAN[0] != c.best || best.Score.String() != c.score {
			t.Errorf("%s: best %q %v, want %s %s", c.fen, best.SAN, best.Score, c.best, c.score)
		}
	}

	// Moves after the FEN, and a stalemate: no line, a draw.
	if err := l.SetPosition(game.StartFEN, []string{"e2e4", "e7e5", "g1f3"}); err != nil {
		t.Fatal(err)
	}
	afterNf3 := "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
	a = u.waitFor(t, "the position after 2. Nf3", func(a Analysis) bool { return a.FEN == afterNf3 && len(a.Lines) == 3 })
	if m := a.Lines[0].Moves[0]; m.From.Rank() != 6 && m.From.Rank() != 7 {
		t.Errorf("best move %v after 2. Nf3 is not Black's", m)
	}
	stalemate := "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
	if err := l.SetPosition(stalemate, nil); err != nil {
		t.Fatal(err)
	}
	a = u.waitFor(t, "the stalemate", func(a Analysis) bool { return a.FEN == stalemate && len(a.Lines) > 0 })
	if s := a.Lines[0]; s.Score.String() != "0.00" || len(s.Moves) != 0 {
		t.Errorf("stalemate: %v %q", s.Score, s.SAN)
	}

	// Bad positions are refused, without stopping the analysis.
	if err := l.SetPosition("not a fen", nil); err == nil {
		t.Error("a bad FEN accepted")
	}
	if err := l.SetPosition(game.StartFEN, []string{"e2e5"}); err == nil {
		t.Error("an illegal move accepted")
	}
	if err := l.SetPosition(game.StartFEN, []string{"d2d4"}); err != nil {
		t.Fatal(err)
	}
	u.waitFor(t, "lines after 1. d4", func(a Analysis) bool { return len(a.Lines) == 3 && a.Lines[0].Depth > 5 })
	l.Close()

	// At most ten updates a second, all told.
	elapsed := time.Since(start)
	if n, most := u.n.Load(), int64(elapsed/minInterval)+1; n > most {
		t.Errorf("%d updates in %v: more than ten a second", n, elapsed)
	}
}

func abs(v int) int { return max(v, -v) }

func TestUpdateRate(t *testing.T) {
	path := stockfish(t)
	clean(t)
	var times []time.Time
	done := make(chan struct{})
	l := NewLive(Settings{Path: path, Threads: 1, Hash: 16}, func(Analysis) {
		times = append(times, time.Now())
		if len(times) == 12 {
			close(done)
		}
	})
	defer l.Close()
	if err := l.SetPosition(game.StartFEN, nil); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("not twelve updates in a minute")
	}
	l.Close()
	// The engine writes hundreds of lines in its first second: without a
	// limit, twelve updates would take a few milliseconds.
	if span := times[11].Sub(times[0]); span < 11*minInterval-minInterval/2 {
		t.Errorf("twelve updates in %v: more than ten a second", span)
	}
}

func TestWholeGameStockfish(t *testing.T) {
	path := stockfish(t)
	clean(t)
	// The scholar's mate: 3... Nf6?? allows mate in one.
	g := newGame(t, "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#")
	var progress []Progress
	done := make(chan struct{})
	var r Result
	var err error
	s := Settings{Path: path, Threads: 1, Hash: 16, MoveTime: 100 * time.Millisecond}
	if err := AnalyseGame(context.Background(), s, g, func(p Progress) { progress = append(progress, p) }, func(res Result, e error) {
		r, err = res, e
		close(done)
	}); err != nil {
		t.Fatal(err)
	}
	<-done
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Moves) != 7 || len(progress) == 0 || progress[len(progress)-1] != (Progress{Done: 8, Total: 8}) {
		t.Fatalf("%d moves analysed, progress %v", len(r.Moves), progress)
	}
	nf6 := r.Moves[5]
	if nf6.Judgement != Blunder || nf6.Eval.String() != "#1" || len(nf6.BestSAN) == 0 || nf6.BestSAN[0] == "Nf6" {
		t.Errorf("3... Nf6: %v %v, best %q", nf6.Judgement, nf6.Eval, nf6.BestSAN)
	}
	if last := r.Moves[6]; last.Eval.PGN() != "#0" || last.Judgement != Good {
		t.Errorf("4. Qxf7#: %v %v", last.Eval, last.Judgement)
	}
	if qh5 := r.Moves[2]; qh5.Eval.IsMate() || qh5.SAN != "Qh5" {
		t.Errorf("2. Qh5: %v", qh5.Eval)
	}
	if err := Apply(g, r); err != nil {
		t.Fatal(err)
	}
	text := pgnText(t, g)
	games, err := game.ReadPGN(strings.NewReader(text))
	if err != nil || len(games) != 1 {
		t.Fatalf("reading back: %v", err)
	}
	for i, evals := range evalsOf(games[0]) {
		if len(evals) != 1 {
			t.Errorf("read back, ply %d: evaluations %q", i+1, evals)
		}
	}
	back := games[0].MainLine()
	if nags := back[5].NAGs(); !equalInts(nags, []int{4}) || len(back[4].Children()) != 2 {
		t.Errorf("read back, 3... Nf6: NAGs %v, %d moves after 3. Bc4\n%s", nags, len(back[4].Children()), text)
	}
	// The writer may break a line inside a comment: "{[%eval\n#0]}",
	// where the engine's lines before it are long enough.
	if !regexp.MustCompile(`Qxf7#\s+\{\[%eval\s+#0\]\}`).MatchString(text) {
		t.Errorf("no [%%eval #0] after the mate:\n%s", text)
	}
	pgnExtractAccepts(t, text)
}

func TestCloseAtOnce(t *testing.T) {
	path := stockfish(t)
	clean(t)
	// Closed before the engine has even answered "uci", or in the middle
	// of a search.
	l := NewLive(Settings{Path: path, Threads: 1, Hash: 16}, func(a Analysis) {
		if a.Err != nil {
			t.Error(a.Err)
		}
	})
	l.Close()
	l.Close()
	u := newUpdates()
	l = NewLive(Settings{Path: path, Threads: 1, Hash: 16}, u.add)
	if err := l.SetPosition(game.StartFEN, nil); err != nil {
		t.Fatal(err)
	}
	u.waitFor(t, "a line", func(a Analysis) bool { return len(a.Lines) > 0 })
	l.Close()
	if err := l.SetPosition(game.StartFEN, []string{"e2e4"}); err != nil {
		t.Fatal(err)
	}
}

// TestWholeGameTime measures a whole-game analysis of a 40-move game at
// 0.2 s per move, with the engine's default threads, when
// ECHIQUIER_ENGINE_TIME is set: it takes some 16 s, too long for every
// run.
func TestWholeGameTime(t *testing.T) {
	if os.Getenv("ECHIQUIER_ENGINE_TIME") == "" {
		t.Skip("a measurement: set ECHIQUIER_ENGINE_TIME=1 to run it")
	}
	path := stockfish(t)
	g := fortyMoves(t)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var engineRSS string
	done := make(chan error, 1)
	start := time.Now()
	s := Settings{Path: path, MoveTime: 200 * time.Millisecond}
	var first, last time.Time
	var firstDone, lastDone int
	err := AnalyseGame(context.Background(), s, g, func(p Progress) {
		if first.IsZero() {
			first, firstDone = time.Now(), p.Done
		}
		last, lastDone = time.Now(), p.Done
		if p.Done == 40 {
			engineRSS = rssOfChildren(t)
		}
	}, func(r Result, err error) {
		if err == nil && len(r.Moves) != 80 {
			t.Errorf("%d moves analysed", len(r.Moves))
		}
		done <- err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	budget := 80 * s.MoveTime
	t.Logf("40 moves (81 positions) at %v a move, %d threads: %v; overhead over 80 × %v: %v (%.1f%%)",
		s.MoveTime, DefaultThreads(), elapsed.Round(time.Millisecond), s.MoveTime,
		(elapsed - budget).Round(time.Millisecond), 100*float64(elapsed-budget)/float64(budget))
	t.Logf("engine started and first position analysed in %v; then %v a position",
		first.Sub(start).Round(time.Millisecond), (last.Sub(first) / time.Duration(lastDone-firstDone)).Round(time.Millisecond))
	t.Logf("this process: %d KB allocated during the analysis, %d mallocs; engine: %s",
		(after.TotalAlloc-before.TotalAlloc)>>10, after.Mallocs-before.Mallocs, engineRSS)
}

// fortyMoves returns the first 40 moves of the first long game of the
// corpus.
func fortyMoves(t *testing.T) *game.Game {
	t.Helper()
	f, err := os.Open(shared.Path(t, "pgn", "corpus", "Fischer.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, _ := game.ReadPGN(f)
	for _, src := range games {
		line := src.MainLine()
		if len(line) < 80 {
			continue
		}
		g := newGame(t, "")
		for _, n := range line[:80] {
			if err := g.PlayMove(n.Move()); err != nil {
				t.Fatal(err)
			}
		}
		return g
	}
	t.Fatal("no game of 40 moves in the corpus")
	return nil
}

// rssOfChildren returns the resident memory of this process's children.
func rssOfChildren(t *testing.T) string {
	var out []string
	for _, pid := range children(t) {
		status, _ := os.ReadFile("/proc/" + pid + "/status")
		for _, line := range strings.Split(string(status), "\n") {
			if strings.HasPrefix(line, "VmRSS:") {
				out = append(out, strings.Join(strings.Fields(line)[1:], " "))
			}
		}
	}
	return strings.Join(out, ", ")
}

func TestStockfishRefusesHash(t *testing.T) {
	path := stockfish(t)
	// Only where the kernel refuses an allocation larger than the
	// machine's memory: where it grants any, Stockfish would take it.
	mode, err := os.ReadFile("/proc/sys/vm/overcommit_memory")
	if err != nil || (strings.TrimSpace(string(mode)) != "0" && strings.TrimSpace(string(mode)) != "2") {
		t.Skip("the kernel may grant Stockfish a hash table larger than memory")
	}
	clean(t)
	// Stockfish's largest hash table, 32 TB, given past Settings' bound:
	// it says why it cannot, on its standard error, and exits.
	p, err := startProc(path, DefaultTimeout)
	if err != nil {
		t.Fatal(err)
	}
	defer p.close()
	err = p.handshake(nil, Settings{Threads: 1, Hash: 33554432}, 1)
	wantError(t, err, Crashed, "exit status 1", `saying "Failed to allocate 33554432MB for transposition table."`)
}

func TestMaxHash(t *testing.T) {
	meminfo := "MemTotal:       24684084 kB\nMemFree:        1000 kB\n"
	if total, ok := parseMemTotal(meminfo); !ok || total != 24684084<<10 {
		t.Errorf("parseMemTotal = %d, %v", total, ok)
	}
	for _, bad := range []string{"", "MemFree: 1000 kB\n", "MemTotal: 12 MB\n", "MemTotal: x kB\n", "MemTotal: 0 kB\n"} {
		if total, ok := parseMemTotal(bad); ok {
			t.Errorf("parseMemTotal(%q) = %d", bad, total)
		}
	}
	for total, want := range map[uint64]int{
		24684084 << 10: 12052, // half of 23.5 GB
		1 << 20:        1,     // a megabyte: at least 1
		1 << 40:        maxHash,
	} {
		if got := hashBound(total); got != want {
			t.Errorf("hashBound(%d) = %d, want %d", total, got, want)
		}
	}

	// On this machine: half its memory at most, and Settings cut to it.
	bound := MaxHash()
	if data, err := os.ReadFile("/proc/meminfo"); err == nil {
		total, _ := parseMemTotal(string(data))
		if uint64(bound)<<20 > total/2 || bound < 1 {
			t.Errorf("MaxHash() = %d MB on a machine of %d MB", bound, total>>20)
		}
	}
	s, err := Settings{Path: "/bin/true", Hash: 1 << 30}.withDefaults()
	if err != nil || s.Hash != bound {
		t.Errorf("a hash of %d MB set to %d, %v; want MaxHash(), %d", 1<<30, s.Hash, err, bound)
	}
	if s, _ := (Settings{Path: "/bin/true", Hash: 16}).withDefaults(); s.Hash != 16 {
		t.Errorf("a hash of 16 MB set to %d", s.Hash)
	}
}
