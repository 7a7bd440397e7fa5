// Package widgets holds Échiquier's Fyne widgets: the board, the move list
// and the clock faces.
package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/pieces"
	"github.com/echiquier/echiquier/theme"
)

// Board is a chessboard on which the user moves pieces, by dragging a
// piece to its square or by clicking the piece and then the square. It is
// one surface that hit-tests where a click or a drag ends; the pieces are
// not widgets of their own.
type Board struct {
	widget.BaseWidget

	// Pos is the chess position shown.
	Pos game.Position
	// Legal lists the moves the user may make now. With none, the board
	// only shows.
	Legal []game.Move
	// LastMove is highlighted when HasLastMove is set.
	LastMove    game.Move
	HasLastMove bool
	// Flipped puts Black at the bottom.
	Flipped bool
	// ShowCoordinates draws a–h and 1–8 beside the board.
	ShowCoordinates bool
	// ShowHints marks the squares the picked-up piece can go to: a dot on
	// an empty square, a ring around a piece it can take.
	ShowHints bool
	// Scheme gives the board's colours, Pieces its piece set.
	Scheme theme.BoardScheme
	Pieces *pieces.Set

	// OnMove is called when the user makes one of the Legal moves; for a
	// promotion, once the piece is chosen.
	OnMove func(game.Move)

	ui       interaction
	renderer *boardRenderer
}

// interaction is what the user is doing with the board.
type interaction struct {
	selected  game.Square   // the piece picked up by a click, or NoSquare
	pressed   bool          // a button went down on the board
	pressAt   fyne.Position // where it went down
	dragging  bool
	dragFrom  game.Square
	dragAt    fyne.Position // where the dragged piece is
	promoting bool          // the promotion chooser is open
	promoFrom game.Square
	promoTo   game.Square
}

var (
	_ fyne.Draggable    = (*Board)(nil)
	_ fyne.Tappable     = (*Board)(nil)
	_ desktop.Mouseable = (*Board)(nil)
)

// NewBoard returns a board showing the start position, with coordinates
// and hints on, in the default colours.
func NewBoard(set *pieces.Set) *Board {
	start, _ := game.ParseFEN(game.StartFEN)
	b := &Board{
		Pos:             start,
		ShowCoordinates: true,
		ShowHints:       true,
		Scheme:          theme.Schemes()[0],
		Pieces:          set,
	}
	b.ui.selected = game.NoSquare
	b.ExtendBaseWidget(b)
	return b
}

// CreateRenderer is part of fyne.Widget.
func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	b.ExtendBaseWidget(b)
	b.renderer = newBoardRenderer(b)
	return b.renderer
}

// MinSize keeps squares big enough to hit.
func (b *Board) MinSize() fyne.Size {
	b.ExtendBaseWidget(b)
	return fyne.NewSize(8*24, 8*24)
}

// Refresh redraws the board. Changing Pos, Legal or Flipped drops a
// selection or promotion in progress that no longer fits.
func (b *Board) Refresh() {
	b.dropStaleInteraction()
	b.BaseWidget.Refresh()
}

// SquareAt returns the square under a point of the widget, or NoSquare.
func (b *Board) SquareAt(pos fyne.Position) game.Square {
	return b.geometry().squareAt(pos, b.Flipped)
}

// SquareCenter returns the centre of a square in widget coordinates.
func (b *Board) SquareCenter(sq game.Square) fyne.Position {
	g := b.geometry()
	p := g.squarePos(sq, b.Flipped)
	return p.AddXY(g.square/2, g.square/2)
}

// Selected returns the square of the piece picked up by a click, or
// NoSquare.
func (b *Board) Selected() game.Square { return b.ui.selected }

// CancelSelection puts down a piece picked up by a click or a drag, and
// closes the promotion chooser.
func (b *Board) CancelSelection() {
	b.ui = interaction{selected: game.NoSquare}
	b.BaseWidget.Refresh()
}

// Tapped picks up a piece, puts it down again, or moves the picked-up
// piece to the square clicked.
func (b *Board) Tapped(ev *fyne.PointEvent) {
	if b.ui.promoting {
		b.choosePromotion(ev.Position)
		return
	}
	sq := b.SquareAt(ev.Position)
	from := b.ui.selected
	switch {
	case sq == game.NoSquare || sq == from:
		b.ui.selected = game.NoSquare
	case from != game.NoSquare && b.hasMove(from, sq):
		b.ui.selected = game.NoSquare
		b.tryMove(from, sq)
	case b.movable(sq):
		b.ui.selected = sq
	default:
		b.ui.selected = game.NoSquare
	}
	b.BaseWidget.Refresh()
}

