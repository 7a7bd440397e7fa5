package engine

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// stockfish returns the installed Stockfish, skipping the test where there
// is none (make test installs it).
func stockfish(t testing.TB) string {
	t.Helper()
	path, err := Detect()
	if err != nil {
		t.Skip("Stockfish is not installed (make test installs it): ", err)
	}
	return path
}

// fakeEngine writes a shell script into a temporary directory and returns
// its path. The script is the body of a loop over the commands read, with
// $line the command; protocol answers "uci" and "isready" and ends on
// "quit" before the body runs.
func fakeEngine(t *testing.T, body string) string {
	t.Helper()
	script := `#!/bin/sh
while IFS= read -r line; do
	case "$line" in
	uci) echo "id name Fake"; echo "option name Threads type spin default 1 min 1 max 8"; echo "option name Hash type spin default 16 min 1 max 33554432"; echo uciok; continue ;;
	isready) echo readyok; continue ;;
	quit) exit 0 ;;
	esac
` + body + `
done
`
	return writeScript(t, script)
}

// writeScript writes an executable script and returns its path.
func writeScript(t *testing.T, script string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "engine")
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// children returns the process ids of this process's children, zombies
// included: a child not waited for stays listed.
func children(t testing.TB) []string {
	t.Helper()
	tasks, err := filepath.Glob("/proc/self/task/*/children")
	if err != nil || len(tasks) == 0 {
		t.Fatalf("cannot list the children of the test process: %v", err)
	}
	var pids []string
	for _, f := range tasks {
		data, err := os.ReadFile(f)
		if err != nil {
			continue // a thread that ended meanwhile
		}
		pids = append(pids, strings.Fields(string(data))...)
	}
	return pids
}

// noChildren fails the test if this process has a child left, running or
// a zombie.
func noChildren(t testing.TB) {
	t.Helper()
	if pids := children(t); len(pids) > 0 {
		var states []string
		for _, pid := range pids {
			stat, _ := os.ReadFile("/proc/" + pid + "/stat")
			states = append(states, strings.TrimSpace(string(stat)))
		}
		t.Fatalf("processes left behind: %q", states)
	}
}

// goroutines returns a check that the goroutines started since it was made
// have ended, waiting a little for those on their way out.
func goroutines(t testing.TB) func() {
	t.Helper()
	before := runtime.NumGoroutine()
	return func() {
		t.Helper()
		for range 500 {
			if runtime.NumGoroutine() <= before {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		buf := make([]byte, 1<<20)
		buf = buf[:runtime.Stack(buf, true)]
		t.Fatalf("%d goroutines before, %d after:\n%s", before, runtime.NumGoroutine(), buf)
	}
}

// clean checks, at the end of a test, that it left no process nor
// goroutine behind.
func clean(t *testing.T) {
	t.Helper()
	noChildren(t)
	check := goroutines(t)
	t.Cleanup(func() {
		check()
		noChildren(t)
	})
}

// updates collects a Live's updates, for a test to wait on.
type updates struct {
	ch chan Analysis
	n  atomic.Int64 // updates received
}

func newUpdates() *updates { return &updates{ch: make(chan Analysis, 10000)} }

func (u *updates) add(a Analysis) {
	u.n.Add(1)
	u.ch <- a
}

// waitFor returns the first update that ok accepts, failing the test if
// none comes in a while.
func (u *updates) waitFor(t *testing.T, what string, ok func(Analysis) bool) Analysis {
	t.Helper()
	timeout := time.After(60 * time.Second)
	for {
		select {
		case a := <-u.ch:
			if ok(a) {
				return a
			}
		case <-timeout:
			t.Fatalf("no update with %s", what)
		}
	}
}
