package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/ui/analysis"
	"github.com/echiquier/echiquier/app/ui/header"
	"github.com/echiquier/echiquier/app/ui/play"
)

// The window's layout has one owner, this file. The board is as large as
// the window allows; the moves come next, and what studies the game
// (the engine's lines with the graph and the report, the opening tree)
// shares one area beside them, never taking the move list's last rows.
//
// A window wider than tall has the board on the left and a column on
// its right: the clock of the player at the top, on one line with the
// name, the game's header, the move list, the buttons that step through
// the game beside the opening's name, the study area, the move box, the
// play buttons in a row, the clock of the player at the bottom. When the
// window is wide enough, the study area is a second column of its own.
// A window taller than wide has the board on top, as wide as the window,
// and the rest under it, the clocks beside the header (or, when short,
// the move list) and the move box between the two rows of buttons.
// Whichever way gives the larger board is taken.
//
// The study panels share their area with tabs when more than one is
// shown; a panel is shown whole or scrolls as a whole. The banner
// (a past position, the game over, a draw offered) and what the move
// box says take their room from the move list, never from the board. The
// window's smallest size is that of a small board beside the column at
// its least, whatever is shown or said: no panel, no language and no
// analysis ever makes the window change its own size.

// build makes what the rooms show, lays it out in the window, and makes
// the menus: at start, and again in another language.
func (a *App) build() {
	env := a.env
	env.Commands.ForgetButtons()
	env.Relayout = func() {} // nothing is laid out until the rooms are built
	pp := a.play.Build()
	ap := a.analysis.Build()
	study := newStudyArea(ap, a.report.Build(), a.tree.Build(), pp.RowHeight)
	l := &windowLayout{play: a.play, header: a.header, parts: pp, study: study, bar: ap.Bar}
	main := container.New(l, pp.Board, ap.Bar, pp.TopClock, a.header.Build(), pp.Moves, pp.Navigation, pp.Opening,
		study.box, pp.MoveBox, pp.CompactActions, pp.Actions, pp.BottomClock, pp.Banner, pp.MoveHint)
	l.main = main
	a.main = main
	tips := newTips()
	env.Keys.Hint = tips.show
	env.Relayout = func() {
		tips.show(nil, "") // its button may have moved, or gone
		study.follow()
		for _, c := range []*fyne.Container{main, study.box} {
			c.Layout.Layout(c.Objects, c.Size())
		}
		canvas.Refresh(main)
	}
	env.Window.SetPadded(false) // the window's margins are the layout's
	env.Window.SetContent(container.New(windowContent{}, main, env.Status.Widget(), tips.layer))
	env.Window.SetMainMenu(env.Commands.MainMenu(a.menuLayout(), env.Window.SetMainMenu))
}

// The objects of the window's main container, in order: what is drawn
// later is on top (the banner and the move box's hint over the move
// list, when the list has no room to give them).
const (
	objBoard = iota
	objBar
	objTopClock
	objHeader
	objMoves
	objNav
	objOpening
	objStudy
	objMoveBox
	objCompactActions
	objActions
	objBottomClock
	objBanner
	objHint
)

// windowContent lays out the window: the main container, with a margin
// around it but at its bottom (the menu bar's shadow falls on the top
// one), and under it the status line, as high as its text; the hints of
// the buttons over both.
type windowContent struct{}

func (windowContent) MinSize(objects []fyne.CanvasObject) fyne.Size {
	m, s := objects[0].MinSize(), objects[1].MinSize()
	return fyne.NewSize(max(m.Width+2*pad(), s.Width), m.Height+pad()+s.Height)
}

func (windowContent) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	status := objects[1].MinSize().Height
	objects[0].Move(fyne.NewPos(pad(), pad()))
	objects[0].Resize(fyne.NewSize(size.Width-2*pad(), size.Height-pad()-status))
	objects[1].Move(fyne.NewPos(0, size.Height-status))
	objects[1].Resize(fyne.NewSize(size.Width, status))
	objects[2].Move(fyne.NewPos(0, 0))
	objects[2].Resize(size)
}

