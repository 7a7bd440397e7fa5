package session_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
)

// fakeOpponent stands for the computer: it records what it is asked, and
// the test answers for it through reply.
type fakeOpponent struct {
	level   engine.Level
	reply   func(engine.Reply)
	thinks  []string // the FEN of each position it was asked to move in
	offered []bool   // whether a draw offer stood then
	stops   int
	closed  bool
}

func (o *fakeOpponent) Think(g game.View) error {
	if g.Status().Over() {
		return game.ErrGameOver
	}
	by, offered := g.DrawOffer()
	pos := g.Live().Position()
	o.thinks = append(o.thinks, pos.FEN())
	o.offered = append(o.offered, offered && by != g.Turn())
	return nil
}
func (o *fakeOpponent) Stop()  { o.stops++ }
func (o *fakeOpponent) Close() { o.closed = true }

// computerFixture is a session whose computer is fake, on the UI
// goroutine's queue like the real one.
type computerFixture struct {
	*fixture
	opps []*fakeOpponent
}

func newComputerFixture(t *testing.T, tc string, g func(*game.Game) *game.Game) *computerFixture {
	t.Helper()
	f := &computerFixture{fixture: newFixture(t, tc)}
	var control game.TimeControl
	if tc != "" {
		var err error
		if control, err = game.ParseTimeControl(tc); err != nil {
			t.Fatal(err)
		}
	}
	first, err := game.New(game.Options{TimeControl: control, Now: f.clock.now})
	if err != nil {
		t.Fatal(err)
	}
	if g != nil {
		first = g(first)
	}
	f.s = session.New(first, session.Options{
		Now:      f.clock.now,
		Post:     func(fn func()) { f.queue <- fn },
		OnChange: func(e session.Event) { f.rec.events = append(f.rec.events, e) },
		Autosave: f.rec,
		Opponent: func(l engine.Level, reply func(engine.Reply)) session.Opponent {
			o := &fakeOpponent{level: l, reply: reply}
			f.opps = append(f.opps, o)
			return o
		},
	})
	return f
}

// opp returns the engine started last.
func (f *computerFixture) opp() *fakeOpponent {
	f.t.Helper()
	if len(f.opps) == 0 {
		f.t.Fatal("no engine was started")
	}
	return f.opps[len(f.opps)-1]
}

// answer has the computer play uci, as the engine's goroutine would,
// and runs what it posted.
func (f *computerFixture) answer(r engine.Reply) {
	f.t.Helper()
	f.opp().reply(r)
	f.drain()
}

func (f *computerFixture) drain() {
	for {
		select {
		case fn := <-f.queue:
			fn()
		default:
			return
		}
	}
}

func (f *computerFixture) moveReply(uci string) engine.Reply {
	return engine.Reply{Engine: "Fakefish 1", Answer: engine.PlayMove, Move: move(f.t, f.s.Game().Live(), uci)}
}

// against starts a new game in which the computer plays side at level.
func (f *computerFixture) against(side game.Color, c session.Computer) {
	f.t.Helper()
	c.Sides[side] = true
	if err := f.s.Start(game.Options{TimeControl: f.s.Game().TimeControl()}, c); err != nil {
		f.t.Fatal(err)
	}
}

func stockfishAt(l engine.Level, elo int, byElo bool) session.Computer {
	return session.Computer{Engine: "Stockfish 16", Strength: engine.Strength{Level: l, Elo: elo, ByElo: byElo}}
}

func TestComputerAsBlackAnswersThePersonsMove(t *testing.T) {
	f := newComputerFixture(t, "", nil)
	f.against(game.Black, stockfishAt(4, 1500, true))
	if len(f.opps) != 1 || f.opp().level != 4 {
		t.Fatalf("engines started: %d", len(f.opps))
	}
	if len(f.opp().thinks) != 0 {
		t.Fatal("the computer thinks at White's turn, a person's")
	}
	f.play("e2e4")
	if got := f.opp().thinks; len(got) != 1 || !strings.Contains(got[0], " b ") {
		t.Fatalf("asked after 1. e4: %q", got)
	}
	if !f.s.Thinking() {
		t.Error("Thinking is false while the computer is asked")
	}
	if _, err := f.s.Propose(move(t, f.s.Game().Live(), "e7e5")); !errors.Is(err, session.ErrComputerTurn) {
		t.Errorf("a person's move for the computer: %v", err)
	}
	f.rec.take()
	f.answer(f.moveReply("c7c5"))
	if f.history() != "e4 c5" {
		t.Fatalf("history %q", f.history())
	}
	if c := f.rec.take(); !c.Has(session.Moved) {
		t.Errorf("the computer's move was not told as a move: %b", c)
	}
	if len(f.opp().thinks) != 1 {
		t.Error("the computer was asked again at the person's turn")
	}
}

