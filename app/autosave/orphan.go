package autosave

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/echiquier/echiquier/app/safefile"
)

// ErrClaimed: the orphan was adopted or discarded by another instance (or
// removed by hand) since it was listed.
var ErrClaimed = errors.New("autosave: the interrupted game was already taken by another window")

// Orphan is the autosave of an instance that is gone: a game interrupted
// by a crash, a kill, or a quit that left it unsaved.
type Orphan struct {
	// Path is the autosave file.
	Path string
	// ModTime is when it was last written.
	ModTime time.Time
}

// Orphans lists the autosaves in dir whose instance is gone, oldest first,
// including the single autosave.pgn of earlier versions. A missing folder
// has none. On the way it removes the lock files of instances that left
// no autosave.
func Orphans(dir string) ([]Orphan, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Orphan
	for _, e := range entries {
		name := e.Name()
		path := filepath.Join(dir, name)
		switch {
		case name == legacyPGN:
		case isInstance(name, pgnExt):
			if lockHeld(instanceBase(path) + lockExt) {
				continue
			}
		case isInstance(name, lockExt):
			base := strings.TrimSuffix(path, lockExt)
			if _, err := os.Stat(base + pgnExt); errors.Is(err, fs.ErrNotExist) {
				sweep(base)
			}
			continue
		default:
			continue
		}
		info, err := e.Info()
		if err != nil || !info.Mode().IsRegular() {
			continue // gone since the listing, or not ours
		}
		out = append(out, Orphan{Path: path, ModTime: info.ModTime()})
	}
	slices.SortFunc(out, func(a, b Orphan) int {
		if c := a.ModTime.Compare(b.ModTime); c != 0 {
			return c
		}
		return strings.Compare(a.Path, b.Path)
	})
	return out, nil
}

// isInstance reports whether name is autosave-<id><ext>, the id having
// no dot, as this package names an instance's files.
func isInstance(name, ext string) bool {
	id, ok := strings.CutPrefix(name, prefix)
	if !ok {
		return false
	}
	id, ok = strings.CutSuffix(id, ext)
	return ok && id != "" && !strings.Contains(id, ".")
}

// instanceBase is the path of an instance's files without suffix.
func instanceBase(pgnPath string) string { return strings.TrimSuffix(pgnPath, pgnExt) }

// lockHeld reports whether a running instance holds the lock file at
// path. A missing lock file guards nothing.
func lockHeld(path string) bool {
	f, err := safefile.Lock(path, safefile.LockExisting, 0)
	if err == nil {
		f.Close()
		return false
	}
	return !errors.Is(err, fs.ErrNotExist)
}

// sweep removes the temporary file and the lock file of a gone instance
// that has no autosave left, if its lock is free. The lock file goes last
// and under the lock, so a running instance's is never removed.
func sweep(base string) {
	f, err := safefile.Lock(base+lockExt, safefile.LockExisting, 0)
	if err != nil {
		return
	}
	defer f.Close()
	if _, err := os.Stat(base + pgnExt); !errors.Is(err, fs.ErrNotExist) {
		return
	}
	os.Remove(base + tmpExt)
	os.Remove(base + lockExt)
}

// sweep removes what the orphan's instance left beside its autosave, once
// the autosave is claimed.
func (o Orphan) sweep() {
	if isInstance(filepath.Base(o.Path), pgnExt) {
		sweep(instanceBase(o.Path))
	}
}

// Load reads the orphan's game, recovering what it can of a damaged file,
// without claiming it: to show the user what was interrupted before
// asking. now is the recovered game's clock (nil for time.Now). It fails
// only when the file cannot be read: ErrClaimed when it is gone.
func (o Orphan) Load(now func() time.Time) (Recovered, error) {
	return o.load(now)
}

// Discard claims the orphan and moves it to the desktop's Trash, because
// the user gave the game up: only one instance can, the others get
// ErrClaimed. A damaged file is kept aside instead, at keptAt. One that
// cannot be moved to the Trash stays where it was, offered again.
func (o Orphan) Discard() (keptAt string, err error) {
	rec, err := o.load(nil)
	if err != nil {
		return "", err
	}
	if rec.Damaged {
		keptAt, err = o.keepAside()
	} else if _, err = safefile.Trash(o.Path); err != nil {
		err = claimError(err)
		if !errors.Is(err, ErrClaimed) {
			err = &TrashError{KeptAt: o.Path, Err: err}
		}
	}
	if err == nil {
		o.sweep()
	}
	return keptAt, err
}

// keepAside claims a damaged orphan by renaming it beside itself, and
// returns where it is. The name of an instance's file is unique already;
// the legacy name is made unique.
func (o Orphan) keepAside() (string, error) {
	kept := o.Path + keptExt
	if !isInstance(filepath.Base(o.Path), pgnExt) {
		var id [4]byte
		if _, err := rand.Read(id[:]); err != nil {
			return "", err
		}
		kept = o.Path + "." + hex.EncodeToString(id[:]) + keptExt
	}
	if err := os.Rename(o.Path, kept); err != nil {
		return "", claimError(err)
	}
	return kept, nil
}

// claimError is the error of a rename or removal that claims an orphan:
// a missing file means that another instance claimed it first.
func claimError(err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return ErrClaimed
	}
	return err
}
