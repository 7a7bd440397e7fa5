package widgets

import (
	"image/color"
	"math"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/pieces"
	"github.com/echiquier/echiquier/theme"
)

// SetupBoard is the board of the position editor: it shows where the
// pieces stand and tells the clicks on its squares and the drags from one
// square to another or off the board. It knows no rules: the editor
// decides what a click or a drag does.
type SetupBoard struct {
	widget.BaseWidget

	// Board holds the piece on each square.
	Board [64]game.Piece
	// Flipped shows the board from Black's side.
	Flipped bool
	// Scheme and Pieces draw it.
	Scheme theme.BoardScheme
	Pieces *pieces.Set

	// OnTap is told of a click on a square.
	OnTap func(game.Square)
	// OnDrag is told of a piece dragged from a square to another, or to
	// NoSquare when it was dropped off the board.
	OnDrag func(from, to game.Square)
	// OnKey is told of a piece typed on the keyboard for the cursor's
	// square (its FEN letter: upper case for White), or NoPiece for
	// Delete, Backspace or Space.
	OnKey func(game.Square, game.Piece)

	// cursor is the square the keyboard is on; focused, whether the
	// board has the keyboard (the cursor is shown only then).
	cursor  game.Square
	focused bool

	dragFrom game.Square
	dragAt   fyne.Position
	dragging bool
	pressed  bool          // a button went down on the board
	pressAt  fyne.Position // where
}

var (
	_ fyne.Tappable     = (*SetupBoard)(nil)
	_ fyne.Draggable    = (*SetupBoard)(nil)
	_ fyne.Focusable    = (*SetupBoard)(nil)
	_ desktop.Mouseable = (*SetupBoard)(nil)
)

// NewSetupBoard returns an empty set-up board.
func NewSetupBoard(set *pieces.Set) *SetupBoard {
	b := &SetupBoard{Scheme: theme.Schemes()[0], Pieces: set, dragFrom: game.NoSquare, cursor: game.NewSquare(4, 3)}
	b.ExtendBaseWidget(b)
	return b
}

// MinSize keeps the squares big enough to aim at.
func (b *SetupBoard) MinSize() fyne.Size { return fyne.NewSize(8*36, 8*36) }

// square returns the side of a square and the board's top-left corner.
func (b *SetupBoard) square() (float32, fyne.Position) {
	s := b.Size()
	scale := deviceScale(b)
	// The side and the corner fall on whole device pixels, so that no
	// seam shows between squares.
	sq := float32(math.Floor(float64(min(s.Width, s.Height)*scale/8))) / scale
	return sq, fyne.NewPos(snapToPixels((s.Width-8*sq)/2, scale), snapToPixels((s.Height-8*sq)/2, scale))
}

// SquareAt returns the square under a point, or NoSquare.
func (b *SetupBoard) SquareAt(p fyne.Position) game.Square {
	sq, o := b.square()
	if sq <= 0 {
		return game.NoSquare
	}
	fx, fy := (p.X-o.X)/sq, (p.Y-o.Y)/sq
	if fx < 0 || fy < 0 || fx >= 8 || fy >= 8 {
		return game.NoSquare
	}
	file, rank := int(fx), 7-int(fy)
	if b.Flipped {
		file, rank = 7-file, 7-rank
	}
	return game.NewSquare(file, rank)
}

// SquareCenter returns the middle of a square.
func (b *SetupBoard) SquareCenter(s game.Square) fyne.Position {
	sq, o := b.square()
	file, rank := s.File(), s.Rank()
	if b.Flipped {
		file, rank = 7-file, 7-rank
	}
	return fyne.NewPos(o.X+(float32(file)+0.5)*sq, o.Y+(float32(7-rank)+0.5)*sq)
}

// Cursor returns the square the keyboard is on.
func (b *SetupBoard) Cursor() game.Square { return b.cursor }

// FocusGained shows the cursor.
func (b *SetupBoard) FocusGained() { b.focused = true; b.Refresh() }

// FocusLost hides the cursor.
func (b *SetupBoard) FocusLost() { b.focused = false; b.Refresh() }

// TypedRune puts the piece of that FEN letter on the cursor's square, or
// takes the piece away with Space.
func (b *SetupBoard) TypedRune(r rune) {
	if b.OnKey == nil {
		return
	}
	if r == ' ' {
		b.OnKey(b.cursor, game.NoPiece)
		return
	}
	if p, ok := pieceOfLetter(r); ok {
		b.OnKey(b.cursor, p)
	}
}

// pieceOfLetter reads a FEN letter: "N" a white knight, "n" a black one.
func pieceOfLetter(r rune) (game.Piece, bool) {
	c := game.White
	if r >= 'a' && r <= 'z' {
		c, r = game.Black, r-'a'+'A'
	}
	i := strings.IndexRune("PNBRQK", r)
	if i < 0 {
		return game.NoPiece, false
	}
	return game.NewPiece(c, game.Pawn+game.Kind(i)), true
}