func TestComputerAsWhiteMovesFirstAndTagsNameIt(t *testing.T) {
	f := newComputerFixture(t, "5+3", nil)
	f.against(game.White, stockfishAt(4, 1500, true))
	if len(f.opp().thinks) != 1 {
		t.Fatal("the computer, White, was not asked for its first move")
	}
	f.answer(f.moveReply("d2d4"))
	if f.history() != "d4" || !f.s.ClockRunning() {
		t.Fatalf("history %q, clocks running %v", f.history(), f.s.ClockRunning())
	}
	var b bytes.Buffer
	if err := f.s.Game().WritePGN(&b); err != nil {
		t.Fatal(err)
	}
	for _, tag := range []string{`[White "Stockfish 16"]`, `[WhiteElo "1500"]`, `[WhiteType "program"]`, `[WhiteLevel "4"]`} {
		if !strings.Contains(b.String(), tag) {
			t.Errorf("no %s in\n%s", tag, b.String())
		}
	}
	if strings.Contains(b.String(), "BlackType") {
		t.Error("the person's side is marked as the computer's")
	}
}

func TestComputerEloOnlyForAnEloLevel(t *testing.T) {
	f := newComputerFixture(t, "", nil)
	f.against(game.Black, stockfishAt(1, 900, false))
	if got := f.s.Game().Tag("BlackElo"); got != "" {
		t.Errorf("BlackElo %q for a level below the engine's ratings", got)
	}
	if got := f.s.Game().Tag("BlackLevel"); got != "1" {
		t.Errorf("BlackLevel %q", got)
	}
}

func TestTakeBackAgainstComputerTakesBackBothMoves(t *testing.T) {
	f := newComputerFixture(t, "", nil)
	f.against(game.Black, stockfishAt(3, 1350, true))
	f.play("e2e4")
	f.answer(f.moveReply("e7e5"))
	f.play("g1f3")
	f.answer(f.moveReply("b8c6"))
	if err := f.s.TakeBack(); err != nil {
		t.Fatal(err)
	}
	if f.history() != "e4 e5" || f.s.Game().Turn() != game.White {
		t.Fatalf("after a take-back: %q", f.history())
	}
	f.play("f1c4")
	stale := f.moveReply("g8f6")
	stops := f.opp().stops
	if err := f.s.TakeBack(); err != nil { // while it thinks
		t.Fatal(err)
	}
	if f.history() != "e4 e5" || f.opp().stops != stops+1 {
		t.Errorf("taken back while the computer thinks: %q, stops %d", f.history(), f.opp().stops-stops)
	}
	// Its answer to the move taken back never comes on the board.
	f.answer(stale)
	if f.history() != "e4 e5" {
		t.Errorf("a stale answer was played: %q", f.history())
	}
}

func TestDrawOfferToComputer(t *testing.T) {
	f := newComputerFixture(t, "", nil)
	f.against(game.Black, stockfishAt(3, 1350, true))
	f.play("e2e4")
	if !f.s.CanOfferDraw() {
		t.Fatal("the person cannot offer a draw after their move")
	}
	if _, err := f.s.OfferDraw(); err != nil {
		t.Fatal(err)
	}
	o := f.opp()
	if len(o.thinks) != 2 || !o.offered[1] {
		t.Fatalf("the computer was not asked again with the offer: %v", o.offered)
	}
	f.answer(engine.Reply{Answer: engine.AcceptDraw})
	if st := f.s.Game().Status(); st.Result != game.Draw {
		t.Fatalf("the computer's acceptance: %v", st)
	}
	if !o.closed {
		t.Error("the engine runs on after the game ended")
	}
}

