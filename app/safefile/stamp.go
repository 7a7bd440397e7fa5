package safefile

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"hash"
	"io"
	"io/fs"
	"os"
	"syscall"
	"time"
)

// fullHashLimit is the largest file whose every byte a Stamp hashes:
// reading 8 MiB costs a few milliseconds, and a single game or a
// tournament is far smaller. A larger file is hashed on its first and
// last edgeSize bytes only, so that a stamp of a 2 GB collection costs
// no more than that of a small one.
const (
	fullHashLimit = 8 << 20
	edgeSize      = 1 << 20
)

// Stamp identifies the content of a file at a moment, so that a later
// change by another program can be told. Take it before reading the file:
// a change made between the stamp and the read is then reported as a
// change, never missed.
//
// For a file of up to 8 MiB the stamp holds a SHA-256 of all its bytes,
// and the file has changed exactly when its content has: a program that
// touches it or saves the same bytes again changes nothing. A larger file
// is hashed on its first and last MiB only; then a new modification time,
// a new inode or another device also count as a change.
type Stamp struct {
	// Size is the size of the file in bytes.
	Size int64
	// ModTime is its modification time.
	ModTime time.Time

	dev, ino uint64
	sum      [sha256.Size]byte
}

// StampOf returns the stamp of the file at path, following symbolic
// links.
func StampOf(path string) (Stamp, error) {
	f, err := openRead(path)
	if err != nil {
		return Stamp{}, &Error{Op: "stamp", Path: path, Reason: reasonOf(err), Unchanged: true, Err: err}
	}
	defer f.Close()
	s, err := stampFile(f)
	if err != nil {
		return Stamp{}, &Error{Op: "stamp", Path: path, Reason: reasonOf(err), Unchanged: true, Err: err}
	}
	return s, nil
}

// Changed reports whether the file at path is no longer the one stamped
// s: its content differs (see Stamp), or it was removed.
func Changed(path string, s Stamp) (bool, error) {
	cur, err := StampOf(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return true, nil
		}
		return false, err
	}
	return !cur.same(s), nil
}

// same reports whether s and o stamp the same content.
func (s Stamp) same(o Stamp) bool {
	if s.Size != o.Size || s.sum != o.sum {
		return false
	}
	if s.Size <= fullHashLimit {
		return true
	}
	return s.ModTime.Equal(o.ModTime) && s.dev == o.dev && s.ino == o.ino
}

// stampFile returns the stamp of the open file f. It reads f at offsets,
// leaving its read position where it was, and no further than the size
// found first: a file that grows meanwhile costs no more.
func stampFile(f *os.File) (Stamp, error) {
	info, err := f.Stat()
	if err != nil {
		return Stamp{}, err
	}
	if err := regular(info); err != nil {
		return Stamp{}, err
	}
	size := info.Size()
	h := sha256.New()
	buf := make([]byte, min(max(size, 512), 32<<10)) // a game needs no more than itself
	if size <= fullHashLimit {
		err = hashRange(h, buf, f, 0, size)
	} else {
		// The size goes in too, though Size is compared first: the sum
		// then stands for the whole stamp of the edges.
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(size))
		h.Write(n[:])
		if err = hashRange(h, buf, f, 0, edgeSize); err == nil {
			err = hashRange(h, buf, f, size-edgeSize, edgeSize)
		}
	}
	if err != nil {
		return Stamp{}, err
	}
	s := Stamp{Size: size, ModTime: info.ModTime()}
	s.dev, s.ino = identity(info)
	h.Sum(s.sum[:0])
	return s, nil
}

// hashRange adds n bytes of f from off to h, through buf; a file shorter
// than it thought is a change, reported as io.ErrUnexpectedEOF.
func hashRange(h hash.Hash, buf []byte, f *os.File, off, n int64) error {
	copied, err := io.CopyBuffer(h, io.NewSectionReader(f, off, n), buf)
	if err == nil && copied < n {
		err = io.ErrUnexpectedEOF
	}
	return err
}

// regular returns an error unless info is that of a regular file.
func regular(info fs.FileInfo) error {
	switch {
	case info.IsDir():
		return syscall.EISDIR
	case !info.Mode().IsRegular():
		return errNotRegular
	}
	return nil
}
