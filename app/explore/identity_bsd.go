//go:build darwin || freebsd || netbsd

package explore

import (
	"io/fs"
	"os"
	"syscall"
)

// identity returns the file's inode and its change time (ctime), which
// the system sets at every change of the file and which no program can
// set back.
func identity(_ *os.File, st fs.FileInfo) (inode uint64, changeTime int64) {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(s.Ino), s.Ctimespec.Nano()
	}
	return 0, 0
}
