package app

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/game/gametest"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/widgets"
)

// boardPlace returns where the board is in the window and its size.
func (h *harness) boardPlace() (fyne.Position, fyne.Size) {
	b := h.board()
	return h.app.fyne.Driver().AbsolutePositionForObject(b), b.Size()
}

// place is where an object is in the window, and its size.
func (h *harness) place(o fyne.CanvasObject) (fyne.Position, fyne.Size) {
	return h.app.fyne.Driver().AbsolutePositionForObject(o), o.Size()
}

// layout is the window's layout.
func (h *harness) layout() *windowLayout { return h.app.main.Layout.(*windowLayout) }

// object is one of the objects the window lays out (objBoard…).
func (h *harness) object(i int) fyne.CanvasObject { return h.app.main.Objects[i] }

// openFortyMoves opens a game of forty moves, in a window of that size.
func (h *harness) openFortyMoves(size fyne.Size) {
	h.t.Helper()
	path := h.t.TempDir() + "/g.pgn"
	uitest.WriteFile(h.t, path, uitest.FortyMoveGame())
	h.open(path)
	h.resize(size.Width, size.Height)
}

// resize gives the window's content a size and lays it out, as Fyne's
// loop does once something's smallest size changed.
func (h *harness) resize(w, ht float32) {
	h.win().Resize(fyne.NewSize(w, ht))
	h.app.env.Relayout()
}

// onScreen reports whether o is shown: visible and of some size.
func onScreen(o fyne.CanvasObject) bool {
	return o.Visible() && o.Size().Width > 0 && o.Size().Height > 0
}

// listRows is how many rows of moves the move list shows.
func (h *harness) listRows() float32 { return h.moves().Size().Height / h.moves().RowHeight() }

// The sizes of the window's content (under its menu bar, which the real
// window draws and the test's does not) at the sizes the end-to-end test
// gives the real window: 1040×720, a laptop's screen maximised
// (1366×768, the window 1366×749 under its title), half of it
// (683×768), a small window (640×480).
var (
	laptop     = fyne.NewSize(1040, 693)
	maximised  = fyne.NewSize(1366, 722)
	halfScreen = fyne.NewSize(683, 741)
	small      = fyne.NewSize(640, 453)
)

func TestTheBannerNeverMovesTheBoard(t *testing.T) {
	// The "Viewing…" banner shrank and shifted the board, which stayed
	// shrunk after End until the window was resized.
	h := newHarness(t)
	for _, size := range []fyne.Size{laptop, halfScreen} {
		h.resize(size.Width, size.Height)
		h.app.env.Session.NewGame(h.app.firstGame())
		h.play("f2f3 e7e5")
		pos, size := h.boardPlace()
		h.app.env.Session.Step(-1)
		if !h.app.env.Session.Browsing() || !onScreen(h.object(objBanner)) {
			t.Fatal("not browsing, or no banner")
		}
		if p, s := h.boardPlace(); p != pos || s != size {
			t.Errorf("browsing moved the board: %v %v, was %v %v", p, s, pos, size)
		}
		h.app.env.Session.ShowLive()
		if p, s := h.boardPlace(); p != pos || s != size {
			t.Errorf("back to the game, the board is at %v %v, was %v %v", p, s, pos, size)
		}
		h.play("g2g4 d8h4") // Fool's mate: the result shows
		if !h.app.env.Session.Game().Status().Over() {
			t.Fatal("the game goes on")
		}
		if p, s := h.boardPlace(); p != pos || s != size {
			t.Errorf("the game over moved the board: %v %v, was %v %v", p, s, pos, size)
		}
	}
}

