//go:build windows

package settings

import (
	"os"
	"syscall"
	"time"
)

// errSharingViolation is ERROR_SHARING_VIOLATION, which package syscall
// does not name: the file is open elsewhere without sharing.
const errSharingViolation syscall.Errno = 32

// lockPause bounds the pause between two tries of a lock file held by
// another process.
const lockPause = 10 * time.Millisecond

// On Windows a lock file is held by keeping it open without sharing
// reading or writing: no other process can open it until the handle is
// closed, which Windows does when the process ends, however it ends.

// lockFile takes the lock file at path, creating it if need be, trying
// again for at most wait while another process holds it. Closing the
// file releases the lock.
func lockFile(path string, wait time.Duration) (*os.File, error) {
	deadline := time.Now().Add(wait)
	pause := time.Millisecond
	for {
		f, err := tryLockFile(path)
		if err != errLocked {
			return f, err
		}
		left := time.Until(deadline)
		if left <= 0 {
			return nil, waitedTooLong(wait)
		}
		time.Sleep(min(pause, left))
		pause = min(2*pause, lockPause)
	}
}

// tryLockFile takes the lock file at path, creating it if need be, or
// returns errLocked at once when another process holds it. Closing the
// file releases the lock.
func tryLockFile(path string) (*os.File, error) {
	p, err := syscall.UTF16PtrFromString(path)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	h, err := syscall.CreateFile(p, syscall.GENERIC_READ,
		0, nil, syscall.OPEN_ALWAYS, syscall.FILE_ATTRIBUTE_NORMAL, 0)
	if err == errSharingViolation {
		return nil, errLocked
	}
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(h), path), nil
}
