package engine

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

// These tests look at the processes an engine leaves, in /proc.

// childEnv names the engine a re-executed test binary analyses with: see
// TestMain.
const childEnv = "ECHIQUIER_ENGINE_TEST_CHILD"

func TestMain(m *testing.M) {
	if path := os.Getenv(childEnv); path != "" {
		liveChild(path)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// liveChild is a program analysing with the engine at path: it says
// "searching" on its output once the engine searches, then waits to be
// killed.
func liveChild(path string) {
	started := make(chan struct{}, 1)
	l := NewLive(Settings{Path: path, Timeout: 5 * time.Second}, func(a Analysis) {
		if a.Err != nil {
			fmt.Fprintln(os.Stderr, a.Err)
			os.Exit(2)
		}
		select {
		case started <- struct{}{}:
		default:
		}
	})
	if err := l.SetPosition(game.StartFEN, nil); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	<-started
	fmt.Println("searching")
	// Blocked until killed: a read, not a select{}, which the runtime
	// would call a deadlock.
	_, _ = io.Copy(io.Discard, os.Stdin)
}

// pidScript writes an engine script whose first line writes its process
// id into a file, and returns the script's path and a function that
// reads the id, waiting for it a little.
func pidScript(t *testing.T, body string) (string, func() int) {
	t.Helper()
	pidFile := filepath.Join(t.TempDir(), "pid")
	path := writeScript(t, "#!/bin/sh\necho $$ > "+pidFile+".tmp && mv "+pidFile+".tmp "+pidFile+"\n"+body)
	return path, func() int {
		t.Helper()
		for range 500 {
			if data, err := os.ReadFile(pidFile); err == nil {
				pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
				if err != nil {
					t.Fatalf("pid file %q: %v", data, err)
				}
				return pid
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatal("the engine did not write its process id")
		return 0
	}
}

// stubbornLoop is the body of an engine that answers "uci" and
// "isready", ignores "quit", and stays at the end of its input.
const stubbornLoop = `trap '' TERM HUP INT
while IFS= read -r line; do
	case "$line" in
	uci) echo "id name Stubborn"; echo uciok ;;
	isready) echo readyok ;;
	esac
done
exec sleep 600
`

// procStat is what /proc/<pid>/stat says of a process: its state
// ('Z' for a zombie) and its process group.
type procStat struct {
	state byte
	pgrp  int
}

// readStat reads /proc/<pid>/stat; false when there is no such process.
func readStat(pid string) (procStat, bool) {
	data, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return procStat{}, false
	}
	// The command's name, in parentheses, may hold spaces: the fields
	// that follow come after the last ')'.
	i := strings.LastIndexByte(string(data), ')')
	if i < 0 {
		return procStat{}, false
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 3 {
		return procStat{}, false
	}
	pgrp, _ := strconv.Atoi(f[2])
	return procStat{state: f[0][0], pgrp: pgrp}, true
}

// alive reports whether the process pid runs: not gone, not a zombie.
func alive(pid int) bool {
	st, ok := readStat(strconv.Itoa(pid))
	return ok && st.state != 'Z'
}

// groupAlive returns the processes of the group pgid that run, zombies
// left out.
func groupAlive(t *testing.T, pgid int) []string {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		if st, ok := readStat(e.Name()); ok && st.pgrp == pgid && st.state != 'Z' {
			cmd, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline")
			out = append(out, e.Name()+" "+strings.ReplaceAll(string(cmd), "\x00", " "))
		}
	}
	return out
}

// groupLeft returns the processes of the group pgid that still run after
// a moment: a process killed is gone only once the kernel has ended it,
// a little after the kill.
func groupLeft(t *testing.T, pgid int) []string {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for {
		left := groupAlive(t, pgid)
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// killLeftGroup kills, at the end of the test, what is left of the
// process group pgid, should the test fail: nothing is left otherwise.
func killLeftGroup(t *testing.T, pgid int) {
	t.Cleanup(func() {
		if len(groupAlive(t, pgid)) > 0 {
			_ = syscall.Kill(-pgid, syscall.SIGKILL)
		}
	})
}

// waitGone waits, a little, for l's engine to be gone.
func waitGone(t *testing.T, l *Live) {
	t.Helper()
	select {
	case <-l.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the engine is not gone 5 s after Close")
	}
}

func TestCloseReturnsAtOnce(t *testing.T) {
	clean(t)
	// An engine that ignores "quit" and the end of its input: Close, on
	// the window's goroutine, must not wait the half second it is given
	// before it is killed.
	path, pid := pidScript(t, stubbornLoop)
	u := newUpdates()
	l := NewLive(Settings{Path: path, Timeout: 5 * time.Second}, u.add)
	defer l.Close()
	if err := l.SetPosition(game.StartFEN, nil); err != nil {
		t.Fatal(err)
	}
	u.waitFor(t, "the search's start", func(a Analysis) bool {
		if a.Err != nil {
			t.Fatal(a.Err)
		}
		return true
	})
	engine := pid()
	start := time.Now()
	l.Close()
	if took := time.Since(start); took >= quitGrace/5 {
		t.Errorf("Close took %v, with an engine given %v to quit", took, quitGrace)
	}
	waitGone(t, l)
	if alive(engine) {
		t.Errorf("the engine %d runs after Done", engine)
	}
	select {
	case a := <-u.ch:
		t.Errorf("an update after Close: %+v", a)
	default:
	}
}

func TestHelpersEnd(t *testing.T) {
	clean(t)
	// An engine that quits when told, leaving a helper it started.
	path, pid := pidScript(t, `sleep 300 &
while IFS= read -r line; do
	case "$line" in
	uci) echo "id name Helped"; echo uciok ;;
	isready) echo readyok ;;
	quit) exit 0 ;;
	esac
done
`)
	u := newUpdates()
	l := NewLive(Settings{Path: path, Timeout: 5 * time.Second}, u.add)
	defer l.Close()
	if err := l.SetPosition(game.StartFEN, nil); err != nil {
		t.Fatal(err)
	}
	u.waitFor(t, "the search's start", func(Analysis) bool { return true })
	pgid := pid()
	killLeftGroup(t, pgid)
	if len(groupAlive(t, pgid)) < 2 {
		t.Fatalf("the engine and its helper do not run: %q", groupAlive(t, pgid))
	}
	l.Close()
	waitGone(t, l)
	if left := groupLeft(t, pgid); len(left) > 0 {
		t.Errorf("processes of the engine's group left after Close: %q", left)
	}

	// The same in a whole-game analysis.
	_, err := gameError(t, path, short) // the engine never answers "go"
	wantError(t, err, Hung)
	pgid = pid()
	killLeftGroup(t, pgid)
	if left := groupLeft(t, pgid); len(left) > 0 {
		t.Errorf("processes of the whole-game engine's group left: %q", left)
	}
}

func TestEngineDiesWithProgram(t *testing.T) {
	clean(t)
	// A program analysing with an engine that ignores the end of its
	// input is killed: the engine must not run on.
	path, pid := pidScript(t, stubbornLoop)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+path)
	cmd.Stderr = os.Stderr
	if _, err := cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(out)
	if !lines.Scan() || lines.Text() != "searching" {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatalf("the program did not start its analysis: %q, %v", lines.Text(), lines.Err())
	}
	engine := pid()
	killLeftGroup(t, engine)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	deadline := time.Now().Add(5 * time.Second)
	for alive(engine) {
		if time.Now().After(deadline) {
			t.Fatalf("the engine %d runs 5 s after its program was killed: %q", engine, groupAlive(t, engine))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestEngineOutlivesThreads(t *testing.T) {
	clean(t)
	// The engine is killed when the thread that started it ends (see
	// proc.keep). Threads end while the engine runs: a goroutine that
	// returns locked to its thread ends it.
	path, pid := pidScript(t, stubbornLoop)
	u := newUpdates()
	l := NewLive(Settings{Path: path, Timeout: 5 * time.Second}, u.add)
	defer l.Close()
	if err := l.SetPosition(game.StartFEN, nil); err != nil {
		t.Fatal(err)
	}
	u.waitFor(t, "the search's start", func(Analysis) bool { return true })
	engine := pid()
	killLeftGroup(t, engine)
	for range 50 {
		done := make(chan struct{})
		go func() {
			defer close(done)
			runtime.LockOSThread()
			time.Sleep(time.Millisecond)
		}()
		<-done
	}
	time.Sleep(50 * time.Millisecond)
	if !alive(engine) {
		t.Fatal("the engine was killed when threads of the program ended")
	}
	l.Close()
	waitGone(t, l)
}
