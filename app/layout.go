package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	fynetheme "fyne.io/fyne/v2/theme"

	"github.com/echiquier/echiquier/app/ui/analysis"
	"github.com/echiquier/echiquier/app/ui/header"
	"github.com/echiquier/echiquier/app/ui/play"
)

// The window's layout has one owner, this file: the board on the left,
// as large as the window's height allows; the side panel on the right,
// which never loses anything it shows. When the window is too narrow for
// both the board and the panel with its words, or too short for the
// panel, the panel turns compact (its clocks on one line, its buttons
// icons) rather than hide anything; the board yields before the panel
// is clipped. The window's smallest size is that of the compact panel
// beside a small board, whatever is shown or said: no panel, no
// language and no analysis ever makes the window change its own size.

// build makes what the rooms show, lays it out in the window, and makes
// the menus: at start, and again in another language.
func (a *App) build() {
	env := a.env
	env.Commands.ForgetButtons()
	env.Relayout = func() {} // nothing is laid out until the rooms are built
	pp := a.play.Build()
	ap := a.analysis.Build()
	treePanel := a.tree.Build()
	moves := newMovesLayout(pp, ap, a.report.Build(), treePanel)
	opening := &openingLayout{opening: pp.Opening, nav: pp.Navigation}
	side := &sideLayout{play: a.play, header: a.header, moves: moves, opening: opening}
	sideBox := container.New(side, pp.TopClock, a.header.Build(), moves.box, container.New(opening, pp.Opening, pp.Navigation),
		pp.MoveBox, pp.Actions, pp.CompactActions, pp.BottomClock)
	a.side = sideBox
	boardArea := container.NewBorder(pp.Banner, nil, ap.Bar, nil, pp.Board)
	main := container.New(&windowLayout{side: side, sideBox: sideBox, bar: ap.Bar, banner: pp.Banner}, boardArea, sideBox)
	env.Relayout = func() {
		for _, c := range []*fyne.Container{main, boardArea, sideBox, moves.box} {
			c.Layout.Layout(c.Objects, c.Size())
		}
		canvas.Refresh(main)
	}
	env.Window.SetContent(container.NewBorder(nil, container.NewPadded(env.Status.Widget()), nil, nil, main))
	env.Window.SetMainMenu(env.Commands.MainMenu(a.menuLayout(), env.Window.SetMainMenu))
}

// panelWidth is the side panel's width when the window has room: its
// words fit it in every language.
const panelWidth = 340

// minRoomyBoard is the smallest board beside a side panel with its
// words: in a narrower window (half a laptop's screen), the panel turns
// compact and the board takes the room its words took.
const minRoomyBoard = 400

// windowLayout lays out the board's area and the side panel.
type windowLayout struct {
	side    *sideLayout
	sideBox *fyne.Container
	// bar is the evaluation bar beside the board and banner the strip
	// above it: the board's square is what they leave.
	bar, banner fyne.CanvasObject
}

// MinSize is a small board beside the compact panel: the same whatever
// the panel shows.
func (l *windowLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	pad := fynetheme.Padding()
	board := fyne.NewSquareSize(8 * 24)
	side := l.side.need(l.sideBox.Objects, true)
	w := board.Width + l.bar.MinSize().Width + pad + side.Width
	h := max(board.Height+l.banner.MinSize().Height+pad, side.Height)
	return fyne.NewSize(w, h)
}

// Layout gives the board a square as tall as the window, beside a panel
// with its words when both fit, else beside a compact panel; the panel
// takes the width the board leaves.
func (l *windowLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	area, side := objects[0], objects[1]
	pad := fynetheme.Padding()
	square := size.Height - l.banner.MinSize().Height - pad
	bar := float32(0)
	if l.bar.Visible() {
		bar = l.bar.MinSize().Width + pad
	}
	roomy := max(panelWidth, l.side.need(l.sideBox.Objects, false).Width)
	compact := l.side.need(l.sideBox.Objects, true).Width
	var width float32
	if size.Width-roomy >= minRoomyBoard+bar {
		width = max(roomy, size.Width-square-bar)
		l.side.narrow = false
	} else {
		width = max(compact, size.Width-square-bar)
		l.side.narrow = true
	}
	width = min(width, size.Width)
	area.Move(fyne.NewPos(0, 0))
	area.Resize(fyne.NewSize(size.Width-width, size.Height))
	side.Move(fyne.NewPos(size.Width-width, 0))
	side.Resize(fyne.NewSize(width, size.Height))
}

