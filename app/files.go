package app

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/echiquier/echiquier/app/ui/words"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/safefile"
	"github.com/echiquier/echiquier/app/session"
)

// pgnFilter shows PGN files in the file dialogs.
var pgnFilter = storage.NewExtensionFileFilter([]string{".pgn", ".PGN"})

// openDialog asks for a PGN file to open, once the current game is safe to
// leave: in the desktop's file chooser, or else in Fyne's dialog.
func (a *App) openDialog() {
	a.confirmDiscard(func() {
		q := fileQuestion{title: lang.L("Open a game"), ext: ".pgn"}
		a.askFile(q, a.openFyneDialog, func(path string) { a.openPath(path) })
	})
}

// openFyneDialog asks for a PGN file to open in Fyne's dialog.
func (a *App) openFyneDialog() {
	d := dialog.NewFileOpen(chosenPath[fyne.URIReadCloser](a, func(path string) { a.openPath(path) }), a.win)
	d.SetFilter(pgnFilter)
	d.SetTitleText(lang.L("Open a game"))
	a.setDialogFolder(d)
	a.dlg.show(d, nil)
	a.improveFyneDialog(d)
}

// chosenPath turns the answer of Fyne's file dialog into the path
// chosen, for then; an error is shown, a cancel does nothing. The file is
// closed untouched: unread, or unwritten (lazyFiles: it created nothing).
func chosenPath[F interface {
	URI() fyne.URI
	Close() error
}](a *App, then func(path string)) func(F, error) {
	return func(f F, err error) {
		if err != nil {
			a.dlg.showError(err)
			return
		}
		if any(f) == nil {
			return
		}
		path := f.URI().Path()
		f.Close()
		then(path)
	}
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

// save writes the game to its file, or asks for one.
func (a *App) save() { a.saveThen(func() {}) }

// saveThen saves, then runs then once the game is saved.
func (a *App) saveThen(then func()) {
	a.saved(a.sess.Save(), then)
}

// saved follows a save: then once the game is saved; otherwise a file is
// asked for, a file changed by another program asked about, or the
// failure told.
func (a *App) saved(err error, then func()) {
	var fe *safefile.Error
	switch {
	case err == nil:
		then()
	case errors.Is(err, session.ErrNoFile):
		a.saveAsThen(then)
	case errors.As(err, &fe) && fe.Reason == safefile.ReasonChanged:
		a.askSaveOver(fe.Path, then)
	default:
		a.showSaveError(err)
	}
}

// askSaveOver asks whether to replace a file that another program
// changed since the game was read from it.
func (a *App) askSaveOver(path string, then func()) {
	data := map[string]any{"File": filepath.Base(path)}
	if a.sess.InCollection() {
		msg := lang.L("Another program changed {{.File}} since it was opened: this game can no longer be written back into its place there. Save it in another file?", data)
		a.dlg.ask(lang.L("The file has changed"), msg, lang.L("Save as…"), lang.L("Cancel"), func(ok bool) {
			if ok {
				a.saveAsThen(then)
			}
		})
		return
	}
	msg := lang.L("Another program changed {{.File}} since it was opened. Replace it with this game, losing that change?", data)
	a.dlg.ask(lang.L("The file has changed"), msg, lang.L("Replace"), lang.L("Cancel"), func(ok bool) {
		if ok {
			a.saved(a.sess.SaveOver(), then)
		}
	})
}

// saveAs asks for a file to save the game to.
func (a *App) saveAs() { a.saveAsThen(func() {}) }

func (a *App) saveAsThen(then func()) {
	a.askFileToWrite(".pgn", a.suggestedFileName(), func(path string) { a.saveToPath(path, then) })
}

// askFileToWrite asks, starting in the folder used last, for a file of
// extension ext to write, suggesting name: in the desktop's file
// chooser, or else in Fyne's dialog. write gets the path chosen, named
// with ext (see withExtension).
func (a *App) askFileToWrite(ext, name string, write func(path string)) {
	q := fileQuestion{save: true, title: lang.L("Save as…"), ext: ext, name: name}
	a.askFile(q, func() { a.askFyneFileToWrite(ext, name, write) }, func(path string) {
		a.withExtension(path, ext, write)
	})
}

// askFyneFileToWrite is askFileToWrite in Fyne's dialog.
func (a *App) askFyneFileToWrite(ext, name string, write func(path string)) {
	d := dialog.NewFileSave(chosenPath[fyne.URIWriteCloser](a, func(path string) { a.withExtension(path, ext, write) }), a.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{ext, strings.ToUpper(ext)}))
	d.SetFileName(name)
	d.SetTitleText(lang.L("Save as…"))
	a.setDialogFolder(d)
	a.dlg.show(d, nil)
	a.takeSaveName(d, a.improveFyneDialog(d), ext, write)
}

// withExtension runs write with the file chosen in a save dialog, named
// with ext when it was typed without. The dialog asked about replacing
// the name typed; a file that the extension makes another one is asked
// about here. No other file is touched.
func (a *App) withExtension(path, ext string, write func(path string)) {
	if strings.EqualFold(filepath.Ext(path), ext) {
		write(path)
		return
	}
	path += ext
	if _, err := os.Lstat(path); err != nil {
		write(path)
		return
	}
	msg := lang.L("{{.File}} already exists. Replace it?", map[string]any{"File": filepath.Base(path)})
	a.dlg.ask(lang.L("Replace the file?"), msg, lang.L("Replace"), lang.L("Cancel"), func(ok bool) {
		if ok {
			write(path)
		}
	})
}

// saveToPath saves the game to path, its new file, then runs then; a
// failure is told.
func (a *App) saveToPath(path string, then func()) {
	a.saved(a.sess.SaveAs(path), func() {
		a.settings.SetLastDirectory(filepath.Dir(path))
		then()
	})
}

// showSaveError says that the game was not saved, why, and what is safe.
func (a *App) showSaveError(err error) {
	a.dlg.showError(errors.New(words.SaveError(err)))
}

// suggestedFileName names a new file after the players and the date.
func (a *App) suggestedFileName() string {
	g := a.sess.Game()
	name := fmt.Sprintf("%s-%s-%s", words.PlayerName(g, game.White), words.PlayerName(g, game.Black), a.now().Format("2006-01-02"))
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) {
			return '_'
		}
		return r
	}, name) + ".pgn"
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

// confirmDiscard runs then once the current game is safe to leave: it was
// not changed since it was saved, or the user saves it or gives it up.
func (a *App) confirmDiscard(then func()) {
	if !a.sess.Dirty() || len(a.sess.Game().History()) == 0 {
		then()
		return
	}
	msg := lang.L("The current game has changes that are not saved. Save it first?")
	a.dlg.choose(lang.L("Unsaved game"), msg, []choice{
		{label: lang.L("Don't save"), action: func() { a.sess.Discard(); then() }},
		{label: lang.L("Save"), action: func() { a.saveThen(then) }, isDefault: true},
	}, nil)
}

// quit closes the app once the game is safe to leave.
func (a *App) quit() {
	a.confirmDiscard(func() {
		if !a.sess.Dirty() {
			a.sess.Discard()
		}
		if a.autosave != nil {
			a.autosave.Close() // what is pending is written first
		}
		a.stopTicker()
		a.ticker = nil
		a.stopAnalysis()
		a.win.Close()
		a.fyne.Quit()
	})
}
