package play

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
)

// TestARefusedMoveIsForgottenAtTheNextMove: the move box's word on a
// piece dropped where it cannot go goes once a move is made, however it
// is made: dragged, on the keyboard board, or from another room.
func TestARefusedMoveIsForgottenAtTheNextMove(t *testing.T) {
	for name, move := range map[string]func(h *harness){
		"dragged": func(h *harness) { h.play("e1e2") },
		"on the keyboard board": func(h *harness) {
			h.Shortcut(kit.KeyboardBoard) // the cursor starts on the king
			h.Press(fyne.KeySpace, fyne.KeyUp, fyne.KeySpace, fyne.KeyEscape)
		},
		"from the opening tree": func(h *harness) { h.p.Move(game.Move{From: uitest.Square("e1"), To: uitest.Square("e2")}) },
	} {
		h := newHarness(t)
		h.play("e2e4 e7e5")
		h.drag("d1", "d5") // the d2 pawn is in the way
		hint := h.p.v.moveBox.hint
		if hint.Importance != widget.DangerImportance || hint.Text == "" {
			t.Fatalf("%s: no word on the refused move: %q", name, hint.Text)
		}
		move(h)
		if h.History() != "e4 e5 Ke2" {
			t.Fatalf("%s: the move was not made: %q", name, h.History())
		}
		if hint.Text != "" {
			t.Errorf("%s: the refused move is still told after the next move: %q", name, hint.Text)
		}
	}
}

// finished is a game read from a file, over, between named players.
const finished = `[White "Anand"]
[Black "Bacrot"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
`

func TestTheStatusLineSpeaksOfThePositionShown(t *testing.T) {
	h := newHarness(t)
	h.OpenText(finished)
	if got := h.statusText(); got != "White wins by checkmate" {
		t.Errorf("at the end: %q", got)
	}
	h.s.Show(h.s.Game().MainLine()[1]) // after 1... e5
	if got, want := h.statusText(), "White to move (Anand) — a move made here starts a side line"; got != want {
		t.Errorf("after 1... e5: %q, want %q", got, want)
	}
	h.s.Show(h.s.Game().MainLine()[4]) // after 3. Bc4
	if got, want := h.statusText(), "Black to move (Bacrot) — a move made here starts a side line"; got != want {
		t.Errorf("after 3. Bc4: %q, want %q", got, want)
	}
	h.s.ShowLive()
	h.s.Show(h.s.Game().MainLine()[6]) // after 4. Qxf7#: the game's end
	if got := h.statusText(); got != "White wins by checkmate" {
		t.Errorf("after the last move: %q", got)
	}
}

func TestAGameReadFromAFileIsEditedNotPlayed(t *testing.T) {
	h := newHarness(t)
	h.OpenText(finished)
	if b := h.p.v.banner; b.strip.Visible() {
		t.Errorf("the game read shows %q above the board", b.text.Text)
	}
	h.Shortcut(kit.TakeBack)
	if got := h.DialogText(); got != "" {
		t.Fatalf("the take back asks: %s", got)
	}
	if h.History() != "e4 e5 Qh5 Nc6 Bc4 Nf6" || h.s.Game().Status().Over() {
		t.Fatalf("after the take back: %q %v", h.History(), h.s.Game().Status())
	}
	if got, want := h.statusText(), "4. Qxf7# taken back: Ctrl+Y puts it back."; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	h.Shortcut(kit.PutBack)
	if h.History() != "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#" || !h.s.Game().Status().Over() {
		t.Fatalf("after putting it back: %q %v", h.History(), h.s.Game().Status())
	}
	if b := h.p.v.banner; b.strip.Visible() {
		t.Errorf("the game read shows %q above the board once the move is put back", b.text.Text)
	}
	if why := h.Env.Commands.Refused(kit.PutBack); why != "No move was taken back." {
		t.Errorf("a second put back: %q", why)
	}

	// A game read that goes on: no one is there to offer, claim or
	// resign; Play this game on gives it back to its players.
	h.OpenText("[White \"Anand\"]\n[Black \"Bacrot\"]\n\n1. e4 e5 *\n")
	for _, id := range []kit.ID{kit.OfferDraw, kit.ClaimDraw, kit.Resign} {
		if why := h.Env.Commands.Refused(id); !strings.HasPrefix(why, "No one is playing this game") || !strings.Contains(why, "Play this game on") {
			t.Errorf("%s in a game read: %q", id, why)
		}
	}
	h.Env.Commands.Run(kit.PlayOn)
	h.Shortcut(kit.TakeBack)
	h.WantDialog("Anand, do you allow Bacrot to take back 1... e5?")
}

