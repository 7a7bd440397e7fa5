package game

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/echiquier/echiquier/app/pgn"
)

// ClockState is what a game's clocks read at one moment, for an autosave
// to record with the game's PGN: the [%clk] times of the moves tell the
// clocks at the start of the turn, this tells them now, so that after a
// crash the side to move does not get back the time it had spent
// thinking.
type ClockState struct {
	// White and Black are the times left (zero in an untimed game, and
	// never below zero).
	White, Black time.Duration
	// Turn is the side to move, whose clock runs.
	Turn Color
	// Elapsed is the time the side to move has used on this move.
	Elapsed time.Duration
	// Paused tells whether the clocks were paused.
	Paused bool
}

// errClockState is the error of a clock state text that cannot be read.
var errClockState = errors.New("not a clock state")

// ClockState returns what the clocks read now.
func (g *Game) ClockState() ClockState {
	now := g.now()
	c := &g.clock
	return ClockState{
		White:   max(c.left(White, now), 0),
		Black:   max(c.left(Black, now), 0),
		Turn:    c.turn,
		Elapsed: c.elapsed(now),
		Paused:  c.paused,
	}
}

// RestoreClock makes the clocks read s again: the side to move's time
// left and the time it has used on this move become what s recorded, and
// so does the opponent's time left. It is meant for a game read back from
// the autosave, whose clocks its PGN rebuilt as they were at the start of
// the turn, before resuming it: RestoreClock leaves the clocks paused or
// running as they are. s must be of the same turn; the clocks of a game
// that is over stay as they are.
func (g *Game) RestoreClock(s ClockState) error {
	if s.Turn != g.live.pos.Turn {
		return fmt.Errorf("%w: it records %s's move, and it is %s's", errClockState, s.Turn, g.live.pos.Turn)
	}
	if g.clock.stopped {
		return nil
	}
	g.clock.restoreState(s, g.now())
	return nil
}

// restoreState makes the clocks read s now (see Game.RestoreClock).
func (c *clock) restoreState(s ClockState, now time.Time) {
	c.spent, c.started = s.Elapsed, now
	if !c.timed() {
		return
	}
	left := [2]time.Duration{s.White, s.Black}
	// The base the side to move's clock counts down from, so that it
	// reads left now that it has used Elapsed: the inverse of clock.left.
	used := s.Elapsed
	if st, _, _ := c.stage(); st.Delay > 0 && st.DelayKind == SimpleDelay {
		used = max(used-st.Delay, 0)
	}
	other := c.turn.Other()
	c.state.left[c.turn] = left[c.turn] + used
	c.state.left[other] = left[other]
	if c.tc.Hourglass {
		c.state.left[other] -= s.Elapsed
	}
}

// String writes s on one line that fits in a PGN tag value: the side to
// move as in FEN, both times left and the time used, as [%clk] writes
// them (to the tenth of a second), and "paused" when it was:
// "w 0:04:51.2 0:05:00 0:00:08.8 paused".
func (s ClockState) String() string {
	turn := "w"
	if s.Turn == Black {
		turn = "b"
	}
	out := strings.Join([]string{turn, pgn.FormatClock(s.White), pgn.FormatClock(s.Black), pgn.FormatClock(s.Elapsed)}, " ")
	if s.Paused {
		out += " paused"
	}
	return out
}

// ParseClockState reads what ClockState.String writes.
func ParseClockState(text string) (ClockState, error) {
	bad := func() error { return fmt.Errorf("%w: %q", errClockState, pgn.Excerpt(text)) }
	f := strings.Fields(text)
	if len(f) != 4 && (len(f) != 5 || f[4] != "paused") {
		return ClockState{}, bad()
	}
	var s ClockState
	switch f[0] {
	case "w":
		s.Turn = White
	case "b":
		s.Turn = Black
	default:
		return ClockState{}, bad()
	}
	for i, d := range []*time.Duration{&s.White, &s.Black, &s.Elapsed} {
		v, err := pgn.ParseClock(f[i+1])
		if err != nil || v < 0 {
			return ClockState{}, bad()
		}
		*d = v
	}
	s.Paused = len(f) == 5
	return s, nil
}

// StageOf returns the stage of the time control in force for c's next
// move, and how many moves c still has to make before the next time
// control, counting that move (0 when the stage runs to the end of the
// game). An untimed game has neither.
func (g *Game) StageOf(c Color) (Stage, int) {
	tc := g.clock.tc
	if tc.IsZero() {
		return Stage{}, 0
	}
	next := g.clock.state.moves[c] + 1
	i, _ := tc.stageOf(next)
	if tc.Stages[i].Moves == 0 {
		return tc.Stages[i], 0
	}
	left := 1
	for k := next; ; k++ {
		if _, completes := tc.stageOf(k); completes {
			return tc.Stages[i], left
		}
		left++
	}
}

// ClockAt returns c's time left at n, the position after n's move, as
// the times recorded with the moves leading to it have it (a [%clk]
// read, or the clock of a move played here): the first stage's time
// before c's first move. ok is false in an untimed game.
func (g *Game) ClockAt(n *Node, c Color) (left time.Duration, ok bool) {
	if !g.clock.timed() {
		return 0, false
	}
	return g.clockAfter(n).left[c], true
}
