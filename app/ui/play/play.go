// Package play is the room where the game is played: the board, the
// banner over the move list, the clocks, the move list, the move box,
// the play buttons, the status line's account of the game, and the
// questions a move may ask (claim a draw with it? a side line or the rest replaced?).
package play

import (
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
	"github.com/echiquier/echiquier/widgets"
)

// Notes gives the menu of a move in the move list (its comment, its
// side lines).
type Notes interface {
	MenuOf(n *game.Node) *fyne.Menu
}

// Refusals is told of a move refused, to sound it.
type Refusals interface {
	MoveRefused()
}

// Play is the play room.
type Play struct {
	env      *kit.Env
	notes    Notes
	refusals Refusals
	v        *view
	// bestMove is the engine's best move at the position shown, drawn on
	// the board, when hasBest.
	bestMove game.Move
	hasBest  bool
	// questions are the questions asked about the game that may still be
	// on screen.
	questions []question
}

// question is a question on screen about the game as it stood when it
// was asked: a change of the game under it makes it moot.
type question struct {
	asked       *kit.Asked
	game        game.View
	live, shown *game.Node
	status      game.Status
}

// ask shows a question about the game as it stands (show shows it); it
// is withdrawn once the game changes under it (withdrawMoot).
func (p *Play) ask(show func() *kit.Asked) {
	s := p.env.Session
	g := s.Game()
	p.questions = append(slices.DeleteFunc(p.questions, func(q question) bool { return !q.asked.Open() }),
		question{asked: show(), game: g, live: g.Live(), shown: s.Shown(), status: g.Status()})
}

// withdrawMoot withdraws the questions that a change of the game made
// moot: the game ended (a flag fell) or was replaced, a move was made or
// taken back, another position is shown. Their Cancel runs.
func (p *Play) withdrawMoot() {
	s := p.env.Session
	g := s.Game()
	p.questions = slices.DeleteFunc(p.questions, func(q question) bool {
		if q.game == g && q.live == g.Live() && q.shown == s.Shown() && q.status == g.Status() {
			return !q.asked.Open()
		}
		q.asked.Withdraw()
		return true
	})
}

// view is what the room shows, made again in another language.
type view struct {
	board   *widgets.Board
	moves   *widgets.MoveList
	clocks  [2]*widgets.ClockFace // by colour
	top     *fyne.Container       // holds the clock of the player at the top
	bottom  *fyne.Container       // ... and at the bottom
	banner  *banner
	moveBox *moveBox
	opening *widget.Label // the opening of the position shown
	// actions are the play buttons with their words, and compact the
	// same as icons in a row, for a small window.
	actions, compact *fyne.Container
	// shownClock is what each clock shows, to refresh only on change.
	shownClock [2]clockShown
}

// Parts are the pieces of the room that the window lays out.
type Parts struct {
	// Banner is the strip that says a past position is shown, how the
	// game ended or that a draw is offered, with its buttons; hidden
	// while it has nothing to say.
	Banner fyne.CanvasObject
	Board  fyne.CanvasObject
	// TopClock and BottomClock hold the clocks of the players at the top
	// and at the bottom of the board.
	TopClock, BottomClock fyne.CanvasObject
	Moves                 fyne.CanvasObject
	// RowHeight is the height of a row of the move list.
	RowHeight float32
	Opening   fyne.CanvasObject
	// MoveBox is where a move is typed, and MoveHint what is said of it
	// (the moves that begin so, why it was refused): hidden while it
	// says nothing.
	MoveBox, MoveHint fyne.CanvasObject
	// Actions are the play buttons in a row, with their names;
	// CompactActions the same as icons.
	Actions, CompactActions fyne.CanvasObject
	// Navigation is the row of buttons that step through the game: the
	// start, the previous move, the next, the game as it stands, and the
	// board turned round.
	Navigation fyne.CanvasObject
}

// New makes the play room and adds its commands to the table; Build makes
// what it shows.
func New(env *kit.Env, notes Notes, refusals Refusals) *Play {
	p := &Play{env: env, notes: notes, refusals: refusals}
	p.addCommands()
	p.addMarkCommands()
	return p
}

