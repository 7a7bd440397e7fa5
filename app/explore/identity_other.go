//go:build !linux && !darwin && !freebsd && !netbsd && !windows

package explore

import (
	"io/fs"
	"os"
)

// identity returns nothing where the system's file numbers and change
// times are not known here: the key is then the size, the modification
// time and the hash of the file's ends.
func identity(*os.File, fs.FileInfo) (inode uint64, changeTime int64) { return 0, 0 }
