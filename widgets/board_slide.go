package widgets

import (
	"time"

	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/game"
)

// slideDuration is how long a piece takes to slide to its square.
const slideDuration = 150 * time.Millisecond

// motion follows the positions a board shows, to slide a piece from one
// to the next.
type motion struct {
	shown game.Position // the position of the last refresh

	// dropped is the move the user just dropped on its square, which
	// must not slide there again.
	dropped    game.Move
	hasDropped bool

	anim     *fyne.Animation // the slide running, or nil
	move     game.Move
	piece    game.Piece // the piece sliding, as it left its square
	captured game.Piece // what stood on the target, shown until it arrives
	at       float32    // how far it has gone, from 0 to 1
}

// sliding reports whether a piece is sliding.
func (b *Board) sliding() bool { return b.motion.anim != nil }

// followPosition notes the position refreshed, and slides the last move's
// piece when the new position is the last one plus LastMove.
func (b *Board) followPosition() {
	m := &b.motion
	prev := m.shown
	if prev == b.Pos {
		if !b.Animate {
			b.stopSlide()
		}
		return
	}
	m.shown = b.Pos
	b.stopSlide()
	dropped := m.hasDropped && m.dropped.From == b.LastMove.From && m.dropped.To == b.LastMove.To
	m.hasDropped = false
	if !b.Animate || !b.HasLastMove || dropped || !b.onScreen() ||
		!reachedBy(prev, b.Pos, b.LastMove) {
		return
	}
	b.startSlide(prev)
}

// onScreen reports whether the board is shown in a window.
func (b *Board) onScreen() bool {
	return b.Visible() && fyne.CurrentApp().Driver().CanvasForObject(b) != nil
}

// startSlide slides LastMove's piece from its square in prev.
func (b *Board) startSlide(prev game.Position) {
	m := &b.motion
	mv := b.LastMove
	m.move, m.piece, m.captured, m.at = mv, prev.Board[mv.From], prev.Board[mv.To], 0
	a := fyne.NewAnimation(slideDuration, nil)
	a.Curve = fyne.AnimationEaseOut
	a.Tick = func(v float32) {
		if b.motion.anim == a { // a stopped slide may still get a tick
			b.slideTo(v)
		}
	}
	m.anim = a
	a.Start()
}

// slideTo moves the sliding piece to v of its way, and ends the slide at 1
// with the static picture.
func (b *Board) slideTo(v float32) {
	if v < 1 {
		b.motion.at = v
		if b.renderer != nil {
			b.renderer.moveSlide()
		}
		return
	}
	b.motion.anim = nil
	b.BaseWidget.Refresh()
}

// finishSlide shows a sliding piece on its square at once, before the user
// picks a piece up.
func (b *Board) finishSlide() {
	if b.sliding() {
		b.stopSlide()
		b.BaseWidget.Refresh()
	}
}

// stopSlide ends a slide at once; the caller refreshes.
func (b *Board) stopSlide() {
	if a := b.motion.anim; a != nil {
		b.motion.anim = nil
		a.Stop()
	}
}

// reachedBy reports whether m, played in prev, gives next's pieces and
// turn.
func reachedBy(prev, next game.Position, m game.Move) bool {
	if !onBoard(m.From) || !onBoard(m.To) || m.From == m.To {
		return false
	}
	p := prev.Board[m.From]
	if p == game.NoPiece || p.Color() != prev.Turn || next.Turn == prev.Turn {
		return false
	}
	return prev.Play(m).Board == next.Board
}