// sideLayout lays out the side panel, top to bottom: the clock of the
// player at the top, the game's header, the move list (with what goes
// under it), the buttons that step through the game and the opening
// (openingLayout), the move box, the play buttons, the clock of the
// player at the bottom. The move list takes the height the others
// leave.
type sideLayout struct {
	play    *play.Play
	header  *header.Header
	moves   *movesLayout
	opening *openingLayout
	// narrow is set by the window's layout when the panel has no room
	// for its words.
	narrow bool
	// compact is what the panel shows now.
	compact bool
}

// The objects of the side panel, in order.
const (
	sideTopClock = iota
	sideHeader
	sideMoves
	sideOpening
	sideMoveBox
	sideActions
	sideCompactActions
	sideBottomClock
)

// need is the room the panel needs, compact or not.
func (l *sideLayout) need(objects []fyne.CanvasObject, compact bool) fyne.Size {
	clock := l.play.ClockSize(compact)
	actions := objects[sideActions].MinSize()
	if compact {
		actions = objects[sideCompactActions].MinSize()
	}
	fixed := []fyne.Size{clock, l.header.SizeFor(compact), objects[sideOpening].MinSize(), objects[sideMoveBox].MinSize(), actions, clock}
	moves := objects[sideMoves].MinSize()
	w, h := moves.Width, moves.Height
	for _, s := range fixed {
		w, h = max(w, s.Width), h+s.Height
	}
	return fyne.NewSize(w, h+float32(len(fixed))*fynetheme.Padding())
}

// MinSize is what the compact panel needs.
func (l *sideLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	return l.need(objects, true)
}

// Layout turns the panel compact when it is narrow, or too short for
// its words and what the move list shows under it (the tree, the
// engine's lines), and lays it out.
func (l *sideLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	compact := l.narrow || size.Height < l.need(objects, false).Height+l.moves.wanted()-l.moves.minHeight()
	if compact != l.compact {
		l.compact = compact
		l.play.SetCompact(compact)
		l.header.SetCompact(compact)
	}
	actions, hidden := objects[sideActions], objects[sideCompactActions]
	if compact {
		actions, hidden = hidden, actions
	}
	hidden.Hide()
	actions.Show()
	pad := fynetheme.Padding()
	clock := l.play.ClockSize(compact)
	below := []fyne.CanvasObject{objects[sideOpening], objects[sideMoveBox], actions}
	// Compact, the header goes beside the top clock when the panel is
	// wide enough for both: a row of its own would take the room of a
	// row of moves from a short window.
	head := l.header.SizeFor(compact)
	beside := compact && head.Height <= clock.Height && size.Width-clock.Width-pad >= minHeaderBeside
	headRow := head.Height + pad
	if beside {
		headRow = 0
	}
	rest := size.Height - 2*clock.Height - headRow - float32(len(below)+1)*pad
	for _, o := range below {
		rest -= o.MinSize().Height
	}
	// The buttons that step through the game have a row of their own,
	// under the move list, when what the move list shows has its room
	// all the same; else they share the opening's line.
	more := l.opening.stackedHeight() - objects[sideOpening].MinSize().Height
	l.opening.stacked = rest-more >= l.moves.wanted()
	height := func(o fyne.CanvasObject) float32 {
		if o == objects[sideOpening] && l.opening.stacked {
			return l.opening.stackedHeight()
		}
		return o.MinSize().Height
	}
	if l.opening.stacked {
		rest -= more
	}
	y := float32(0)
	place := func(o fyne.CanvasObject, h float32) {
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h + pad
	}
	if beside {
		objects[sideHeader].Move(fyne.NewPos(clock.Width+pad, 0))
		objects[sideHeader].Resize(fyne.NewSize(size.Width-clock.Width-pad, clock.Height))
		place(objects[sideTopClock], clock.Height)
		objects[sideTopClock].Resize(fyne.NewSize(clock.Width, clock.Height))
	} else {
		place(objects[sideTopClock], clock.Height)
		place(objects[sideHeader], head.Height)
	}
	place(objects[sideMoves], max(rest, 0))
	for _, o := range below {
		place(o, height(o))
	}
	place(objects[sideBottomClock], clock.Height)
}