// Build makes what the room shows, in the window's language, and returns
// its parts.
func (p *Play) Build() Parts {
	v := &view{
		board:  widgets.NewBoard(p.env.Pieces()),
		moves:  widgets.NewMoveList(),
		clocks: [2]*widgets.ClockFace{widgets.NewClockFace(game.White), widgets.NewClockFace(game.Black)},
		top:    container.NewStack(),
		bottom: container.NewStack(),
	}
	p.v = v
	for _, f := range v.clocks {
		f.Decimal = words.Decimal
	}
	b := v.board
	b.OnMove = p.Move
	b.OnPick = p.env.Session.TouchPiece
	b.OnRefused = p.pieceRefused
	b.OnIllegal = p.illegalDrop
	b.OnTouchOther = p.env.Session.TouchOpponentPiece
	b.OnOtherKey = p.boardKey
	b.OnFocus = p.boardFocus
	b.OnMark, b.OnClearMarks = p.drawMark, p.clearMarks
	v.moves.OnSelect = p.env.Session.Show
	v.moves.Menu = p.notes.MenuOf
	v.moveBox = p.newMoveBox()
	v.opening = widget.NewLabel("")
	v.opening.Truncation = fyne.TextTruncateEllipsis
	v.banner = p.newBanner()
	cmds := p.env.Commands
	ids := []kit.ID{kit.TakeBack, kit.OfferDraw, kit.ClaimDraw, kit.Resign, kit.Flip, kit.Pause}
	var wide, icons []fyne.CanvasObject
	for _, id := range ids {
		wide = append(wide, cmds.Button(id))
		icons = append(icons, cmds.IconButton(id))
	}
	v.actions = container.NewGridWithColumns(len(wide), wide...)
	v.compact = container.NewGridWithColumns(len(icons), icons...)
	var nav []fyne.CanvasObject
	for _, id := range []kit.ID{kit.ShowStart, kit.PreviousMove, kit.NextMove, kit.BackToGame, kit.Flip} {
		nav = append(nav, cmds.IconButton(id))
	}
	p.Refresh()
	return Parts{
		Banner: v.banner.strip, Board: b, TopClock: v.top, BottomClock: v.bottom,
		Moves: v.moves, RowHeight: v.moves.RowHeight(), Opening: v.opening, MoveBox: v.moveBox.entry, MoveHint: v.moveBox.hint,
		Actions: v.actions, CompactActions: v.compact, Navigation: container.NewGridWithColumns(len(nav), nav...),
	}
}

// SetCompact shows the clocks with smaller digits, for a small window;
// false with their large ones.
func (p *Play) SetCompact(on bool) {
	for _, c := range p.v.clocks {
		if c.Compact != on {
			c.Compact = on
			c.Refresh()
		}
	}
}

// ClockSize is the room a clock needs, compact or not, whatever the
// game: the size of a clock that runs.
func (p *Play) ClockSize(compact bool) fyne.Size { return p.v.clocks[game.White].TimedSize(compact) }

// HintHeight is the height of what the move box says, at width: a
// second line when its words do not fit one.
func (p *Play) HintHeight(width float32) float32 {
	hint := p.v.moveBox.hint
	h := hint.MinSize().Height
	if text := fyne.MeasureText(hint.Text, fynetheme.TextSize(), hint.TextStyle); text.Width+2*fynetheme.InnerPadding() > width {
		h += text.Height
	}
	return h
}

// MovesHeight is the height of all the move list's rows, as last laid
// out: the list needs no more.
func (p *Play) MovesHeight() float32 { return p.v.moves.ContentHeight() }

// Follow brings the room in line with what changed in the session.
func (p *Play) Follow(ev session.Event) {
	c := ev.Change
	if c.Has(session.ViewChanged | session.GameChanged | session.ClocksChanged) {
		// The game moved on: what the status line said of the last
		// command is old news, and so is the move box's word on a move
		// refused.
		p.env.Status.ClearNotice()
		p.v.board.CancelSelection()
		p.withdrawMoot()
	}
	if c.Has(session.ViewChanged | session.GameChanged) {
		p.v.moveBox.suggest()
	}
	switch {
	case c.Has(session.GameChanged):
		p.Refresh()
	case c.Has(session.ViewChanged | session.TouchChanged):
		p.refreshView()
	case c.Has(session.ClocksChanged):
		p.refreshClocks(true)
		p.refreshStatus()
	case c.Has(session.MarksChanged):
		p.refreshBoard()
	case c.Has(session.ComputerChanged):
		p.refreshStatus()
	}
}