// MouseDown records where a drag may start.
func (b *Board) MouseDown(ev *desktop.MouseEvent) {
	b.ui.pressed, b.ui.pressAt = true, ev.Position
}

// MouseUp forgets the press.
func (b *Board) MouseUp(*desktop.MouseEvent) { b.ui.pressed = false }

// Dragged picks up the piece where the drag started and makes it follow
// the pointer.
func (b *Board) Dragged(ev *fyne.DragEvent) {
	if b.ui.promoting {
		return
	}
	if !b.ui.dragging {
		// A real pointer reports the button going down first: the drag
		// began there, and the first event's delta covers the way since.
		// Without it (a synthetic drag) the first event is the start.
		start := ev.Position
		if b.ui.pressed {
			start = b.ui.pressAt
		}
		from := b.SquareAt(start)
		if !b.movable(from) {
			return
		}
		b.ui.dragging, b.ui.dragFrom, b.ui.dragAt = true, from, start
		b.ui.selected = from
		b.BaseWidget.Refresh()
	}
	b.ui.dragAt = b.ui.dragAt.Add(ev.Dragged)
	if b.renderer != nil {
		b.renderer.moveDragged()
	}
}

// DragEnd drops the dragged piece: it moves if the square under it is a
// legal target, and goes back to its square otherwise.
func (b *Board) DragEnd() {
	b.ui.pressed = false
	if !b.ui.dragging {
		return
	}
	from, to := b.ui.dragFrom, b.SquareAt(b.ui.dragAt)
	b.ui.dragging = false
	if to != from && b.hasMove(from, to) {
		b.ui.selected = game.NoSquare
		b.tryMove(from, to)
	}
	b.BaseWidget.Refresh()
}

// tryMove makes the move from→to, first asking for the promotion piece
// when there is a choice.
func (b *Board) tryMove(from, to game.Square) {
	var found []game.Move
	for _, m := range b.Legal {
		if m.From == from && m.To == to {
			found = append(found, m)
		}
	}
	switch {
	case len(found) == 1:
		b.emit(found[0])
	case len(found) > 1:
		b.ui.promoting, b.ui.promoFrom, b.ui.promoTo = true, from, to
	}
}

func (b *Board) emit(m game.Move) {
	if b.OnMove != nil {
		b.OnMove(m)
	}
}

// choosePromotion takes the piece clicked in the chooser, or cancels the
// move when the click is elsewhere.
func (b *Board) choosePromotion(pos fyne.Position) {
	from, to := b.ui.promoFrom, b.ui.promoTo
	b.ui.promoting = false
	g := b.geometry()
	for i, k := range promotionKinds {
		if g.promotionSlot(to, i, b.Flipped).contains(pos, g.square) {
			b.BaseWidget.Refresh()
			b.emit(game.Move{From: from, To: to, Promotion: k})
			return
		}
	}
	b.BaseWidget.Refresh()
}

// promotionKinds is the order of the chooser, from the promotion square
// inwards.
var promotionKinds = [4]game.Kind{game.Queen, game.Knight, game.Rook, game.Bishop}

// movable reports whether a legal move starts on sq.
func (b *Board) movable(sq game.Square) bool {
	for _, m := range b.Legal {
		if m.From == sq {
			return true
		}
	}
	return false
}

func (b *Board) hasMove(from, to game.Square) bool {
	for _, m := range b.Legal {
		if m.From == from && m.To == to {
			return true
		}
	}
	return false
}

// dropStaleInteraction forgets a picked-up piece that can no longer move
// (the position changed under it).
func (b *Board) dropStaleInteraction() {
	if b.ui.selected != game.NoSquare && !b.movable(b.ui.selected) {
		b.ui.selected = game.NoSquare
	}
	if b.ui.dragging && !b.movable(b.ui.dragFrom) {
		b.ui.dragging = false
	}
	if b.ui.promoting && !b.hasMove(b.ui.promoFrom, b.ui.promoTo) {
		b.ui.promoting = false
	}
}
