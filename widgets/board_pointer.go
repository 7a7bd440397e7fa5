package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/echiquier/echiquier/app/game"
)

// Tapped picks up a piece, puts it down again, or moves the picked-up
// piece to the square clicked; in the promotion chooser it takes the piece
// clicked. With Input set to InputDrag only the chooser listens.
func (b *Board) Tapped(ev *fyne.PointEvent) {
	b.pointerUsed()
	b.finishSlide()
	if b.ui.promoting {
		b.choosePromotion(ev.Position)
		return
	}
	sq := b.SquareAt(ev.Position)
	if sq != game.NoSquare {
		b.keys.cursor = sq
	}
	if b.Input == InputDrag {
		b.BaseWidget.Refresh()
		return
	}
	b.clickSquare(sq)
}

// clickSquare does what a click on sq (or Space on the cursor) does.
func (b *Board) clickSquare(sq game.Square) {
	from := b.ui.selected
	switch {
	case from != game.NoSquare && sq != from && b.hasMove(from, sq):
		b.ui.selected = game.NoSquare
		b.tryMove(from, sq)
	case b.refuses(sq):
		b.refuse(sq)
	case from != game.NoSquare && from == b.Locked && b.lockActive():
		// touch-move: the locked piece stays in hand
	case sq == from || !b.movable(sq):
		b.ui.selected = game.NoSquare
		if from != game.NoSquare {
			b.illegal(from, sq)
		} else if onBoard(sq) && b.OnTouchOther != nil {
			if p := b.Pos.Board[sq]; p != game.NoPiece && p.Color() != b.Pos.Turn {
				b.OnTouchOther(sq)
			}
		}
	default:
		b.ui.selected = sq
		b.picked(sq)
	}
	b.BaseWidget.Refresh()
}

// choosePromotion takes the piece clicked in the chooser, or cancels the
// move when the click is elsewhere.
func (b *Board) choosePromotion(pos fyne.Position) {
	g := b.geometry()
	for i := range promotionKinds {
		if g.promotionSlot(b.ui.promoTo, i, b.Flipped).contains(pos, g.square) {
			b.promote(i)
			return
		}
	}
	b.ui.promoting = false
	b.BaseWidget.Refresh()
}

// MouseDown records where a drag may start, and clears the marks; the
// secondary button starts drawing a mark.
func (b *Board) MouseDown(ev *desktop.MouseEvent) {
	if ev.Button == desktop.MouseButtonSecondary {
		b.startMark(ev)
		return
	}
	b.pointerUsed()
	b.ui.pressed, b.ui.pressAt = true, ev.Position
	b.ui.dragIgnored = false
	if ev.Button == desktop.MouseButtonPrimary {
		b.clearMarks()
	}
}

// MouseUp forgets the press; the secondary button ends the mark drawn.
func (b *Board) MouseUp(ev *desktop.MouseEvent) {
	if ev.Button == desktop.MouseButtonSecondary {
		b.endMark(ev)
		return
	}
	b.ui.pressed = false
}

// Dragged picks up the piece where the drag started and makes it follow
// the pointer.
func (b *Board) Dragged(ev *fyne.DragEvent) {
	if b.ui.promoting || b.ui.dragIgnored {
		return
	}
	if !b.ui.dragging && !b.ui.clickDrag && !b.startDrag(ev) {
		return
	}
	b.ui.dragAt = b.ui.dragAt.Add(ev.Dragged)
	if b.ui.dragging && b.renderer != nil {
		b.renderer.moveDragged()
	}
}

// startDrag begins a drag at its first event, and reports whether the
// board follows it.
func (b *Board) startDrag(ev *fyne.DragEvent) bool {
	// A real pointer reports the button going down first: the drag began
	// there, and the first event's delta covers the way since. Without it
	// (a synthetic drag) the first event is the start.
	start := ev.Position
	if b.ui.pressed {
		start = b.ui.pressAt
	}
	from := b.SquareAt(start)
	b.keys.shown = false
	b.finishSlide()
	b.ui.dragFrom, b.ui.dragAt = from, start
	switch {
	case b.Input == InputClick:
		b.ui.clickDrag = true
		return true
	case b.refuses(from):
		b.ui.dragIgnored = true
		b.refuse(from)
		return false
	case !b.movable(from):
		b.ui.dragIgnored = true
		return false
	}
	b.ui.dragging, b.ui.selected = true, from
	b.BaseWidget.Refresh()
	b.picked(from)
	return true
}

// DragEnd drops the dragged piece: it moves if the square under it is a
// legal target, and goes back to its square otherwise. With InputClick, a
// drag that ends on the square it began on is a click there.
func (b *Board) DragEnd() {
	b.ui.pressed = false
	ignored, clickDrag := b.ui.dragIgnored, b.ui.clickDrag
	b.ui.dragIgnored, b.ui.clickDrag = false, false
	from, to := b.ui.dragFrom, b.SquareAt(b.ui.dragAt)
	switch {
	case ignored:
	case clickDrag:
		if from == to && from != game.NoSquare {
			b.clickSquare(from)
		}
	case b.ui.dragging:
		b.drop(from, to)
	}
}

func (b *Board) drop(from, to game.Square) {
	b.ui.dragging = false
	switch {
	case to != from && b.hasMove(from, to):
		// The piece already stands where it was dropped: it must not
		// slide there again. A promotion waits for the chooser, under
		// which the pawn is back on its square, and may slide.
		b.ui.selected = game.NoSquare
		b.motion.dropped, b.motion.hasDropped = game.Move{From: from, To: to}, true
		b.tryMove(from, to)
		b.motion.hasDropped = b.motion.hasDropped && !b.ui.promoting
	case b.Input == InputDrag:
		// nothing clicks a selection away without click-click
		b.ui.selected = game.NoSquare
		b.illegal(from, to)
	default:
		b.illegal(from, to)
	}
	b.BaseWidget.Refresh()
}
