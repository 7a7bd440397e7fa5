package play

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/app/ui/words"
	"github.com/echiquier/echiquier/settings"
)

func TestTypedMovesPlay(t *testing.T) {
	h := newHarness(t)
	for _, m := range []string{"e4", "e7e5", "cf3", "Cc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"} {
		h.typeMove(m)
	}
	if got := h.History(); got != "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O" {
		t.Errorf("typed moves gave %q", got)
	}
	if h.p.v.moveBox.entry.Text != "" {
		t.Error("the box should empty once the move is played")
	}
	if h.Env.Window.Canvas().Focused() != nil {
		t.Error("the box should give up the keyboard once the move is played")
	}
}

func TestTypedIllegalMoveSaysWhy(t *testing.T) {
	h := newHarness(t)
	h.typeMove("Qh5")
	if h.History() != "" {
		t.Fatalf("an illegal move was played: %q", h.History())
	}
	if hint := h.p.v.moveBox.hint.Text; !strings.Contains(hint, "queen") {
		t.Errorf("the error does not say why: %q", hint)
	}
	if h.p.v.moveBox.entry.Text != "Qh5" {
		t.Error("the refused text should stay in the box to be corrected")
	}
}

func TestMoveBoxCompletes(t *testing.T) {
	h := newHarness(t)
	e := h.p.v.moveBox.entry
	test.Type(e, "N")
	if hint := h.p.v.moveBox.hint.Text; hint != "Na3  Nc3  Nf3  Nh3" {
		t.Errorf("completions of N: %q", hint)
	}
	test.Type(e, "f")
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyTab})
	if e.Text != "Nf3" {
		t.Errorf("Tab completed to %q", e.Text)
	}
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if h.History() != "Nf3" {
		t.Errorf("history %q", h.History())
	}
}

func TestMoveBoxFollowsTheNotation(t *testing.T) {
	h := newHarness(t)
	h.Env.Settings.SetNotation(game.FrenchSAN)
	test.Type(h.p.v.moveBox.entry, "c")
	if hint := h.p.v.moveBox.hint.Text; !strings.Contains(hint, "Cf3") || !strings.Contains(hint, "c4") {
		t.Errorf("French completions of c: %q", hint)
	}
	h.p.v.moveBox.entry.SetText("")
	h.play("e2e4 e7e5")
	h.typeMove("Rf1")
	if h.History() != "e4 e5" {
		t.Error("Rf1 is the king's move in French, and the king cannot go to f1 yet")
	}
	h.typeMove("Re2")
	if h.History() != "e4 e5 Ke2" {
		t.Errorf("French Re2 gave %q", h.History())
	}
}

// rooksAndKing is a position where "Rf1" names a rook's move in English
// and the king's (roi) in French.
const rooksAndKing = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"

// loadFEN shows a new game from a position.
func (h *harness) loadFEN(fen string) {
	h.t.Helper()
	h.newGame(fen, "-")
}

func TestTypedMoveReadInTheNotationOfTheList(t *testing.T) {
	for _, tt := range []struct {
		notation game.Notation
		want     string
	}{
		{game.EnglishSAN, "Rf1"}, // the rook
		{game.FrenchSAN, "Kf1"},  // the king (roi)
	} {
		h := newHarness(t)
		h.loadFEN(rooksAndKing)
		h.Env.Settings.SetNotation(tt.notation)
		h.typeMove("Rf1")
		if got := h.History(); got != tt.want {
			t.Errorf("Rf1 typed with the list in %s played %q, want %s", tt.notation, got, tt.want)
		}
	}
}

func TestTabCompletesWholeFigurines(t *testing.T) {
	h := newHarness(t)
	h.loadFEN(rooksAndKing)
	h.Env.Settings.SetNotation(game.FigurineSAN)
	e := h.p.v.moveBox.entry
	test.Type(e, "R") // the rooks' moves, ♖, and the king's (roi), ♔
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyTab})
	if e.Text != "R" {
		t.Errorf("Tab turned R, begun by ♖ and ♔ moves alike, into %q", e.Text)
	}
}

func TestTypingWithNothingFocusedFillsTheMoveBox(t *testing.T) {
	h := newHarness(t)
	h.Env.Window.Canvas().Unfocus()
	h.p.TypedRune('e')
	if h.Env.Window.Canvas().Focused() != h.p.v.moveBox.entry || h.p.v.moveBox.entry.Text != "e" {
		t.Errorf("typing should focus the move box with the key typed: %q", h.p.v.moveBox.entry.Text)
	}
}

