package app

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/words"
	"github.com/echiquier/echiquier/settings"
)

// boardPlace returns where the board is in the window and its size.
func (h *harness) boardPlace() (fyne.Position, fyne.Size) {
	b := h.app.ui.board
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(b), b.Size()
}

func TestTheBannerNeverMovesTheBoard(t *testing.T) {
	// The "Viewing…" banner shrank and shifted the board, which stayed
	// shrunk after End until the window was resized.
	h := newHarness(t)
	h.play("f2f3 e7e5")
	pos, size := h.boardPlace()
	h.app.step(-1)
	if !h.app.ui.banner.Visible() {
		t.Fatal("no banner while browsing")
	}
	if p, s := h.boardPlace(); p != pos || s != size {
		t.Errorf("browsing moved the board: %v %v, was %v %v", p, s, pos, size)
	}
	h.app.showLive()
	if p, s := h.boardPlace(); p != pos || s != size {
		t.Errorf("back to the game, the board is at %v %v, was %v %v", p, s, pos, size)
	}
	h.play("g2g4 d8h4") // Fool's mate: the result shows above the board
	h.wantGameOver("Black wins by checkmate")
	if p, s := h.boardPlace(); p != pos || s != size {
		t.Errorf("the game over moved the board: %v %v, was %v %v", p, s, pos, size)
	}
}

func TestAnIllegalDropSaysWhy(t *testing.T) {
	h := newHarness(t)
	h.drag("e2", "e5")
	if got := h.app.ui.moveBox.hint.Text; !strings.Contains(got, "cannot move to e5") || h.dialogText() != "" {
		t.Fatalf("move box says %q, dialog %q", got, h.dialogText())
	}
	if h.history() != "" {
		t.Errorf("history %q", h.history())
	}
}

func TestPlayMenuFollowsTheButtons(t *testing.T) {
	h := newHarness(t)
	h.play("f2f3 e7e5 g2g4")
	p := h.app.playItems
	if p.offerDraw.Disabled || p.resign.Disabled || p.takeBack.Disabled || !p.claimDraw.Disabled {
		t.Fatalf("during the game: offer %v resign %v take back %v claim %v", !p.offerDraw.Disabled, !p.resign.Disabled, !p.takeBack.Disabled, !p.claimDraw.Disabled)
	}
	h.play("d8h4")
	if !p.offerDraw.Disabled || !p.resign.Disabled || !p.pause.Disabled {
		t.Error("after the game the menu still offers to play on")
	}
	p.resign.Action() // a disabled item's shortcut does nothing
	if got := h.dialogText(); got != "" {
		t.Errorf("a disabled item acted: %s", got)
	}
}

func TestTheFirstGameHasTheDefaultTimeControl(t *testing.T) {
	// The game open at start-up was always untimed, while the New game
	// dialog said 10 + 5.
	test.NewTempApp(t)
	s := settings.New(fyne.CurrentApp().Preferences())
	tc, _ := game.ParseTimeControl("300+3")
	s.SetTimeControl(tc)
	a := New(fyne.CurrentApp(), Options{NoTicker: true, AutosaveDir: t.TempDir()})
	t.Cleanup(func() { a.win.Close(); a.autosave.Close() })
	g := a.sess.Game()
	if g.TimeControl().String() != "300+3" || !g.Paused() {
		t.Errorf("the first game: %q, paused %v", g.TimeControl().String(), g.Paused())
	}
}

func TestNewGameRemembersTheCustomTimeControl(t *testing.T) {
	h := newHarness(t)
	h.app.newGame()
	_, selects := h.dialogFields()
	selects[0].SetSelectedIndex(len(selects[0].Options) - 1) // custom
	selects[1].SetSelectedIndex(words.KindHourglass)
	entries, _ := h.dialogFields()
	entries[2].SetText("3") // minutes
	h.tapButton("Start")
	if got := h.app.sess.Game().TimeControl().String(); got != "*180" {
		t.Fatalf("hourglass of 3 minutes: %q", got)
	}
	h.app.newGame()
	entries, selects = h.dialogFields()
	if selects[0].SelectedIndex() != len(selects[0].Options)-1 || selects[1].SelectedIndex() != words.KindHourglass || entries[2].Text != "3" {
		t.Errorf("the dialog does not offer the custom control again: preset %d, kind %d, minutes %q",
			selects[0].SelectedIndex(), selects[1].SelectedIndex(), entries[2].Text)
	}
}

