package report

import (
	"fyne.io/fyne/v2"
	fynetheme "fyne.io/fyne/v2/theme"
)

// columns lays out the report's figures in rows of three cells: what a
// row is, then White's and Black's. The first column is as wide as its
// widest cell; the players share the rest equally, so that their figures
// stand under their names whatever the language.
type columns struct{}

// widths returns the first column's width and a player's column's
// smallest width, and each row's height.
func (columns) widths(objects []fyne.CanvasObject) (first, player float32, rows []float32) {
	for i := 0; i+2 < len(objects); i += 3 {
		h := float32(0)
		for j, o := range objects[i : i+3] {
			s := o.MinSize()
			if j == 0 {
				first = max(first, s.Width)
			} else {
				player = max(player, s.Width)
			}
			h = max(h, s.Height)
		}
		rows = append(rows, h)
	}
	return first, player, rows
}

func (l columns) MinSize(objects []fyne.CanvasObject) fyne.Size {
	pad := fynetheme.Padding()
	first, player, rows := l.widths(objects)
	h := float32(0)
	for _, r := range rows {
		h += r
	}
	return fyne.NewSize(first+2*player+2*pad, h+float32(max(0, len(rows)-1))*pad)
}

func (l columns) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	pad := fynetheme.Padding()
	first, _, rows := l.widths(objects)
	player := max(0, (size.Width-first-2*pad)/2)
	y := float32(0)
	for r, h := range rows {
		x := float32(0)
		for j, o := range objects[3*r : 3*r+3] {
			w := player
			if j == 0 {
				w = first
			}
			o.Move(fyne.NewPos(x, y))
			o.Resize(fyne.NewSize(w, h))
			x += w + pad
		}
		y += h + pad
	}
}