// minBoard is the side of the smallest board.
const minBoard = 8 * 24

// minListRows is how many rows of moves the move list always shows
// beside the board; keptListRows how many it keeps before the study area
// takes more than it strictly needs; roomyListRows how many it keeps
// before the header takes a second line and the opening's name a row of
// its own; studyRows how many rows high the study area is at the least
// (the graph with the report's players, accuracy and average loss; the
// tree's headings and first moves); treeRows how many rows of moves the
// tree's table shows at the least.
const (
	minListRows   = 3
	keptListRows  = 8
	roomyListRows = 18
	studyRows     = 6
	treeRows      = 4
)

// preferredColumn is the width of the column of the moves when the study
// area has a column of its own; minStudyWidth is the narrowest that
// column gets.
const (
	preferredColumn = 340
	minStudyWidth   = 300
)

// windowLayout lays out the board and what goes with it (see the top of
// this file).
type windowLayout struct {
	main   *fyne.Container
	play   *play.Play
	header *header.Header
	parts  play.Parts
	study  *studyArea
	bar    fyne.CanvasObject
	// tall and wide say how the window was last laid out: the board on
	// top, and the study area in a column of its own.
	tall, wide bool
	// compact is whether the clocks show their smaller digits.
	compact bool
}

// pad is the room between two things.
func pad() float32 { return fynetheme.Padding() }

// barWidth is the room the evaluation bar takes beside the board, when
// shown.
func (l *windowLayout) barWidth() float32 {
	if !l.bar.Visible() {
		return 0
	}
	return l.bar.MinSize().Width + pad()
}

// columnWidth is the narrowest the column beside the board gets: its
// clocks, the buttons in a row, the move list's two moves, the buttons
// that step through the game.
func (l *windowLayout) columnWidth(objects []fyne.CanvasObject) float32 {
	w := max(l.play.ClockSize(false).Width, objects[objNav].MinSize().Width+pad()+objects[objOpening].MinSize().Width)
	for _, i := range []int{objMoves, objMoveBox, objCompactActions} {
		w = max(w, objects[i].MinSize().Width)
	}
	return max(w, l.header.SizeFor(true).Width)
}

// navHeight is the height of the row of the buttons that step through
// the game, beside the opening's name.
func (l *windowLayout) navHeight(objects []fyne.CanvasObject) float32 {
	return max(objects[objNav].MinSize().Height, objects[objOpening].MinSize().Height)
}

// rowHeight is the height of a row of moves.
func (l *windowLayout) rowHeight() float32 { return l.parts.RowHeight }

// columnFixed is the height of what the column shows but the move list
// and the study area, with the clocks compact or not and a header head
// high: the clocks, the header, the opening's row, the move box, the
// play buttons, and the room between them.
func (l *windowLayout) columnFixed(objects []fyne.CanvasObject, compact bool, head float32) float32 {
	clock := l.play.ClockSize(compact).Height
	h := 2*clock + head + l.navHeight(objects) +
		objects[objMoveBox].MinSize().Height + objects[objCompactActions].MinSize().Height
	return h + 6*pad()
}

// listLeast is the move list's few rows.
func (l *windowLayout) listLeast() float32 { return minListRows * l.rowHeight() }

// MinSize is a small board beside the column at its least, the clocks
// compact: the same whatever is shown.
func (l *windowLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	w := minBoard + l.bar.MinSize().Width + 2*pad() + l.columnWidth(objects)
	h := max(minBoard, l.columnFixed(objects, true, l.header.SizeFor(true).Height)+l.listLeast()+pad())
	return fyne.NewSize(w, h)
}

// tallPlan is how the rest goes under the board in a window taller
// than wide: a row of the clocks, with the move list (or, with room
// under them, the header) between them when they leave it the width; at
// the bottom, the buttons that step through the game, the move box and
// the play buttons, on two rows when one cannot hold them.
type tallPlan struct {
	// clocks and buttons are the rows' heights, clockW a clock's width.
	clocks, buttons, clockW float32
	// middle: the clocks leave room between them; twoRows: the move box
	// has a row of its own, over the buttons.
	middle, twoRows bool
}

