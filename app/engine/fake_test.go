package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

// The fake engines of these tests are shell scripts: each misbehaves in
// one way. Every test checks that the analysis ends with an error in
// words, and that neither a process nor a goroutine is left behind.

// short is the timeout of the tests of engines that hang: they wait it
// out on purpose. patient is that of engines that fail by themselves (a
// crash, an exit, a wrong answer): so long that only a test that goes
// wrong reaches it, however slow the machine.
const (
	short   = 300 * time.Millisecond
	patient = time.Minute
)

// liveError runs live analysis of the start position, then of the
// position after 1. e4, with the engine at path, and returns the error it
// ends with; timeout is the engine's (short or patient).
func liveError(t *testing.T, path string, timeout time.Duration) error {
	t.Helper()
	return liveErrorWith(t, Settings{Path: path, Timeout: timeout})
}

// liveErrorWith is liveError with the engine and settings s.
func liveErrorWith(t *testing.T, s Settings) error {
	t.Helper()
	u := newUpdates()
	l := NewLive(s, u.add)
	defer l.Close()
	if err := l.SetPosition(game.StartFEN, nil); err != nil {
		t.Fatal(err)
	}
	// The first update comes when the first search starts, or is the
	// error.
	a := u.waitFor(t, "a first update", func(Analysis) bool { return true })
	if a.Err == nil {
		if err := l.SetPosition(game.StartFEN, []string{"e2e4"}); err != nil {
			t.Fatal(err)
		}
		a = u.waitFor(t, "an error", func(a Analysis) bool { return a.Err != nil })
	}
	l.Close()
	select {
	case extra := <-u.ch:
		t.Fatalf("an update after the error: %+v", extra)
	default:
	}
	return a.Err
}

// gameError runs a whole-game analysis of a short game with the engine at
// path and returns the error it ends with and the moves analysed;
// timeout is the engine's (short or patient).
func gameError(t *testing.T, path string, timeout time.Duration) (Result, error) {
	t.Helper()
	g := newGame(t, "e4 e5 Nf3 Nc6")
	type outcome struct {
		r   Result
		err error
	}
	done := make(chan outcome, 2)
	s := Settings{Path: path, Timeout: timeout, MoveTime: 20 * time.Millisecond}
	if err := AnalyseGame(context.Background(), s, g, func(Progress) {}, func(r Result, err error) {
		done <- outcome{r, err}
	}); err != nil {
		t.Fatal(err)
	}
	select {
	case o := <-done:
		if o.err == nil {
			t.Fatal("the analysis ended without an error")
		}
		return o.r, o.err
	case <-time.After(60 * time.Second):
		t.Fatal("the analysis did not end")
	}
	return Result{}, nil
}

// newGame plays moves (SAN, space-separated) from the start position.
func newGame(t testing.TB, moves string) *game.Game {
	t.Helper()
	g, err := game.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range strings.Fields(moves) {
		if err := g.Move(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return g
}

// wantError checks an engine error's kind and that its text says what
// happened.
func wantError(t *testing.T, err error, kind ErrorKind, words ...string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T), want an *Error", err, err)
	}
	if e.Kind != kind {
		t.Fatalf("error kind %d (%v), want %d", e.Kind, err, kind)
	}
	for _, w := range words {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not say %q", err, w)
		}
	}
}

