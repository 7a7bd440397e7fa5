package app

import (
	"errors"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/echiquier/echiquier/app/ui/words"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/diagram"
	"github.com/echiquier/echiquier/app/safefile"
	"github.com/echiquier/echiquier/theme"
)

// diagramFormats are the image formats offered, by extension.
var diagramFormats = []string{"PNG", "SVG"}

// diagramChoice is what the export dialog asks: size, format,
// coordinates.
type diagramChoice struct {
	size        int
	format      string // "PNG" or "SVG"
	coordinates bool
}

// exportDiagram asks how to draw the position shown, then where to
// write it.
func (a *App) exportDiagram() {
	size := newEscapableEntry()
	size.SetText(strconv.Itoa(diagram.DefaultSize))
	size.Validator = validateDiagramSize
	format := widget.NewRadioGroup(diagramFormats, nil)
	format.Horizontal = true
	format.SetSelected(diagramFormats[0])
	coords := widget.NewCheck(lang.L("Coordinates"), nil)
	coords.SetChecked(a.settings.Coordinates())
	items := []*widget.FormItem{
		widget.NewFormItem(lang.L("Size (pixels)"), size),
		widget.NewFormItem(lang.L("Format"), format),
		widget.NewFormItem("", coords),
	}
	items[1].HintText = lang.L("PNG for documents, SVG for any size")
	d := dialog.NewForm(lang.L("Export position as image"), lang.L("Export…"), lang.L("Cancel"), items, func(ok bool) {
		if !ok {
			return
		}
		px, _ := strconv.Atoi(strings.TrimSpace(size.Text))
		a.askDiagramFile(diagramChoice{size: px, format: format.Selected, coordinates: coords.Checked})
	}, a.win)
	size.onEscape = d.Dismiss
	a.dlg.show(d, d.Submit)
}

// validateDiagramSize accepts a whole number of pixels in the range a
// diagram may have.
func validateDiagramSize(s string) error {
	px, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || px < diagram.MinSize || px > diagram.MaxSize {
		return errors.New(lang.L("From {{.Min}} to {{.Max}} pixels", map[string]any{"Min": diagram.MinSize, "Max": diagram.MaxSize}))
	}
	return nil
}

// askDiagramFile asks where to write the diagram.
func (a *App) askDiagramFile(c diagramChoice) {
	ext := "." + strings.ToLower(c.format)
	a.askFileToWrite(ext, strings.TrimSuffix(a.suggestedFileName(), ".pgn")+ext, func(path string) {
		if err := a.writeDiagram(path, c); err != nil {
			a.dlg.showError(errors.New(lang.L("The image was not written:") + "\n" + words.Error(err)))
			return
		}
		a.settings.SetLastDirectory(filepath.Dir(path))
	})
}

// writeDiagram writes the position shown to path, drawn as the board
// shows it: its colours, piece set and side, the last move tinted.
func (a *App) writeDiagram(path string, c diagramChoice) error {
	n := a.sess.Shown()
	pos := n.Position()
	o := diagram.Options{
		Size: c.size, Scheme: theme.Scheme(a.settings.BoardScheme()), Pieces: a.pieces,
		Coordinates: c.coordinates, Flipped: a.settings.Flipped(),
		LastMove: n.Move(), HasLastMove: n.Parent() != nil,
	}
	write := func(w io.Writer) error { return diagram.PNG(w, &pos, o) }
	if c.format == "SVG" {
		write = func(w io.Writer) error { return diagram.SVG(w, &pos, o) }
	}
	_, err := safefile.Write(path, write, nil)
	return err
}
