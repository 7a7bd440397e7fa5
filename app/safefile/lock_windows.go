//go:build windows

package safefile

import (
	"os"
	"syscall"
	"time"
)

// On Windows a lock file is held by keeping it open without sharing
// reading or writing: no other process can open it until the handle is
// closed, which Windows does when the process ends. Sharing deletion
// lets the holder remove it.

// errSharingViolation is ERROR_SHARING_VIOLATION, which package syscall
// does not name: the file is open elsewhere without sharing.
const errSharingViolation syscall.Errno = 32

// lockPause bounds the pause between two tries of a held lock file.
const lockPause = 10 * time.Millisecond

func lock(path string, mode LockMode, wait time.Duration) (*os.File, error) {
	deadline := time.Now().Add(wait)
	pause := time.Millisecond
	for {
		f, err := openExclusive(path, mode)
		if err != ErrLocked || wait <= 0 {
			return f, err
		}
		left := time.Until(deadline)
		if left <= 0 {
			return nil, heldTooLong(wait)
		}
		time.Sleep(min(pause, left))
		pause = min(2*pause, lockPause)
	}
}

func openExclusive(path string, mode LockMode) (*os.File, error) {
	p, err := syscall.UTF16PtrFromString(path)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	disposition := uint32(syscall.OPEN_EXISTING)
	switch mode {
	case LockOrCreate:
		disposition = syscall.OPEN_ALWAYS
	case LockNew:
		disposition = syscall.CREATE_NEW
	}
	h, err := syscall.CreateFile(p, syscall.GENERIC_READ, syscall.FILE_SHARE_DELETE, nil, disposition,
		syscall.FILE_ATTRIBUTE_NORMAL, 0)
	if err == errSharingViolation {
		return nil, ErrLocked
	}
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(h), path), nil
}