func TestTheMoveListEndsWithTheResult(t *testing.T) {
	h := newHarness(t)
	h.play("f2f3 e7e5 g2g4 d8h4")
	if got := h.app.ui.moves.Result(); got != "0-1 · Black wins by checkmate" {
		t.Errorf("the move list ends with %q", got)
	}
}

func TestTheClockFacesShowWhoseTurnItIs(t *testing.T) {
	// Untimed games showed whose turn it was only in the status line.
	h := newHarness(t)
	white, black := h.app.ui.clocks[game.White], h.app.ui.clocks[game.Black]
	if !white.ToMove || black.ToMove {
		t.Fatalf("at the start: White %v, Black %v", white.ToMove, black.ToMove)
	}
	h.play("e2e4")
	if white.ToMove || !black.ToMove {
		t.Errorf("after 1. e4: White %v, Black %v", white.ToMove, black.ToMove)
	}
}

func TestTheClockFaceCountsTheDelayDown(t *testing.T) {
	h := newHarness(t)
	tc, _ := game.ParseTimeControl("300d5")
	g, _ := game.New(game.Options{TimeControl: tc, Now: h.clock.now})
	h.app.sess.NewGame(g)
	h.clock.advance(2 * time.Second)
	h.app.Tick()
	if got := h.app.ui.clocks[game.White].Delay; got != 3*time.Second {
		t.Errorf("after 2 s of a 5 s delay the face shows %v left", got)
	}
}

func TestAGameOpenedFromAFileShowsItsMoveInTheList(t *testing.T) {
	h := newHarness(t)
	path := filepath.Join(t.TempDir(), "long.pgn")
	writeFile(t, path, pgnGame("White=Long", 201))
	h.open(path)
	l := h.app.ui.moves
	pos, ok := l.MovePosition(h.app.sess.Shown())
	if !ok || pos.Y < 0 || pos.Y > l.Size().Height {
		t.Errorf("the move shown is at %v in a list %v high (ok %v)", pos, l.Size().Height, ok)
	}
}

func TestResultsNameThePlayers(t *testing.T) {
	h := newHarness(t)
	g, _ := game.New(game.Options{Now: h.clock.now})
	g.SetTag("White", "Ann")
	g.SetTag("Black", "Ben")
	h.app.sess.NewGame(g)
	h.app.settings.SetConfirmResign(false)
	h.app.askResign()
	h.wantGameOver("Ann resigned: Ben wins")
}

func TestTheBoardStaysTheLargestThingInASmallWindow(t *testing.T) {
	// At 500×400 the board was 200 px: the side panel kept its width.
	h := newHarness(t)
	h.app.win.Resize(fyne.NewSize(500, 400))
	_, size := h.boardPlace()
	if size.Width < 280 || size.Height < 280 {
		t.Errorf("at 500×400 the board is %v", size)
	}
	h.app.win.Resize(fyne.NewSize(1040, 720))
	_, size = h.boardPlace()
	panel := h.app.ui.moves.Size().Width
	if size.Height < 600 || panel < 250 {
		t.Errorf("at 1040×720: board %v, move list %v wide", size, panel)
	}
}

// TestTheSidePanelFitsItsWidthInEveryLanguage: at its normal width the
// side panel shows all it holds, in every language. In French the
// buttons' words made it wider than its place: it scrolled sideways and
// cut the clocks ("9:5").
func TestTheSidePanelFitsItsWidthInEveryLanguage(t *testing.T) {
	h := newHarness(t)
	t.Cleanup(func() { h.app.locale.Use("") })
	tc, _ := game.ParseTimeControl("600+5")
	g, _ := game.New(game.Options{TimeControl: tc, Now: h.clock.now})
	h.app.sess.NewGame(g)
	h.play("e2e4")
	for _, language := range []string{"en", "fr"} {
		h.app.settings.SetLanguage(language)
		h.app.changeLanguage()
		h.app.togglePause() // the longer of the button's two words
		scroll, ok := find(h.app.ui.content, func(*container.Scroll) bool { return true })
		if !ok {
			t.Fatal("no side panel")
		}
		if w := scroll.Content.MinSize().Width; w > panelWidth {
			t.Errorf("in %s the side panel needs %v px, more than its %v", language, w, panelWidth)
		}
	}
}
