package widgets

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"
)

// evalGraphHeight is the evaluation graph's height, in Fyne units.
const evalGraphHeight = 64

// EvalGraph draws how a game's evaluation went, move after move: White's
// share light from the bottom, Black's dark from the top, as lichess
// does. A click or a tap on it chooses the move under the pointer.
// Change its fields and call Refresh.
type EvalGraph struct {
	widget.BaseWidget

	// Points are White's winning chances after each move of the main
	// line, from -1 to +1, in order; NaN for a move not evaluated.
	Points []float64
	// Current is the index of the move shown, marked by a line; -1 for
	// none.
	Current int
	// OnSelect is called with the index of the move clicked.
	OnSelect func(i int)

	renderer *evalGraphRenderer
}

// NewEvalGraph returns an empty evaluation graph.
func NewEvalGraph() *EvalGraph {
	g := &EvalGraph{Current: -1}
	g.ExtendBaseWidget(g)
	return g
}

// CreateRenderer is part of fyne.Widget.
func (g *EvalGraph) CreateRenderer() fyne.WidgetRenderer {
	g.ExtendBaseWidget(g)
	r := &evalGraphRenderer{graph: g, current: canvas.NewLine(evalMid), mid: canvas.NewLine(evalMid)}
	r.current.StrokeWidth = 2
	r.mid.StrokeWidth = 1
	// The raster's function reads the points when the canvas paints, on
	// the UI goroutine, as Refresh is called.
	r.raster = canvas.NewRasterWithPixels(r.pixel)
	r.objects = []fyne.CanvasObject{r.raster, r.mid, r.current}
	g.renderer = r
	return r
}

// SetCurrent marks move i (-1 for none) without drawing the curve
// again, as Refresh would: the mark follows each step through the game.
func (g *EvalGraph) SetCurrent(i int) {
	if i == g.Current {
		return
	}
	g.Current = i
	if r := g.renderer; r != nil {
		r.Layout(g.Size())
		canvas.Refresh(r.current)
	}
}

// Tapped chooses the move under the pointer.
func (g *EvalGraph) Tapped(ev *fyne.PointEvent) {
	if i := g.indexAt(ev.Position.X); i >= 0 && g.OnSelect != nil {
		g.OnSelect(i)
	}
}

// indexAt returns the move whose point is nearest x, or -1 with none.
func (g *EvalGraph) indexAt(x float32) int {
	n := len(g.Points)
	w := g.Size().Width
	if n == 0 || w <= 0 {
		return -1
	}
	i := int(x / w * float32(n))
	return min(max(i, 0), n-1)
}

// value returns the chances at a fraction f of the width, from 0 to 1,
// joining the points by straight lines; each point is at the middle of
// its move's column.
func (g *EvalGraph) value(f float64) float64 {
	n := len(g.Points)
	if n == 0 {
		return 0
	}
	pos := f*float64(n) - 0.5
	i := int(math.Floor(pos))
	at := func(k int) float64 {
		k = min(max(k, 0), n-1)
		v := g.Points[k]
		if math.IsNaN(v) {
			return 0
		}
		return max(-1, min(1, v))
	}
	t := pos - float64(i)
	return at(i)*(1-t) + at(i+1)*t
}

type evalGraphRenderer struct {
	graph        *EvalGraph
	raster       *canvas.Raster
	mid, current *canvas.Line
	objects      []fyne.CanvasObject
}

// pixel colours one pixel of the graph: light below White's curve, dark
// above it.
func (r *evalGraphRenderer) pixel(x, y, w, h int) color.Color {
	if w <= 0 || h <= 0 {
		return evalBlack
	}
	v := r.graph.value((float64(x) + 0.5) / float64(w))
	line := (1 - v) / 2 * float64(h)
	if float64(y)+0.5 >= line {
		return evalWhite
	}
	return evalBlack
}

func (r *evalGraphRenderer) Layout(size fyne.Size) {
	r.raster.Resize(size)
	r.mid.Position1, r.mid.Position2 = fyne.NewPos(0, size.Height/2), fyne.NewPos(size.Width, size.Height/2)
	g := r.graph
	n := len(g.Points)
	r.current.Hidden = g.Current < 0 || g.Current >= n
	if !r.current.Hidden {
		x := (float32(g.Current) + 0.5) / float32(n) * size.Width
		r.current.Position1, r.current.Position2 = fyne.NewPos(x, 0), fyne.NewPos(x, size.Height)
	}
}

func (r *evalGraphRenderer) MinSize() fyne.Size {
	return fyne.NewSize(evalGraphHeight, evalGraphHeight)
}

func (r *evalGraphRenderer) Refresh() {
	r.Layout(r.graph.Size())
	r.raster.Refresh()
	canvas.Refresh(r.graph)
}

func (r *evalGraphRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *evalGraphRenderer) Destroy() {}
