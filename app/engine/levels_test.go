package engine

import (
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

// optionsOf reads an engine's "option" lines as proc keeps them.
func optionsOf(lines string) map[string]option {
	out := map[string]option{}
	for line := range strings.Lines(lines) {
		if name, o, ok := parseOption(strings.TrimSpace(line)); ok {
			out[name] = o
		}
	}
	return out
}

func TestParseOption(t *testing.T) {
	for line, want := range map[string]option{
		"option name Skill Level type spin default 20 min 0 max 20":    {kind: "spin", min: 0, max: 20, bounded: true},
		"option name UCI_Elo type spin default 1350 min 1350 max 2850": {kind: "spin", min: 1350, max: 2850, bounded: true},
		"option name Skill Level type spin default -20 min -20 max 20": {kind: "spin", min: -20, max: 20, bounded: true},
		"option name UCI_LimitStrength type check default false":       {kind: "check"},
		"option name Hash type spin default 16":                        {kind: "spin"},
		"option name Hash type spin default 16 min 9 max 1":            {kind: "spin", min: 9, max: 1},
		"option name Hash type spin min x max 5":                       {kind: "spin", max: 5},
	} {
		name, got, ok := parseOption(line)
		if !ok || got != want {
			t.Errorf("parseOption(%q) = %q %+v %v, want %+v", line, name, got, ok, want)
		}
	}
	if name, _, _ := parseOption("option name Skill Level type spin default 20 min 0 max 20"); name != "skill level" {
		t.Errorf("name %q", name)
	}
	for _, line := range []string{"", "option", "option name type spin", "option name Hash", "id name Stockfish", "info string option name X type spin"} {
		if name, o, ok := parseOption(line); ok {
			t.Errorf("parseOption(%q) = %q %+v", line, name, o)
		}
	}
}

func TestStrengths(t *testing.T) {
	elo := func(v string) []Option { return []Option{{"UCI_LimitStrength", "true"}, {"UCI_Elo", v}} }
	skill := func(v string) []Option { return []Option{{"Skill Level", v}} }
	// The levels below the lowest rating: a wider choice of moves.
	wide := func(options []Option, width string) []Option { return append(options, Option{"MultiPV", width}) }
	type level struct {
		options []Option
		byElo   bool
	}
	for _, c := range []struct {
		name    string
		options string
		want    []level // levels 1 to 9
	}{
		{"Stockfish 15.1", stockfishOptions, []level{
			{wide(skill("0"), "12"), false}, {wide(skill("0"), "6"), false},
			{elo("1350"), true}, {elo("1500"), true}, {elo("1700"), true}, {elo("1900"), true}, {elo("2100"), true}, {elo("2300"), true}, {elo("2600"), true},
		}},
		{"Stockfish 16 and later", "option name Skill Level type spin default 20 min 0 max 20\noption name UCI_LimitStrength type check default false\noption name UCI_Elo type spin default 1320 min 1320 max 3190\noption name MultiPV type spin default 1 min 1 max 500\n", []level{
			{wide(skill("0"), "12"), false}, {wide(skill("0"), "6"), false},
			{elo("1350"), true}, {elo("1500"), true}, {elo("1700"), true}, {elo("1900"), true}, {elo("2100"), true}, {elo("2300"), true}, {elo("2600"), true},
		}},
		// A skill level alone: Stockfish's conversion of the ratings;
		// without MultiPV, no wider choice.
		{"a skill level", "option name Skill Level type spin default 20 min 0 max 20\n", []level{
			{skill("0"), false}, {skill("0"), false},
			{skill("0"), false}, {skill("1"), false}, {skill("3"), false}, {skill("5"), false}, {skill("8"), false}, {skill("10"), false}, {skill("15"), false},
		}},
		// Bounds of its own: within them.
		{"a skill level from 1 to 8", "option name Skill Level type spin default 8 min 1 max 8\noption name MultiPV type spin default 1 min 1 max 6\n", []level{
			{wide(skill("1"), "6"), false}, {wide(skill("1"), "6"), false},
			{skill("1"), false}, {skill("1"), false}, {skill("3"), false}, {skill("5"), false}, {skill("8"), false}, {skill("8"), false}, {skill("8"), false},
		}},
		// A rating alone, from 1500: the lowest below it, the highest
		// above its highest.
		{"ratings from 1500", "option name UCI_LimitStrength type check default false\noption name UCI_Elo type spin default 1500 min 1500 max 2400\noption name MultiPV type spin default 1 min 1 max 500\n", []level{
			{wide(elo("1500"), "12"), false}, {wide(elo("1500"), "6"), false},
			{elo("1500"), false}, {elo("1500"), true}, {elo("1700"), true}, {elo("1900"), true}, {elo("2100"), true}, {elo("2300"), true}, {elo("2400"), false},
		}},
	} {
		got := strengths(optionsOf(c.options))
		if len(got) != int(FullStrength) {
			t.Errorf("%s: %d levels", c.name, len(got))
			continue
		}
		for i, w := range c.want {
			st := got[i]
			spec, _ := st.Level.spec()
			if st.Level != Level(i+1) || !reflect.DeepEqual(st.Options, w.options) || st.ByElo != w.byElo ||
				st.Elo != spec.elo || st.MoveTime != spec.think || !st.Limited() {
				t.Errorf("%s, level %d: %+v, want options %v, by Elo %v", c.name, i+1, st, w.options, w.byElo)
			}
		}
		if full := got[FullStrength-1]; full.Level != FullStrength || full.Options != nil || full.Elo != 0 || full.Limited() {
			t.Errorf("%s, full strength: %+v", c.name, full)
		}
	}

	// Without a way to play weaker, or with options that do not say how
	// (no bounds, a rating without the switch that turns it on), full
	// strength alone.
	for _, options := range []string{
		"option name Threads type spin default 1 min 1 max 8\n",
		"option name Skill Level type spin default 20\n",
		"option name Skill Level type string default 20\n",
		"option name UCI_Elo type spin default 1500 min 1500 max 2400\n",
		"",
	} {
		got := strengths(optionsOf(options))
		if len(got) != 1 || got[0].Level != FullStrength {
			t.Errorf("options %q: levels %+v, want full strength alone", options, got)
		}
	}
}

func TestSkillOf(t *testing.T) {
	// Stockfish's conversion: level L plays at 1346.6 + 143.4 L^0.806.
	for l := 1; l <= 20; l++ {
		elo := 1346.6 + 143.4*math.Pow(float64(l), 0.806)
		if got := skillOf(int(elo + 0.5)); got != l {
			t.Errorf("skillOf(%.0f) = %d, want %d", elo, got, l)
		}
	}
	for _, elo := range []int{-5, 0, 800, 1346, 1350} {
		if got := skillOf(elo); got != 0 {
			t.Errorf("skillOf(%d) = %d, want 0", elo, got)
		}
	}
}

func TestLevelSpecs(t *testing.T) {
	for _, l := range []Level{0, -1, FullStrength + 1} {
		if _, ok := l.spec(); ok {
			t.Errorf("level %d exists", l)
		}
	}
	// The ratings rise with the level, and the time to think; the
	// choice of moves narrows, to none beyond the weakest levels.
	var last levelSpec
	for l := MinLevel; l < FullStrength; l++ {
		spec, ok := l.spec()
		if !ok || spec.elo <= last.elo || spec.think < last.think || (last.width > 0 && spec.width >= last.width) || (l > MinLevel && last.width == 0 && spec.width > 0) {
			t.Errorf("level %d: %+v after %+v", l, spec, last)
		}
		last = spec
	}
}

// clockGame starts a game on the time control tc, its clock read from
// *now.
func clockGame(t *testing.T, tc string, now *time.Time) *game.Game {
	t.Helper()
	opts := game.Options{Now: func() time.Time { return *now }}
	if tc != "" {
		var err error
		if opts.TimeControl, err = game.ParseTimeControl(tc); err != nil {
			t.Fatal(err)
		}
	}
	g, err := game.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestGoCommand(t *testing.T) {
	levels := strengths(optionsOf(stockfishOptions))
	beginner, club, full := levels[0], levels[3], levels[FullStrength-1]
	now := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	// play plays moves, each taking the time given.
	play := func(g *game.Game, moves string, each time.Duration) {
		t.Helper()
		for _, m := range strings.Fields(moves) {
			now = now.Add(each)
			if err := g.Move(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, c := range []struct {
		name   string
		tc     string
		moves  string
		each   time.Duration // the time each move took
		after  time.Duration // the time since the last move
		st     Strength
		want   string
		within time.Duration
	}{
		// Without clocks, the level's time.
		{name: "untimed", st: club, want: "go movetime 300", within: 300 * time.Millisecond},
		{name: "untimed beginner", st: beginner, want: "go movetime 200", within: 200 * time.Millisecond},
		{name: "untimed full strength", st: full, want: "go movetime 2000", within: 2 * time.Second},
		// On the clocks: both, the increments, the time its clock has
		// run already.
		{name: "increment", tc: "300+3", moves: "e4", each: 10 * time.Second, after: 4 * time.Second, st: full,
			want: "go wtime 293000 btime 296000 winc 3000 binc 3000", within: 296 * time.Second},
		// Below full strength, at most its time, and a tenth of its clock.
		{name: "increment, club", tc: "300+3", moves: "e4", each: 10 * time.Second, st: club,
			want: "go wtime 293000 btime 300000 winc 3000 binc 3000 movetime 300", within: 300 * time.Millisecond},
		{name: "short of time, club", tc: "2", st: club,
			want: "go wtime 2000 btime 2000 winc 0 binc 0 movetime 200", within: 200 * time.Millisecond},
		{name: "short of time, beginner", tc: "1", st: beginner,
			want: "go wtime 1000 btime 1000 winc 0 binc 0 movetime 100", within: 100 * time.Millisecond},
		// Moves to the time control: the side to move's.
		{name: "moves to go", tc: "40/5400+30:1800+30", moves: "e4 e5 Nf3", each: time.Minute, st: full,
			want: "go wtime 5340000 btime 5370000 winc 30000 binc 30000 movestogo 39", within: 5370 * time.Second},
		{name: "last stage", tc: "2/60:30", moves: "e4 e5 Nf3 Nc6", each: time.Second, st: full,
			want: "go wtime 88000 btime 88000 winc 0 binc 0", within: 88 * time.Second},
		// A delay is told as an increment; a simple delay adds to the
		// time before the flag falls.
		{name: "simple delay", tc: "300d5", moves: "e4", each: 7 * time.Second, after: 2 * time.Second, st: full,
			want: "go wtime 298000 btime 300000 winc 5000 binc 5000", within: 305 * time.Second},
		{name: "Bronstein delay", tc: "300b5", moves: "e4", each: 7 * time.Second, after: 2 * time.Second, st: full,
			want: "go wtime 298000 btime 298000 winc 5000 binc 5000", within: 298 * time.Second},
		// An hourglass: what one side uses, the other gets.
		{name: "hourglass", tc: "*60", moves: "e4", each: 10 * time.Second, after: 5 * time.Second, st: full,
			want: "go wtime 55000 btime 65000 winc 0 binc 0", within: 65 * time.Second},
	} {
		g := clockGame(t, c.tc, &now)
		play(g, c.moves, c.each)
		now = now.Add(c.after)
		got, within := goCommand(c.st, g.Turn(), clocksOf(g))
		if got != c.want || within != c.within {
			t.Errorf("%s: %q within %v, want %q within %v", c.name, got, within, c.want, c.within)
		}
	}
}

func TestRequest(t *testing.T) {
	// The position since the last capture or pawn move, and the moves
	// after it: the engine sees the repetitions and the fifty-move rule.
	g := newGame(t, "e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4 Re1 Nd6 Nc3 Be7")
	r, err := newRequest(g)
	if err != nil {
		t.Fatal(err)
	}
	want := "position fen r1bqkb1r/pppp1ppp/2n5/1B2p3/4n3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 0 5 moves f1e1 e4d6 b1c3 f8e7"
	if got := r.command(); got != want || r.turn != game.White || r.ply != 12 || r.move != 7 || r.offered || r.clocks.timed {
		t.Errorf("request %+v: %q, want %q", r, got, want)
	}
	// A draw offered by the opponent, who has just moved; not one by the
	// side to move.
	if err := g.OfferDraw(game.Black); err != nil {
		t.Fatal(err)
	}
	if r, _ := newRequest(g); !r.offered {
		t.Error("the draw Black offered is not seen")
	}
	if err := g.DeclineDraw(game.White); err != nil {
		t.Fatal(err)
	}
	if err := g.OfferDraw(game.White); err != nil {
		t.Fatal(err)
	}
	if r, _ := newRequest(g); r.offered {
		t.Error("White's own offer taken for Black's")
	}
	// A set-up position: from it.
	g, err = game.New(game.Options{FEN: "8/8/8/4k3/8/8/8/R3K3 w - - 99 80"})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Move("Ra7"); err != nil {
		t.Fatal(err)
	}
	r, _ = newRequest(g)
	if got := r.command(); got != "position fen 8/8/8/4k3/8/8/8/R3K3 w - - 99 80 moves a1a7" || r.ply != 1 {
		t.Errorf("from a set-up position: %q, ply %d", got, r.ply)
	}
	if err := g.Resign(game.Black); err != nil {
		t.Fatal(err)
	}
	if _, err := newRequest(g); err == nil {
		t.Error("a move asked in a game that is over")
	}
}
