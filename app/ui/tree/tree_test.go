package tree

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/explore"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/game/gametest"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/app/ui/words"
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

func TestTreeListsTheMovesOfThePositionShown(t *testing.T) {
	h := newHarness(t)
	h.openTree(treeGames)
	h.s.ShowStart()
	want := []string{"e4 3 1/0/1 2300", "d4 1 0/1/0 0"}
	if got := h.treeRows(); !slices.Equal(got, want) {
		t.Errorf("start position: %v, want %v", got, want)
	}
	if got := h.p.status.Text; !strings.Contains(got, "Games reaching this position: 4") || !strings.Contains(got, "— 1 game of the file could not be read") {
		t.Errorf("status %q", got)
	}
	h.s.Step(1)
	want = []string{"e5 2 1/0/0 2300", "c5 1 0/0/1 2500"}
	if got := h.treeRows(); !slices.Equal(got, want) {
		t.Errorf("after 1. e4: %v, want %v", got, want)
	}
	h.Shortcut(kit.OpeningTree)
	if h.p.shown || h.p.box.Visible() {
		t.Error("Ctrl+T again does not hide the tree")
	}
}

// At the end of a game that no other went on from, and in a side line
// no game of the file played, the panel says so instead of leaving its
// table empty without a word.
func TestTreeSaysWhenNoGameGoesOn(t *testing.T) {
	h := newHarness(t)
	h.openTree(treeGames)
	end := h.s.Game().MainLine()
	h.s.Show(end[len(end)-1]) // 2... Nc6: the first game ends there
	if got := h.p.status.Text; got != "Games reaching this position: 1 — none goes on from here — 1 game of the file could not be read" {
		t.Errorf("at the end of the game: %q", got)
	}
	h.sideLine(0, "a7a6") // 1. e4 a6: no game
	if rows := h.treeRows(); len(rows) != 0 {
		t.Errorf("after 1... a6: %v", rows)
	}
	if got := h.p.status.Text; got != "No game of the file reaches this position — 1 game of the file could not be read" {
		t.Errorf("after 1... a6: %q", got)
	}
	if !h.p.gamesBtn.Disabled() {
		t.Error("Games with this position… is enabled for a position no game reaches")
	}
}

func TestTreeMovePlaysOnTheBoard(t *testing.T) {
	h := newHarness(t)
	h.openTree(treeGames)
	h.s.ShowStart()
	h.tapTreeRow(0) // e4, the move of the game on screen: browsing
	if n := h.s.Shown(); n.SAN() != "e4" || n != h.s.Game().MainLine()[0] {
		t.Fatalf("clicking e4 shows %q", n.SAN())
	}
	if got := h.treeRows(); len(got) != 2 || !strings.HasPrefix(got[0], "e5 2") {
		t.Errorf("after clicking e4: %v", got)
	}
	h.tapTreeRow(1) // c5: not the game's move, a side line is offered
	if len(h.player.forks) != 1 || h.player.forks[0] != "c7c5" {
		t.Errorf("the play room was given %v to start a side line", h.player.forks)
	}
}

func TestTreeGamesWithThisPositionListsThem(t *testing.T) {
	h := newHarness(t)
	h.openTree(treeGames)
	h.s.Show(h.s.Game().MainLine()[1]) // 1. e4 e5
	test.Tap(h.p.gamesBtn)
	if got := gamesIn(h.lister.only); !slices.Equal(got, []int{0, 4}) || h.lister.position != "the position after 1... e5" {
		t.Errorf("games with 1. e4 e5: %v, %q", got, h.lister.position)
	}
}

// View ▸ Games with this position… (Ctrl+Shift+L) does what the panel's
// button does, and is enabled exactly when the button is.
func TestTreeGamesWithThisPositionFromTheMenu(t *testing.T) {
	h := newHarness(t)
	refused := func() bool { return h.Env.Commands.Refused(kit.TreeGames) != "" }
	if !refused() {
		t.Error("enabled without a file")
	}
	h.openTree(treeGames)
	h.s.Show(h.s.Game().MainLine()[1]) // 1. e4 e5
	if refused() || h.p.gamesBtn.Disabled() {
		t.Fatal("disabled for a position two games reach")
	}
	h.Shortcut(kit.TreeGames)
	if got := gamesIn(h.lister.only); !slices.Equal(got, []int{0, 4}) {
		t.Errorf("games with 1. e4 e5: %v", got)
	}
	h.lister.only = nil
	h.sideLine(0, "a7a6") // 1. e4 a6: no game
	if !refused() || !h.p.gamesBtn.Disabled() {
		t.Error("enabled for a position no game reaches")
	}
	h.s.Show(h.s.Game().MainLine()[1])
	h.Shortcut(kit.OpeningTree) // the tree hidden
	if !refused() {
		t.Error("enabled with the tree hidden")
	}
	h.Shortcut(kit.TreeGames)
	if h.lister.only != nil {
		t.Error("Ctrl+Shift+L lists the games with the tree hidden")
	}
}