// planTall plans the rest under the board of a window w wide.
func (l *windowLayout) planTall(objects []fyne.CanvasObject, w float32) tallPlan {
	p := pad()
	pl := tallPlan{clocks: max(l.play.ClockSize(true).Height, l.rowHeight()), clockW: l.play.ClockSize(true).Width}
	for _, i := range []int{objNav, objMoveBox, objCompactActions} {
		pl.buttons = max(pl.buttons, objects[i].MinSize().Height)
	}
	pl.middle = w-2*pl.clockW-2*p >= objects[objMoves].MinSize().Width
	if !pl.middle {
		pl.clockW = (w - p) / 2
	}
	pl.twoRows = w < objects[objNav].MinSize().Width+objects[objCompactActions].MinSize().Width+minMoveBox+2*p
	return pl
}

// least is the height the rest needs under the board: the clocks' row,
// a row of moves (between the clocks, or under them), the buttons' rows.
func (pl tallPlan) least(row float32) float32 {
	h := pl.clocks + pad() + pl.buttons
	if pl.twoRows {
		h += pl.buttons + pad()
	}
	if !pl.middle {
		h += row + pad()
	}
	return h
}

// minMoveBox is the narrowest the move box gets beside the buttons under
// the board.
const minMoveBox = 120

// Layout chooses the shape that gives the board the more room and lays
// the window out in it.
func (l *windowLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	bar := l.barWidth()
	l.study.follow()
	studying := l.study.shown()
	side := min(size.Height, size.Width-bar-pad()-l.columnWidth(objects))
	plan := l.planTall(objects, size.Width)
	below := plan.least(l.rowHeight())
	if studying {
		below += l.study.least() + pad()
	}
	tall := min(size.Width-bar, size.Height-below)
	l.tall = tall > side
	if l.tall {
		l.layoutTall(objects, size, max(tall, minBoard), plan)
		return
	}
	side = max(side, minBoard)
	rest := size.Width - side - bar - pad()
	l.wide = studying && rest >= l.columnWidth(objects)+pad()+minStudyWidth
	column := rest
	if l.wide {
		column = max(l.columnWidth(objects), min(preferredColumn, rest-pad()-minStudyWidth))
	}
	l.placeBoard(objects, fyne.NewPos(0, 0), fyne.NewSize(side+bar, size.Height), side)
	x := side + bar + pad()
	l.layoutColumn(objects, fyne.NewPos(x, 0), fyne.NewSize(column, size.Height), !l.wide && studying)
	if l.wide {
		place(objects[objStudy], x+column+pad(), 0, size.Width-x-column-pad(), size.Height)
	}
}

// place shows o at x, y with size w×h.
func place(o fyne.CanvasObject, x, y, w, h float32) {
	o.Move(fyne.NewPos(x, y))
	o.Resize(fyne.NewSize(max(w, 0), max(h, 0)))
	o.Show()
}

// hide hides o, which the window has no room for, or which has nothing
// to show.
func hide(o fyne.CanvasObject) { o.Hide() }

// placeBoard puts the evaluation bar and the board, a square of side
// side, in the area at pos of size size: the board centred, the bar at
// its left.
func (l *windowLayout) placeBoard(objects []fyne.CanvasObject, pos fyne.Position, size fyne.Size, side float32) {
	bar := l.barWidth()
	x := pos.X + (size.Width-side-bar)/2
	y := pos.Y + (size.Height-side)/2
	if bar > 0 {
		place(objects[objBar], x, y, bar-pad(), side)
	} else {
		hide(objects[objBar])
	}
	place(objects[objBoard], x+bar, y, side, side)
}

// setCompact shows the clocks with their smaller digits, or their large
// ones.
func (l *windowLayout) setCompact(on bool) {
	if on != l.compact {
		l.compact = on
		l.play.SetCompact(on)
	}
}

