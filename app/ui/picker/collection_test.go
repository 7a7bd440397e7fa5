package picker

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/game/gametest"
	"github.com/echiquier/echiquier/app/internal/shared"
	"github.com/echiquier/echiquier/app/ui/uitest"
)

// bigFile is a file of many games, and the part of it before the gate:
// more than the first part indexed before the picker shows.
func bigFile(t *testing.T, games, beforeGate int) (path string, data []byte, first int) {
	t.Helper()
	var b strings.Builder
	for i := range games {
		if i == beforeGate {
			first = b.Len() + 5 // into the next game's tags: the last one before is whole
		}
		b.WriteString(gametest.PGNGame(fmt.Sprintf("White=Player_%d Black=Other_%d Result=1-0", i+1, i%7), 6+i%40))
	}
	data = []byte(b.String())
	path = filepath.Join(t.TempDir(), "big.pgn")
	uitest.WriteFile(t, path, b.String())
	return path, data, first
}

// openBig opens a file of many games and runs only the first part of
// its indexing: the rest waits in the queue until the test runs it.
func (h *harness) openBig(games int) *collection.Collection {
	h.t.Helper()
	path, _, _ := bigFile(h.t, games, 0)
	c, _ := h.s.Open(path)
	h.Queue.RunOne(h.t)
	return c
}

func TestPickerFillsWhileIndexing(t *testing.T) {
	h := newHarness(t)
	c := h.openBig(5000)
	p := h.picked(c)
	// The first part is 200 games, or the first sections (64 kB and
	// more) that hold them.
	shown := p.order.Len()
	if shown == 0 || shown > 1000 {
		t.Fatalf("%d games listed in the first part", shown)
	}
	if !p.progress.Visible() || !p.stopBtn.Visible() || p.progress.Value <= 0 || p.progress.Value >= 1 {
		t.Errorf("progress while indexing: shown %v, value %v", p.progress.Visible(), p.progress.Value)
	}
	h.WantDialog("Reading the file…")
	// The list can be used meanwhile.
	h.TapButton("White")
	if by, _ := p.order.SortedBy(); by != collection.ColWhite {
		t.Error("sorting waits for the indexing")
	}
	h.Queue.RunUntil(t, c)
	if state, _, _, _ := c.State(); p.order.Len() != 5000 || state != collection.Indexed {
		t.Fatalf("%d games listed at the end, state %v", p.order.Len(), state)
	}
	if got := p.column(collection.ColWhite)[:3]; got[0] != "Player 1" || got[1] != "Player 10" || got[2] != "Player 100" {
		t.Errorf("games read later are not sorted in: %v", got)
	}
	if p.progress.Visible() || p.stopBtn.Visible() {
		t.Error("progress still shown")
	}
	h.WantDialog("Games: 5000")
}

func TestStopIndexingKeepsTheGamesFound(t *testing.T) {
	h := newHarness(t)
	c := h.openBig(400)
	p := h.picked(c)
	h.TapButton("Stop reading")
	found := p.order.Len()
	h.Queue.RunUntil(t, c)
	if state, _, _, _ := c.State(); state != collection.Stopped || p.order.Len() != found || found == 0 {
		t.Fatalf("state %v, %d games listed, %d when stopped", state, p.order.Len(), found)
	}
	h.WantDialog("reading stopped at")
	h.TapButton("Open")
	if h.s.Game().Tag("White") != "Player 1" {
		t.Errorf("opened %q", h.s.Game().Tag("White"))
	}
}

func TestCancelWhileIndexingKeepsTheGame(t *testing.T) {
	h := newHarness(t)
	h.Play("e2e4 e7e5")
	c := h.openBig(400)
	p := h.picked(c)
	h.TapButton("Cancel")
	h.Queue.RunUntil(t, c)
	if state, _, _, _ := c.State(); state != collection.Stopped || p.visible {
		t.Errorf("state %v, picker shown %v", state, p.visible)
	}
	if h.History() != "e4 e5" || (h.s.Collection() != nil) || h.s.Path() != "" {
		t.Errorf("the game changed: %q, collection %v", h.History(), (h.s.Collection() != nil))
	}
	if got := h.DialogText(); got != "" {
		t.Errorf("a dialog is left: %s", got)
	}
}

