package collection_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/collection"
)

// host records what a collection tells it, and runs what it posts when
// asked, as the window's goroutine does.
type host struct {
	queue   chan func()
	listed  int
	only    int
	changed int
	problem error
}

func (h *host) Post(f func())                 { h.queue <- f }
func (h *host) Listed(*collection.Collection) { h.listed++ }
func (h *host) Changed(_ *collection.Collection, problem error) {
	h.changed++
	if problem != nil {
		h.problem = problem
	}
}
func (h *host) OpenOnly(*collection.Collection) error { h.only++; return nil }

// open opens text as a file for a new host, and runs what the indexing
// posts until the file is read and checked.
func open(t *testing.T, text string) (*collection.Collection, *host) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	h := &host{queue: make(chan func(), 100)}
	c, err := collection.Open(path, h)
	if err != nil {
		t.Fatal(err)
	}
	for {
		select {
		case f := <-h.queue:
			f()
		case <-c.ReadingDone():
			select {
			case f := <-h.queue:
				f()
			default:
				return c, h
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the file is still read after 10 s")
		}
	}
}

// TestTheHostIsToldWhatTheFileHolds: a file of several games is listed,
// a file of one is opened as that game, and a file of no game, or of
// prose, is said to be one, each told to the host once.
func TestTheHostIsToldWhatTheFileHolds(t *testing.T) {
	_, h := open(t, "[White \"A\"]\n\n1. d4 *\n\n[White \"B\"]\n\n1. c4 *\n")
	if h.listed != 1 || h.only != 0 || h.problem != nil {
		t.Errorf("two games: listed %d, opened %d, problem %v", h.listed, h.only, h.problem)
	}
	c, h := open(t, "[White \"A\"]\n\n1. d4 *\n")
	if h.listed != 0 || h.only != 1 || h.problem != nil || !c.Single() {
		t.Errorf("one game: listed %d, opened %d, problem %v, single %v", h.listed, h.only, h.problem, c.Single())
	}
	_, h = open(t, " \n")
	var fe *collection.FileError
	if h.listed != 0 || h.only != 0 || !errors.As(h.problem, &fe) || !errors.Is(h.problem, collection.ErrNoGame) {
		t.Errorf("no game: listed %d, opened %d, problem %v", h.listed, h.only, h.problem)
	}
	_, h = open(t, "Dear club,\nthe tournament is on Friday at eight.\n")
	var np *collection.NotPGNError
	if h.listed != 0 || h.only != 0 || !errors.As(h.problem, &fe) || !errors.As(h.problem, &np) || !np.Whole {
		t.Errorf("prose: listed %d, opened %d, problem %v", h.listed, h.only, h.problem)
	}
}

// TestGameAroundFollowsTheList: the next and previous games are the
// list's, sorted as it was left, without a game that cannot be opened.
func TestGameAroundFollowsTheList(t *testing.T) {
	c, _ := open(t, "[White \"C\"]\n\n1. d4 *\n\n[White \"A\"]\n\n1. c4 *\n\n[White \"B\"]\n\n1. e4 e5 2. Ke3 *\n\n[White \"D\"]\n\n1. e4 *\n")
	if _, err := c.OpenGame(0, time.Now); err != nil {
		t.Fatal(err)
	}
	c.Order().SortBy(collection.ColWhite) // A, (B cannot be opened), C, D
	if i, ok := c.GameAround(-1); !ok || i != 1 {
		t.Errorf("before C: game %d %v, want A (1)", i, ok)
	}
	if i, ok := c.GameAround(1); !ok || i != 3 {
		t.Errorf("after C: game %d %v, want D (3)", i, ok)
	}
	if _, err := c.OpenGame(3, time.Now); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.GameAround(1); ok {
		t.Error("a game after the last one")
	}
}
