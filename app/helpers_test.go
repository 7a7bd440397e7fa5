package app

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/words"
	"github.com/echiquier/echiquier/settings"
)

// fakeClock is the time as the tests set it.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

// harness is the app in Fyne's test driver, with a clock the test moves
// and its autosave in a folder of its own.
type harness struct {
	t     *testing.T
	app   *App
	clock *fakeClock
	// legacyAutosave is where versions before one autosave per window
	// kept the interrupted game.
	legacyAutosave string
	// queue holds what the background work hands to the UI goroutine,
	// run when the test says (runUntil).
	queue uiQueue
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	return newHarnessIn(t, t.TempDir())
}

// newHarnessIn is newHarness with the autosaves in dir, which other
// windows may share.
func newHarnessIn(t *testing.T, dir string) *harness {
	t.Helper()
	test.NewTempApp(t)
	// The app looks for the desktop's file chooser on the session bus:
	// not the developer's own (a test that wants one sets up a fake).
	noPortal(t)
	h := &harness{t: t, clock: &fakeClock{t: time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)}, queue: make(uiQueue, 100000)}
	h.legacyAutosave = filepath.Join(dir, "autosave.pgn")
	// The tests play untimed unless they say otherwise.
	settings.New(fyne.CurrentApp().Preferences()).SetTimeControl(game.TimeControl{})
	h.app = New(fyne.CurrentApp(), Options{Now: h.clock.now, NoTicker: true, AutosaveDir: dir, Post: h.queue.do})
	h.app.win.Resize(fyne.NewSize(1040, 720))
	t.Cleanup(func() {
		if slices.Contains(fyne.CurrentApp().Driver().AllWindows(), h.app.win) {
			h.app.win.Close() // unless the test quit the app
		}
		if h.app.autosave != nil {
			h.app.autosave.Close()
		}
	})
	return h
}

// squareOnCanvas returns the middle of a square of the board, in the
// window's coordinates.
func (h *harness) squareOnCanvas(name string) fyne.Position {
	b := h.app.ui.board
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(b).Add(b.SquareCenter(square(name)))
}

// drag drags a piece on the board from one square to another, as the
// test driver does.
func (h *harness) drag(from, to string) {
	h.t.Helper()
	start, end := h.squareOnCanvas(from), h.squareOnCanvas(to)
	test.Drag(h.app.win.Canvas(), start, end.X-start.X, end.Y-start.Y)
}

// moveAfter shows the position after the main line's ply-th move (the
// first is 0), plays a move there, given as "c7c5", and answers the
// question whether it starts a side line or replaces the rest.
func (h *harness) moveAfter(ply int, move, answer string) {
	h.t.Helper()
	h.app.showNode(h.app.sess.Game().MainLine()[ply])
	h.play(move)
	h.tapButton(answer)
}

// play drags each move of a list given as "e2e4 e7e5".
func (h *harness) play(moves string) {
	h.t.Helper()
	for _, m := range strings.Fields(moves) {
		h.drag(m[:2], m[2:4])
	}
}

func square(name string) game.Square {
	sq, ok := game.ParseSquare(name)
	if !ok {
		panic(name)
	}
	return sq
}

// dialogText returns the text of the labels of the dialog on top, or ""
// when none is shown.
func (h *harness) dialogText() string {
	top := h.app.win.Canvas().Overlays().Top()
	if top == nil {
		return ""
	}
	var parts []string
	walk(top, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok && l.Visible() {
			parts = append(parts, l.Text)
		}
	})
	return strings.Join(parts, " | ")
}

// tapButton taps the button with that text in the dialog on top.
func (h *harness) tapButton(text string) {
	h.t.Helper()
	top := h.app.win.Canvas().Overlays().Top()
	if top == nil {
		h.t.Fatalf("no dialog shown to tap %q in", text)
	}
	found, ok := find(top, func(b *widget.Button) bool { return b.Text == text })
	if !ok {
		h.t.Fatalf("no button %q in the dialog: %s", text, h.dialogText())
	}
	test.Tap(found)
}

// wantDialog checks that the dialog on top says something.
func (h *harness) wantDialog(substr string) {
	h.t.Helper()
	if got := h.dialogText(); !strings.Contains(got, substr) {
		h.t.Fatalf("dialog shows %q, want %q", got, substr)
	}
}

// dialogFields returns the entries and the selects of the dialog on top,
// in order.
func (h *harness) dialogFields() (entries []*widget.Entry, selects []*widget.Select) {
	walk(h.app.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.Entry:
			entries = append(entries, x)
		case *escapableEntry:
			entries = append(entries, &x.Entry)
		case *widget.Select:
			selects = append(selects, x)
		}
	})
	return entries, selects
}

// walk visits an object and everything it contains, every tab of a tab
// container included.
func walk(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch x := o.(type) {
	case *container.AppTabs:
		for _, item := range x.Items {
			walk(item.Content, f)
		}
	case *fyne.Container:
		for _, c := range x.Objects {
			walk(c, f)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walk(c, f)
		}
	}
}

