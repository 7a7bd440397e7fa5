package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
)

func TestNewGameDialogStartsATimedGame(t *testing.T) {
	h := newHarness(t)
	h.app.newGame()
	h.wantDialog("New game")
	entries, selects := h.dialogFields()
	entries[0].SetText("Alice")
	entries[1].SetText("Bob")
	selects[0].SetSelectedIndex(1) // 3 + 2
	h.tapButton("Start")
	g := h.app.sess.Game()
	if g.Tag("White") != "Alice" || g.Tag("Black") != "Bob" {
		t.Errorf("names = %q, %q", g.Tag("White"), g.Tag("Black"))
	}
	if got := g.TimeControl().String(); got != "180+2" {
		t.Errorf("time control = %s", got)
	}
	if h.app.ui.clocks[game.White].Remaining != 3*time.Minute || !h.app.ui.clocks[game.White].Running {
		t.Errorf("White's clock face: %+v", h.app.ui.clocks[game.White])
	}
	if w, b := h.app.settings.PlayerNames(); w != "Alice" || b != "Bob" {
		t.Errorf("names not remembered: %q %q", w, b)
	}
}

func TestNewGameDialogRefusesABadFEN(t *testing.T) {
	h := newHarness(t)
	h.app.newGame()
	var fen *escapableEntry
	walk(h.app.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if e, ok := o.(*escapableEntry); ok && e.PlaceHolder == game.StartFEN {
			fen = e
		}
	})
	test.Type(fen, "8/8/8/8/8/8/8/8 w - - 0 1")
	if err := fen.Validate(); err == nil || !strings.Contains(err.Error(), "king") {
		t.Errorf("a FEN without kings validates: %v", err)
	}
	fen.SetText("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	if err := fen.Validate(); err != nil {
		t.Errorf("a good FEN is refused: %v", err)
	}
	h.tapButton("Start")
	if got := h.app.sess.Game().FEN(); got != "4k3/8/8/8/8/8/8/4K2R w K - 0 1" {
		t.Errorf("game starts from %s", got)
	}
}

func TestMovesAreAutosaved(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4 e7e5")
	if got := h.history(); got != "e4 e5" {
		t.Fatalf("history = %q", got)
	}
	if text := h.autosaved(); !strings.Contains(text, "1. e4 e5 *") {
		t.Errorf("autosave holds:\n%s", text)
	}
	if !h.app.sess.Dirty() {
		t.Error("the game is not marked as changed")
	}
}

func TestClaimDrawWithTheDroppedMove(t *testing.T) {
	h := newHarness(t)
	h.play("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1")
	h.drag("f6", "g8")
	h.wantDialog("Claim a draw with this move?")
	h.tapButton("Claim a draw")
	if s := h.app.sess.Game().Status(); s != (game.Status{Result: game.Draw, Reason: game.ThreefoldRepetition}) {
		t.Fatalf("status = %v", s)
	}
	h.wantGameOver("Draw by repetition of the position")
	if !strings.Contains(h.app.ui.status.Text, "repetition") {
		t.Errorf("status line: %q", h.app.ui.status.Text)
	}
}

func TestDeclineClaimPlaysTheMove(t *testing.T) {
	h := newHarness(t)
	h.play("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1")
	h.drag("f6", "g8")
	h.tapButton("Just play the move")
	if h.app.sess.Game().Status().Over() || h.history() != "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8" {
		t.Errorf("status %v, history %s", h.app.sess.Game().Status(), h.history())
	}
	if h.app.ui.claimDraw.Disabled() {
		t.Error("White may now claim on the board, but the button is disabled")
	}
}

// TestEscapeLeavesTheMoveUnplayed: Escape in the questions a move asks
// (claim with it? side line or replace?) is Cancel: the move is not
// played and the board shows the position as it was. It used to answer
// "Just play the move", and the side-line question left the dropped
// piece on its new square.
func TestEscapeLeavesTheMoveUnplayed(t *testing.T) {
	h := newHarness(t)
	h.play("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1")
	h.drag("f6", "g8")
	h.wantDialog("Claim a draw with this move?")
	h.press(fyne.KeyEscape)
	if h.dialogText() != "" || h.history() != "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1" {
		t.Fatalf("after Escape: dialog %q, history %s", h.dialogText(), h.history())
	}
	if h.app.ui.board.Pos != h.app.sess.Game().Position() {
		t.Error("the board does not show the position the move was not played from")
	}
	h.drag("f6", "g8")
	h.press(fyne.KeyReturn) // Enter claims, the default
	h.wantGameOver("Draw by repetition of the position")

	h = newHarness(t)
	h.play("e2e4 e7e5 g1f3")
	h.app.typedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	before := h.app.ui.board.Pos
	h.drag("b1", "c3")
	h.wantDialog("Start a side line with this move")
	h.press(fyne.KeyEscape)
	if h.dialogText() != "" || h.history() != "e4 e5 Nf3" || len(h.app.sess.Game().MainLine()[1].Children()) != 1 {
		t.Fatalf("after Escape: dialog %q, history %s", h.dialogText(), h.history())
	}
	if h.app.ui.board.Pos != before {
		t.Error("after Escape the board does not show the position before the drop")
	}
	h.drag("b1", "c3")
	h.press(fyne.KeyReturn) // Enter starts a side line, the default
	if len(h.app.sess.Game().MainLine()[1].Children()) != 2 {
		t.Error("Enter did not start the side line")
	}
}

