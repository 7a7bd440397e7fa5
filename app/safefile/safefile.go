// Package safefile saves a user's file so that it is never lost: the new
// content goes to a temporary file in the same folder, synced to the disk,
// which then takes the place of the file in one rename, and the folder is
// synced. A full disk, a crash or a kill at any moment leaves either the
// complete old file or the complete new one.
//
// It keeps what a rename would lose: a symbolic link is followed to its
// final target, which is the file written, so the link stays a link; the
// file keeps its permissions and, where the system allows, its owner; a
// file with several hard links is rewritten in place, all its names then
// seeing the new content. That rewrite alone is not atomic: a copy of the
// old content is made first, which undoes a failed rewrite, and which a
// kill during it leaves beside the file. It refuses a file the user made
// read-only, and one that another program changed since it was read (see
// Stamp).
//
// It removes no path but its own temporary files, which it removes on
// every error. Only a kill or a crash can leave one behind, named
// ".NAME.RANDOM.tmp" beside the file.
//
// It also opens a user's file for reading (OpenRead), refusing a named
// pipe, a device or a socket before anything waits on it.
package safefile

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"unicode/utf8"
)

// maxLinks is how many symbolic links are followed before giving up on a
// loop, as Linux does.
const maxLinks = 40

// writeBuffer is the size of the buffer between Write's callback and the
// file: a game is written in many small pieces.
const writeBuffer = 32 << 10

// Write saves the file at path with the content that write writes, and
// returns the file's new stamp. With expect, it first checks that the file
// is still the one stamped and refuses with ReasonChanged otherwise (the
// caller then asks the user, and may call again without expect). A path
// that does not exist is created, with the permissions of a new file.
//
// On error, the *Error tells whether the file is unchanged.
func Write(path string, write func(io.Writer) error, expect *Stamp) (Stamp, error) {
	return saver{}.write(path, write, expect)
}

// Splice replaces bytes [start, end) of the file at path with data,
// keeping the bytes before start and from end on as they are, as one game
// of a file of games is written back into its place. It refuses with
// ReasonChanged unless the file is still the one stamped expect. The rest
// of the file is copied by the system, never held in memory, and a change
// by another program during the copy is found and refused too.
//
// On error, the *Error tells whether the file is unchanged.
func Splice(path string, start, end int64, data []byte, expect Stamp) (Stamp, error) {
	return saver{}.splice(path, start, end, data, expect)
}

// saver does the work of Write and Splice. Its zero value is the real
// one; the tests set copyOver to fail where real disks fail.
type saver struct {
	// copyOver rewrites dst with the content of src, in place.
	copyOver func(dst, src *os.File) error
}

// target is the file a save writes, once the links are followed and it
// is found fit to be written.
type target struct {
	op, path string // what the caller asked
	name     string // the file written: path with its links followed
	f        *os.File
	info     fs.FileInfo // nil for a new file
	owner    owner
}

// fail returns the error of a failed save; unchanged tells whether the
// file is as it was.
func (t *target) fail(reason Reason, err error, unchanged bool) *Error {
	return &Error{Op: t.op, Path: t.path, Reason: reason, Unchanged: unchanged, Err: err}
}

// failed returns the error of a failed save, its reason found from err.
func (t *target) failed(err error, unchanged bool) *Error {
	if errors.Is(err, errChangedDuringCopy) {
		return t.fail(ReasonChanged, nil, unchanged)
	}
	return t.fail(reasonOf(err), err, unchanged)
}

// close closes the file opened to read it.
func (t *target) close() {
	if t.f != nil {
		t.f.Close()
		t.f = nil
	}
}

// errChangedDuringCopy marks a Splice that found the file changing under
// its copy.
var errChangedDuringCopy = errors.New("changed during the copy")

func (s saver) write(path string, write func(io.Writer) error, expect *Stamp) (Stamp, error) {
	t, err := prepare("write", path, expect)
	if err != nil {
		return Stamp{}, err
	}
	t.close()
	return s.commit(t, func(f *os.File) error {
		w := bufio.NewWriterSize(f, writeBuffer)
		if err := write(w); err != nil {
			return err
		}
		return w.Flush()
	})
}

