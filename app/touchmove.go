package app

import (
	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
)

// touchMove is the touch-move training mode's state: the piece touched at
// the position where it was touched.
type touchMove struct {
	square game.Square
	at     *game.Node
}

// piecePicked locks the piece picked up, in touch-move training, at the
// live position.
func (a *App) piecePicked(sq game.Square) {
	if !a.settings.TouchMove() || a.sess.browsing() {
		return
	}
	a.touched = touchMove{square: sq, at: a.sess.game.Live()}
	a.ui.board.Locked = sq
}

// pieceRefused says why another piece cannot be picked up: the one
// touched must be moved.
func (a *App) pieceRefused(game.Square) {
	a.ui.status.SetText(lang.L("Touch-move: you touched the piece on {{.Square}}, so you must move it.",
		map[string]any{"Square": a.touched.square.String()}))
}

// releaseTouch forgets the piece touched once a move was made, the mode
// is off, or a past position is shown: forgotten, the touch does not come
// back when that move is taken back or the game shown again.
func (a *App) releaseTouch() {
	if !a.settings.TouchMove() || a.sess.browsing() || a.touched.at != a.sess.game.Live() {
		a.touched = touchMove{square: game.NoSquare}
	}
}
