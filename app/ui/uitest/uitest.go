// Package uitest helps the tests of the window's rooms: the shared
// services of a window in Fyne's test driver (a clock the test moves, a
// UI goroutine the test runs), and ways to find and press what a dialog
// shows. It is for tests only.
package uitest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/autosave"
	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/opening"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
	"github.com/echiquier/echiquier/settings"
)

// Clock is the time as a test sets it.
type Clock struct{ T time.Time }

// Now is the time.
func (c *Clock) Now() time.Time { return c.T }

// Advance moves the time on.
func (c *Clock) Advance(d time.Duration) { c.T = c.T.Add(d) }

// Queue stands for the UI goroutine in a test: the background work
// queues its updates, and the test runs them on its own goroutine.
type Queue chan func()

// Do queues f.
func (q Queue) Do(f func()) { q <- f }

// RunOne runs the next update queued, waiting for it a minute at most.
func (q Queue) RunOne(t testing.TB) {
	t.Helper()
	select {
	case f := <-q:
		f()
	case <-time.After(time.Minute):
		t.Fatal("nothing was handed to the UI goroutine")
	}
}

// RunQueued runs the updates queued, without waiting for more.
func (q Queue) RunQueued() {
	for {
		select {
		case f := <-q:
			f()
		default:
			return
		}
	}
}

// RunUntil runs the queued updates until the indexing of c is over.
func (q Queue) RunUntil(t testing.TB, c *collection.Collection) {
	t.Helper()
	for {
		if state, _, _, _ := c.State(); state != collection.Indexing {
			q.RunQueued()
			return
		}
		q.RunOne(t)
	}
}

// Harness is a window's shared services in Fyne's test driver: a session
// on a new untimed game, autosaved in a folder of the test's, a clock the
// test moves, and a queue for the UI goroutine.
type Harness struct {
	T     testing.TB
	Env   *kit.Env
	Clock *Clock
	Queue Queue
	// Autosave is the window's autosave, in AutosaveDir; nil when it
	// could not be opened, and AutosaveErr says why.
	Autosave    *autosave.Store
	AutosaveErr error
	AutosaveDir string
	// AutosaveFailed is told, on the UI goroutine, of the autosave's
	// failures (an error) and recoveries (nil).
	AutosaveFailed func(error)
	// Trashed is told, on the UI goroutine, how the autosave of a game
	// given up went to the Trash (see autosave.Options.OnTrash).
	Trashed func(error)
	// Trash is the test's own desktop Trash ($XDG_DATA_HOME/Trash).
	Trash     string
	followers []func(session.Event)
}

// New makes the shared services of a window, with the autosaves in a new
// folder.
func New(t testing.TB) *Harness { return NewIn(t, t.TempDir()) }

