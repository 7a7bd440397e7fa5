//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package autosave

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// The tests start this test binary again as an instance of the app that
// they kill: childEnv says what it does, and in which folder.
const (
	childEnv    = "AUTOSAVE_TEST_CHILD"
	childDirEnv = "AUTOSAVE_TEST_DIR"
	snapsEnv    = "AUTOSAVE_TEST_SNAPSHOTS"
	streamPlies = 200
	ackEvery    = 5
)

func TestMain(m *testing.M) {
	if mode := os.Getenv(childEnv); mode != "" {
		if err := child(mode, os.Getenv(childDirEnv), os.Getenv(snapsEnv)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	// What the tests give up goes to a Trash of their own, not the user's.
	data, err := os.MkdirTemp("", "autosave-test-data-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Setenv("XDG_DATA_HOME", data)
	code := m.Run()
	os.RemoveAll(data)
	os.Exit(code)
}

// trashed returns the text of the file the Trash holds as name, and
// whether it holds one.
func trashed(tb testing.TB, name string) (string, bool) {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join(os.Getenv("XDG_DATA_HOME"), "Trash", "files", name))
	return string(data), err == nil
}

// child is an instance that saves a game in dir and waits to be killed:
// "hold" saves it once, "stream" after every move, telling on stdout
// each time Flush has acknowledged a snapshot. The snapshots are read
// from snapsFile, played once by the parent: playing them in every child
// under the race detector would take most of the test's time.
func child(mode, dir, snapsFile string) error {
	s, err := Open(dir, Options{})
	if err != nil {
		return err
	}
	data, err := os.ReadFile(snapsFile)
	if err != nil {
		return err
	}
	snaps := bytes.Split(data, []byte{0})
	switch mode {
	case "hold":
		s.Save(snaps[11])
		if err := s.Flush(); err != nil {
			return err
		}
		fmt.Println("ready", s.Path())
	case "stream":
		for i, snap := range snaps {
			s.Save(snap)
			if (i+1)%ackEvery == 0 {
				if err := s.Flush(); err != nil {
					return err
				}
				fmt.Println("acked", i+1)
			}
		}
		fmt.Println("done")
	default:
		return fmt.Errorf("unknown child mode %q", mode)
	}
	// Blocked until killed: a read, not a select{}, which the runtime
	// would call a deadlock.
	io.Copy(io.Discard, os.Stdin)
	return nil
}

// instance is a child process saving in a folder.
type instance struct {
	cmd   *exec.Cmd
	lines *bufio.Scanner
}

func startInstance(t *testing.T, mode, dir, snapsFile string) *instance {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+mode, childDirEnv+"="+dir, snapsEnv+"="+snapsFile)
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
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
	})
	return &instance{cmd: cmd, lines: bufio.NewScanner(out)}
}

// line reads the next line the instance prints.
func (in *instance) line(t *testing.T) string {
	t.Helper()
	if !in.lines.Scan() {
		t.Fatalf("the instance stopped talking: %v", in.lines.Err())
	}
	return in.lines.Text()
}

// snapshotsFile writes the snapshots of streamPlies moves for the
// children, separated by NUL bytes, which PGN text never holds.
func snapshotsFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "snapshots")
	if err := os.WriteFile(path, bytes.Join(snapshots(t, streamPlies), []byte{0}), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func (in *instance) kill(t *testing.T) {
	t.Helper()
	if err := in.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	in.cmd.Wait()
}

func TestOrphanOfKilledInstance(t *testing.T) {
	dir := t.TempDir()
	in := startInstance(t, "hold", dir, snapshotsFile(t))
	path, ok := strings.CutPrefix(in.line(t), "ready ")
	if !ok || filepath.Dir(path) != dir {
		t.Fatalf("the instance saved at %q", path)
	}
	if list := mustOrphans(t, dir); len(list) != 0 {
		t.Fatalf("the autosave of a running instance is offered: %v", list)
	}
	in.kill(t)
	list := mustOrphans(t, dir)
	if len(list) != 1 || list[0].Path != path {
		t.Fatalf("after kill -9 the orphans are %v, want %s", list, path)
	}
	rec, err := list[0].Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Damaged || rec.Moves != 12 || rec.Game.Tag("White") != "Ann" {
		t.Errorf("loaded %d moves of %s, damaged %v (%v)", rec.Moves, rec.Game.Tag("White"), rec.Damaged, rec.Problem)
	}
}

func TestKillDuringSaves(t *testing.T) {
	snaps := snapshotsFile(t)
	for round := range 30 {
		dir := filepath.Join(t.TempDir(), strconv.Itoa(round))
		in := startInstance(t, "stream", dir, snaps)
		wait := 1 + rand.IntN(streamPlies/ackEvery)
		acked := 0
		for acked < wait {
			line := in.line(t)
			if line == "done" {
				break
			}
			n, err := strconv.Atoi(strings.TrimPrefix(line, "acked "))
			if err != nil {
				t.Fatalf("the instance said %q", line)
			}
			acked = n
		}
		in.kill(t)
		list := mustOrphans(t, dir)
		if len(list) != 1 {
			t.Fatalf("round %d: orphans %v after the kill", round, list)
		}
		data, err := os.ReadFile(list[0].Path)
		if err != nil {
			t.Fatal(err)
		}
		if got := pliesIn(t, data); got < acked {
			t.Fatalf("round %d: killed after %d moves were acknowledged, the autosave has %d", round, acked, got)
		}
		rec, err := list[0].Load(nil)
		if err != nil || rec.Damaged {
			t.Fatalf("round %d: load: %v, damaged %v (%v)", round, err, rec.Damaged, rec.Problem)
		}
	}
}