func TestTreeOfAnotherFileReplacesTheBuildRunning(t *testing.T) {
	h := newHarness(t)
	h.openGames(treeGames)
	h.Shortcut(kit.OpeningTree)
	if h.p.build == nil {
		t.Fatal("showing the tree did not start building it")
	}
	other := filepath.Join(t.TempDir(), "other.pgn")
	uitest.WriteFile(t, other, "[Result \"1-0\"]\n\n1. c4 e5 1-0\n\n[Result \"0-1\"]\n\n1. c4 c5 0-1\n")
	h.openFile(other, true)
	h.waitForTree()
	h.s.ShowStart()
	if got := h.treeRows(); !slices.Equal(got, []string{"c4 2 1/0/1 0"}) {
		t.Errorf("the tree of the second file shows %v", got)
	}
	if h.p.tree.Len() != 2 {
		t.Errorf("the tree has %d games", h.p.tree.Len())
	}
}

func TestTreeWaitsForAFile(t *testing.T) {
	h := newHarness(t)
	h.Shortcut(kit.OpeningTree)
	if h.p.build != nil || len(h.p.table.Rows()) != 0 {
		t.Error("a tree is built for a game of no file")
	}
	if got := h.p.status.Text; !strings.Contains(got, "Open a file of games") {
		t.Errorf("status %q", got)
	}
}

func TestTreeFollowsANewLanguage(t *testing.T) {
	h := newHarness(t)
	locale := words.SystemLocale()
	t.Cleanup(func() { locale.Use("") })
	h.openTree(treeGames)
	h.s.ShowStart()
	h.Env.Language, _ = locale.Use("fr")
	h.Show(h.p.Build())
	title, ok := uitest.Find(h.Env.Window.Content(), func(l *widget.Label) bool { return l.Text == "Arbre des ouvertures" })
	if !ok || !title.Visible() {
		t.Fatal("the window in French shows no opening tree")
	}
	if got := h.treeRows(); len(got) != 2 || !strings.HasPrefix(got[0], "e4 3") {
		t.Errorf("rows in French: %v", got)
	}
	if got := h.p.status.Text; !strings.Contains(got, "Parties arrivant à cette position\u00a0: 4") || !strings.Contains(got, "— 1 partie du fichier n’a pas pu être lue") {
		t.Errorf("status in French: %q", got)
	}
}

func TestTreeIsBuiltAgainWhenAGameIsSavedIntoTheFile(t *testing.T) {
	h := newHarness(t)
	h.openTree("[White \"A\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n[White \"B\"]\n[Result \"1-0\"]\n\n1. d4 d5 1-0\n")
	old := h.p.tree
	h.s.Show(h.s.Game().MainLine()[1]) // 1. e4 e5, the end of game 1
	if got := h.treeRows(); len(got) != 0 {
		t.Fatalf("moves after 1... e5 before saving: %v", got)
	}
	h.Play("g1f3")
	if h.History() != "e4 e5 Nf3" {
		t.Fatalf("the game is %s", h.History())
	}
	if h.p.tree != old || h.p.build != nil {
		t.Fatal("the tree was built again before the game was saved")
	}
	if err := h.s.Save(); err != nil {
		t.Fatal(err)
	}
	if h.p.build == nil {
		t.Fatal("saving the game into the file does not build its tree again")
	}
	h.waitForTree()
	h.s.Show(h.s.Game().MainLine()[1])
	if got := h.treeRows(); !slices.Equal(got, []string{"Nf3 1 0/0/0 0"}) {
		t.Errorf("moves after 1... e5 once saved: %v", got)
	}
	if got := h.p.status.Text; !strings.Contains(got, "Games reaching this position: 1") {
		t.Errorf("status %q", got)
	}
}

