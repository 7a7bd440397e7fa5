//go:build windows

package autosave

import (
	"os"
	"syscall"
)

// errSharingViolation is ERROR_SHARING_VIOLATION, which package syscall
// does not name: the file is open elsewhere without sharing.
const errSharingViolation syscall.Errno = 32

// On Windows a lock file is held by keeping it open without sharing
// reading or writing: no other process can open it until the handle is
// closed, which Windows does when the process ends, however it ends.
// Sharing deletion lets the holder remove it.

// createLocked creates the lock file of a new instance, held.
func createLocked(path string) (*os.File, error) {
	return openExclusive(path, syscall.CREATE_NEW)
}

// tryLock opens an existing lock file, held: errHeld when a running
// instance holds it. Closing the file releases it.
func tryLock(path string) (*os.File, error) {
	return openExclusive(path, syscall.OPEN_EXISTING)
}

func openExclusive(path string, disposition uint32) (*os.File, error) {
	p, err := syscall.UTF16PtrFromString(path)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	h, err := syscall.CreateFile(p, syscall.GENERIC_READ|syscall.GENERIC_WRITE,
		syscall.FILE_SHARE_DELETE, nil, disposition, syscall.FILE_ATTRIBUTE_NORMAL, 0)
	if err == errSharingViolation {
		return nil, errHeld
	}
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(h), path), nil
}

// syncDir does nothing: Windows cannot sync a folder, and NTFS journals
// its renames.
func syncDir(string) error { return nil }
