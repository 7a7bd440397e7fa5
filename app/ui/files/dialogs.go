package files

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"

	"github.com/echiquier/echiquier/app/ui/kit"
)

// pgnFilter shows PGN files in the file dialogs.
var pgnFilter = storage.NewExtensionFileFilter([]string{".pgn", ".PGN"})

// openFyneDialog asks for a PGN file to open in Fyne's dialog.
func (f *Files) openFyneDialog() {
	d := dialog.NewFileOpen(chosenPath[fyne.URIReadCloser](f, func(path string) { f.OpenPath(path) }), f.env.Window)
	d.SetFilter(pgnFilter)
	d.SetTitleText(lang.L("Open a game"))
	f.setDialogFolder(d)
	f.env.Dialogs.Show(d, &kit.Scope{})
	f.guardDoubleClicks(f.fyneDialogPopUp(), f.improveFyneDialog(d))
}

// chosenPath turns the answer of Fyne's file dialog into the path
// chosen, for then; an error is shown, a cancel does nothing. The file is
// closed untouched: unopened (the window's file repository opens nothing
// until read from, nor creates anything until written to).
func chosenPath[F interface {
	URI() fyne.URI
	Close() error
}](f *Files, then func(path string)) func(F, error) {
	return func(file F, err error) {
		if err != nil {
			f.env.Dialogs.ShowError(err)
			return
		}
		if any(file) == nil {
			return
		}
		path := file.URI().Path()
		file.Close()
		then(path)
	}
}

// setDialogFolder starts a file dialog in the folder used last.
func (f *Files) setDialogFolder(d interface{ SetLocation(fyne.ListableURI) }) {
	dir := f.env.Settings.LastDirectory()
	if dir == "" {
		return
	}
	if uri, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
		d.SetLocation(uri)
	}
}

// askFileToWrite asks, starting in the folder used last, for a file of
// extension ext to write, suggesting name: in the desktop's file
// chooser, or else in Fyne's dialog. write gets the path chosen, named
// with ext (see checkedWrite).
func (f *Files) askFileToWrite(ext, name string, write func(path string)) {
	q := fileQuestion{save: true, title: lang.L("Save as…"), ext: ext, name: name}
	f.askFile(q, func() { f.askFyneFileToWrite(ext, name, write) }, func(path string) {
		f.checkedWrite(path, ext, path, write)
	})
}

// askFyneFileToWrite is askFileToWrite in Fyne's dialog.
func (f *Files) askFyneFileToWrite(ext, name string, write func(path string)) {
	d := dialog.NewFileSave(chosenPath[fyne.URIWriteCloser](f, func(path string) { f.checkedWrite(path, ext, path, write) }), f.env.Window)
	d.SetFilter(storage.NewExtensionFileFilter([]string{ext, strings.ToUpper(ext)}))
	d.SetFileName(name)
	d.SetTitleText(lang.L("Save as…"))
	f.setDialogFolder(d)
	sc := &kit.Scope{}
	f.env.Dialogs.Show(d, sc)
	parts := f.improveFyneDialog(d)
	f.takeSaveName(d, sc, parts, ext, write)
	f.guardDoubleClicks(f.fyneDialogPopUp(), parts)
}