func TestNoDrawOfferForTheComputer(t *testing.T) {
	f := newComputerFixture(t, "", nil)
	f.against(game.Black, stockfishAt(3, 1350, true))
	f.play("e2e4")
	f.answer(f.moveReply("e7e5"))
	if f.s.CanOfferDraw() { // the offerer would be Black, who just moved
		t.Error("a draw can be offered in the computer's name")
	}
	if err := f.s.Resign(game.Black); !errors.Is(err, session.ErrComputerTurn) {
		t.Errorf("resigning for the computer: %v", err)
	}
}

func TestComputerResignsAndClaims(t *testing.T) {
	f := newComputerFixture(t, "", nil)
	f.against(game.Black, stockfishAt(3, 1350, true))
	f.play("e2e4")
	f.answer(engine.Reply{Answer: engine.Resign})
	if st := f.s.Game().Status(); st.Result != game.WhiteWins || st.Reason != game.Resignation {
		t.Fatalf("after its resignation: %+v", st)
	}
}

func TestComputerClaimsWithItsMove(t *testing.T) {
	f := newComputerFixture(t, "", nil)
	f.against(game.Black, stockfishAt(3, 1350, true))
	for _, pair := range [][2]string{{"g1f3", "g8f6"}, {"f3g1", "f6g8"}, {"g1f3", "g8f6"}} {
		f.play(pair[0])
		f.answer(f.moveReply(pair[1]))
	}
	f.play("f3g1")
	r := f.moveReply("f6g8")
	r.Answer, r.SAN, r.Claim = engine.ClaimDraw, "Ng8", game.ThreefoldRepetition
	f.answer(r)
	if st := f.s.Game().Status(); st.Result != game.Draw || st.Reason != game.ThreefoldRepetition {
		t.Fatalf("after its claim: %+v", st)
	}
}

func TestComputerFaultKeepsTheGame(t *testing.T) {
	f := newComputerFixture(t, "", nil)
	f.against(game.Black, stockfishAt(3, 1350, true))
	f.play("e2e4")
	first := f.opp()
	f.rec.take()
	crash := &engine.Error{Kind: engine.Crashed, Path: "/usr/games/stockfish", Detail: "signal: killed", Playing: true}
	f.answer(engine.Reply{Err: crash})
	if f.history() != "e4" || !errors.Is(f.s.ComputerFault(), crash) {
		t.Fatalf("after the crash: %q, fault %v", f.history(), f.s.ComputerFault())
	}
	if c := f.rec.take(); !c.Has(session.ComputerChanged) || !first.closed {
		t.Errorf("told %b, engine closed %v", c, first.closed)
	}
	// Restarted, a new engine is asked the same move.
	f.s.RestartComputer()
	if len(f.opps) != 2 || len(f.opp().thinks) != 1 || f.s.ComputerFault() != nil {
		t.Fatalf("restart: %d engines, %v", len(f.opps), f.s.ComputerFault())
	}
	f.answer(f.moveReply("e7e5"))
	if f.history() != "e4 e5" {
		t.Fatalf("after the restart: %q", f.history())
	}
	// It fails again: the players go on as two people.
	f.play("g1f3")
	f.answer(engine.Reply{Err: &engine.Error{Kind: engine.Hung, Playing: true}})
	f.s.PlayAsTwo()
	f.play("b8c6")
	if f.history() != "e4 e5 Nf3 Nc6" || f.s.AgainstComputer() || len(f.opps) != 2 {
		t.Errorf("as two people: %q, against the computer %v, engines %d", f.history(), f.s.AgainstComputer(), len(f.opps))
	}
	if f.s.Game().Tag("BlackType") != "" || f.s.Game().Tag("Black") != "Stockfish 16" {
		t.Errorf("tags as two people: type %q, name %q", f.s.Game().Tag("BlackType"), f.s.Game().Tag("Black"))
	}
}

