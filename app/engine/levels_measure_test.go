package engine

import (
	"context"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

// levelsEnv runs the measurements of the levels with Stockfish: the time
// a move takes at each level, and games between adjacent levels, as many
// for each pair as its value says (ECHIQUIER_ENGINE_LEVELS=8). They take
// an hour or more: never in make test.
const levelsEnv = "ECHIQUIER_ENGINE_LEVELS"

// matchOpenings start the games of a match, each played with both
// colours: Stockfish's full strength plays much the same game twice.
var matchOpenings = []string{"e4 e5", "d4 d5", "e4 c5", "d4 Nf6", "c4 e5", "e4 e6", "Nf3 d5", "e4 c6"}

// measureSettings are the engine's settings of the measurements: one
// thread each, as the two engines of a match take turns on a shared
// machine, and a minute to start, which a loaded machine may need.
func measureSettings(path string) Settings {
	return Settings{Path: path, Threads: 1, Hash: 16, Timeout: time.Minute}
}

// TestLevelThinkTime measures, at each level, the time a move takes
// without clocks (wall clock, and the engine's processor time), over the
// positions of a game.
func TestLevelThinkTime(t *testing.T) {
	if os.Getenv(levelsEnv) == "" {
		t.Skip("a measurement: set " + levelsEnv + "=N to run it")
	}
	path := stockfish(t)
	g := newGame(t, "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6")
	line := g.MainLine()
	levels := levelsOf(t, path)
	for _, st := range levels {
		r := newReplies()
		before := childrenCPU()
		o := NewOpponent(measureSettings(path), Play{Level: st.Level}, r.add)
		var total, most time.Duration
		for _, n := range line {
			pos := newGame(t, "")
			for _, m := range line[:n.Ply()] {
				if err := pos.PlayMove(m.Move()); err != nil {
					t.Fatal(err)
				}
			}
			if err := o.Think(pos); err != nil {
				t.Fatal(err)
			}
			x := r.next(t)
			if x.Err != nil {
				t.Fatal(x.Err)
			}
			total += x.Time
			most = max(most, x.Time)
		}
		o.Close()
		<-o.Done()
		cpu := childrenCPU() - before
		t.Logf("level %2d: %-46s move time %5v: a move in %v on average, %v at most; engine processor time %v a move",
			st.Level, optionsText(st), st.MoveTime, (total / time.Duration(len(line))).Round(time.Millisecond),
			most.Round(time.Millisecond), (cpu / time.Duration(len(line))).Round(time.Millisecond))
	}
}

// TestLevelMatches plays games between adjacent levels, each level at
// its own time a move, and reports the scores and the difference in
// rating they make.
func TestLevelMatches(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv(levelsEnv))
	if n <= 0 {
		t.Skip("a measurement: set " + levelsEnv + "=N to run it, N games a pair")
	}
	path := stockfish(t)
	levels := levelsOf(t, path)
	from, to := MinLevel, FullStrength
	if v := os.Getenv(levelsEnv + "_FROM"); v != "" {
		l, _ := strconv.Atoi(v)
		from = Level(l)
	}
	if v := os.Getenv(levelsEnv + "_TO"); v != "" {
		l, _ := strconv.Atoi(v)
		to = Level(l)
	}
	for l := from; l < to; l++ {
		weak, strong := levels[l-1], levels[l]
		var score float64 // the stronger level's
		var results []string
		start := time.Now()
		for i := range n {
			opening := matchOpenings[(i/2)%len(matchOpenings)]
			strongWhite := i%2 == 0
			status, plies := matchGame(t, path, weak, strong, strongWhite, opening)
			s := 0.5
			if winner, ok := status.Winner(); ok {
				s = 0
				if (winner == game.White) == strongWhite {
					s = 1
				}
			}
			score += s
			results = append(results, fmt.Sprintf("%v %d plies", status, plies))
		}
		t.Logf("level %d against level %d: %.1f of %d (%s), a difference of %s, in %v",
			strong.Level, weak.Level, score, n, strings.Join(results, ", "), eloDifference(score, n), time.Since(start).Round(time.Second))
	}
}

// levelsOf returns the levels Stockfish offers.
func levelsOf(t *testing.T, path string) []Strength {
	info, err := Probe(context.Background(), measureSettings(path))
	if err != nil {
		t.Fatal(err)
	}
	if len(info.Levels) != int(FullStrength) {
		t.Fatalf("Stockfish offers %d levels", len(info.Levels))
	}
	return info.Levels
}

// matchGame plays a game between two levels from an opening, the
// stronger White or Black, to its end or 300 plies (a draw), and returns
// how it ended and its length. Both may resign.
func matchGame(t *testing.T, path string, weak, strong Strength, strongWhite bool, opening string) (game.Status, int) {
	g := newGame(t, opening)
	r := newReplies()
	players := [2]*Opponent{}
	for i, st := range []Strength{weak, strong} {
		side := game.Black
		if (i == 1) == strongWhite {
			side = game.White
		}
		players[side] = NewOpponent(measureSettings(path), Play{Level: st.Level, MayResign: true}, r.add)
	}
	defer func() {
		for _, o := range players {
			o.Close()
			<-o.Done()
		}
	}()
	for !g.Status().Over() && len(g.History()) < 300 {
		turn := g.Turn()
		if err := players[turn].Think(g); err != nil {
			t.Fatal(err)
		}
		x := r.next(t)
		if x.Err != nil {
			t.Fatal(x.Err)
		}
		var err error
		switch x.Answer {
		case PlayMove:
			err = g.PlayMove(x.Move)
		case ClaimDraw:
			if x.SAN != "" {
				err = g.ClaimDrawWithMove(x.Move.UCI(), x.Claim)
			} else {
				err = g.ClaimDraw(x.Claim)
			}
		case Resign:
			err = g.Resign(turn)
		default:
			t.Fatalf("answer %d without a draw offered", x.Answer)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if !g.Status().Over() {
		return game.Status{Result: game.Draw}, len(g.History())
	}
	return g.Status(), len(g.History())
}

// eloDifference returns the difference in rating a score of s in n games
// makes, by the logistic curve of the Elo system.
func eloDifference(s float64, n int) string {
	p := s / float64(n)
	if p <= 0 || p >= 1 {
		return "more than 400 (all the games won)"
	}
	return fmt.Sprintf("%+.0f", -400*math.Log10(1/p-1))
}

// optionsText writes a level's options as they are sent.
func optionsText(st Strength) string {
	var parts []string
	for _, o := range st.Options {
		parts = append(parts, o.Name+"="+o.Value)
	}
	if len(parts) == 0 {
		return "(none)"
	}
	return strings.Join(parts, ", ")
}

// childrenCPU returns the processor time, user and system, of this
// process's children that have ended and been waited for.
func childrenCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
