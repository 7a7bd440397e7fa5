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
