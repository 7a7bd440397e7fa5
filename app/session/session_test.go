package session_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
)

// recorder is an autosave that keeps what it is given, and the events
// the session tells.
type recorder struct {
	saves   []string
	cleared int
	trashed int
	events  []session.Event
}

func (r *recorder) Save(text []byte) { r.saves = append(r.saves, string(text)) }
func (r *recorder) Clear()           { r.cleared++ }
func (r *recorder) Trash()           { r.trashed++ }

// last returns the changes told since the last call.
func (r *recorder) take() session.Change {
	var c session.Change
	for _, e := range r.events {
		c |= e.Change
	}
	r.events = nil
	return c
}

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// fixture is a session on a new untimed game, with a queue standing for
// the UI goroutine.
type fixture struct {
	t     *testing.T
	s     *session.Session
	rec   *recorder
	clock *clock
	queue chan func()
}

func newFixture(t *testing.T, tc string) *fixture {
	t.Helper()
	f := &fixture{t: t, rec: &recorder{}, clock: &clock{time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)}, queue: make(chan func(), 10000)}
	var control game.TimeControl
	if tc != "" {
		var err error
		if control, err = game.ParseTimeControl(tc); err != nil {
			t.Fatal(err)
		}
	}
	g, err := game.New(game.Options{TimeControl: control, Now: f.clock.now})
	if err != nil {
		t.Fatal(err)
	}
	f.s = session.New(g, session.Options{
		Now:      f.clock.now,
		Post:     func(fn func()) { f.queue <- fn },
		OnChange: func(e session.Event) { f.rec.events = append(f.rec.events, e) },
		Autosave: f.rec,
	})
	return f
}

func move(t *testing.T, n *game.Node, uci string) game.Move {
	t.Helper()
	m, err := n.ParseMove(uci)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// play proposes and plays moves given in UCI at the position shown,
// claiming nothing.
func (f *fixture) play(moves string) {
	f.t.Helper()
	for _, uci := range strings.Fields(moves) {
		p, err := f.s.Propose(move(f.t, f.s.Shown(), uci))
		if err != nil {
			f.t.Fatalf("%s: %v", uci, err)
		}
		if err := f.s.Play(p, game.NoReason); err != nil {
			f.t.Fatalf("%s: %v", uci, err)
		}
	}
}

func (f *fixture) history() string { return strings.Join(f.s.Game().History(), " ") }

func TestAMoveIsMarkedAutosavedAndTold(t *testing.T) {
	f := newFixture(t, "")
	f.play("e2e4")
	if !f.s.Dirty() {
		t.Error("a move left the game marked as saved")
	}
	if len(f.rec.saves) != 1 || !strings.Contains(f.rec.saves[0], "1. e4 *") {
		t.Errorf("autosaves: %q", f.rec.saves)
	}
	if c := f.rec.take(); !c.Has(session.GameChanged) || !c.Has(session.FileChanged) || !c.Has(session.Moved) || c.Has(session.GameOver) {
		t.Errorf("changes told: %b", c)
	}
}

// TestAMoveInOneCall: Move plays a move that asks nothing in one call;
// one that allows a draw to be claimed, or that leaves a past position
// where another move was played, comes back unplayed, to be answered.
func TestAMoveInOneCall(t *testing.T) {
	f := newFixture(t, "")
	if p, err := f.s.Move(move(t, f.s.Shown(), "e2e4")); err != nil || p != nil {
		t.Fatalf("1. e4: proposal %v, error %v", p, err)
	}
	if f.history() != "e4" || !f.rec.take().Has(session.Moved) {
		t.Fatalf("1. e4 not played in one call: %q", f.history())
	}
	f.play("g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8")
	p, err := f.s.Move(move(t, f.s.Shown(), "f3g1"))
	if err != nil || p == nil || len(p.Claims) == 0 {
		t.Fatalf("a move to a third repetition: proposal %+v, error %v", p, err)
	}
	if strings.HasSuffix(f.history(), "Ng1") {
		t.Error("the move that allows a claim was played before the answer")
	}
	f.s.Show(f.s.Game().MainLine()[0])
	if p, err = f.s.Move(move(t, f.s.Shown(), "c7c5")); err != nil || p == nil || p.Kind != session.Fork {
		t.Fatalf("another move at a past position: proposal %+v, error %v", p, err)
	}
	// The move played there asks nothing: it shows the next position.
	if p, err = f.s.Move(move(t, f.s.Shown(), "g8f6")); err != nil || p != nil || f.s.Shown() != f.s.Game().MainLine()[1] {
		t.Fatalf("the move played at a past position: proposal %+v, error %v", p, err)
	}
}

func TestGameOverIsToldOnce(t *testing.T) {
	f := newFixture(t, "")
	f.play("f2f3 e7e5 g2g4")
	f.rec.take()
	f.play("d8h4")
	if c := f.rec.take(); !c.Has(session.GameOver) {
		t.Fatalf("mate did not tell the game is over: %b", c)
	}
	if err := f.s.SetComment(f.s.Game().Live(), "Fool's mate"); err != nil {
		t.Fatal(err)
	}
	if c := f.rec.take(); c.Has(session.GameOver) {
		t.Error("a comment after the end told the game over again")
	}
}

func TestClaimWithTheMove(t *testing.T) {
	f := newFixture(t, "")
	f.play("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1")
	p, err := f.s.Propose(move(t, f.s.Shown(), "f6g8"))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Claims) != 1 || p.Claims[0] != game.ThreefoldRepetition {
		t.Fatalf("claims with the move: %v", p.Claims)
	}
	if err := f.s.Play(p, game.ThreefoldRepetition); err != nil {
		t.Fatal(err)
	}
	if s := f.s.Game().Status(); s.Reason != game.ThreefoldRepetition {
		t.Errorf("status %v", s)
	}
}

