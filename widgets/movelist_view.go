package widgets

import (
	"sort"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	fynetheme "fyne.io/fyne/v2/theme"

	"github.com/echiquier/echiquier/app/game"
)

// Texts the move list's columns are sized for; figurines draw in the
// glyph font, which is wider than the theme's.
const (
	widestNumber   = "999…"
	widestMove     = "Nbxd7+!?"
	widestFigurine = "♞bxd7+!?"
)

// listMetrics are the move list's sizes in the current theme.
type listMetrics struct {
	pad      float32 // the theme's padding
	cellH    float32 // the height of a row of moves
	lineH    float32 // the height of a line of a paragraph
	gap      float32 // the space above and below a paragraph
	numW     float32 // the width of the number column, its padding included
	cellMinW float32 // the narrowest a move cell gets
	indent   float32 // how much further in a side line starts than a comment
}

func newListMetrics(th fyne.Theme) listMetrics {
	pad := th.Size(fynetheme.SizeNamePadding)
	size := th.Size(fynetheme.SizeNameText)
	textH := fyne.MeasureText(widestMove, size, fyne.TextStyle{}).Height
	return listMetrics{
		pad:      pad,
		cellH:    textH + 2*pad,
		lineH:    textH + pad,
		gap:      pad / 2,
		numW:     textWidth(th, widestNumber) + pad,
		cellMinW: max(textWidth(th, widestMove), textWidth(th, widestFigurine)) + 2*pad,
		indent:   2 * pad,
	}
}

// minWidth is the narrowest the rows get.
func (m listMetrics) minWidth() float32 { return m.numW + 2*m.cellMinW }

// left is the margin of a paragraph.
func (m listMetrics) left(i paraIndent) float32 {
	switch i {
	case indentComment:
		return m.numW + m.pad
	case indentVariation:
		return m.numW + m.pad + m.indent
	}
	return m.pad
}

// viewRow is a row of the laid-out list: a row of moves or a line of a
// paragraph.
type viewRow struct {
	y     float32 // the top of the row in the content
	entry int
	line  int // the paragraph's line
}

// visibleRow is a row in view and the object that shows it: a row of
// moves or a line of text.
type visibleRow struct {
	row   int
	moves *moveRow
	line  *flowLine
}

// moveListView lays out a move list's entries at the list's width and
// shows them in a vertical scroll. Only the rows in view exist as
// objects; they are reused as the list scrolls.
type moveListView struct {
	l        *MoveList
	tree     moveTree
	m        listMetrics
	measurer textMeasurer

	rows   []viewRow
	height float32 // of all rows
	width  float32 // the width laid out for; 0 before the first layout
	layout int     // counts the layouts: a line of a paragraph may change

	scroll  *container.Scroll
	content *fyne.Container

	visible, spare []visibleRow
	freeMoves      []*moveRow
	freeLines      []*flowLine
}

func newMoveListView(l *MoveList) *moveListView {
	v := &moveListView{l: l}
	v.content = &fyne.Container{Layout: (*viewportLayout)(v)}
	v.scroll = container.NewVScroll(v.content)
	v.scroll.OnScrolled = func(fyne.Position) { v.updateVisible() }
	return v
}

// setTheme takes the theme's sizes; the rows must be laid out again.
func (v *moveListView) setTheme(th fyne.Theme) {
	v.m = newListMetrics(th)
	v.measurer.setSize(th.Size(fynetheme.SizeNameText))
	v.width = 0
}

// resize lays the rows out again for a new width and resizes the
// scroll.
// The current move stays in view: the rows may have wrapped anew, and
// a lower list may have left it out.
func (v *moveListView) resize(size fyne.Size) {
	if w := max(size.Width, v.m.minWidth()); w != v.width {
		v.layoutRows(w)
	}
	v.scroll.Resize(size)
	v.clampOffset()
	v.updateVisible()
	if size.Height > 0 {
		v.scrollToCurrent()
	}
}