func TestOfferDrawAccepted(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	h.app.offerDraw()
	if !strings.Contains(h.app.ui.viewing.Text, "White offers a draw. Black") || h.dialogText() != "" {
		t.Fatalf("the offer shows as %q, dialog %q", h.app.ui.viewing.Text, h.dialogText())
	}
	h.tapBanner("Accept the draw")
	if s := h.app.sess.Game().Status(); s.Reason != game.Agreement {
		t.Errorf("status = %v", s)
	}
	h.wantGameOver("Draw by agreement")
}

func TestOfferDrawDeclined(t *testing.T) {
	h := newHarness(t)
	h.app.offerDraw()
	h.tapBanner("Decline")
	if h.app.sess.Game().Status().Over() {
		t.Error("game over after a declined offer")
	}
	if _, pending := h.app.sess.Game().DrawOffer(); pending {
		t.Error("the declined offer still stands")
	}
	if !strings.Contains(h.app.ui.status.Text, "Black declined the draw offer") {
		t.Errorf("status line: %q", h.app.ui.status.Text)
	}
	// No second offer before the opponent has moved (FIDE 9.1.2).
	if !h.app.ui.offerDraw.Disabled() {
		t.Error("a second offer can be made at once")
	}
	h.play("e2e4")
	if h.app.ui.offerDraw.Disabled() {
		t.Error("after a move, the mover cannot offer a draw")
	}
}

func TestAMoveDeclinesTheDrawOffer(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	h.app.offerDraw()
	h.play("e7e5") // Black plays on: the offer lapses (FIDE 9.1.2.3)
	if _, pending := h.app.sess.Game().DrawOffer(); pending || h.app.ui.banner.Visible() {
		t.Errorf("the offer stands after Black's move: pending %v, banner %v", pending, h.app.ui.banner.Visible())
	}
}

func TestResign(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	h.app.askResign()
	h.tapButton("White resigns")
	if s := h.app.sess.Game().Status(); s != (game.Status{Result: game.BlackWins, Reason: game.Resignation}) {
		t.Errorf("status = %v", s)
	}
	h.wantGameOver("White resigned: Black wins")
	if h.app.ui.board.Legal != nil {
		t.Error("the board still takes moves after the game")
	}
}

func TestFlagFall(t *testing.T) {
	h := newHarness(t)
	tc, _ := game.ParseTimeControl("60")
	g, _ := game.New(game.Options{TimeControl: tc, Now: h.clock.now})
	h.app.sess.NewGame(g)
	h.app.refresh()
	h.play("e2e4")
	h.clock.advance(59 * time.Second)
	h.app.Tick()
	if g.Status().Over() {
		t.Fatal("flag fell early")
	}
	if got := h.app.ui.clocks[game.Black].Remaining; got != time.Second {
		t.Errorf("Black's face shows %v", got)
	}
	h.clock.advance(time.Second)
	h.app.Tick()
	if s := g.Status(); s != (game.Status{Result: game.WhiteWins, Reason: game.TimeForfeit}) {
		t.Fatalf("status = %v", s)
	}
	h.wantGameOver("Black ran out of time: White wins")
}

func TestTakeBackRestoresClock(t *testing.T) {
	h := newHarness(t)
	tc, _ := game.ParseTimeControl("300")
	g, _ := game.New(game.Options{TimeControl: tc, Now: h.clock.now})
	h.app.sess.NewGame(g)
	h.app.refresh()
	h.clock.advance(10 * time.Second)
	h.play("e2e4")
	h.clock.advance(20 * time.Second)
	h.app.askTakeBack()
	h.wantDialog("take back 1. e4")
	h.tapButton("Allow")
	if h.history() != "" {
		t.Fatalf("history = %q", h.history())
	}
	if w, b := g.Remaining(game.White), g.Remaining(game.Black); w != 290*time.Second || b != 300*time.Second {
		t.Errorf("clocks after take-back: %v / %v", w, b)
	}
}