func TestTreeSaysGameInTheSingular(t *testing.T) {
	h := newHarness(t)
	h.openTree(treeGames)
	p := h.p
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
		uitest.WriteFile(t, path, c.text)
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

// A tree kept in the cache comes while its file is still being indexed;
// only building one waits for the index.
func TestTreeKeptInTheCacheComesBeforeTheIndex(t *testing.T) {
	h := newHarness(t)
	p := h.p
	path := bigFile(t, 1000)
	// openFirstPart opens the file, reads the first part of its index
	// and opens its first game, while the rest waits in the queue.
	openFirstPart := func(path string) *collection.Collection {
		c := h.openFile(path, false)
		if state, _, _, _ := c.State(); state != collection.Indexing || h.s.Path() != path {
			t.Fatalf("%s: state %v, the game on screen from %q", path, state, h.s.Path())
		}
		return c
	}

	// Not cached yet: the tree is built once the file is indexed.
	c := openFirstPart(path)
	h.Shortcut(kit.OpeningTree)
	if p.build != nil && !p.build.cachedOnly {
		t.Fatal("the tree is being built while the file is indexed")
	}
	h.Queue.RunUntil(t, c)
	h.waitForTree()
	want := h.treeRows()
	if len(want) == 0 {
		t.Fatal("no move at the end of the first game")
	}

	// Another file, the tree hidden; then the first again.
	h.Shortcut(kit.OpeningTree)
	other := bigFile(t, 300)
	h.Queue.RunUntil(t, openFirstPart(other))
	c = openFirstPart(path)
	h.Shortcut(kit.OpeningTree)
	if p.build == nil || !p.build.cachedOnly {
		t.Fatal("the tree kept in the cache is not asked for while the file is indexed")
	}
	if got := p.status.Text; got != "The tree is built once the file is read." || p.progress.Visible() || p.stopBtn.Visible() {
		t.Errorf("looking in the cache shows %q, progress shown %v, Stop shown %v", got, p.progress.Visible(), p.stopBtn.Visible())
	}
	for p.build != nil {
		h.Queue.RunOne(t)
	}
	if p.tree == nil {
		t.Fatalf("no tree from the cache: %s", p.status.Text)
	}
	if got := h.treeRows(); !slices.Equal(got, want) {
		t.Errorf("from the cache: %v, built: %v", got, want)
	}
	h.Queue.RunUntil(t, c)
	if p.build != nil || p.tree == nil {
		t.Error("the tree is built again once the file is indexed")
	}
}

// bigFile is a file of many games.
func bigFile(t *testing.T, games int) string {
	t.Helper()
	var b strings.Builder
	for i := range games {
		b.WriteString(gametest.PGNGame(fmt.Sprintf("White=Player_%d Black=Other_%d Result=1-0", i+1, i%7), 6+i%40))
	}
	path := filepath.Join(t.TempDir(), "big.pgn")
	uitest.WriteFile(t, path, b.String())
	return path
}

// The program's log tells how long the tree took and the most memory the
// program held, which is how big files are measured in the real window.
func TestTreeLogsItsPeakMemory(t *testing.T) {
	if peakMemory() == 0 {
		t.Skip("this system does not tell a program's peak memory")
	}
	var out strings.Builder
	log.SetOutput(&out)
	t.Cleanup(func() { log.SetOutput(os.Stderr) })
	h := newHarness(t)
	h.openTree(treeGames)
	line := regexp.MustCompile(`opening tree: 5 games, \d+ positions in \S+, peak (\d+) MB\n`).FindStringSubmatch(out.String())
	if line == nil {
		t.Fatalf("log %q", out.String())
	}
	if mb, _ := strconv.Atoi(line[1]); mb < 1 {
		t.Errorf("peak %s MB", line[1])
	}
}

// A tree being built shows its progress by whole percents, as its status
// says it: the window is not redrawn for less.
func TestTreeProgressByWholePercents(t *testing.T) {
	h := newHarness(t)
	h.openGames(treeGames)
	h.Shortcut(kit.OpeningTree)
	b := h.p.build
	if b == nil {
		t.Fatal("showing the tree did not start building it")
	}
	for _, done := range []int64{1234, 1290} {
		h.p.progressed(b, done, 10000)
		if got := h.p.progress.Value; got != 0.12 || !strings.Contains(h.p.status.Text, "12%") {
			t.Errorf("%d bytes of 10000 read: the bar at %v, the status %q", done, got, h.p.status.Text)
		}
	}
	h.waitForTree()
}

// A new game, or a position pasted, is of no file: the tree shows none
// of the moves of the file shown before, whether the panel was shown or
// hidden meanwhile, and says why it is empty.
func TestTreeOfNoFileShowsNoMoves(t *testing.T) {
	for _, c := range []struct {
		name, fen, moves string
		hidden           bool
	}{
		{name: "new game", moves: "e2e4"},
		{name: "new game, tree hidden meanwhile", moves: "d2d4", hidden: true},
		{name: "pasted position", fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t)
			h.openTree(treeGames)
			h.s.ShowStart()
			if len(h.treeRows()) == 0 {
				t.Fatal("the tree of the file shows no moves from the start")
			}
			if c.hidden {
				h.Shortcut(kit.OpeningTree)
			}
			if err := h.s.Start(h.Env.NewGame(c.fen, game.TimeControl{}), session.Computer{}); err != nil {
				t.Fatal(err)
			}
			if c.moves != "" {
				h.Play(c.moves)
			}
			if c.hidden {
				h.Shortcut(kit.OpeningTree)
			}
			if got := h.treeRows(); len(got) != 0 {
				t.Errorf("the tree of a game of no file shows %v", got)
			}
			if got := h.p.status.Text; !strings.Contains(got, "Open a file of games") {
				t.Errorf("status %q", got)
			}
		})
	}
}

