//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package safefile

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// The lock is flock's: advisory, released by the kernel when the process
// ends.

func lock(path string, mode LockMode, wait time.Duration) (*os.File, error) {
	f, err := os.OpenFile(path, openMode(mode), 0o600)
	if err != nil {
		return nil, err
	}
	if wait > 0 {
		return flockWait(f, wait)
	}
	if err := flock(f, syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if mode == LockNew {
			// Another process's sweep holds the file just made.
			os.Remove(path)
			return nil, errors.Join(ErrLockLost, err)
		}
		return nil, err
	}
	return f, nil
}

// flockWait locks f, waiting at most wait.
func flockWait(f *os.File, wait time.Duration) (*os.File, error) {
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
		return nil, heldTooLong(wait)
	}
}

// flock applies the flock operation how to f: ErrLocked when another
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
			return ErrLocked
		}
		return &os.PathError{Op: "flock", Path: f.Name(), Err: err}
	}
}
