package picker

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/uitest"
)

// leaver stands for the files room: it counts how often the game on
// screen was asked about, and leaves it unless refuse says not to
// (Cancel in the question).
type leaver struct {
	asked  int
	refuse bool
}

func (l *leaver) ConfirmDiscard(then func()) {
	l.asked++
	if !l.refuse {
		then()
	}
}

// harness is the room in Fyne's test driver.
type harness struct {
	*uitest.Harness
	t     *testing.T
	r     *Picker
	s     *session.Session
	leave *leaver
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	u := uitest.New(t)
	h := &harness{Harness: u, t: t, s: u.Env.Session, leave: &leaver{}}
	h.r = New(u.Env, h.leave)
	u.Follow(h.r.Follow)
	u.Show(u.Env.Status.Widget())
	u.Env.Window.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) { u.Env.Dialogs.Key(ev) })
	return h
}

// open opens a file as the window does, and runs what its indexing hands
// over until the file is read.
func (h *harness) open(path string) *collection.Collection {
	h.t.Helper()
	c, err := h.s.Open(path)
	if err != nil {
		h.Env.ShowError(err)
		return nil
	}
	h.Queue.RunUntil(h.t, c)
	return c
}

// openGames writes text to a file and opens it.
func (h *harness) openGames(text string) *collection.Collection {
	h.t.Helper()
	path := filepath.Join(h.t.TempDir(), "games.pgn")
	uitest.WriteFile(h.t, path, text)
	return h.open(path)
}

// picked returns the list of c, which must be shown.
func (h *harness) picked(c *collection.Collection) *picker {
	h.t.Helper()
	p := h.r.lists[c]
	if c == nil || p == nil || !p.visible {
		h.t.Fatalf("no list of games shown; dialog: %s", h.DialogText())
	}
	return p
}

// column returns what a column shows, row after row.
func (p *picker) column(c collection.Column) []string {
	var out []string
	for row := range p.order.Len() {
		out = append(out, p.cellText(p.order.Game(row), c))
	}
	return out
}

// cells returns the texts of the table's cells as drawn.
func (h *harness) cells() []string {
	var out []string
	uitest.Walk(h.Top(), func(o fyne.CanvasObject) {
		if c, ok := o.(*gameCell); ok && c.Visible() {
			out = append(out, c.label.Text)
		}
	})
	return out
}

// cellOf returns a drawn cell of a row.
func (h *harness) cellOf(row int) *gameCell {
	h.t.Helper()
	var found *gameCell
	uitest.Walk(h.Top(), func(o fyne.CanvasObject) {
		if c, ok := o.(*gameCell); ok && c.row == row && c.Visible() && found == nil {
			found = c
		}
	})
	if found == nil {
		h.t.Fatalf("no cell drawn on row %d", row)
	}
	return found
}

// lineOf returns the line of text where substr first is.
func lineOf(text, substr string) int {
	return strings.Count(text[:strings.Index(text, substr)], "\n") + 1
}
