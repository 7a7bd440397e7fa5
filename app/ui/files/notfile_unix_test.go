//go:build unix

package files

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"fyne.io/fyne/v2/storage"
)

// pipe makes a named pipe in a folder of the test's and returns its path.
func pipe(t *testing.T, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// within runs do and fails the test if it has not returned after a bound
// far beyond any real open: a named pipe must not make the window wait
// for a writer. The pipe at path is then opened for writing and closed,
// which ends the wait, so that the test ends.
func within(t *testing.T, path string, do func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		do()
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		if w, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		<-done
		t.Fatalf("opening %s still waits after 10 s", filepath.Base(path))
	}
}

func TestOpeningAPipeSaysSoAndKeepsTheGame(t *testing.T) {
	// The window waited, frozen, for another program to write into the
	// pipe; at start, with the pipe as the argument, it did not appear.
	h := newHarness(t)
	h.Play("e2e4")
	path := pipe(t, "pipe.pgn")
	within(t, path, func() {
		if c := h.f.OpenPath(path); c != nil {
			t.Error("a collection was made of the pipe")
		}
	})
	h.WantDialog("Could not open pipe.pgn")
	h.WantDialog("It is a named pipe, not a file")
	h.WantDialog("The game on screen is unchanged.")
	if h.History() != "e4" || !h.s.Dirty() || h.s.Path() != "" {
		t.Errorf("the game changed: %q from %q", h.History(), h.s.Path())
	}
}

func TestAReaderFromAFileDialogOpensNothingUnread(t *testing.T) {
	// Fyne's open dialog opened the file chosen before the app was
	// told: a named pipe chosen there froze the window.
	newHarness(t) // the room's file readers are in place
	path := pipe(t, "pipe.pgn")
	within(t, path, func() {
		r, err := storage.Reader(storage.NewFileURI(path))
		if err != nil {
			t.Error(err)
			return
		}
		if r.URI().Path() != path {
			t.Errorf("the reader's URI is %s", r.URI())
		}
		r.Close()
	})
	// Read, it reads the file.
	file := filepath.Join(t.TempDir(), "game.pgn")
	os.WriteFile(file, []byte("1. e4 *\n"), 0o644)
	r, err := storage.Reader(storage.NewFileURI(file))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if data, err := io.ReadAll(r); string(data) != "1. e4 *\n" || err != nil {
		t.Errorf("read %q, %v", data, err)
	}
}