// layoutColumn lays the column beside the board out, top to bottom,
// in the area at pos of size size; with the study area in it when
// studying.
func (l *windowLayout) layoutColumn(objects []fyne.CanvasObject, pos fyne.Position, size fyne.Size, studying bool) {
	p := pad()
	oneLine := l.header.Height(true)
	l.setCompact(size.Height < l.columnFixed(objects, false, oneLine)+l.listLeast()+p)
	clock := l.play.ClockSize(l.compact).Height
	rest := size.Height - l.columnFixed(objects, l.compact, oneLine) - p
	// The header takes a second line when one does not hold it and the
	// move list keeps many rows all the same.
	head := oneLine
	if two := l.header.Height(false); !l.header.OneLine(size.Width) && rest-(two-oneLine) >= roomyListRows*l.rowHeight() {
		head = two
		rest -= head - oneLine
	}
	l.header.SetCompact(head == oneLine)
	// So do the buttons that step through the game, on a row of their
	// own over the opening's name.
	nav := l.navHeight(objects)
	opening := objects[objOpening].MinSize().Height
	stacked := rest-opening-p >= roomyListRows*l.rowHeight()
	if stacked {
		rest -= opening + p
	}
	banner := l.extra(objects[objBanner], size.Width, &rest)
	hint := l.extra(objects[objHint], size.Width, &rest)
	list, study := l.share(rest, studying)

	y := pos.Y
	row := func(o fyne.CanvasObject, h float32) {
		place(o, pos.X, y, size.Width, h)
		y += h + p
	}
	row(objects[objTopClock], clock)
	row(objects[objHeader], head)
	listTop := y
	if banner > 0 {
		row(objects[objBanner], banner)
	}
	row(objects[objMoves], list)
	navW := objects[objNav].MinSize().Width
	if stacked {
		row(objects[objNav], nav)
		row(objects[objOpening], opening)
	} else {
		place(objects[objOpening], pos.X, y, size.Width-navW-p, nav)
		place(objects[objNav], pos.X+size.Width-navW, y, navW, nav)
		y += nav + p
	}
	if study > 0 {
		row(objects[objStudy], study)
	} else if !l.wide {
		hide(objects[objStudy])
	}
	if hint > 0 {
		row(objects[objHint], hint)
	}
	row(objects[objMoveBox], objects[objMoveBox].MinSize().Height)
	l.placeActions(objects, pos.X, y, size.Width)
	y += objects[objCompactActions].MinSize().Height + p
	row(objects[objBottomClock], clock)
	// Without the room for them, the banner and the hint are drawn over
	// the move list.
	if banner == 0 {
		l.cover(objects[objBanner], pos.X, listTop, size.Width, list)
	}
	if hint == 0 {
		l.cover(objects[objHint], pos.X, listTop+list-l.hintHeight(objects[objHint], size.Width), size.Width, list)
	}
}

// extra is the room o takes from the move list, over it, when it is
// shown and the list keeps its few rows; 0 otherwise. rest loses it.
func (l *windowLayout) extra(o fyne.CanvasObject, width float32, rest *float32) float32 {
	if !o.Visible() {
		return 0
	}
	h := l.hintHeight(o, width)
	if *rest-h-pad() < l.listLeast() {
		return 0
	}
	*rest -= h + pad()
	return h
}

// hintHeight is the height of o, the banner or the move box's hint, at
// width.
func (l *windowLayout) hintHeight(o fyne.CanvasObject, width float32) float32 {
	if o == l.parts.MoveHint {
		return l.play.HintHeight(width)
	}
	return o.MinSize().Height
}

// cover draws o, when shown, over the area at x, y (w×h, the move list),
// at its own height.
func (l *windowLayout) cover(o fyne.CanvasObject, x, y, w, h float32) {
	if o.Visible() {
		place(o, x, y, w, min(l.hintHeight(o, w), h))
	}
}