// relayout lays the rows out again after the tree changed, if the list
// has been laid out already.
func (v *moveListView) relayout() {
	if v.width <= 0 {
		return
	}
	old := v.height
	v.layoutRows(v.width)
	if v.height != old {
		v.clampOffset()
		v.scroll.Refresh()
	}
	v.updateVisible()
}

// layoutRows wraps the paragraphs to width and places every row.
func (v *moveListView) layoutRows(width float32) {
	v.width = width
	v.layout++
	v.rows = v.rows[:0]
	y := float32(0)
	for i := range v.tree.entries {
		e := &v.tree.entries[i]
		if e.para == nil {
			v.rows = append(v.rows, viewRow{y: y, entry: i})
			y += v.m.cellH
			continue
		}
		e.para.left = v.m.left(e.indent)
		e.para.wrap(width-e.para.left-v.m.pad, &v.measurer)
		y += v.m.gap
		for line := range e.para.lines {
			v.rows = append(v.rows, viewRow{y: y, entry: i, line: line})
			y += v.m.lineH
		}
		y += v.m.gap
	}
	v.height = y
}

// rowBox returns the top and height of the object that shows row i.
func (v *moveListView) rowBox(i int) (top, height float32) {
	r := v.rows[i]
	if v.tree.entries[r.entry].para == nil {
		return r.y, v.m.cellH
	}
	if r.line == 0 {
		return r.y + v.m.gap, v.m.lineH
	}
	return r.y, v.m.lineH
}

// rowBottom is where row i ends, the space after a paragraph included.
func (v *moveListView) rowBottom(i int) float32 {
	if i+1 < len(v.rows) {
		return v.rows[i+1].y
	}
	return v.height
}

// rowOf returns the row that shows spot s.
func (v *moveListView) rowOf(s nodeSpot) int {
	i := sort.Search(len(v.rows), func(i int) bool { return v.rows[i].entry >= s.entry })
	if p := v.tree.entries[s.entry].para; p != nil {
		i += p.lineOf(s.index)
	}
	return i
}

// clampOffset keeps the scroll within the content.
func (v *moveListView) clampOffset() {
	if top := max(v.height-v.scroll.Size().Height, 0); v.scroll.Offset.Y > top {
		v.scroll.ScrollToOffset(fyne.NewPos(0, top))
	}
}

// scrollToCurrent scrolls the least that shows the current move whole;
// before the list is laid out it waits for the layout.
func (v *moveListView) scrollToCurrent() {
	s, ok := v.tree.spot(v.l.current)
	if (v.l.current == nil || !ok) && !v.l.atStart {
		v.updateVisible()
		return
	}
	viewH := v.scroll.Size().Height
	if v.width <= 0 || viewH <= 0 {
		return // the layout scrolls
	}
	if v.l.current == nil {
		v.scroll.ScrollToTop()
		v.updateVisible()
		return
	}
	top, h := v.rowBox(v.rowOf(s))
	off := v.scroll.Offset.Y
	switch {
	case top < off:
		off = top
	case top+h > off+viewH:
		off = top + h - viewH
	}
	v.scroll.ScrollToOffset(fyne.NewPos(0, off))
	v.updateVisible()
}

// endInView tells whether the last row is in view, or the list not laid
// out yet.
func (v *moveListView) endInView() bool {
	return v.width <= 0 || v.scroll.Offset.Y+v.scroll.Size().Height >= v.height-1
}

// scrollToEnd scrolls to the last row.
func (v *moveListView) scrollToEnd() {
	if v.width <= 0 {
		return
	}
	v.scroll.ScrollToOffset(fyne.NewPos(0, max(v.height-v.scroll.Size().Height, 0)))
	v.updateVisible()
}

