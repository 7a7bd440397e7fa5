package session_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
)

// capablanca is the end of a game read from a file, as the issue met it.
const capablanca = `[White "Corzo y Prinzipe, Juan"]
[Black "Capablanca, Jose Raul"]
[Result "0-1"]
[TimeControl "300"]

1. e4 {[%clk 0:04:50]} e5 {[%clk 0:04:40]} 2. Nf3 {[%clk 0:00:01]} Nc6 {A knight [%clk 0:04:20]} 0-1
`

func TestWhatIsEditedAndWhatIsPlayed(t *testing.T) {
	f := newFixture(t, "")
	if f.s.Editing() {
		t.Error("a new game is edited")
	}
	f.openOne(capablanca)
	if !f.s.Editing() {
		t.Error("a game read from a file is played")
	}
	const setUp = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
	if err := f.s.Start(game.Options{FEN: setUp}, session.Computer{}); err != nil {
		t.Fatal(err)
	}
	if f.s.Editing() {
		t.Error("a game from a set-up position is edited")
	}
	if err := f.s.StudyPosition(setUp); err != nil {
		t.Fatal(err)
	}
	if !f.s.Editing() {
		t.Error("a position for study is played")
	}
	p, err := collection.ReadText("1. d4 d5 *", f.clock.now)
	if err != nil {
		t.Fatal(err)
	}
	f.s.OpenPaste(p)
	if !f.s.Editing() {
		t.Error("a pasted game is played")
	}
}

func TestTakeBackInAGameEditedCanBePutBack(t *testing.T) {
	f := newFixture(t, "")
	f.openOne(capablanca)
	before := f.s.Game()
	f.rec.take()
	if err := f.s.TakeBack(); err != nil {
		t.Fatal(err)
	}
	if f.history() != "e4 e5 Nf3" || f.s.Game().Status().Over() || f.s.TakenBack() == nil || f.s.TakenBack().SAN() != "Nc6" {
		t.Fatalf("after the take back: %q, %v, taken back %v", f.history(), f.s.Game().Status(), f.s.TakenBack())
	}
	if err := f.s.TakeBack(); err != nil {
		t.Fatal(err)
	}
	f.rec.take()
	cleared := f.rec.cleared
	if !f.s.PutBack() || !f.s.PutBack() {
		t.Fatal("the moves were not put back")
	}
	if c := f.rec.take(); c.Has(session.GameOver) {
		t.Error("the end put back is told as a game just over")
	}
	if f.s.Game() != before || f.history() != "e4 e5 Nf3 Nc6" || f.s.Game().Status().Result != game.BlackWins {
		t.Errorf("put back: %q %v", f.history(), f.s.Game().Status())
	}
	if f.s.PutBack() {
		t.Error("a third move was put back")
	}
	if f.s.Dirty() || f.rec.cleared == cleared {
		t.Errorf("the game as it was read has changes not saved (%v), or its autosave stays (cleared %d)", f.s.Dirty(), f.rec.cleared)
	}
	var b strings.Builder
	if err := f.s.Game().WritePGN(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "Nc6 {A knight [%clk 0:04:20]} 0-1") {
		t.Errorf("the game put back writes:\n%s", b.String())
	}

	// Another change forgets what was taken back.
	f.s.TakeBack()
	f.s.ShowStart()
	if err := f.s.SetComment(f.s.Game().Root(), "A comment"); err != nil {
		t.Fatal(err)
	}
	if f.s.TakenBack() != nil || f.s.PutBack() {
		t.Error("a move was put back after another change")
	}
}

func TestAGamePlayedKeepsNoMoveTakenBack(t *testing.T) {
	f := newFixture(t, "")
	f.play("e2e4 e7e5")
	if err := f.s.TakeBack(); err != nil {
		t.Fatal(err)
	}
	if f.s.TakenBack() != nil || f.s.PutBack() {
		t.Error("a take back allowed in a game played can be put back")
	}
}

func TestAGameEditedAsksNothingOfItsPlayers(t *testing.T) {
	f := newFixture(t, "")
	f.openOne("[TimeControl \"60\"]\n\n1. Nf3 {[%clk 0:00:00]} Nf6 {[%clk 0:00:30]} 2. Ng1 {[%clk 0:00:00]} Ng8 {[%clk 0:00:20]} 3. Nf3 {[%clk 0:00:00]} Nf6 {[%clk 0:00:10]} 4. Ng1 {[%clk 0:00:00]} *\n")
	f.clock.t = f.clock.t.Add(time.Hour)
	if f.s.Tick() || f.s.Game().Status().Over() {
		t.Fatal("a flag fell in a game edited")
	}
	p, err := f.s.Propose(move(t, f.s.Shown(), "f6g8"))
	if err != nil {
		t.Fatalf("a move added to a game edited whose clocks are stopped: %v", err)
	}
	if len(p.Claims) != 0 {
		t.Errorf("a move added to a game edited asks to claim %v", p.Claims)
	}
	if err := f.s.Play(p, game.NoReason); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.OfferDraw(); !errors.Is(err, session.ErrNotPlayed) {
		t.Errorf("a draw offered in a game edited: %v", err)
	}
	if err := f.s.ClaimDraw(game.ThreefoldRepetition); !errors.Is(err, session.ErrNotPlayed) {
		t.Errorf("a draw claimed in a game edited: %v", err)
	}
	if err := f.s.Resign(game.White); !errors.Is(err, session.ErrNotPlayed) {
		t.Errorf("a resignation in a game edited: %v", err)
	}
	if f.s.Game().Status().Over() {
		t.Errorf("the game edited ended: %v", f.s.Game().Status())
	}
}

