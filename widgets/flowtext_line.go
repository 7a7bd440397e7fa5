package widgets

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
)

// flowLineState is what a flowLine shows: one wrapped line of a
// paragraph.
type flowLineState struct {
	para    *flowPara
	line    int
	layout  int // the paragraph's layout: wrapping anew changes the line
	current int // the token of the current move, or -1
}

// flowLine shows one line of a wrapped paragraph. Its moves take clicks
// and show the pointer and the current move; the rest is plain text.
type flowLine struct {
	widget.BaseWidget

	state   flowLineState
	hovered int // the move token under the pointer, or -1
	onTap   func(*game.Node)
	onMenu  func(*game.Node, fyne.Position)

	renderer *flowLineRenderer // set by CreateRenderer, for hover marks
}

var (
	_ fyne.Tappable          = (*flowLine)(nil)
	_ fyne.SecondaryTappable = (*flowLine)(nil)
	_ desktop.Hoverable      = (*flowLine)(nil)
	_ desktop.Cursorable     = (*flowLine)(nil)
)

func newFlowLine(onTap func(*game.Node), onMenu func(*game.Node, fyne.Position)) *flowLine {
	f := &flowLine{state: flowLineState{current: -1}, hovered: -1, onTap: onTap, onMenu: onMenu}
	f.ExtendBaseWidget(f)
	return f
}

// set shows s, redrawing only on a change.
func (f *flowLine) set(s flowLineState) {
	if f.state == s {
		return
	}
	if f.state.para != s.para || f.state.line != s.line || f.state.layout != s.layout {
		f.hovered = -1
	}
	f.state = s
	f.Refresh()
}

// CreateRenderer is part of fyne.Widget.
func (f *flowLine) CreateRenderer() fyne.WidgetRenderer {
	f.ExtendBaseWidget(f)
	r := &flowLineRenderer{
		line:    f,
		current: canvas.NewRectangle(color.Transparent),
		hover:   canvas.NewRectangle(color.Transparent),
	}
	f.renderer = r
	r.Refresh()
	return r
}

// moveAt returns the move token under pos, or -1.
func (f *flowLine) moveAt(pos fyne.Position) int {
	p := f.state.para
	if p == nil || len(p.lines) <= f.state.line {
		return -1
	}
	ext := f.Theme().Size(fynetheme.SizeNamePadding) / 2
	x := pos.X - p.left
	from, to := p.lineRange(f.state.line)
	for i := from; i < to; i++ {
		if t := &p.tokens[i]; t.node != nil && x >= t.x-ext && x < t.x+t.w+ext {
			return i
		}
	}
	return -1
}

// Tapped reports the move under the pointer.
func (f *flowLine) Tapped(e *fyne.PointEvent) {
	if i := f.moveAt(e.Position); i >= 0 && f.onTap != nil {
		f.onTap(f.state.para.tokens[i].node)
	}
}

// TappedSecondary asks for the menu of the move under the pointer.
func (f *flowLine) TappedSecondary(e *fyne.PointEvent) {
	if i := f.moveAt(e.Position); i >= 0 && f.onMenu != nil {
		f.onMenu(f.state.para.tokens[i].node, e.AbsolutePosition)
	}
}

// Cursor shows a pointing hand over a move.
func (f *flowLine) Cursor() desktop.Cursor {
	if f.hovered >= 0 {
		return desktop.PointerCursor
	}
	return desktop.DefaultCursor
}

// MouseIn marks the move under the pointer.
func (f *flowLine) MouseIn(e *desktop.MouseEvent) { f.hover(f.moveAt(e.Position)) }

// MouseMoved marks the move under the pointer.
func (f *flowLine) MouseMoved(e *desktop.MouseEvent) { f.hover(f.moveAt(e.Position)) }

// MouseOut drops the mark of MouseIn.
func (f *flowLine) MouseOut() { f.hover(-1) }

// hover moves the hover mark to token i (-1: none) without redrawing
// the texts.
func (f *flowLine) hover(i int) {
	if f.hovered == i {
		return
	}
	f.hovered = i
	if r := f.renderer; r != nil {
		v := fyne.CurrentApp().Settings().ThemeVariant()
		r.mark(r.hover, i, f.Theme().Color(fynetheme.ColorNameHover, v))
	}
}

// flowLineRenderer draws a line's tokens, one text per move and one per
// run of other tokens of the same kind, over the marks of the current
// move and of the move under the pointer.
type flowLineRenderer struct {
	line           *flowLine
	current, hover *canvas.Rectangle
	texts          []*canvas.Text // texts[:used] show; the rest wait for longer lines
	used           int
	objects        []fyne.CanvasObject
}

