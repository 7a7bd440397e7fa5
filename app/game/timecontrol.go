package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/echiquier/echiquier/app/pgn"
)

// DelayKind says how a stage's delay works.
type DelayKind int

// The kinds of delay.
const (
	// SimpleDelay (US delay): the clock waits for the delay before it
	// starts counting down at each move.
	SimpleDelay DelayKind = iota
	// BronsteinDelay: after each move the player gets back the time used
	// for it, up to the delay.
	BronsteinDelay
)

// Stage is one period of a time control.
type Stage struct {
	// Moves to play in this stage; 0 means the rest of the game. The last
	// stage, when it has a move count, repeats.
	Moves int
	// Time given at the start of the stage.
	Time time.Duration
	// Increment added after every move of the stage (Fischer).
	Increment time.Duration
	// Delay at every move of the stage, of kind DelayKind.
	Delay     time.Duration
	DelayKind DelayKind
}

// TimeControl is how much time each player has. The zero value is an
// untimed game.
type TimeControl struct {
	// Stages in order; none for an untimed game.
	Stages []Stage
	// Hourglass: the time one player uses is given to the other (one
	// stage, without increment or delay).
	Hourglass bool
}

// MaxStageTime is the longest time, increment or delay a stage gives:
// a million seconds, eleven days and a half.
const MaxStageTime = 1_000_000 * time.Second

// StageProblem is what keeps a stage of a time control from being
// played.
type StageProblem int

// The problems of a stage.
const (
	// NoTime: the stage gives neither time nor an increment (an
	// hourglass, no time).
	NoTime StageProblem = iota
	// TimeTooLong: its time is longer than MaxStageTime.
	TimeTooLong
	// BonusTooLong: its increment or delay is longer than MaxStageTime.
	BonusTooLong
	// BadMoveCount: its move count is below zero.
	BadMoveCount
	// AfterWholeGame: it follows a stage that lasts the rest of the game
	// (or an hourglass, which lasts the whole game).
	AfterWholeGame
)

// TimeControlError says what keeps a stage of a time control from being
// played (Check).
type TimeControlError struct {
	Stage   int // from 0
	Problem StageProblem
}

func (e *TimeControlError) Error() string {
	why := [...]string{
		NoTime:         "it needs some time",
		TimeTooLong:    "its time is longer than a million seconds",
		BonusTooLong:   "its increment or delay is longer than a million seconds",
		BadMoveCount:   "its move count is below zero",
		AfterWholeGame: "it follows a stage that lasts the rest of the game",
	}[e.Problem]
	return fmt.Sprintf("stage %d: %s", e.Stage+1, why)
}

// Check says why tc cannot be played, nil when it can: the game takes
// no other (New), and its TimeControl tag reads back as tc, whose
// durations are kept to the millisecond.
func (tc TimeControl) Check() error {
	ms := func(d time.Duration) time.Duration { return d.Round(time.Millisecond) }
	for i, st := range tc.Stages {
		bad := func(p StageProblem) error { return &TimeControlError{Stage: i, Problem: p} }
		bonus := max(st.Increment, st.Delay)
		switch {
		case i > 0 && (tc.Hourglass || tc.Stages[i-1].Moves == 0):
			return bad(AfterWholeGame)
		case st.Moves < 0:
			return bad(BadMoveCount)
		case ms(st.Time) > MaxStageTime:
			return bad(TimeTooLong)
		case !tc.Hourglass && ms(bonus) > MaxStageTime:
			return bad(BonusTooLong)
		case ms(st.Time) <= 0 && (tc.Hourglass || ms(st.Increment) <= 0):
			return bad(NoTime)
		}
	}
	return nil
}

// IsZero reports whether tc is untimed.
func (tc TimeControl) IsZero() bool { return len(tc.Stages) == 0 }

