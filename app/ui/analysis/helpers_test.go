package analysis

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/uitest"
)

// board stands for the play room's board: it holds the arrow it is
// given.
type board struct {
	best    game.Move
	hasBest bool
}

func (b *board) ShowBestMove(m game.Move, ok bool) { b.best, b.hasBest = m, ok }

// harness is the engine room in Fyne's test driver, its parts laid out
// in the window.
type harness struct {
	*uitest.Harness
	t      *testing.T
	an     *Analysis
	s      *session.Session
	board  *board
	detect func() (string, error)
	list   fyne.CanvasObject // stands for the move list
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	uitest.NoPortal(t)
	u := uitest.New(t)
	h := &harness{Harness: u, t: t, s: u.Env.Session, board: &board{}}
	h.detect = func() (string, error) { return "", os.ErrNotExist }
	h.an = New(u.Env, h.board, func() (string, error) { return h.detect() })
	u.Follow(h.an.Follow)
	parts := h.an.Build()
	h.list = container.NewStack()
	u.Show(container.NewBorder(nil, container.NewVBox(parts.Graph, parts.Running, parts.Panel), parts.Bar, nil, h.list))
	u.Env.Window.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if !u.Env.Dialogs.Key(ev) {
			u.Env.Commands.TypedKey(ev)
		}
	})
	return h
}

// withEngine makes the harness use the engine at path, and stops every
// engine when the test ends.
func (h *harness) withEngine(path string) {
	h.Env.Settings.SetEnginePath(path)
	h.t.Cleanup(h.an.Stop)
}

// runUntilAnalysis runs what the engines hand to the UI goroutine until
// done holds.
func (h *harness) runUntilAnalysis(what string, done func() bool) {
	h.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !done() {
		if time.Now().After(deadline) {
			h.t.Fatalf("still waiting for %s; the panel says %q", what, h.panelText())
		}
		select {
		case f := <-h.Queue:
			f()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// panelText is what the analysis panel shows, line by line.
func (h *harness) panelText() string {
	v := h.an.v
	parts := []string{v.eval.Text, v.depth.Text, v.status.Text}
	for _, l := range v.lines {
		parts = append(parts, l.Text)
	}
	return strings.Join(parts, " | ")
}

// openGame opens a file holding text, and returns its path.
func (h *harness) openGame(text string) string {
	h.t.Helper()
	path := filepath.Join(h.t.TempDir(), "game.pgn")
	uitest.WriteFile(h.t, path, text)
	h.Open(path)
	return path
}