// share shares the height rest between the move list and, when
// studying, the study area: the list's few rows first, then what the
// study area strictly needs, then the list's kept rows, then what the
// study area wants whole, then the rest to the list. The list keeps
// no more than its rows while the study area wants more.
func (l *windowLayout) share(rest float32, studying bool) (list, study float32) {
	if !studying {
		return max(rest, 0), 0
	}
	p := pad()
	take := func(want float32) float32 {
		got := max(min(want, rest), 0)
		rest -= got
		return got
	}
	list = take(l.listLeast())
	if rest-p < l.rowHeight() {
		return list + take(rest), 0
	}
	rest -= p
	study = take(l.study.least())
	kept := keptListRows * l.rowHeight()
	if rows := l.play.MovesHeight(); rows > 0 {
		kept = min(kept, max(rows, l.listLeast()))
	}
	list += take(kept - list)
	study += take(l.study.want() - study)
	return list + rest, study
}

// placeActions puts the play buttons in a row at x, y, width w: with
// their names when they fit, else as icons.
func (l *windowLayout) placeActions(objects []fyne.CanvasObject, x, y, w float32) {
	wide, icons := objects[objActions], objects[objCompactActions]
	shown, hidden := icons, wide
	if wide.MinSize().Width <= w {
		shown, hidden = wide, icons
	}
	hidden.Hide()
	shown.Show()
	place(shown, x, y, w, icons.MinSize().Height)
}

// layoutTall lays a window taller than wide out: the board, a square of
// side side, on top, and the rest under it as planned.
func (l *windowLayout) layoutTall(objects []fyne.CanvasObject, size fyne.Size, side float32, pl tallPlan) {
	p := pad()
	l.wide = false
	l.setCompact(true)
	l.header.SetCompact(true)
	l.placeBoard(objects, fyne.NewPos(0, 0), fyne.NewSize(size.Width, side), side)
	top := side // the board's coordinates keep it apart

	// The buttons at the bottom: the steps through the game, the move
	// box between them and the play buttons, or over both.
	y := size.Height - pl.buttons
	nav := objects[objNav].MinSize().Width
	acts := objects[objCompactActions].MinSize().Width
	place(objects[objNav], 0, y, nav, pl.buttons)
	objects[objActions].Hide()
	place(objects[objCompactActions], size.Width-acts, y, acts, pl.buttons)
	if pl.twoRows {
		y -= pl.buttons + p
		place(objects[objMoveBox], 0, y, size.Width, pl.buttons)
	} else {
		place(objects[objMoveBox], nav+p, y, size.Width-nav-acts-2*p, pl.buttons)
	}
	bottom := y - p

	// The clocks' row at the top, the header between the clocks; in a
	// window too short for a row of moves under them, the move list
	// takes the header's place.
	place(objects[objTopClock], 0, top, pl.clockW, pl.clocks)
	place(objects[objBottomClock], size.Width-pl.clockW, top, pl.clockW, pl.clocks)
	middleX, middleW := pl.clockW+p, size.Width-2*pl.clockW-2*p
	y = top + pl.clocks + p
	rest := bottom - y
	studying := l.study.shown()
	if least := l.study.least(); pl.middle && (rest < l.rowHeight() || studying && rest-least-p < l.rowHeight()) {
		hide(objects[objHeader])
		hide(objects[objOpening])
		place(objects[objMoves], middleX, top, middleW, pl.clocks)
		if studying {
			place(objects[objStudy], 0, y, size.Width, rest)
		} else {
			hide(objects[objStudy])
		}
		l.cover(objects[objBanner], middleX, top, middleW, pl.clocks)
		l.cover(objects[objHint], middleX, top, middleW, pl.clocks)
		return
	}
	if pl.middle {
		place(objects[objHeader], middleX, top, middleW, pl.clocks)
	} else {
		hide(objects[objHeader])
	}
	// The opening's name has a row under the move list when the list
	// keeps its rows all the same.
	opening := objects[objOpening].MinSize().Height
	named := rest-opening-p >= keptListRows*l.rowHeight()
	if named {
		rest -= opening + p
	} else {
		hide(objects[objOpening])
	}
	banner := l.extra(objects[objBanner], size.Width, &rest)
	hint := l.extra(objects[objHint], size.Width, &rest)
	list, study := l.share(rest, studying)
	if banner > 0 {
		place(objects[objBanner], 0, y, size.Width, banner)
		y += banner + p
	}
	listTop := y
	place(objects[objMoves], 0, y, size.Width, list)
	y += list + p
	if named {
		place(objects[objOpening], 0, y, size.Width, opening)
		y += opening + p
	}
	if study > 0 {
		place(objects[objStudy], 0, y, size.Width, study)
		y += study + p
	} else {
		hide(objects[objStudy])
	}
	if hint > 0 {
		place(objects[objHint], 0, y, size.Width, hint)
	}
	if banner == 0 {
		l.cover(objects[objBanner], 0, listTop, size.Width, list)
	}
	if hint == 0 {
		l.cover(objects[objHint], 0, listTop+list-l.play.HintHeight(size.Width), size.Width, list)
	}
}