// NewIn is New with the autosaves in dir, which other windows may share.
func NewIn(t testing.TB, dir string) *Harness {
	t.Helper()
	fa := test.NewTempApp(t)
	h := &Harness{T: t, Clock: &Clock{T: time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)}, Queue: make(Queue, 100000),
		AutosaveDir: dir}
	s := settings.New(fa.Preferences())
	// The tests play untimed unless they say otherwise.
	s.SetTimeControl(game.TimeControl{})
	env := &kit.Env{App: fa, Settings: s, Post: h.Queue.Do, Now: h.Clock.Now, Motion: fa.Settings().ShowAnimations(), Openings: opening.NewBook(),
		French: opening.NewFrench(), Language: words.English}
	env.Relayout = func() {
		if c := env.Window.Content(); c != nil {
			c.Refresh()
		}
	}
	h.Env = env
	env.Window = fa.NewWindow(lang.L("Échiquier"))
	env.Dialogs = kit.NewDialogs(env.Window)
	env.Status = kit.NewStatus()
	env.Keys = &kit.Scope{}
	env.Commands = kit.NewCommands(fa.Clipboard(), env.Dialogs, env.Status, env.Window.Canvas().Focused, env.Keys)
	told := func(err error) {
		h.Queue.Do(func() {
			if h.AutosaveFailed != nil {
				h.AutosaveFailed(err)
			}
		})
	}
	data := t.TempDir()
	t.Setenv("XDG_DATA_HOME", data) // what the test gives up goes to a Trash of its own
	h.Trash = filepath.Join(data, "Trash")
	trashed := func(err error) {
		h.Queue.Do(func() {
			if h.Trashed != nil {
				h.Trashed(err)
			}
		})
	}
	store, err := autosave.Open(dir, autosave.Options{Now: h.Clock.Now, OnError: told, OnRecover: func() { told(nil) }, OnTrash: trashed})
	opts := session.Options{Now: h.Clock.Now, Post: h.Queue.Do, OnChange: h.changed}
	if err != nil {
		h.AutosaveErr = err
	} else {
		h.Autosave, opts.Autosave = store, store
	}
	g, _ := game.New(game.Options{Now: h.Clock.Now})
	env.Session = session.New(g, opts)
	t.Cleanup(func() {
		if slices.Contains(fa.Driver().AllWindows(), env.Window) {
			env.Window.Close()
		}
		if h.Autosave != nil {
			h.Autosave.Close()
		}
	})
	return h
}

// Follow has f told of every change of the session, as the window tells
// its rooms; the commands are refreshed after.
func (h *Harness) Follow(f func(session.Event)) { h.followers = append(h.followers, f) }

func (h *Harness) changed(ev session.Event) {
	for _, f := range h.followers {
		f(ev)
	}
	h.Env.Commands.Refresh()
}

// Show lays the rooms' objects out in the window, the window 1040×720.
func (h *Harness) Show(content fyne.CanvasObject) {
	h.Env.Window.SetContent(container.NewBorder(nil, h.Env.Status.Widget(), nil, nil, content))
	h.Env.Window.Resize(fyne.NewSize(1040, 720))
	h.Env.Commands.Install(h.Env.Window.Canvas())
}

// History is the game's moves, "e4 e5".
func (h *Harness) History() string { return strings.Join(h.Env.Session.Game().History(), " ") }

// Autosaved returns what the window's autosave holds once written, ""
// when there is none.
func (h *Harness) Autosaved() string {
	h.T.Helper()
	if err := h.Autosave.Flush(); err != nil {
		h.T.Fatal(err)
	}
	data, err := os.ReadFile(h.Autosave.Path())
	if err != nil && !os.IsNotExist(err) {
		h.T.Fatal(err)
	}
	return string(data)
}

// TrashedGames is the text of each file in the test's Trash, after the
// autosave has done what it was handed.
func (h *Harness) TrashedGames() []string {
	h.T.Helper()
	if h.Autosave != nil {
		h.Autosave.Flush()
	}
	entries, err := os.ReadDir(filepath.Join(h.Trash, "files"))
	if err != nil && !os.IsNotExist(err) {
		h.T.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(h.Trash, "files", e.Name()))
		if err != nil {
			h.T.Fatal(err)
		}
		out = append(out, string(data))
	}
	return out
}

// Open opens a file as the window does, and runs what its indexing hands
// over until the file is read.
func (h *Harness) Open(path string) *collection.Collection {
	h.T.Helper()
	c, err := h.Env.Session.Open(path)
	if err != nil {
		h.T.Fatal(err)
	}
	h.Queue.RunUntil(h.T, c)
	return c
}

// OpenText writes text to a file of its own and opens it, as Open does.
func (h *Harness) OpenText(text string) *collection.Collection {
	h.T.Helper()
	path := filepath.Join(h.T.TempDir(), "game.pgn")
	WriteFile(h.T, path, text)
	return h.Open(path)
}

// Top is the dialog on top, or nil.
func (h *Harness) Top() fyne.CanvasObject { return h.Env.Window.Canvas().Overlays().Top() }

