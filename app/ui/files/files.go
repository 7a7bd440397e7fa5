// Package files is the room of the game's files: opening and saving,
// the questions before a game with unsaved changes is left, the games a
// crash left behind, the clipboard and the diagrams.
package files

import (
	"errors"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	fynetheme "fyne.io/fyne/v2/theme"

	"github.com/echiquier/echiquier/app/autosave"
	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/safefile"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
)

// Options are what the files room is given besides the shared services.
type Options struct {
	// Autosave keeps the game through a crash; nil when it cannot, and
	// AutosaveErr then says why.
	Autosave    *autosave.Store
	AutosaveErr error
	// AutosaveDir is the folder of the autosaves, where the games other
	// windows left are found; "" for none.
	AutosaveDir string
}

// Files is the files room.
type Files struct {
	env *kit.Env
	o   Options
}

// New makes the files room and adds its commands to the table.
func New(env *kit.Env, o Options) *Files {
	f := &Files{env: env, o: o}
	useLazyFiles()
	f.AutosaveFailed(o.AutosaveErr)
	env.Commands.Add(
		kit.Command{ID: kit.Open, Label: "Open…", Shortcut: kit.Ctrl(fyne.KeyO), Run: f.openDialog},
		kit.Command{ID: kit.Save, Label: "Save", Button: "Save…", Icon: fynetheme.DocumentSaveIcon(),
			Shortcut: kit.Ctrl(fyne.KeyS), Run: f.save},
		kit.Command{ID: kit.SaveAs, Label: "Save as…", Shortcut: kit.CtrlShift(fyne.KeyS), Run: f.saveAs},
		kit.Command{ID: kit.ExportImage, Label: "Export position as image…", Run: f.exportDiagram},
		kit.Command{ID: kit.CopyGame, Label: "Copy game", Shortcut: &fyne.ShortcutCopy{},
			TextFirst: hasSelection, Run: f.copyGame},
		kit.Command{ID: kit.CopyPosition, Label: "Copy position", Shortcut: kit.CtrlShift(fyne.KeyC), Run: f.copyPosition},
		kit.Command{ID: kit.Paste, Label: "Paste game or position", Shortcut: &fyne.ShortcutPaste{},
			TextFirst: f.pastesInto, Run: f.paste},
	)
	return f
}

// Follow tells a problem the session found in the background (a file
// that could not be read), and what was wrong in a game read from a file
// that did not stop it from being read.
func (f *Files) Follow(ev session.Event) {
	if ev.Problem != nil {
		f.showFileError(ev.Problem)
	}
	if ev.Change.Has(session.GameOpened) {
		var lines []string
		for _, w := range f.env.Session.Game().Warnings() {
			lines = append(lines, words.Warning(w))
		}
		if len(lines) > 0 {
			f.env.Dialogs.Inform(lang.L("Read with a problem"), strings.Join(lines, "\n"))
		}
	}
}

// OpenPath opens a PGN file. Its games are indexed in the background: a
// file of one game opens it at once; several are listed to choose from
// while the rest of the file is read. The current game stays as it is
// until a game of the file is opened. It returns the file being read,
// or nil.
func (f *Files) OpenPath(path string) *collection.Collection {
	c, err := f.env.Session.Open(path)
	if err != nil {
		f.showFileError(err)
		return nil
	}
	f.env.Settings.SetLastDirectory(filepath.Dir(path))
	return c
}

// showFileError tells that a file could not be opened or read; nothing
// changed.
func (f *Files) showFileError(err error) {
	f.env.Dialogs.ShowError(errors.New(words.FileError(err)))
}

// openDialog asks for a PGN file to open, once the current game is safe
// to leave: in the desktop's file chooser, or else in Fyne's dialog.
func (f *Files) openDialog() {
	f.ConfirmDiscard(func() {
		q := fileQuestion{title: lang.L("Open a game"), ext: ".pgn"}
		f.askFile(q, f.openFyneDialog, func(path string) { f.OpenPath(path) })
	})
}

// Dropped opens the first PGN file dropped on the window.
func (f *Files) Dropped(_ fyne.Position, uris []fyne.URI) {
	for _, u := range uris {
		if strings.EqualFold(u.Extension(), ".pgn") {
			path := u.Path()
			f.ConfirmDiscard(func() { f.OpenPath(path) })
			return
		}
	}
}

// save writes the game to its file, or asks for one.
func (f *Files) save() { f.SaveThen(func() {}) }

// SaveThen saves, then runs then once the game is saved.
func (f *Files) SaveThen(then func()) {
	f.saved(f.env.Session.Save(), then)
}

// saved follows a save: then once the game is saved, said in the status
// line; otherwise a file is asked for, a file changed by another program
// asked about, or the failure told.
func (f *Files) saved(err error, then func()) {
	var fe *safefile.Error
	switch {
	case err == nil:
		f.env.Status.Say(words.Saved(f.env.Session.FileName(), f.env.Session.Unkept()))
		then()
	case errors.Is(err, session.ErrNoFile):
		f.saveAsThen(then)
	case errors.As(err, &fe) && fe.Reason == safefile.ReasonChanged:
		f.askSaveOver(fe.Path, then)
	case errors.As(err, &fe) && fe.Reason == safefile.ReasonGone:
		f.askSaveGone(fe.Path, then)
	default:
		f.env.Dialogs.ShowError(errors.New(words.SaveError(err)))
	}
}

