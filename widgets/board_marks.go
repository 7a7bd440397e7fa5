package widgets

import (
	"image"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/echiquier/echiquier/app/diagram"
	"github.com/echiquier/echiquier/app/game"
)

// drawing is a mark being drawn with the secondary button: from the
// square it went down on to the square under the pointer.
type drawing struct {
	on       bool
	from, to game.Square // to is NoSquare while the pointer is off the board
	colour   game.MarkColor
}

// markColour is the colour the modifiers held choose, as on lichess:
// Shift (or Ctrl) red, Alt (or Super) blue, both yellow.
func markColour(m fyne.KeyModifier) game.MarkColor {
	red := m&(fyne.KeyModifierShift|fyne.KeyModifierControl) != 0
	blue := m&(fyne.KeyModifierAlt|fyne.KeyModifierSuper) != 0
	switch {
	case red && blue:
		return game.MarkYellow
	case red:
		return game.MarkRed
	case blue:
		return game.MarkBlue
	}
	return game.MarkGreen
}

// mark is the mark drawn so far, false while the pointer is off the
// board.
func (d drawing) mark() (game.Mark, bool) {
	switch {
	case !d.on || d.from == game.NoSquare || d.to == game.NoSquare:
		return game.Mark{}, false
	case d.from == d.to:
		return game.NewCircle(d.colour, d.from), true
	}
	return game.NewArrow(d.colour, d.from, d.to), true
}

// startMark begins a mark where the secondary button went down.
func (b *Board) startMark(ev *desktop.MouseEvent) {
	sq := b.SquareAt(ev.Position)
	b.drawing = drawing{on: sq != game.NoSquare, from: sq, to: sq, colour: markColour(ev.Modifier)}
	b.refreshMarks()
}

// endMark ends the mark where the secondary button went up, and gives it
// to OnMark.
func (b *Board) endMark(ev *desktop.MouseEvent) {
	d := b.drawing
	d.to = b.SquareAt(ev.Position)
	b.drawing = drawing{from: game.NoSquare, to: game.NoSquare}
	b.refreshMarks()
	if m, ok := d.mark(); ok && b.OnMark != nil {
		b.OnMark(m)
	}
}

// MouseIn follows the pointer coming back over the board while a mark
// is drawn; it is part of desktop.Hoverable.
func (b *Board) MouseIn(ev *desktop.MouseEvent) { b.MouseMoved(ev) }

// MouseMoved shows the mark being drawn as it will be; it is part of
// desktop.Hoverable.
func (b *Board) MouseMoved(ev *desktop.MouseEvent) {
	if !b.drawing.on {
		return
	}
	if ev.Button&desktop.MouseButtonSecondary == 0 {
		// The button went up off the board: no mark.
		b.drawing = drawing{from: game.NoSquare, to: game.NoSquare}
		b.refreshMarks()
		return
	}
	if to := b.SquareAt(ev.Position); to != b.drawing.to {
		b.drawing.to = to
		b.refreshMarks()
	}
}

// MouseOut hides the mark being drawn while the pointer is off the
// board; it is part of desktop.Hoverable.
func (b *Board) MouseOut() {
	if b.drawing.on && b.drawing.to != game.NoSquare {
		b.drawing.to = game.NoSquare
		b.refreshMarks()
	}
}

// clearMarks asks the app to clear the marks, if there are any.
func (b *Board) clearMarks() {
	if len(b.Marks) > 0 && b.OnClearMarks != nil {
		b.OnClearMarks()
	}
}

// shownMarks returns the marks drawn: Marks, with the mark being drawn
// in place of one on the same squares.
func (b *Board) shownMarks() []game.Mark {
	m, ok := b.drawing.mark()
	if !ok {
		return b.Marks
	}
	out := slices.DeleteFunc(slices.Clone(b.Marks), func(x game.Mark) bool { return x.From == m.From && x.To == m.To })
	return append(out, m)
}

// refreshMarks redraws the marks alone.
func (b *Board) refreshMarks() {
	if b.renderer != nil {
		b.renderer.layoutMarks(b.geometry())
	}
}

// marksShown is what the marks' image holds, to draw it again only when
// that changes.
type marksShown struct {
	marks   []game.Mark
	flipped bool
	px      int
}

// layoutMarks places the marks' image over the squares, drawn again at
// the board's size in device pixels when the marks, the side or the size
// changed. An image, not a raster: a refresh of the board leaves it
// alone, as it does the pieces.
func (r *boardRenderer) layoutMarks(g boardGeometry) {
	b := r.b
	marks := b.shownMarks()
	px := r.pixelSize(g.square)
	r.marks.Move(g.origin)
	r.marks.Resize(fyne.NewSquareSize(8 * g.square))
	if len(marks) == 0 || px == 0 {
		setImage(r.marks, r.marks.Image, true)
		return
	}
	now := marksShown{marks: marks, flipped: b.Flipped, px: px}
	if was := r.marksShown; r.marks.Image != nil && was.flipped == now.flipped && was.px == now.px && slices.Equal(was.marks, now.marks) {
		setImage(r.marks, r.marks.Image, false)
		return
	}
	r.marksShown = marksShown{marks: slices.Clone(marks), flipped: now.flipped, px: px}
	img := image.NewRGBA(image.Rect(0, 0, 8*px, 8*px))
	diagram.DrawMarks(img, marks, diagram.Layout{Square: px}, b.Flipped)
	setImage(r.marks, img, false)
}

// newMarksImage makes the image the marks are drawn in.
func newMarksImage() *canvas.Image {
	x := &canvas.Image{FillMode: canvas.ImageFillStretch, ScaleMode: canvas.ImageScaleFastest}
	x.Hidden = true
	return x
}
