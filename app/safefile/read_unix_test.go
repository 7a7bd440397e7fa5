//go:build unix

package safefile_test

import (
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/safefile"
)

// openWithin runs OpenRead(path) and fails the test if it has not
// returned after a bound far beyond any real open: a named pipe must not
// make it wait for a writer.
func openWithin(t *testing.T, path string) (*os.File, error) {
	t.Helper()
	type result struct {
		f   *os.File
		err error
	}
	done := make(chan result, 1)
	go func() {
		f, err := safefile.OpenRead(path)
		done <- result{f, err}
	}()
	select {
	case r := <-done:
		if r.f != nil {
			t.Cleanup(func() { r.f.Close() })
		}
		return r.f, r.err
	case <-time.After(10 * time.Second):
		// Unblock the open left waiting, so that the test ends.
		if w, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		t.Fatalf("OpenRead(%s) still waits after 10 s", path)
		return nil, nil
	}
}

func TestOpenReadRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.pgn")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "s.pgn")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	linkToFIFO := filepath.Join(dir, "link.pgn")
	if err := os.Symlink(fifo, linkToFIFO); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]safefile.Kind{
		fifo:        safefile.KindPipe,
		linkToFIFO:  safefile.KindPipe,
		sock:        safefile.KindSocket,
		"/dev/zero": safefile.KindDevice,
		"/dev/null": safefile.KindDevice,
		dir:         safefile.KindFolder,
	} {
		if _, err := os.Stat(path); err != nil {
			t.Logf("%s: %v", path, err)
			continue
		}
		f, err := openWithin(t, path)
		var nr *safefile.NotRegularError
		if !errors.As(err, &nr) || nr.Kind != want || nr.Path != path || f != nil {
			t.Errorf("OpenRead(%s) = %v, %v; want a *NotRegularError of kind %d", path, f, err, want)
		}
	}
}

func TestOpenReadReadsAFileAndALinkToOne(t *testing.T) {
	dir := t.TempDir()
	path := create(t, dir, "game.pgn", "1. e4 *\n", 0o644)
	link := filepath.Join(dir, "link.pgn")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, link} {
		f, err := openWithin(t, p)
		if err != nil {
			t.Fatalf("OpenRead(%s): %v", p, err)
		}
		if nonblocking(t, f) {
			t.Errorf("%s is left non-blocking", p)
		}
		data, err := io.ReadAll(f)
		if err != nil || string(data) != "1. e4 *\n" {
			t.Errorf("read %q, %v", data, err)
		}
	}
	if _, err := safefile.OpenRead(filepath.Join(dir, "none.pgn")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}

// nonblocking reports whether f's descriptor has O_NONBLOCK set.
func nonblocking(t *testing.T, f *os.File) bool {
	t.Helper()
	rc, err := f.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var flags uintptr
	var errno syscall.Errno
	rc.Control(func(fd uintptr) {
		flags, _, errno = syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0)
	})
	if errno != 0 {
		t.Fatal(errno)
	}
	return flags&syscall.O_NONBLOCK != 0
}
