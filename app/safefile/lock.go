package safefile

import (
	"errors"
	"fmt"
	"os"
	"time"
)

// A lock file is held by one process at a time; the system releases it
// when the process ends, however it ends. Closing the file releases it
// sooner.

// LockMode says whether Lock may or must create the lock file.
type LockMode uint8

const (
	// LockExisting locks a file that must exist (fs.ErrNotExist).
	LockExisting LockMode = iota
	// LockOrCreate creates the file if need be.
	LockOrCreate
	// LockNew creates the file, which must not exist (fs.ErrExist).
	LockNew
)

var (
	// ErrLocked: another process holds the lock.
	ErrLocked = errors.New("another process holds the lock")
	// ErrLockLost: a lock file that Lock made was removed by another
	// process before it was locked, so the lock would guard nothing.
	ErrLockLost = errors.New("the lock file was removed before it was locked")
	// ErrNoLocks: this system has no lock that a process's end releases.
	ErrNoLocks = errors.New("this system has no lock files")
)

// Lock takes the lock file at path, waiting at most wait while another
// process holds it: with no wait, ErrLocked at once. A file that LockNew
// made and could not lock is removed.
func Lock(path string, mode LockMode, wait time.Duration) (*os.File, error) {
	f, err := lock(path, mode, wait)
	if err == nil && mode == LockNew {
		err = stillThere(f, path)
		if err != nil {
			f.Close()
		}
	}
	return f, err
}

// heldTooLong is the error of a lock that another process held for all
// of wait.
func heldTooLong(wait time.Duration) error {
	return fmt.Errorf("%w for over %v", ErrLocked, wait)
}

// openMode is the flags of os.OpenFile for a mode. The file is opened
// read-only: one open for writing would keep its file system from being
// remounted read-only.
func openMode(mode LockMode) int {
	switch mode {
	case LockOrCreate:
		return os.O_RDONLY | os.O_CREATE
	case LockNew:
		return os.O_RDONLY | os.O_CREATE | os.O_EXCL
	}
	return os.O_RDONLY
}

// stillThere reports ErrLockLost when the file f, made as path, is no
// longer the one at path.
func stillThere(f *os.File, path string) error {
	mine, err := f.Stat()
	if err != nil {
		return errors.Join(ErrLockLost, err)
	}
	there, err := os.Stat(path)
	if err != nil {
		return errors.Join(ErrLockLost, err)
	}
	if !os.SameFile(mine, there) {
		return ErrLockLost
	}
	return nil
}