// Refresh brings the whole room in line with the session and the
// settings.
func (p *Play) Refresh() {
	v, g := p.v, p.env.Session.Game()
	p.env.DressBoard(v.board)
	notation := p.env.Notation()
	v.moves.Notation = func(san string) string { return game.FormatSAN(san, notation) }
	v.moves.NAGText = words.NAG
	v.moves.SetRoot(g.Root())
	v.moves.SetResult(resultLine(g, notation))
	p.refreshView()
	p.refreshClocks(true)
}

// refreshView shows the position chosen on the board, in the move list
// and in the status line: all that changes when the game does not, only
// the move shown. The move list's tree is not read again.
func (p *Play) refreshView() {
	p.refreshBoard()
	p.v.moves.SetCurrent(p.env.Session.Shown())
	p.refreshClocks(false)
	p.refreshStatus()
	p.refreshOpening()
}

func (p *Play) refreshBoard() {
	s, b := p.env.Session, p.v.board
	n := s.Shown()
	b.Pos = n.Position()
	b.LastMove, b.HasLastMove = n.Move(), n.Parent() != nil
	b.Legal = nil
	if s.CanMoveHere() {
		b.Legal = n.Legal()
		if t := s.MustCapture(); t != game.NoSquare {
			// Touch-move: only the captures of the piece touched.
			b.Legal = slices.DeleteFunc(slices.Clone(b.Legal), func(m game.Move) bool { return m.To != t })
		}
	}
	b.Locked = s.Touched()
	b.Flipped = p.env.Settings.Flipped()
	b.PromotionLetters = promotionLetters(p.env.Notation())
	b.BestMove, b.HasBestMove = p.bestMove, p.hasBest
	b.Marks = n.Marks()
	b.Refresh()
	p.v.banner.refresh(n)
}

// ShowBestMove draws the engine's best move at the position shown on the
// board as an arrow; ok false takes it away.
func (p *Play) ShowBestMove(m game.Move, ok bool) {
	if p.bestMove == m && p.hasBest == ok {
		return
	}
	p.bestMove, p.hasBest = m, ok
	b := p.v.board
	b.BestMove, b.HasBestMove = m, ok
	b.Refresh()
}

// promotionLetters are the letters that choose a promoted piece in the
// board's chooser in a notation, besides English's Q, R, B and N.
func promotionLetters(n game.Notation) map[rune]game.Kind {
	if n != game.FrenchSAN {
		return nil
	}
	return map[rune]game.Kind{'D': game.Queen, 'T': game.Rook, 'F': game.Bishop, 'C': game.Knight}
}

// resultLine is the last line of the move list: the result and how the
// game ended ("0-1 · Black wins by checkmate"), and where the Laws ended a
// game that its file goes on after; "" for a game that goes on.
func resultLine(g game.View, n game.Notation) string {
	var text string
	if st := g.Status(); st.Over() {
		text = words.ShortResult(g.Tag("Result")) + " · " + words.GameResult(g)
	}
	if node, st, ok := g.LawEnd(); ok {
		if text != "" {
			text += "\n"
		}
		text += words.LawEnd(words.MoveLabel(node, n), st)
	}
	return text
}

// Tick looks at the clocks: the session ends the game when the side to
// move's flag falls; a clock whose display changes is redrawn. The window
// calls it on the UI goroutine, ten times a second.
func (p *Play) Tick() {
	if !p.env.Session.Tick() {
		p.refreshClocks(false)
	}
}

// clockShown is what a clock face shows, to redraw it only when that
// changes.
type clockShown struct {
	text             string
	running, toMove  bool
	delay, bronstein time.Duration
	toControl        int
	past             bool
}