// TypedKey moves the cursor with the arrows (as the board is shown) and
// takes the piece away with Delete or Backspace.
func (b *SetupBoard) TypedKey(ev *fyne.KeyEvent) {
	df, dr := 0, 0
	switch ev.Name {
	case fyne.KeyLeft:
		df = -1
	case fyne.KeyRight:
		df = 1
	case fyne.KeyUp:
		dr = 1
	case fyne.KeyDown:
		dr = -1
	case fyne.KeyDelete, fyne.KeyBackspace:
		if b.OnKey != nil {
			b.OnKey(b.cursor, game.NoPiece)
		}
		return
	default:
		return
	}
	if b.Flipped {
		df, dr = -df, -dr
	}
	file, rank := min(max(b.cursor.File()+df, 0), 7), min(max(b.cursor.Rank()+dr, 0), 7)
	b.cursor = game.NewSquare(file, rank)
	b.Refresh()
}

// Tapped tells the square clicked.
func (b *SetupBoard) Tapped(ev *fyne.PointEvent) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(b); c != nil {
		c.Focus(b) // the keyboard goes on from the square clicked
	}
	if sq := b.SquareAt(ev.Position); sq != game.NoSquare && b.OnTap != nil {
		b.cursor = sq
		b.OnTap(sq)
	}
}

// MouseDown records where a drag may start.
func (b *SetupBoard) MouseDown(ev *desktop.MouseEvent) { b.pressed, b.pressAt = true, ev.Position }

// MouseUp forgets the press.
func (b *SetupBoard) MouseUp(*desktop.MouseEvent) { b.pressed = false }

// Dragged follows a piece dragged from its square. A real pointer
// reports the button going down first: the drag began there, and the
// first event's delta covers the way since; a synthetic drag begins at
// its first event.
func (b *SetupBoard) Dragged(ev *fyne.DragEvent) {
	if !b.dragging {
		start := ev.Position
		if b.pressed {
			start = b.pressAt
		}
		b.dragFrom = b.SquareAt(start)
		b.dragAt = start
		b.dragging = true
	}
	b.dragAt = b.dragAt.Add(ev.Dragged)
}

// DragEnd tells where the dragged piece was dropped.
func (b *SetupBoard) DragEnd() {
	from, to := b.dragFrom, b.SquareAt(b.dragAt)
	b.dragging, b.dragFrom, b.pressed = false, game.NoSquare, false
	if from != game.NoSquare && b.Board[from] != game.NoPiece && from != to && b.OnDrag != nil {
		b.OnDrag(from, to)
	}
}

// CreateRenderer draws the squares and the pieces.
func (b *SetupBoard) CreateRenderer() fyne.WidgetRenderer {
	r := &setupRenderer{b: b, cursor: canvas.NewRectangle(color.Transparent)}
	r.cursor.StrokeWidth = 3
	for i := range 64 {
		r.squares[i] = canvas.NewRectangle(color.Black)
		r.pieces[i] = canvas.NewImageFromImage(nil)
		r.pieces[i].FillMode = canvas.ImageFillContain
		r.objects = append(r.objects, r.squares[i])
	}
	for i := range 64 {
		r.objects = append(r.objects, r.pieces[i])
	}
	r.objects = append(r.objects, r.cursor)
	r.Refresh()
	return r
}

type setupRenderer struct {
	b       *SetupBoard
	squares [64]*canvas.Rectangle
	pieces  [64]*canvas.Image
	cursor  *canvas.Rectangle // the keyboard's square, outlined
	objects []fyne.CanvasObject
}

// Layout places the squares and draws the pieces at the squares' size.
func (r *setupRenderer) Layout(fyne.Size) {
	sq, _ := r.b.square()
	px := int(math.Round(float64(sq * deviceScale(r.b))))
	for i := range 64 {
		c := r.b.SquareCenter(game.Square(i))
		p := fyne.NewPos(c.X-sq/2, c.Y-sq/2)
		r.squares[i].Move(p)
		r.squares[i].Resize(fyne.NewSquareSize(sq))
		r.pieces[i].Move(p)
		r.pieces[i].Resize(fyne.NewSquareSize(sq))
		img := r.pieces[i].Image
		r.pieces[i].Image = nil
		if pc := r.b.Board[i]; pc != game.NoPiece && px > 0 {
			r.pieces[i].Image = r.b.Pieces.Image(pc, px)
		}
		if r.pieces[i].Image != img {
			r.pieces[i].Refresh()
		}
	}
	c := r.b.SquareCenter(r.b.cursor)
	r.cursor.Move(fyne.NewPos(c.X-sq/2, c.Y-sq/2))
	r.cursor.Resize(fyne.NewSquareSize(sq))
}

func (r *setupRenderer) MinSize() fyne.Size { return r.b.MinSize() }

// Refresh colours the squares and redraws the pieces.
func (r *setupRenderer) Refresh() {
	for i := range 64 {
		s := game.Square(i)
		r.squares[i].FillColor = r.b.Scheme.Dark
		if (s.File()+s.Rank())%2 == 1 {
			r.squares[i].FillColor = r.b.Scheme.Light
		}
		r.squares[i].Refresh()
	}
	r.cursor.StrokeColor = r.b.Scheme.Selected
	r.cursor.Hidden = !r.b.focused
	r.cursor.Refresh()
	r.Layout(r.b.Size())
}

func (r *setupRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *setupRenderer) Destroy()                     {}