// minHeaderBeside is the narrowest the header gets beside the top clock,
// in a compact panel: narrower, it has a row of its own.
const minHeaderBeside = 200

// openingLayout lays out the opening of the position shown and the
// buttons that step through the game: at the right of the opening's
// line, or, stacked, in a row of their own above it, under the move
// list, where the opening's name has the whole width.
type openingLayout struct {
	opening, nav fyne.CanvasObject
	// stacked is set by the side panel's layout when it has the height.
	stacked bool
}

// MinSize is the opening's line with the buttons at its right.
func (l *openingLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	o, n := l.opening.MinSize(), l.nav.MinSize()
	return fyne.NewSize(o.Width+fynetheme.Padding()+n.Width, max(o.Height, n.Height))
}

// stackedHeight is the height of the buttons' row above the opening's
// line.
func (l *openingLayout) stackedHeight() float32 {
	return l.nav.MinSize().Height + fynetheme.Padding() + l.opening.MinSize().Height
}

// Layout puts the buttons above the opening, or at the right of its line.
func (l *openingLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	n := l.nav.MinSize()
	if l.stacked {
		l.nav.Move(fyne.NewPos(0, 0))
		l.nav.Resize(fyne.NewSize(size.Width, n.Height))
		top := n.Height + fynetheme.Padding()
		l.opening.Move(fyne.NewPos(0, top))
		l.opening.Resize(fyne.NewSize(size.Width, size.Height-top))
		return
	}
	l.nav.Move(fyne.NewPos(size.Width-n.Width, (size.Height-n.Height)/2))
	l.nav.Resize(n)
	l.opening.Move(fyne.NewPos(0, 0))
	l.opening.Resize(fyne.NewSize(max(size.Width-n.Width-fynetheme.Padding(), 0), size.Height))
}

// movesLayout lays out the move list and what goes under it: the
// evaluation graph, the progress of the whole game's analysis, the game
// report, the engine's lines, the opening tree. Only the move list's few
// rows count in its smallest size: the rest share the height left, so
// that showing them never makes the window grow. Spare height goes to
// the move list, the report, the tree and the engine's lines.
type movesLayout struct {
	box                  *fyne.Container
	list, graph, running fyne.CanvasObject
	// report is the game report, in reportPanel, lines the engine's
	// lines, in panel, and tree the opening tree, in treePanel: scrolls
	// that hold them, so that a squeezed panel scrolls rather than draws
	// over itself.
	report, reportPanel           fyne.CanvasObject
	lines, panel, tree, treePanel fyne.CanvasObject
	rowHeight                     float32
}

// minRows is how many rows of moves the move list always shows.
const minRows = 3

func newMovesLayout(pp play.Parts, ap analysis.Parts, report, tree fyne.CanvasObject) *movesLayout {
	panel, treePanel, reportPanel := container.NewVScroll(ap.Panel), container.NewVScroll(tree), container.NewVScroll(report)
	l := &movesLayout{list: pp.Moves, graph: ap.Graph, running: ap.Running, report: report, reportPanel: reportPanel,
		lines: ap.Panel, panel: panel, tree: tree, treePanel: treePanel, rowHeight: pp.RowHeight}
	l.box = container.New(l, pp.Moves, ap.Graph, ap.Running, reportPanel, panel, treePanel)
	return l
}