// refreshClocks updates both clocks; unless forced, a clock is redrawn
// only when the text it shows changes. At a past position they show the
// times the game's record gives there, marked as such; at the position
// being played, the clocks of the game.
func (p *Play) refreshClocks(force bool) {
	v, s := p.v, p.env.Session
	g := s.Game()
	timed := !g.TimeControl().IsZero()
	over := g.Status().Over()
	if force {
		top := game.Black
		if p.env.Settings.Flipped() {
			top = game.White
		}
		v.top.Objects = []fyne.CanvasObject{v.clocks[top]}
		v.bottom.Objects = []fyne.CanvasObject{v.clocks[top.Other()]}
		v.top.Refresh()
		v.bottom.Refresh()
	}
	shownNode, past := s.Shown(), s.Browsing()
	used := g.ClockState().Elapsed
	for _, c := range []game.Color{game.White, game.Black} {
		f := v.clocks[c]
		rem := g.Remaining(c)
		toMove := g.Turn() == c && !over
		running := timed && toMove && !g.Paused()
		if past {
			rem, _ = g.ClockAt(shownNode, c)
			toMove, running = shownNode.Position().Turn == c, false
		}
		st, toControl := g.StageOf(c)
		shown := clockShown{text: widgets.FormatClock(rem), running: running, toMove: toMove, toControl: toControl, past: past}
		if toMove && st.Delay > 0 && !past {
			// Tenths, as the face shows them: a redraw when they change.
			if st.DelayKind == game.SimpleDelay {
				shown.delay = max(st.Delay-used, 0).Truncate(100 * time.Millisecond)
			} else {
				shown.bronstein = min(used, st.Delay).Truncate(100 * time.Millisecond)
			}
		}
		if past {
			toControl, shown.toControl = 0, 0
		}
		if !force && shown == v.shownClock[c] {
			continue
		}
		v.shownClock[c] = shown
		f.Name, f.Remaining, f.Running, f.ToMove, f.Recorded = words.PlayerName(g, c), rem, running, toMove, past
		f.Paused, f.Untimed = timed && g.Paused() && !over && !s.Waiting() && !past, !timed
		f.Delay, f.Bronstein, f.MovesToControl = shown.delay, shown.bronstein, toControl
		f.Refresh()
	}
}

// refreshStatus says in the status line where the game stands at the
// position shown.
func (p *Play) refreshStatus() {
	s := p.env.Session
	g := s.Game()
	text := words.ToMove(g, s.Shown())
	switch {
	case s.Browsing():
	case g.Status().Over():
		text = words.GameResult(g)
	case s.Waiting():
		text = words.ClocksWait(text)
	case g.Paused() && !g.TimeControl().IsZero():
		text = words.ClocksPaused(text)
	}
	if t := s.MustCapture(); t != game.NoSquare {
		text = words.MustCapture(t)
	}
	if by, declined := s.DrawDeclined(); declined && !g.Status().Over() {
		text = words.DrawDeclined(text, words.PlayerName(g, by.Other()))
	}
	if by, offered := g.DrawOffer(); offered && !s.Browsing() {
		text = words.AnswerTheOffer(words.PlayerName(g, by.Other()))
	}
	switch {
	case s.Browsing() || g.Status().Over():
	case s.ComputerFault() != nil:
		text = words.ComputerStopped()
	case s.Thinking():
		text = words.Thinking(words.PlayerName(g, g.Turn()))
	}
	if s.Browsing() && s.CanMoveHere() {
		text = words.SideLineHint(text)
	}
	p.env.Status.Set(text)
}

// refreshOpening names the opening of the position shown: the deepest
// position of the table on its line, so that it stays named once the
// game has left the book. The start position has no name: the window
// shows it before the table is read, and does not wait for it.
func (p *Play) refreshOpening() {
	text := ""
	n := p.env.Session.Shown()
	if pos := n.Position(); n.Parent() == nil && pos.FEN() == game.StartFEN {
		// the table names no start position
	} else if o, ok := p.env.Openings.Line(n); ok {
		text = o.ECO + " " + p.env.OpeningName(o.Name)
	}
	if p.v.opening.Text != text {
		p.v.opening.SetText(text)
	}
}