func TestAGameReadFromAFileAsksNoTakeBackQuestion(t *testing.T) {
	h := newHarness(t)
	h.OpenText(`[White "Corzo y Prinzipe, Juan"]
[Black "Capablanca, Jose Raul"]
[Result "0-1"]

1. e4 e5 2. Nf3 Nc6 0-1
`)
	h.Shortcut(kit.TakeBack)
	if got := h.DialogText(); got != "" {
		t.Fatalf("the take back asks: %s", got)
	}
	if h.History() != "e4 e5 Nf3" {
		t.Errorf("history %q", h.History())
	}
}

// TestQuestionsTheEndMakesMootClose: a question about the game on screen
// closes when the flag falls while it is asked, its Cancel run (a piece
// dragged goes back); the promotion chooser too.
func TestQuestionsTheEndMakesMootClose(t *testing.T) {
	dance := "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1"
	for name, ask := range map[string]func(h *harness){
		"claim with the move": func(h *harness) { h.play(dance + " f6g8") },
		"claim": func(h *harness) {
			h.play(dance + " f6g8")
			h.TapButton("Just play the move")
			h.Env.Commands.Run(kit.ClaimDraw)
		},
		"take back":  func(h *harness) { h.play("e2e4"); h.Shortcut(kit.TakeBack) },
		"resign":     func(h *harness) { h.play("e2e4"); h.Env.Commands.Run(kit.Resign) },
		"draw offer": func(h *harness) { h.play("e2e4"); h.Env.Commands.Run(kit.OfferDraw) },
		"side line": func(h *harness) {
			h.play("e2e4 e7e5")
			h.s.Show(h.s.Game().MainLine()[0])
			h.play("c7c5")
		},
	} {
		h := newHarness(t)
		h.Env.Settings.SetConfirmDrawOffer(true)
		h.newGame("", "60")
		ask(h)
		if h.DialogText() == "" {
			t.Fatalf("%s: no question asked", name)
		}
		h.Clock.Advance(2 * time.Minute)
		h.p.Tick()
		if st := h.s.Game().Status(); st.Reason != game.TimeForfeit {
			t.Fatalf("%s: the flag did not fall: %v", name, st)
		}
		if got := h.DialogText(); got != "" {
			t.Errorf("%s: the question stays once the flag fell: %s", name, got)
		}
		if h.Env.Dialogs.Shown() {
			t.Errorf("%s: a dialog is still counted as shown", name)
		}
	}

	h := newHarness(t)
	h.newGame("8/4P3/8/8/8/8/8/k6K b - - 0 1", "60")
	h.play("a1a2")
	h.drag("e7", "e8")
	if !h.p.v.board.Promoting() {
		t.Fatal("no promotion chooser")
	}
	h.Clock.Advance(2 * time.Minute)
	h.p.Tick()
	if h.p.v.board.Promoting() {
		t.Error("the promotion chooser stays once the flag fell")
	}
}

// TestADrawIsWrittenOneWayOnScreen: the move list writes a draw's result
// as the header does, "½-½"; the file keeps "1/2-1/2".
func TestADrawIsWrittenOneWayOnScreen(t *testing.T) {
	h := newHarness(t)
	h.OpenText("[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n")
	if got := h.p.v.moves.Result(); !strings.HasPrefix(got, "½-½ · ") {
		t.Errorf("the move list ends with %q", got)
	}
}
