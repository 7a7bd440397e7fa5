package safefile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// failMidway is a copyOver that writes half of src over dst, as a disk
// that fails in the middle of a rewrite does.
func failMidway(dst, src *os.File) error {
	info, err := src.Stat()
	if err != nil {
		return err
	}
	half := make([]byte, info.Size()/2)
	if _, err := src.ReadAt(half, 0); err != nil {
		return err
	}
	if _, err := dst.WriteAt(half, 0); err != nil {
		return err
	}
	return &fs.PathError{Op: "write", Path: dst.Name(), Err: syscall.EIO}
}

// hardLinked makes a file of content with a second name, and returns both.
func hardLinked(t *testing.T, content string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	path, other := filepath.Join(dir, "game.pgn"), filepath.Join(dir, "link.pgn")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(path, other); err != nil {
		t.Fatal(err)
	}
	return path, other
}

// wantFile fails unless path holds want.
func wantFile(t *testing.T, path, want string) {
	t.Helper()
	if got, err := os.ReadFile(path); err != nil || string(got) != want {
		t.Errorf("%s holds %.30q... (%v), want %.30q...", path, got, err, want)
	}
}

// temps returns the temporary files in the folder of path.
func temps(t *testing.T, path string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(filepath.Dir(path), ".*.tmp"))
	if err != nil {
		t.Fatal(err)
	}
	return names
}

func TestInPlaceFailureIsRestored(t *testing.T) {
	old := strings.Repeat("1. e4 e5 ", 1000)
	path, other := hardLinked(t, old)
	calls := 0
	s := saver{copyOver: func(dst, src *os.File) error {
		calls++
		if calls == 1 {
			return failMidway(dst, src)
		}
		return rewrite(dst, src)
	}}
	_, err := s.write(path, func(w io.Writer) error {
		_, err := io.WriteString(w, strings.Repeat("1. d4 d5 ", 3000))
		return err
	}, nil)
	var e *Error
	if !errors.As(err, &e) || !e.Unchanged || !e.restored || e.Kept != "" || !errors.Is(err, syscall.EIO) {
		t.Fatalf("error %#v, want EIO, unchanged, restored", err)
	}
	if !strings.Contains(e.Error(), "restored") {
		t.Errorf("error %q does not say the file was restored", e)
	}
	wantFile(t, path, old)
	wantFile(t, other, old)
	if tmp := temps(t, path); len(tmp) != 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
}

func TestInPlaceFailureNotRestoredKeepsCopy(t *testing.T) {
	old := strings.Repeat("1. e4 e5 ", 1000)
	path, _ := hardLinked(t, old)
	s := saver{copyOver: failMidway}
	_, err := s.write(path, func(w io.Writer) error {
		_, err := io.WriteString(w, strings.Repeat("1. d4 d5 ", 3000))
		return err
	}, nil)
	var e *Error
	if !errors.As(err, &e) || e.Unchanged || e.Kept == "" {
		t.Fatalf("error %#v, want the file changed and a copy kept", err)
	}
	if !strings.Contains(e.Error(), e.Kept) {
		t.Errorf("error %q does not name the copy", e)
	}
	wantFile(t, e.Kept, old)
	if tmp := temps(t, path); len(tmp) != 1 || tmp[0] != e.Kept {
		t.Errorf("temporary files %v, want only the copy %s", tmp, e.Kept)
	}
}