func TestTouchMoveBindsEveryWayOfMoving(t *testing.T) {
	f := newFixture(t, "")
	f.s.SetTouchMove(true)
	f.s.TouchPiece(sq(t, "b1"))
	if f.s.Touched() != sq(t, "b1") {
		t.Fatalf("touched %v", f.s.Touched())
	}
	// A typed move goes through Propose too: another piece is refused.
	if _, err := f.s.Propose(move(t, f.s.Shown(), "e2e4")); !errors.Is(err, session.ErrTouchMove) {
		t.Fatalf("a move of another piece: %v", err)
	}
	f.play("b1c3")
	if f.s.Touched() != game.NoSquare {
		t.Error("the touch outlived the move")
	}
	f.play("e7e5")
}

func TestMoveFromAPastPosition(t *testing.T) {
	f := newFixture(t, "")
	f.play("e2e4 e7e5 g1f3")
	f.s.Show(f.s.Game().MainLine()[0])
	if !f.s.Browsing() {
		t.Fatal("not browsing")
	}
	p, err := f.s.Propose(move(t, f.s.Shown(), "e7e5"))
	if err != nil || p.Kind != session.KnownMove {
		t.Fatalf("the move played there: %v, %v", p, err)
	}
	p, err = f.s.Propose(move(t, f.s.Shown(), "c7c5"))
	if err != nil || p.Kind != session.Fork {
		t.Fatalf("another move: %v, %v", p, err)
	}
	if err := f.s.Play(p, game.NoReason); err == nil {
		t.Error("a fork was played without a choice")
	}
	if err := f.s.AddSideLine(p); err != nil {
		t.Fatal(err)
	}
	if f.history() != "e4 e5 Nf3" || f.s.Shown().SAN() != "c5" {
		t.Errorf("history %q, shown %q", f.history(), f.s.Shown().SAN())
	}
	f.s.Show(f.s.Game().MainLine()[0])
	p, _ = f.s.Propose(move(t, f.s.Shown(), "d7d5"))
	if err := f.s.ReplaceRest(p); err != nil {
		t.Fatal(err)
	}
	if f.history() != "e4 d5" || f.s.Browsing() {
		t.Errorf("after replacing: %q, browsing %v", f.history(), f.s.Browsing())
	}
}

func TestStaleProposalIsRefused(t *testing.T) {
	f := newFixture(t, "")
	p, err := f.s.Propose(move(t, f.s.Shown(), "e2e4"))
	if err != nil {
		t.Fatal(err)
	}
	f.play("d2d4")
	if err := f.s.Play(p, game.NoReason); !errors.Is(err, session.ErrStale) {
		t.Errorf("a proposal made before another move: %v", err)
	}
}

func TestRunningClockIsAutosavedEverySecond(t *testing.T) {
	f := newFixture(t, "300")
	f.play("e2e4")
	n := len(f.rec.saves)
	for range 9 {
		f.clock.t = f.clock.t.Add(100 * time.Millisecond)
		f.s.Tick()
	}
	if len(f.rec.saves) != n {
		t.Fatalf("the autosave was written %d times within a second", len(f.rec.saves)-n)
	}
	f.clock.t = f.clock.t.Add(100 * time.Millisecond)
	f.s.Tick()
	if len(f.rec.saves) != n+1 {
		t.Errorf("after a second of thinking the clock was not recorded")
	}
}

func TestPauseIsAutosaved(t *testing.T) {
	f := newFixture(t, "300")
	f.play("e2e4")
	n := len(f.rec.saves)
	f.s.TogglePause()
	if len(f.rec.saves) != n+1 {
		t.Error("pausing the clocks did not record them")
	}
}