// ParseTimeControl reads the syntax of the PGN TimeControl tag: "-"
// (untimed), "300" (sudden death, seconds), "300+3" (increment),
// "40/5400+30:1800+30" (stages), "*180" (hourglass), plus delays: "300d5"
// (simple) and "300b5" (Bronstein). Seconds may have decimals.
func ParseTimeControl(s string) (TimeControl, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "-":
		return TimeControl{}, nil
	case s == "" || s == "?":
		return TimeControl{}, fmt.Errorf("time control %q: unknown", pgn.Excerpt(s))
	}
	var tc TimeControl
	if rest, ok := strings.CutPrefix(s, "*"); ok {
		d, err := parseSeconds(rest)
		if err != nil {
			return TimeControl{}, fmt.Errorf("time control %q: an hourglass is * followed by its seconds", pgn.Excerpt(s))
		}
		tc = TimeControl{Stages: []Stage{{Time: d}}, Hourglass: true}
	} else {
		for _, part := range strings.Split(s, ":") {
			st, err := parseStage(part)
			if err != nil {
				return TimeControl{}, fmt.Errorf("time control %q: %v", pgn.Excerpt(s), err)
			}
			tc.Stages = append(tc.Stages, st)
		}
	}
	if err := tc.Check(); err != nil {
		return TimeControl{}, fmt.Errorf("time control %q: %w", pgn.Excerpt(s), err)
	}
	return tc, nil
}

func parseStage(s string) (Stage, error) {
	var st Stage
	if before, after, ok := strings.Cut(s, "/"); ok {
		n, err := strconv.Atoi(before)
		if err != nil || n <= 0 {
			return st, fmt.Errorf("%q: the move count must be a positive whole number", pgn.Excerpt(s))
		}
		st.Moves, s = n, after
	}
	base, extra, sep := s, "", byte(0)
	if i := strings.IndexAny(s, "+db"); i >= 0 {
		base, extra, sep = s[:i], s[i+1:], s[i]
	}
	var err error
	if st.Time, err = parseSeconds(base); err != nil {
		return st, fmt.Errorf("%q: %v", pgn.Excerpt(s), err)
	}
	if sep != 0 {
		d, err := parseSeconds(extra)
		if err != nil {
			return st, fmt.Errorf("%q: %v", pgn.Excerpt(s), err)
		}
		switch sep {
		case '+':
			st.Increment = d
		case 'd':
			st.Delay, st.DelayKind = d, SimpleDelay
		case 'b':
			st.Delay, st.DelayKind = d, BronsteinDelay
		}
	}
	return st, nil
}

func parseSeconds(s string) (time.Duration, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f > MaxStageTime.Seconds() || strings.ContainsAny(s, "eEinfINFxX") {
		return 0, errors.New("seconds must be a number such as 300 or 2.5")
	}
	return time.Duration(f * float64(time.Second)).Round(time.Millisecond), nil
}

// String returns the time control in TimeControl tag syntax; "-" when
// untimed.
func (tc TimeControl) String() string {
	if tc.IsZero() {
		return "-"
	}
	if tc.Hourglass {
		return "*" + formatSeconds(tc.Stages[0].Time)
	}
	parts := make([]string, len(tc.Stages))
	for i, st := range tc.Stages {
		parts[i] = st.String()
	}
	return strings.Join(parts, ":")
}

// String returns the stage in TimeControl tag syntax: "40/5400+30".
func (st Stage) String() string {
	s := formatSeconds(st.Time)
	if st.Moves > 0 {
		s = strconv.Itoa(st.Moves) + "/" + s
	}
	switch {
	case st.Increment > 0:
		s += "+" + formatSeconds(st.Increment)
	case st.Delay > 0 && st.DelayKind == BronsteinDelay:
		s += "b" + formatSeconds(st.Delay)
	case st.Delay > 0:
		s += "d" + formatSeconds(st.Delay)
	}
	return s
}

func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// stageOf returns the stage in force for a player's k-th move (from 1),
// and whether that move completes the stage, so that the next stage's time
// is then added.
func (tc TimeControl) stageOf(k int) (index int, completes bool) {
	last := len(tc.Stages) - 1
	done := 0
	for i := 0; ; i++ {
		st := tc.Stages[min(i, last)]
		if st.Moves == 0 {
			return min(i, last), false
		}
		if k <= done+st.Moves {
			return min(i, last), k == done+st.Moves
		}
		done += st.Moves
	}
}

// nextStage returns the index of the stage after stage i (the last stage
// repeats).
func (tc TimeControl) nextStage(i int) int { return min(i+1, len(tc.Stages)-1) }