func TestTouchMove(t *testing.T) {
	h := newHarness(t)
	h.Env.Settings.SetTouchMove(true)
	h.s.SetTouchMove(h.Env.Settings.TouchMove())
	h.p.Refresh()
	b := h.p.v.board
	h.tapSquare("e2")
	if b.Locked != uitest.Square("e2") {
		t.Fatalf("touching e2 should lock it, locked %v", b.Locked)
	}
	h.tapSquare("g1")
	if b.Selected() != uitest.Square("e2") {
		t.Error("another piece was picked up while e2 was touched")
	}
	if !strings.Contains(h.statusText(), "e2") {
		t.Errorf("the status should say the touched piece must move: %q", h.statusText())
	}
	h.tapSquare("e4")
	if h.History() != "e4" {
		t.Fatalf("history %q", h.History())
	}
	if b.Locked != game.NoSquare {
		t.Error("the lock should end with the move")
	}
	h.tapSquare("g8")
	h.tapSquare("b8")
	if b.Selected() != uitest.Square("g8") {
		t.Error("Black's touched knight should stay picked up")
	}
}

func TestTouchMoveOffLetsPiecesGo(t *testing.T) {
	h := newHarness(t)
	h.tapSquare("e2")
	h.tapSquare("g1")
	if h.p.v.board.Selected() != uitest.Square("g1") {
		t.Error("without touch-move another piece may be picked up")
	}
}

func TestMoveBoxReadsCastlingWithZerosAndClearsOnEscape(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6")
	e := h.p.v.moveBox.entry
	test.Type(e, "0-0")
	if got := h.p.v.moveBox.hint.Text; !strings.Contains(got, "O-O") {
		t.Errorf("the hint for 0-0 says %q", got)
	}
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if e.Text != "" || h.Env.Window.Canvas().Focused() == e {
		t.Errorf("Escape left %q in the box, focused %v", e.Text, h.Env.Window.Canvas().Focused() == e)
	}
	h.typeMove("0-0")
	if !strings.HasSuffix(h.History(), "O-O") {
		t.Errorf("0-0 played %q", h.History())
	}
}

func TestMoveBoxMessagesDoNotMoveTheButtons(t *testing.T) {
	h := newHarness(t)
	button := func() fyne.Position {
		return h.Env.App.Driver().AbsolutePositionForObject(h.button(kit.TakeBack))
	}
	before := button()
	h.typeMove("Nf4") // illegal: a message under the box
	if h.p.v.moveBox.hint.Text == "" {
		t.Fatal("no message")
	}
	if after := button(); after != before {
		t.Errorf("the buttons moved from %v to %v", before, after)
	}
}

func TestTouchingAnOpponentsPieceOnTheBoard(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4 d7d5")
	h.Env.Settings.SetTouchMove(true)
	h.Env.Settings.SetMoveInput(settings.MoveByClick)
	h.s.SetTouchMove(h.Env.Settings.TouchMove())
	h.p.Refresh()
	h.tapSquare("d5") // Black's pawn, which exd5 captures
	if !strings.Contains(h.statusText(), "must capture") {
		t.Errorf("status: %q", h.statusText())
	}
	for _, m := range h.p.v.board.Legal {
		if m.To != uitest.Square("d5") {
			t.Fatalf("the board still offers %v", m)
		}
	}
	h.typeMove("e5")
	if h.History() != "e4 d5" {
		t.Errorf("a typed move escaped the obligation: %q", h.History())
	}
}

func TestErrorsShownInWords(t *testing.T) {
	h := newHarness(t)
	uitest.InEnglish(t)
	h.typeMove("Nf4")
	if got, want := h.p.v.moveBox.hint.Text, "Illegal move “Nf4”: no white knight can move to f4"; got != want {
		t.Errorf("the move box says %q, want %q", got, want)
	}
	h.Env.ShowError(game.ErrNoMoves)
	h.WantDialog("There is no move to take back")
}

// TestMoveBoxTakesNoMoreThanAMove: the box takes the longest move text,
// and says why it takes no more, under it, in the place of its hints.
func TestMoveBoxTakesNoMoreThanAMove(t *testing.T) {
	h := newHarness(t)
	h.Env.Window.Canvas().Unfocus()
	for _, r := range strings.Repeat("e", game.MaxMoveText+5) {
		h.p.TypedRune(r)
	}
	mb := h.p.v.moveBox
	if n := len(mb.entry.Text); n != game.MaxMoveText {
		t.Errorf("the box took %d characters, want %d", n, game.MaxMoveText)
	}
	if want := words.FieldFull(game.MaxMoveText); mb.hint.Text != want {
		t.Errorf("the box says %q, want %q", mb.hint.Text, want)
	}
}