func TestSaveAsClearsTheAutosave(t *testing.T) {
	f := newFixture(t, "")
	f.play("e2e4")
	if err := f.s.Save(); !errors.Is(err, session.ErrNoFile) {
		t.Fatalf("save without a file: %v", err)
	}
	path := filepath.Join(t.TempDir(), "g.pgn")
	if err := f.s.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	if f.s.Dirty() || f.rec.cleared == 0 || f.s.Path() != path {
		t.Errorf("dirty %v, cleared %d, path %q", f.s.Dirty(), f.rec.cleared, f.s.Path())
	}
	data, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(data), "1. e4 *") {
		t.Errorf("saved %q, %v", data, err)
	}
}

// drain runs what the background work handed over until c is read.
func (f *fixture) drain(c *collection.Collection) {
	f.t.Helper()
	// The state first: a collection stopped may have nothing more to
	// post (its indexing was cancelled before it said anything).
	for {
		if state, _, _, _ := c.State(); state != collection.Indexing {
			return
		}
		select {
		case fn := <-f.queue:
			fn()
		case <-time.After(time.Minute):
			f.t.Fatal("the indexing does not end")
		}
	}
}

func TestOpenOneGameAndSeveral(t *testing.T) {
	f := newFixture(t, "")
	dir := t.TempDir()
	one := filepath.Join(dir, "one.pgn")
	os.WriteFile(one, []byte("[White \"Ann\"]\n\n1. e4 e5 *\n"), 0o644)
	c, err := f.s.Open(one)
	if err != nil {
		t.Fatal(err)
	}
	f.drain(c)
	if f.history() != "e4 e5" || f.s.Path() != one || f.s.InCollection() || f.s.Dirty() {
		t.Errorf("one game: %q from %q, in collection %v", f.history(), f.s.Path(), f.s.InCollection())
	}
	several := filepath.Join(dir, "several.pgn")
	os.WriteFile(several, []byte("[White \"A\"]\n\n1. d4 *\n\n[White \"B\"]\n\n1. c4 *\n"), 0o644)
	f.rec.take()
	c, _ = f.s.Open(several)
	f.drain(c)
	if c := f.rec.take(); !c.Has(session.CollectionOpened) || f.history() != "e4 e5" {
		t.Fatalf("several games: %b, game %q", c, f.history())
	}
	if err := f.s.OpenGame(c, 1); err != nil {
		t.Fatal(err)
	}
	if f.history() != "c4" || !f.s.InCollection() || f.s.Collection() != c {
		t.Errorf("game 2: %q", f.history())
	}
	if i, ok := f.s.GameAround(-1); !ok || i != 0 {
		t.Errorf("previous game: %d %v", i, ok)
	}
}

func sq(t *testing.T, name string) game.Square {
	s, ok := game.ParseSquare(name)
	if !ok {
		t.Fatal(name)
	}
	return s
}

func TestResumeGivesBackTheClockAsRecorded(t *testing.T) {
	// After a crash, the side to move got back all the time it had spent
	// thinking since its last move.
	f := newFixture(t, "300")
	f.play("e2e4")
	f.clock.t = f.clock.t.Add(40 * time.Second) // Black thinks
	f.s.Tick()
	g := newFixture(t, "")
	g.s.Resume(f.autosaved())
	left := g.s.Game().Remaining(game.Black)
	if left < 259*time.Second || left > 261*time.Second {
		t.Errorf("Black has %v after resuming, had 4:20 when the autosave was written", left)
	}
	if g.s.Game().Tag(session.ClockTag) != "" {
		t.Error("the clock record stays in the game's tags: it would be saved in the user's file")
	}
}

func TestTouchingAnOpponentsPieceObligesToCaptureIt(t *testing.T) {
	// FIDE 4.3.2: the opponent's piece touched must be captured if it can
	// be; typed moves obey too.
	f := newFixture(t, "")
	f.s.SetTouchMove(true)
	f.play("e2e4 d7d5")
	f.s.TouchOpponentPiece(sq(t, "g8")) // cannot be captured: no obligation
	if f.s.MustCapture() != game.NoSquare {
		t.Fatal("a piece that cannot be captured must be captured")
	}
	f.s.TouchOpponentPiece(sq(t, "d5"))
	if f.s.MustCapture() != sq(t, "d5") {
		t.Fatalf("must capture %v", f.s.MustCapture())
	}
	if _, err := f.s.Propose(move(t, f.s.Shown(), "e4e5")); !errors.Is(err, session.ErrMustCapture) {
		t.Fatalf("a move that does not capture: %v", err)
	}
	f.play("e4d5")
	if f.s.MustCapture() != game.NoSquare {
		t.Error("the obligation outlived the capture")
	}
}