// askSaveOver asks whether to replace a file that another program
// changed since the game was read from it.
func (f *Files) askSaveOver(path string, then func()) {
	data := map[string]any{"File": words.FileName(path)}
	if f.env.Session.InCollection() {
		msg := lang.L("Another program changed {{.File}} since it was opened: this game can no longer be written back into its place there. Save it in another file?", data)
		f.env.Dialogs.Ask(lang.L("The file has changed"), msg, lang.L("Save as…"), lang.L("Cancel"), func(ok bool) {
			if ok {
				f.saveAsThen(then)
			}
		})
		return
	}
	msg := lang.L("Another program changed {{.File}} since it was opened. Replace it with this game, losing that change?", data)
	f.env.Dialogs.AskSafely(lang.L("The file has changed"), msg, lang.L("Replace"), lang.L("Cancel"), func(ok bool) {
		if ok {
			f.saved(f.env.Session.SaveOver(), then)
		}
	})
}

// askSaveGone asks where to save a game whose file was deleted or moved
// since it was opened.
func (f *Files) askSaveGone(path string, then func()) {
	data := map[string]any{"File": words.FileName(path)}
	if f.env.Session.InCollection() {
		msg := lang.L("{{.File}} was deleted or moved since it was opened, with the other games it held. Save this game in a new file?", data)
		f.env.Dialogs.Ask(lang.L("The file is gone"), msg, lang.L("Save as…"), lang.L("Cancel"), func(ok bool) {
			if ok {
				f.saveAsThen(then)
			}
		})
		return
	}
	msg := lang.L("{{.File}} was deleted or moved since it was opened. Save the game there again?", data)
	f.env.Dialogs.Ask(lang.L("The file is gone"), msg, lang.L("Save"), lang.L("Cancel"), func(ok bool) {
		if ok {
			f.saved(f.env.Session.SaveOver(), then)
		}
	})
}

// saveAs asks for a file to save the game to.
func (f *Files) saveAs() { f.saveAsThen(func() {}) }

func (f *Files) saveAsThen(then func()) {
	f.askFileToWrite(".pgn", f.suggestedFileName(), func(path string) { f.saveToPath(path, then) })
}

// saveToPath saves the game to path, its new file, then runs then; a
// failure is told.
func (f *Files) saveToPath(path string, then func()) {
	f.saved(f.env.Session.SaveAs(path), func() {
		f.env.Settings.SetLastDirectory(filepath.Dir(path))
		then()
	})
}

// suggestedFileName names a new file after the players and the date the
// game's Date tag gives, as no file of the folder the file chooser starts
// in is named: "Anand-Carlsen-2026-11-20.pgn", else "… (2).pgn"…
func (f *Files) suggestedFileName() string {
	g := f.env.Session.Game()
	parts := []string{words.PlayerName(g, game.White), words.PlayerName(g, game.Black)}
	if d := fileDate(g.Tag("Date")); d != "" {
		parts = append(parts, d)
	}
	name := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) {
			return '_'
		}
		return r
	}, strings.Join(parts, "-"))
	return freeName(f.saveFolder(), name, ".pgn")
}

// fileDate writes the known part of a PGN date for a file name:
// "2026-11-20" for "2026.11.20", "2026-11" for "2026.11.??", "" when the
// year is unknown.
func fileDate(date string) string {
	var known []string
	for i, part := range strings.SplitN(strings.TrimSpace(date), ".", 3) {
		if len(part) != []int{4, 2, 2}[i] || strings.Trim(part, "0123456789") != "" {
			break
		}
		known = append(known, part)
	}
	return strings.Join(known, "-")
}

// mostNumbered bounds the numbers freeName tries: past it, the name is
// suggested as it is, and saving asks before replacing the file.
const mostNumbered = 1000

// freeName is name with ext, or with " (2)", " (3)"… before ext, the
// first that names no file in dir.
func freeName(dir, name, ext string) string {
	if dir == "" {
		return name + ext
	}
	for i := 1; i <= mostNumbered; i++ {
		candidate := name + ext
		if i > 1 {
			candidate = fmt.Sprintf("%s (%d)%s", name, i, ext)
		}
		if _, err := os.Lstat(filepath.Join(dir, candidate)); errors.Is(err, fs.ErrNotExist) {
			return candidate
		}
	}
	return name + ext
}

// saveFolder is the folder the file chooser starts in to save: the one
// used last, else the one Fyne's dialog showed last, else the home
// folder.
func (f *Files) saveFolder() string {
	if dir := f.env.Settings.LastDirectory(); dir != "" {
		return dir
	}
	if dir := f.fyneDialogFolder(); dir != "" {
		return dir
	}
	home, _ := os.UserHomeDir()
	return home
}

// ConfirmDiscard runs then once the current game is safe to leave: it was
// not changed since it was saved, or the user saves it or gives it up.
func (f *Files) ConfirmDiscard(then func()) {
	s := f.env.Session
	if !s.Dirty() || len(s.Game().History()) == 0 {
		then()
		return
	}
	msg := lang.L("The current game has changes that are not saved. Save it first?")
	f.env.Dialogs.Choose(lang.L("Unsaved game"), msg, []kit.Choice{
		// The game stays autosaved until it is really replaced, then
		// goes to the Trash: a Cancel after this loses nothing.
		{Label: lang.L("Don't save"), Action: then},
		{Label: lang.L("Save"), Action: func() { f.SaveThen(then) }, Default: true},
	}, nil)
}

// AutosaveFailed tells the players, in the status line, that the game is
// not kept against a crash, and why; nil says it is kept again.
func (f *Files) AutosaveFailed(err error) {
	note := ""
	if err != nil {
		log.Printf("autosave failed: %v", err)
		note = lang.L("Crash protection is off: the game cannot be autosaved ({{.Reason}}). Save it to keep it.",
			map[string]any{"Reason": words.DiskReason(err)})
	}
	f.env.Status.SetNote(note)
}