func (s saver) splice(path string, start, end int64, data []byte, expect Stamp) (Stamp, error) {
	t, err := prepare("splice", path, &expect)
	if err != nil {
		return Stamp{}, err
	}
	defer t.close()
	size := t.info.Size()
	if start < 0 || start > end || end > size {
		return Stamp{}, t.fail(ReasonOther, errRange, true)
	}
	src := t.f
	return s.commit(t, func(f *os.File) error {
		// A LimitedReader of an *os.File lets the system copy the file to
		// the file (copy_file_range) without passing through memory.
		if _, err := src.Seek(0, io.SeekStart); err != nil {
			return err
		}
		n, err := io.Copy(f, io.LimitReader(src, start))
		if err != nil {
			return err
		}
		if _, err := f.Write(data); err != nil {
			return err
		}
		if _, err := src.Seek(end, io.SeekStart); err != nil {
			return err
		}
		m, err := io.Copy(f, io.LimitReader(src, size-end))
		if err != nil {
			return err
		}
		after, err := src.Stat()
		if err != nil {
			return err
		}
		if n+m != start+size-end || after.Size() != size || !after.ModTime().Equal(t.info.ModTime()) {
			return errChangedDuringCopy
		}
		return nil
	})
}

// prepare follows the links of path to the file to write, and checks that
// it can be written and, with expect, that it is the one stamped. An
// existing file is left open for reading in the target.
func prepare(op, path string, expect *Stamp) (*target, error) {
	t := &target{op: op, path: path}
	name, err := follow(path)
	if err != nil {
		return nil, t.failed(err, true)
	}
	t.name = name
	f, err := openRead(name)
	if errors.Is(err, fs.ErrNotExist) {
		if expect != nil {
			return nil, t.fail(ReasonGone, err, true)
		}
		if err := writable(filepath.Dir(name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, t.failed(err, true)
		}
		return t, nil
	}
	if err != nil {
		return nil, t.failed(err, true)
	}
	t.f = f
	if t.info, err = f.Stat(); err == nil {
		err = regular(t.info)
	}
	if err != nil {
		t.close()
		return nil, t.failed(err, true)
	}
	t.owner = ownerOf(t.info)
	// Root may write anything, so the permission bits are checked here:
	// a file the user made read-only stays so.
	if t.info.Mode().Perm()&0o222 == 0 {
		t.close()
		return nil, t.fail(ReasonReadOnly, nil, true)
	}
	if err := writable(name); err != nil {
		t.close()
		return nil, t.failed(err, true)
	}
	if expect != nil {
		cur, err := stampFile(f)
		if errors.Is(err, io.ErrUnexpectedEOF) {
			t.close()
			return nil, t.fail(ReasonChanged, nil, true)
		}
		if err != nil {
			t.close()
			return nil, t.failed(err, true)
		}
		if !cur.same(*expect) {
			t.close()
			return nil, t.fail(ReasonChanged, nil, true)
		}
	}
	return t, nil
}

// follow returns the file that path names once its symbolic links are
// followed, each relative one from the folder it lies in. The file need
// not exist: a link to nowhere names the file it would create.
func follow(path string) (string, error) {
	p := path
	for range maxLinks {
		info, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil
		}
		if err != nil {
			return "", err
		}
		if info.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		link, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			// The folder's own links first: "../x" is relative to where
			// the folder really is, as the system reads it.
			dir, err := filepath.EvalSymlinks(filepath.Dir(p))
			if err != nil {
				return "", err
			}
			link = filepath.Join(dir, link)
		}
		p = link
	}
	return "", &fs.PathError{Op: "readlink", Path: path, Err: syscall.ELOOP}
}

