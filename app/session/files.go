package session

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
	"github.com/echiquier/echiquier/app/safefile"
)

// Autosaver keeps the game being played through a crash: the session
// hands it the game's PGN text after every change, clears it once the
// game is saved, and moves it to the Trash once the game is given up with
// changes never saved. It must not block.
type Autosaver interface {
	Save(pgnText []byte)
	Clear()
	Trash()
}

type noAutosave struct{}

func (noAutosave) Save([]byte) {}
func (noAutosave) Clear()      {}
func (noAutosave) Trash()      {}

// file is where the game on screen belongs.
type file struct {
	// path is the file the game was read from or saved to, "" if none.
	path string
	// game is the game's place in a file of several games, or -1.
	game int
	// stamp is the file as it was read or written last, to tell whether
	// another program changed it since; zero for a file never read.
	stamp safefile.Stamp
	// at and length are where the game's text is in a file of one game:
	// what is around it (escape lines, a byte-order mark, blank lines)
	// stays as it is. A game of several is placed by its collection.
	at, length int64
}

// EditingTag is the tag with which an autosave records that the game
// was edited, not played (Editing). Resume reads it and takes it away.
const EditingTag = "EchiquierEditing"

// ClockTag is the tag with which an autosave records the clocks as they
// were at that moment, the time the side to move has spent thinking
// included: the moves' own clock comments know only the time left after
// each move. Resume reads it and takes it away.
const ClockTag = "EchiquierClock"

// saveAutosave hands the game's text to the autosave.
func (s *Session) saveAutosave() {
	var b bytes.Buffer
	if s.editing {
		fmt.Fprintf(&b, "[%s \"1\"]\n", EditingTag)
	}
	if !s.game.TimeControl().IsZero() {
		fmt.Fprintf(&b, "[%s \"%s\"]\n", ClockTag, s.game.ClockState())
	}
	if err := s.game.WritePGN(&b); err != nil {
		return // a game the session built always writes; nothing to keep
	}
	s.autosave.Save(b.Bytes())
	s.lastClockSave = s.now()
}

// ErrNoFile: the game has no file to be saved to yet (a new game): the
// window asks for one.
var ErrNoFile = errors.New("the game has no file yet")

// NeedsFile reports whether Save would need a file chosen first.
func (s *Session) NeedsFile() bool { return s.file.path == "" }

// Save writes the game to its file, in its place there: what is around
// it, the other games of a file of several included, stays
// byte-identical, and the game's own text is what was read while the
// game is unchanged (see game.FileText; Unkept says what of it could not
// be kept). Without a file it returns ErrNoFile. A file that another
// program changed since it was read is not overwritten: the error's
// Reason is safefile.ReasonChanged, and SaveOver writes anyway.
func (s *Session) Save() error {
	if s.file.path == "" {
		return ErrNoFile
	}
	text, unkept, err := s.game.FileText()
	if err == nil {
		if s.InCollection() {
			err = s.coll.WriteBack(s.file.game, text)
		} else {
			err = s.splice(text)
		}
	}
	if err != nil {
		return &SaveError{Path: s.file.path, Err: err}
	}
	s.saved(text, unkept)
	return nil
}

// SaveOver writes the game to its own file even though another program
// changed it since it was read: the file holds the game alone. A game of
// a file of several cannot be written back into a file changed
// meanwhile: its place there is not known any more (ErrNoFile: save it
// under another name).
func (s *Session) SaveOver() error {
	if s.file.path == "" || s.InCollection() {
		return ErrNoFile
	}
	return s.write(s.file.path, nil)
}

// SaveAs writes the game to path, which becomes its file, holding the
// game alone. The game's own file chosen again is saved as Save does.
func (s *Session) SaveAs(path string) error {
	if s.file.path != "" && sameFile(path, s.file.path) {
		return s.Save()
	}
	if err := s.write(path, nil); err != nil {
		return err
	}
	s.setCollection(nil)
	s.notify(FileChanged | CollectionChanged)
	return nil
}

// Unkept says what of the game's text as read the last save could not
// keep, the game having changed: the zero value when it kept all.
func (s *Session) Unkept() pgn.Unkept { return s.unkept }

func sameFile(a, b string) bool {
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(ia, ib)
}