// find returns the first object of type T under o that match accepts.
func find[T fyne.CanvasObject](o fyne.CanvasObject, match func(T) bool) (found T, ok bool) {
	walk(o, func(x fyne.CanvasObject) {
		if v, is := x.(T); is && !ok && match(v) {
			found, ok = v, true
		}
	})
	return found, ok
}

// autosaved returns what the window's autosave holds once written, ""
// when there is none.
func (h *harness) autosaved() string {
	h.t.Helper()
	if err := h.app.autosave.Flush(); err != nil {
		h.t.Fatal(err)
	}
	data, err := os.ReadFile(h.app.autosave.Path())
	if err != nil && !os.IsNotExist(err) {
		h.t.Fatal(err)
	}
	return string(data)
}

func (h *harness) history() string { return strings.Join(h.app.sess.Game().History(), " ") }

// open opens a file as the app does, and runs what its indexing hands
// over until the file is read.
func (h *harness) open(path string) *session.Collection {
	h.t.Helper()
	c := h.app.openPath(path)
	if c != nil {
		h.queue.runUntil(h.t, c)
	}
	return c
}

// uiQueue stands for the UI goroutine in a test: the background work
// queues its updates, and the test runs them on its own goroutine.
type uiQueue chan func()

func (q uiQueue) do(f func()) { q <- f }

// runOne runs the next update queued, waiting for it.
func (q uiQueue) runOne(t *testing.T) {
	t.Helper()
	select {
	case f := <-q:
		f()
	case <-time.After(time.Minute):
		t.Fatal("nothing was handed to the UI goroutine")
	}
}

// runUntil runs the queued updates until the indexing of c is over.
func (q uiQueue) runUntil(t *testing.T, c *session.Collection) {
	t.Helper()
	for {
		if state, _, _, _ := c.State(); state != session.Indexing {
			for {
				select {
				case f := <-q:
					f()
				default:
					return
				}
			}
		}
		q.runOne(t)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// menuLabels lists a menu's item labels, or "" for no menu.
func menuLabels(m *fyne.Menu) string {
	if m == nil {
		return ""
	}
	var out []string
	for _, it := range m.Items {
		out = append(out, it.Label)
	}
	return strings.Join(out, " | ")
}

// typeInFocused types text into the focused widget of the window.
func (h *harness) typeInFocused(text string) {
	h.t.Helper()
	f := h.app.win.Canvas().Focused()
	if f == nil {
		h.t.Fatal("nothing has the keyboard focus")
	}
	for _, r := range text {
		f.TypedRune(r)
	}
}

// tapSquare clicks a square of the board.
func (h *harness) tapSquare(name string) {
	h.t.Helper()
	test.TapCanvas(h.app.win.Canvas(), h.squareOnCanvas(name))
}

// pgnGame writes a game with the tags given as "White=A Black=B" (spaces
// inside values as _) and plies moves of knights dancing.
func pgnGame(tags string, plies int) string {
	var b strings.Builder
	for _, kv := range strings.Fields(tags) {
		k, v, _ := strings.Cut(kv, "=")
		fmt.Fprintf(&b, "[%s \"%s\"]\n", k, strings.ReplaceAll(v, "_", " "))
	}
	b.WriteString("\n")
	moves := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	for i := range plies {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(moves[i%4] + " ")
	}
	return b.String() + "*\n\n"
}

// wantGameOver checks that the strip above the board says the game is
// over, and how, with no dialog over the final position.
func (h *harness) wantGameOver(result string) {
	h.t.Helper()
	u := h.app.ui
	if !u.banner.Visible() || !u.bannerOver.Visible() || !strings.Contains(u.viewing.Text, result) {
		h.t.Fatalf("the banner shows %q (visible %v), want the game over: %q", u.viewing.Text, u.banner.Visible(), result)
	}
	if got := h.dialogText(); got != "" {
		h.t.Errorf("a dialog covers the final position: %s", got)
	}
}

// tapBanner taps a button of the strip above the board.
func (h *harness) tapBanner(text string) {
	h.t.Helper()
	b, ok := find(h.app.ui.banner, func(b *widget.Button) bool { return b.Text == text && b.Visible() })
	if !ok || !h.app.ui.banner.Visible() {
		h.t.Fatalf("no button %q above the board (it says %q)", text, h.app.ui.viewing.Text)
	}
	test.Tap(b)
}

// inEnglish shows the app's text in English for the test.
func inEnglish(t *testing.T) {
	t.Helper()
	locale := words.SystemLocale()
	if _, err := locale.Use("en"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { locale.Use("") })
}

// inLanguages runs check in English and in French.
func inLanguages(t *testing.T, check func(language string)) {
	t.Helper()
	locale := words.SystemLocale()
	t.Cleanup(func() { locale.Use("") })
	for _, code := range []string{"en", "fr"} {
		if _, err := locale.Use(code); err != nil {
			t.Fatal(err)
		}
		check(code)
	}
}
