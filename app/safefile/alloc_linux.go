package safefile

import (
	"errors"
	"os"
	"syscall"
)

// reserve allocates the disk space for f to grow to size without changing
// its content or size, so that a full disk is found before the file is
// touched. Only a lack of space is an error: a file system that cannot
// reserve simply does not, and the rewrite then finds out.
func reserve(f *os.File, size int64) error {
	const keepSize = 1 // FALLOC_FL_KEEP_SIZE
	rc, err := f.SyscallConn()
	if err != nil {
		return nil
	}
	var ferr error
	if err := rc.Control(func(fd uintptr) { ferr = syscall.Fallocate(int(fd), keepSize, 0, size) }); err != nil {
		return nil
	}
	if errors.Is(ferr, syscall.ENOSPC) || errors.Is(ferr, syscall.EDQUOT) {
		return &os.PathError{Op: "fallocate", Path: f.Name(), Err: ferr}
	}
	return nil
}
