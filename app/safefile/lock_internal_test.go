//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows

package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestLockIsHeldUntilClosed: a second holder is refused at once, or after
// its wait, until the first closes the file.
func TestLockIsHeldUntilClosed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	first, err := Lock(path, LockOrCreate, 0)
	if err != nil {
		t.Fatal(err)
	}
	if f, err := Lock(path, LockExisting, 0); !errors.Is(err, ErrLocked) {
		t.Fatalf("a held lock taken again: %v, %v", f, err)
	}
	if f, err := Lock(path, LockOrCreate, 20*time.Millisecond); !errors.Is(err, ErrLocked) {
		t.Fatalf("a held lock taken again after a wait: %v, %v", f, err)
	}
	// Released while the next one waits.
	got := make(chan error, 1)
	go func() {
		f, err := Lock(path, LockExisting, time.Minute)
		if err == nil {
			f.Close()
		}
		got <- err
	}()
	first.Close()
	if err := <-got; err != nil {
		t.Fatalf("the lock released was not taken: %v", err)
	}
}

// TestLockModes: LockExisting needs the file, LockNew needs it absent.
func TestLockModes(t *testing.T) {
	dir := t.TempDir()
	if _, err := Lock(filepath.Join(dir, "none"), LockExisting, 0); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("LockExisting of no file: %v", err)
	}
	path := filepath.Join(dir, "x.lock")
	f, err := Lock(path, LockNew, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := Lock(path, LockNew, 0); !errors.Is(err, fs.ErrExist) {
		t.Errorf("LockNew of a file that is there: %v", err)
	}
}

// TestLockLostWhenTheFileGoes: a file made by LockNew and removed before
// it was locked guards nothing.
func TestLockLostWhenTheFileGoes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := stillThere(f, path); err != nil {
		t.Fatalf("the file made is there: %v", err)
	}
	os.Remove(path)
	if err := stillThere(f, path); !errors.Is(err, ErrLockLost) {
		t.Errorf("a removed lock file: %v", err)
	}
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := stillThere(f, path); !errors.Is(err, ErrLockLost) {
		t.Errorf("a lock file made again by another: %v", err)
	}
}
