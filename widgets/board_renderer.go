package widgets

import (
	"image"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	fynetheme "fyne.io/fyne/v2/theme"

	"github.com/echiquier/echiquier/app/game"
)

// boardRenderer draws a Board with a fixed set of canvas objects: the
// squares, highlights, hints, pieces, coordinates, the marks, the
// engine's arrow, the keyboard cursor, the sliding piece, the dragged
// piece and the promotion chooser. Piece
// images come from the piece set's cache, and an image object is refreshed
// only when its picture changes, so that a refresh does not upload 32
// textures again.
type boardRenderer struct {
	b *Board

	squares   [64]*canvas.Rectangle
	lastFrom  *canvas.Rectangle
	lastTo    *canvas.Rectangle
	check     *canvas.Rectangle
	selected  *canvas.Rectangle
	hover     *canvas.Rectangle
	hints     [64]*canvas.Circle
	pieces    [64]*canvas.Image
	files     [8]*canvas.Text
	ranks     [8]*canvas.Text
	cursor    *canvas.Rectangle // the keyboard cursor, in the theme's colour
	cursorIn  *canvas.Rectangle // a line inside it, seen on any square
	marks     *canvas.Image     // the user's arrows and circles, over the pieces
	slide     *canvas.Image
	arrow     arrow // the best move, over the pieces and marks
	dragged   *canvas.Image
	veil      *canvas.Rectangle
	promoBack [4]*canvas.Circle
	promoImg  [4]*canvas.Image

	objects    []fyne.CanvasObject
	px         int // pixel size the piece images are drawn at
	marksShown marksShown
}

func newBoardRenderer(b *Board) *boardRenderer {
	r := &boardRenderer{b: b}
	rect := func() *canvas.Rectangle {
		x := canvas.NewRectangle(color.Transparent)
		r.objects = append(r.objects, x)
		return x
	}
	for i := range r.squares {
		r.squares[i] = rect()
	}
	r.lastFrom, r.lastTo, r.check, r.selected = rect(), rect(), rect(), rect()
	r.hover = rect()
	r.hover.StrokeWidth = 3
	for i := range r.hints {
		r.hints[i] = canvas.NewCircle(color.Transparent)
		r.objects = append(r.objects, r.hints[i])
	}
	image := func() *canvas.Image {
		x := &canvas.Image{FillMode: canvas.ImageFillContain, ScaleMode: canvas.ImageScaleSmooth}
		r.objects = append(r.objects, x)
		return x
	}
	for i := range r.pieces {
		r.pieces[i] = image()
	}
	for i := 0; i < 8; i++ {
		r.files[i] = canvas.NewText(string(rune('a'+i)), color.Black)
		r.ranks[i] = canvas.NewText(string(rune('1'+i)), color.Black)
		r.objects = append(r.objects, r.files[i], r.ranks[i])
	}
	r.marks = newMarksImage()
	r.objects = append(r.objects, r.marks)
	r.arrow = newArrow()
	r.objects = append(r.objects, r.arrow.objects()...)
	r.cursor, r.cursorIn = rect(), rect()
	r.slide = image()
	r.dragged = image()
	r.veil = rect()
	for i := range r.promoBack {
		r.promoBack[i] = canvas.NewCircle(color.White)
		r.objects = append(r.objects, r.promoBack[i])
	}
	for i := range r.promoImg {
		r.promoImg[i] = image()
	}
	r.Refresh()
	return r
}

// Objects is part of fyne.WidgetRenderer.
func (r *boardRenderer) Objects() []fyne.CanvasObject { return r.objects }

// Destroy is part of fyne.WidgetRenderer.
func (r *boardRenderer) Destroy() {}

// MinSize is part of fyne.WidgetRenderer.
func (r *boardRenderer) MinSize() fyne.Size { return r.b.MinSize() }

// Layout places every object for the widget's size.
func (r *boardRenderer) Layout(fyne.Size) {
	b := r.b
	g := b.geometry()
	sq := fyne.NewSquareSize(g.square)
	for i := range r.squares {
		p := g.squarePos(game.Square(i), b.Flipped)
		r.squares[i].Move(p)
		r.squares[i].Resize(sq)
		r.pieces[i].Move(p)
		r.pieces[i].Resize(sq)
		r.layoutHint(i, p, g.square)
	}
	r.layoutHighlights(g)
	r.layoutMarks(g)
	if b.HasBestMove {
		r.arrow.layout(g, b.BestMove, b.Flipped)
	} else {
		r.arrow.setHidden(true)
	}
	r.layoutCoordinates(g)
	r.layoutCursor(g)
	r.slide.Resize(sq)
	r.moveSlide()
	r.dragged.Resize(sq)
	r.moveDragged()
	r.veil.Move(g.origin)
	r.veil.Resize(fyne.NewSquareSize(8 * g.square))
	for i := range r.promoImg {
		p := fyne.Position(g.promotionSlot(b.ui.promoTo, i, b.Flipped))
		r.promoBack[i].Move(p)
		r.promoBack[i].Resize(sq)
		r.promoImg[i].Move(p)
		r.promoImg[i].Resize(sq)
	}
	if px := r.pixelSize(g.square); px != r.px {
		r.px = px
		r.refreshImages()
	}
}

