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
// piece to its square, by clicking the piece and then the square, or with
// the keyboard. It is one surface that hit-tests where a click or a drag
// ends; the pieces are not widgets of their own.
//
// Keyboard play: the board takes the focus through Tab or when the app
// gives it (Canvas.Focus). A click does not take the focus, so that keys
// the window uses (← and → to step through the game) keep working for
// mouse users; a click on a board that has the focus gives it up, as
// Escape does. While it has the focus, a cursor outlines one square. The
// arrows move the cursor (as seen on screen, so ↑ goes towards the top
// edge even when Flipped); Space or Enter works like a click on the
// cursor square: it picks up the piece there, or puts the picked-up piece
// down on it, making the move. In the promotion chooser, however it was
// opened, the arrows go through the pieces, Space or Enter takes the one
// outlined, and Q, R, B or N (or a letter of PromotionLetters) takes that
// piece. Escape closes the chooser, puts a piece picked up or being
// dragged back, and with nothing to cancel gives the focus up. Keyboard
// play ignores Input.
type Board struct {
	widget.BaseWidget

	// Pos is the chess position shown.
	Pos game.Position
	// Legal lists the moves the user may make now. With none, the board
	// only shows.
	Legal []game.Move
	// LastMove is highlighted when HasLastMove and ShowLastMove are set.
	LastMove    game.Move
	HasLastMove bool
	// BestMove is drawn as an arrow over the pieces when HasBestMove is
	// set: an engine's best move in the position shown. It keeps its own
	// look, a chevron over the marks, apart from the user's arrows.
	BestMove    game.Move
	HasBestMove bool
	// Marks are the arrows and circles drawn on the position shown,
	// translucent over the pieces and under a piece dragged, as the
	// diagrams draw them (see OnMark).
	Marks []game.Mark
	// ShowLastMove tints the two squares of LastMove (NewBoard sets it).
	ShowLastMove bool
	// Flipped puts Black at the bottom.
	Flipped bool
	// ShowCoordinates draws a–h and 1–8 beside the board.
	ShowCoordinates bool
	// ShowHints marks the squares the picked-up piece can go to: a dot on
	// an empty square, a ring around a piece it can take.
	ShowHints bool
	// Input says how the pointer may move pieces: by dragging, by clicking,
	// or both (the zero value).
	Input InputMode
	// Animate slides a piece to its square when the board is refreshed
	// with the position LastMove leads to from the position shown before:
	// a move made by clicks or keys, a move the app plays or reads, a step
	// forward through the game. A castling rook jumps to its square. Other
	// changes (a move the user dropped where it belongs, a step back, a
	// jump through the game) show at once. Whoever sets it says whether
	// the system allows animations: the board does not ask (the program
	// tells Fyne's widgets not to animate, for the sake of a steady text
	// cursor). A refresh that changes the position while a piece slides
	// ends the slide.
	Animate bool
	// Locked, unless NoSquare (NewBoard sets NoSquare), holds the one piece
	// the user may pick up, for the touch-move rule: trying to pick up
	// another piece of the side to move calls OnRefused and does nothing
	// else. Once picked up, the locked piece stays picked up when clicked
	// again or when a square it cannot go to is clicked; it can still be
	// put back by dragging it home or with Escape. A lock on a square with
	// no legal move is ignored.
	Locked game.Square
	// Scheme gives the board's colours, Pieces its piece set.
	Scheme theme.BoardScheme
	Pieces *pieces.Set

	// OnMove is called when the user makes one of the Legal moves; for a
	// promotion, once the piece is chosen.
	OnMove func(game.Move)
	// OnPick is called when the user picks up a piece that has a legal
	// move, by a click, a drag or a key, with the piece's square.
	OnPick func(game.Square)
	// OnRefused is called with the square of a piece the user tried to
	// pick up when Locked allows only another one.
	OnRefused func(game.Square)
	// OnTouchOther is called when the user clicks a piece of the side
	// not to move while holding none (touch-move: a piece of the
	// opponent's touched must be captured if it can be).
	OnTouchOther func(game.Square)
	// OnIllegal is called when the user puts a piece on a square it
	// cannot move to (dropped there, or clicked after picking it up): the
	// piece goes back, and the app may say why.
	OnIllegal func(from, to game.Square)
	// OnOtherKey receives the keys typed while the board has the focus
	// that the board does not use itself (Home, End, Page Up…), so that
	// the window's keys keep working.
	OnOtherKey func(*fyne.KeyEvent)
	// OnFocus is called when the board takes the keyboard focus (true)
	// and when it gives it up (false).
	OnFocus func(focused bool)
	// OnMark is called when the user draws a mark with the secondary
	// (right) button, as on lichess: a click on a square for a circle, a
	// drag from one square to another for an arrow, shown as it is drawn.
	// It is green; red with Shift (or Ctrl), blue with Alt (or Super),
	// yellow with both. The app adds it to Marks, or takes away the same
	// mark drawn again.
	OnMark func(game.Mark)
	// OnClearMarks is called, while there are Marks, when the user
	// presses the primary button on the board (also to move a piece), or
	// types Escape on it with nothing in hand: the app clears them.
	OnClearMarks func()
	// PromotionLetters are letters that choose a piece in the promotion
	// chooser besides Q, R, B and N (D, T, F and C in French).
	PromotionLetters map[rune]game.Kind

	ui       interaction
	drawing  drawing
	keys     keyboard
	motion   motion
	renderer *boardRenderer
}

// InputMode says which pointer gestures move pieces on a board.
type InputMode int

