package app

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// pgnFilter shows PGN files in the file dialogs.
var pgnFilter = storage.NewExtensionFileFilter([]string{".pgn", ".PGN"})

// openDialog asks for a PGN file to open, once the current game is safe to
// leave.
func (a *App) openDialog() {
	a.confirmDiscard(func() {
		d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
			if err != nil {
				dialog.ShowError(err, a.win)
				return
			}
			if r == nil {
				return
			}
			path := r.URI().Path()
			r.Close()
			a.openPath(path)
		}, a.win)
		d.SetFilter(pgnFilter)
		a.setDialogFolder(d)
		d.Show()
	})
}

// setDialogFolder starts a file dialog in the folder used last.
func (a *App) setDialogFolder(d interface{ SetLocation(fyne.ListableURI) }) {
	dir := a.settings.LastDirectory()
	if dir == "" {
		return
	}
	if uri, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
		d.SetLocation(uri)
	}
}

// openPath opens a PGN file. Its games are indexed, not read: a file of
// one game opens it at once; several show the picker, which fills while
// the rest of the file is indexed in the background. The current game
// stays as it is until a game of the file is opened.
func (a *App) openPath(path string) { a.openFile(path, fyne.Do) }

// openFile is openPath, the indexing goroutine handing its findings to
// do. It returns the file's collection, or nil when it cannot be read.
func (a *App) openFile(path string, do func(func())) *collection {
	f, err := os.Open(path)
	if err != nil {
		a.showFileError(path, err)
		return nil
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		a.showFileError(path, err)
		return nil
	}
	a.settings.SetLastDirectory(filepath.Dir(path))
	return a.openCollection(path, info, f, do)
}

// load makes g the game on screen. A game still in progress continues
// from its last position with its clocks (paused until the players are
// ready); a finished one opens for browsing.
func (a *App) load(g *game.Game, path string, inCollection bool) {
	a.sess.replace(g, path, inCollection)
	a.ui.board.CancelSelection()
	a.autosave.clear()
	a.refresh()
}

// showFileError tells that a file could not be opened; nothing changed.
func (a *App) showFileError(path string, err error) {
	msg := lang.L("Could not open {{.File}}:", map[string]any{"File": filepath.Base(path)}) + "\n" + errorText(err)
	dialog.ShowError(errors.New(msg), a.win)
}

// describeLoadErrors lists the games that could not be read, with their
// line and text, the first few of them.
func describeLoadErrors(errs []pgn.GameError) string {
	const most = 5
	var lines []string
	for i, e := range errs {
		if i == most {
			lines = append(lines, lang.L("… and {{.Count}} more", map[string]any{"Count": len(errs) - most}))
			break
		}
		lines = append(lines, errorText(e.Err))
	}
	return strings.Join(lines, "\n")
}

// save writes the game to its file, or asks for one.
func (a *App) save() { a.saveThen(func() {}) }

// saveThen saves, then runs then once the game is saved.
func (a *App) saveThen(then func()) {
	if a.sess.path == "" || a.sess.inCollection {
		a.saveAsThen(then)
		return
	}
	if a.writeTo(a.sess.path) {
		then()
	}
}

// saveAs asks for a file to save the game to.
func (a *App) saveAs() { a.saveAsThen(func() {}) }

func (a *App) saveAsThen(then func()) {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			dialog.ShowError(err, a.win)
			return
		}
		if w == nil {
			return
		}
		path := w.URI().Path()
		w.Close()
		if !strings.HasSuffix(strings.ToLower(path), ".pgn") {
			os.Remove(path)
			path += ".pgn"
		}
		if a.writeTo(path) {
			a.sess.path, a.sess.inCollection = path, false
			a.settings.SetLastDirectory(filepath.Dir(path))
			a.refreshTitle()
			then()
		}
	}, a.win)
	d.SetFilter(pgnFilter)
	d.SetFileName(a.suggestedFileName())
	a.setDialogFolder(d)
	d.Show()
}

// suggestedFileName names a new file after the players and the date.
func (a *App) suggestedFileName() string {
	g := a.sess.game
	name := fmt.Sprintf("%s-%s-%s", playerName(g, game.White), playerName(g, game.Black), a.now().Format("2006-01-02"))
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) {
			return '_'
		}
		return r
	}, name) + ".pgn"
}

// writeTo saves the game to path, and reports whether it worked.
func (a *App) writeTo(path string) bool {
	if err := writeFileAtomic(path, a.sess.game.WritePGN); err != nil {
		msg := lang.L("The game was not saved; the file {{.File}} is unchanged.", map[string]any{"File": filepath.Base(path)})
		dialog.ShowError(errors.New(msg+"\n"+err.Error()), a.win)
		return false
	}
	a.sess.dirty = false
	a.autosave.clear()
	a.refreshTitle()
	return true
}

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

// dropped opens the first PGN file dropped on the window.
func (a *App) dropped(_ fyne.Position, uris []fyne.URI) {
	for _, u := range uris {
		if strings.EqualFold(u.Extension(), ".pgn") {
			path := u.Path()
			a.confirmDiscard(func() { a.openPath(path) })
			return
		}
	}
}