// DialogText returns the text of the labels of the dialog on top, or ""
// when none is shown.
func (h *Harness) DialogText() string {
	top := h.Top()
	if top == nil {
		return ""
	}
	var parts []string
	Walk(top, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok && l.Visible() {
			parts = append(parts, l.Text)
		}
	})
	return strings.Join(parts, " | ")
}

// TapButton taps the button with that text in the dialog on top.
func (h *Harness) TapButton(text string) {
	h.T.Helper()
	top := h.Top()
	if top == nil {
		h.T.Fatalf("no dialog shown to tap %q in", text)
	}
	if b, ok := Find(top, func(b *kit.Button) bool { return b.Text == text }); ok {
		test.Tap(b)
		return
	}
	b, ok := Find(top, func(b *widget.Button) bool { return b.Text == text })
	if !ok {
		h.T.Fatalf("no button %q in the dialog: %s", text, h.DialogText())
	}
	test.Tap(b)
}

// WantDialog checks that the dialog on top says something.
func (h *Harness) WantDialog(substr string) {
	h.T.Helper()
	if got := h.DialogText(); !strings.Contains(got, substr) {
		h.T.Fatalf("dialog shows %q, want %q", got, substr)
	}
}

// DialogFields returns the text fields and the drop-down lists of the
// dialog on top, in order.
func (h *Harness) DialogFields() (entries []*widget.Entry, selects []*widget.Select) {
	Walk(h.Top(), func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.Entry:
			entries = append(entries, x)
		case *kit.Entry:
			entries = append(entries, &x.Entry)
		case *widget.Select:
			selects = append(selects, x)
		case *kit.Select:
			selects = append(selects, &x.Select)
		}
	})
	return entries, selects
}

// Paste puts text on the clipboard and pastes it into field f, as
// Ctrl+V does.
func (h *Harness) Paste(f fyne.Shortcutable, text string) {
	cb := h.Env.App.Clipboard()
	cb.SetContent(text)
	f.TypedShortcut(&fyne.ShortcutPaste{Clipboard: cb})
}

// WantFull checks that field f took its limit of what was pasted into
// it, limit characters, and says why it took no more.
func WantFull(t testing.TB, what string, f *kit.Entry, limit int) {
	t.Helper()
	if n := utf8.RuneCountInString(f.Text); n != limit || f.Limit() != limit || f.Said() != words.FieldFull(limit) {
		t.Errorf("%s: took %d characters of a longer paste (limit %d, want %d), says %q", what, n, f.Limit(), limit, f.Said())
	}
}

// PasteIntoEach pastes text into each text field of the dialog on top,
// in order, and checks that it took its limit (WantFull): limit says
// what the field is and which limit it has, from what it showed before
// (its placeholder...). It returns how many fields it pasted into.
func (h *Harness) PasteIntoEach(text string, limit func(f *kit.Entry) (what string, n int)) int {
	h.T.Helper()
	fields := 0
	Walk(h.Top(), func(o fyne.CanvasObject) {
		if f, ok := o.(*kit.Entry); ok {
			fields++
			what, n := limit(f)
			h.Paste(f, text)
			WantFull(h.T, what, f, n)
		}
	})
	return fields
}

// Press sends keys to whatever has the keyboard focus, or else to the
// window.
func (h *Harness) Press(keys ...fyne.KeyName) {
	c := h.Env.Window.Canvas()
	for _, k := range keys {
		ev := &fyne.KeyEvent{Name: k}
		if f := c.Focused(); f != nil {
			f.TypedKey(ev)
		} else if on := c.OnTypedKey(); on != nil {
			on(ev)
		}
	}
}

// TypeInFocused types text into the focused widget of the window.
func (h *Harness) TypeInFocused(text string) {
	h.T.Helper()
	f := h.Env.Window.Canvas().Focused()
	if f == nil {
		h.T.Fatal("nothing has the keyboard focus")
	}
	for _, r := range text {
		f.TypedRune(r)
	}
}

