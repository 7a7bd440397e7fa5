package app

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/explore"
	"github.com/echiquier/echiquier/app/session"
)

// treeGames is a file of five games: rated ones, a draw, one with a
// syntax error (counted in the numbers, in no position) and one without
// a result.
const treeGames = `[White "A"]
[Black "B"]
[Result "1-0"]
[WhiteElo "2400"]
[BlackElo "2300"]

1. e4 e5 2. Nf3 Nc6 1-0

[White "C"]
[Black "D"]
[Result "0-1"]
[WhiteElo "2200"]
[BlackElo "2500"]

1. e4 c5 2. Nf3 0-1

[White "E"]
[Black "F"]
[Result "1/2-1/2"]

1. d4 d5 1/2-1/2

[White "Broken"]
[Black "Game"]

1. e4 ) e5 *

[White "G"]
[Black "H"]
[Result "*"]

1. e4 e5 2. Bc4 *
`

// openTree opens a file of games, its first game, and the opening tree,
// with the trees cached in a folder of the test's.
func (h *harness) openTree(text string) *session.Collection {
	h.t.Helper()
	h.app.tree.cacheDir = h.t.TempDir()
	c := h.openGames(text)
	h.tapButton("Open")
	h.shortcut(fyne.KeyT)
	if !h.app.tree.shown {
		h.t.Fatal("Ctrl+T does not show the opening tree")
	}
	h.waitForTree()
	return c
}

// waitForTree runs what the background hands over until the tree is
// built.
func (h *harness) waitForTree() {
	h.t.Helper()
	for h.app.tree.build != nil {
		h.queue.runOne(h.t)
	}
	if h.app.tree.tree == nil {
		h.t.Fatalf("no tree built: %s", h.app.tree.status.Text)
	}
}

// treeRows returns the rows of the tree as "move games W/D/B elo".
func (h *harness) treeRows() []string {
	var out []string
	for _, r := range h.app.tree.table.Rows() {
		out = append(out, strings.Join([]string{r.Move, strconv.Itoa(r.Games), strconv.Itoa(r.WhiteWins) + "/" + strconv.Itoa(r.Draws) + "/" + strconv.Itoa(r.BlackWins), strconv.Itoa(r.AvgElo)}, " "))
	}
	return out
}

// tapTreeRow clicks a move of the tree where the window draws it.
func (h *harness) tapTreeRow(row int) {
	h.t.Helper()
	tt := h.app.tree.table
	pos, ok := tt.RowPosition(row)
	if !ok {
		h.t.Fatalf("tree row %d is not drawn", row)
	}
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(tt).Add(pos)
	test.TapCanvas(h.app.win.Canvas(), at)
}

func TestTreeListsTheMovesOfThePositionShown(t *testing.T) {
	h := newHarness(t)
	h.openTree(treeGames)
	h.app.showStart()
	want := []string{"e4 3 1/0/1 2300", "d4 1 0/1/0 0"}
	if got := h.treeRows(); !slices.Equal(got, want) {
		t.Errorf("start position: %v, want %v", got, want)
	}
	if got := h.app.tree.status.Text; !strings.Contains(got, "Games reaching this position: 4") || !strings.Contains(got, "— 1 game of the file could not be read") {
		t.Errorf("status %q", got)
	}
	h.app.step(1)
	want = []string{"e5 2 1/0/0 2300", "c5 1 0/0/1 2500"}
	if got := h.treeRows(); !slices.Equal(got, want) {
		t.Errorf("after 1. e4: %v, want %v", got, want)
	}
	h.shortcut(fyne.KeyT)
	if h.app.tree.shown || len(h.app.tree.slotBox.Objects) != 1 || h.app.tree.slotBox.Objects[0] != h.app.tree.list {
		t.Error("Ctrl+T again does not hide the tree")
	}
}