const (
	// InputBoth accepts dragging a piece and clicking it then its target.
	InputBoth InputMode = iota
	// InputDrag accepts only dragging: clicks on squares do nothing.
	InputDrag
	// InputClick accepts only clicks: a piece never follows the pointer,
	// and a drag that ends where it began counts as a click there.
	InputClick
)

// interaction is what the user is doing with the board.
type interaction struct {
	selected    game.Square   // the piece picked up by a click, or NoSquare
	pressed     bool          // a button went down on the board
	pressAt     fyne.Position // where it went down
	dragging    bool          // a piece follows the pointer
	clickDrag   bool          // InputClick: a drag watched as a possible click
	dragIgnored bool          // the rest of this drag does nothing
	dragFrom    game.Square
	dragAt      fyne.Position // where the pointer is
	promoting   bool          // the promotion chooser is open
	promoFrom   game.Square
	promoTo     game.Square
	promoChoice int // the chooser slot outlined for the keyboard
}

var (
	_ fyne.Draggable    = (*Board)(nil)
	_ fyne.Tappable     = (*Board)(nil)
	_ fyne.Focusable    = (*Board)(nil)
	_ desktop.Mouseable = (*Board)(nil)
	_ desktop.Hoverable = (*Board)(nil)
)

// NewBoard returns a board showing the start position, with coordinates,
// hints and the last move on, in the default colours.
func NewBoard(set *pieces.Set) *Board {
	start, _ := game.ParseFEN(game.StartFEN)
	b := &Board{
		Pos:             start,
		ShowLastMove:    true,
		ShowCoordinates: true,
		ShowHints:       true,
		Locked:          game.NoSquare,
		Scheme:          theme.Schemes()[0],
		Pieces:          set,
	}
	b.ui.selected = game.NoSquare
	b.drawing = drawing{from: game.NoSquare, to: game.NoSquare}
	b.keys.cursor = game.NoSquare
	b.motion.shown = start
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
// selection or promotion in progress that no longer fits; a new Pos may
// start a slide (see Animate).
func (b *Board) Refresh() {
	b.dropStaleInteraction()
	b.followPosition()
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

// Selected returns the square of the piece picked up by a click, a key or
// a drag in progress, or NoSquare.
func (b *Board) Selected() game.Square { return b.ui.selected }

// Cursor returns the square of the keyboard cursor, or NoSquare before
// the keyboard was first used. The cursor is drawn only while the board
// has the focus.
func (b *Board) Cursor() game.Square { return b.keys.cursor }

// CancelSelection puts down a piece picked up by a click or a key, puts a
// dragged piece back (the rest of that drag does nothing), and closes the
// promotion chooser.
func (b *Board) CancelSelection() {
	b.ui = interaction{
		selected:    game.NoSquare,
		pressed:     b.ui.pressed,
		pressAt:     b.ui.pressAt,
		dragIgnored: b.ui.dragging || b.ui.clickDrag || b.ui.dragIgnored,
	}
	b.BaseWidget.Refresh()
}

// Promoting reports whether the promotion chooser is open: it takes
// the letters of the pieces (TypedRune), whether the board has the focus
// or not.
func (b *Board) Promoting() bool { return b.ui.promoting }

// busy reports whether there is something CancelSelection would undo.
func (b *Board) busy() bool {
	return b.ui.selected != game.NoSquare || b.ui.dragging || b.ui.clickDrag || b.ui.promoting
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
		b.ui.promoChoice = 0
	}
}

func (b *Board) emit(m game.Move) {
	if b.OnMove != nil {
		b.OnMove(m)
	}
}

// promote closes the chooser and plays the promotion to the i-th piece
// of promotionKinds.
func (b *Board) promote(i int) {
	from, to := b.ui.promoFrom, b.ui.promoTo
	b.ui.promoting = false
	b.BaseWidget.Refresh()
	b.emit(game.Move{From: from, To: to, Promotion: promotionKinds[i]})
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

// lockActive reports whether Locked restricts what may be picked up.
func (b *Board) lockActive() bool {
	return b.Locked != game.NoSquare && b.movable(b.Locked)
}

// refuses reports whether picking up the piece on sq breaks the lock: it
// is another piece of the side to move.
func (b *Board) refuses(sq game.Square) bool {
	if !b.lockActive() || sq == b.Locked || !onBoard(sq) {
		return false
	}
	p := b.Pos.Board[sq]
	return p != game.NoPiece && p.Color() == b.Pos.Turn
}

func (b *Board) refuse(sq game.Square) {
	if b.OnRefused != nil {
		b.OnRefused(sq)
	}
}

func (b *Board) illegal(from, to game.Square) {
	if b.OnIllegal != nil && onBoard(from) && onBoard(to) && from != to {
		b.OnIllegal(from, to)
	}
}

func (b *Board) picked(sq game.Square) {
	if b.OnPick != nil {
		b.OnPick(sq)
	}
}

func onBoard(sq game.Square) bool { return sq >= 0 && sq < 64 }

// dropStaleInteraction forgets a picked-up piece that can no longer move
// (the position changed under it).
func (b *Board) dropStaleInteraction() {
	sel := b.ui.selected
	if sel != game.NoSquare && (!b.movable(sel) || (b.lockActive() && sel != b.Locked)) {
		b.ui.selected = game.NoSquare
	}
	if b.ui.dragging && !b.movable(b.ui.dragFrom) {
		b.ui.dragging, b.ui.dragIgnored = false, true
	}
	if b.ui.promoting && !b.hasMove(b.ui.promoFrom, b.ui.promoTo) {
		b.ui.promoting = false
	}
}
