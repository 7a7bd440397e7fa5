package session

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"

	"github.com/echiquier/echiquier/app/game"
)

// Autosaver keeps the game being played through a crash: the session
// hands it the game's PGN text after every change, and clears it once the
// game is saved or given up. It must not block.
type Autosaver interface {
	Save(pgnText []byte)
	Clear()
}

type noAutosave struct{}

func (noAutosave) Save([]byte) {}
func (noAutosave) Clear()      {}

// file is where the game on screen belongs.
type file struct {
	// path is the file the game was read from or saved to, "" if none.
	path string
	// game is the game's place in a file of several games, or -1.
	game int
}

// saveAutosave hands the game's text to the autosave.
func (s *Session) saveAutosave() {
	var b bytes.Buffer
	if err := s.game.WritePGN(&b); err != nil {
		return // a game the session built always writes; nothing to keep
	}
	s.autosave.Save(b.Bytes())
	s.lastClockSave = s.now()
}

// ErrNoFile: the game has no file of its own to be saved to (a new game,
// or one game of a file of several): the window asks for one.
var ErrNoFile = errors.New("the game has no file of its own yet")

// NeedsFile reports whether Save would need a file chosen first.
func (s *Session) NeedsFile() bool { return s.file.path == "" || s.InCollection() }

// Save writes the game to its file. Without one, it returns ErrNoFile.
func (s *Session) Save() error {
	if s.NeedsFile() {
		return ErrNoFile
	}
	return s.writeTo(s.file.path)
}

// SaveAs writes the game to path, which becomes its file.
func (s *Session) SaveAs(path string) error {
	if err := s.writeTo(path); err != nil {
		return err
	}
	s.file = file{path: path, game: -1}
	s.setCollection(nil)
	s.notify(FileChanged | CollectionChanged)
	return nil
}

// writeTo saves the game to path.
func (s *Session) writeTo(path string) error {
	if err := writeFileAtomic(path, s.game.WritePGN); err != nil {
		return &SaveError{Path: path, Err: err}
	}
	s.dirty = false
	s.autosave.Clear()
	s.notify(FileChanged)
	return nil
}

// SaveError is a game that could not be saved; the file is unchanged.
type SaveError struct {
	Path string
	Err  error
}

func (e *SaveError) Error() string {
	return "the game was not saved; the file " + filepath.Base(e.Path) + " is unchanged: " + e.Err.Error()
}

func (e *SaveError) Unwrap() error { return e.Err }

// writeFileAtomic writes a file through a temporary file in the same
// folder, synced and then renamed over the target: a failure (a full disk)
// leaves the existing file as it was.
func writeFileAtomic(path string, write func(io.Writer) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if info, statErr := os.Stat(path); statErr == nil {
		_ = os.Chmod(tmp.Name(), info.Mode().Perm())
	} else {
		_ = os.Chmod(tmp.Name(), 0o644)
	}
	return os.Rename(tmp.Name(), path)
}

// NewGame puts a new game on screen; the one before must have been saved
// or given up (Discard).
func (s *Session) NewGame(g *game.Game) {
	s.setCollection(nil)
	s.replace(g, file{game: -1})
}

// Resume puts an interrupted game back on screen, as it was before the
// crash: unsaved, from no file.
func (s *Session) Resume(g *game.Game) {
	s.setCollection(nil)
	s.replace(g, file{game: -1})
	s.changed(0)
}

// Discard gives up the game's unsaved changes: its autosave goes.
func (s *Session) Discard() { s.autosave.Clear() }
