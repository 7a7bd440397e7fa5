package files

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/uitest"
)

// harness is the files room in Fyne's test driver, without the
// desktop's file chooser unless a test sets one up. The main window's
// text field (the move box) is a field of its own.
type harness struct {
	*uitest.Harness
	t      *testing.T
	f      *Files
	s      *session.Session
	events []session.Event
	// field stands for the move box, the main window's text field.
	field *fyne.Container
}

func newHarness(t *testing.T) *harness { return newHarnessIn(t, t.TempDir()) }

// newHarnessIn is newHarness with the autosaves in dir, which other
// windows may share.
func newHarnessIn(t *testing.T, dir string) *harness {
	t.Helper()
	uitest.NoPortal(t)
	u := uitest.NewIn(t, dir)
	h := &harness{Harness: u, t: t, s: u.Env.Session}
	h.f = New(u.Env, Options{Autosave: u.Autosave, AutosaveErr: u.AutosaveErr, AutosaveDir: dir})
	u.AutosaveFailed = h.f.AutosaveFailed
	u.Trashed = h.f.Trashed
	u.Follow(func(ev session.Event) {
		h.events = append(h.events, ev)
		h.f.Follow(ev)
	})
	u.Show(u.Env.Status.Widget())
	u.Env.Window.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) { u.Env.Dialogs.Key(ev) })
	return h
}

// open opens a file as the window does, and runs what its indexing hands
// over until the file is read.
func (h *harness) open(path string) {
	h.t.Helper()
	if c := h.f.OpenPath(path); c != nil {
		h.Queue.RunUntil(h.t, c)
	}
}
