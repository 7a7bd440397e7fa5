package engine

import (
	"fmt"
	"strings"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

// clocks are the clocks a move is made on, in a game that has them.
type clocks struct {
	timed bool
	// left and inc are each side's time left and what it gets back after
	// a move, by game.Color.
	left, inc [2]time.Duration
	// movesToGo counts the side to move's moves to its next time
	// control, this one included; 0 when its stage lasts the game.
	movesToGo int
	// delay is the time the side to move's clock waits before it runs (a
	// simple delay).
	delay time.Duration
}

// clocksOf reads g's clocks for the side to move. A delay is told to the
// engine as an increment, which UCI has and delays are not: after a move
// that took at least the delay, a Bronstein delay gives it back as an
// increment does, and a simple delay has not counted it; a faster move
// gains less than an increment would, and the engine's next share of its
// time is a little smaller.
func clocksOf(g game.View) clocks {
	if g.TimeControl().IsZero() {
		return clocks{}
	}
	c := clocks{timed: true}
	for _, side := range []game.Color{game.White, game.Black} {
		st, toGo := g.StageOf(side)
		c.left[side] = g.Remaining(side)
		c.inc[side] = st.Increment + st.Delay
		if side == g.Turn() {
			c.movesToGo = toGo
			if st.DelayKind == game.SimpleDelay {
				c.delay = st.Delay
			}
		}
	}
	return c
}

// timeShare bounds the think time of a level below full strength in a
// game with clocks: a tenth of its time left, so that an engine that
// heeds the bound and not its clock never loses on time.
const timeShare = 10

// goCommand returns the "go" command that has the engine play a move at
// strength st, turn to move on clocks c, and the time the move may take
// before its flag falls or its think time is over, whichever comes first.
func goCommand(st Strength, turn game.Color, c clocks) (string, time.Duration) {
	ms := func(d time.Duration) int64 { return max(d.Milliseconds(), 1) }
	var b strings.Builder
	b.WriteString("go")
	bound := st.MoveTime
	if c.timed {
		fmt.Fprintf(&b, " wtime %d btime %d winc %d binc %d",
			ms(c.left[game.White]), ms(c.left[game.Black]), c.inc[game.White].Milliseconds(), c.inc[game.Black].Milliseconds())
		if c.movesToGo > 0 {
			fmt.Fprintf(&b, " movestogo %d", c.movesToGo)
		}
		bound = c.left[turn] + c.delay
		if st.Limited() {
			bound = min(st.MoveTime, c.left[turn]/timeShare)
			fmt.Fprintf(&b, " movetime %d", ms(bound))
		}
	} else {
		fmt.Fprintf(&b, " movetime %d", ms(bound))
	}
	return b.String(), bound
}

// maxHistory bounds the moves an engine is told: those since the last
// capture or pawn move, all it needs to see repetitions and the
// fifty-move rule, are at most 150 in a game that goes on (the 75-move
// rule).
const maxHistory = 150

// request is a move asked of the computer, read from the game on the
// caller's goroutine.
type request struct {
	gen     uint64 // which Think asked it
	fen     string // the position after the last capture or pawn move
	moves   []string
	turn    game.Color
	ply     int  // of the position to move in, from the game's start
	move    int  // its move number
	offered bool // the opponent offers a draw
	clocks  clocks
}

// newRequest reads what a move at g's live position needs: the position
// since the last capture or pawn move and the moves since, the clocks, a
// standing draw offer. It refuses a game that is over.
func newRequest(g game.View) (request, error) {
	if st := g.Status(); st.Over() {
		return request{}, fmt.Errorf("%w (%s)", game.ErrGameOver, st)
	}
	live := g.Live()
	pos := live.Position()
	r := request{turn: pos.Turn, ply: live.Ply(), move: pos.FullMove, clocks: clocksOf(g)}
	if by, ok := g.DrawOffer(); ok && by != pos.Turn {
		r.offered = true
	}
	from := live
	for k := min(pos.HalfMoves, maxHistory); k > 0 && from.Parent() != nil; k-- {
		r.moves = append(r.moves, from.Move().UCI())
		from = from.Parent()
	}
	for i, j := 0, len(r.moves)-1; i < j; i, j = i+1, j-1 {
		r.moves[i], r.moves[j] = r.moves[j], r.moves[i]
	}
	start := from.Position()
	r.fen = start.FEN()
	return r, nil
}

// command returns the "position" command of the request.
func (r *request) command() string {
	cmd := "position fen " + r.fen
	if len(r.moves) > 0 {
		cmd += " moves " + strings.Join(r.moves, " ")
	}
	return cmd
}
