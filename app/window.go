package app

import (
	"image/color"
	"slices"
	"strings"
	"time"

	"github.com/echiquier/echiquier/app/ui/words"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/theme"
	"github.com/echiquier/echiquier/widgets"
)

// ui is what the window shows.
type ui struct {
	content fyne.CanvasObject
	board   *widgets.Board
	moves   *widgets.MoveList
	clocks  [2]*widgets.ClockFace // by colour
	topSlot *fyne.Container       // holds the clock of the player at the top
	lowSlot *fyne.Container       // ... and at the bottom
	status  *widget.Label
	banner  *fyne.Container
	// bannerSlot keeps the banner's place when it is hidden.
	bannerSlot *fyne.Container
	viewing    *widget.Label
	// bannerBack, bannerOver and bannerOffer are the banner's buttons
	// while browsing, once the game is over, and while a draw is offered.
	bannerBack, bannerOver, bannerOffer *fyne.Container
	moveBox                             *moveBox
	opening                             *widget.Label // the opening of the position shown

	takeBack, offerDraw, claimDraw, resign, flip, pause *widget.Button

	shownClock [2]clockShown // what each clock shows, to refresh only on change
}

func (a *App) buildUI() *ui {
	u := &ui{
		board:  widgets.NewBoard(a.pieces),
		moves:  widgets.NewMoveList(),
		clocks: [2]*widgets.ClockFace{widgets.NewClockFace(game.White), widgets.NewClockFace(game.Black)},
		status: widget.NewLabel(""),
	}
	u.board.OnMove = a.moveFromBoard
	u.board.OnPick = a.sess.TouchPiece
	u.board.OnRefused = a.pieceRefused
	u.board.OnIllegal = a.illegalDrop
	u.board.OnTouchOther = a.sess.TouchOpponentPiece
	u.board.OnOtherKey = a.typedKey
	u.moves.OnSelect = a.showNode
	u.moves.Menu = a.nodeMenu
	u.moveBox = a.newMoveBox()
	u.topSlot = container.NewStack()
	u.lowSlot = container.NewStack()
	u.status.TextStyle.Bold = true
	u.buildBanner(a)
	u.buildActions(a)
	actions := container.NewGridWithColumns(2, u.takeBack, u.offerDraw, u.claimDraw, u.resign, u.flip, u.pause)
	side := container.NewBorder(u.topSlot,
		container.NewVBox(a.newOpeningLabel(u), u.moveBox.box, actions, u.lowSlot), nil, nil, a.tree.slot(a.underMoveList(u.moves)))
	boardArea := container.NewBorder(u.bannerSlot, nil, nil, nil, a.withEvalBar(u.board))
	main := container.New(boardFirst{}, boardArea, container.NewHScroll(side))
	u.content = container.NewBorder(nil, container.NewPadded(u.status), nil, nil, main)
	return u
}

// boardFirst lays out the board's area and the side panel: the board is
// the largest thing. It takes a square as tall as the window when the
// panel keeps panelWidth beside it; in a narrower window the panel yields,
// down to minPanel (its content then scrolls sideways), before the board
// does.
type boardFirst struct{}

// panelWidth is the side panel's width when there is room, and minPanel
// the narrowest it gets. Neither depends on what the panel shows: the
// board must not move when a name or an opening gets longer.
const (
	panelWidth = 340
	minPanel   = 160
)

func (boardFirst) MinSize(objects []fyne.CanvasObject) fyne.Size {
	board := objects[0].MinSize()
	return fyne.NewSize(board.Width+minPanel, max(board.Height, objects[1].MinSize().Height))
}

func (boardFirst) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	board, panel := objects[0], objects[1]
	width := max(size.Width-panelWidth, min(size.Height, size.Width-minPanel))
	width = max(min(width, size.Width-minPanel), 0)
	board.Move(fyne.NewPos(0, 0))
	board.Resize(fyne.NewSize(width, size.Height))
	panel.Move(fyne.NewPos(width, 0))
	panel.Resize(fyne.NewSize(size.Width-width, size.Height))
}

