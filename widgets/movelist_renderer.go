package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
)

// moveListRenderer shows the move list's scroll.
type moveListRenderer struct {
	l       *MoveList
	objects []fyne.CanvasObject
}

func (r *moveListRenderer) Destroy() {}

func (r *moveListRenderer) Layout(size fyne.Size) { r.l.view.resize(size) }

func (r *moveListRenderer) MinSize() fyne.Size { return r.l.view.scroll.MinSize() }

func (r *moveListRenderer) Objects() []fyne.CanvasObject { return r.objects }

// Refresh takes a new theme or notation: it reads the tree again and
// lays it out anew.
func (r *moveListRenderer) Refresh() {
	v := r.l.view
	v.setTheme(r.l.Theme())
	v.freeMoves, v.freeLines = nil, nil // drawn in the old theme
	r.l.SetRoot(r.l.root)
	v.resize(r.l.Size())
	v.scroll.Refresh()
}

// moveRow is one row of the move list: a move number and two move cells.
type moveRow struct {
	widget.BaseWidget

	number       *canvas.Text
	white, black *moveCell
}

func newMoveRow(onTap func(*game.Node), onMenu func(*game.Node, fyne.Position)) *moveRow {
	r := &moveRow{
		number: canvas.NewText("", color.Transparent),
		white:  newMoveCell(onTap, onMenu),
		black:  newMoveCell(onTap, onMenu),
	}
	r.number.Alignment = fyne.TextAlignTrailing
	r.ExtendBaseWidget(r)
	return r
}

// set shows a row's moves and their number. The number is written only
// for other moves: rows are set again on every scroll and click.
func (r *moveRow) set(white, black cellState) {
	if white.node != r.white.state.node || black.node != r.black.state.node {
		if number := rowNumber(white.node, black.node); number != r.number.Text {
			r.number.Text = number
			r.number.Refresh()
		}
	}
	r.white.set(white)
	r.black.set(black)
}

// CreateRenderer is part of fyne.Widget.
func (r *moveRow) CreateRenderer() fyne.WidgetRenderer {
	r.ExtendBaseWidget(r)
	rr := &moveRowRenderer{row: r, objects: []fyne.CanvasObject{r.number, r.white, r.black}}
	rr.Refresh()
	return rr
}

type moveRowRenderer struct {
	row     *moveRow
	objects []fyne.CanvasObject
}

func (rr *moveRowRenderer) Destroy() {}

func (rr *moveRowRenderer) Objects() []fyne.CanvasObject { return rr.objects }

// Layout puts the number in a fixed column and shares the rest of the
// width between the two moves.
func (rr *moveRowRenderer) Layout(size fyne.Size) {
	m := newListMetrics(rr.row.Theme())
	numW := m.numW
	cellW := (size.Width - numW) / 2
	textH := rr.row.number.MinSize().Height
	rr.row.number.Move(fyne.NewPos(0, (size.Height-textH)/2))
	rr.row.number.Resize(fyne.NewSize(numW-m.pad, textH))
	rr.row.white.Move(fyne.NewPos(numW, 0))
	rr.row.white.Resize(fyne.NewSize(cellW, size.Height))
	rr.row.black.Move(fyne.NewPos(numW+cellW, 0))
	rr.row.black.Resize(fyne.NewSize(cellW, size.Height))
}

func (rr *moveRowRenderer) MinSize() fyne.Size {
	m := newListMetrics(rr.row.Theme())
	return fyne.NewSize(m.minWidth(), m.cellH)
}

func (rr *moveRowRenderer) Refresh() {
	th := rr.row.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	rr.row.number.TextSize = th.Size(fynetheme.SizeNameText)
	rr.row.number.Color = th.Color(fynetheme.ColorNamePlaceHolder, v)
	rr.row.number.Refresh()
	rr.row.white.Refresh()
	rr.row.black.Refresh()
}

// cellState is what a move cell shows; the zero value is an empty cell.
type cellState struct {
	node    *game.Node
	text    string
	current bool
}

// moveCell is one move of the move list, drawn as text: clicking it
// reports its node, right-clicking asks for its menu.
type moveCell struct {
	widget.BaseWidget

	state   cellState
	hovered bool
	onTap   func(*game.Node)
	onMenu  func(*game.Node, fyne.Position)
}

