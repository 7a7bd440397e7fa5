package newgame

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/app/ui/words"
)

func TestNewGameDialogStartsATimedGame(t *testing.T) {
	h := newHarness(t)
	h.Env.Commands.Run(kit.NewGame)
	h.WantDialog("New game")
	entries, selects := h.DialogFields()
	entries[0].SetText("Alice")
	entries[1].SetText("Bob")
	selects[preset].SetSelectedIndex(1) // 3 + 2
	h.TapButton("Start")
	g := h.Env.Session.Game()
	if g.Tag("White") != "Alice" || g.Tag("Black") != "Bob" {
		t.Errorf("names = %q, %q", g.Tag("White"), g.Tag("Black"))
	}
	if got := g.TimeControl().String(); got != "180+2" {
		t.Errorf("time control = %s", got)
	}
	h.Clock.Advance(time.Minute)
	if g.Remaining(game.White) != 3*time.Minute || !h.Env.Session.Waiting() {
		t.Errorf("White's clock a minute after Start: %v, waiting for the first move %v", g.Remaining(game.White), h.Env.Session.Waiting())
	}
	if w, b := h.Env.Settings.PlayerNames(); w != "Alice" || b != "Bob" {
		t.Errorf("names not remembered: %q %q", w, b)
	}
	if h.leave.asked != 1 {
		t.Errorf("the game on screen was asked about %d times", h.leave.asked)
	}
}

func TestNewGameDialogRefusesABadFEN(t *testing.T) {
	h := newHarness(t)
	h.Env.Commands.Run(kit.NewGame)
	fen, ok := uitest.Find(h.Top(), func(e *kit.Entry) bool { return e.PlaceHolder == game.StartFEN })
	if !ok {
		t.Fatal("no FEN field")
	}
	test.Type(fen, "8/8/8/8/8/8/8/8 w - - 0 1")
	if err := fen.Validate(); err == nil || !strings.Contains(err.Error(), "king") {
		t.Errorf("a FEN without kings validates: %v", err)
	}
	fen.SetText("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	if err := fen.Validate(); err != nil {
		t.Errorf("a good FEN is refused: %v", err)
	}
	h.TapButton("Start")
	if got := h.Env.Session.Game().FEN(); got != "4k3/8/8/8/8/8/8/4K2R w K - 0 1" {
		t.Errorf("game starts from %s", got)
	}
}

func TestNewGameRemembersTheCustomTimeControl(t *testing.T) {
	h := newHarness(t)
	h.Env.Commands.Run(kit.NewGame)
	_, selects := h.DialogFields()
	selects[preset].SetSelectedIndex(len(selects[preset].Options) - 1) // custom
	selects[presetKind].SetSelectedIndex(words.KindHourglass)
	entries, _ := h.DialogFields()
	entries[2].SetText("3") // minutes
	h.TapButton("Start")
	if got := h.Env.Session.Game().TimeControl().String(); got != "*180" {
		t.Fatalf("hourglass of 3 minutes: %q", got)
	}
	h.Env.Commands.Run(kit.NewGame)
	entries, selects = h.DialogFields()
	if selects[preset].SelectedIndex() != len(selects[preset].Options)-1 || selects[presetKind].SelectedIndex() != words.KindHourglass || entries[2].Text != "3" {
		t.Errorf("the dialog does not offer the custom control again: preset %d, kind %d, minutes %q",
			selects[preset].SelectedIndex(), selects[presetKind].SelectedIndex(), entries[2].Text)
	}
}

func TestNewGameDialogRefusesATimeControlWithoutTime(t *testing.T) {
	h := newHarness(t)
	h.Play("e2e4")
	h.Env.Commands.Run(kit.NewGame)
	entries, selects := h.DialogFields()
	selects[preset].SetSelectedIndex(len(selects[preset].Options) - 1) // custom
	entries[2].SetText("0")                                            // minutes
	entries[3].SetText("0")                                            // seconds a move
	h.TapButton("Start")
	h.WantDialog("A timed game needs some time")
	if h.History() != "e4" {
		t.Error("a refused new game replaced the game")
	}
}

// TestEnterInANameStartsTheGame: Enter in a text field of the dialog is
// its default button, Start; Escape in any of its controls closes it.
// Enter did nothing.
func TestEnterInANameStartsTheGame(t *testing.T) {
	h := newHarness(t)
	h.Env.Commands.Run(kit.NewGame)
	entries, _ := h.DialogFields()
	entries[0].SetText("Alice")
	h.Env.Window.Canvas().Focus(h.focusable(entries[0]))
	h.Press(fyne.KeyReturn)
	if h.DialogText() != "" || h.Env.Session.Game().Tag("White") != "Alice" {
		t.Fatalf("Enter in White's name: dialog %q, White %q", h.DialogText(), h.Env.Session.Game().Tag("White"))
	}
	h.Env.Commands.Run(kit.NewGame)
	_, selects := h.DialogFields()
	list, _ := uitest.Find(h.Top(), func(s *kit.Select) bool { return &s.Select == selects[preset] })
	test.Tap(list)          // the list opens, and takes the keyboard
	h.Press(fyne.KeyEscape) // closes the list
	h.Env.Window.Canvas().Focus(list)
	h.Press(fyne.KeyEscape) // closes the dialog
	if h.DialogText() != "" {
		t.Errorf("Escape on the time control's list left the dialog: %s", h.DialogText())
	}
}

// focusable is the kit field that embeds e.
func (h *harness) focusable(e fyne.CanvasObject) fyne.Focusable {
	f, _ := uitest.Find(h.Top(), func(k *kit.Entry) bool { return fyne.CanvasObject(&k.Entry) == e })
	return f
}

// TestTheNewGameFormSaysWhatIsWrongWithAFEN: the FEN field of the New
// game dialog refuses a position with the words of the error.
func TestTheNewGameFormSaysWhatIsWrongWithAFEN(t *testing.T) {
	uitest.InEnglish(t)
	for _, fen := range []string{"8/8 w", "4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"} {
		_, err := game.ParseFEN(fen)
		if got := validateFEN(fen); got == nil || got.Error() != words.Error(err) || !strings.HasPrefix(got.Error(), "Invalid FEN: ") {
			t.Errorf("%s: the new game form says %v", fen, got)
		}
	}
}

// TestTheSetUpBoardSpeaksOfThePosition: the set-up board says what is
// wrong with the position, not with a FEN the user never typed.
func TestTheSetUpBoardSpeaksOfThePosition(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	e := h.r.showSetup(position(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"))
	e.selectBrush(game.NewPiece(game.White, game.Pawn))
	e.tap(uitest.Square("a1"))
	if got := e.reason.Text; got != "A pawn stands on a1; pawns never stand on rank 1 or 8" {
		t.Errorf("the set-up board says %q", got)
	}
}