// buildBanner makes the strip above the board: while a past position is
// shown, it says so and offers the way back to the game; once the game is
// over, it says how it ended and offers to save it or start another,
// without hiding the final position. Its place is kept when it is empty,
// so that the board never moves under the mouse.
func (u *ui) buildBanner(a *App) {
	u.viewing = widget.NewLabel("")
	u.viewing.Importance = widget.HighImportance
	u.viewing.Truncation = fyne.TextTruncateEllipsis
	back := widget.NewButtonWithIcon(lang.L("Back to the game"), fynetheme.MediaSkipNextIcon(), a.showLive)
	u.bannerBack = container.NewHBox(back)
	save := widget.NewButtonWithIcon(lang.L("Save…"), fynetheme.DocumentSaveIcon(), a.save)
	again := widget.NewButtonWithIcon(lang.L("New game…"), fynetheme.ContentAddIcon(), a.newGame)
	u.bannerOver = container.NewHBox(save, again)
	accept := widget.NewButton(lang.L("Accept the draw"), func() { a.answerDraw(true) })
	accept.Importance = widget.HighImportance
	u.bannerOffer = container.NewHBox(widget.NewButton(lang.L("Decline"), func() { a.answerDraw(false) }), accept)
	bg := canvas.NewRectangle(fynetheme.Color(theme.ColorNameBrowsing))
	u.banner = container.NewStack(bg, container.NewBorder(nil, nil, nil, container.NewStack(u.bannerBack, u.bannerOver, u.bannerOffer), u.viewing))
	keep := canvas.NewRectangle(color.Transparent)
	keep.SetMinSize(fyne.NewSize(0, u.banner.MinSize().Height))
	u.bannerSlot = container.NewStack(keep, u.banner)
	u.banner.Hide()
}

func (u *ui) buildActions(a *App) {
	u.takeBack = widget.NewButtonWithIcon(lang.L("Take back"), fynetheme.ContentUndoIcon(), a.askTakeBack)
	u.offerDraw = widget.NewButtonWithIcon(lang.L("Offer draw"), fynetheme.MailSendIcon(), a.offerDraw)
	u.claimDraw = widget.NewButtonWithIcon(lang.L("Claim draw"), fynetheme.ConfirmIcon(), a.claimDraw)
	u.resign = widget.NewButtonWithIcon(lang.L("Resign"), fynetheme.CancelIcon(), a.askResign)
	u.flip = widget.NewButtonWithIcon(lang.L("Flip board"), fynetheme.ViewRefreshIcon(), a.flip)
	u.pause = widget.NewButtonWithIcon(lang.L("Pause clocks"), fynetheme.MediaPauseIcon(), a.togglePause)
}

// refresh brings the whole window in line with the session.
func (a *App) refresh() {
	a.ui.moves.SetRoot(a.sess.Game().Root())
	a.ui.moves.SetResult(resultLine(a.sess.Game()))
	a.refreshView()
	a.refreshClockFaces(true)
	a.refreshActions()
	a.refreshTitle()
	a.refreshMenu()
}

// refreshView shows the position chosen on the board, in the move list
// and in the status line: all that changes when the game does not, only
// the move shown. The move list's tree is not read again.
func (a *App) refreshView() {
	a.refreshBoard()
	a.ui.moves.SetCurrent(a.sess.Shown())
	a.refreshStatus()
	a.refreshAnalysis()
	a.refreshOpening()
}

func (a *App) refreshBoard() {
	b := a.ui.board
	n := a.sess.Shown()
	b.Pos = n.Position()
	b.LastMove, b.HasLastMove = n.Move(), n.Parent() != nil
	b.Legal = nil
	if a.sess.CanMoveHere() {
		b.Legal = n.Legal()
		if t := a.sess.MustCapture(); t != game.NoSquare {
			// Touch-move: only the captures of the piece touched.
			b.Legal = slices.DeleteFunc(slices.Clone(b.Legal), func(m game.Move) bool { return m.To != t })
		}
	}
	b.Locked = a.sess.Touched()
	b.Flipped = a.settings.Flipped()
	a.analysisOnBoard(b)
	b.Refresh()
	a.refreshBanner(n)
}

