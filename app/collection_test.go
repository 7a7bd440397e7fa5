package app

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// gatedReader gives its first part, then waits for its gate to open
// before it gives the rest: the indexing goroutine is held in the middle
// of the file for as long as a test needs.
type gatedReader struct {
	data   []byte
	first  int
	gate   chan struct{}
	pos    int
	closed atomic.Bool
}

func (r *gatedReader) Read(p []byte) (int, error) {
	if r.pos == r.first {
		<-r.gate
	}
	end := len(r.data)
	if r.pos < r.first {
		end = r.first
	}
	if r.pos == end {
		return 0, io.EOF
	}
	n := copy(p, r.data[r.pos:end])
	r.pos += n
	return n, nil
}

func (r *gatedReader) Close() error {
	r.closed.Store(true)
	return nil
}

// uiQueue stands for the UI goroutine in a test: the indexing goroutine
// queues its updates, and the test runs them on its own goroutine.
type uiQueue chan func()

func (q uiQueue) do(f func()) { q <- f }

// runUntil runs the queued updates until the indexing goroutine of c is
// over.
func (q uiQueue) runUntil(t *testing.T, c *collection) {
	t.Helper()
	timeout := time.After(time.Minute)
	for {
		select {
		case f := <-q:
			f()
		case <-c.done:
			for {
				select {
				case f := <-q:
					f()
				default:
					return
				}
			}
		case <-timeout:
			t.Fatal("the indexing goroutine does not end")
		}
	}
}

// bigFile is a file of many games, and the part of it before the gate:
// more than the first part indexed before the picker shows.
func bigFile(t *testing.T, games, beforeGate int) (path string, data []byte, first int) {
	t.Helper()
	var b strings.Builder
	for i := range games {
		if i == beforeGate {
			first = b.Len() + 5 // into the next game's tags: the last one before is whole
		}
		b.WriteString(pgnGame(fmt.Sprintf("White=Player_%d Black=Other_%d Result=1-0", i+1, i%7), 6+i%40))
	}
	data = []byte(b.String())
	path = filepath.Join(t.TempDir(), "big.pgn")
	writeFile(t, path, b.String())
	return path, data, first
}

// openGated opens a file whose reading stops at the gate until the test
// opens it.
func (h *harness) openGated(games, beforeGate int) (*collection, *gatedReader, uiQueue) {
	h.t.Helper()
	path, data, first := bigFile(h.t, games, beforeGate)
	info, err := os.Stat(path)
	if err != nil {
		h.t.Fatal(err)
	}
	src := &gatedReader{data: data, first: first, gate: make(chan struct{})}
	q := make(uiQueue)
	c := h.app.openCollection(path, info, src, q.do)
	return c, src, q
}

func TestPickerFillsWhileIndexing(t *testing.T) {
	h := newHarness(t)
	c, src, q := h.openGated(600, 300)
	p := h.picked(c)
	shown := len(p.order.rows)
	if shown == 0 || shown > 300 {
		t.Fatalf("%d games listed before the gate at game 300", shown)
	}
	if !p.progress.Visible() || !p.stopBtn.Visible() || p.progress.Value <= 0 || p.progress.Value >= 1 {
		t.Errorf("progress while indexing: shown %v, value %v", p.progress.Visible(), p.progress.Value)
	}
	h.wantDialog("Reading the file…")
	// The list can be used meanwhile.
	h.tapButton("White")
	if p.order.by != colWhite {
		t.Error("sorting waits for the indexing")
	}
	close(src.gate)
	q.runUntil(t, c)
	if len(p.order.rows) != 600 || c.state != indexed {
		t.Fatalf("%d games listed at the end, state %v", len(p.order.rows), c.state)
	}
	if got := p.column(colWhite)[:3]; got[0] != "Player 1" || got[1] != "Player 10" || got[2] != "Player 100" {
		t.Errorf("games read later are not sorted in: %v", got)
	}
	if p.progress.Visible() || p.stopBtn.Visible() {
		t.Error("progress still shown")
	}
	h.wantDialog("Games: 600")
	if !src.closed.Load() {
		t.Error("the file is left open")
	}
}

