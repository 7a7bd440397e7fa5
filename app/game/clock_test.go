package game_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

func timedGame(t *testing.T, tc string, fen string) (*game.Game, *fakeClock) {
	t.Helper()
	clk := newFakeClock()
	control, err := game.ParseTimeControl(tc)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New(game.Options{FEN: fen, TimeControl: control, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	return g, clk
}

// moveAfter lets d pass, then plays m.
func moveAfter(t *testing.T, g *game.Game, clk *fakeClock, d time.Duration, m string) {
	t.Helper()
	clk.Advance(d)
	if err := g.Move(m); err != nil {
		t.Fatalf("Move(%s): %v", m, err)
	}
}

func wantClocks(t *testing.T, g *game.Game, white, black time.Duration) {
	t.Helper()
	if w, b := g.Remaining(game.White), g.Remaining(game.Black); w != white || b != black {
		t.Errorf("clocks = %v / %v, want %v / %v", w, b, white, black)
	}
}

func TestSuddenDeath(t *testing.T) {
	g, clk := timedGame(t, "300", "")
	clk.Advance(10 * time.Second)
	wantClocks(t, g, 290*time.Second, 300*time.Second)
	moveAfter(t, g, clk, 0, "e4")
	moveAfter(t, g, clk, 20*time.Second, "e5")
	wantClocks(t, g, 290*time.Second, 280*time.Second)
}

func TestFischerIncrementFromMoveOne(t *testing.T) {
	g, clk := timedGame(t, "180+2", "")
	moveAfter(t, g, clk, 5*time.Second, "e4")
	wantClocks(t, g, 177*time.Second, 180*time.Second)
	moveAfter(t, g, clk, 1*time.Second, "e5")
	wantClocks(t, g, 177*time.Second, 181*time.Second)
}

func TestSimpleDelay(t *testing.T) {
	g, clk := timedGame(t, "60d5", "")
	clk.Advance(3 * time.Second)
	wantClocks(t, g, 60*time.Second, 60*time.Second)
	clk.Advance(4 * time.Second)
	wantClocks(t, g, 58*time.Second, 60*time.Second)
	moveAfter(t, g, clk, 0, "e4")
	moveAfter(t, g, clk, 2*time.Second, "e5")
	wantClocks(t, g, 58*time.Second, 60*time.Second)
}

func TestBronsteinDelay(t *testing.T) {
	g, clk := timedGame(t, "60b5", "")
	clk.Advance(3 * time.Second)
	wantClocks(t, g, 57*time.Second, 60*time.Second)
	moveAfter(t, g, clk, 0, "e4")
	wantClocks(t, g, 60*time.Second, 60*time.Second)
	moveAfter(t, g, clk, 8*time.Second, "e5")
	wantClocks(t, g, 60*time.Second, 57*time.Second)
}

// capablancaGame is the first 40 moves of a real game (with a few more).
const capablancaGame = `1.d4 f5 2.e3 Nf6 3.Nf3 e6 4.Bd3 b6 5.b3 Bb7 6.Nbd2 Bb4 7.Bb2 Ne4 8.Bxe4 fxe4
9.Ne5 O-O 10.c3 Be7 11.Qg4 Rf5 12.f3 exf3 13.gxf3 Bh4+ 14.Ke2 Qf6 15.Qh3 d6
16.Ng4 Qe7 17.Rhg1 Kh8 18.d5 e5 19.Nh6 Rh5 20.Nf5 Bc8 21.Qxh4 Qxh4 22.Nxh4 Rxh4
23.Rg2 Bh3 24.Rf2 Nd7 25.c4 a5 26.Ne4 h6 27.Nc3 Nc5 28.Nb5 Rc8 29.Ba3 e4
30.Bxc5 exf3+ 31.Rxf3 Bg4 32.Kf2 Bxf3 33.Kxf3 bxc5 34.Kg3 Re4 35.Re1 Re7
36.e4 Rf8 37.Na7 g5 38.Nc6 Ree8 39.e5 dxe5 40.Rxe5 Rxe5 41.Nxe5 Re8`

func TestFIDEClassicalStages(t *testing.T) {
	// 90 minutes for 40 moves, then 30 more minutes, +30 s per move from
	// move 1.
	g, clk := timedGame(t, "40/5400+30:1800+30", "")
	moves := strings.Fields(capablancaGame)
	var sans []string
	for _, m := range moves {
		if i := strings.LastIndex(m, "."); i >= 0 {
			m = m[i+1:]
		}
		sans = append(sans, m)
	}
	for i, m := range sans[:78] {
		moveAfter(t, g, clk, []time.Duration{60 * time.Second, 10 * time.Second}[i%2], m)
	}
	white := 5400*time.Second - 39*30*time.Second
	wantClocks(t, g, white, 5400*time.Second+39*20*time.Second)
	// White's 40th move completes the first stage: +30 s and +30 minutes.
	moveAfter(t, g, clk, 60*time.Second, sans[78])
	white += -30*time.Second + 1800*time.Second
	if got := g.Remaining(game.White); got != white {
		t.Errorf("White after move 40: %v, want %v", got, white)
	}
	moveAfter(t, g, clk, 60*time.Second, sans[79])
	moveAfter(t, g, clk, 60*time.Second, sans[80])
	if got, want := g.Remaining(game.White), white-30*time.Second; got != want {
		t.Errorf("White after move 41: %v, want %v (no second bonus)", got, want)
	}
}

func TestRepeatingLastStage(t *testing.T) {
	// 2 moves in 60 s, again and again.
	g, clk := timedGame(t, "2/60", "")
	for _, m := range []string{"Nf3", "Nf6", "Nc3", "Nc6"} {
		moveAfter(t, g, clk, 10*time.Second, m)
	}
	wantClocks(t, g, 100*time.Second, 100*time.Second)
	moveAfter(t, g, clk, 10*time.Second, "e4")
	wantClocks(t, g, 90*time.Second, 100*time.Second)
}

func TestHourglass(t *testing.T) {
	g, clk := timedGame(t, "*60", "")
	clk.Advance(10 * time.Second)
	wantClocks(t, g, 50*time.Second, 70*time.Second)
	moveAfter(t, g, clk, 0, "e4")
	moveAfter(t, g, clk, 5*time.Second, "e5")
	wantClocks(t, g, 55*time.Second, 65*time.Second)
}

func TestPauseResume(t *testing.T) {
	g, clk := timedGame(t, "300", "")
	clk.Advance(10 * time.Second)
	g.Pause()
	if !g.Paused() {
		t.Fatal("not paused")
	}
	clk.Advance(time.Hour)
	wantClocks(t, g, 290*time.Second, 300*time.Second)
	if g.CheckFlag() {
		t.Fatal("flag fell while paused")
	}
	g.Resume()
	clk.Advance(5 * time.Second)
	wantClocks(t, g, 285*time.Second, 300*time.Second)
}

func TestTimeForfeit(t *testing.T) {
	g, clk := timedGame(t, "60", "")
	moveAfter(t, g, clk, time.Second, "e4")
	clk.Advance(59 * time.Second)
	if g.CheckFlag() {
		t.Fatal("flag fell with a second left")
	}
	clk.Advance(time.Second)
	if !g.CheckFlag() {
		t.Fatal("flag did not fall at zero")
	}
	if s := g.Status(); s != (game.Status{Result: "1-0", Reason: game.TimeForfeit}) {
		t.Errorf("Status = %v", s)
	}
	if g.Remaining(game.Black) != 0 {
		t.Errorf("Black's clock = %v, want 0", g.Remaining(game.Black))
	}
	clk.Advance(time.Minute)
	if got := g.Remaining(game.White); got != 59*time.Second {
		t.Errorf("White's clock kept running after the end: %v", got)
	}
}

func TestMoveAfterFlagFellLoses(t *testing.T) {
	g, clk := timedGame(t, "60", "")
	clk.Advance(61 * time.Second)
	err := g.Move("e4")
	if !errors.Is(err, game.ErrGameOver) {
		t.Fatalf("Move after the flag fell: err = %v", err)
	}
	if s := g.Status(); s != (game.Status{Result: "0-1", Reason: game.TimeForfeit}) {
		t.Errorf("Status = %v", s)
	}
}

func TestTimeForfeitDrawWhenOpponentCannotMate(t *testing.T) {
	// Black has a lone king: White's flag falls, but Black could never
	// mate, so the game is drawn (FIDE 6.9).
	g, clk := timedGame(t, "60", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	clk.Advance(time.Minute)
	if !g.CheckFlag() {
		t.Fatal("flag did not fall")
	}
	if s := g.Status(); s != (game.Status{Result: "1/2-1/2", Reason: game.TimeForfeit}) {
		t.Errorf("Status = %v, want a draw on time", s)
	}
	// With a knight against a pawn a mate exists (the pawn can block), so
	// the flag loses.
	g, clk = timedGame(t, "60", "4k3/8/8/8/8/8/4P3/4K1n1 w - - 0 1")
	clk.Advance(time.Minute)
	g.CheckFlag()
	if s := g.Status(); s.Result != "0-1" {
		t.Errorf("Status = %v, want a loss on time", s)
	}
}

func TestTakeBackRestoresClocks(t *testing.T) {
	g, clk := timedGame(t, "300+5", "")
	moveAfter(t, g, clk, 10*time.Second, "e4")
	moveAfter(t, g, clk, 20*time.Second, "e5")
	clk.Advance(7 * time.Second)
	wantClocks(t, g, 288*time.Second, 285*time.Second)
	clk.Advance(30 * time.Second)
	if err := g.TakeBack(); err != nil {
		t.Fatal(err)
	}
	wantClocks(t, g, 295*time.Second, 280*time.Second)
	if g.Turn() != game.Black {
		t.Fatal("not Black's move after the take-back")
	}
	clk.Advance(time.Second)
	wantClocks(t, g, 295*time.Second, 279*time.Second)
	if err := g.TakeBack(); err != nil {
		t.Fatal(err)
	}
	wantClocks(t, g, 290*time.Second, 300*time.Second)
	if err := g.TakeBack(); !errors.Is(err, game.ErrNoMoves) {
		t.Errorf("take-back at the start: %v", err)
	}
}

func TestTakeBackOfAMate(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "f3 e5 g4 Qh4#")
	if err := g.TakeBack(); err != nil {
		t.Fatal(err)
	}
	if g.Status().Over() || len(g.History()) != 3 {
		t.Errorf("after taking back the mate: %v %v", g.Status(), g.History())
	}
	play(t, g, "Qh4#")
}

func TestParseTimeControl(t *testing.T) {
	tests := []struct {
		in, out string
		stages  int
	}{
		{"-", "-", 0},
		{"300", "300", 1},
		{"300+3", "300+3", 1},
		{"40/5400+30:1800+30", "40/5400+30:1800+30", 2},
		{"40/7200:20/3600:900+30", "40/7200:20/3600:900+30", 3},
		{"*180", "*180", 1},
		{"300d5", "300d5", 1},
		{"300b5", "300b5", 1},
		{"15+0.5", "15+0.5", 1},
		{" 600 ", "600", 1},
	}
	for _, tt := range tests {
		tc, err := game.ParseTimeControl(tt.in)
		if err != nil {
			t.Errorf("ParseTimeControl(%q): %v", tt.in, err)
			continue
		}
		if got := tc.String(); got != tt.out || len(tc.Stages) != tt.stages {
			t.Errorf("ParseTimeControl(%q) = %q with %d stages, want %q with %d", tt.in, got, len(tc.Stages), tt.out, tt.stages)
		}
	}
	for _, bad := range []string{"", "?", "abc", "300+", "0", "-5", "40/", "/300", "300:600", "*", "*0", "300+3d5", "1e3", "NaN", "0/300"} {
		if _, err := game.ParseTimeControl(bad); err == nil {
			t.Errorf("ParseTimeControl(%q) accepted", bad)
		}
	}
	tc, _ := game.ParseTimeControl("40/5400+30:1800+30")
	if st := tc.Stages[0]; st.Moves != 40 || st.Time != 90*time.Minute || st.Increment != 30*time.Second {
		t.Errorf("stage 1 = %+v", st)
	}
	if tc, _ := game.ParseTimeControl("300b5"); tc.Stages[0].DelayKind != game.BronsteinDelay || tc.Stages[0].Delay != 5*time.Second {
		t.Errorf("300b5 = %+v", tc.Stages[0])
	}
}

func TestUntimedGame(t *testing.T) {
	g := newGame(t, "")
	if g.Remaining(game.White) != 0 || g.CheckFlag() {
		t.Error("an untimed game has a running clock")
	}
	if got := g.TimeControl().String(); got != "-" {
		t.Errorf("TimeControl = %q", got)
	}
}

func TestStageOf(t *testing.T) {
	tc, _ := game.ParseTimeControl("3/300+2:60d5")
	g, _ := game.New(game.Options{TimeControl: tc})
	if st, left := g.StageOf(game.White); st.Increment != 2*time.Second || left != 3 {
		t.Fatalf("at the start: %v, %d moves to the control", st, left)
	}
	for _, m := range []string{"Nf3", "Nf6", "Ng1", "Ng8"} {
		g.Move(m)
	}
	if _, left := g.StageOf(game.White); left != 1 {
		t.Errorf("after two moves each: %d moves to the control", left)
	}
	g.Move("Nf3")
	g.Move("Nf6")
	if st, left := g.StageOf(game.White); st.Delay != 5*time.Second || left != 0 {
		t.Errorf("after the control: %v, %d", st, left)
	}
}

// TestTimeControlCheck: a time control whose tag could not be read back
// is refused by Check, which says which stage and why, and by New; 0 + 0
// was refused only by the New game dialog's own copy of the rule.
func TestTimeControlCheck(t *testing.T) {
	minute, second := time.Minute, time.Second
	one := func(st game.Stage) game.TimeControl { return game.TimeControl{Stages: []game.Stage{st}} }
	for _, tt := range []struct {
		name  string
		tc    game.TimeControl
		stage int
		want  game.StageProblem
	}{
		{"0 + 0", one(game.Stage{}), 0, game.NoTime},
		{"a delay, no time", one(game.Stage{Delay: 5 * second}), 0, game.NoTime},
		{"less than a millisecond", one(game.Stage{Time: 400 * time.Microsecond}), 0, game.NoTime},
		{"an hourglass of 0 with an increment", game.TimeControl{Stages: []game.Stage{{Increment: second}}, Hourglass: true}, 0, game.NoTime},
		{"12 days", one(game.Stage{Time: 12 * 24 * time.Hour}), 0, game.TimeTooLong},
		{"an increment of 12 days", one(game.Stage{Time: minute, Increment: 12 * 24 * time.Hour}), 0, game.BonusTooLong},
		{"a delay of 12 days", one(game.Stage{Time: minute, Delay: 12 * 24 * time.Hour}), 0, game.BonusTooLong},
		{"-1 moves", one(game.Stage{Moves: -1, Time: minute}), 0, game.BadMoveCount},
		{"a stage after the whole game", game.TimeControl{Stages: []game.Stage{{Time: minute}, {Time: minute}}}, 1, game.AfterWholeGame},
		{"a second period without time", game.TimeControl{Stages: []game.Stage{{Moves: 40, Time: 90 * minute}, {}}}, 1, game.NoTime},
	} {
		err := tt.tc.Check()
		var tce *game.TimeControlError
		if !errors.As(err, &tce) || tce.Stage != tt.stage || tce.Problem != tt.want {
			t.Errorf("%s: %v, want stage %d problem %d", tt.name, err, tt.stage+1, tt.want)
		}
		if _, err := game.New(game.Options{TimeControl: tt.tc}); !errors.As(err, &tce) {
			t.Errorf("%s: New gives %v", tt.name, err)
		}
	}
	for _, s := range []string{"-", "60", "0+2", "40/5400+30:1800+30", "*180", "300d5", "1000000"} {
		tc, err := game.ParseTimeControl(s)
		if err == nil {
			err = tc.Check()
		}
		if err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
}