// At the end of a game that no other went on from, and in a side line
// no game of the file played, the panel says so instead of leaving its
// table empty without a word.
func TestTreeSaysWhenNoGameGoesOn(t *testing.T) {
	h := newHarness(t)
	h.openTree(treeGames)
	end := h.app.sess.Game().MainLine()
	h.app.showNode(end[len(end)-1]) // 2... Nc6: the first game ends there
	if got := h.app.tree.status.Text; got != "Games reaching this position: 1 — none goes on from here — 1 game of the file could not be read" {
		t.Errorf("at the end of the game: %q", got)
	}
	h.moveAfter(0, "a7a6", "Start a side line") // 1. e4 a6: no game
	if rows := h.treeRows(); len(rows) != 0 {
		t.Errorf("after 1... a6: %v", rows)
	}
	if got := h.app.tree.status.Text; got != "No game of the file reaches this position — 1 game of the file could not be read" {
		t.Errorf("after 1... a6: %q", got)
	}
	if !h.app.tree.gamesBtn.Disabled() {
		t.Error("Games with this position… is enabled for a position no game reaches")
	}
}

func TestTreeMovePlaysOnTheBoard(t *testing.T) {
	h := newHarness(t)
	h.openTree(treeGames)
	h.app.showStart()
	h.tapTreeRow(0) // e4, the move of the game on screen: browsing
	if n := h.app.sess.Shown(); n.SAN() != "e4" || n != h.app.sess.Game().MainLine()[0] {
		t.Fatalf("clicking e4 shows %q", n.SAN())
	}
	if got := h.treeRows(); len(got) != 2 || !strings.HasPrefix(got[0], "e5 2") {
		t.Errorf("after clicking e4: %v", got)
	}
	h.tapTreeRow(1) // c5: not the game's move, a side line is offered
	h.wantDialog("side line")
}

func TestTreeGamesWithThisPositionFilterThePicker(t *testing.T) {
	h := newHarness(t)
	c := h.openTree(treeGames)
	h.app.showNode(h.app.sess.Game().MainLine()[1]) // 1. e4 e5
	test.Tap(h.app.tree.gamesBtn)
	p := h.picked(c)
	if got := p.column(session.ColWhite); !slices.Equal(got, []string{"A", "G"}) {
		t.Errorf("games with 1. e4 e5: %v", got)
	}
	h.wantDialog("Only the games that reach the position after 1... e5")
	h.wantDialog("Games: 2 of 4")
	h.tapButton("Show all games")
	if got := p.column(session.ColWhite); !slices.Equal(got, []string{"A", "C", "E", "G"}) {
		t.Errorf("all games again: %v", got)
	}
	if p.only.box.Visible() {
		t.Error("the list still says it is kept to some games")
	}
}

// View ▸ Games with this position… (Ctrl+Shift+L) does what the panel's
// button does, and is enabled exactly when the button is.
func TestTreeGamesWithThisPositionFromTheMenu(t *testing.T) {
	h := newHarness(t)
	gamesItem := func() *fyne.MenuItem {
		for _, m := range h.app.win.MainMenu().Items {
			for _, it := range m.Items {
				if it.Label == "Games with this position…" {
					return it
				}
			}
		}
		t.Fatal("no menu item Games with this position…")
		return nil
	}
	ctrlShiftL := func() {
		h.app.win.Canvas().(fyne.Shortcutable).TypedShortcut(&desktop.CustomShortcut{
			KeyName: fyne.KeyL, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift})
	}
	if !gamesItem().Disabled {
		t.Error("enabled without a file")
	}
	c := h.openTree(treeGames)
	h.app.showNode(h.app.sess.Game().MainLine()[1]) // 1. e4 e5
	if gamesItem().Disabled || h.app.tree.gamesBtn.Disabled() {
		t.Fatal("disabled for a position two games reach")
	}
	ctrlShiftL()
	p := h.picked(c)
	if got := p.column(session.ColWhite); !slices.Equal(got, []string{"A", "G"}) {
		t.Errorf("games with 1. e4 e5: %v", got)
	}
	h.tapButton("Cancel")
	h.moveAfter(0, "a7a6", "Start a side line") // 1. e4 a6: no game
	if !gamesItem().Disabled || !h.app.tree.gamesBtn.Disabled() {
		t.Error("enabled for a position no game reaches")
	}
	h.app.showNode(h.app.sess.Game().MainLine()[1])
	h.shortcut(fyne.KeyT) // the tree hidden
	if !gamesItem().Disabled {
		t.Error("enabled with the tree hidden")
	}
	ctrlShiftL()
	if p.visible {
		t.Error("Ctrl+Shift+L lists the games with the tree hidden")
	}
}