// write saves the game to path as a file of its own, its text followed
// by a blank line, as the export format ends a game; with expect, only if
// the file is still as stamped.
func (s *Session) write(path string, expect *safefile.Stamp) error {
	if expect != nil && *expect == (safefile.Stamp{}) {
		expect = nil // a file never read: a new one
	}
	text, unkept, err := s.game.FileText()
	if err != nil {
		return &SaveError{Path: path, Err: err}
	}
	st, err := safefile.Write(path, func(w io.Writer) error {
		if _, err := w.Write(text); err != nil {
			return err
		}
		nl := pgn.LineBreak(text)
		_, err := io.WriteString(w, nl+nl)
		return err
	}, expect)
	if err != nil {
		return &SaveError{Path: path, Err: err}
	}
	s.file = file{path: path, game: -1, stamp: st, length: int64(len(text))}
	s.saved(text, unkept)
	return nil
}

// splice writes text in the place of the game in its file of one game.
func (s *Session) splice(text []byte) error {
	f := &s.file
	st, err := safefile.Splice(f.path, f.at, f.at+f.length, text, f.stamp)
	if err != nil {
		return err
	}
	f.stamp, f.length = st, int64(len(text))
	return nil
}

// saved records that the game is saved as text, which lost unkept of
// the text it was read from.
func (s *Session) saved(text []byte, unkept pgn.Unkept) {
	s.game.Saved(text)
	s.unkept = unkept
	s.unchanged()
}

// unchanged records that the game is as its file holds it.
func (s *Session) unchanged() {
	s.dirty = false
	s.autosave.Clear()
	s.notify(FileChanged)
}

// SaveError is a game that could not be saved. Err says why and, as a
// *safefile.Error, whether the file is unchanged.
type SaveError struct {
	Path string
	Err  error
}

func (e *SaveError) Error() string { return "the game was not saved: " + e.Err.Error() }

func (e *SaveError) Unwrap() error { return e.Err }

// NewGame puts a game made elsewhere on screen as a new game (Start makes
// one); the one before must have been saved or given up (Discard). A
// timed game's clocks wait for its first move.
func (s *Session) NewGame(g *game.Game) {
	s.setCollection(nil)
	s.dropAutosave()
	s.replace(g, file{game: -1}, false)
}

// Study puts on screen a position set up for study: no game is being
// played (Editing), and the engine may analyse it, whatever moves are
// made.
func (s *Session) Study(g *game.Game) {
	s.setCollection(nil)
	s.dropAutosave()
	s.replace(g, file{game: -1}, true)
}

// StudyPosition puts the position fen on screen for study, as Study does.
// A fen the game refuses changes nothing.
func (s *Session) StudyPosition(fen string) error {
	g, err := game.New(game.Options{FEN: fen, Now: s.now})
	if err != nil {
		return err
	}
	s.Study(g)
	return nil
}

// Resume puts an interrupted game back on screen, as it was before the
// crash: unsaved, from no file, edited or played as it was, its clocks as
// the autosave last recorded them. Its autosave is the autosave already:
// the one of the game it replaces must have been let go (Discard) before
// the autosave adopted it.
func (s *Session) Resume(g *game.Game) {
	if text := g.Tag(ClockTag); text != "" {
		if st, err := game.ParseClockState(text); err == nil {
			g.RestoreClock(st) // refused for another turn: the moves' clocks stand
		}
		g.SetTag(ClockTag, "")
	}
	editing := g.Tag(EditingTag) != ""
	g.SetTag(EditingTag, "")
	s.setCollection(nil)
	s.replace(g, file{game: -1}, editing)
	s.changed(0)
}

// Discard gives up the game on screen, as the window closes: its
// autosave goes to the Trash when it holds changes never saved, and the
// computer's engines end.
func (s *Session) Discard() {
	s.dropAutosave()
	s.Close()
}

// Close ends the computer's engines, as the window closes.
func (s *Session) Close() { s.endComputer() }

// dropAutosave lets go of the autosave of the game on screen, which is
// being replaced or closed: a game with unsaved changes goes to the
// Trash, whence a wrong answer can be taken back.
func (s *Session) dropAutosave() {
	if s.dirty {
		s.autosave.Trash()
	} else {
		s.autosave.Clear()
	}
}
