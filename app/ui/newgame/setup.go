package newgame

import (
	"errors"
	"strconv"
	"strings"

	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/theme"
	"github.com/echiquier/echiquier/widgets"
)

// setupEditor is the position editor: a board to put pieces on, the
// side to move, castling, en passant and the move counters, and why the
// position cannot be played yet.
type setupEditor struct {
	r     *NewGame
	pos   game.Position
	brush game.Piece // what a click puts down; NoPiece erases

	d       *dialog.CustomDialog
	board   *widgets.SetupBoard
	brushes map[game.Piece]*paletteButton
	turn    *kit.Select
	castle  [4]*kit.Check // by right: K, Q, k, q
	ep      *kit.Select
	move    *kit.Entry
	half    *kit.Entry
	reason  *widget.Label
	play    *kit.Button
	study   *kit.Button
	syncing bool // the fields are being set from pos: their callbacks wait
}

// setUp opens the editor on the start position.
func (r *NewGame) setUp() {
	start, _ := game.ParseFEN(game.StartFEN)
	r.showSetup(start)
}

// castlingRights are the four rights, in the order of their boxes.
var castlingRights = [4]game.Castling{game.WhiteKingside, game.WhiteQueenside, game.BlackKingside, game.BlackQueenside}

// showSetup opens the editor on a position.
func (r *NewGame) showSetup(pos game.Position) *setupEditor {
	sc := &kit.Scope{}
	set := r.env.Pieces()
	e := &setupEditor{r: r, pos: pos, brush: game.NewPiece(game.White, game.Pawn), brushes: map[game.Piece]*paletteButton{}}
	e.board = widgets.NewSetupBoard(set)
	e.board.Scheme = theme.Scheme(r.env.Settings.BoardScheme())
	e.board.Flipped = r.env.Settings.Flipped()
	e.board.OnTap = e.tap
	e.board.OnDrag = e.drag
	e.board.OnKey = e.put

	var palette []fyne.CanvasObject
	for _, c := range []game.Color{game.White, game.Black} {
		for k := game.Pawn; k <= game.King; k++ {
			p := game.NewPiece(c, k)
			palette = append(palette, e.brushButton(p, set.Resource(p)))
		}
	}
	palette = append(palette, e.brushButton(game.NoPiece, fynetheme.ContentClearIcon()))
	start := kit.NewButton(sc, lang.L("Start position"), func() {
		p, _ := game.ParseFEN(game.StartFEN)
		e.setPosition(p)
	})
	empty := kit.NewButton(sc, lang.L("Empty board"), func() {
		e.setPosition(game.Position{Turn: game.White, EnPassant: game.NoSquare, FullMove: 1})
	})
	flip := kit.NewButton(sc, lang.L("Flip board"), func() {
		e.board.Flipped = !e.board.Flipped
		e.board.Refresh()
	})
	flip.Icon = fynetheme.ViewRefreshIcon()

	e.turn = kit.NewSelect(sc, []string{lang.L("White to move"), lang.L("Black to move")}, func(string) { e.fieldsChanged() })
	for i, label := range []string{lang.L("White O-O"), lang.L("White O-O-O"), lang.L("Black O-O"), lang.L("Black O-O-O")} {
		e.castle[i] = kit.NewCheck(sc, label, func(bool) { e.fieldsChanged() })
	}
	e.ep = kit.NewSelect(sc, nil, func(string) { e.fieldsChanged() })
	e.move, e.half = numberEntry(sc, "1"), numberEntry(sc, "0")
	e.move.OnChanged = func(string) { e.fieldsChanged() }
	e.half.OnChanged = func(string) { e.fieldsChanged() }
	e.reason = widget.NewLabel("")
	e.reason.Wrapping = fyne.TextWrapWord
	e.reason.Importance = widget.DangerImportance

	form := widget.NewForm(
		widget.NewFormItem(lang.L("Side to move"), e.turn),
		widget.NewFormItem(lang.L("Castling"), container.NewGridWithColumns(2, e.castle[0], e.castle[1], e.castle[2], e.castle[3])),
		widget.NewFormItem(lang.L("En passant"), e.ep),
		widget.NewFormItem(lang.L("Move number"), e.move),
		halfMovesItem(e.half),
	)
	pieces := container.NewThemeOverride(container.NewGridWithColumns(6, palette...), paletteTheme{r.env.App.Settings().Theme()})
	side := container.NewVBox(pieces, container.NewHBox(start, empty, flip), form, e.reason)
	content := container.NewBorder(nil, nil, nil, side, e.board)

	cancel := kit.NewButton(sc, lang.L("Cancel"), func() { e.d.Hide() })
	e.play = kit.NewButton(sc, lang.L("Play from here…"), e.playFromHere)
	e.play.Importance = widget.HighImportance
	e.d = dialog.NewCustomWithoutButtons(lang.L("Set up a position"), content, r.env.Window)
	e.study = kit.NewButton(sc, lang.L("Study this position"), e.studyHere)
	e.d.SetButtons([]fyne.CanvasObject{cancel, e.study, e.play})
	e.d.Resize(fyne.NewSize(1000, 640))
	sc.Cancel = e.d.Hide
	e.setPosition(pos)
	e.selectBrush(e.brush)
	r.env.Dialogs.Show(e.d, sc)
	return e
}