// studyArea is where the panels that study the game share their room:
// the engine's (its lines, the progress of the whole game's analysis,
// the graph and the report) and the opening tree. With both shown, tabs
// choose which one the area shows: the one shown last, until another
// tab is clicked. A panel shows whole, or scrolls as a whole.
type studyArea struct {
	box    *fyne.Container
	tabs   *fyne.Container
	panels []*studyPanel
	// chosen is the panel shown when several are; rowHeight the height
	// of a row of moves.
	chosen    *studyPanel
	rowHeight float32
}

// studyPanel is one of the study area's panels.
type studyPanel struct {
	tab *widget.Button
	// content is what the panel shows, scroll what holds it, and shown
	// says whether it has anything to show.
	content fyne.CanvasObject
	scroll  *container.Scroll
	shown   func() bool
	// rows is how many rows of moves high the panel gets beyond its
	// smallest size, at the least (the tree's table shows its moves in
	// them).
	rows float32
	// was is whether the panel was shown when last followed.
	was bool
}

func newStudyArea(ap analysis.Parts, report, tree fyne.CanvasObject, rowHeight float32) *studyArea {
	engine := container.NewVBox(ap.Running, ap.Panel, ap.Graph, report)
	s := &studyArea{rowHeight: rowHeight}
	s.panels = []*studyPanel{
		{content: engine, shown: func() bool {
			return ap.Running.Visible() || ap.Panel.Visible() || ap.Graph.Visible() || report.Visible()
		}},
		{content: tree, shown: tree.Visible, rows: treeRows},
	}
	s.tabs = container.NewHBox()
	var objects []fyne.CanvasObject
	for i, p := range s.panels {
		p.scroll = container.NewVScroll(container.New(&atLeast{p: p, rowHeight: rowHeight}, p.content))
		p.tab = widget.NewButton([]string{lang.L("Analysis"), lang.L("Opening tree")}[i], func() { s.choose(p) })
		s.tabs.Add(p.tab)
		objects = append(objects, p.scroll)
	}
	s.box = container.New(s, append([]fyne.CanvasObject{s.tabs}, objects...)...)
	s.follow()
	return s
}

// atLeast gives a panel's content the room it has, at least its smallest
// size and its rows.
type atLeast struct {
	p         *studyPanel
	rowHeight float32
}

func (a *atLeast) MinSize(objects []fyne.CanvasObject) fyne.Size {
	m := objects[0].MinSize()
	return fyne.NewSize(m.Width, m.Height+a.p.rows*a.rowHeight)
}

func (a *atLeast) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	objects[0].Move(fyne.NewPos(0, 0))
	objects[0].Resize(size)
}

