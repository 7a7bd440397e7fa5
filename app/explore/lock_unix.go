//go:build unix

package explore

import (
	"os"
	"syscall"
	"time"
)

// lock marks the tree's file f as being built by this program, for as
// long as it holds it open: the system lets the mark go with the
// program, however it ends.
func lock(f *os.File) {
	syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}

// abandoned reports whether the file name of a tree being built is the
// leftover of a program that ended: no program holds it. The time is
// for systems that cannot tell.
func abandoned(name string, _ time.Time) bool {
	f, err := os.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}