// wanted is the height under which something shown is squeezed: the
// list's few rows, and what each part shown cannot do without.
func (l *movesLayout) wanted() float32 {
	h := l.minHeight()
	for _, p := range []struct {
		o    fyne.CanvasObject
		want float32
	}{{l.graph, 0}, {l.running, 0}, {l.tree, treeRows * l.rowHeight}, {l.lines, 0}} {
		if p.o.Visible() {
			h += p.o.MinSize().Height + p.want + fynetheme.Padding()
		}
	}
	if l.report.Visible() {
		h += l.reportWant() + fynetheme.Padding()
	}
	return h
}

// reportWant is the height of the report's first rows, which it has
// before the list and the tree take more than their own: the players
// and their accuracy, average loss and first counts.
func (l *movesLayout) reportWant() float32 {
	return min(l.report.MinSize().Height, reportRows*l.rowHeight)
}

// minHeight is the height of the move list's few rows.
func (l *movesLayout) minHeight() float32 { return minRows*l.rowHeight + fynetheme.Padding() }

// MinSize is the move list's few rows.
func (l *movesLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(l.list.MinSize().Width, l.minHeight())
}

// Layout stacks the list, the graph, the progress, the report, the
// engine's lines and the tree. Each has first what it cannot do without
// (the list's few rows, the graph, the progress, the engine's score and
// best line, the tree's headings with a few of its rows, then the
// report's first rows: the engine and the tree are shown when asked, the
// report whenever the game has evaluations), as far as the height goes;
// then the engine's other lines; then the rest of the report, from a
// share of what is left; what is left then goes to the list and the
// tree, the tree taking the larger share.
func (l *movesLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	pad := fynetheme.Padding()
	rest := size.Height - l.minHeight()
	take := func(o fyne.CanvasObject, want float32) float32 {
		if !o.Visible() || rest <= pad {
			return 0
		}
		h := min(want, rest-pad)
		rest -= h + pad
		return h
	}
	graph := take(l.graph, l.graph.MinSize().Height)
	running := take(l.running, l.running.MinSize().Height)
	linesMin := l.lines.MinSize().Height
	lines := take(l.lines, min(linesMin, linesRows*l.rowHeight))
	tree := take(l.tree, l.tree.MinSize().Height+treeRows*l.rowHeight)
	report := take(l.report, l.reportWant())
	if report > 0 && report < l.rowHeight { // a sliver would show nothing
		rest += report + pad
		report = 0
	}
	if lines > 0 && rest > 0 {
		more := min(linesMin-lines, rest)
		lines += more
		rest -= more
	}
	if report > 0 && rest > 0 {
		more := min(l.report.MinSize().Height-report, rest*reportShare)
		report += more
		rest -= more
	}
	if tree > 0 && rest > 0 {
		tree += rest * treeShare
		rest -= rest * treeShare
	}
	list := l.minHeight() + max(rest, 0)
	y := float32(0)
	for _, p := range []struct {
		o fyne.CanvasObject
		h float32
	}{{l.list, list}, {l.graph, graph}, {l.running, running}, {l.reportPanel, report}, {l.panel, lines}, {l.treePanel, tree}} {
		if p.o != l.list && p.h == 0 {
			p.o.Resize(fyne.NewSize(size.Width, 0))
			continue
		}
		p.o.Move(fyne.NewPos(0, y))
		p.o.Resize(fyne.NewSize(size.Width, p.h))
		y += p.h + pad
	}
}

// linesRows is how many rows of the engine's lines (the score, the best
// line) show before the tree has its room; treeRows is how many rows of
// moves the opening tree shows before the engine's other lines and the
// move list get more than their few rows; treeShare is the share of the
// height left that the tree takes beside the move list; reportRows is
// how many rows of moves high the report's first rows are, and
// reportShare the share of the height left that the rest of it may take.
const (
	linesRows   = 4
	treeRows    = 4
	treeShare   = 0.6
	reportRows  = 4
	reportShare = 0.5
)
