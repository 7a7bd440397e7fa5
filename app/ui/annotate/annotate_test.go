package annotate

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
)

// harness is the annotation room in Fyne's test driver.
type harness struct {
	*uitest.Harness
	a *Annotate
}

func newHarness(t *testing.T) *harness {
	u := uitest.New(t)
	h := &harness{Harness: u, a: New(u.Env)}
	u.Show(u.Env.Status.Widget())
	u.Env.Window.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) { u.Env.Dialogs.Key(ev) })
	return h
}

func TestSideLineMenuPromotesDeletesAndComments(t *testing.T) {
	h := newHarness(t)
	s := h.Env.Session
	h.Play("e2e4 e7e5")
	s.Show(s.Game().MainLine()[0])
	h.Play("c7c5")
	side := s.Shown()
	menu := h.a.MenuOf(side)
	labels := uitest.MenuLabels(menu)
	if !strings.Contains(labels, "Promote side line") || !strings.Contains(labels, "Delete from here") {
		t.Fatalf("side-line menu: %s", labels)
	}
	if strings.Contains(uitest.MenuLabels(h.a.MenuOf(s.Game().MainLine()[0])), "Delete") {
		t.Error("a move of the game itself offers Delete")
	}
	h.a.EditComment(side)
	h.TypeInFocused("the Sicilian")
	h.TapButton("Save")
	if side.Comment() != "the Sicilian" {
		t.Errorf("comment = %q", side.Comment())
	}
	s.DeleteSideLine(side)
	if n := len(s.Game().MainLine()[0].Children()); n != 1 {
		t.Errorf("after delete, 1. e4 has %d continuations", n)
	}
	if s.Shown() != s.Game().MainLine()[0] {
		t.Error("after deleting the side line shown, the board should show where it began")
	}
}

// TestTheCommentShortcutEditsTheMoveShown: Ctrl+E edits the comment on
// the move shown; at the start position, it says there is no move to
// comment on.
func TestTheCommentShortcutEditsTheMoveShown(t *testing.T) {
	h := newHarness(t)
	h.Shortcut(kit.EditComment)
	if h.DialogText() != "" || !strings.Contains(h.Env.Status.Text(), "no move to comment on") {
		t.Fatalf("Ctrl+E at the start: dialog %q, status %q", h.DialogText(), h.Env.Status.Text())
	}
	h.Play("e2e4")
	h.Shortcut(kit.EditComment)
	h.WantDialog("Comment on 1. e4")
	h.Press(fyne.KeyEscape)
	if h.DialogText() != "" {
		t.Errorf("Escape left the comment's dialog: %s", h.DialogText())
	}
}

// TestACommentWithABraceKeepsItsText: a "}" closed the dialog with an
// error and threw away the whole text typed.
func TestACommentWithABraceKeepsItsText(t *testing.T) {
	h := newHarness(t)
	h.Play("e2e4")
	h.Shortcut(kit.EditComment)
	text := "the best by test {says Fischer} and a long analysis"
	h.TypeInFocused(text)
	h.TapButton("Save")
	if h.DialogText() == "" {
		t.Fatal("the dialog closed on a comment it cannot keep")
	}
	said := false
	uitest.Walk(h.Top(), func(o fyne.CanvasObject) {
		if t, ok := o.(*canvas.Text); ok && t.Visible() && strings.Contains(t.Text, "cannot hold “}”") {
			said = true
		}
	})
	if !said {
		t.Error("the dialog does not say why it cannot save")
	}
	entry := uitest.MustFind(t, h.Top(), "comment field", func(e *kit.Entry) bool { return e.MultiLine })
	if entry.Text != text {
		t.Fatalf("the text typed became %q", entry.Text)
	}
	if got := h.Env.Session.Shown().Comment(); got != "" {
		t.Errorf("the comment became %q", got)
	}
	entry.SetText("the best by test (says Fischer) and a long analysis")
	h.TapButton("Save")
	if got := h.Env.Session.Shown().Comment(); got != "the best by test (says Fischer) and a long analysis" || h.DialogText() != "" {
		t.Errorf("after the brace was taken out: comment %q, dialog %q", got, h.DialogText())
	}
}

