//go:build unix && !darwin

package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// maxTrashNames is how many names are tried for a file whose name the
// Trash holds already.
const maxTrashNames = 1000

// trash moves the file at abs into a Trash as the freedesktop.org Trash
// specification 1.0 says: the file goes to TRASH/files/NAME and
// TRASH/info/NAME.trashinfo says where it was and when it was trashed.
// The info file is created first, exclusively, which reserves NAME.
func trash(abs string) (string, error) {
	info, err := os.Lstat(abs)
	if err != nil {
		return "", err
	}
	dev := deviceOf(info)
	if home, err := homeTrash(); err == nil {
		if err := makeTrash(home); err == nil && sameDevice(home, dev) {
			return trashInto(home, abs, abs)
		}
	}
	top := mountPoint(filepath.Dir(abs), dev)
	dir, err := topTrash(top)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(top, abs)
	if err != nil {
		rel = abs
	}
	return trashInto(dir, abs, rel)
}

// homeTrash is the user's own Trash: $XDG_DATA_HOME/Trash, by default
// ~/.local/share/Trash.
func homeTrash() (string, error) {
	data := os.Getenv("XDG_DATA_HOME")
	if !filepath.IsAbs(data) {
		home, err := os.UserHomeDir()
		if err != nil || !filepath.IsAbs(home) {
			return "", ErrNoTrash
		}
		data = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(data, "Trash"), nil
}

// makeTrash creates a Trash's folders, private to the user, where
// missing.
func makeTrash(dir string) error {
	for _, sub := range []string{"files", "info"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o700); err != nil {
			return err
		}
	}
	return nil
}

// topTrash is the Trash of the disk mounted at top, for this user:
// top/.Trash/UID when the administrator made top/.Trash (a folder, not a
// link, with the sticky bit), top/.Trash-UID otherwise.
func topTrash(top string) (string, error) {
	uid := strconv.Itoa(os.Getuid())
	if fi, err := os.Lstat(filepath.Join(top, ".Trash")); err == nil && fi.IsDir() && fi.Mode()&fs.ModeSticky != 0 {
		dir := filepath.Join(top, ".Trash", uid)
		if err := makeTrash(dir); err == nil {
			return dir, nil
		}
	}
	dir := filepath.Join(top, ".Trash-"+uid)
	if fi, err := os.Lstat(dir); err == nil && (!fi.IsDir() || fi.Mode()&fs.ModeSymlink != 0) {
		return "", ErrNoTrash
	}
	if err := makeTrash(dir); err != nil {
		return "", fmt.Errorf("%w: %w", ErrNoTrash, err)
	}
	return dir, nil
}

// trashInto moves abs into the Trash dir, recording it as having been at
// where (absolute for the home Trash, relative to the disk otherwise).
func trashInto(dir, abs, where string) (string, error) {
	info := "[Trash Info]\nPath=" + escapePath(where) + "\nDeletionDate=" + time.Now().Format("2006-01-02T15:04:05") + "\n"
	base := filepath.Base(abs)
	for i := 1; i <= maxTrashNames; i++ {
		name := trashName(base, i)
		infoPath := filepath.Join(dir, "info", name+".trashinfo")
		f, err := os.OpenFile(infoPath, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		_, err = f.WriteString(info)
		if err == nil {
			err = f.Sync()
		}
		if err = errors.Join(err, f.Close()); err != nil {
			os.Remove(infoPath)
			return "", err
		}
		to := filepath.Join(dir, "files", name)
		if _, err := os.Lstat(to); err == nil {
			os.Remove(infoPath) // a file without its info: left alone
			continue
		}
		if err := os.Rename(abs, to); err != nil {
			os.Remove(infoPath)
			return "", err
		}
		SyncDir(filepath.Join(dir, "files"))
		SyncDir(filepath.Dir(abs))
		return to, nil
	}
	return "", fmt.Errorf("%w: %d files of that name are in it", ErrNoTrash, maxTrashNames)
}

// escapePath writes a path as the Trash specification asks: as in a URL,
// each byte outside the unreserved characters and "/" percent-encoded.
func escapePath(p string) string {
	parts := strings.Split(p, "/")
	for i, s := range parts {
		parts[i] = url.PathEscape(s)
	}
	return strings.Join(parts, "/")
}

func deviceOf(info fs.FileInfo) uint64 {
	dev, _ := identity(info)
	return dev
}

// sameDevice reports whether path is on device dev.
func sameDevice(path string, dev uint64) bool {
	fi, err := os.Stat(path)
	return err == nil && deviceOf(fi) == dev
}

// mountPoint is the top folder of the disk that holds dir, on device dev.
func mountPoint(dir string, dev uint64) string {
	for {
		parent := filepath.Dir(dir)
		if parent == dir || !sameDevice(parent, dev) {
			return dir
		}
		dir = parent
	}
}