func TestPlayMenuFollowsTheButtons(t *testing.T) {
	h := newHarness(t)
	h.play("f2f3 e7e5 g2g4")
	item := h.menuItem
	if item(kit.OfferDraw).Disabled || item(kit.Resign).Disabled || item(kit.TakeBack).Disabled || !item(kit.ClaimDraw).Disabled {
		t.Fatalf("during the game: offer %v resign %v take back %v claim %v",
			!item(kit.OfferDraw).Disabled, !item(kit.Resign).Disabled, !item(kit.TakeBack).Disabled, !item(kit.ClaimDraw).Disabled)
	}
	h.play("d8h4")
	if !item(kit.OfferDraw).Disabled || !item(kit.Resign).Disabled || !item(kit.Pause).Disabled {
		t.Error("after the game the menu still offers to play on")
	}
	item(kit.Resign).Action() // a disabled item's shortcut does nothing
	if got := h.dialogText(); got != "" {
		t.Errorf("a disabled item acted: %s", got)
	}
	if got := h.status(); got != "The game is over." {
		t.Errorf("a disabled item's shortcut says %q", got)
	}
}

func TestTheFirstGameHasTheDefaultTimeControl(t *testing.T) {
	// The game open at start-up was always untimed, while the New game
	// dialog said 10 + 5.
	h := newHarness(t)
	tc, _ := game.ParseTimeControl("300+3")
	h.app.env.Settings.SetTimeControl(tc)
	again := New(h.app.fyne, Options{NoTicker: true, AutosaveDir: t.TempDir(), Sound: &soundLog{}})
	t.Cleanup(func() { again.env.Window.Close(); again.stop() })
	g := again.env.Session.Game()
	if g.TimeControl().String() != "300+3" || !g.Paused() {
		t.Errorf("the first game: %q, paused %v", g.TimeControl().String(), g.Paused())
	}
}

func TestTheBoardStaysTheLargestThingInASmallWindow(t *testing.T) {
	// At 500×400 the board was 200 px: the side panel kept its width.
	h := newHarness(t)
	h.resize(500, 400)
	_, size := h.boardPlace()
	if size.Width < 240 || size.Height < 240 {
		t.Errorf("at 500×400 the board is %v", size)
	}
	h.resize(1040, 720)
	_, size = h.boardPlace()
	panel := h.moves().Size().Width
	if size.Height < 600 || panel < 250 {
		t.Errorf("at 1040×720: board %v, move list %v wide", size, panel)
	}
}

// aTimedGameWithEverything opens a file of two games, the first one
// timed with an evaluation after each move (its report shows), and shows
// that game: its place in the file shows, with the buttons to the next.
func (h *harness) aTimedGameWithEverything() {
	h.t.Helper()
	path := h.t.TempDir() + "/g.pgn"
	uitest.WriteFile(h.t, path, "[White \"Ann\"]\n[Black \"Bob\"]\n[TimeControl \"600+5\"]\n\n"+
		"1. e4 {[%eval 0.3]} e5 {[%eval 0.2]} 2. Nf3 {[%eval 0.3]} Nc6 {[%eval 0.25]} *\n\n"+gametest.PGNGame("White=Cy", 4))
	h.open(path)
	h.tapButton("Open")
}

// The parts of the window that must always be on screen, whole: the
// board, both clocks, the move list, the move box and the play buttons
// (as icons or with their names); beside the board, the header, the
// buttons that step through the game and the opening's name too.
var (
	alwaysShown = map[string]int{"board": objBoard, "top clock": objTopClock, "move list": objMoves, "move box": objMoveBox,
		"bottom clock": objBottomClock, "buttons that step through the game": objNav}
	shownBeside = map[string]int{"header": objHeader, "opening": objOpening}
)