func TestPlayOnGivesTheGameBackToItsPlayers(t *testing.T) {
	f := newFixture(t, "")
	f.openOne("[TimeControl \"300\"]\n\n1. e4 {[%clk 0:04:50]} e5 {[%clk 0:04:40]} *\n")
	if !f.s.CanPlayOn() {
		t.Fatal("a game edited that goes on cannot be played on")
	}
	f.s.PlayOn()
	if f.s.Editing() || !f.s.ClockRunning() {
		t.Fatalf("played on: editing %v, clock running %v", f.s.Editing(), f.s.ClockRunning())
	}
	f.clock.t = f.clock.t.Add(10 * time.Second)
	if w := f.s.Game().Remaining(game.White); w != 280*time.Second {
		t.Errorf("White's clock 10 s after playing on: %v", w)
	}
	if _, err := f.s.OfferDraw(); err != nil {
		t.Errorf("a draw offered once played on: %v", err)
	}
	f.openOne("1. e4 e5 1-0\n")
	if f.s.CanPlayOn() {
		t.Error("a game over can be played on")
	}
}

func TestResumeKeepsAGameEditedEdited(t *testing.T) {
	f := newFixture(t, "")
	f.openOne(capablanca)
	f.s.TakeBack()
	g := newFixture(t, "")
	g.s.Resume(f.autosaved())
	if !g.s.Editing() || g.s.Game().Tag(session.EditingTag) != "" {
		t.Errorf("resumed: editing %v, tag %q", g.s.Editing(), g.s.Game().Tag(session.EditingTag))
	}

	f = newFixture(t, "")
	f.play("e2e4")
	g.s.Resume(f.autosaved())
	if g.s.Editing() {
		t.Error("a game played comes back edited")
	}
}

// autosaved is the game the autosave holds last, read back.
func (f *fixture) autosaved() *game.Game {
	f.t.Helper()
	games, err := game.ReadPGN(strings.NewReader(f.rec.saves[len(f.rec.saves)-1]))
	if err != nil || len(games) != 1 {
		f.t.Fatalf("the autosave reads back as %d games: %v", len(games), err)
	}
	return games[0]
}

// The session makes the games it starts from their description, their
// clocks reading its time; a description the game refuses changes
// nothing.
func TestStartMakesTheGameItDescribes(t *testing.T) {
	f := newFixture(t, "")
	f.openOne(capablanca)
	for _, o := range []game.Options{{FEN: "8/8/8/8/8/8/8/8 w - - 0 1"}, {TimeControl: game.TimeControl{Stages: []game.Stage{{}}}}} {
		if err := f.s.Start(o, session.Computer{}); err == nil {
			t.Errorf("%+v started", o)
		}
		if o.FEN != "" && f.s.StudyPosition(o.FEN) == nil {
			t.Errorf("%q studied", o.FEN)
		}
		if f.s.Game().Tag("Black") != "Capablanca, Jose Raul" {
			t.Fatalf("refused %+v replaced the game", o)
		}
	}
	tc, err := game.ParseTimeControl("300+2")
	if err != nil {
		t.Fatal(err)
	}
	if err := f.s.Start(game.Options{TimeControl: tc, White: "Ana", Black: "Ben"}, session.Computer{}); err != nil {
		t.Fatal(err)
	}
	g := f.s.Game()
	if g.Tag("White") != "Ana" || g.Tag("Black") != "Ben" || g.Live().Parent() != nil || f.s.Editing() {
		t.Errorf("started %q–%q, at the start %v, edited %v", g.Tag("White"), g.Tag("Black"), g.Live().Parent() == nil, f.s.Editing())
	}
	f.wait(time.Minute)
	f.s.Move(move(t, g.Live(), "e2e4"))
	f.wait(10 * time.Second)
	if left := f.s.Game().Remaining(game.Black); left != 290*time.Second {
		t.Errorf("Black has %v after 10 s of the session's clock, want 4m50s", left)
	}
}
