package widgets

import (
	"math"

	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/game"
)

// boardGeometry places a board in its widget: squares stay square and the
// board is centred, with a band for the coordinates on its left and below.
type boardGeometry struct {
	origin fyne.Position // top-left corner of the top-left square
	square float32       // side of a square
	band   float32       // width of the coordinate band, 0 without one
}

// The square side and the origin fall on whole device pixels, so that no
// seam shows between squares.
func (b *Board) geometry() boardGeometry {
	size := b.Size()
	scale := b.scale()
	side := min(size.Width, size.Height)
	var band float32
	if b.ShowCoordinates {
		band = max(side/24, 10)
	}
	sq := max(float32(math.Floor(float64((side-band)*scale/8)))/scale, 1)
	w := 8*sq + band
	return boardGeometry{
		origin: fyne.NewPos(snapToPixels((size.Width-w)/2+band, scale), snapToPixels((size.Height-w)/2, scale)),
		square: sq,
		band:   band,
	}
}

// scale returns the number of device pixels per Fyne unit where the board
// is shown (1 before it is shown).
func (b *Board) scale() float32 { return deviceScale(b) }

// deviceScale returns the number of device pixels per Fyne unit where o
// is shown (1 before it is shown).
func deviceScale(o fyne.CanvasObject) float32 {
	if c := fyne.CurrentApp().Driver().CanvasForObject(o); c != nil && c.Scale() > 0 {
		return c.Scale()
	}
	return 1
}

// snapToPixels rounds v, in Fyne units, to whole device pixels.
func snapToPixels(v, scale float32) float32 { return float32(math.Round(float64(v*scale))) / scale }

// cell returns the screen column and row (0..7 from the top left) of sq.
func cell(sq game.Square, flipped bool) (col, row int) {
	col, row = sq.File(), 7-sq.Rank()
	if flipped {
		col, row = 7-col, 7-row
	}
	return col, row
}

// squarePos returns the top-left corner of a square.
func (g boardGeometry) squarePos(sq game.Square, flipped bool) fyne.Position {
	col, row := cell(sq, flipped)
	return g.origin.AddXY(float32(col)*g.square, float32(row)*g.square)
}

// squareAt returns the square under pos, or NoSquare.
func (g boardGeometry) squareAt(pos fyne.Position, flipped bool) game.Square {
	x, y := pos.X-g.origin.X, pos.Y-g.origin.Y
	if x < 0 || y < 0 || x >= 8*g.square || y >= 8*g.square {
		return game.NoSquare
	}
	col, row := int(x/g.square), int(y/g.square)
	if flipped {
		col, row = 7-col, 7-row
	}
	return game.NewSquare(col, 7-row)
}

// slot is a square-sized place on screen.
type slot fyne.Position

func (s slot) contains(p fyne.Position, side float32) bool {
	return p.X >= s.X && p.Y >= s.Y && p.X < s.X+side && p.Y < s.Y+side
}

// promotionSlot returns where the i-th piece of the promotion chooser for a
// pawn reaching to is drawn: on to's file, from the edge inwards.
func (g boardGeometry) promotionSlot(to game.Square, i int, flipped bool) slot {
	p := g.squarePos(to, flipped)
	_, row := cell(to, flipped)
	dir := float32(1) // from the top edge downwards
	if row == 7 {
		dir = -1
	}
	return slot(p.AddXY(0, dir*float32(i)*g.square))
}
