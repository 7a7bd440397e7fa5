//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package autosave

import (
	"errors"
	"os"
	"syscall"
)

// createLocked creates the lock file of a new instance and locks it. A
// sweep by another instance may remove the file between its creation and
// its locking: the lock would then guard nothing, so errLockLost asks for
// another name.
func createLocked(path string) (*os.File, error) {
	// Read-only: a file open for writing would keep its file system from
	// being remounted read-only.
	f, err := os.OpenFile(path, os.O_RDONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err
	}
	if err := flock(f); err != nil {
		f.Close()
		os.Remove(path)
		return nil, errors.Join(errLockLost, err)
	}
	mine, err := f.Stat()
	if err == nil {
		var there os.FileInfo
		if there, err = os.Stat(path); err == nil && !os.SameFile(mine, there) {
			err = errLockLost
		}
	}
	if err != nil {
		f.Close()
		return nil, errors.Join(errLockLost, err)
	}
	return f, nil
}

// tryLock locks an existing lock file, without waiting: errHeld when a
// running instance holds it. Closing the file releases the lock.
func tryLock(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if err := flock(f); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// flock takes the exclusive advisory lock of f without waiting. The
// kernel releases it when the process ends, however it ends.
func flock(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch err {
		case nil:
			return nil
		case syscall.EINTR:
			continue
		case syscall.EWOULDBLOCK:
			return errHeld
		}
		return &os.PathError{Op: "flock", Path: f.Name(), Err: err}
	}
}

// syncDir makes the renames and removals in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	return errors.Join(err, d.Close())
}
