//go:build unix

package safefile

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// owner is who a file belongs to and how many names it has.
type owner struct {
	uid, gid int
	nlink    uint64
	known    bool
}

// identity returns the device and inode of a file.
func identity(info fs.FileInfo) (dev, ino uint64) {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Dev), uint64(st.Ino)
	}
	return 0, 0
}

// ownerOf returns the owner and link count of a file.
func ownerOf(info fs.FileInfo) owner {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return owner{uid: int(st.Uid), gid: int(st.Gid), nlink: uint64(st.Nlink), known: true}
	}
	return owner{nlink: 1}
}

// keepOwner gives f the owner o, as far as the system lets us: only root
// may give a file away, but anyone may keep a group they are in.
func keepOwner(f *os.File, o owner) {
	if !o.known {
		return
	}
	if f.Chown(o.uid, o.gid) != nil {
		_ = f.Chown(-1, o.gid)
	}
}

// writable returns the system's own verdict on writing path: EROFS on a
// read-only file system (even for root), EACCES when permissions forbid.
func writable(path string) error {
	const wOK = 2
	if err := syscall.Access(path, wOK); err != nil {
		return &fs.PathError{Op: "access", Path: path, Err: err}
	}
	return nil
}

// openRead opens path for reading without waiting: a pipe put where a
// file was expected would otherwise block the open until a writer comes.
func openRead(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}

// blocking takes back the O_NONBLOCK of openRead from a file found to be
// regular, on which it changes nothing today: it is cleared so that the
// file reads as one opened plainly, whatever the system makes of it.
func blocking(f *os.File) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var nbErr error
	if err := rc.Control(func(fd uintptr) { nbErr = syscall.SetNonblock(int(fd), false) }); err != nil {
		return err
	}
	return nbErr
}

// SyncDir makes a rename in dir durable. File systems that cannot sync a
// folder say so with EINVAL, and there is nothing more to do on them.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	d.Close()
	if errors.Is(err, syscall.EINVAL) || errors.Is(err, errors.ErrUnsupported) {
		return nil
	}
	return err
}