// A file another program changed since its tree was built has its tree
// built again, of the file as it is, once a move is made.
func TestTreeOfAFileChangedByAnotherProgramIsBuiltAgain(t *testing.T) {
	h := newHarness(t)
	h.openTree(treeGames)
	old := h.p.tree
	f, err := os.OpenFile(h.s.Path(), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("\n[Result \"1-0\"]\n\n1. d4 Nf6 1-0\n")
	f.Close()
	h.s.ShowStart()
	h.Play("d2d4") // game 3 alone reached it
	if h.p.tree == old || h.p.build == nil {
		t.Fatal("the tree of the file as it was is still used")
	}
	h.waitForTree()
	if got := h.treeRows(); !slices.Equal(got, []string{"d5 1 0/1/0 0", "Nf6 1 1/0/0 0"}) {
		t.Errorf("after 1. d4 in the file as it is: %v", got)
	}
}

// The settings of the tree offer the room its kept trees take, 2 GB
// until another is chosen, which is kept.
func TestTreeSettingsChooseTheRoomOfTheKeptTrees(t *testing.T) {
	h := newHarness(t)
	h.Show(h.p.SettingsTab(&kit.Scope{}))
	sel, ok := uitest.Find(h.Env.Window.Content(), func(s *kit.Select) bool { return true })
	if !ok {
		t.Fatal("no choice of room")
	}
	if sel.Selected != "2 GB" || !slices.Equal(sel.Options, []string{"256 MB", "512 MB", "1 GB", "2 GB", "5 GB", "10 GB"}) {
		t.Errorf("%q chosen among %q", sel.Selected, sel.Options)
	}
	sel.SetSelected("512 MB")
	if got := h.Env.Settings.TreeRoom(); got != 512 {
		t.Errorf("room %d MB kept, want 512", got)
	}
}

// A tree whose file in the cache is found damaged when a position is
// looked up is built again, and the status line says so.
func TestTreeFoundDamagedIsBuiltAgain(t *testing.T) {
	h := newHarness(t)
	h.openTree(treeGames)
	old := h.p.tree
	names, _ := filepath.Glob(filepath.Join(h.p.cacheDir, "*.tree"))
	if len(names) != 1 {
		t.Fatalf("the cache holds %v", names)
	}
	// Its pages, between its header and its tables, zeroed.
	f, err := os.OpenFile(names[0], os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	st, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(make([]byte, st.Size()-2048), 1024); err != nil {
		t.Fatal(err)
	}
	f.Close()
	h.s.ShowStart()
	h.Play("d2d4")
	if h.p.tree == old || h.p.build == nil {
		t.Fatal("the damaged tree is still used")
	}
	if got := h.Env.Status.Text(); !strings.Contains(got, "damaged") {
		t.Errorf("status line %q", got)
	}
	h.waitForTree()
	if got := h.treeRows(); !slices.Equal(got, []string{"d5 1 0/1/0 0"}) {
		t.Errorf("after 1. d4, built again: %v", got)
	}
}