// checkNothingClipped checks what the window shows at its size: the parts
// that must be there are, each in the window, at least its smallest
// size, none over another; the move list shows a row of moves at least,
// its few rows beside the board; the study area, when shown, is in the
// window too, and each button shown is whole.
func (h *harness) checkNothingClipped(what string) {
	h.t.Helper()
	l := h.layout()
	content := h.app.main.Size()
	must := map[string]int{}
	for k, v := range alwaysShown {
		must[k] = v
	}
	if !l.tall {
		for k, v := range shownBeside {
			must[k] = v
		}
	}
	if l.study.shown() {
		must["study area"] = objStudy
	}
	actions := objCompactActions
	if h.object(objActions).Visible() {
		actions = objActions
	}
	must["play buttons"] = actions
	type box struct {
		name      string
		pos, size fyne.Position
	}
	var boxes []box
	for name, i := range must {
		o := h.object(i)
		pos, s := o.Position(), o.Size()
		if !onScreen(o) {
			h.t.Errorf("%s: the %s is not shown (%v, visible %v)", what, name, s, o.Visible())
			continue
		}
		if pos.X < -0.5 || pos.Y < -0.5 || pos.X+s.Width > content.Width+0.5 || pos.Y+s.Height > content.Height+0.5 {
			h.t.Errorf("%s: the %s at %v, %v, is out of the window's %v", what, name, pos, s, content)
		}
		if least := o.MinSize(); s.Width+0.5 < least.Width || s.Height+0.5 < least.Height && i != objMoves && i != objStudy {
			h.t.Errorf("%s: the %s is %v, smaller than it needs (%v)", what, name, s, least)
		}
		boxes = append(boxes, box{name, pos, fyne.NewPos(pos.X+s.Width, pos.Y+s.Height)})
	}
	for i, a := range boxes {
		for _, b := range boxes[i+1:] {
			if a.pos.X < b.size.X-0.5 && b.pos.X < a.size.X-0.5 && a.pos.Y < b.size.Y-0.5 && b.pos.Y < a.size.Y-0.5 {
				h.t.Errorf("%s: the %s (%v–%v) and the %s (%v–%v) overlap", what, a.name, a.pos, a.size, b.name, b.pos, b.size)
			}
		}
	}
	rows := float32(minListRows)
	if l.tall {
		rows = 1
	}
	if got := h.listRows(); got+0.01 < rows {
		h.t.Errorf("%s: the move list shows %.1f rows, want %v", what, got, rows)
	}
	n := 0
	uitest.Walk(h.app.main, func(o fyne.CanvasObject) {
		b, ok := o.(*kit.Button)
		if !ok || !shownIn(b, h.app.main) || b.Size().Width == 0 {
			return
		}
		n++
		pos, s := h.place(b)
		top := h.app.fyne.Driver().AbsolutePositionForObject(h.app.main)
		if pos.X < top.X-0.5 || pos.Y < top.Y-0.5 || pos.X+s.Width > top.X+content.Width+0.5 || pos.Y+s.Height > top.Y+content.Height+0.5 ||
			s.Width+0.5 < b.MinSize().Width || s.Height+0.5 < b.MinSize().Height {
			h.t.Errorf("%s: the button %q (%v) at %v, %v: cut or out of the window", what, b.Text, b.Icon, pos, s)
		}
	})
	if n < 6+5 {
		h.t.Errorf("%s: %d buttons shown, want the 6 play buttons and the 5 that step through the game at least", what, n)
	}
}

// shownIn reports whether o is shown: it and what holds it, up to top,
// are not hidden.
func shownIn(o, top fyne.CanvasObject) bool {
	shown := false
	var walk func(x fyne.CanvasObject) bool
	walk = func(x fyne.CanvasObject) bool {
		if x == nil || !x.Visible() {
			return false
		}
		if x == o {
			shown = true
			return true
		}
		if c, ok := x.(*fyne.Container); ok {
			for _, k := range c.Objects {
				if walk(k) {
					return true
				}
			}
		}
		return false
	}
	walk(top)
	return shown
}