func (a *App) refreshBanner(n *game.Node) {
	u := a.ui
	g := a.sess.Game()
	by, offered := g.DrawOffer()
	var buttons *fyne.Container
	switch {
	case a.sess.Browsing():
		text := lang.L("Viewing the start position — a move made here starts a side line")
		if n.Parent() != nil {
			text = lang.L("Viewing move {{.Move}} — a move made here starts a side line", map[string]any{"Move": words.MoveLabel(n)})
		}
		u.viewing.SetText(text)
		buttons = u.bannerBack
	case g.Status().Over():
		u.viewing.SetText(lang.L("Game over: {{.Result}}", map[string]any{"Result": words.GameResult(g)}))
		buttons = u.bannerOver
	case offered:
		u.viewing.SetText(lang.L("{{.Player}} offers a draw. {{.Opponent}}: accept, decline, or play a move to decline.",
			map[string]any{"Player": words.PlayerName(g, by), "Opponent": words.PlayerName(g, by.Other())}))
		buttons = u.bannerOffer
	default:
		u.banner.Hide()
		return
	}
	for _, b := range []*fyne.Container{u.bannerBack, u.bannerOver, u.bannerOffer} {
		if b == buttons {
			b.Show()
		} else {
			b.Hide()
		}
	}
	u.banner.Show()
}

// resultLine is the last line of the move list: the result and how the
// game ended ("0-1 · Black wins by checkmate"), and where the Laws ended a
// game that its file goes on after; "" for a game that goes on.
func resultLine(g *game.Game) string {
	var parts []string
	if st := g.Status(); st.Over() {
		parts = append(parts, g.Tag("Result")+" · "+words.GameResult(g))
	}
	if n, st, ok := g.LawEnd(); ok {
		parts = append(parts, lang.L("The Laws of Chess ended the game after {{.Move}}: {{.Reason}}; the file goes on.",
			map[string]any{"Move": words.MoveLabel(n), "Reason": words.Result(st)}))
	}
	return strings.Join(parts, "\n")
}

// refreshClockFaces updates both clocks; unless forced, a clock is
// redrawn only when the text it shows changes.
func (a *App) refreshClockFaces(force bool) {
	g := a.sess.Game()
	timed := !g.TimeControl().IsZero()
	over := g.Status().Over()
	if force {
		top := game.Black
		if a.settings.Flipped() {
			top = game.White
		}
		a.ui.topSlot.Objects = []fyne.CanvasObject{a.ui.clocks[top]}
		a.ui.lowSlot.Objects = []fyne.CanvasObject{a.ui.clocks[top.Other()]}
		a.ui.topSlot.Refresh()
		a.ui.lowSlot.Refresh()
	}
	used := g.ClockState().Elapsed
	for _, c := range []game.Color{game.White, game.Black} {
		f := a.ui.clocks[c]
		rem := g.Remaining(c)
		toMove := g.Turn() == c && !over
		running := timed && toMove && !g.Paused()
		st, toControl := g.StageOf(c)
		shown := clockShown{text: widgets.FormatClock(rem), running: running, toMove: toMove, toControl: toControl}
		if toMove && st.Delay > 0 {
			// Tenths, as the face shows them: a redraw when they change.
			if st.DelayKind == game.SimpleDelay {
				shown.delay = max(st.Delay-used, 0).Truncate(100 * time.Millisecond)
			} else {
				shown.bronstein = min(used, st.Delay).Truncate(100 * time.Millisecond)
			}
		}
		if !force && shown == a.ui.shownClock[c] {
			continue
		}
		a.ui.shownClock[c] = shown
		f.Name, f.Remaining, f.Running, f.ToMove = words.PlayerName(g, c), rem, running, toMove
		f.Paused, f.Untimed = timed && g.Paused() && !over, !timed
		f.Delay, f.Bronstein, f.MovesToControl = shown.delay, shown.bronstein, toControl
		f.Refresh()
	}
}