// updateVisible shows the rows in view, reusing the objects of those
// that were in view already.
func (v *moveListView) updateVisible() {
	if v.width <= 0 {
		return
	}
	off, viewH := v.scroll.Offset.Y, v.scroll.Size().Height
	first := sort.Search(len(v.rows), func(i int) bool { return v.rowBottom(i) > off })
	old := v.visible
	v.visible = v.spare[:0]
	objects := v.content.Objects[:0]
	for i := first; i < len(v.rows) && v.rows[i].y < off+viewH; i++ {
		vr := v.take(old, i)
		v.visible = append(v.visible, vr)
		objects = append(objects, v.place(vr))
	}
	v.release(old)
	clear(objects[len(objects):cap(objects)])
	v.content.Objects = objects
	v.spare = old[:0]
	canvas.Refresh(v.content)
}

// take returns an object for row i: the one that showed it before if it
// still fits, else one from the pools.
func (v *moveListView) take(old []visibleRow, i int) visibleRow {
	isMoves := v.tree.entries[v.rows[i].entry].para == nil
	k := sort.Search(len(old), func(k int) bool { return old[k].row >= i })
	if k < len(old) && old[k].row == i && (old[k].moves != nil) == isMoves {
		vr := old[k]
		old[k] = visibleRow{row: i} // taken: release skips it
		return vr
	}
	if isMoves {
		return visibleRow{row: i, moves: fromPool(&v.freeMoves, v.newMoveRow)}
	}
	return visibleRow{row: i, line: fromPool(&v.freeLines, v.newFlowLine)}
}

// release puts back in the pools the objects of old that are no longer
// in view.
func (v *moveListView) release(old []visibleRow) {
	for k, vr := range old {
		switch {
		case vr.moves != nil:
			v.freeMoves = append(v.freeMoves, vr.moves)
		case vr.line != nil:
			v.freeLines = append(v.freeLines, vr.line)
		}
		old[k] = visibleRow{}
	}
}

// fromPool takes the last object of pool, or makes one when it is empty.
func fromPool[T any](pool *[]T, newT func() T) T {
	n := len(*pool)
	if n == 0 {
		return newT()
	}
	x := (*pool)[n-1]
	*pool = (*pool)[:n-1]
	return x
}

func (v *moveListView) newMoveRow() *moveRow { return newMoveRow(v.l.tapped, v.l.showMenu) }

func (v *moveListView) newFlowLine() *flowLine { return newFlowLine(v.l.tapped, v.l.showMenu) }

// place shows row vr.row in its object and puts the object in place.
func (v *moveListView) place(vr visibleRow) fyne.CanvasObject {
	r := v.rows[vr.row]
	e := &v.tree.entries[r.entry]
	top, h := v.rowBox(vr.row)
	var o fyne.CanvasObject
	if vr.moves != nil {
		vr.moves.set(v.cell(e.white, e.whiteText), v.cell(e.black, e.blackText))
		o = vr.moves
	} else {
		vr.line.set(flowLineState{para: e.para, line: r.line, layout: v.layout, current: v.currentToken(r)})
		o = vr.line
	}
	o.Move(fyne.NewPos(0, top))
	o.Resize(fyne.NewSize(v.width, h))
	return o
}

// cell returns what a move cell shows for n (nil: an empty cell).
func (v *moveListView) cell(n *game.Node, text string) cellState {
	if n == nil {
		return cellState{}
	}
	return cellState{node: n, text: text, current: n == v.l.current}
}

// currentToken returns the token of the current move if row r shows it,
// or -1.
func (v *moveListView) currentToken(r viewRow) int {
	s, ok := v.tree.spot(v.l.current)
	if !ok || s.entry != r.entry {
		return -1
	}
	if from, to := v.tree.entries[r.entry].para.lineRange(r.line); s.index < from || s.index >= to {
		return -1
	}
	return s.index
}

// viewportLayout is the layout of the scrolled content: the rows in view
// at their places, the content as tall as all rows.
type viewportLayout moveListView

// Layout is part of fyne.Layout.
func (vl *viewportLayout) Layout([]fyne.CanvasObject, fyne.Size) {
	(*moveListView)(vl).updateVisible()
}

// MinSize is part of fyne.Layout.
func (vl *viewportLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(vl.m.minWidth(), vl.height)
}
