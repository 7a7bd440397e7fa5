package app

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
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

func TestTheBannerNeverMovesTheBoard(t *testing.T) {
	// The "Viewing…" banner shrank and shifted the board, which stayed
	// shrunk after End until the window was resized.
	h := newHarness(t)
	h.play("f2f3 e7e5")
	pos, size := h.boardPlace()
	h.app.env.Session.Step(-1)
	if !h.app.env.Session.Browsing() {
		t.Fatal("not browsing")
	}
	if p, s := h.boardPlace(); p != pos || s != size {
		t.Errorf("browsing moved the board: %v %v, was %v %v", p, s, pos, size)
	}
	h.app.env.Session.ShowLive()
	if p, s := h.boardPlace(); p != pos || s != size {
		t.Errorf("back to the game, the board is at %v %v, was %v %v", p, s, pos, size)
	}
	h.play("g2g4 d8h4") // Fool's mate: the result shows above the board
	if !h.app.env.Session.Game().Status().Over() {
		t.Fatal("the game goes on")
	}
	if p, s := h.boardPlace(); p != pos || s != size {
		t.Errorf("the game over moved the board: %v %v, was %v %v", p, s, pos, size)
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
	h.win().Resize(fyne.NewSize(500, 400))
	_, size := h.boardPlace()
	if size.Width < 240 || size.Height < 240 {
		t.Errorf("at 500×400 the board is %v", size)
	}
	h.win().Resize(fyne.NewSize(1040, 720))
	_, size = h.boardPlace()
	panel := h.moves().Size().Width
	if size.Height < 600 || panel < 250 {
		t.Errorf("at 1040×720: board %v, move list %v wide", size, panel)
	}
}

// sidePanelObjects are what the side panel must always show whole: the
// clocks, the game's header, the move list, the opening, the move box
// and each button shown (the play buttons, the buttons that step
// through the game and through the file).
func (h *harness) sidePanelObjects() map[string]fyne.CanvasObject {
	h.t.Helper()
	side := h.app.side.Objects
	out := map[string]fyne.CanvasObject{"top clock": side[sideTopClock], "header": side[sideHeader], "moves": side[sideMoves],
		"opening": side[sideOpening], "move box": side[sideMoveBox], "bottom clock": side[sideBottomClock]}
	i := 0
	for _, o := range side {
		if !o.Visible() {
			continue
		}
		uitest.Walk(o, func(x fyne.CanvasObject) {
			if b, ok := x.(*kit.Button); ok && shownIn(b, o) {
				out[fmt.Sprintf("button %d (%s)", i, b.Text)] = b
				i++
			}
		})
	}
	return out
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

// TestNothingOnTheSideIsClippedAtAnySize: at the sizes of a laptop's
// half screen and of a small window, both clocks, the move list (three
// rows at least), the move box and the play buttons are in the window,
// whole; with the opening tree or the engine's lines shown too. In a
// half-screen window the side panel was pushed off the right edge: no
// clock digits, no buttons.
func TestNothingOnTheSideIsClippedAtAnySize(t *testing.T) {
	h := newHarness(t)
	path := t.TempDir() + "/g.pgn"
	uitest.WriteFile(t, path, "[White \"Ann\"]\n[Black \"Bob\"]\n[TimeControl \"600+5\"]\n\n"+
		"1. e4 {[%eval 0.3]} e5 {[%eval 0.2]} 2. Nf3 {[%eval 0.3]} Nc6 {[%eval 0.25]} *\n\n"+uitest.PGNGame("White=Cy", 4))
	h.open(path)
	h.tapButton("Open") // the first game: its place in the file shows, with the buttons to the next
	h.app.env.Settings.SetEnginePath("/nonexistent/engine")
	for _, panels := range []string{"", "tree", "tree+engine"} {
		switch panels {
		case "tree":
			h.shortcut(kit.OpeningTree)
		case "tree+engine":
			h.shortcut(kit.Analyse)
		}
		for _, size := range []fyne.Size{{Width: 1040, Height: 720}, {Width: 683, Height: 740}, {Width: 640, Height: 480}, {Width: 1024, Height: 560}} {
			h.win().Resize(size)
			h.app.env.Relayout() // what Fyne's loop does once something's smallest size changed
			content := h.win().Canvas().Size()
			objects := h.sidePanelObjects()
			if len(objects) < 6+5+2+6 {
				t.Fatalf("%v, %s: %d objects and buttons in the side panel", size, panels, len(objects))
			}
			for _, pair := range [][2]string{{"top clock", "header"}, {"header", "moves"}} {
				p1, s1 := h.place(objects[pair[0]])
				p2, s2 := h.place(objects[pair[1]])
				if p1.X < p2.X+s2.Width && p2.X < p1.X+s1.Width && p1.Y < p2.Y+s2.Height && p2.Y < p1.Y+s1.Height {
					t.Errorf("%v, %s: the %s (%v %v) and the %s (%v %v) overlap", size, panels, pair[0], p1, s1, pair[1], p2, s2)
				}
			}
			for name, o := range objects {
				pos, s := h.place(o)
				if pos.X < 0 || pos.Y < 0 || pos.X+s.Width > content.Width+0.5 || pos.Y+s.Height > content.Height+0.5 {
					t.Errorf("%v, %s: %s at %v, %v, out of the window's %v", size, panels, name, pos, s, content)
				}
				if min := o.MinSize(); s.Width+0.5 < min.Width || s.Height+0.5 < min.Height {
					t.Errorf("%v, %s: %s is %v, smaller than it needs (%v)", size, panels, name, s, min)
				}
			}
			if rows := h.moves().Size().Height / h.moves().RowHeight(); rows < 3 {
				t.Errorf("%v, %s: the move list shows %.1f rows", size, panels, rows)
			}
			h.underTheList(fmt.Sprintf("%v, %s", size, panels))
		}
	}
}

// underTheList checks what the move list's room holds: each part shown
// (the list, the graph, the progress, the report, the engine's lines,
// the tree) in the room, none drawn over another; the report shown
// whole or in a scroll no taller than the room it has.
func (h *harness) underTheList(what string) {
	h.t.Helper()
	l := h.app.side.Objects[sideMoves].(*fyne.Container).Layout.(*movesLayout)
	if !l.report.Visible() {
		h.t.Errorf("%s: no game report for a game with evaluations", what)
	}
	box := l.box.Size()
	bottom := float32(-1)
	for _, p := range []struct {
		name string
		o    fyne.CanvasObject
	}{{"move list", l.list}, {"graph", l.graph}, {"progress", l.running}, {"report", l.reportPanel}, {"engine's lines", l.panel}, {"tree", l.treePanel}} {
		pos, size := p.o.Position(), p.o.Size()
		if size.Height == 0 {
			continue
		}
		if pos.Y < bottom-0.5 || pos.Y+size.Height > box.Height+0.5 || size.Width > box.Width+0.5 {
			h.t.Errorf("%s: the %s at %v, %v, is drawn over what is above it (down to %v) or out of the room (%v)", what, p.name, pos, size, bottom, box)
		}
		bottom = pos.Y + size.Height
	}
	if got := l.reportPanel.Size().Height; l.report.Size().Height+0.5 < l.report.MinSize().Height || got > l.report.MinSize().Height+0.5 {
		h.t.Errorf("%s: the report is %v high in a scroll %v high, it needs %v", what, l.report.Size().Height, got, l.report.MinSize().Height)
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
	if least.Width > 640 || least.Height > 440 {
		t.Errorf("the window needs %v: it does not fit 640×480 with its menus", least)
	}
}

// TestTheAnalysisTakesOnlyTheRoomItNeeds: until the engine's lines come,
// the panel under the move list is one line ("Analysing…"), not five
// empty ones that squeezed the move list to a row.
func TestTheAnalysisTakesOnlyTheRoomItNeeds(t *testing.T) {
	h := newHarness(t)
	h.app.env.Settings.SetEnginePath(uitest.FakeEngine(t, uitest.SteadyEngine))
	t.Cleanup(h.app.analysis.Stop)
	path := t.TempDir() + "/g.pgn"
	uitest.WriteFile(t, path, "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 *\n")
	h.open(path)
	listHeight := h.moves().Size().Height
	status := widget.NewLabel("Analysing…").MinSize().Height
	h.shortcut(kit.Analyse)
	if waiting := h.moves().Size().Height; listHeight-waiting > 2*status {
		t.Errorf("waiting for the engine, the move list went from %v to %v high", listHeight, waiting)
	}
	// The third line, "-0.05  2. a3", comes last.
	for deadline := time.Now().Add(time.Minute); !slices.ContainsFunc(h.engineLines(), func(l string) bool {
		return strings.HasPrefix(l, "-0.05  2. a3")
	}); {
		if time.Now().After(deadline) {
			t.Fatalf("the engine's lines came but do not show: %v", h.engineLines())
		}
		select {
		case f := <-h.queue:
			f()
		case <-time.After(50 * time.Millisecond):
		}
	}
	if got := h.moves().Size().Height; got < 3*h.moves().RowHeight() {
		t.Errorf("with the engine's three lines, the move list is %v high", got)
	}
	moves := h.app.side.Objects[sideMoves].(*fyne.Container).Layout.(*movesLayout)
	if shown, all := moves.panel.Size().Height, moves.lines.MinSize().Height; shown < all {
		t.Errorf("the engine's panel is %v high, its lines need %v", shown, all)
	}
}

// engineLines are the labels shown whole under the move list.
func (h *harness) engineLines() []string {
	var out []string
	uitest.Walk(h.app.side, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok && l.Visible() && l.Size().Height >= l.MinSize().Height {
			out = append(out, l.Text)
		}
	})
	return out
}

// TestTheTreeAndTheEngineShareTheRoom: with both shown, the engine's
// score and best line show and the tree is never drawn over itself. At
// 1040×720 the tree's headings were drawn over its message, and the
// engine's lines had no height at all.
func TestTheTreeAndTheEngineShareTheRoom(t *testing.T) {
	h := newHarness(t)
	h.app.env.Settings.SetEnginePath(uitest.FakeEngine(t, uitest.SteadyEngine))
	t.Cleanup(h.app.analysis.Stop)
	path := t.TempDir() + "/g.pgn"
	uitest.WriteFile(t, path, "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n")
	h.open(path)
	h.shortcut(kit.Analyse)
	h.shortcut(kit.OpeningTree)
	for deadline := time.Now().Add(time.Minute); !slices.ContainsFunc(h.engineLines(), func(l string) bool {
		return strings.HasPrefix(l, "-0.05  3. a3")
	}); {
		if time.Now().After(deadline) {
			t.Fatalf("the engine's lines do not come: %v", h.engineLines())
		}
		select {
		case f := <-h.queue:
			f()
		case <-time.After(50 * time.Millisecond):
		}
	}
	moves := h.app.side.Objects[sideMoves].(*fyne.Container).Layout.(*movesLayout)
	for _, size := range []fyne.Size{{Width: 1040, Height: 720}, {Width: 683, Height: 740}, {Width: 1024, Height: 560}} {
		h.win().Resize(size)
		h.app.env.Relayout()
		if got, need := moves.panel.Size().Height, min(moves.lines.MinSize().Height, linesRows*moves.rowHeight); got+0.5 < need {
			t.Errorf("%v: the engine's lines are %v high, their score and best line need %v", size, got, need)
		}
		if got, need := moves.tree.Size().Height, moves.tree.MinSize().Height; got+0.5 < need || moves.treePanel.Size().Height < moves.rowHeight {
			t.Errorf("%v: the tree is drawn %v high in %v, it needs %v", size, got, moves.treePanel.Size().Height, need)
		}
	}
}

// TestTheReportSharesTheRoom: the game report shows its players and
// their first figures under the graph, whatever the window's size; with
// the engine's lines and the tree, asked for, it has what they leave,
// and scrolls, drawn over nothing.
func TestTheReportSharesTheRoom(t *testing.T) {
	h := newHarness(t)
	h.app.env.Settings.SetEnginePath(uitest.FakeEngine(t, uitest.SteadyEngine))
	t.Cleanup(h.app.analysis.Stop)
	path := t.TempDir() + "/g.pgn"
	uitest.WriteFile(t, path, "[White \"Ann\"]\n[Black \"Bob\"]\n\n"+
		"1. e4 {[%eval 0.3]} e5 {[%eval 0.3]} 2. Nf3 {[%eval 0.3]} Nc6 {[%eval -0.5]} 3. Bb5 {[%eval -1.5]} a6 {[%eval 2]} *\n")
	h.open(path)
	moves := h.app.side.Objects[sideMoves].(*fyne.Container).Layout.(*movesLayout)
	sizes := []fyne.Size{{Width: 1040, Height: 720}, {Width: 683, Height: 740}, {Width: 1024, Height: 560}, {Width: 640, Height: 480}}
	for i, size := range sizes {
		h.win().Resize(size)
		h.app.env.Relayout()
		got, need := moves.reportPanel.Size().Height, moves.reportWant()
		// In a short window the move list keeps its rows and the graph its
		// height: the report scrolls in what they leave, or has no room
		// at all, never a sliver of a row.
		if short := i >= 2; !short && got+0.5 < need || short && got > 0 && got < moves.rowHeight {
			t.Errorf("%v: the report is %v high, its players and their first figures need %v", size, got, need)
		}
		h.underTheList(fmt.Sprint(size))
	}
	h.shortcut(kit.Analyse)
	h.shortcut(kit.OpeningTree)
	for deadline := time.Now().Add(time.Minute); len(h.engineLines()) == 0; {
		if time.Now().After(deadline) {
			t.Fatal("the engine's lines do not come")
		}
		select {
		case f := <-h.queue:
			f()
		case <-time.After(50 * time.Millisecond):
		}
	}
	for _, size := range sizes[:2] {
		h.win().Resize(size)
		h.app.env.Relayout()
		if got, need := moves.panel.Size().Height, min(moves.lines.MinSize().Height, linesRows*moves.rowHeight); got+0.5 < need {
			t.Errorf("%v: the engine's lines are %v high, their score and best line need %v", size, got, need)
		}
		if got, need := moves.tree.Size().Height, moves.tree.MinSize().Height; got+0.5 < need {
			t.Errorf("%v: the tree is drawn %v high, it needs %v", size, got, need)
		}
		h.underTheList(fmt.Sprint(size, ", with the engine and the tree"))
	}
}