// brushButton is a button of the palette: a piece, or the eraser. A
// click chooses what clicks on the board put down; a drag puts it on the
// square where it is dropped.
func (e *setupEditor) brushButton(p game.Piece, icon fyne.Resource) *paletteButton {
	b := &paletteButton{onDrop: func(at fyne.Position) { e.dropFromPalette(p, at) }, place: e.r.env.App.Driver().AbsolutePositionForObject}
	b.Icon, b.OnTapped = icon, func() { e.selectBrush(p) }
	b.ExtendBaseWidget(b)
	e.brushes[p] = b
	return b
}

// dropFromPalette puts p (or, for the eraser, nothing) on the square
// under the window point at, if it is on the board.
func (e *setupEditor) dropFromPalette(p game.Piece, at fyne.Position) {
	origin := e.r.env.App.Driver().AbsolutePositionForObject(e.board)
	if sq := e.board.SquareAt(at.Subtract(origin)); sq != game.NoSquare {
		e.put(sq, p)
	}
}

// paletteTheme draws the palette's pieces at a size that tells them
// apart: a button's icon is otherwise the size of a letter.
type paletteTheme struct{ fyne.Theme }

// paletteIcon is the size of a piece in the palette.
const paletteIcon = 36

// Size is part of fyne.Theme.
func (t paletteTheme) Size(name fyne.ThemeSizeName) float32 {
	if name == fynetheme.SizeNameInlineIcon {
		return paletteIcon
	}
	return t.Theme.Size(name)
}

// paletteButton is a palette button that can also be dragged.
type paletteButton struct {
	widget.Button
	onDrop   func(at fyne.Position)                // where it was dropped, in the window
	place    func(fyne.CanvasObject) fyne.Position // where an object is in the window
	pressAt  fyne.Position
	pressed  bool
	dragAt   fyne.Position // the pointer, from the button's corner
	dragging bool
}

// MouseDown records where a drag may start.
func (b *paletteButton) MouseDown(ev *desktop.MouseEvent) { b.pressed, b.pressAt = true, ev.Position }

// MouseUp forgets the press.
func (b *paletteButton) MouseUp(*desktop.MouseEvent) { b.pressed = false }

// Dragged follows the pointer. A real pointer reports the button going
// down first: the drag began there, and the first event's delta covers
// the way since; a synthetic drag begins at its first event.
func (b *paletteButton) Dragged(ev *fyne.DragEvent) {
	if !b.dragging {
		b.dragAt, b.dragging = ev.Position, true
		if b.pressed {
			b.dragAt = b.pressAt
		}
	}
	b.dragAt = b.dragAt.Add(ev.Dragged)
}

