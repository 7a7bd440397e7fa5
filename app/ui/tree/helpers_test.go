package tree

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
)

// player stands for the play room: a move is played as the board plays
// it, and a move that would start a side line is only noted.
type player struct {
	s     *session.Session
	forks []string
}

func (p *player) Move(m game.Move) {
	pr, err := p.s.Propose(m)
	if err != nil {
		return
	}
	if pr.Kind == session.Fork {
		p.forks = append(p.forks, m.UCI())
		return
	}
	p.s.Play(pr, game.NoReason)
}

// lister stands for the picker room: it notes the games it is asked to
// list, and says a file is being read while one of those opened is.
type lister struct {
	only     []uint64
	position string
	opened   []*collection.Collection
}

func (l *lister) ShowOnly(games []uint64, position string) { l.only, l.position = games, position }

func (l *lister) Indexing() bool {
	for _, c := range l.opened {
		if state, _, _, _ := c.State(); state == collection.Indexing {
			return true
		}
	}
	return false
}

// harness is the room in Fyne's test driver, its panel shown under a
// stand-in for the move list.
type harness struct {
	*uitest.Harness
	t      testing.TB
	p      *Tree
	s      *session.Session
	player *player
	lister *lister
}

func newHarness(t testing.TB) *harness {
	t.Helper()
	u := uitest.New(t)
	h := &harness{Harness: u, t: t, s: u.Env.Session, player: &player{s: u.Env.Session}, lister: &lister{}}
	h.p = New(u.Env, h.player, h.lister, t.TempDir())
	u.Follow(h.p.Follow)
	u.Show(h.p.Build())
	return h
}

// openFirstPart opens a file and reads the first part of its index,
// while the rest waits in the queue; with all, the whole file.
func (h *harness) openFile(path string, all bool) *collection.Collection {
	h.t.Helper()
	c, err := h.s.Open(path)
	if err != nil {
		h.t.Fatal(err)
	}
	h.lister.opened = append(h.lister.opened, c)
	if all {
		h.Queue.RunUntil(h.t, c)
	} else {
		h.Queue.RunOne(h.t)
	}
	if h.s.Path() != path {
		if err := h.s.OpenGame(c, 0); err != nil {
			h.t.Fatal(err)
		}
	}
	return c
}

// openGames writes text to a file, opens it and its first game.
func (h *harness) openGames(text string) *collection.Collection {
	h.t.Helper()
	path := filepath.Join(h.t.TempDir(), "games.pgn")
	uitest.WriteFile(h.t, path, text)
	return h.openFile(path, true)
}

// openTree opens a file of games, its first game, and the opening tree.
func (h *harness) openTree(text string) *collection.Collection {
	h.t.Helper()
	c := h.openGames(text)
	h.Shortcut(kit.OpeningTree)
	if !h.p.shown {
		h.t.Fatal("Ctrl+T does not show the opening tree")
	}
	h.waitForTree()
	return c
}

// waitForTree runs what the background hands over until the tree is
// built.
func (h *harness) waitForTree() {
	h.t.Helper()
	for h.p.build != nil {
		h.Queue.RunOne(h.t)
	}
	if h.p.tree == nil {
		h.t.Fatalf("no tree built: %s", h.p.status.Text)
	}
}

// treeRows returns the rows of the tree as "move games W/D/B elo".
func (h *harness) treeRows() []string {
	var out []string
	for _, r := range h.p.table.Rows() {
		out = append(out, strings.Join([]string{r.Move, strconv.Itoa(r.Games), strconv.Itoa(r.WhiteWins) + "/" + strconv.Itoa(r.Draws) + "/" + strconv.Itoa(r.BlackWins), strconv.Itoa(r.AvgElo)}, " "))
	}
	return out
}

// tapTreeRow clicks a move of the tree where the window draws it.
func (h *harness) tapTreeRow(row int) {
	h.t.Helper()
	tt := h.p.table
	pos, ok := tt.RowPosition(row)
	if !ok {
		h.t.Fatalf("tree row %d is not drawn", row)
	}
	at := h.Env.App.Driver().AbsolutePositionForObject(tt).Add(pos)
	test.TapCanvas(h.Env.Window.Canvas(), at)
}

// sideLine shows the position after the main line's ply-th move (the
// first is 0) and starts a side line there with a move given as "c7c5".
func (h *harness) sideLine(ply int, move string) {
	h.t.Helper()
	h.s.Show(h.s.Game().MainLine()[ply])
	h.Play(move)
}

// gamesIn lists the games of a set, a bit a game.
func gamesIn(set []uint64) []int {
	var out []int
	for i := range len(set) * 64 {
		if set[i/64]&(1<<(i%64)) != 0 {
			out = append(out, i)
		}
	}
	return out
}
