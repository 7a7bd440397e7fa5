package engine

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

// These tests look at the processes an engine leaves, in /proc.

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