func TestTakeBackRefused(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	h.app.askTakeBack()
	h.tapButton("Refuse")
	if h.history() != "e4" {
		t.Errorf("history = %q", h.history())
	}
}

func TestSaveThenOpenGivesTheSameGame(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4 e7e5 g1f3")
	path := filepath.Join(t.TempDir(), "game.pgn")
	if err := h.app.sess.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	saved := readFile(t, path)
	if h.app.sess.Dirty() {
		t.Error("still marked as changed after saving")
	}
	if h.autosaved() != "" {
		t.Error("the autosave outlived the save")
	}
	other := newHarness(t)
	other.open(path)
	if got := other.history(); got != "e4 e5 Nf3" {
		t.Fatalf("opened history = %q", got)
	}
	var b strings.Builder
	if err := other.app.sess.Game().WritePGN(&b); err != nil {
		t.Fatal(err)
	}
	if b.String() != saved {
		t.Errorf("open then write differs:\n%s\n---\n%s", saved, b.String())
	}
	other.play("b8c6")
	if other.history() != "e4 e5 Nf3 Nc6" {
		t.Errorf("a game in progress does not continue: %q", other.history())
	}
}

func TestFailedSaveKeepsTheFile(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	dir := t.TempDir()
	path := filepath.Join(dir, "keep.pgn")
	writeFile(t, path, "original")
	if err := os.Chmod(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o700)
	if os.Geteuid() == 0 {
		// root ignores directory permissions: fail the write another way.
		path = filepath.Join(dir, "missing-folder", "keep.pgn")
	}
	saved := false
	h.app.saveToPath(path, func() { saved = true })
	if saved {
		t.Fatal("save reported success")
	}
	h.wantDialog("not saved")
	if got := readFile(t, filepath.Join(dir, "keep.pgn")); got != "original" {
		t.Errorf("the existing file changed: %q", got)
	}
	if !h.app.sess.Dirty() {
		t.Error("a failed save marked the game as saved")
	}
}

func TestOpenBadFileKeepsTheGame(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	path := filepath.Join(t.TempDir(), "bad.pgn")
	writeFile(t, path, "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nf3 *\n")
	h.open(path)
	h.wantDialog("line 3")
	h.wantDialog("“Nf3”")
	if h.history() != "e4" {
		t.Errorf("the current game changed: %q", h.history())
	}
	writeFile(t, path, "\x00\x01 this is not a PGN file \xff")
	h.open(path)
	h.wantDialog("Could not open bad.pgn")
}

func TestBrowsingShowsThePastWithTheBanner(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4 e7e5 g1f3")
	h.app.typedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	if !h.app.sess.Browsing() || !h.app.ui.banner.Visible() {
		t.Fatal("after ← the board must show the past position with the banner")
	}
	if h.app.sess.Shown() != h.app.sess.Game().MainLine()[1] {
		t.Error("← does not show the position after 1... e5")
	}
	h.app.typedKey(&fyne.KeyEvent{Name: fyne.KeyHome})
	if h.app.sess.Shown().Parent() != nil {
		t.Error("Home does not show the start position")
	}
	h.app.typedKey(&fyne.KeyEvent{Name: fyne.KeyEnd})
	if h.app.sess.Browsing() || h.app.ui.banner.Visible() || h.app.ui.board.Legal == nil {
		t.Error("End does not return to the game")
	}
}

func TestMoveFromThePastAsksSideLineOrReplace(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4 e7e5 g1f3")
	h.app.typedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	h.drag("b1", "c3")
	h.wantDialog("Start a side line with this move, or replace the moves that followed?")
	h.tapButton("Cancel")
	if h.history() != "e4 e5 Nf3" || len(h.app.sess.Game().MainLine()[1].Children()) != 1 {
		t.Fatal("Cancel changed the game")
	}
	h.drag("b1", "c3")
	h.tapButton("Start a side line")
	e5 := h.app.sess.Game().MainLine()[1]
	if h.history() != "e4 e5 Nf3" || len(e5.Children()) != 2 {
		t.Fatalf("the side line was not added beside 2. Nf3: history %q", h.history())
	}
	side := e5.Children()[1]
	if side.SAN() != "Nc3" || h.app.sess.Shown() != side {
		t.Errorf("the board should show the side line's 2. Nc3, shows %q", h.app.sess.Shown().SAN())
	}
	if !strings.Contains(h.autosaved(), "(2. Nc3)") {
		t.Errorf("the autosave lacks the side line:\n%s", h.autosaved())
	}
	h.drag("g8", "f6")
	if got := side.Children(); len(got) != 1 || got[0].SAN() != "Nf6" {
		t.Error("a move at the end of a side line should extend it without asking")
	}
}