func (r *flowLineRenderer) Destroy() {}

func (r *flowLineRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *flowLineRenderer) MinSize() fyne.Size { return fyne.Size{} }

// Layout centres the texts and marks vertically; their x comes from the
// wrapped paragraph.
func (r *flowLineRenderer) Layout(size fyne.Size) {
	for _, t := range r.texts[:r.used] {
		t.Move(fyne.NewPos(t.Position().X, textTop(t, size.Height)))
	}
	r.current.Resize(fyne.NewSize(r.current.Size().Width, size.Height))
	r.hover.Resize(fyne.NewSize(r.hover.Size().Width, size.Height))
}

// Refresh rebuilds the texts of the line and places the marks.
func (r *flowLineRenderer) Refresh() {
	th := r.line.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	s := r.line.state
	r.objects = append(r.objects[:0], r.current, r.hover)
	r.used = 0
	if s.para != nil && s.line < len(s.para.lines) {
		r.used = r.setTexts(th, v, s.para, s.line)
	}
	for _, t := range r.texts[:r.used] {
		r.objects = append(r.objects, t)
	}
	r.mark(r.current, s.current, th.Color(fynetheme.ColorNameSelection, v))
	r.mark(r.hover, r.line.hovered, th.Color(fynetheme.ColorNameHover, v))
	r.Layout(r.line.Size())
	canvas.Refresh(r.line)
}

// setTexts fills the texts with the runs of a line and returns how many
// it used.
func (r *flowLineRenderer) setTexts(th fyne.Theme, v fyne.ThemeVariant, p *flowPara, line int) int {
	from, to := p.lineRange(line)
	n := 0
	var b strings.Builder
	for i := from; i < to; {
		j := runEnd(p, i, to)
		b.Reset()
		for k := i; k < j; k++ {
			if k > i && p.tokens[k].space {
				b.WriteByte(' ')
			}
			b.WriteString(p.tokens[k].text)
		}
		t := r.text(n)
		kind := p.tokens[i].kind
		t.Text = b.String()
		t.TextStyle = kind.style()
		t.FontSource = kind.font(t.Text)
		t.TextSize = th.Size(fynetheme.SizeNameText)
		t.Color = th.Color(flowColor(kind), v)
		t.Move(fyne.NewPos(p.left+p.tokens[i].x, 0))
		t.Resize(t.MinSize())
		t.Refresh()
		n++
		i = j
	}
	return n
}

// text returns the i-th text, making it if needed.
func (r *flowLineRenderer) text(i int) *canvas.Text {
	for len(r.texts) <= i {
		r.texts = append(r.texts, canvas.NewText("", color.Transparent))
	}
	return r.texts[i]
}

// mark puts rect behind token i of the line in fill, or hides it for -1.
func (r *flowLineRenderer) mark(rect *canvas.Rectangle, i int, fill color.Color) {
	p := r.line.state.para
	if i < 0 || p == nil || i >= len(p.tokens) {
		rect.Hide()
		return
	}
	th := r.line.Theme()
	ext := th.Size(fynetheme.SizeNamePadding) / 2
	rect.FillColor = fill
	rect.CornerRadius = th.Size(fynetheme.SizeNameSelectionRadius)
	t := &p.tokens[i]
	rect.Move(fyne.NewPos(p.left+t.x-ext, 0))
	rect.Resize(fyne.NewSize(t.w+2*ext, r.line.Size().Height))
	rect.Show()
	rect.Refresh()
}

// runEnd returns the end of the run of tokens drawn as one text from i:
// a move alone, a token in the glyph font alone (its spaces would not be
// the theme's, which the wrap measured), else the following tokens of
// the same kind in the theme's font.
func runEnd(p *flowPara, i, to int) int {
	if alone(&p.tokens[i]) {
		return i + 1
	}
	j := i + 1
	for j < to && !alone(&p.tokens[j]) && p.tokens[j].kind == p.tokens[i].kind {
		j++
	}
	return j
}

// alone tells a token drawn as a text of its own: a move, or a token in
// the glyph font.
func alone(t *flowToken) bool { return t.node != nil || t.kind.font(t.text) != nil }

// flowColor is the colour of a kind of token: comments are dimmer.
func flowColor(k flowKind) fyne.ThemeColorName {
	if k == flowComment {
		return fynetheme.ColorNamePlaceHolder
	}
	return fynetheme.ColorNameForeground
}
