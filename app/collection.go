package app

import (
	"errors"
	"path/filepath"

	"github.com/echiquier/echiquier/app/ui/words"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/session"
)

// openPath opens a PGN file. Its games are indexed in the background: a
// file of one game opens it at once; several show the picker, which
// fills while the rest of the file is indexed. The current game stays as
// it is until a game of the file is opened.
func (a *App) openPath(path string) *session.Collection {
	c, err := a.sess.Open(path)
	if err != nil {
		a.showFileError(err)
		return nil
	}
	a.settings.SetLastDirectory(filepath.Dir(path))
	return c
}

// showFileError tells that a file could not be opened or read; nothing
// changed.
func (a *App) showFileError(err error) {
	var fe *session.FileError
	if !errors.As(err, &fe) {
		a.showError(err)
		return
	}
	why := words.Error(fe.Err)
	var bad *session.BadGamesError
	if errors.As(fe.Err, &bad) {
		why = words.LoadErrors(bad.Games)
	} else if errors.Is(fe.Err, session.ErrNoGame) {
		why = lang.L("The file holds no game.")
	} else if errors.Is(fe.Err, session.ErrFileChanged) {
		why = lang.L("The file has changed since it was opened: open it again.")
	}
	msg := lang.L("Could not open {{.File}}:", map[string]any{"File": filepath.Base(fe.Path)}) + "\n" + why
	a.dlg.showError(errors.New(msg))
}

// openGame makes game i of c the game on screen, and reports whether it
// could; one that cannot be read is named in an error dialog.
func (a *App) openGame(c *session.Collection, i int) bool {
	if err := a.sess.OpenGame(c, i); err != nil {
		a.showFileError(err)
		return false
	}
	return true
}

// hasCollection reports whether the game on screen comes from a file of
// several games, so that the menus can offer the next and previous game
// and the list of games.
func (a *App) hasCollection() bool { return a.sess.Collection() != nil }

// nextGame opens the game after the one on screen, in the order the
// picker shows, once the game on screen is safe to leave.
func (a *App) nextGame() { a.stepGame(1) }

// previousGame opens the game before the one on screen.
func (a *App) previousGame() { a.stepGame(-1) }

// stepGame opens the nearest game in direction dir. One that fails to
// open says why, and is skipped the next time.
func (a *App) stepGame(dir int) {
	i, ok := a.sess.GameAround(dir)
	if !ok {
		return
	}
	c := a.sess.Collection()
	a.confirmDiscard(func() {
		if a.openGame(c, i) {
			if p := a.pickers[c]; p != nil {
				p.selectGame(i)
			}
		}
	})
}

// showCollection shows the picker of the collection the game on screen
// comes from again, with its order, filter and selection as they were.
func (a *App) showCollection() {
	if c := a.sess.Collection(); c != nil {
		a.showPicker(c, false)
	}
}