// TestNothingIsClippedAtAnySize: at the sizes of a laptop's window, its
// whole screen, half of it and a small window, and others, the board, both
// clocks, the move list, the move box and every button are in the window,
// whole, none over another; with the opening tree or the engine's lines
// shown too, and in a window taller than wide. In a half-screen window
// the side panel was pushed off the right edge: no clock digits, no
// buttons.
func TestNothingIsClippedAtAnySize(t *testing.T) {
	h := newHarness(t)
	h.aTimedGameWithEverything()
	h.app.env.Settings.SetEnginePath("/nonexistent/engine")
	for _, panels := range []string{"", "tree", "tree+engine"} {
		switch panels {
		case "tree":
			h.shortcut(kit.OpeningTree)
		case "tree+engine":
			h.shortcut(kit.Analyse)
		}
		for _, size := range []fyne.Size{laptop, maximised, halfScreen, small, {Width: 1024, Height: 560}, {Width: 683, Height: 740},
			{Width: 600, Height: 900}, {Width: 800, Height: 780}, {Width: 470, Height: 700}, {Width: 1600, Height: 500}} {
			h.resize(size.Width, size.Height)
			h.checkNothingClipped(fmt.Sprintf("%v, %q", size, panels))
			h.underTheList(fmt.Sprintf("%v, %q", size, panels))
		}
	}
}

// underTheList checks the study area: the chosen panel is shown whole,
// or scrolls as a whole (its content at its smallest size at least);
// the other panels take no room.
func (h *harness) underTheList(what string) {
	h.t.Helper()
	s := h.layout().study
	if !s.shown() {
		return
	}
	for _, p := range s.panels {
		if p != s.chosen {
			if onScreen(p.scroll) {
				h.t.Errorf("%s: a panel not chosen is shown", what)
			}
			continue
		}
		if c := p.scroll.Content; c.Size().Height+0.5 < c.MinSize().Height || p.content.Size().Height+0.5 < p.content.MinSize().Height {
			h.t.Errorf("%s: the panel's content is %v, it needs %v: cut rather than scrolled", what, p.content.Size(), p.content.MinSize())
		}
	}
}

// TestTheWindowNeverChangesItsOwnSize: what the window needs at the
// least does not change with what it shows (the engine's panel, the
// opening tree, the language): Fyne grows a window smaller than that,
// and F2 grew it from 720 to 748 px high.
func TestTheWindowNeverChangesItsOwnSize(t *testing.T) {
	h := newHarness(t)
	path := t.TempDir() + "/g.pgn"
	uitest.WriteFile(t, path, "[White \"A\"]\n[Black \"B\"]\n\n1. e4 {[%eval 0.3]} e5 {[%eval 0.2]} 2. Nf3 {[%eval 0.3]} 1-0\n")
	least := h.win().Content().MinSize()
	check := func(what string) {
		t.Helper()
		if got := h.win().Content().MinSize(); got != least {
			t.Errorf("%s: the window needs %v, was %v", what, got, least)
		}
	}
	h.open(path)
	check("a game with its evaluation graph and its report")
	h.shortcut(kit.OpeningTree)
	check("the opening tree")
	h.app.env.Settings.SetEnginePath("/nonexistent/engine")
	h.shortcut(kit.Analyse)
	check("the engine's panel")
	tc, _ := game.ParseTimeControl("40/5400+30:1800+30")
	g, _ := game.New(game.Options{TimeControl: tc, Now: h.clock.Now})
	h.app.env.Session.NewGame(g)
	check("a timed game")
	h.app.env.Session.Step(-1)
	h.press(fyne.KeyN)
	check("the banner and what the move box says")
	if least.Width > 640 || least.Height > 440 {
		t.Errorf("the window needs %v: it does not fit 640×480 with its menus", least)
	}
}

