package safefile

import (
	"errors"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// Reason says why a file could not be saved, in a form a user interface
// can word in any language.
type Reason uint8

// The reasons of an *Error.
const (
	// ReasonOther: none of the reasons below; Err says what.
	ReasonOther Reason = iota
	// ReasonReadOnly: the file has no write permission bit, or it lives on a
	// read-only file system.
	ReasonReadOnly
	// ReasonChanged: another program changed the file since its Stamp was
	// taken.
	ReasonChanged
	// ReasonNoSpace: the disk, or the user's quota on it, is full.
	ReasonNoSpace
	// ReasonIsDir: a folder is where the file should be.
	ReasonIsDir
	// ReasonNotFound: the folder of the file does not exist.
	ReasonNotFound
	// ReasonPermission: the system refused access to the file or its folder.
	ReasonPermission
	// ReasonGone: the file stamped was deleted or moved away since its
	// Stamp was taken.
	ReasonGone
)

// reasonTexts are the English words of each reason, used when an *Error
// has no underlying error of its own.
var reasonTexts = [...]string{
	ReasonOther:      "cannot be saved",
	ReasonReadOnly:   "the file is read-only",
	ReasonChanged:    "the file has changed since it was read",
	ReasonNoSpace:    "no space left on the disk",
	ReasonIsDir:      "a folder is in the way",
	ReasonNotFound:   "no such file or folder",
	ReasonPermission: "permission denied",
	ReasonGone:       "the file was deleted or moved since it was read",
}

// String returns the English words of r.
func (r Reason) String() string {
	if int(r) < len(reasonTexts) {
		return reasonTexts[r]
	}
	return reasonTexts[ReasonOther]
}

// Error is the error of every function of the package: what was being
// done to which file, why it failed, and, above all, what became of the
// file.
type Error struct {
	// Op is what was being done: "write", "splice" or "stamp".
	Op string
	// Path is the path the caller gave.
	Path string
	// Reason is why it failed.
	Reason Reason
	// Unchanged reports that the file holds exactly the bytes it held
	// before the call (or is still absent, if it was). It is false only
	// when that cannot be promised.
	Unchanged bool
	// Kept names a copy of the file's former content, left beside it when
	// a file with several hard links was damaged by a failed rewrite and
	// could not be restored; it is empty otherwise.
	Kept string
	// Err is the underlying error, nil when Reason says it all.
	Err error

	// restored tells that the file was damaged and then rewritten as it
	// was, which Unchanged alone does not say.
	restored bool
}

// Error returns the English text of e, which ends with the fate of the
// file.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Op)
	b.WriteByte(' ')
	b.WriteString(strconv.Quote(e.Path))
	b.WriteString(": ")
	if e.Err != nil {
		b.WriteString(cause(e.Err).Error())
	} else {
		b.WriteString(e.Reason.String())
	}
	switch {
	case e.restored:
		b.WriteString("; the rewrite failed midway and the file was restored: the file is unchanged")
	case e.Unchanged:
		b.WriteString("; the file is unchanged")
	case e.Kept != "":
		b.WriteString("; the file may be damaged: its former content is in ")
		b.WriteString(strconv.Quote(e.Kept))
	default:
		b.WriteString("; the file may have changed")
	}
	return b.String()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// cause strips the wrappers that repeat a path (the temporary file's,
// which means nothing to the user) from err.
func cause(err error) error {
	for {
		switch e := err.(type) {
		case *fs.PathError:
			err = e.Err
		case *os.LinkError:
			err = e.Err
		case *os.SyscallError:
			err = e.Err
		default:
			return err
		}
	}
}

// reasonOf classifies an error of the system.
func reasonOf(err error) Reason {
	switch {
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		return ReasonNoSpace
	case errors.Is(err, syscall.EROFS):
		return ReasonReadOnly
	case errors.Is(err, syscall.EISDIR):
		return ReasonIsDir
	case errors.Is(err, fs.ErrNotExist):
		return ReasonNotFound
	case errors.Is(err, fs.ErrPermission): // EACCES and EPERM
		return ReasonPermission
	}
	return ReasonOther
}

// errRange is the error of a Splice whose range is not within the file.
var errRange = errors.New("range outside the file")

// errNotRegular is the error of a path naming a device, a pipe or a
// socket, which cannot be saved by rename.
var errNotRegular = errors.New("not a regular file")
