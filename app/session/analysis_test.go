package session_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
)

// evenResult is a whole-game analysis of g's main line that finds every
// position equal.
func evenResult(g game.View) engine.Result {
	root := g.Root().Position()
	r := engine.Result{StartFEN: root.FEN()}
	for _, n := range g.MainLine() {
		r.Moves = append(r.Moves, engine.MoveResult{Move: n.Move(), SAN: n.SAN()})
	}
	return r
}

// openOne opens a file holding one game, text.
func (f *fixture) openOne(text string) {
	f.t.Helper()
	path := filepath.Join(f.t.TempDir(), "game.pgn")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		f.t.Fatal(err)
	}
	c, err := f.s.Open(path)
	if err != nil {
		f.t.Fatal(err)
	}
	f.drain(c)
}

func TestAnalysisRefusedWhileTheGameIsPlayed(t *testing.T) {
	f := newFixture(t, "")
	if err := f.s.AnalysisRefused(); !errors.Is(err, session.ErrGameInProgress) {
		t.Fatalf("a new game: %v, want it refused", err)
	}
	f.play("e2e4 e7e5")
	f.s.ShowStart()
	if err := f.s.AnalysisRefused(); !errors.Is(err, session.ErrGameInProgress) {
		t.Errorf("browsing a game in progress: %v, want it refused", err)
	}
	f.s.ShowLive()
	f.play("f1c4 b8c6 d1h5 g8f6 h5f7")
	if !f.s.Game().Status().Over() {
		t.Fatal("scholar's mate did not end the game")
	}
	if err := f.s.AnalysisRefused(); err != nil {
		t.Errorf("a game over: %v", err)
	}
}

func TestAnalysisOfAGameReadFromAFile(t *testing.T) {
	f := newFixture(t, "")
	f.openOne("[White \"Ann\"]\n\n1. e4 e5 *\n")
	if err := f.s.AnalysisRefused(); err != nil {
		t.Fatalf("a game read from a file: %v", err)
	}
	f.s.ShowStart()
	p, err := f.s.Propose(move(t, f.s.Shown(), "d2d4"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.s.AddSideLine(p); err != nil {
		t.Fatal(err)
	}
	if err := f.s.AnalysisRefused(); err != nil {
		t.Errorf("after a side line: %v", err)
	}
	f.s.ShowLive()
	f.play("g1f3")
	if err := f.s.AnalysisRefused(); err != nil {
		t.Errorf("a game from a file with a move added: %v", err)
	}
	f.s.PlayOn()
	if err := f.s.AnalysisRefused(); !errors.Is(err, session.ErrGameInProgress) {
		t.Errorf("a game from a file its players took up again: %v, want it refused", err)
	}
}

func TestApplyAnalysisIsAChange(t *testing.T) {
	f := newFixture(t, "")
	f.openOne("1. e4 e5 2. Nf3 1-0\n")
	f.rec.take()
	saves := len(f.rec.saves)
	if err := f.s.ApplyAnalysis(evenResult(f.s.Game())); err != nil {
		t.Fatal(err)
	}
	if c := f.rec.take(); !c.Has(session.GameChanged) || !f.s.Dirty() || len(f.rec.saves) != saves+1 {
		t.Errorf("changes %b, dirty %v, autosaves %d: the analysis should be an unsaved change, autosaved", c, f.s.Dirty(), len(f.rec.saves)-saves)
	}
	for _, n := range f.s.Game().MainLine() {
		if _, ok := engine.NodeEval(n); !ok {
			t.Errorf("%s has no evaluation", n.SAN())
		}
	}
}

func TestApplyAnalysisRefusedChangesNothing(t *testing.T) {
	f := newFixture(t, "")
	f.play("e2e4")
	if err := f.s.ApplyAnalysis(evenResult(f.s.Game())); !errors.Is(err, session.ErrGameInProgress) {
		t.Errorf("a game in progress: %v", err)
	}
	f.openOne("1. e4 e5 2. Nf3 1-0\n")
	r := evenResult(f.s.Game())
	r.Moves[1].SAN, r.Moves[1].Move = "c5", move(t, f.s.Game().MainLine()[0], "c7c5")
	f.rec.take()
	if err := f.s.ApplyAnalysis(r); !errors.Is(err, engine.ErrGameChanged) {
		t.Errorf("another main line: %v", err)
	}
	if f.rec.take() != 0 || f.s.Dirty() {
		t.Error("a refused analysis changed the session")
	}
	for _, n := range f.s.Game().MainLine() {
		if _, ok := engine.NodeEval(n); ok {
			t.Errorf("%s has an evaluation after a refused analysis", n.SAN())
		}
	}
}

// TestAnalysisAgainShowsWhatIsLeft: the position shown in an earlier
// analysis's line, which a new analysis takes away, gives way to the
// position the line starts from, not to a position out of the game.
func TestAnalysisAgainShowsWhatIsLeft(t *testing.T) {
	f := newFixture(t, "")
	f.openOne("[White \"Ann\"]\n\n1. e4 {[%eval 0.3]} e5 {[%eval 0.3]} 2. Qh5?! {[%eval -0.4]} (2. Nf3 Nc6) 2... Nc6 {[%eval -0.3]} *\n")
	line := f.s.Game().MainLine()
	nf3 := line[1].Children()[1]
	f.s.Show(nf3.Children()[0])
	if err := f.s.ApplyAnalysis(evenResult(f.s.Game())); err != nil {
		t.Fatal(err)
	}
	if kids := line[1].Children(); len(kids) != 1 {
		t.Fatalf("the earlier analysis's line is still there: %d moves after 1... e5", len(kids))
	}
	if got := f.s.Shown(); got != line[1] {
		t.Errorf("shown: %q after the line was taken away, want 1... e5", got.SAN())
	}
}