// DragEnd drops the piece where the pointer is.
func (b *paletteButton) DragEnd() {
	if b.dragging {
		b.dragging, b.pressed = false, false
		b.onDrop(b.place(b).Add(b.dragAt))
	}
}

func (e *setupEditor) selectBrush(p game.Piece) {
	e.brush = p
	for q, b := range e.brushes {
		b.Importance = widget.LowImportance
		if q == p {
			b.Importance = widget.HighImportance
		}
		b.Refresh()
	}
}

// tap puts the brush's piece on a square, or takes away the same piece
// clicked again (or any piece, with the eraser).
func (e *setupEditor) tap(sq game.Square) {
	if e.pos.Board[sq] == e.brush {
		e.pos.Board[sq] = game.NoPiece
	} else {
		e.pos.Board[sq] = e.brush
	}
	e.boardChanged()
}

// put puts a piece typed on a square, or takes it away (NoPiece).
func (e *setupEditor) put(sq game.Square, p game.Piece) {
	e.pos.Board[sq] = p
	e.boardChanged()
}

// drag moves a piece to another square, or off the board.
func (e *setupEditor) drag(from, to game.Square) {
	p := e.pos.Board[from]
	e.pos.Board[from] = game.NoPiece
	if to != game.NoSquare {
		e.pos.Board[to] = p
	}
	e.boardChanged()
}

// setPosition shows another position, its fields with it.
func (e *setupEditor) setPosition(p game.Position) {
	e.pos = p
	e.syncing = true
	e.turn.SetSelected(e.turn.Options[0])
	if p.Turn == game.Black {
		e.turn.SetSelected(e.turn.Options[1])
	}
	for i, r := range castlingRights {
		e.castle[i].SetChecked(p.Castling&r != 0)
	}
	e.move.SetText(strconv.Itoa(max(p.FullMove, 1)))
	e.half.SetText(strconv.Itoa(p.HalfMoves))
	e.syncing = false
	e.boardChanged()
}

// boardChanged offers the castling rights and en passant squares that
// the pieces allow, and checks the position.
func (e *setupEditor) boardChanged() {
	e.board.Board = e.pos.Board
	e.board.Refresh()
	e.syncing = true
	allowed := allowedCastling(&e.pos.Board)
	for i, r := range castlingRights {
		if allowed&r == 0 {
			e.castle[i].SetChecked(false)
			e.castle[i].Disable()
		} else {
			e.castle[i].Enable()
		}
	}
	e.syncing = false
	e.fieldsChanged()
}

// fieldsChanged reads the fields into the position and checks it.
func (e *setupEditor) fieldsChanged() {
	if e.syncing {
		return
	}
	e.pos.Turn = game.White
	if e.turn.Selected == e.turn.Options[1] {
		e.pos.Turn = game.Black
	}
	e.pos.Castling = 0
	for i, r := range castlingRights {
		if e.castle[i].Checked {
			e.pos.Castling |= r
		}
	}
	e.pos.FullMove, _ = strconv.Atoi(strings.TrimSpace(e.move.Text))
	e.pos.HalfMoves, _ = strconv.Atoi(strings.TrimSpace(e.half.Text))
	e.refreshEnPassant()
	err := e.check()
	e.reason.SetText("")
	if err != nil {
		e.reason.SetText(words.PositionError(err))
		e.play.Disable()
		e.study.Disable()
	} else {
		e.play.Enable()
		e.study.Enable()
	}
}

// refreshEnPassant offers the squares where an en passant capture would
// be possible now, keeping the one chosen if it still is.
func (e *setupEditor) refreshEnPassant() {
	none := lang.L("None")
	options := []string{none}
	for _, sq := range enPassantSquares(e.pos) {
		options = append(options, sq.String())
	}
	chosen := e.ep.Selected
	e.ep.Options = options
	e.syncing = true
	if !strings.Contains(" "+strings.Join(options, " ")+" ", " "+chosen+" ") {
		chosen = none
	}
	e.ep.SetSelected(chosen)
	e.syncing = false
	e.pos.EnPassant = game.NoSquare
	if sq, ok := game.ParseSquare(chosen); ok {
		e.pos.EnPassant = sq
	}
}