var (
	_ fyne.Tappable          = (*moveCell)(nil)
	_ fyne.SecondaryTappable = (*moveCell)(nil)
	_ desktop.Hoverable      = (*moveCell)(nil)
	_ desktop.Cursorable     = (*moveCell)(nil)
)

func newMoveCell(onTap func(*game.Node), onMenu func(*game.Node, fyne.Position)) *moveCell {
	c := &moveCell{onTap: onTap, onMenu: onMenu}
	c.ExtendBaseWidget(c)
	return c
}

// set shows s, redrawing only on a change.
func (c *moveCell) set(s cellState) {
	if c.state == s {
		return
	}
	c.state = s
	c.Refresh()
}

// CreateRenderer is part of fyne.Widget.
func (c *moveCell) CreateRenderer() fyne.WidgetRenderer {
	c.ExtendBaseWidget(c)
	r := &moveCellRenderer{
		cell: c,
		bg:   canvas.NewRectangle(color.Transparent),
		text: canvas.NewText("", color.Transparent),
	}
	r.objects = []fyne.CanvasObject{r.bg, r.text}
	r.Refresh()
	return r
}

// Tapped reports the cell's move.
func (c *moveCell) Tapped(*fyne.PointEvent) {
	if c.state.node != nil && c.onTap != nil {
		c.onTap(c.state.node)
	}
}

// TappedSecondary asks for the menu of the cell's move.
func (c *moveCell) TappedSecondary(e *fyne.PointEvent) {
	if c.state.node != nil && c.onMenu != nil {
		c.onMenu(c.state.node, e.AbsolutePosition)
	}
}

// Cursor shows a pointing hand over a move.
func (c *moveCell) Cursor() desktop.Cursor {
	if c.state.node == nil {
		return desktop.DefaultCursor
	}
	return desktop.PointerCursor
}

// MouseIn marks the move under the pointer.
func (c *moveCell) MouseIn(*desktop.MouseEvent) {
	c.hovered = true
	c.Refresh()
}

// MouseMoved is part of desktop.Hoverable.
func (c *moveCell) MouseMoved(*desktop.MouseEvent) {}

// MouseOut drops the mark of MouseIn.
func (c *moveCell) MouseOut() {
	c.hovered = false
	c.Refresh()
}

type moveCellRenderer struct {
	cell    *moveCell
	bg      *canvas.Rectangle
	text    *canvas.Text
	objects []fyne.CanvasObject
}

func (r *moveCellRenderer) Destroy() {}

func (r *moveCellRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *moveCellRenderer) Layout(size fyne.Size) {
	pad := r.cell.Theme().Size(fynetheme.SizeNamePadding)
	textH := r.text.MinSize().Height
	r.bg.Resize(size)
	r.text.Move(fyne.NewPos(pad, textTop(r.text, size.Height)))
	r.text.Resize(fyne.NewSize(size.Width-2*pad, textH))
}

func (r *moveCellRenderer) MinSize() fyne.Size {
	m := newListMetrics(r.cell.Theme())
	return fyne.NewSize(m.cellMinW, m.cellH)
}

// Refresh shows the move; the current one bold on the selection colour,
// the one under the pointer on the hover colour.
func (r *moveCellRenderer) Refresh() {
	th := r.cell.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	s := r.cell.state
	r.text.Text = s.text
	r.text.TextSize = th.Size(fynetheme.SizeNameText)
	r.text.TextStyle = fyne.TextStyle{Bold: s.current}
	r.text.FontSource = glyphFont(s.text, r.text.TextStyle)
	r.text.Color = th.Color(fynetheme.ColorNameForeground, v)
	r.bg.CornerRadius = th.Size(fynetheme.SizeNameSelectionRadius)
	switch {
	case s.current:
		r.bg.FillColor = th.Color(fynetheme.ColorNameSelection, v)
	case r.cell.hovered && s.node != nil:
		r.bg.FillColor = th.Color(fynetheme.ColorNameHover, v)
	default:
		r.bg.FillColor = color.Transparent
	}
	r.Layout(r.cell.Size())
	canvas.Refresh(r.cell)
}

// textWidth is the width of s in the theme's text size, in the font it
// draws in (see glyphFont).
func textWidth(th fyne.Theme, s string) float32 {
	style := fyne.TextStyle{}
	size, _ := fyne.CurrentApp().Driver().RenderedTextSize(s, th.Size(fynetheme.SizeNameText), style, glyphFont(s, style))
	return size.Width
}