// clockShown is what a clock face shows, to redraw it only when that
// changes.
type clockShown struct {
	text             string
	running, toMove  bool
	delay, bronstein time.Duration
	toControl        int
}

func (a *App) refreshStatus() {
	g := a.sess.Game()
	text := words.ToMove(g)
	switch {
	case g.Status().Over():
		text = words.GameResult(g)
	case g.Paused() && !g.TimeControl().IsZero():
		text = lang.L("{{.Status}} — clocks paused", map[string]any{"Status": text})
	}
	if t := a.sess.MustCapture(); t != game.NoSquare {
		text = lang.L("Touch-move: you touched the piece on {{.Square}}, so you must capture it.", map[string]any{"Square": t.String()})
	}
	if by, declined := a.sess.DrawDeclined(); declined && !g.Status().Over() {
		text = lang.L("{{.Status}} — {{.Player}} declined the draw offer", map[string]any{"Status": text, "Player": words.PlayerName(g, by.Other())})
	}
	if note := a.autosaveNote(); note != "" {
		text += " — " + note
	}
	a.ui.status.SetText(text)
}

func (a *App) refreshActions() {
	g := a.sess.Game()
	over := g.Status().Over()
	timed := !g.TimeControl().IsZero()
	p := a.playItems
	changed := false
	for _, act := range []struct {
		b  *widget.Button
		it *fyne.MenuItem
		on bool
	}{
		{a.ui.takeBack, p.takeBack, a.sess.CanTakeBack()},
		{a.ui.offerDraw, p.offerDraw, a.sess.CanOfferDraw()},
		{a.ui.resign, p.resign, !over},
		{a.ui.claimDraw, p.claimDraw, len(g.ClaimableDraws()) > 0},
		{a.ui.pause, p.pause, timed && !over},
	} {
		enable(act.b, act.on)
		if act.it != nil && act.it.Disabled == act.on {
			act.it.Disabled, changed = !act.on, true
		}
	}
	if changed {
		a.refreshMainMenu()
	}
	if g.Paused() {
		a.ui.pause.SetText(lang.L("Resume clocks"))
		a.ui.pause.SetIcon(fynetheme.MediaPlayIcon())
	} else {
		a.ui.pause.SetText(lang.L("Pause clocks"))
		a.ui.pause.SetIcon(fynetheme.MediaPauseIcon())
	}
}

func enable(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

func (a *App) refreshTitle() {
	title := lang.L("Échiquier")
	if name := a.sess.FileName(); name != "" {
		title = name + " — " + title
	}
	if a.sess.Dirty() {
		title = "• " + title
	}
	a.win.SetTitle(title)
}

// illegalDrop says under the move box, in its words, why a piece cannot
// go where it was put: no dialog for a slip of the hand.
func (a *App) illegalDrop(from, to game.Square) {
	n := a.sess.Shown()
	_, err := n.ParseMove(from.String() + to.String())
	if err == nil {
		return // a legal move the board did not offer: nothing to explain
	}
	a.showMoveBoxError(words.ErrorIn(err, a.notation()))
}

// pieceRefused says why another piece cannot be picked up: the one
// touched must be moved.
func (a *App) pieceRefused(game.Square) {
	if t := a.sess.MustCapture(); t != game.NoSquare {
		a.ui.status.SetText(lang.L("Touch-move: you touched the piece on {{.Square}}, so you must capture it.",
			map[string]any{"Square": t.String()}))
		return
	}
	a.ui.status.SetText(lang.L("Touch-move: you touched the piece on {{.Square}}, so you must move it.",
		map[string]any{"Square": a.sess.Touched().String()}))
}
