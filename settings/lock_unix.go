//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package settings

import (
	"os"
	"syscall"
	"time"
)

// The lock file is held with flock, an advisory lock that the kernel
// releases when the process ends, however it ends.

// lockFile takes the lock file at path, creating it if need be, waiting
// at most wait for another process to release it. Closing the file
// releases the lock.
func lockFile(path string, wait time.Duration) (*os.File, error) {
	f, err := openLockFile(path)
	if err != nil {
		return nil, err
	}
	got := make(chan error, 1)
	go func() { got <- flock(f, syscall.LOCK_EX) }()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case err := <-got:
		if err != nil {
			f.Close()
			return nil, err
		}
		return f, nil
	case <-timer.C:
		// flock cannot be interrupted: the lock, if it comes, is
		// released at once.
		go func() {
			<-got
			f.Close()
		}()
		return nil, waitedTooLong(wait)
	}
}

// tryLockFile takes the lock file at path, creating it if need be, or
// returns errLocked at once when another process holds it. Closing the
// file releases the lock.
func tryLockFile(path string) (*os.File, error) {
	f, err := openLockFile(path)
	if err != nil {
		return nil, err
	}
	if err := flock(f, syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// openLockFile opens the lock file at path, creating it if need be.
func openLockFile(path string) (*os.File, error) {
	// Read-only: a file open for writing would keep its file system from
	// being remounted read-only.
	return os.OpenFile(path, os.O_RDONLY|os.O_CREATE, 0o600)
}

// flock applies the flock operation how to f: errLocked when another
// process holds the lock and how does not wait.
func flock(f *os.File, how int) error {
	for {
		err := syscall.Flock(int(f.Fd()), how)
		switch err {
		case nil:
			return nil
		case syscall.EINTR:
			continue
		case syscall.EWOULDBLOCK:
			return errLocked
		}
		return &os.PathError{Op: "flock", Path: f.Name(), Err: err}
	}
}