func TestIllegalMoveFromComputerIsAFault(t *testing.T) {
	f := newComputerFixture(t, "", nil)
	f.against(game.Black, stockfishAt(3, 1350, true))
	f.play("e2e4")
	e2, _ := game.ParseSquare("e2")
	e4, _ := game.ParseSquare("e4")
	f.answer(engine.Reply{Answer: engine.PlayMove, Move: game.Move{From: e2, To: e4}})
	var e *engine.Error
	if f.history() != "e4" || !errors.As(f.s.ComputerFault(), &e) || e.Kind != engine.IllegalMove {
		t.Errorf("after an illegal move: %q, %v", f.history(), f.s.ComputerFault())
	}
}

func TestComputerEndsWithTheGameAndIsResumed(t *testing.T) {
	f := newComputerFixture(t, "", nil)
	f.against(game.Black, stockfishAt(2, 1050, false))
	f.play("e2e4")
	f.answer(f.moveReply("e7e5"))
	f.play("d1h5")
	o := f.opp()
	// A game replaced ends the engine; none runs for two people.
	g, _ := game.New(game.Options{Now: f.clock.now})
	f.s.NewGame(g)
	if !o.closed || len(f.opps) != 1 {
		t.Fatalf("new game for two: engine closed %v, engines %d", o.closed, len(f.opps))
	}
	// The autosave of the game against the computer resumes it.
	saved := f.rec.saves[len(f.rec.saves)-1]
	f.s.Resume(readOne(t, saved))
	if !f.s.ComputerPlays(game.Black) || f.s.ComputerPlays(game.White) || f.s.ComputerLevel(game.Black) != 2 {
		t.Fatal("the resumed game is not played against the computer")
	}
	if len(f.opps) != 2 || f.opp().level != 2 || len(f.opp().thinks) != 1 {
		t.Fatalf("resumed: engines %d", len(f.opps))
	}
	f.answer(f.moveReply("b8c6"))
	if f.history() != "e4 e5 Qh5 Nc6" {
		t.Errorf("resumed game: %q", f.history())
	}
	f.s.Close()
	if !f.opp().closed {
		t.Error("Close left the engine running")
	}
}

func TestComputerStopsWhileClocksPaused(t *testing.T) {
	f := newComputerFixture(t, "5+0", nil)
	f.against(game.Black, stockfishAt(3, 1350, true))
	f.play("e2e4")
	f.clock.t = f.clock.t.Add(time.Second)
	f.s.TogglePause()
	if f.opp().stops != 1 || f.s.Thinking() {
		t.Fatalf("paused: stops %d", f.opp().stops)
	}
	f.s.TogglePause()
	if len(f.opp().thinks) != 2 {
		t.Errorf("resumed: asked %d times", len(f.opp().thinks))
	}
}

func TestAFileGameNamingTheComputerIsEdited(t *testing.T) {
	f := newComputerFixture(t, "", nil)
	pgnText := "[White \"Stockfish 16\"]\n[WhiteType \"program\"]\n[WhiteLevel \"3\"]\n\n1. e4 *\n"
	f.s.Study(readOne(t, pgnText))
	if f.s.AgainstComputer() || len(f.opps) != 0 {
		t.Error("a game edited starts the computer")
	}
}

func readOne(t *testing.T, text string) *game.Game {
	t.Helper()
	gs, err := game.ReadPGN(strings.NewReader(text))
	if err != nil || len(gs) != 1 {
		t.Fatalf("%d games, %v", len(gs), err)
	}
	return gs[0]
}

func TestComputersFirstReplyNamesIt(t *testing.T) {
	f := newComputerFixture(t, "", func(g *game.Game) *game.Game {
		g.SetTag("Black", "Bob") // the person's name of the last game
		return g
	})
	f.against(game.Black, session.Computer{Strength: engine.Strength{Level: 5}})
	if got := f.s.Game().Tag("Black"); got != "" {
		t.Fatalf("before the engine answered, Black is %q", got)
	}
	f.play("e2e4")
	r := f.moveReply("e7e5")
	r.Strength = engine.Strength{Level: 5, Elo: 1700, ByElo: true}
	f.answer(r)
	if g := f.s.Game(); g.Tag("Black") != "Fakefish 1" || g.Tag("BlackElo") != "1700" {
		t.Errorf("after its first move: Black %q, BlackElo %q", g.Tag("Black"), g.Tag("BlackElo"))
	}
}
