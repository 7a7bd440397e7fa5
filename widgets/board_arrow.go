package widgets

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/echiquier/echiquier/app/game"
)

// arrowColour is the best move's arrow: the green other chess programs
// use for an engine's move, translucent so that the pieces show through.
var arrowColour = color.NRGBA{R: 0x15, G: 0x78, B: 0x1b, A: 0xb0}

// arrow draws a move as a thick line from the centre of its square to
// near the centre of its target, with a two-stroke head: Fyne has no
// polygon, and three lines cost less than a raster redrawn at each size.
type arrow struct {
	shaft, left, right *canvas.Line
}

func newArrow() arrow {
	line := func() *canvas.Line {
		l := canvas.NewLine(arrowColour)
		l.Hidden = true
		return l
	}
	return arrow{shaft: line(), left: line(), right: line()}
}

func (a arrow) objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{a.shaft, a.left, a.right}
}

func (a arrow) setHidden(hidden bool) {
	a.shaft.Hidden, a.left.Hidden, a.right.Hidden = hidden, hidden, hidden
}

// layout draws the arrow for m on a board of geometry g.
func (a arrow) layout(g boardGeometry, m game.Move, flipped bool) {
	if m.From == game.NoSquare || m.To == game.NoSquare || m.From == m.To {
		a.setHidden(true)
		return
	}
	half := g.square / 2
	from := g.squarePos(m.From, flipped).AddXY(half, half)
	to := g.squarePos(m.To, flipped).AddXY(half, half)
	dx, dy := float64(to.X-from.X), float64(to.Y-from.Y)
	length := math.Hypot(dx, dy)
	ux, uy := dx/length, dy/length
	width := float64(max(g.square/7, 2))
	head := float64(g.square) * 0.35
	// The tip stops short of the centre, so that the target's piece shows.
	tip := fyne.NewPos(to.X-float32(ux*float64(g.square)*0.15), to.Y-float32(uy*float64(g.square)*0.15))
	// The shaft ends inside the head, where the head's strokes meet it.
	end := fyne.NewPos(tip.X-float32(ux*width/2), tip.Y-float32(uy*width/2))
	a.shaft.StrokeWidth = float32(width)
	a.shaft.Position1, a.shaft.Position2 = from, end
	for i, l := range []*canvas.Line{a.left, a.right} {
		side := 1.0
		if i == 1 {
			side = -1
		}
		// Each stroke of the head goes back from the tip at 30° to the
		// shaft.
		c, s := math.Cos(math.Pi/6), side*math.Sin(math.Pi/6)
		bx, by := -(ux*c - uy*s), -(uy*c + ux*s)
		l.StrokeWidth = float32(width)
		l.Position1 = tip
		l.Position2 = fyne.NewPos(tip.X+float32(bx*head), tip.Y+float32(by*head))
	}
	a.setHidden(false)
}