// Shortcut types the shortcut of command id, as the keyboard does.
func (h *Harness) Shortcut(id kit.ID) {
	h.T.Helper()
	c, ok := h.Env.Commands.Get(id)
	if !ok || c.Shortcut == nil {
		h.T.Fatalf("command %q has no shortcut", id)
	}
	if k, ok := c.Shortcut.(*kit.Key); ok {
		h.Press(k.Name)
		return
	}
	h.Env.Window.Canvas().(fyne.Shortcutable).TypedShortcut(c.Shortcut)
}

// Walk visits an object and everything it contains, every tab of a tab
// container included.
func Walk(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	if o == nil {
		return
	}
	f(o)
	switch x := o.(type) {
	case *container.AppTabs:
		for _, item := range x.Items {
			Walk(item.Content, f)
		}
	case *fyne.Container:
		for _, c := range x.Objects {
			Walk(c, f)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			Walk(c, f)
		}
	}
}

// Find returns the first object of type T under o that match accepts.
func Find[T fyne.CanvasObject](o fyne.CanvasObject, match func(T) bool) (found T, ok bool) {
	Walk(o, func(x fyne.CanvasObject) {
		if v, is := x.(T); is && !ok && match(v) {
			found, ok = v, true
		}
	})
	return found, ok
}

// MustFind returns the first object of type T under o that match
// accepts, and fails the test, naming what, when there is none.
func MustFind[T fyne.CanvasObject](t testing.TB, o fyne.CanvasObject, what string, match func(T) bool) T {
	t.Helper()
	found, ok := Find(o, match)
	if !ok {
		t.Fatalf("no %s", what)
	}
	return found
}

// MenuLabels lists a menu's item labels, or "" for no menu.
func MenuLabels(m *fyne.Menu) string {
	if m == nil {
		return ""
	}
	var out []string
	for _, it := range m.Items {
		out = append(out, it.Label)
	}
	return strings.Join(out, " | ")
}

// Square is the square named, as "e4".
func Square(name string) game.Square {
	sq, ok := game.ParseSquare(name)
	if !ok {
		panic(name)
	}
	return sq
}