func TestOpenAGameWhileIndexingGoesOn(t *testing.T) {
	h := newHarness(t)
	c := h.openBig(400)
	h.picked(c)
	h.TapButton("Open")
	if h.s.Game().Tag("White") != "Player 1" || !(h.s.Collection() != nil) {
		t.Fatalf("opened %q", h.s.Game().Tag("White"))
	}
	h.Queue.RunUntil(t, c)
	if state, _, _, _ := c.State(); state != collection.Indexed || c.Order().Len() != 400 {
		t.Errorf("state %v, %d games", state, c.Order().Len())
	}
	h.r.stepGame(-1)
	h.r.stepGame(1)
	if h.s.Game().Tag("White") != "Player 2" {
		t.Errorf("next game: %q", h.s.Game().Tag("White"))
	}
}

func TestOpeningAnotherFileClosesTheCollection(t *testing.T) {
	h := newHarness(t)
	first := h.openGames(pickerGames)
	h.TapButton("Open")
	second := h.openGames(gametest.PGNGame("White=X", 2) + gametest.PGNGame("White=Y", 2))
	if h.s.Collection() != first {
		t.Error("the collection changed before a game of the new file was opened")
	}
	h.TapButton("Open")
	if h.s.Collection() != second || h.s.Game().Tag("White") != "X" {
		t.Errorf("the new file's collection is not the one in use")
	}
	h.openGames(gametest.PGNGame("White=Solo", 2))
	if (h.s.Collection() != nil) || h.s.Collection() != nil {
		t.Error("a single game still has a next and previous game")
	}
}

func TestChangedFileIsNotMisread(t *testing.T) {
	h := newHarness(t)
	c := h.openGames(pickerGames)
	h.TapButton("Cancel")
	uitest.WriteFile(t, c.Path(), "[White \"Other\"]\n\n1. d4 *\n"+pickerGames)
	h.r.show(c, true)
	h.TapButton("Open")
	h.WantDialog("changed")
	if h.History() != "" {
		t.Errorf("a game was read from the changed file: %q", h.History())
	}
}

func TestOpenEdgeFiles(t *testing.T) {
	// Every file of tricky PGN opens as a game, a picker or an error
	// message, and every game listed opens or says why it cannot.
	paths := shared.Glob(t, "pgn", "edge", "*.pgn")
	h := newHarness(t)
	for _, path := range paths {
		c := h.open(path)
		if c == nil {
			t.Fatalf("%s: not opened", path)
		}
		if p := h.r.lists[c]; p != nil {
			for row := range min(p.order.Len(), 2) {
				h.r.openGame(c, p.order.Game(row))
			}
			p.close()
		}
		for o := h.Env.Window.Canvas().Overlays().Top(); o != nil; o = h.Env.Window.Canvas().Overlays().Top() {
			h.Env.Window.Canvas().Overlays().Remove(o)
		}
	}
}

// TestALongListIsSortedWhileTheWindowAnswers: a list of more games than
// are sorted at once is sorted off the window's goroutine: the heading
// says the new order at once, the list stays as it was until the sorted
// one comes, which then shows with the selected game in view.
func TestALongListIsSortedWhileTheWindowAnswers(t *testing.T) {
	const games = 60_000 // more than the session sorts at once
	h := newHarness(t)
	path, _, _ := bigFile(t, games, 0)
	c := h.open(path)
	p := h.picked(c)
	h.TapButton("White")
	if by, _ := p.order.SortedBy(); by != collection.ColWhite || !slices.Equal(p.column(collection.ColNumber)[:3], []string{"1", "2", "3"}) {
		t.Fatalf("right after the click: sorted by %v, first games %v", by, p.column(collection.ColNumber)[:3])
	}
	if got := p.heading(collection.ColWhite); got != "White ▲" {
		t.Errorf("heading %q right after the click", got)
	}
	for !p.order.Arranged() {
		h.Queue.RunOne(t)
	}
	if got := p.column(collection.ColWhite)[:3]; got[0] != "Player 1" || got[1] != "Player 10" || got[2] != "Player 100" {
		t.Errorf("sorted by White: %v", got)
	}
	if p.order.Len() != games || p.order.Busy() != collection.NotBusy {
		t.Errorf("%d games listed, busy %v", p.order.Len(), p.order.Busy())
	}
	h.WantDialog("Games: 60000")
}