// layoutHint sizes a target mark: a small dot, or a ring as large as the
// square around a piece that can be taken.
func (r *boardRenderer) layoutHint(i int, p fyne.Position, side float32) {
	h := r.hints[i]
	if r.b.Pos.Board[i] != game.NoPiece {
		h.StrokeWidth = max(side/12, 2)
		h.Move(p.AddXY(h.StrokeWidth/2, h.StrokeWidth/2))
		h.Resize(fyne.NewSquareSize(side - h.StrokeWidth))
		return
	}
	h.StrokeWidth = 0
	d := side * 0.3
	h.Move(p.AddXY((side-d)/2, (side-d)/2))
	h.Resize(fyne.NewSquareSize(d))
}

func (r *boardRenderer) layoutHighlights(g boardGeometry) {
	b := r.b
	sq := fyne.NewSquareSize(g.square)
	place := func(x *canvas.Rectangle, s game.Square) {
		if s == game.NoSquare {
			return
		}
		x.Move(g.squarePos(s, b.Flipped))
		x.Resize(sq)
	}
	place(r.lastFrom, b.LastMove.From)
	place(r.lastTo, b.LastMove.To)
	place(r.check, b.Pos.KingSquare(b.Pos.Turn))
	place(r.selected, b.ui.selected)
}

// layoutCursor draws the cursor as a thick outline inside its square, with
// a thin line inside that in the other square colour, so that it shows on
// any square whatever the theme's colour.
func (r *boardRenderer) layoutCursor(g boardGeometry) {
	c := r.b.keys.cursor
	if c == game.NoSquare {
		return
	}
	p := g.squarePos(c, r.b.Flipped)
	w := max(g.square/10, 2)
	r.cursor.StrokeWidth = w
	r.cursor.Move(p.AddXY(w/2, w/2))
	r.cursor.Resize(fyne.NewSquareSize(g.square - w))
	in := max(w/4, 1)
	r.cursorIn.StrokeWidth = in
	r.cursorIn.Move(p.AddXY(w+in/2, w+in/2))
	r.cursorIn.Resize(fyne.NewSquareSize(g.square - 2*w - in))
	r.cursorIn.StrokeColor = r.b.Scheme.Light
	if c.IsLight() {
		r.cursorIn.StrokeColor = r.b.Scheme.Dark
	}
}

func (r *boardRenderer) layoutCoordinates(g boardGeometry) {
	size := g.band * 0.75
	for i := 0; i < 8; i++ {
		f, k := r.files[i], r.ranks[i]
		f.TextSize, k.TextSize = size, size
		fileSq := game.NewSquare(i, 0)
		rankSq := game.NewSquare(0, i)
		if r.b.Flipped {
			fileSq, rankSq = game.NewSquare(i, 7), game.NewSquare(7, i)
		}
		fs := fyne.MeasureText(f.Text, size, f.TextStyle)
		fp := g.squarePos(fileSq, r.b.Flipped)
		f.Move(fyne.NewPos(fp.X+(g.square-fs.Width)/2, g.origin.Y+8*g.square+(g.band-fs.Height)/2))
		f.Resize(fs)
		ks := fyne.MeasureText(k.Text, size, k.TextStyle)
		kp := g.squarePos(rankSq, r.b.Flipped)
		k.Move(fyne.NewPos(g.origin.X-g.band+(g.band-ks.Width)/2, kp.Y+(g.square-ks.Height)/2))
		k.Resize(ks)
	}
}

// moveDragged puts the dragged piece under the pointer, and the outline on
// the square it would drop on. Only these two objects change while a piece
// is dragged.
func (r *boardRenderer) moveDragged() {
	b := r.b
	if !b.ui.dragging {
		return
	}
	g := b.geometry()
	r.dragged.Move(b.ui.dragAt.SubtractXY(g.square/2, g.square/2))
	over := g.squareAt(b.ui.dragAt, b.Flipped)
	r.hover.Hidden = over == game.NoSquare || !b.hasMove(b.ui.dragFrom, over)
	if !r.hover.Hidden {
		r.hover.Move(g.squarePos(over, b.Flipped))
		r.hover.Resize(fyne.NewSquareSize(g.square))
	}
	canvas.Refresh(r.hover)
}

// moveSlide puts the sliding piece on its way from its square to its
// target.
func (r *boardRenderer) moveSlide() {
	b := r.b
	if !b.sliding() {
		return
	}
	g := b.geometry()
	from := g.squarePos(b.motion.move.From, b.Flipped)
	to := g.squarePos(b.motion.move.To, b.Flipped)
	t := b.motion.at
	r.slide.Move(fyne.NewPos(from.X+(to.X-from.X)*t, from.Y+(to.Y-from.Y)*t))
}

// pixelSize returns the size in device pixels of a square side.
func (r *boardRenderer) pixelSize(side float32) int {
	return int(math.Round(float64(side * r.b.scale())))
}