// commit writes the new content, through fill, to a temporary file beside
// the target, then puts it in the target's place.
func (s saver) commit(t *target, fill func(*os.File) error) (Stamp, error) {
	dir := filepath.Dir(t.name)
	perm := fs.FileMode(0o666) // a new file gets the user's umask
	if t.info != nil {
		perm = 0o600 // the content is private until it gets the file's mode
	}
	tmp, err := createTemp(dir, filepath.Base(t.name), perm)
	if err != nil {
		return Stamp{}, t.failed(err, true)
	}
	renamed := false
	defer func() {
		tmp.Close()
		// Once renamed, the name may already be another program's.
		if !renamed {
			os.Remove(tmp.Name())
		}
	}()
	if err := fill(tmp); err != nil {
		return Stamp{}, t.failed(err, true)
	}
	if t.info != nil {
		keepOwner(tmp, t.owner) // before the mode: a chown clears set-user-ID
		if err := tmp.Chmod(t.info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
			return Stamp{}, t.failed(err, true)
		}
	}
	if err := tmp.Sync(); err != nil {
		return Stamp{}, t.failed(err, true)
	}
	if t.info != nil && t.owner.nlink > 1 {
		return s.inPlace(t, tmp)
	}
	st, err := stampFile(tmp)
	if err != nil {
		return Stamp{}, t.failed(err, true)
	}
	if err := os.Rename(tmp.Name(), t.name); err != nil {
		return Stamp{}, t.failed(err, true)
	}
	renamed = true
	if err := SyncDir(dir); err != nil {
		// The new content is in place, but may not survive a crash.
		return Stamp{}, t.failed(err, false)
	}
	return st, nil
}

// inPlace rewrites a file of several hard links with the content of tmp,
// which a rename would give to this name only. A copy of the old content
// is made first, so that a rewrite failing midway can be undone.
func (s saver) inPlace(t *target, tmp *os.File) (Stamp, error) {
	orig, err := os.OpenFile(t.name, os.O_RDWR, 0)
	if err != nil {
		return Stamp{}, t.failed(err, true)
	}
	defer orig.Close()
	info, err := orig.Stat()
	if err != nil {
		return Stamp{}, t.failed(err, true)
	}
	if !os.SameFile(info, t.info) {
		return Stamp{}, t.fail(ReasonChanged, nil, true)
	}
	backup, err := createTemp(filepath.Dir(t.name), filepath.Base(t.name), 0o600)
	if err != nil {
		return Stamp{}, t.failed(err, true)
	}
	keep := false
	defer func() {
		backup.Close()
		if !keep {
			os.Remove(backup.Name())
		}
	}()
	if _, err := io.Copy(backup, io.LimitReader(orig, info.Size())); err != nil {
		return Stamp{}, t.failed(err, true)
	}
	if err := backup.Sync(); err != nil {
		return Stamp{}, t.failed(err, true)
	}
	tmpInfo, err := tmp.Stat()
	if err != nil {
		return Stamp{}, t.failed(err, true)
	}
	if err := reserve(orig, tmpInfo.Size()); err != nil {
		return Stamp{}, t.failed(err, true)
	}
	copyOver := s.copyOver
	if copyOver == nil {
		copyOver = rewrite
	}
	if err := copyOver(orig, tmp); err != nil {
		e := t.failed(err, false)
		if copyOver(orig, backup) != nil {
			keep = true
			e.Kept = backup.Name()
			return Stamp{}, e
		}
		e.Unchanged, e.restored = true, true
		return Stamp{}, e
	}
	st, err := stampFile(orig)
	if err != nil {
		// The file is written and synced; only its new stamp is missing.
		return Stamp{}, t.failed(err, false)
	}
	return st, nil
}

// rewrite makes dst a copy of src, in place, and syncs it.
func rewrite(dst, src *os.File) error {
	if _, err := src.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if _, err := dst.Seek(0, io.SeekStart); err != nil {
		return err
	}
	n, err := io.Copy(dst, src)
	if err != nil {
		return err
	}
	if err := dst.Truncate(n); err != nil {
		return err
	}
	return dst.Sync()
}

// tempNameBytes bounds the part of a file's name that its temporary
// file's name repeats, which must stay within the system's limit.
const tempNameBytes = 64

// createTemp creates a new temporary file for the file base in dir.
func createTemp(dir, base string, perm fs.FileMode) (*os.File, error) {
	if len(base) > tempNameBytes {
		cut := tempNameBytes
		for cut > 0 && !utf8.RuneStart(base[cut]) {
			cut--
		}
		base = base[:cut]
	}
	var err error
	for range 100 { // a name is 64 random bits: a clash twice is already a wonder
		var f *os.File
		name := filepath.Join(dir, "."+base+"."+strconv.FormatUint(rand.Uint64(), 36)+".tmp")
		f, err = os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, err
}
