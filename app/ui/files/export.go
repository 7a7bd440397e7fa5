package files

import (
	"errors"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/echiquier/echiquier/app/ui/kit"
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
// coordinates, the arrows and circles.
type diagramChoice struct {
	size        int
	format      string // "PNG" or "SVG"
	coordinates bool
	marks       bool
}

// exportDiagram asks how to draw the position shown, then where to
// write it.
func (f *Files) exportDiagram() {
	sc := &kit.Scope{}
	size := kit.NewEntry(sc)
	size.SetText(strconv.Itoa(diagram.DefaultSize))
	size.Validator = validateDiagramSize
	format := kit.NewSelect(sc, diagramFormats, nil)
	format.SetSelected(diagramFormats[0])
	coords := kit.NewCheck(sc, lang.L("Coordinates"), nil)
	coords.SetChecked(f.env.Settings.Coordinates())
	// The arrows and circles drawn on the position, as the board shows
	// them; a position without any has none to draw.
	marks := kit.NewCheck(sc, lang.L("Arrows and circles"), nil)
	if len(f.env.Session.Shown().Marks()) > 0 {
		marks.SetChecked(true)
	} else {
		marks.Disable()
	}
	items := []*widget.FormItem{
		widget.NewFormItem(lang.L("Size (pixels)"), size),
		widget.NewFormItem(lang.L("Format"), format),
		widget.NewFormItem("", coords),
		widget.NewFormItem("", marks),
	}
	items[1].HintText = lang.L("PNG for documents, SVG for any size")
	d := dialog.NewForm(lang.L("Export position as image"), lang.L("Export…"), lang.L("Cancel"), items, func(ok bool) {
		if !ok {
			return
		}
		px, _ := strconv.Atoi(strings.TrimSpace(size.Text))
		f.askDiagramFile(diagramChoice{size: px, format: format.Selected, coordinates: coords.Checked, marks: marks.Checked})
	}, f.env.Window)
	sc.Confirm = d.Submit
	f.env.Dialogs.Show(d, sc)
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
func (f *Files) askDiagramFile(c diagramChoice) {
	ext := "." + strings.ToLower(c.format)
	f.askFileToWrite(ext, strings.TrimSuffix(f.suggestedFileName(), ".pgn")+ext, func(path string) {
		if err := f.writeDiagram(path, c); err != nil {
			f.env.Dialogs.ShowError(errors.New(lang.L("The image was not written:") + "\n" + words.Error(err)))
			return
		}
		f.env.Settings.SetLastDirectory(filepath.Dir(path))
		f.env.Status.Say(lang.L("Saved the image to {{.File}}", map[string]any{"File": words.FileName(path)}))
	})
}

// writeDiagram writes the position shown to path, drawn as the board
// shows it: its colours, piece set and side, the last move tinted, and
// its arrows and circles when asked.
func (f *Files) writeDiagram(path string, c diagramChoice) error {
	n := f.env.Session.Shown()
	pos := n.Position()
	o := diagram.Options{
		Size: c.size, Scheme: theme.Scheme(f.env.Settings.BoardScheme()), Pieces: f.env.Pieces(),
		Coordinates: c.coordinates, Flipped: f.env.Settings.Flipped(),
		LastMove: n.Move(), HasLastMove: n.Parent() != nil,
	}
	if c.marks {
		o.Marks = n.Marks()
	}
	write := func(w io.Writer) error { return diagram.PNG(w, &pos, o) }
	if c.format == "SVG" {
		write = func(w io.Writer) error { return diagram.SVG(w, &pos, o) }
	}
	_, err := safefile.Write(path, write, nil)
	return err
}
