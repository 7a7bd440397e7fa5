package app

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
)

// pickerColumns are the tags the game picker shows.
var pickerColumns = []string{"White", "Black", "Result", "Date", "Event"}

// columnTitle returns the translated heading of a picker column.
func columnTitle(tag string) string {
	switch tag {
	case "White":
		return lang.L("White")
	case "Black":
		return lang.L("Black")
	case "Result":
		return lang.L("Result")
	case "Date":
		return lang.L("Date")
	}
	return lang.L("Event")
}

// showPicker lists the games of a file to choose one from, and says which
// games could not be read.
func (a *App) showPicker(path string, games []*game.Game, errs []error) {
	var d *dialog.CustomDialog
	table := widget.NewTable(
		func() (int, int) { return len(games) + 1, len(pickerColumns) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			if id.Row == 0 {
				l.TextStyle.Bold = true
				l.SetText(columnTitle(pickerColumns[id.Col]))
				return
			}
			l.TextStyle.Bold = false
			l.SetText(games[id.Row-1].Tag(pickerColumns[id.Col]))
		})
	for i, w := range []float32{190, 190, 70, 100, 220} {
		table.SetColumnWidth(i, w)
	}
	table.OnSelected = func(id widget.TableCellID) {
		if id.Row == 0 {
			table.UnselectAll()
			return
		}
		d.Hide()
		a.load(games[id.Row-1], path, true)
	}
	content := fyne.CanvasObject(table)
	if len(errs) > 0 {
		note := wrapped(lang.L("{{.Count}} games could not be read:", map[string]any{"Count": len(errs)}) + "\n" + describeLoadErrors(errs))
		content = container.NewBorder(nil, note, nil, nil, table)
	}
	title := lang.L("Choose a game in {{.File}}", map[string]any{"File": filepath.Base(path)})
	d = dialog.NewCustom(title, lang.L("Cancel"), content, a.win)
	d.Resize(fyne.NewSize(820, 520))
	d.Show()
}
