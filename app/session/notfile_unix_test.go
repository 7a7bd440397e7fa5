//go:build unix

package session_test

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/safefile"
)

// within runs do and fails the test if it has not returned after a bound
// far beyond any real open: a named pipe must not make the window wait
// for a writer. unblock is called then, so that the test can end.
func within(t *testing.T, what string, do func() error, unblock func()) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- do() }()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		unblock()
		<-done
		t.Fatalf("%s still waits after 10 s", what)
		return nil
	}
}

// writeOnce opens the named pipe at path for writing without waiting and
// closes it, which ends a read waiting on it.
func writeOnce(path string) func() {
	return func() {
		if w, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
	}
}

func TestOpenRefusesWhatIsNotAFileAtOnce(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.pgn")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "socket.pgn")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	for path, want := range map[string]safefile.Kind{
		fifo:        safefile.KindPipe,
		sock:        safefile.KindSocket,
		"/dev/zero": safefile.KindDevice,
		"/dev/null": safefile.KindDevice,
		dir:         safefile.KindFolder,
	} {
		f := newFixture(t, "")
		f.play("e2e4")
		f.rec.take()
		var c *collection.Collection
		err := within(t, "Open("+path+")", func() error {
			var err error
			c, err = f.s.Open(path)
			return err
		}, writeOnce(path))
		var fe *collection.FileError
		var nr *safefile.NotRegularError
		if c != nil || !errors.As(err, &fe) || !errors.As(err, &nr) || nr.Kind != want {
			t.Errorf("Open(%s) = %v, %v; want a *FileError of a *NotRegularError of kind %d", path, c, err, want)
		}
		if f.history() != "e4" || !f.s.Dirty() || f.rec.take() != 0 || len(f.queue) != 0 {
			t.Errorf("%s: the game on screen changed, or something was told: %q", path, f.history())
		}
	}
}

func TestAGameOfAFileReplacedByAPipeIsRefusedAtOnce(t *testing.T) {
	f := newFixture(t, "")
	path := filepath.Join(t.TempDir(), "games.pgn")
	os.WriteFile(path, []byte("[White \"A\"]\n\n1. d4 *\n\n[White \"B\"]\n\n1. c4 *\n"), 0o644)
	c, err := f.s.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	f.drain(c)
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
	err = within(t, "OpenGame of a pipe", func() error { return f.s.OpenGame(c, 1) }, writeOnce(path))
	if err == nil || f.history() != "" {
		t.Errorf("OpenGame = %v, game %q; want it refused", err, f.history())
	}
}
