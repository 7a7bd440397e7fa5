//go:build !unix

package safefile

import (
	"io/fs"
	"os"
)

// owner is who a file belongs to and how many names it has; outside Unix
// neither is known, and a file is taken to have one name.
type owner struct {
	nlink uint64
}

// identity returns the device and inode of a file, unknown here.
func identity(fs.FileInfo) (dev, ino uint64) { return 0, 0 }

// ownerOf returns the owner and link count of a file.
func ownerOf(fs.FileInfo) owner { return owner{nlink: 1} }

// keepOwner does nothing: a new file gets its folder's permissions.
func keepOwner(*os.File, owner) {}

// writable leaves the verdict to the creation of the temporary file.
func writable(string) error { return nil }

// openRead opens path for reading.
func openRead(path string) (*os.File, error) { return os.Open(path) }

// blocking does nothing: openRead opened the file plainly.
func blocking(*os.File) error { return nil }

// SyncDir does nothing: folders cannot be synced here, and a rename is
// written through by the system.
func SyncDir(string) error { return nil }