// ReadFile returns a file's text.
func ReadFile(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// WriteFile writes a file.
func WriteFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// InEnglish shows the texts in English for the test.
func InEnglish(t testing.TB) {
	t.Helper()
	locale := words.SystemLocale()
	if _, err := locale.Use("en"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { locale.Use("") })
}

// InLanguages runs check in English and in French.
func InLanguages(t testing.TB, check func(language words.Language)) {
	t.Helper()
	locale := words.SystemLocale()
	t.Cleanup(func() { locale.Use("") })
	for _, code := range []string{"en", "fr"} {
		l, err := locale.Use(code)
		if err != nil {
			t.Fatal(err)
		}
		check(l)
	}
}

// NoPortal leaves the window without a session bus: Fyne's file dialog
// asks, not the desktop's file chooser (nor the developer's own).
func NoPortal(t testing.TB) {
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent")
}

// FullDisk mounts a small tmpfs, fills it but for a file, and returns
// that file's path: writing anything more there fails with ENOSPC. The
// test is skipped, saying why, where mounting is not permitted.
func FullDisk(t testing.TB, name, content string) string {
	t.Helper()
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("a full disk needs a tmpfs mount, not permitted here: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	filler, _ := os.Create(filepath.Join(dir, "filler"))
	block := make([]byte, 4096)
	for {
		if _, err := filler.Write(block); err != nil {
			break
		}
	}
	filler.Close()
	return path
}

// Play plays moves given as "e2e4 e7e5" at the position shown, as the
// board would; a move that is not the game's next starts a side line.
func (h *Harness) Play(moves string) {
	h.T.Helper()
	s := h.Env.Session
	for _, uci := range strings.Fields(moves) {
		m, err := s.Shown().ParseMove(uci)
		if err != nil {
			h.T.Fatal(err)
		}
		p, err := s.Move(m)
		switch {
		case err != nil:
		case p == nil: // played
		case p.Kind == session.Fork:
			err = s.AddSideLine(p)
		default:
			err = s.Play(p, game.NoReason)
		}
		if err != nil {
			h.T.Fatal(err)
		}
	}
}

// FakeEngine writes a shell-script chess engine and returns its path. It
// answers the handshake; body is the rest of the loop over the commands
// read, with $line the command.
func FakeEngine(t testing.TB, body string) string {
	t.Helper()
	script := `#!/bin/sh
while IFS= read -r line; do
	case "$line" in
	uci) echo "id name Fake"; echo uciok; continue ;;
	isready) echo readyok; continue ;;
	quit) exit 0 ;;
	esac
` + body + `
done
`
	path := filepath.Join(t.TempDir(), "engine")
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// SteadyEngine, the loop of a FakeEngine, finds +0.20 for the side to move, three lines, and stops
// when told; a search with a time answers at once. Its best move is
// g1f3 with White to move, g8f6 with Black (by the position's side to
// move and the number of moves given), legal in the first positions of the games analysed here.
const SteadyEngine = `
	case "$line" in
	position*)
		set -- $line; k=0; [ "$2" = fen ] && [ "$4" = b ] && k=1
		case "$line" in *" moves "*) set -- ${line#* moves }; k=$((k + $#)) ;; esac
		best=g1f3; [ $((k % 2)) -eq 1 ] && best=g8f6 ;;
	"go infinite")
		echo "info depth 7 multipv 1 score cp 20 pv $best"
		echo "info depth 7 multipv 2 score cp 10 pv b1c3"
		echo "info depth 7 multipv 3 score cp -5 pv a2a3" ;;
	go*) echo "info depth 3 score cp 20 pv $best"; echo "bestmove $best" ;;
	stop) echo "bestmove $best" ;;
	esac`

// fortyMoves are the moves of a game of 41 moves, Corzo–Capablanca,
// Havana 1901, game 10.
const fortyMoves = `e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4 d4 d5 Bd3 Bd6 O-O O-O c4 c6 Bxe4 dxe4
Ng5 Bf5 Nc3 Nd7 Re1 Re8 c5 Bc7 Qb3 Re7 Ngxe4 Re6 Bg5 Qb8 Ng3 Bxg3 hxg3 b5 Rxe6 Bxe6
Qc2 b4 Ne4 b3 axb3 Qxb3 Qxb3 Bxb3 Ra6 Nb8 Ra3 Bc2 Nd6 h6 Bd8 Nd7 Bb6 a6 b4 g6 f3 Nf6
Nc4 Nd5 Ba5 Re8 Ne5 Re6 Ra2 Bb3 Ra1 Bc2 Kf2 f6 Nd7 Bd3 Re1 Rxe1 Kxe1 Bb5 Kd2 Kf7 Nb6 Ke6`

// FortyMoveGame is a game of 41 moves between Ann and Bob, still going
// on ("*"), its clocks at 10 minutes and 5 seconds a move, with the time
// left after each move ([%clk]: a second less each move, from 9:59 and
// 9:58).
func FortyMoveGame() string {
	var b strings.Builder
	b.WriteString("[Event \"Forty\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[TimeControl \"600+5\"]\n[Result \"*\"]\n\n")
	for i, san := range strings.Fields(fortyMoves) {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		left := 600 - 1 - i
		fmt.Fprintf(&b, "%s {[%%clk 0:%02d:%02d]} ", san, left/60, left%60)
	}
	return b.String() + "*\n"
}

// TimeControl is the time control s names in the TimeControl tag's
// syntax.
func TimeControl(t testing.TB, s string) game.TimeControl {
	t.Helper()
	tc, err := game.ParseTimeControl(s)
	if err != nil {
		t.Fatal(err)
	}
	return tc
}