// TestSymbolKeysSetOneOfEachKind: Ctrl+1…Ctrl+6 and Ctrl+Alt+1…8 give
// the move shown its symbol and evaluation, each in the place of the one
// of its kind; the same key again takes it off; Ctrl+0 clears both; the
// autosave holds them as NAGs. At the start position they say why not.
func TestSymbolKeysSetOneOfEachKind(t *testing.T) {
	h := newHarness(t)
	s := h.Env.Session
	h.Shortcut(kit.GoodMove)
	if !strings.Contains(h.Env.Status.Text(), "no move to give a symbol to") {
		t.Errorf("Ctrl+1 at the start: status %q", h.Env.Status.Text())
	}
	h.Play("e2e4 e7e5")
	e4 := s.Game().MainLine()[0]
	s.Show(e4)
	for _, step := range []struct {
		id   kit.ID
		want string
	}{
		{kit.GoodMove, "1. e4 $1 e5"},
		{kit.WhiteSlightly, "1. e4 $1 $14 e5"},
		{kit.Blunder, "1. e4 $4 $14 e5"},
		{kit.BlackWinning, "1. e4 $4 $19 e5"},
		{kit.BlackWinning, "1. e4 $4 e5"},
		{kit.InterestingMove, "1. e4 $5 e5"},
		{kit.UnclearPosition, "1. e4 $5 $13 e5"},
		{kit.ClearSymbols, "1. e4 e5"},
		{kit.BrilliantMove, "1. e4 $3 e5"},
		{kit.DubiousMove, "1. e4 $6 e5"},
		{kit.Mistake, "1. e4 $2 e5"},
		{kit.EqualPosition, "1. e4 $2 $10 e5"},
		{kit.WhiteWinning, "1. e4 $2 $18 e5"},
		{kit.WhiteBetter, "1. e4 $2 $16 e5"},
		{kit.BlackSlightly, "1. e4 $2 $15 e5"},
		{kit.BlackBetter, "1. e4 $2 $17 e5"},
	} {
		h.Shortcut(step.id)
		if got := h.Autosaved(); !strings.Contains(got, step.want) {
			t.Errorf("after %s: autosaved %q, want %q", step.id, got, step.want)
		}
		if s.Shown() != e4 {
			t.Fatalf("after %s the board left 1. e4", step.id)
		}
	}
	if !s.Dirty() {
		t.Error("the symbols left the game marked as saved")
	}
}

// TestTheMoveMenuSetsSymbols: the menu of a move in the move list sets
// the symbol of that move, not of the move shown, and ticks the one it
// has.
func TestTheMoveMenuSetsSymbols(t *testing.T) {
	h := newHarness(t)
	s := h.Env.Session
	h.Play("e2e4 e7e5 g1f3")
	e4 := s.Game().MainLine()[0]
	menu := h.a.MenuOf(e4)
	if got := uitest.MenuLabels(menu); got != "Edit comment… | Move symbol | Evaluation | Clear the symbols" {
		t.Fatalf("the move's menu: %s", got)
	}
	pick := func(menu *fyne.Menu, sub, label string) {
		t.Helper()
		for _, it := range menu.Items {
			if it.Label != sub || it.ChildMenu == nil {
				continue
			}
			for _, c := range it.ChildMenu.Items {
				if c.Label == label {
					c.Action()
					return
				}
			}
			t.Fatalf("%s has no %s: %s", sub, label, uitest.MenuLabels(it.ChildMenu))
		}
		t.Fatalf("no %s in %s", sub, uitest.MenuLabels(menu))
	}
	pick(menu, "Move symbol", "!? Interesting move")
	pick(h.a.MenuOf(e4), "Evaluation", "+= White is slightly better")
	if got := e4.NAGs(); len(got) != 2 || got[0] != 5 || got[1] != 14 {
		t.Errorf("1. e4 has %v", got)
	}
	if s.Shown() != s.Game().Live() {
		t.Error("the menu moved the board")
	}
	for _, it := range h.a.MenuOf(e4).Items {
		if it.ChildMenu == nil {
			continue
		}
		for _, c := range it.ChildMenu.Items {
			if want := c.Label == "!? Interesting move" || c.Label == "+= White is slightly better"; c.Checked != want {
				t.Errorf("%s ticked: %v", c.Label, c.Checked)
			}
		}
	}
	for _, it := range h.a.MenuOf(e4).Items {
		if it.Label == "Clear the symbols" {
			it.Action()
		}
	}
	if len(e4.NAGs()) != 0 {
		t.Errorf("cleared, 1. e4 has %v", e4.NAGs())
	}
}

// TestTheCommentFieldTakesWhatItLaysOutAtOnce: a megabyte pasted into
// the comment leaves maxComment characters, and the field says why.
func TestTheCommentFieldTakesWhatItLaysOutAtOnce(t *testing.T) {
	h := newHarness(t)
	h.Play("e2e4")
	h.Shortcut(kit.EditComment)
	entry := uitest.MustFind(t, h.Top(), "comment field", func(e *kit.Entry) bool { return e.MultiLine })
	h.Paste(entry, strings.Repeat("abcdefg ", 1<<17))
	uitest.WantFull(t, "the comment", entry, maxComment)
}