func TestTreeOfAnotherFileReplacesTheBuildRunning(t *testing.T) {
	h := newHarness(t)
	h.app.tree.cacheDir = t.TempDir()
	h.openGames(treeGames)
	h.tapButton("Open")
	h.shortcut(fyne.KeyT)
	if h.app.tree.build == nil {
		t.Fatal("showing the tree did not start building it")
	}
	other := filepath.Join(t.TempDir(), "other.pgn")
	writeFile(t, other, "[Result \"1-0\"]\n\n1. c4 e5 1-0\n\n[Result \"0-1\"]\n\n1. c4 c5 0-1\n")
	h.open(other)
	h.tapButton("Open")
	h.waitForTree()
	h.app.showStart()
	if got := h.treeRows(); !slices.Equal(got, []string{"c4 2 1/0/1 0"}) {
		t.Errorf("the tree of the second file shows %v", got)
	}
	if h.app.tree.tree.Len() != 2 {
		t.Errorf("the tree has %d games", h.app.tree.tree.Len())
	}
}

func TestTreeWaitsForAFile(t *testing.T) {
	h := newHarness(t)
	h.shortcut(fyne.KeyT)
	if h.app.tree.build != nil || len(h.app.tree.table.Rows()) != 0 {
		t.Error("a tree is built for a game of no file")
	}
	if got := h.app.tree.status.Text; !strings.Contains(got, "Open a file of games") {
		t.Errorf("status %q", got)
	}
}

func TestTreeFollowsANewLanguage(t *testing.T) {
	h := newHarness(t)
	t.Cleanup(func() { h.app.locale.Use("") })
	h.openTree(treeGames)
	h.app.showStart()
	h.app.settings.SetLanguage("fr")
	h.app.changeLanguage()
	title, ok := find(h.app.ui.content, func(l *widget.Label) bool { return l.Text == "Arbre des ouvertures" })
	if !ok || !title.Visible() {
		t.Fatal("the window in French shows no opening tree")
	}
	if got := h.treeRows(); len(got) != 2 || !strings.HasPrefix(got[0], "e4 3") {
		t.Errorf("rows in French: %v", got)
	}
	if got := h.app.tree.status.Text; !strings.Contains(got, "Parties arrivant à cette position\u00a0: 4") || !strings.Contains(got, "— 1 partie du fichier n’a pas pu être lue") {
		t.Errorf("status in French: %q", got)
	}
}

func TestTreeIsBuiltAgainWhenAGameIsSavedIntoTheFile(t *testing.T) {
	h := newHarness(t)
	h.openTree("[White \"A\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n[White \"B\"]\n[Result \"1-0\"]\n\n1. d4 d5 1-0\n")
	old := h.app.tree.tree
	h.app.showNode(h.app.sess.Game().MainLine()[1]) // 1. e4 e5, the end of game 1
	if got := h.treeRows(); len(got) != 0 {
		t.Fatalf("moves after 1... e5 before saving: %v", got)
	}
	h.play("g1f3")
	if h.history() != "e4 e5 Nf3" {
		t.Fatalf("the game is %s", h.history())
	}
	if h.app.tree.tree != old || h.app.tree.build != nil {
		t.Fatal("the tree was built again before the game was saved")
	}
	h.app.save()
	if h.app.tree.build == nil {
		t.Fatal("saving the game into the file does not build its tree again")
	}
	h.waitForTree()
	h.app.showNode(h.app.sess.Game().MainLine()[1])
	if got := h.treeRows(); !slices.Equal(got, []string{"Nf3 1 0/0/0 0"}) {
		t.Errorf("moves after 1... e5 once saved: %v", got)
	}
	if got := h.app.tree.status.Text; !strings.Contains(got, "Games reaching this position: 1") {
		t.Errorf("status %q", got)
	}
}