// follow takes in which panels are shown: a panel just shown is chosen,
// and the tab of the panel chosen stands out.
func (s *studyArea) follow() {
	was := s.chosen
	for _, p := range s.panels {
		now := p.shown()
		if now && !p.was {
			s.chosen = p
		}
		p.was = now
	}
	if s.chosen != nil && !s.chosen.was {
		s.chosen = nil
	}
	for _, p := range s.panels {
		if s.chosen == nil && p.was {
			s.chosen = p
		}
	}
	if s.chosen == was {
		return
	}
	for _, p := range s.panels {
		p.tab.Importance = widget.MediumImportance
		if p == s.chosen {
			p.tab.Importance = widget.HighImportance
		}
		p.tab.Refresh()
	}
}

// choose shows panel p (its tab was clicked).
func (s *studyArea) choose(p *studyPanel) {
	p.was = false // taken as just shown, which chooses it
	s.follow()
	s.Layout(s.box.Objects, s.box.Size())
}

// shown reports whether a panel is shown.
func (s *studyArea) shown() bool { return s.chosen != nil }

// tabsShown reports whether the tabs are shown: more than one panel is.
func (s *studyArea) tabsShown() bool {
	n := 0
	for _, p := range s.panels {
		if p.was {
			n++
		}
	}
	return n > 1
}

// tabsHeight is the height the tabs take, with the room under them.
func (s *studyArea) tabsHeight() float32 {
	if !s.tabsShown() {
		return 0
	}
	return s.tabs.MinSize().Height + pad()
}

// least is the height the area strictly needs: the chosen panel whole,
// or a few rows of the area, with the tabs.
func (s *studyArea) least() float32 {
	if s.chosen == nil {
		return 0
	}
	return min(s.want(), max(studyRows*s.rowHeight, s.tabsHeight()+s.rowHeight))
}

// want is the height the area needs to show its chosen panel whole.
func (s *studyArea) want() float32 {
	if s.chosen == nil {
		return 0
	}
	return s.tabsHeight() + s.chosen.scroll.Content.MinSize().Height
}

// MinSize is nothing: the area takes the room the window gives it.
func (s *studyArea) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(0, 0) }

// Layout shows the tabs when more than one panel is shown, and the
// chosen panel under them.
func (s *studyArea) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	top := s.tabsHeight()
	if top > 0 {
		place(s.tabs, 0, 0, size.Width, top-pad())
	} else {
		hide(s.tabs)
	}
	for _, p := range s.panels {
		if p != s.chosen {
			hide(p.scroll)
			continue
		}
		place(p.scroll, 0, top, size.Width, size.Height-top)
	}
}

// tips shows the name and the key of a button that shows only its icon,
// under it (over it at the bottom of the window), while the pointer is
// on it.
type tips struct {
	layer *fyne.Container
	box   *fyne.Container
	text  *canvas.Text
}

func newTips() *tips {
	t := &tips{text: canvas.NewText("", fynetheme.Color(fynetheme.ColorNameForeground))}
	bg := canvas.NewRectangle(fynetheme.Color(fynetheme.ColorNameOverlayBackground))
	bg.StrokeColor = fynetheme.Color(fynetheme.ColorNameShadow)
	bg.StrokeWidth = 1
	bg.CornerRadius = fynetheme.InputRadiusSize()
	t.box = container.NewStack(bg, container.NewPadded(t.text))
	t.box.Hide()
	t.layer = container.NewWithoutLayout(t.box)
	return t
}

// show shows text by o, or hides the tip when text is "".
func (t *tips) show(o fyne.CanvasObject, text string) {
	if text == "" {
		t.box.Hide()
		return
	}
	d := fyne.CurrentApp().Driver()
	at := d.AbsolutePositionForObject(o).Subtract(d.AbsolutePositionForObject(t.layer))
	t.text.Text = text
	t.text.Color = fynetheme.Color(fynetheme.ColorNameForeground)
	t.text.Refresh()
	size := t.box.MinSize()
	room := t.layer.Size()
	y := at.Y + o.Size().Height + pad()
	if y+size.Height > room.Height {
		y = at.Y - size.Height - pad()
	}
	x := min(at.X, room.Width-size.Width)
	t.box.Move(fyne.NewPos(max(x, 0), max(y, 0)))
	t.box.Resize(size)
	t.box.Show()
	t.layer.Refresh()
}
