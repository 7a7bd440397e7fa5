package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
)

// newOpeningLabel makes the line under the move list that names the
// opening of the position shown.
func (a *App) newOpeningLabel(u *ui) fyne.CanvasObject {
	u.opening = widget.NewLabel("")
	u.opening.Truncation = fyne.TextTruncateEllipsis
	return u.opening
}

// refreshOpening names the opening of the position shown: the deepest
// position of the table on its line, so that it stays named once the
// game has left the book. The names are the table's, in English. The
// start position has no name: the window shows it before the table is
// read, and does not wait for it.
func (a *App) refreshOpening() {
	text := ""
	n := a.sess.Shown()
	if pos := n.Position(); n.Parent() == nil && pos.FEN() == game.StartFEN {
		// the table names no start position
	} else if o, ok := a.openings.Line(n); ok {
		text = o.ECO + " " + o.Name
	}
	if a.ui.opening.Text != text {
		a.ui.opening.SetText(text)
	}
}