func TestStopIndexingKeepsTheGamesFound(t *testing.T) {
	h := newHarness(t)
	c, src, q := h.openGated(400, 250)
	p := h.picked(c)
	h.tapButton("Stop reading")
	found := len(p.order.rows)
	close(src.gate)
	q.runUntil(t, c)
	if c.state != stopped || len(p.order.rows) != found || found == 0 {
		t.Fatalf("state %v, %d games listed, %d when stopped", c.state, len(p.order.rows), found)
	}
	h.wantDialog("reading stopped at")
	h.tapButton("Open")
	if h.app.sess.game.Tag("White") != "Player 1" {
		t.Errorf("opened %q", h.app.sess.game.Tag("White"))
	}
	if !src.closed.Load() {
		t.Error("the file is left open")
	}
}

func TestCancelWhileIndexingKeepsTheGame(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4 e7e5")
	c, src, q := h.openGated(400, 250)
	h.picked(c)
	h.tapButton("Cancel")
	close(src.gate)
	q.runUntil(t, c)
	if c.state != stopped || c.picker.visible {
		t.Errorf("state %v, picker shown %v", c.state, c.picker.visible)
	}
	if h.history() != "e4 e5" || h.app.hasCollection() || h.app.sess.path != "" {
		t.Errorf("the game changed: %q, collection %v", h.history(), h.app.hasCollection())
	}
	if got := h.dialogText(); got != "" {
		t.Errorf("a dialog is left: %s", got)
	}
	if !src.closed.Load() {
		t.Error("the file is left open")
	}
}

func TestOpenAGameWhileIndexingGoesOn(t *testing.T) {
	h := newHarness(t)
	c, src, q := h.openGated(400, 250)
	h.picked(c)
	h.tapButton("Open")
	if h.app.sess.game.Tag("White") != "Player 1" || !h.app.hasCollection() {
		t.Fatalf("opened %q", h.app.sess.game.Tag("White"))
	}
	close(src.gate)
	q.runUntil(t, c)
	if c.state != indexed || len(c.picker.order.rows) != 400 {
		t.Errorf("state %v, %d games", c.state, len(c.picker.order.rows))
	}
	h.app.previousGame()
	h.app.nextGame()
	if h.app.sess.game.Tag("White") != "Player 2" {
		t.Errorf("next game: %q", h.app.sess.game.Tag("White"))
	}
}

func TestOpeningAnotherFileClosesTheCollection(t *testing.T) {
	h := newHarness(t)
	first := h.openGames(pickerGames)
	h.tapButton("Open")
	second := h.openGames(pgnGame("White=X", 2) + pgnGame("White=Y", 2))
	if h.app.coll != first {
		t.Error("the collection changed before a game of the new file was opened")
	}
	h.tapButton("Open")
	if h.app.coll != second || h.app.sess.game.Tag("White") != "X" {
		t.Errorf("the new file's collection is not the one in use")
	}
	h.openGames(pgnGame("White=Solo", 2))
	if h.app.hasCollection() || h.app.coll != nil {
		t.Error("a single game still has a next and previous game")
	}
}

func TestChangedFileIsNotMisread(t *testing.T) {
	h := newHarness(t)
	c := h.openGames(pickerGames)
	h.tapButton("Cancel")
	writeFile(t, c.path, "[White \"Other\"]\n\n1. d4 *\n"+pickerGames)
	h.app.showPicker(c, true)
	h.tapButton("Open")
	h.wantDialog("changed")
	if h.history() != "" {
		t.Errorf("a game was read from the changed file: %q", h.history())
	}
}

func TestOpenEdgeFiles(t *testing.T) {
	// Every file of tricky PGN opens as a game, a picker or an error
	// message, and every game listed opens or says why it cannot.
	paths, _ := filepath.Glob(filepath.Join("..", "..", "shared", "data", "pgn", "edge", "*.pgn"))
	if len(paths) == 0 {
		t.Skip("the edge files live in ../shared/data, outside the repository, and are not here")
	}
	h := newHarness(t)
	for _, path := range paths {
		q := make(uiQueue)
		c := h.app.openFile(path, q.do)
		if c == nil {
			t.Fatalf("%s: not opened", path)
		}
		q.runUntil(t, c)
		if c.picker != nil {
			for _, i := range c.picker.order.rows[:min(len(c.picker.order.rows), 2)] {
				h.app.openGame(c, i)
			}
			c.picker.close()
		}
		for o := h.app.win.Canvas().Overlays().Top(); o != nil; o = h.app.win.Canvas().Overlays().Top() {
			h.app.win.Canvas().Overlays().Remove(o)
		}
	}
}