// halfMovesItem is the field of the half-moves since the last capture or
// pawn move, as FEN counts them: each player's move is one, and the
// fifty-move rule needs 100.
func halfMovesItem(e *kit.Entry) *widget.FormItem {
	item := widget.NewFormItem(lang.L("Half-moves since a capture or a pawn move"), e)
	item.HintText = lang.L("Each player's move counts one: a draw can be claimed at 100 (fifty moves each).")
	return item
}

// check returns why the position cannot be played, or nil.
func (e *setupEditor) check() error {
	if e.pos.FullMove < 1 || e.pos.HalfMoves < 0 {
		return errors.New(lang.L("The move number must be 1 or more, and the half-moves since a capture or a pawn move 0 or more."))
	}
	_, err := game.ParseFEN(e.pos.FEN())
	return err
}

// playFromHere opens the New game choices on the position set up; the
// editor's position is lost only once the game starts.
func (e *setupEditor) playFromHere() {
	if e.check() != nil {
		return
	}
	fen := e.pos.FEN()
	e.d.Hide()
	e.r.leave.ConfirmDiscard(func() { e.r.ask(fen) })
}

// studyHere puts the position on screen for study: untimed, no game
// being played, the engine allowed to analyse it.
func (e *setupEditor) studyHere() {
	if e.check() != nil {
		return
	}
	fen := e.pos.FEN()
	e.d.Hide()
	e.r.leave.ConfirmDiscard(func() {
		if err := e.r.env.Session.StudyPosition(fen); err != nil {
			e.r.env.ShowError(err)
		}
	})
}

// allowedCastling returns the castling rights that the kings and rooks
// on their squares allow.
func allowedCastling(b *[64]game.Piece) game.Castling {
	var c game.Castling
	at := func(name string, p game.Piece) bool {
		sq, _ := game.ParseSquare(name)
		return b[sq] == p
	}
	wk, wr := game.NewPiece(game.White, game.King), game.NewPiece(game.White, game.Rook)
	bk, br := game.NewPiece(game.Black, game.King), game.NewPiece(game.Black, game.Rook)
	if at("e1", wk) && at("h1", wr) {
		c |= game.WhiteKingside
	}
	if at("e1", wk) && at("a1", wr) {
		c |= game.WhiteQueenside
	}
	if at("e8", bk) && at("h8", br) {
		c |= game.BlackKingside
	}
	if at("e8", bk) && at("a8", br) {
		c |= game.BlackQueenside
	}
	return c
}

// enPassantSquares returns the squares where the side to move could
// capture en passant: behind a pawn of the other side that may just have
// stepped two squares (both squares it crossed empty), beside a pawn of
// the side to move, the capture legal.
func enPassantSquares(p game.Position) []game.Square {
	rank, dir := 4, 1 // White to move: a black pawn on the fifth rank
	if p.Turn == game.Black {
		rank, dir = 3, -1
	}
	mine, theirs := game.NewPiece(p.Turn, game.Pawn), game.NewPiece(p.Turn.Other(), game.Pawn)
	var out []game.Square
	for file := range 8 {
		behind, start := game.NewSquare(file, rank+dir), game.NewSquare(file, rank+2*dir)
		if p.Board[game.NewSquare(file, rank)] != theirs || p.Board[behind] != game.NoPiece || p.Board[start] != game.NoPiece {
			continue
		}
		beside := false
		for _, f := range []int{file - 1, file + 1} {
			beside = beside || (f >= 0 && f < 8 && p.Board[game.NewSquare(f, rank)] == mine)
		}
		if !beside {
			continue
		}
		q := p
		q.EnPassant = behind
		if v, err := game.ParseFEN(q.FEN()); err == nil && v.CanCaptureEnPassant() {
			out = append(out, behind)
		}
	}
	return out
}
