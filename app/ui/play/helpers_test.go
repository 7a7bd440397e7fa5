package play

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
)

// fakeNotes is the annotation room, for the move list's menu.
type fakeNotes struct{ asked []*game.Node }

func (n *fakeNotes) MenuOf(node *game.Node) *fyne.Menu {
	n.asked = append(n.asked, node)
	return fyne.NewMenu("", fyne.NewMenuItem("Note", func() {}))
}

// harness is the play room in Fyne's test driver, with the commands of
// the other rooms its strip above the board runs faked, and the keys of
// the window given to it as the window does.
type harness struct {
	*uitest.Harness
	t     testing.TB
	p     *Play
	s     *session.Session
	notes *fakeNotes
	// ran counts the other rooms' commands run.
	ran map[kit.ID]int
	// refused counts the moves refused told to the sounds.
	refused int
}

// refusalCounter stands for the sounds room: it counts the moves
// refused.
type refusalCounter struct{ n *int }

func (r refusalCounter) MoveRefused() { *r.n++ }

func newHarness(t testing.TB) *harness {
	t.Helper()
	u := uitest.New(t)
	h := &harness{Harness: u, t: t, s: u.Env.Session, notes: &fakeNotes{}, ran: map[kit.ID]int{}}
	h.p = New(u.Env, h.notes, refusalCounter{&h.refused})
	u.Env.Commands.Add(
		kit.Command{ID: kit.Save, Label: "Save", Button: "Save…", Run: func() { h.ran[kit.Save]++ }},
		kit.Command{ID: kit.NewGame, Label: "New game…", Run: func() { h.ran[kit.NewGame]++ }})
	parts := h.p.Build()
	u.Follow(func(ev session.Event) {
		if ev.Change.Has(session.Moved | session.Replaced) {
			h.p.FollowTurn()
		}
		h.p.Follow(ev)
	})
	side := container.NewBorder(parts.TopClock, container.NewVBox(parts.Opening, parts.MoveBox, parts.Actions, parts.BottomClock),
		nil, nil, parts.Moves)
	split := container.NewHSplit(container.NewBorder(parts.Banner, nil, nil, nil, parts.Board), side)
	split.Offset = 0.62
	u.Show(split)
	c := u.Env.Window.Canvas()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if !u.Env.Dialogs.Key(ev) && !u.Env.Commands.TypedKey(ev) {
			h.p.TypedKey(ev)
		}
	})
	c.SetOnTypedRune(func(r rune) {
		if !u.Env.Dialogs.Shown() {
			h.p.TypedRune(r)
		}
	})
	u.Env.Keys.Cancel, u.Env.Keys.Tapped = h.p.EndKeyboardBoard, h.p.EndKeyboardBoard
	return h
}

// squareOnCanvas returns the middle of a square of the board, in the
// window's coordinates.
func (h *harness) squareOnCanvas(name string) fyne.Position {
	b := h.p.v.board
	return h.Env.App.Driver().AbsolutePositionForObject(b).Add(b.SquareCenter(uitest.Square(name)))
}

// drag drags a piece on the board from one square to another, as the
// test driver does.
func (h *harness) drag(from, to string) {
	h.t.Helper()
	start, end := h.squareOnCanvas(from), h.squareOnCanvas(to)
	test.Drag(h.Env.Window.Canvas(), start, end.X-start.X, end.Y-start.Y)
}

// play drags each move of a list given as "e2e4 e7e5".
func (h *harness) play(moves string) {
	h.t.Helper()
	for _, m := range strings.Fields(moves) {
		h.drag(m[:2], m[2:4])
	}
}

// moveAfter shows the position after the main line's ply-th move (the
// first is 0), plays a move there, given as "c7c5", and answers the
// question whether it starts a side line or replaces the rest.
func (h *harness) moveAfter(ply int, move, answer string) {
	h.t.Helper()
	h.s.Show(h.s.Game().MainLine()[ply])
	h.play(move)
	h.TapButton(answer)
}

// tapSquare clicks a square of the board.
func (h *harness) tapSquare(name string) {
	h.t.Helper()
	test.TapCanvas(h.Env.Window.Canvas(), h.squareOnCanvas(name))
}

// typeMove types text into the move box and presses Enter.
func (h *harness) typeMove(text string) {
	h.t.Helper()
	e := h.p.v.moveBox.entry
	e.SetText("")
	test.Type(e, text)
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
}

// newGame puts a new game on screen, as the New game dialog does.
func (h *harness) newGame(fen, tc string) *game.Game {
	h.t.Helper()
	control, err := game.ParseTimeControl(tc)
	if err != nil {
		h.t.Fatal(err)
	}
	g, err := game.New(game.Options{FEN: fen, TimeControl: control, Now: h.Clock.Now})
	if err != nil {
		h.t.Fatal(err)
	}
	h.s.NewGame(g)
	return g
}

// wantGameOver checks that the strip above the board says the game is
// over, and the status line how, with no dialog over the final position.
func (h *harness) wantGameOver(result string) {
	h.t.Helper()
	b := h.p.v.banner
	if !b.strip.Visible() || !b.over.Visible() || !strings.HasPrefix(b.text.Text, "Game over: ") {
		h.t.Fatalf("the banner shows %q (visible %v), want the game over", b.text.Text, b.strip.Visible())
	}
	if got := h.statusText(); !strings.Contains(got, result) {
		h.t.Fatalf("the status line says %q, want %q", got, result)
	}
	if got := h.DialogText(); got != "" {
		h.t.Errorf("a dialog covers the final position: %s", got)
	}
}

// tapBanner taps a button of the strip above the board.
func (h *harness) tapBanner(text string) {
	h.t.Helper()
	b := h.p.v.banner
	found, ok := uitest.Find(b.strip, func(x *kit.Button) bool { return x.Text == text && x.Visible() })
	if !ok || !b.strip.Visible() {
		h.t.Fatalf("no button %q above the board (it says %q)", text, b.text.Text)
	}
	test.Tap(found)
}

// button is the play button of command id with its words.
func (h *harness) button(id kit.ID) *kit.Button {
	h.t.Helper()
	c, _ := h.Env.Commands.Get(id)
	found, ok := uitest.Find(h.p.v.actions, func(b *kit.Button) bool { return b.Icon == c.Icon })
	if !ok {
		h.t.Fatalf("no button of %s", id)
	}
	return found
}

// statusText is what the status line says.
func (h *harness) statusText() string { return h.Env.Status.Text() }
