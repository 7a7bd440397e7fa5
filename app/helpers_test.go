package app

import (
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/sound"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/settings"
	"github.com/echiquier/echiquier/widgets"
)

// harness is the whole window in Fyne's test driver, as the program puts
// it together, with a clock the test moves and its autosave in a folder
// of its own.
type harness struct {
	t     *testing.T
	app   *App
	clock *uitest.Clock
	queue uitest.Queue
	// sounds are the sounds the window played.
	sounds *soundLog
}

// soundLog records the sounds played, by their files' names: the tests
// play none through the machine's speakers.
type soundLog struct{ played []string }

func (l *soundLog) Play(s sound.Sound, volume float64) { l.played = append(l.played, s.File()) }

func (l *soundLog) Problem() error { return nil }

// take returns the sounds played since it was last called.
func (l *soundLog) take() string {
	s := strings.Join(l.played, " ")
	l.played = nil
	return s
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	return newHarnessIn(t, t.TempDir())
}

// newHarnessIn is newHarness with the autosaves in dir.
func newHarnessIn(t *testing.T, dir string) *harness {
	t.Helper()
	fa := test.NewTempApp(t)
	uitest.NoPortal(t)
	t.Setenv("XDG_DATA_HOME", t.TempDir()) // what the test gives up goes to a Trash of its own
	h := &harness{t: t, clock: &uitest.Clock{T: time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)}, queue: make(uitest.Queue, 100000),
		sounds: &soundLog{}}
	// The tests play untimed unless they say otherwise.
	settings.New(fa.Preferences()).SetTimeControl(game.TimeControl{})
	h.app = New(fa, Options{Now: h.clock.Now, NoTicker: true, AutosaveDir: dir, Post: h.queue.Do, Sound: h.sounds})
	h.app.env.Window.Resize(fyne.NewSize(1040, 720))
	t.Cleanup(func() {
		if slices.Contains(fa.Driver().AllWindows(), h.app.env.Window) {
			h.app.env.Window.Close()
		}
		h.app.stop()
	})
	return h
}

// win is the window.
func (h *harness) win() fyne.Window { return h.app.env.Window }

// board is the board on screen.
func (h *harness) board() *widgets.Board {
	h.t.Helper()
	b, ok := uitest.Find(h.win().Content(), func(*widgets.Board) bool { return true })
	if !ok {
		h.t.Fatal("no board in the window")
	}
	return b
}

// moves is the move list on screen.
func (h *harness) moves() *widgets.MoveList {
	h.t.Helper()
	l, ok := uitest.Find(h.win().Content(), func(*widgets.MoveList) bool { return true })
	if !ok {
		h.t.Fatal("no move list in the window")
	}
	return l
}

// squareOnCanvas returns the middle of a square of the board, in the
// window's coordinates.
func (h *harness) squareOnCanvas(name string) fyne.Position {
	b := h.board()
	return h.app.fyne.Driver().AbsolutePositionForObject(b).Add(b.SquareCenter(uitest.Square(name)))
}

// drag drags a piece on the board from one square to another, as the
// test driver does.
func (h *harness) drag(from, to string) {
	h.t.Helper()
	start, end := h.squareOnCanvas(from), h.squareOnCanvas(to)
	test.Drag(h.win().Canvas(), start, end.X-start.X, end.Y-start.Y)
}

// play drags each move of a list given as "e2e4 e7e5".
func (h *harness) play(moves string) {
	h.t.Helper()
	for _, m := range strings.Fields(moves) {
		h.drag(m[:2], m[2:4])
	}
}

// history is the game's moves, "e4 e5".
func (h *harness) history() string { return strings.Join(h.app.env.Session.Game().History(), " ") }

// status is what the status line says.
func (h *harness) status() string { return h.app.env.Status.Text() }

// dialogText returns the text of the labels of the dialog on top.
func (h *harness) dialogText() string { return h.ui().DialogText() }

// tapButton taps the button with that text in the dialog on top.
func (h *harness) tapButton(text string) {
	h.t.Helper()
	h.ui().TapButton(text)
}

// wantDialog checks that the dialog on top says something.
func (h *harness) wantDialog(substr string) {
	h.t.Helper()
	h.ui().WantDialog(substr)
}

// ui is the window's shared services as uitest's helpers take them.
func (h *harness) ui() *uitest.Harness { return &uitest.Harness{T: h.t, Env: h.app.env} }

// press sends keys to whatever has the keyboard focus, or to the window.
func (h *harness) press(keys ...fyne.KeyName) { h.ui().Press(keys...) }

// shortcut types the shortcut of a command, as the keyboard does.
func (h *harness) shortcut(id kit.ID) {
	h.t.Helper()
	h.ui().Shortcut(id)
}

// menuItem is the menu item of command id, in a menu or a submenu.
func (h *harness) menuItem(id kit.ID) *fyne.MenuItem {
	h.t.Helper()
	c, _ := h.app.env.Commands.Get(id)
	var find func(items []*fyne.MenuItem) *fyne.MenuItem
	find = func(items []*fyne.MenuItem) *fyne.MenuItem {
		for _, it := range items {
			if it.Label == kit.Label(c) {
				return it
			}
			if it.ChildMenu != nil {
				if found := find(it.ChildMenu.Items); found != nil {
					return found
				}
			}
		}
		return nil
	}
	for _, m := range h.win().MainMenu().Items {
		if it := find(m.Items); it != nil {
			return it
		}
	}
	h.t.Fatalf("no menu item of %s", id)
	return nil
}

// open opens a file as the program does, and runs what its indexing
// hands over until the file is read.
func (h *harness) open(path string) {
	h.t.Helper()
	if c := h.app.files.OpenPath(path); c != nil {
		h.queue.RunUntil(h.t, c)
	}
}

// settingsWindow is the settings window, which must be open.
func (h *harness) settingsWindow() fyne.Window {
	h.t.Helper()
	for _, w := range h.app.fyne.Driver().AllWindows() {
		if w != h.win() && w.Content() != nil {
			return w
		}
	}
	h.t.Fatal("no settings window")
	return nil
}

// settingsContent opens the settings window and returns what it shows,
// all tabs included.
func (h *harness) settingsContent() fyne.CanvasObject {
	h.t.Helper()
	h.app.env.Commands.Run(kit.Settings)
	return h.settingsWindow().Content()
}

// selectWith is the drop-down list that offers option.
func selectWith(t *testing.T, o fyne.CanvasObject, option string) *kit.Select {
	return uitest.MustFind(t, o, "list offering "+option, func(s *kit.Select) bool { return slices.Contains(s.Options, option) })
}

// checkLabelled is the check box of that label.
func checkLabelled(t *testing.T, o fyne.CanvasObject, label string) *kit.Check {
	return uitest.MustFind(t, o, "check "+label, func(c *kit.Check) bool { return c.Text == label })
}
