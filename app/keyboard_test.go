package app

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/game"
)

// press sends keys to whatever has the keyboard focus, or to the window.
func (h *harness) press(keys ...fyne.KeyName) {
	h.t.Helper()
	for _, k := range keys {
		ev := &fyne.KeyEvent{Name: k}
		if f := h.app.win.Canvas().Focused(); f != nil {
			f.TypedKey(ev)
		} else {
			h.app.typedKey(ev)
		}
	}
}

func TestPlayTheBoardByKeyboardAlone(t *testing.T) {
	h := newHarness(t)
	h.app.focusBoard()
	b := h.app.ui.board
	if h.app.win.Canvas().Focused() != b {
		t.Fatal("Ctrl+B should give the keyboard to the board")
	}
	// The cursor starts on White's king (e1): up one, space picks up the
	// e2 pawn; up two, space puts it on e4.
	h.press(fyne.KeyUp, fyne.KeySpace, fyne.KeyUp, fyne.KeyUp, fyne.KeySpace)
	if h.history() != "e4" {
		t.Fatalf("after ↑ Space ↑ ↑ Space: %q (cursor on %v)", h.history(), b.Cursor())
	}
	// Black: the cursor stays where it was (e4); up three, pick up e7,
	// down two, drop on e5.
	h.press(fyne.KeyUp, fyne.KeyUp, fyne.KeyUp, fyne.KeyReturn, fyne.KeyDown, fyne.KeyDown, fyne.KeyReturn)
	if h.history() != "e4 e5" {
		t.Fatalf("Black's keyboard move gave %q (cursor on %v)", h.history(), b.Cursor())
	}
	// Escape puts a picked-up piece down, then gives the keyboard back to
	// the window, where ← steps back through the game. The cursor is on
	// e5; down three and left one is d2.
	h.press(fyne.KeyDown, fyne.KeyDown, fyne.KeyDown, fyne.KeyLeft, fyne.KeySpace)
	if b.Selected() != square("d2") {
		t.Fatalf("Space on d2 should pick up the pawn (cursor on %v)", b.Cursor())
	}
	h.press(fyne.KeyEscape)
	if b.Selected() != game.NoSquare {
		t.Error("Escape did not put the piece down")
	}
	h.press(fyne.KeyEscape, fyne.KeyLeft)
	if h.app.sess.Shown() != h.app.sess.Game().MainLine()[0] {
		t.Error("after leaving the board, ← should show the position after 1. e4")
	}
}

// shortcut types the Ctrl (or Cmd) shortcut of a menu item on k.
func (h *harness) shortcut(k fyne.KeyName) {
	h.t.Helper()
	for _, m := range h.app.win.MainMenu().Items {
		for _, it := range m.Items {
			if sc, ok := it.Shortcut.(interface {
				Key() fyne.KeyName
				Mod() fyne.KeyModifier
			}); ok && sc.Key() == k && sc.Mod() == fyne.KeyModifierShortcutDefault {
				h.app.win.Canvas().(fyne.Shortcutable).TypedShortcut(it.Shortcut)
				return
			}
		}
	}
	h.t.Fatalf("no menu item has the shortcut Ctrl+%v", k)
}

func TestShortcutsReachTheirActions(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	flipped := h.app.ui.board.Flipped
	h.shortcut(fyne.KeyF)
	if h.app.ui.board.Flipped == flipped {
		t.Error("Ctrl+F did not flip the board")
	}
	h.shortcut(fyne.KeyZ)
	h.wantDialog("take back")
	h.tapButton("Allow")
	if h.history() != "" {
		t.Errorf("Ctrl+Z then Allow left %q", h.history())
	}
	h.shortcut(fyne.KeyN)
	h.wantDialog("New game")
}

func TestShortcutsFollowTheMenusOfANewLanguage(t *testing.T) {
	h := newHarness(t)
	t.Cleanup(func() { h.app.locale.Use("") })
	h.app.settings.SetLanguage("en")
	h.app.changeLanguage()
	c := h.openGames(pgnGame("White=X", 2) + pgnGame("White=Y", 2))
	h.tapButton("Open")
	h.app.nextGame()
	if h.app.pickers[c].visible {
		t.Fatal("the list of games is still shown")
	}
	h.shortcut(fyne.KeyL)
	if !h.app.pickers[c].visible {
		t.Error("after a change of language, Ctrl+L does not list the games of the file")
	}
}