func TestCannotStart(t *testing.T) {
	clean(t)
	missing := t.TempDir() + "/no-engine"
	err := liveError(t, missing, patient)
	wantError(t, err, CannotStart, missing, "cannot be started", "no such file")
	notExec := writeScript(t, "#!/bin/sh\n")
	if err := os.Chmod(notExec, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = gameError(t, notExec, patient)
	wantError(t, err, CannotStart, "not an executable program")
}

func TestNeverAnswers(t *testing.T) {
	clean(t)
	// It neither reads its input nor quits: it must be killed.
	path := writeScript(t, "#!/bin/sh\nexec sleep 600\n")
	start := time.Now()
	err := liveError(t, path, short)
	wantError(t, err, NotAnEngine, path, "is not a UCI chess engine", `did not answer "uciok"`)
	_, err = gameError(t, path, short)
	wantError(t, err, NotAnEngine, `did not answer "uciok"`)
	t.Logf("two engines given up in %v", time.Since(start))
}

func TestOnlyGarbage(t *testing.T) {
	clean(t)
	// Endless output, none of it UCI, and a line longer than any kept.
	path := writeScript(t, `#!/bin/sh
printf '%070000d\n' 0
printf '\001\002\377\376 \033[2J\n'
while :; do echo "Welcome to my chess program! Type help."; done
`)
	err := liveError(t, path, short)
	wantError(t, err, NotAnEngine, `did not answer "uciok"`)
}

func TestExitsAtOnce(t *testing.T) {
	clean(t)
	path := writeScript(t, "#!/bin/sh\necho 'usage: engine FILE'\nexit 2\n")
	err := liveError(t, path, patient)
	wantError(t, err, NotAnEngine, "stopped before answering", "exit status 2")
}

func TestCrashMidAnalysis(t *testing.T) {
	clean(t)
	path := fakeEngine(t, `
	case "$line" in
	go*) echo "info depth 1 score cp 20 pv e2e4"; kill -SEGV $$ ;;
	esac`)
	err := liveError(t, path, patient)
	wantError(t, err, Crashed, "stopped during the analysis", "segmentation fault")
	r, err := gameError(t, path, patient)
	wantError(t, err, Crashed, "segmentation fault")
	if len(r.Moves) != 0 {
		t.Errorf("%d moves analysed by an engine that crashed on the first", len(r.Moves))
	}
}

func TestCrashLater(t *testing.T) {
	clean(t)
	// It analyses three positions, then crashes: the result keeps the two
	// moves between them.
	path := fakeEngine(t, `
	case "$line" in
	go*)
		n=$((n+1))
		if [ $n -gt 3 ]; then exit 3; fi
		echo "info depth 1 score cp $((n*10)) pv e2e4"; echo "bestmove e2e4" ;;
	esac`)
	r, err := gameError(t, path, patient)
	wantError(t, err, Crashed, "exit status 3")
	if len(r.Moves) != 2 || r.Moves[1].SAN != "e5" || r.Moves[1].Eval.Centipawns != 30 {
		t.Errorf("partial result %+v, want the first two moves, +0.30 after 1... e5", r.Moves)
	}
}

func TestHangsOnGo(t *testing.T) {
	clean(t)
	// It answers "uci" and "isready", then stops answering, and reading,
	// at its first search.
	path := fakeEngine(t, `
	case "$line" in
	go*) exec sleep 600 ;;
	esac`)
	err := liveError(t, path, short)
	wantError(t, err, Hung, "stopped answering", `no answer to "stop"`)
	_, err = gameError(t, path, short)
	wantError(t, err, Hung, `no answer to "go movetime"`)
}

func TestGarbageAmidAnswers(t *testing.T) {
	clean(t)
	// Among its answers: lines too long, binary, broken info lines, an
	// illegal move in its line of play. The analysis reads what makes
	// sense.
	path := fakeEngine(t, `
	case "$line" in
	go*)
		printf '%070000d\n' 0
		printf '\001\002\377\376\n'
		echo "info depth banana score cp"
		echo "info score mate"
		echo "info depth 3 multipv 0 score cp 99999999999999999999 pv e2e4"
		echo "info depth 5 seldepth 7 multipv 1 score cp 31 nodes 1000 nps 50000 time 20 pv e2e4 e7e5 e1e8 d2d4"
		echo "info depth 5 multipv 2 score cp 12 lowerbound pv d2d4"
		echo "bestmove e2e4" ;;
	stop) echo "bestmove e2e4" ;;
	esac`)
	u := newUpdates()
	l := NewLive(Settings{Path: path, Timeout: patient}, u.add)
	defer l.Close()
	if err := l.SetPosition(game.StartFEN, nil); err != nil {
		t.Fatal(err)
	}
	a := u.waitFor(t, "two lines", func(a Analysis) bool {
		if a.Err != nil {
			t.Fatal(a.Err)
		}
		return len(a.Lines) == 2
	})
	best := a.Lines[0]
	if got := strings.Join(best.SAN, " "); got != "e4 e5" || best.Score.String() != "+0.31" || best.Depth != 5 || best.SelDepth != 7 {
		t.Errorf("best line %q %v depth %d/%d, want e4 e5 (cut at the illegal move) +0.31 depth 5/7", got, best.Score, best.Depth, best.SelDepth)
	}
	if a.Lines[1].Score.String() != "≥+0.12" || a.Engine != "Fake" || a.Nodes != 1000 {
		t.Errorf("second line %v, engine %q, nodes %d", a.Lines[1].Score, a.Engine, a.Nodes)
	}
	l.Close()
}

func TestNoEvaluation(t *testing.T) {
	clean(t)
	path := fakeEngine(t, `
	case "$line" in
	go*) echo "bestmove e2e4" ;;
	esac`)
	_, err := gameError(t, path, patient)
	wantError(t, err, Garbled, "no evaluation of the position", game.StartFEN)
}

func TestCancelWholeGame(t *testing.T) {
	clean(t)
	// A slow engine: each search takes a second.
	path := fakeEngine(t, `
	case "$line" in
	go*) sleep 1; echo "info depth 1 score cp 0 pv e2e4"; echo "bestmove e2e4" ;;
	esac`)
	g := newGame(t, "e4 e5 Nf3 Nc6")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	if err := AnalyseGame(ctx, Settings{Path: path, MoveTime: time.Second}, g, func(Progress) {}, func(_ Result, err error) {
		done <- err
	}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled analysis ended with %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the cancelled analysis did not end")
	}
}

func TestNoMoves(t *testing.T) {
	g := newGame(t, "")
	err := AnalyseGame(context.Background(), Settings{Path: "/nonexistent"}, g, func(Progress) {}, func(Result, error) {
		t.Error("onDone called for a game refused")
	})
	if !errors.Is(err, ErrNoMoves) {
		t.Fatalf("AnalyseGame of a game without moves: %v", err)
	}
}

func TestEngineSaysWhy(t *testing.T) {
	clean(t)
	// An engine refusing a hash table larger than it can have, as
	// Stockfish does: its reason on its standard error, then exit 1.
	path := fakeEngine(t, `
	case "$line" in
	"setoption name Hash value "*)
		echo "Failed to allocate ${line##* }MB for transposition table." >&2
		exit 1 ;;
	esac`)
	s := Settings{Path: path, Hash: 48, Timeout: patient}
	err := liveErrorWith(t, s)
	wantError(t, err, Crashed, "exit status 1", "Failed to allocate 48MB for transposition table.")
	t.Log(err)

	// Its reason in an "info string", among its chatter, and a last word
	// that says nothing.
	path = fakeEngine(t, `
	case "$line" in
	go*)
		echo "info string NNUE evaluation using nn-ad9b42354671.nnue enabled"
		echo "info string ERROR: The network file nn-0000.nnue was not loaded successfully."
		echo "info string Goodbye"
		exit 1 ;;
	esac`)
	err = liveError(t, path, patient)
	wantError(t, err, Crashed, "exit status 1", `"ERROR: The network file nn-0000.nnue was not loaded successfully."`)
	if strings.Contains(err.Error(), "NNUE evaluation using") || strings.Contains(err.Error(), "Goodbye") {
		t.Errorf("error %q quotes lines that say nothing of the failure", err)
	}
	_, err = gameError(t, path, patient)
	wantError(t, err, Crashed, "not loaded successfully")

	// Before "uciok": a usage message on its standard error.
	path = writeScript(t, "#!/bin/sh\necho 'usage: engine [--fast] FILE' >&2\nexit 2\n")
	err = liveError(t, path, patient)
	wantError(t, err, NotAnEngine, "stopped before answering", "exit status 2", "usage: engine [--fast] FILE")
	t.Log(err)

	// A crash with nothing said: the signal alone, no stale words.
	path = fakeEngine(t, `
	case "$line" in
	go*) echo "info string hello" >&2; kill -SEGV $$ ;;
	esac`)
	err = liveError(t, path, patient)
	wantError(t, err, Crashed, "segmentation fault")
	if strings.Contains(err.Error(), "hello") {
		t.Errorf("error %q quotes a line that says nothing of the failure", err)
	}
}

// falseMateEngine returns an engine that says "mate 0", checkmate on the
// board, in every position: only at a checkmate is it true.
func falseMateEngine(t *testing.T) string {
	return fakeEngine(t, `
	case "$line" in
	go*movetime*)
		echo "info depth 1 score cp 20 pv e2e4"
		echo "info depth 2 score mate 0"
		echo "bestmove e2e4" ;;
	go*)
		echo "info depth 1 score cp 20 pv e2e4"
		echo "info depth 2 score mate 0"
		sleep 0.3
		echo "info depth 3 score cp 25 pv d2d4" ;;
	stop) echo "bestmove d2d4" ;;
	esac`)
}

func TestFalseMateZeroLive(t *testing.T) {
	clean(t)
	path := falseMateEngine(t)
	u := newUpdates()
	l := NewLive(Settings{Path: path, Timeout: 5 * time.Second}, u.add)
	defer l.Close()
	if err := l.SetPosition(game.StartFEN, nil); err != nil {
		t.Fatal(err)
	}
	u.waitFor(t, "the line at depth 3", func(a Analysis) bool {
		if a.Err != nil {
			t.Fatal(a.Err)
		}
		for _, line := range a.Lines {
			if line.Score.IsMate() {
				t.Fatalf("the start position shown as %v", line.Score)
			}
		}
		return a.Depth == 3
	})
	l.Close()
}

func TestFalseMateZeroWholeGame(t *testing.T) {
	clean(t)
	path := falseMateEngine(t)
	g := newGame(t, "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#")
	done := make(chan struct{})
	var r Result
	var err error
	s := Settings{Path: path, Timeout: 5 * time.Second, MoveTime: 10 * time.Millisecond}
	if err := AnalyseGame(context.Background(), s, g, func(Progress) {}, func(res Result, e error) {
		r, err = res, e
		close(done)
	}); err != nil {
		t.Fatal(err)
	}
	<-done
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range r.Moves {
		want := "0.20" // from White's side: +0.20 for the side to move
		if i%2 == 0 {
			want = "-0.20"
		}
		if m.SAN == "Qxf7#" {
			want = "#0" // the checkmate: here the engine is right
		}
		if got := m.Eval.PGN(); got != want {
			t.Errorf("move %d %s: [%%eval %s], want %s", i+1, m.SAN, got, want)
		}
	}
	if err := Apply(g, r); err != nil {
		t.Fatal(err)
	}
	if text := pgnText(t, g); strings.Count(text, "#0") != 1 {
		t.Errorf("#0 written after moves that do not mate:\n%s", text)
	}
}

// scripted is a fake engine whose answers the test writes as it goes:
// it offers the options in its file "options", answers "go" with the
// lines of its file "answer", and when that is empty, thinks until
// "stop", answered with the lines of "onstop" (nothing when a file is
// missing or empty). It logs every command it reads, once it has
// answered it.
type scripted struct {
	t    *testing.T
	dir  string
	path string
}

// newScripted writes a scripted engine offering options (UCI "option"
// lines).
func newScripted(t *testing.T, options string) *scripted {
	t.Helper()
	dir := t.TempDir()
	e := &scripted{t: t, dir: dir, path: filepath.Join(dir, "engine")}
	e.write("options", options)
	script := `#!/bin/sh
dir=$(dirname "$0")
thinking=
while IFS= read -r line; do
	case "$line" in
	uci) echo "id name Scripted 1.0"; cat "$dir/options"; echo uciok ;;
	isready) echo readyok ;;
	quit) echo "$line" >> "$dir/log"; exit 0 ;;
	go*) if [ -s "$dir/answer" ]; then cat "$dir/answer"; else thinking=1; fi ;;
	stop) if [ -n "$thinking" ]; then cat "$dir/onstop" 2>/dev/null; thinking=; fi ;;
	esac
	echo "$line" >> "$dir/log"
done
`
	if err := os.WriteFile(e.path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return e
}

// write sets one of the engine's files.
func (e *scripted) write(name, text string) {
	e.t.Helper()
	if err := os.WriteFile(filepath.Join(e.dir, name), []byte(text), 0o644); err != nil {
		e.t.Fatal(err)
	}
}

// answer has the engine answer "go" with an evaluation (centipawns, from
// the side to move) and a move.
func (e *scripted) answer(cp int, move string) {
	e.t.Helper()
	e.write("answer", fmt.Sprintf("info depth 7 score cp %d pv %s\nbestmove %s\n", cp, move, move))
}

// log returns the commands the engine has read.
func (e *scripted) log() []string {
	e.t.Helper()
	data, err := os.ReadFile(filepath.Join(e.dir, "log"))
	if err != nil && !os.IsNotExist(err) {
		e.t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}

// stockfishOptions are the options Stockfish 15.1 offers, as it lists
// them.
const stockfishOptions = `option name Debug Log File type string default 
option name Threads type spin default 1 min 1 max 1024
option name Hash type spin default 16 min 1 max 33554432
option name Clear Hash type button
option name Ponder type check default false
option name MultiPV type spin default 1 min 1 max 500
option name Skill Level type spin default 20 min 0 max 20
option name Move Overhead type spin default 10 min 0 max 5000
option name Slow Mover type spin default 100 min 10 max 1000
option name nodestime type spin default 0 min 0 max 10000
option name UCI_Chess960 type check default false
option name UCI_AnalyseMode type check default false
option name UCI_LimitStrength type check default false
option name UCI_Elo type spin default 1350 min 1350 max 2850
option name UCI_ShowWDL type check default false
option name SyzygyPath type string default <empty>
option name SyzygyProbeDepth type spin default 1 min 1 max 100
option name Syzygy50MoveRule type check default true
option name SyzygyProbeLimit type spin default 7 min 0 max 7
option name Use NNUE type check default true
option name EvalFile type string default nn-ad9b42354671.nnue
`

// replies collects an Opponent's replies, for a test to wait on.
type replies struct{ ch chan Reply }

func newReplies() *replies { return &replies{ch: make(chan Reply, 100)} }

func (r *replies) add(x Reply) { r.ch <- x }

// next returns the next reply, failing the test if none comes in a
// while.
func (r *replies) next(t *testing.T) Reply {
	t.Helper()
	select {
	case x := <-r.ch:
		return x
	case <-time.After(60 * time.Second):
		t.Fatal("no reply from the opponent")
	}
	return Reply{}
}
