package play

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
)

func TestPlayTheBoardByKeyboardAlone(t *testing.T) {
	h := newHarness(t)
	h.Shortcut(kit.KeyboardBoard)
	b := h.p.v.board
	if h.Env.Window.Canvas().Focused() != b {
		t.Fatal("Ctrl+B should give the keyboard to the board")
	}
	// The cursor starts on White's king (e1): up one, space picks up the
	// e2 pawn; up two, space puts it on e4.
	h.Press(fyne.KeyUp, fyne.KeySpace, fyne.KeyUp, fyne.KeyUp, fyne.KeySpace)
	if h.History() != "e4" {
		t.Fatalf("after ↑ Space ↑ ↑ Space: %q (cursor on %v)", h.History(), b.Cursor())
	}
	// Black: the cursor stays where it was (e4); up three, pick up e7,
	// down two, drop on e5.
	h.Press(fyne.KeyUp, fyne.KeyUp, fyne.KeyUp, fyne.KeyReturn, fyne.KeyDown, fyne.KeyDown, fyne.KeyReturn)
	if h.History() != "e4 e5" {
		t.Fatalf("Black's keyboard move gave %q (cursor on %v)", h.History(), b.Cursor())
	}
	// Escape puts a picked-up piece down, then gives the keyboard back to
	// the window, where ← steps back through the game. The cursor is on
	// e5; down three and left one is d2.
	h.Press(fyne.KeyDown, fyne.KeyDown, fyne.KeyDown, fyne.KeyLeft, fyne.KeySpace)
	if b.Selected() != uitest.Square("d2") {
		t.Fatalf("Space on d2 should pick up the pawn (cursor on %v)", b.Cursor())
	}
	h.Press(fyne.KeyEscape)
	if b.Selected() != game.NoSquare {
		t.Error("Escape did not put the piece down")
	}
	h.Press(fyne.KeyEscape, fyne.KeyLeft)
	if h.s.Shown() != h.s.Game().MainLine()[0] {
		t.Error("after leaving the board, ← should show the position after 1. e4")
	}
}

// TestTheKeyboardBoardSaysHowToLeaveIt: while the board has the
// keyboard, the status line says so and how to give it back; a click on
// the board or on a button gives typing back to the move box. Typed moves
// were swallowed, with nothing said.
func TestTheKeyboardBoardSaysHowToLeaveIt(t *testing.T) {
	h := newHarness(t)
	c := h.Env.Window.Canvas()
	for _, leave := range []struct {
		how string
		do  func()
	}{
		{"Escape", func() { h.Press(fyne.KeyEscape) }},
		{"a click on the board", func() { test.Tap(h.p.v.board) }},
		{"a click on a button", func() { test.Tap(h.button(kit.Flip)) }},
	} {
		h.Shortcut(kit.KeyboardBoard)
		if !strings.Contains(h.statusText(), "The board has the keyboard") || !strings.Contains(h.statusText(), "Escape") {
			t.Fatalf("the status line says %q while the board has the keyboard", h.statusText())
		}
		if why := h.Env.Commands.Refused(kit.KeyboardBoard); why == "" {
			t.Error("Ctrl+B again is not refused with the reason")
		}
		leave.do()
		if c.Focused() == h.p.v.board || strings.Contains(h.statusText(), "The board has the keyboard") {
			t.Errorf("after %s: focused %v, status %q", leave.how, c.Focused(), h.statusText())
		}
		c.OnTypedRune()('e')
		if c.Focused() != h.p.v.moveBox.entry || h.p.v.moveBox.entry.Text != "e" {
			t.Errorf("after %s, typing does not go to the move box: %q", leave.how, h.p.v.moveBox.entry.Text)
		}
		h.p.v.moveBox.clear()
	}
}

// TestThePromotionChooserTakesLetters: however the chooser was opened, by
// the mouse too, Q, R, B, N choose the piece, and in French D, T, F, C.
// The letters went to the move box.
func TestThePromotionChooserTakesLetters(t *testing.T) {
	for _, tt := range []struct {
		notation game.Notation
		letter   rune
		want     string
	}{
		{game.EnglishSAN, 'n', "e8=N"},
		{game.EnglishSAN, 'R', "e8=R"},
		{game.FrenchSAN, 'c', "e8=N"},
		{game.FrenchSAN, 'T', "e8=R"},
		{game.FrenchSAN, 'F', "e8=B"},
		{game.FrenchSAN, 'D', "e8=Q"},
	} {
		h := newHarness(t)
		h.Env.Settings.SetNotation(tt.notation)
		h.loadFEN("7k/4P3/8/8/8/8/8/K7 w - - 0 1")
		h.drag("e7", "e8")
		if !h.p.v.board.Promoting() {
			t.Fatal("no promotion chooser")
		}
		h.Env.Window.Canvas().OnTypedRune()(tt.letter)
		if strings.TrimSuffix(h.History(), "+") != tt.want || h.p.v.moveBox.entry.Text != "" {
			t.Errorf("%q in %v: history %q, move box %q", tt.letter, tt.notation, h.History(), h.p.v.moveBox.entry.Text)
		}
	}
}

// TestRefusedCommandsSayWhy: a command that cannot run now says why in
// the status line when its shortcut is pressed.
func TestRefusedCommandsSayWhy(t *testing.T) {
	h := newHarness(t)
	h.Shortcut(kit.TakeBack)
	if got := h.statusText(); got != "There is no move to take back." {
		t.Errorf("Ctrl+Z before any move says %q", got)
	}
	if h.DialogText() != "" {
		t.Errorf("a dialog opened: %s", h.DialogText())
	}
	h.play("e2e4")
	if got := h.statusText(); strings.Contains(got, "no move to take back") {
		t.Errorf("a move did not clear what the status line said: %q", got)
	}
}

// TestTakeBackFollowsOneRuleAfterEveryEnding: a game that ended, however
// it ended, takes its last move back, and with it its end; it used to be
// offered after a checkmate but not after a claimed draw.
func TestTakeBackFollowsOneRuleAfterEveryEnding(t *testing.T) {
	endings := map[string]func(h *harness){
		"checkmate": func(h *harness) { h.play("f2f3 e7e5 g2g4 d8h4") },
		"a draw claimed with the move": func(h *harness) {
			h.play("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1")
			h.drag("f6", "g8")
			h.TapButton("Claim a draw")
		},
		"a draw claimed": func(h *harness) {
			h.play("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8")
			h.TapButton("Just play the move")
			h.p.claimDraw()
			h.TapButton("Claim a draw")
		},
		"resignation": func(h *harness) {
			h.play("e2e4")
			h.Env.Settings.SetConfirmResign(false)
			h.p.askResign()
		},
		"agreement": func(h *harness) {
			h.play("e2e4")
			h.p.offerDraw()
			h.tapBanner("Accept the draw")
		},
	}
	for name, end := range endings {
		h := newHarness(t)
		end(h)
		if !h.s.Game().Status().Over() {
			t.Fatalf("%s: the game goes on", name)
		}
		before := len(h.s.Game().History())
		if h.button(kit.TakeBack).Disabled() {
			t.Errorf("after %s, Take back is disabled", name)
			continue
		}
		h.p.takeBack()
		h.TapButton("Allow")
		if h.s.Game().Status().Over() || len(h.s.Game().History()) != before-1 {
			t.Errorf("after %s and a take back: %v, %q (was %d moves)", name, h.s.Game().Status(), h.History(), before)
		}
	}
}