// waitForLines runs what the engine sends until a line that starts with
// prefix shows.
func (h *harness) waitForLines(prefix string) {
	h.t.Helper()
	for deadline := time.Now().Add(time.Minute); !slices.ContainsFunc(h.engineLines(), func(l string) bool {
		return strings.HasPrefix(l, prefix)
	}); {
		if time.Now().After(deadline) {
			h.t.Fatalf("the engine's lines do not come: %v", h.engineLines())
		}
		select {
		case f := <-h.queue:
			f()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// TestTheAnalysisTakesOnlyTheRoomItNeeds: until the engine's lines come,
// the panel is one line ("Analysing…"), not five empty ones that
// squeezed the move list to a row; once they come, they show whole and
// the move list keeps its rows.
func TestTheAnalysisTakesOnlyTheRoomItNeeds(t *testing.T) {
	h := newHarness(t)
	h.app.env.Settings.SetEnginePath(uitest.FakeEngine(t, uitest.SteadyEngine))
	t.Cleanup(h.app.analysis.Stop)
	h.openFortyMoves(laptop)
	listHeight := h.moves().Size().Height
	status := widget.NewLabel("Analysing…").MinSize().Height
	h.shortcut(kit.Analyse)
	if waiting := h.moves().Size().Height; listHeight-waiting > 2*status {
		t.Errorf("waiting for the engine, the move list went from %v to %v high", listHeight, waiting)
	}
	h.waitForLines("-0.05")
	h.app.env.Relayout()
	if rows := h.listRows(); rows < keptListRows {
		t.Errorf("with the engine's three lines, the move list shows %.1f rows", rows)
	}
	if p := h.layout().study.chosen; p == nil || p.content.Size().Height+0.5 < p.content.MinSize().Height || p.scroll.Offset.Y != 0 ||
		p.scroll.Size().Height+0.5 < p.content.MinSize().Height {
		t.Errorf("the engine's lines are not shown whole")
	}
}

// engineLines are the labels shown whole in the window.
func (h *harness) engineLines() []string {
	var out []string
	uitest.Walk(h.app.main, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok && l.Visible() && l.Size().Height >= l.MinSize().Height {
			out = append(out, l.Text)
		}
	})
	return out
}

// TestTheStudyPanelsShareOneArea: the engine's lines and the opening
// tree, both shown, share one area with tabs: the one shown last is
// chosen, a tab chooses the other; the move list keeps its rows. The
// tree's headings were drawn over its message, the engine's lines had
// no height at all, and each panel took its height from the move list.
func TestTheStudyPanelsShareOneArea(t *testing.T) {
	h := newHarness(t)
	h.app.env.Settings.SetEnginePath(uitest.FakeEngine(t, uitest.SteadyEngine))
	t.Cleanup(h.app.analysis.Stop)
	h.openFortyMoves(laptop)
	s := h.layout().study
	if s.shown() || onScreen(h.object(objStudy)) {
		t.Fatal("a study panel is shown before any is asked for")
	}
	h.shortcut(kit.Analyse)
	h.waitForLines("-0.05")
	engine, tree := s.panels[0], s.panels[1]
	if s.chosen != engine || s.tabs.Visible() {
		t.Errorf("the engine alone: chosen %v, tabs shown %v", s.chosen == engine, s.tabs.Visible())
	}
	h.shortcut(kit.OpeningTree)
	if s.chosen != tree || !onScreen(s.tabs) || !onScreen(tree.scroll) || onScreen(engine.scroll) {
		t.Errorf("the tree shown last is not the panel shown, under tabs")
	}
	test.Tap(engine.tab)
	if s.chosen != engine || !onScreen(engine.scroll) || onScreen(tree.scroll) {
		t.Errorf("the Analysis tab does not show the engine's lines")
	}
	for _, size := range []fyne.Size{laptop, maximised, halfScreen, small} {
		h.resize(size.Width, size.Height)
		h.checkNothingClipped(fmt.Sprint(size))
		h.underTheList(fmt.Sprint(size))
		if rows := h.listRows(); size != small && size != halfScreen && rows < keptListRows {
			t.Errorf("%v: with the engine and the tree, the move list shows %.1f rows", size, rows)
		}
	}
	h.shortcut(kit.OpeningTree)
	h.shortcut(kit.Analyse)
	h.app.env.Relayout()
	if s.shown() || onScreen(h.object(objStudy)) {
		t.Error("the study area stays once its panels are hidden")
	}
}

// TestTheMovesComeFirst: in a game of 40 moves, the move list shows at
// least 14 rows in a laptop's window with nothing else shown, and 8 with
// the game's report; maximised, the report shows whole in a column of
// its own beside the moves. It showed 4 rows, and 2 with the report.
func TestTheMovesComeFirst(t *testing.T) {
	h := newHarness(t)
	h.openFortyMoves(laptop)
	if rows := h.listRows(); rows < 14 {
		t.Errorf("at %v the move list shows %.1f rows", laptop, rows)
	}
	path := t.TempDir() + "/evaluated.pgn"
	uitest.WriteFile(t, path, strings.NewReplacer("]}", "] [%eval 0.2]}").Replace(uitest.FortyMoveGame()))
	h.open(path)
	if !h.layout().study.shown() {
		t.Fatal("no report for a game with evaluations")
	}
	for _, size := range []fyne.Size{laptop, maximised} {
		h.resize(size.Width, size.Height)
		if rows := h.listRows(); rows < keptListRows {
			t.Errorf("at %v with the report the move list shows %.1f rows", size, rows)
		}
	}
	if l := h.layout(); !l.wide {
		t.Fatalf("maximised, the report has no column of its own")
	}
	if rows := h.listRows(); rows < 14 {
		t.Errorf("maximised, the move list beside the report shows %.1f rows", rows)
	}
	p := h.layout().study.chosen
	if p.scroll.Size().Height+0.5 < p.content.MinSize().Height {
		t.Errorf("maximised, the report is cut: %v high, it needs %v", p.scroll.Size().Height, p.content.MinSize().Height)
	}
	if _, size := h.boardPlace(); size.Width+0.5 < h.app.main.Size().Height {
		t.Errorf("maximised, the board is %v: smaller than the window's height", size)
	}
}

// TestATallWindowPutsThePanelUnderTheBoard: a window taller than wide
// (half a laptop's screen) has the board on top, as wide as the window,
// and the rest under it; the board's squares are 600 px at least at
// 683×768. The board was 416 px, with 135 px empty above and below.
func TestATallWindowPutsThePanelUnderTheBoard(t *testing.T) {
	h := newHarness(t)
	h.openFortyMoves(halfScreen)
	if !h.layout().tall {
		t.Fatal("half a screen is not laid out tall")
	}
	b := h.board()
	_, size := h.boardPlace()
	if squares := b.SquareCenter(uitest.Square("h1")).X - b.SquareCenter(uitest.Square("a1")).X; squares*8/7 < 600 {
		t.Errorf("at %v the board's squares are %v wide, the board %v", halfScreen, squares*8/7, size)
	}
	boardBottom := h.object(objBoard).Position().Y + size.Height
	for name, i := range alwaysShown {
		if i != objBoard && h.object(i).Position().Y < boardBottom-0.5 {
			t.Errorf("the %s is beside the board, not under it", name)
		}
	}
	h.checkNothingClipped("half a screen")
	h.resize(halfScreen.Width, 1100)
	if !onScreen(h.object(objHeader)) || !onScreen(h.object(objOpening)) || h.listRows() < keptListRows {
		t.Errorf("a tall window with room: header %v, opening %v, %.1f rows", onScreen(h.object(objHeader)), onScreen(h.object(objOpening)), h.listRows())
	}
	h.checkNothingClipped("a taller window")
	// Narrower, the clocks share their row and the move box has a row of
	// its own: the board still takes the width.
	h.resize(480, 900)
	if _, size := h.boardPlace(); !h.layout().tall || size.Width < 460 {
		t.Errorf("at 480×900 the board is %v, tall %v", size, h.layout().tall)
	}
	h.checkNothingClipped("a narrow tall window")
}

// TestTheButtonsAreIconsWithTheirNamesWhereTheyDoNotFit: the play
// buttons are one row, with their names where the row has room for
// them, else as icons; the pointer on an icon shows its name and key.
func TestTheButtonsAreIconsWithTheirNamesWhereTheyDoNotFit(t *testing.T) {
	h := newHarness(t)
	h.resize(laptop.Width, laptop.Height)
	icons, words := h.object(objCompactActions), h.object(objActions)
	if !onScreen(icons) || onScreen(words) {
		t.Errorf("at %v: icons %v, names %v", laptop, onScreen(icons), onScreen(words))
	}
	h.resize(2400, 1000)
	if onScreen(icons) || !onScreen(words) || words.Size().Height > icons.MinSize().Height+0.5 {
		t.Errorf("at 2400×1000: icons %v, names %v in one row %v high", onScreen(icons), onScreen(words), words.Size().Height)
	}
	h.resize(laptop.Width, laptop.Height)
	takeBack := uitest.MustFind(h.t, icons, "the first icon", func(*kit.Button) bool { return true })
	takeBack.MouseIn(&desktop.MouseEvent{})
	if !h.tipShows("Take back (Ctrl+Z)") {
		t.Error("the pointer on the take-back icon does not show its name")
	}
	takeBack.MouseOut()
	if h.tipShows("Take back (Ctrl+Z)") {
		t.Error("the name stays once the pointer left the icon")
	}
}

// tipShows reports whether the window shows text as a button's tip.
func (h *harness) tipShows(text string) bool {
	content := h.win().Content()
	_, ok := uitest.Find(content, func(t *canvas.Text) bool { return t.Text == text && shownIn(t, content) })
	return ok
}

// TestTheMoveListShowsTheMoveOnTheBoard: the move list shows the move of
// the position on the board however it got there: a game opened (its
// end), Home (the start), End, a click in the evaluation graph or on a
// turning point of the report, the window resized. Home showed the start
// while the list stayed at moves 55–61; after a resize the move shown was
// scrolled out of view.
func TestTheMoveListShowsTheMoveOnTheBoard(t *testing.T) {
	h := newHarness(t)
	evals := 0
	evaluated := regexp.MustCompile(`\]\}`).ReplaceAllStringFunc(uitest.FortyMoveGame(), func(string) string {
		evals++
		if evals == 61 {
			return "] [%eval -6.0]}" // a blunder, a turning point of the report
		}
		return "] [%eval 0.2]}"
	})
	path := t.TempDir() + "/g.pgn"
	uitest.WriteFile(t, path, evaluated)
	h.open(path)
	h.resize(laptop.Width, laptop.Height)
	line := h.app.env.Session.Game().MainLine()
	inView := func(what string, n *game.Node) {
		t.Helper()
		list := h.moves()
		if pos, ok := list.MovePosition(n); !ok || pos.Y < 0 || pos.Y > list.Size().Height {
			t.Errorf("%s: the move %q is at %v, %v, out of the list's %v", what, n.SAN(), pos, ok, list.Size())
		}
	}
	inView("the game opened", line[len(line)-1])
	h.press(fyne.KeyHome)
	inView("Home", line[0])
	h.press(fyne.KeyEnd)
	inView("End", line[len(line)-1])
	graph := uitest.MustFind(t, h.app.main, "the evaluation graph", func(*widgets.EvalGraph) bool { return true })
	test.Tap(graph) // the middle of the game
	shown := h.app.env.Session.Shown()
	if shown == line[len(line)-1] || shown.Parent() == nil {
		t.Fatalf("a click in the middle of the graph shows %q", shown.SAN())
	}
	inView("a click in the graph", shown)
	h.press(fyne.KeyHome)
	h.resize(maximised.Width, maximised.Height) // the report whole, beside the moves
	link := uitest.MustFind(t, h.app.main, "a turning point", func(l *widget.Hyperlink) bool {
		return l.Visible() && strings.Contains(l.Text, "31.")
	})
	at, size := h.place(link)
	test.TapCanvas(h.win().Canvas(), at.Add(fyne.NewPos(size.Width/4, size.Height/2)))
	if shown = h.app.env.Session.Shown(); shown.Parent() == nil {
		t.Fatalf("the turning point %q shows the start", link.Text)
	}
	inView("a turning point of the report", shown)
	for _, size := range []fyne.Size{maximised, small, halfScreen, laptop} {
		h.resize(size.Width, size.Height)
		inView(fmt.Sprint("resized to ", size), shown)
	}
}
