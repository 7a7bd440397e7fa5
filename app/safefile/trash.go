package safefile

import (
	"errors"
	"path/filepath"
	"strconv"
	"strings"
)

// ErrNoTrash: the system has no Trash this file can be moved to (no home
// folder, or a file on a disk with no Trash of its own).
var ErrNoTrash = errors.New("there is no Trash for this file")

// Trash moves the file at path to the desktop's Trash, whence the user
// can restore it to where it was, and returns where it now is. It moves,
// never copies: a file it cannot move stays where it was, whole, and the
// error says why. Losing a race against another program that moves or
// removes the same file gives an error wrapping fs.ErrNotExist.
//
// On Linux and the BSDs it follows the freedesktop.org Trash
// specification (the user's Trash for a file on the home's disk, the
// disk's own .Trash-UID otherwise), on macOS it uses ~/.Trash, on Windows
// the Recycle Bin.
func Trash(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	return trash(abs)
}

// trashName is the i-th name tried for a file called base in the Trash:
// base, then "stem.2.ext", "stem.3.ext"…
func trashName(base string, i int) string {
	if i == 1 {
		return base
	}
	ext := filepath.Ext(base)
	if ext == base {
		ext = "" // ".bashrc" has no extension
	}
	return strings.TrimSuffix(base, ext) + "." + strconv.Itoa(i) + ext
}
