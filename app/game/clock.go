package game

import "time"

// clockState is what both clocks show at the start of a turn, and how many
// moves each side has completed (which decides the stage in force).
type clockState struct {
	left  [2]time.Duration
	moves [2]int
}

// clock runs a time control. Time is read only through the now values its
// callers pass, so that tests control it exactly.
type clock struct {
	tc      TimeControl
	state   clockState
	turn    Color
	spent   time.Duration // time the side to move used before the clock last started
	started time.Time     // when the clock last started
	running bool          // neither paused nor stopped, and timed
	paused  bool
	stopped bool // the game is over: the clocks are frozen
	// off: the game is edited, not played: the clocks stay paused, no
	// flag falls, and a move passes the turn without time (pass).
	off bool
}

func newClock(tc TimeControl, turn Color, now time.Time) clock {
	c := clock{tc: tc, turn: turn, started: now, running: !tc.IsZero()}
	if !tc.IsZero() {
		c.state.left = [2]time.Duration{tc.Stages[0].Time, tc.Stages[0].Time}
	}
	return c
}

func (c *clock) timed() bool { return !c.tc.IsZero() }

// elapsed is the time the side to move has used this turn.
func (c *clock) elapsed(now time.Time) time.Duration {
	if !c.running {
		return c.spent
	}
	return c.spent + max(now.Sub(c.started), 0)
}

// stage returns the stage of the side to move's current move, and whether
// that move completes it.
func (c *clock) stage() (Stage, int, bool) {
	i, completes := c.tc.stageOf(c.state.moves[c.turn] + 1)
	return c.tc.Stages[i], i, completes
}

// left returns side's time left now; negative once its flag has fallen.
func (c *clock) left(side Color, now time.Time) time.Duration {
	if !c.timed() {
		return 0
	}
	e := c.elapsed(now)
	switch {
	case side == c.turn:
		st, _, _ := c.stage()
		if st.Delay > 0 && st.DelayKind == SimpleDelay {
			e = max(e-st.Delay, 0)
		}
		return c.state.left[side] - e
	case c.tc.Hourglass:
		return c.state.left[side] + e
	}
	return c.state.left[side]
}

// flagged reports whether the side to move is out of time.
func (c *clock) flagged(now time.Time) bool {
	return c.timed() && !c.stopped && !c.off && c.left(c.turn, now) <= 0
}

// shown returns both clocks as they read now.
func (c *clock) shown(now time.Time) clockState {
	s := c.state
	s.left = [2]time.Duration{c.left(White, now), c.left(Black, now)}
	return s
}

// press ends the mover's turn: it takes the time used, adds the delay
// refund, the increment and the next stage's time as due, and starts the
// opponent's clock. It returns the mover's time left and the time spent.
func (c *clock) press(now time.Time) (left, spent time.Duration) {
	mover := c.turn
	spent = c.elapsed(now)
	if !c.timed() {
		c.turn, c.spent, c.started = mover.Other(), 0, now
		return 0, spent
	}
	st, i, completes := c.stage()
	left = c.left(mover, now)
	if st.DelayKind == BronsteinDelay {
		left += min(spent, st.Delay)
	}
	left += st.Increment
	if completes {
		left += c.tc.Stages[c.tc.nextStage(i)].Time
	}
	if c.tc.Hourglass {
		c.state.left[mover.Other()] += spent
	}
	c.state.left[mover] = left
	c.state.moves[mover]++
	c.turn, c.spent, c.started = mover.Other(), 0, now
	return left, spent
}

// pass ends the mover's turn on clocks that are off: the times stay as
// they are, the move is counted.
func (c *clock) pass() {
	c.state.moves[c.turn]++
	c.turn, c.spent = c.turn.Other(), 0
}

// restore puts the clocks back to a state shown at the start of turn's
// move, and starts that turn afresh.
func (c *clock) restore(s clockState, turn Color, now time.Time) {
	c.state, c.turn, c.spent, c.started, c.stopped = s, turn, 0, now, false
	c.running = c.timed() && !c.paused
}

func (c *clock) pause(now time.Time) {
	c.spent = c.elapsed(now)
	c.running, c.paused = false, true
}

func (c *clock) resume(now time.Time) {
	if c.off {
		return
	}
	c.paused = false
	if c.timed() && !c.stopped && !c.running {
		c.started, c.running = now, true
	}
}

// stop freezes both clocks at what they show now.
func (c *clock) stop(now time.Time) {
	if c.stopped {
		return
	}
	c.state = c.shown(now)
	c.spent, c.running, c.stopped = 0, false, true
}