func TestReplaceTheRestTakesTheMovesBack(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4 e7e5 g1f3")
	h.moveAfter(0, "c7c5", "Replace the rest")
	if h.history() != "e4 c5" || h.app.sess.Browsing() {
		t.Errorf("after replacing: %q, browsing %v", h.history(), h.app.sess.Browsing())
	}
	if h.app.sess.Game().Turn() != game.White {
		t.Error("White should be to move after 1... c5")
	}
}

func TestSideLineMenuPromotesDeletesAndComments(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4 e7e5")
	h.moveAfter(0, "c7c5", "Start a side line")
	side := h.app.sess.Shown()
	menu := h.app.nodeMenu(side)
	labels := menuLabels(menu)
	if !strings.Contains(labels, "Promote side line") || !strings.Contains(labels, "Delete from here") {
		t.Fatalf("side-line menu: %s", labels)
	}
	if strings.Contains(menuLabels(h.app.nodeMenu(h.app.sess.Game().MainLine()[0])), "Delete") {
		t.Error("a move of the game itself offers Delete")
	}
	h.app.editComment(side)
	h.typeInFocused("the Sicilian")
	h.tapButton("Save")
	if side.Comment() != "the Sicilian" {
		t.Errorf("comment = %q", side.Comment())
	}
	h.app.sess.DeleteSideLine(side)
	if n := len(h.app.sess.Game().MainLine()[0].Children()); n != 1 {
		t.Errorf("after delete, 1. e4 has %d continuations", n)
	}
	if h.app.sess.Shown() != h.app.sess.Game().MainLine()[0] {
		t.Error("after deleting the side line shown, the board should show where it began")
	}
}

func TestMoveListClickShowsPosition(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4 e7e5 g1f3")
	first := h.app.sess.Game().MainLine()[0]
	h.app.ui.moves.OnSelect(first)
	if h.app.sess.Shown() != first {
		t.Error("clicking 1. e4 does not show its position")
	}
	if h.app.ui.moves.Current() != first {
		t.Error("the move list does not highlight 1. e4")
	}
}

func TestUnsavedChangesAsked(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	h.app.newGame()
	h.wantDialog("not saved")
	h.tapButton("Cancel")
	if h.history() != "e4" {
		t.Fatal("Cancel lost the game")
	}
	h.app.newGame()
	h.tapButton("Don't save")
	h.wantDialog("New game")
	if h.autosaved() != "" {
		t.Error("the autosave of a game given up remains")
	}
}

func TestResumeInterruptedGame(t *testing.T) {
	h := newHarness(t)
	writeFile(t, h.legacyAutosave, "[White \"Ann\"][Black \"Ben\"][TimeControl \"300\"]\n\n1. e4 {[%clk 0:04:50]} e5 {[%clk 0:04:40]} *\n")
	h.app.Start(nil)
	h.wantDialog("A game was interrupted after 1... e5 (Ann – Ben)")
	h.tapButton("Resume")
	g := h.app.sess.Game()
	if h.history() != "e4 e5" || !g.Paused() {
		t.Fatalf("resumed %q, paused %v", h.history(), g.Paused())
	}
	if g.Remaining(game.White) != 290*time.Second {
		t.Errorf("White's clock = %v", g.Remaining(game.White))
	}
	if !strings.Contains(h.app.ui.status.Text, "paused") {
		t.Errorf("status: %q", h.app.ui.status.Text)
	}
}

func TestAutoFlip(t *testing.T) {
	h := newHarness(t)
	h.app.settings.SetAutoFlip(true)
	h.play("e2e4")
	if !h.app.ui.board.Flipped {
		t.Error("the board did not turn to Black")
	}
	h.play("e7e5")
	if h.app.ui.board.Flipped {
		t.Error("the board did not turn back to White")
	}
}

func TestNewGameDialogRefusesATimeControlWithoutTime(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	h.app.newGame()
	h.tapButton("Don't save")
	entries, selects := h.dialogFields()
	selects[0].SetSelectedIndex(len(selects[0].Options) - 1) // custom
	entries[2].SetText("0")                                  // minutes
	entries[3].SetText("0")                                  // seconds a move
	h.tapButton("Start")
	h.wantDialog("A timed game needs some time")
	if h.history() != "e4" {
		t.Error("a refused new game replaced the game")
	}
}
