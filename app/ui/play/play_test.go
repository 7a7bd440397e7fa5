package play

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/game/gametest"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/app/ui/words"
)

func TestMovesAreAutosaved(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4 e7e5")
	if got := h.History(); got != "e4 e5" {
		t.Fatalf("history = %q", got)
	}
	if text := h.Autosaved(); !strings.Contains(text, "1. e4 e5 *") {
		t.Errorf("autosave holds:\n%s", text)
	}
	if !h.s.Dirty() {
		t.Error("the game is not marked as changed")
	}
}

func TestClaimDrawWithTheDroppedMove(t *testing.T) {
	h := newHarness(t)
	h.play("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1")
	h.drag("f6", "g8")
	h.WantDialog("Claim a draw with this move?")
	h.TapButton("Claim a draw")
	if s := h.s.Game().Status(); s != (game.Status{Result: game.Draw, Reason: game.ThreefoldRepetition}) {
		t.Fatalf("status = %v", s)
	}
	h.wantGameOver("Draw by repetition of the position")
	if !strings.Contains(h.statusText(), "repetition") {
		t.Errorf("status line: %q", h.statusText())
	}
}

func TestDeclineClaimPlaysTheMove(t *testing.T) {
	h := newHarness(t)
	h.play("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1")
	h.drag("f6", "g8")
	h.TapButton("Just play the move")
	if h.s.Game().Status().Over() || h.History() != "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8" {
		t.Errorf("status %v, history %s", h.s.Game().Status(), h.History())
	}
	if h.button(kit.ClaimDraw).Disabled() {
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
	h.WantDialog("Claim a draw with this move?")
	h.Press(fyne.KeyEscape)
	if h.DialogText() != "" || h.History() != "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1" {
		t.Fatalf("after Escape: dialog %q, history %s", h.DialogText(), h.History())
	}
	if h.p.v.board.Pos != h.s.Game().Position() {
		t.Error("the board does not show the position the move was not played from")
	}
	h.drag("f6", "g8")
	h.Press(fyne.KeyReturn) // Enter claims, the default
	h.wantGameOver("Draw by repetition of the position")

	h = newHarness(t)
	h.play("e2e4 e7e5 g1f3")
	h.Press(fyne.KeyLeft)
	before := h.p.v.board.Pos
	h.drag("b1", "c3")
	h.WantDialog("Start a side line with this move")
	h.Press(fyne.KeyEscape)
	if h.DialogText() != "" || h.History() != "e4 e5 Nf3" || len(h.s.Game().MainLine()[1].Children()) != 1 {
		t.Fatalf("after Escape: dialog %q, history %s", h.DialogText(), h.History())
	}
	if h.p.v.board.Pos != before {
		t.Error("after Escape the board does not show the position before the drop")
	}
	h.drag("b1", "c3")
	h.Press(fyne.KeyReturn) // Enter starts a side line, the default
	if len(h.s.Game().MainLine()[1].Children()) != 2 {
		t.Error("Enter did not start the side line")
	}
}

func TestOfferDrawAccepted(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	h.p.offerDraw()
	if text := h.p.v.banner.text.Text; text != "White offers a draw" || h.DialogText() != "" {
		t.Fatalf("the offer shows as %q, dialog %q", text, h.DialogText())
	}
	if got := h.statusText(); got != "Black: accept, decline, or play a move to decline." {
		t.Errorf("the status line says %q", got)
	}
	h.tapBanner("Accept the draw")
	if s := h.s.Game().Status(); s.Reason != game.Agreement {
		t.Errorf("status = %v", s)
	}
	h.wantGameOver("Draw by agreement")
}

func TestOfferDrawDeclined(t *testing.T) {
	h := newHarness(t)
	h.p.offerDraw()
	h.tapBanner("Decline")
	if h.s.Game().Status().Over() {
		t.Error("game over after a declined offer")
	}
	if _, pending := h.s.Game().DrawOffer(); pending {
		t.Error("the declined offer still stands")
	}
	if !strings.Contains(h.statusText(), "Black declined the draw offer") {
		t.Errorf("status line: %q", h.statusText())
	}
	// No second offer before the opponent has moved (FIDE 9.1.2).
	if !h.button(kit.OfferDraw).Disabled() {
		t.Error("a second offer can be made at once")
	}
	h.play("e2e4")
	if h.button(kit.OfferDraw).Disabled() {
		t.Error("after a move, the mover cannot offer a draw")
	}
}

func TestAMoveDeclinesTheDrawOffer(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	h.p.offerDraw()
	h.play("e7e5") // Black plays on: the offer lapses (FIDE 9.1.2.3)
	if _, pending := h.s.Game().DrawOffer(); pending || h.p.v.banner.strip.Visible() {
		t.Errorf("the offer stands after Black's move: pending %v, banner %v", pending, h.p.v.banner.strip.Visible())
	}
}

func TestResign(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	h.p.askResign()
	h.TapButton("White resigns")
	if s := h.s.Game().Status(); s != (game.Status{Result: game.BlackWins, Reason: game.Resignation}) {
		t.Errorf("status = %v", s)
	}
	h.wantGameOver("White resigned: Black wins")
	if h.p.v.board.Legal != nil {
		t.Error("the board still takes moves after the game")
	}
}

func TestFlagFall(t *testing.T) {
	h := newHarness(t)
	g := h.newGame("", "60")
	h.play("e2e4")
	h.Clock.Advance(59 * time.Second)
	h.p.Tick()
	if g.Status().Over() {
		t.Fatal("flag fell early")
	}
	if got := h.p.v.clocks[game.Black].Remaining; got != time.Second {
		t.Errorf("Black's face shows %v", got)
	}
	h.Clock.Advance(time.Second)
	h.p.Tick()
	if s := g.Status(); s != (game.Status{Result: game.WhiteWins, Reason: game.TimeForfeit}) {
		t.Fatalf("status = %v", s)
	}
	h.wantGameOver("Black ran out of time: White wins")
}

func TestTakeBackRestoresClock(t *testing.T) {
	h := newHarness(t)
	g := h.newGame("", "300")
	h.play("e2e4")
	h.Clock.Advance(10 * time.Second)
	h.play("e7e5")
	h.Clock.Advance(20 * time.Second)
	h.p.takeBack()
	h.WantDialog("take back 1... e5")
	h.TapButton("Allow")
	if h.History() != "e4" {
		t.Fatalf("history = %q", h.History())
	}
	if w, b := g.Remaining(game.White), g.Remaining(game.Black); w != 300*time.Second || b != 290*time.Second {
		t.Errorf("clocks after take-back: %v / %v", w, b)
	}
}

func TestTakeBackRefused(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	h.p.takeBack()
	h.TapButton("Refuse")
	if h.History() != "e4" {
		t.Errorf("history = %q", h.History())
	}
}

func TestBrowsingShowsThePastWithTheBanner(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4 e7e5 g1f3")
	h.Press(fyne.KeyLeft)
	if !h.s.Browsing() || !h.p.v.banner.strip.Visible() {
		t.Fatal("after ← the board must show the past position with the banner")
	}
	if h.s.Shown() != h.s.Game().MainLine()[1] {
		t.Error("← does not show the position after 1... e5")
	}
	h.Press(fyne.KeyHome)
	if h.s.Shown().Parent() != nil {
		t.Error("Home does not show the start position")
	}
	h.Press(fyne.KeyEnd)
	if h.s.Browsing() || h.p.v.banner.strip.Visible() || h.p.v.board.Legal == nil {
		t.Error("End does not return to the game")
	}
}

func TestMoveFromThePastAsksSideLineOrReplace(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4 e7e5 g1f3")
	h.Press(fyne.KeyLeft)
	h.drag("b1", "c3")
	h.WantDialog("Start a side line with this move, or replace the moves that followed?")
	h.TapButton("Cancel")
	if h.History() != "e4 e5 Nf3" || len(h.s.Game().MainLine()[1].Children()) != 1 {
		t.Fatal("Cancel changed the game")
	}
	h.drag("b1", "c3")
	h.TapButton("Start a side line")
	e5 := h.s.Game().MainLine()[1]
	if h.History() != "e4 e5 Nf3" || len(e5.Children()) != 2 {
		t.Fatalf("the side line was not added beside 2. Nf3: history %q", h.History())
	}
	side := e5.Children()[1]
	if side.SAN() != "Nc3" || h.s.Shown() != side {
		t.Errorf("the board should show the side line's 2. Nc3, shows %q", h.s.Shown().SAN())
	}
	if !strings.Contains(h.Autosaved(), "(2. Nc3)") {
		t.Errorf("the autosave lacks the side line:\n%s", h.Autosaved())
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
	if h.History() != "e4 c5" || h.s.Browsing() {
		t.Errorf("after replacing: %q, browsing %v", h.History(), h.s.Browsing())
	}
	if h.s.Game().Turn() != game.White {
		t.Error("White should be to move after 1... c5")
	}
}

func TestMoveListClickShowsPosition(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4 e7e5 g1f3")
	first := h.s.Game().MainLine()[0]
	h.p.v.moves.OnSelect(first)
	if h.s.Shown() != first {
		t.Error("clicking 1. e4 does not show its position")
	}
	if h.p.v.moves.Current() != first {
		t.Error("the move list does not highlight 1. e4")
	}
}

// TestTheMoveListsMenuIsTheNotes: a right click on a move opens the menu
// the annotation room gives for it.
func TestTheMoveListsMenuIsTheNotes(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	n := h.s.Game().MainLine()[0]
	if m := h.p.v.moves.Menu(n); uitest.MenuLabels(m) != "Note" || len(h.notes.asked) != 1 || h.notes.asked[0] != n {
		t.Errorf("the move list's menu of 1. e4: %q, asked of %v", uitest.MenuLabels(m), h.notes.asked)
	}
}

func TestAutoFlip(t *testing.T) {
	h := newHarness(t)
	h.Env.Settings.SetAutoFlip(true)
	h.play("e2e4")
	if !h.p.v.board.Flipped {
		t.Error("the board did not turn to Black")
	}
	h.play("e7e5")
	if h.p.v.board.Flipped {
		t.Error("the board did not turn back to White")
	}
}

// TestAutoFlipFollowsAGameReplaced: with auto-flip on, another game put
// on screen turns the board to its side to move at once, as a move does.
func TestAutoFlipFollowsAGameReplaced(t *testing.T) {
	h := newHarness(t)
	h.Env.Commands.Run(kit.AutoFlip)
	if !h.Env.Settings.AutoFlip() {
		t.Fatal("View ▸ Turn the board after each move did not turn auto-flip on")
	}
	h.newGame("4k3/8/8/8/8/8/8/4K3 b - - 0 1", "-")
	if !h.p.v.board.Flipped {
		t.Error("a new game with Black to move shows White at the bottom")
	}
	h.newGame("", "-")
	if h.p.v.board.Flipped {
		t.Error("a new game with White to move shows Black at the bottom")
	}
}

func TestTheBannerSaysWhatTheGameOverButtonsRun(t *testing.T) {
	h := newHarness(t)
	h.play("f2f3 e7e5 g2g4 d8h4")
	h.tapBanner("Save…")
	h.tapBanner("New game…")
	if h.ran[kit.Save] != 1 || h.ran[kit.NewGame] != 1 {
		t.Errorf("the strip's buttons ran %v", h.ran)
	}
}

func TestAnIllegalDropSaysWhy(t *testing.T) {
	h := newHarness(t)
	h.drag("e2", "e5")
	if got := h.p.v.moveBox.hint.Text; !strings.Contains(got, "cannot move to e5") || h.DialogText() != "" {
		t.Fatalf("move box says %q, dialog %q", got, h.DialogText())
	}
	if h.History() != "" {
		t.Errorf("history %q", h.History())
	}
}

func TestTheMoveListEndsWithTheResult(t *testing.T) {
	h := newHarness(t)
	h.play("f2f3 e7e5 g2g4 d8h4")
	if got := h.p.v.moves.Result(); got != "0-1 · Black wins by checkmate" {
		t.Errorf("the move list ends with %q", got)
	}
}

func TestTheClockFacesShowWhoseTurnItIs(t *testing.T) {
	// Untimed games showed whose turn it was only in the status line.
	h := newHarness(t)
	white, black := h.p.v.clocks[game.White], h.p.v.clocks[game.Black]
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
	h.newGame("", "300d5")
	h.play("e2e4")
	h.Clock.Advance(2 * time.Second)
	h.p.Tick()
	if got := h.p.v.clocks[game.Black].Delay; got != 3*time.Second {
		t.Errorf("after 2 s of a 5 s delay the face shows %v left", got)
	}
}

func TestAGameOpenedFromAFileShowsItsMoveInTheList(t *testing.T) {
	h := newHarness(t)
	path := t.TempDir() + "/long.pgn"
	uitest.WriteFile(t, path, gametest.PGNGame("White=Long", 201))
	h.Open(path)
	l := h.p.v.moves
	pos, ok := l.MovePosition(h.s.Shown())
	if !ok || pos.Y < 0 || pos.Y > l.Size().Height {
		t.Errorf("the move shown is at %v in a list %v high (ok %v)", pos, l.Size().Height, ok)
	}
}

func TestResultsNameThePlayers(t *testing.T) {
	h := newHarness(t)
	g, _ := game.New(game.Options{Now: h.Clock.Now})
	g.SetTag("White", "Ann")
	g.SetTag("Black", "Ben")
	h.s.NewGame(g)
	h.Env.Settings.SetConfirmResign(false)
	h.p.askResign()
	h.wantGameOver("Ann resigned: Ben wins")
}

func TestTheOpeningShownIsNamed(t *testing.T) {
	h := newHarness(t)
	label := h.p.v.opening
	if label.Text != "" {
		t.Errorf("start position named %q", label.Text)
	}
	h.play("e2e4 e7e5 g1f3 b8c6 f1c4")
	if label.Text != "C50 Italian Game" {
		t.Errorf("after 3. Bc4: %q", label.Text)
	}
	h.s.Step(-1)
	if label.Text != "C44 King's Knight Opening: Normal Variation" {
		t.Errorf("the position before, shown: %q", label.Text)
	}
	h.s.ShowLive()
	h.play("a7a6 a2a3 h7h6")
	if label.Text != "C50 Italian Game" {
		t.Errorf("out of the book: %q, want the name of the last position in it", label.Text)
	}
	h.s.ShowStart()
	if label.Text != "" {
		t.Errorf("start position named %q", label.Text)
	}
}

// TestTheClocksAreOneLine: a clock is one line, its name beside its
// digits, 48 px high at most; compact, for a small window, lower still;
// both keep their time.
func TestTheClocksAreOneLine(t *testing.T) {
	h := newHarness(t)
	h.newGame("", "600")
	roomy := h.p.ClockSize(false)
	h.p.SetCompact(true)
	compact := h.p.ClockSize(true)
	if roomy.Height > 48 || compact.Height >= roomy.Height {
		t.Errorf("a clock is %v high, a compact one %v", roomy.Height, compact.Height)
	}
	for _, c := range h.p.v.clocks {
		if !c.Compact || c.MinSize() != compact || c.Remaining != 10*time.Minute {
			t.Errorf("the %v clock: compact %v, %v, shows %v", c.Color, c.Compact, c.MinSize(), c.Remaining)
		}
	}
	h.p.SetCompact(false)
	if c := h.p.v.clocks[game.White]; c.Compact || c.MinSize() != roomy {
		t.Errorf("the clock is not whole again: %v", c.MinSize())
	}
}

// TestAPastPositionShowsItsRecordedClocks: browsing a game with its
// clocks, the clocks show the times recorded at the move shown ([%clk]),
// marked as such, and the game's own again at its end. They showed the
// final times at every move.
func TestAPastPositionShowsItsRecordedClocks(t *testing.T) {
	h := newHarness(t)
	path := t.TempDir() + "/g.pgn"
	uitest.WriteFile(t, path, uitest.FortyMoveGame())
	h.Open(path)
	white, black := h.p.v.clocks[game.White], h.p.v.clocks[game.Black]
	live := [2]time.Duration{white.Remaining, black.Remaining}
	if white.Recorded || black.Recorded {
		t.Error("the game's own clocks are marked as a past position's")
	}
	line := h.s.Game().MainLine()
	for _, c := range []struct {
		n            *game.Node
		white, black time.Duration
	}{
		{line[2], 9*time.Minute + 57*time.Second, 9*time.Minute + 58*time.Second}, // after 2. Nf3
		{line[3], 9*time.Minute + 57*time.Second, 9*time.Minute + 56*time.Second}, // after 2... Nf6
		{h.s.Game().Root(), 10 * time.Minute, 10 * time.Minute},
	} {
		h.s.Show(c.n)
		if white.Remaining != c.white || black.Remaining != c.black || !white.Recorded || !black.Recorded || white.Running || black.Running {
			t.Errorf("after %q the clocks show %v and %v (recorded %v %v), want %v and %v", c.n.SAN(),
				white.Remaining, black.Remaining, white.Recorded, black.Recorded, c.white, c.black)
		}
		if toMove := c.n.Position().Turn; white.ToMove != (toMove == game.White) || black.ToMove != (toMove == game.Black) {
			t.Errorf("after %q the side to move is not the one marked", c.n.SAN())
		}
	}
	h.s.ShowLive()
	if white.Remaining != live[0] || black.Remaining != live[1] || white.Recorded || black.Recorded {
		t.Errorf("at the end the clocks show %v and %v (recorded %v %v), want the game's %v", white.Remaining, black.Remaining,
			white.Recorded, black.Recorded, live)
	}
}

// TestTheOpeningIsNamedInFrench: in French the opening's name is French
// ("Sicilian Defense: Dragon Variation" stayed English).
func TestTheOpeningIsNamedInFrench(t *testing.T) {
	h := newHarness(t)
	locale := words.SystemLocale()
	t.Cleanup(func() { locale.Use("") })
	h.Env.Language, _ = locale.Use("fr")
	h.play("e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 g7g6")
	if got := h.p.v.opening.Text; got != "B70 Défense sicilienne\u00a0: variante du Dragon" {
		t.Errorf("the opening in French is %q", got)
	}
	h.Env.Language, _ = locale.Use("en")
	h.p.Refresh()
	if got := h.p.v.opening.Text; got != "B70 Sicilian Defense: Dragon Variation" {
		t.Errorf("the opening in English is %q", got)
	}
}

func TestAMoveOnPausedClocksIsRefusedInTheStatusLine(t *testing.T) {
	h := newHarness(t)
	g := h.newGame("", "300")
	if got := h.Env.Status.Text(); got != "White to move — the clocks start with the first move" {
		t.Errorf("after New game the status line says %q", got)
	}
	if label, _ := h.p.pauseLook(); label != "Start clocks" || h.p.v.clocks[game.White].Paused {
		t.Errorf("waiting for the first move: the button says %q, White's face paused %v", label, h.p.v.clocks[game.White].Paused)
	}
	h.play("e2e4")
	h.Env.Commands.Run(kit.Pause)
	h.play("e7e5")
	if h.History() != "e4" || g.Turn() != game.Black {
		t.Fatalf("a move on paused clocks was played: %q", h.History())
	}
	if got := h.Env.Status.Text(); got != "The clocks are paused: resume them to play" {
		t.Errorf("the status line says %q", got)
	}
	if h.Env.Dialogs.Shown() {
		t.Errorf("a dialog was shown: %q", h.DialogText())
	}
	h.Env.Commands.Run(kit.Pause)
	if got := h.Env.Status.Text(); strings.Contains(got, "paused") {
		t.Errorf("after resuming, the status line still says %q", got)
	}
	h.play("e7e5")
	if h.History() != "e4 e5" {
		t.Errorf("after resuming: %q", h.History())
	}
}