func TestTreeSaysGameInTheSingular(t *testing.T) {
	h := newHarness(t)
	h.openTree(treeGames)
	p := &h.app.tree
	p.ended = true
	p.showStatus()
	if got := p.status.Text; !strings.Contains(got, "tree stopped after 5 games") {
		t.Errorf("status of a tree stopped after 5 games: %q", got)
	}
	for _, c := range []struct{ text, want string }{
		{"[Result \"1-0\"]\n\n1. d4 1-0\n", "— tree stopped after 1 game"},
		{"", "— tree stopped before the first game"},
	} {
		path := filepath.Join(t.TempDir(), "part.pgn")
		writeFile(t, path, c.text)
		tree, err := explore.Build(context.Background(), path, nil)
		if err != nil {
			t.Fatal(err)
		}
		p.tree.Close()
		p.tree = tree
		p.showStatus()
		if got := p.status.Text; !strings.Contains(got, c.want) {
			t.Errorf("status %q, want %q", got, c.want)
		}
	}
}

// A build that ends at the positions a tree holds keeps the tree of the
// games before, and says why it has only those.
func TestTreeOfTooManyPositionsKeepsTheGamesBefore(t *testing.T) {
	h := newHarness(t)
	h.openTree(treeGames)
	p := &h.app.tree
	b := &treeBuild{cancel: func() {}}
	p.build = b
	tree := p.tree
	p.tree = nil
	p.finished(b, tree, fmt.Errorf("reading: %w", explore.ErrTooManyPositions))
	if p.tree != tree || p.build != nil {
		t.Fatal("the tree of the games before is not kept")
	}
	if got := p.status.Text; !strings.Contains(got, "the tree holds the first 5 games: the file has more positions than it can hold") {
		t.Errorf("status %q", got)
	}
	h.app.showStart()
	if got := h.treeRows(); len(got) == 0 {
		t.Error("the tree shows no moves from the start")
	}
}

// A tree kept in the cache comes while its file is still being indexed;
// only building one waits for the index.
func TestTreeKeptInTheCacheComesBeforeTheIndex(t *testing.T) {
	h := newHarness(t)
	h.app.tree.cacheDir = t.TempDir()
	p := &h.app.tree
	path, _, _ := bigFile(t, 1000, 0)
	// openFirstPart opens the file, reads the first part of its index
	// and opens its first game, while the rest waits in the queue.
	openFirstPart := func(path string) *session.Collection {
		c := h.app.openPath(path)
		h.queue.runOne(t)
		h.tapButton("Open")
		if state, _, _, _ := c.State(); state != session.Indexing || h.app.sess.Path() != path {
			t.Fatalf("%s: state %v, the game on screen from %q", path, state, h.app.sess.Path())
		}
		return c
	}

	// Not cached yet: the tree is built once the file is indexed.
	c := openFirstPart(path)
	h.shortcut(fyne.KeyT)
	if p.build != nil && !p.build.cachedOnly {
		t.Fatal("the tree is being built while the file is indexed")
	}
	h.queue.runUntil(t, c)
	h.waitForTree()
	want := h.treeRows()
	if len(want) == 0 {
		t.Fatal("no move at the end of the first game")
	}

	// Another file, the tree hidden; then the first again.
	h.shortcut(fyne.KeyT)
	other, _, _ := bigFile(t, 300, 0)
	h.queue.runUntil(t, openFirstPart(other))
	c = openFirstPart(path)
	h.shortcut(fyne.KeyT)
	if p.build == nil || !p.build.cachedOnly {
		t.Fatal("the tree kept in the cache is not asked for while the file is indexed")
	}
	if got := p.status.Text; got != "The tree is built once the file is read." || p.progress.Visible() || p.stopBtn.Visible() {
		t.Errorf("looking in the cache shows %q, progress shown %v, Stop shown %v", got, p.progress.Visible(), p.stopBtn.Visible())
	}
	for p.build != nil {
		h.queue.runOne(t)
	}
	if p.tree == nil {
		t.Fatalf("no tree from the cache: %s", p.status.Text)
	}
	if got := h.treeRows(); !slices.Equal(got, want) {
		t.Errorf("from the cache: %v, built: %v", got, want)
	}
	h.queue.runUntil(t, c)
	if p.build != nil || p.tree == nil {
		t.Error("the tree is built again once the file is indexed")
	}
}