// Refresh brings every object in line with the board's fields.
func (r *boardRenderer) Refresh() {
	r.refreshColours()
	r.refreshHighlights()
	r.refreshHints()
	r.refreshImages()
	r.refreshPromotion()
	r.Layout(r.b.Size())
	canvas.Refresh(r.b)
}

// refreshColours sets the scheme's colours. Each colour is made a
// color.Color once: storing a color.NRGBA in a color.Color field
// allocates, which for 64 squares was most of a refresh's allocations.
func (r *boardRenderer) refreshColours() {
	s := r.b.Scheme
	light, dark, coords := color.Color(s.Light), color.Color(s.Dark), color.Color(s.Coordinates)
	for i, x := range r.squares {
		x.FillColor = dark
		if game.Square(i).IsLight() {
			x.FillColor = light
		}
	}
	for i := 0; i < 8; i++ {
		r.files[i].Color, r.ranks[i].Color = coords, coords
		r.files[i].Hidden, r.ranks[i].Hidden = !r.b.ShowCoordinates, !r.b.ShowCoordinates
	}
	r.lastFrom.FillColor, r.lastTo.FillColor = s.LastMove, s.LastMove
	th, v := r.b.Theme(), fyne.CurrentApp().Settings().ThemeVariant()
	r.cursor.FillColor, r.cursor.StrokeColor = color.Transparent, th.Color(fynetheme.ColorNamePrimary, v)
	r.cursorIn.FillColor = color.Transparent
	r.check.FillColor = s.Check
	r.selected.FillColor = s.Selected
	r.hover.FillColor, r.hover.StrokeColor = color.Transparent, s.Selected
	r.veil.FillColor = color.NRGBA{A: 0x80}
}

func (r *boardRenderer) refreshHighlights() {
	b := r.b
	r.lastFrom.Hidden = !b.HasLastMove || !b.ShowLastMove
	r.lastTo.Hidden = r.lastFrom.Hidden
	r.cursor.Hidden = !b.cursorShown()
	r.cursorIn.Hidden = r.cursor.Hidden
	r.check.Hidden = !b.Pos.Check
	r.selected.Hidden = b.ui.selected == game.NoSquare
	r.hover.Hidden = !b.ui.dragging
}

func (r *boardRenderer) refreshHints() {
	b := r.b
	from := b.ui.selected
	hint := color.Color(b.Scheme.Hint) // once, as in refreshColours
	for i, h := range r.hints {
		target := b.ShowHints && from != game.NoSquare && b.hasMove(from, game.Square(i))
		h.Hidden = !target
		h.FillColor, h.StrokeColor = hint, color.Transparent
		if b.Pos.Board[i] != game.NoPiece {
			h.FillColor, h.StrokeColor = color.Transparent, hint
		}
	}
}

// refreshImages sets each piece image, refreshing only those that change.
func (r *boardRenderer) refreshImages() {
	b := r.b
	if b.Pieces == nil || r.px == 0 {
		return
	}
	sliding := b.sliding()
	for i, x := range r.pieces {
		p := b.Pos.Board[i]
		if sliding && game.Square(i) == b.motion.move.To {
			p = b.motion.captured
		}
		hidden := p == game.NoPiece || (b.ui.dragging && game.Square(i) == b.ui.dragFrom)
		setImage(x, b.Pieces.Image(p, r.px), hidden)
	}
	if sliding {
		setImage(r.slide, b.Pieces.Image(b.motion.piece, r.px), false)
	} else {
		r.slide.Hidden = true
	}
	if b.ui.dragging {
		setImage(r.dragged, b.Pieces.Image(b.Pos.Board[b.ui.dragFrom], r.px), false)
	} else {
		r.dragged.Hidden = true
	}
	turn := b.Pos.Turn
	if b.ui.promoting {
		turn = b.Pos.Board[b.ui.promoFrom].Color()
	}
	for i, k := range promotionKinds {
		setImage(r.promoImg[i], b.Pieces.Image(game.NewPiece(turn, k), r.px), !b.ui.promoting)
	}
}

func (r *boardRenderer) refreshPromotion() {
	b := r.b
	hidden := !b.ui.promoting
	r.veil.Hidden = hidden
	// Each colour made a color.Color once, as in refreshColours.
	fill, stroke := color.Color(color.NRGBA{R: 0xf4, G: 0xf4, B: 0xf4, A: 0xff}), color.Color(b.Scheme.Selected)
	for i, c := range r.promoBack {
		c.Hidden = hidden
		c.FillColor = fill
		c.StrokeColor = stroke
		c.StrokeWidth = 2
		if b.cursorShown() && i == b.ui.promoChoice {
			c.StrokeColor = r.cursor.StrokeColor
			c.StrokeWidth = max(r.cursor.StrokeWidth, 3)
		}
	}
}

// setImage shows img (or nothing) in x, refreshing x only on a change:
// refreshing an image uploads its texture again.
func setImage(x *canvas.Image, img image.Image, hidden bool) {
	if x.Hidden == hidden && x.Image == img {
		return
	}
	x.Hidden, x.Image = hidden, img
	x.Refresh()
}
