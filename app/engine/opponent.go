package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

// Play is how the computer plays a game.
type Play struct {
	// Level is its strength; one the engine cannot play at is played at
	// full strength, which Reply.Strength says.
	Level Level
	// MayResign lets it resign a hopeless game (see WouldResign).
	MayResign bool
}

// Answer is what the computer does at its turn.
type Answer int8

// The computer's answers.
const (
	// PlayMove: it plays Reply.Move.
	PlayMove Answer = iota
	// AcceptDraw: it accepts the draw its opponent offers.
	AcceptDraw
	// ClaimDraw: it claims the draw Reply.Claim, on the board, or by
	// writing its move Reply.Move when Reply.SAN is set (FIDE 9.2.1.1,
	// 9.3.1).
	ClaimDraw
	// Resign: it resigns.
	Resign
)

// Reply is the computer's answer at its turn, or the failure that ends
// its play.
type Reply struct {
	// Engine is the engine's name, as it gives it, and Strength how it
	// plays.
	Engine   string
	Strength Strength
	// FEN is the position it was asked to move in.
	FEN string
	// Answer is what it does.
	Answer Answer
	// Move is its move, legal in FEN, and SAN the move in English SAN;
	// SAN is "" where it plays no move.
	Move game.Move
	SAN  string
	// Claim is the draw it claims: ThreefoldRepetition or FiftyMoveRule.
	Claim game.Reason
	// Score is its evaluation of the position, from White's side, when
	// HasScore; Depth is its search's.
	Score    Score
	HasScore bool
	Depth    int
	// Time is how long it thought.
	Time time.Duration
	// Err, when set, says why the computer no longer plays: an *Error
	// (its Playing set), or ErrNoEngine. The engine's process is gone;
	// the game was not touched.
	Err error
}

// Opponent is the computer playing a side of a game: an engine run for
// the game, asked for a move at each of its turns. Its methods may be
// called from any goroutine and never wait for the engine: Close returns
// at once, and Done says when the engine is gone. Replies come through
// the callback given to NewOpponent, from the Opponent's own goroutine.
// An Opponent keeps an engine running: close it when the game ends,
// when another game replaces it, when the window closes.
type Opponent struct {
	settings Settings
	play     Play
	onReply  func(Reply)

	w worker // woken when a request or a stop is pending; its mu guards:

	gen     uint64   // counts Think and Stop: a reply is to the latest
	pending *request // the move to think of next, if any
}

// NewOpponent starts an engine to play a game and returns at once: the
// engine starts in the background, and waits for Think. onReply receives
// the computer's answer to each Think; it must not block, nor call the
// Opponent's methods (wrap it in fyne.Do). If the engine cannot start or
// fails later, onReply receives one last Reply whose Err says why, once
// the engine's process is gone; another Opponent may then be started.
func NewOpponent(s Settings, p Play, onReply func(Reply)) *Opponent {
	o := &Opponent{settings: s, play: p, onReply: onReply}
	o.w.start(o.serve, func(err error) {
		var e *Error
		if errors.As(err, &e) {
			e.Playing = true
		}
		onReply(Reply{Err: err})
	})
	return o
}

// Think asks the computer for its answer at g's live position, the side
// to move being the computer's: a move on the clocks as they read now,
// or a draw accepted or claimed, or a resignation. It reads g on the
// caller's goroutine, and never again. A search under way is given up,
// its answer never delivered. A game that is over is refused with
// game.ErrGameOver. After Close, or after the engine failed, it does
// nothing.
func (o *Opponent) Think(g game.View) error {
	r, err := newRequest(g)
	if err != nil {
		return err
	}
	o.w.mu.Lock()
	o.gen++
	r.gen = o.gen
	o.pending = &r
	o.w.mu.Unlock()
	o.w.signal()
	return nil
}

// Stop gives up the search under way, if any: its answer is never
// delivered, and the engine waits for Think. A take-back, a pause, the
// end of the game call it.
func (o *Opponent) Stop() {
	o.w.mu.Lock()
	o.gen++
	o.pending = nil
	o.w.mu.Unlock()
	o.w.signal()
}

// Close ends the computer's play and its engine, and returns at once, or
// once a reply being delivered has been: the engine is told to quit, and
// killed with what it started if it has not quit within half a second,
// on the Opponent's own goroutine (see Done). No reply comes after Close
// returns. It may be called more than once.
func (o *Opponent) Close() { o.w.close() }

// Done returns a channel that is closed once the play has ended, by Close
// or by a failure, and the engine's process and those it started are
// gone: within a second of Close.
func (o *Opponent) Done() <-chan struct{} { return o.w.done }

// takePending returns the request to think of next, if any, and clears
// it.
func (o *Opponent) takePending() *request {
	o.w.mu.Lock()
	defer o.w.mu.Unlock()
	r := o.pending
	o.pending = nil
	return r
}

// deliver passes a reply to the request of generation gen on, unless a
// Think or a Stop came since, or Close.
func (o *Opponent) deliver(r Reply, gen uint64) {
	o.w.deliver(func() {
		if gen == o.gen {
			o.onReply(r)
		}
	})
}

// serve is the Opponent's goroutine: it starts the engine, sets it to
// play at the level asked, and answers the requests until Close
// (errStopped) or a failure; the engine is gone when it returns.
func (o *Opponent) serve() error {
	s := o.settings
	s.MultiPV = 1
	p, s, err := startEngine(s, o.w.quit)
	if err != nil {
		return err
	}
	defer p.close()
	st := strengthAt(strengths(p.options), o.play.Level)
	for _, opt := range st.Options {
		if err := p.send("setoption name " + opt.Name + " value " + opt.Value); err != nil {
			return err
		}
	}
	if err := p.send("ucinewgame"); err != nil {
		return err
	}
	if err := p.ready(o.w.quit); err != nil {
		return err
	}
	t := turns{o: o, p: p, st: st, timeout: s.Timeout}
	return t.loop()
}

// strengthAt returns the strength of level l among those an engine
// offers, the full strength if it offers no such level.
func strengthAt(offered []Strength, l Level) Strength {
	for _, st := range offered {
		if st.Level == l {
			return st
		}
	}
	return offered[len(offered)-1]
}

// turns is the state of serve's loop.
type turns struct {
	o       *Opponent
	p       *proc
	st      Strength
	timeout time.Duration

	cur       *request   // the request searched, or last searched
	pos       *game.Game // its position, and the moves before since the last capture or pawn move
	searching bool       // a "go" awaits its "bestmove"
	stopping  bool       // a "stop" was sent for it
	started   time.Time
	best      info // the latest evaluation of its search
	exact     info // the latest that is not a bound

	evals []plyEval // the computer's evaluations at its moves, in order
}

// plyEval is the computer's evaluation, from its side, of the position
// at a ply of the game.
type plyEval struct {
	ply, eval int
}

// loop runs until Close (errStopped) or a failure of the engine.
func (t *turns) loop() error {
	deadline := time.NewTimer(time.Hour)
	deadline.Stop()
	defer deadline.Stop()
	var (
		waitFor string        // what the deadline waits for an answer to
		waited  time.Duration // how long
	)
	arm := func(d time.Duration, what string) {
		deadline.Reset(d)
		waitFor, waited = what, d
	}
	start := func() error {
		bound, err := t.start()
		if err == nil && t.searching {
			arm(bound+t.timeout, "go")
		}
		return err
	}
	for {
		select {
		case <-t.o.w.quit:
			return errStopped
		case <-t.o.w.wake:
			if !t.searching {
				if err := start(); err != nil {
					return err
				}
				continue
			}
			if t.o.generation() != t.cur.gen && !t.stopping {
				if err := t.p.send("stop"); err != nil {
					return err
				}
				t.stopping = true
				arm(t.timeout, "stop")
			}
		case line, ok := <-t.p.lines:
			if !ok {
				return t.p.gone()
			}
			if _, ok := parseBestMove(line); ok {
				if !t.searching {
					continue // not ours: ignore it
				}
				deadline.Stop()
				t.searching = false
				if !t.stopping {
					r, err := t.answer(line)
					if err != nil {
						return err
					}
					t.o.deliver(r, t.cur.gen)
				}
				t.stopping = false
				if err := start(); err != nil {
					return err
				}
				continue
			}
			if t.searching && !t.stopping {
				t.record(line)
			}
		case <-deadline.C:
			return t.p.hung(fmt.Sprintf("no answer to %q in %v", waitFor, waited))
		}
	}
}

// generation returns the generation of the latest Think or Stop.
func (o *Opponent) generation() uint64 {
	o.w.mu.Lock()
	defer o.w.mu.Unlock()
	return o.gen
}

// start sends the pending request to the engine and starts its search,
// if there is one. It returns the time the search may take.
func (t *turns) start() (time.Duration, error) {
	r := t.o.takePending()
	if r == nil {
		return 0, nil
	}
	pos, err := game.New(game.Options{FEN: r.fen})
	if err != nil {
		return 0, err
	}
	for _, m := range r.moves {
		if err := pos.Move(m); err != nil {
			return 0, err
		}
	}
	cmd, bound := goCommand(t.st, r.turn, r.clocks)
	if err := t.p.send(r.command()); err != nil {
		return 0, err
	}
	if err := t.p.send(cmd); err != nil {
		return 0, err
	}
	for len(t.evals) > 0 && t.evals[len(t.evals)-1].ply >= r.ply {
		t.evals = t.evals[:len(t.evals)-1] // taken back
	}
	t.cur, t.pos, t.searching, t.started = r, pos, true, time.Now()
	t.best, t.exact = info{}, info{}
	return bound, nil
}

// record keeps the evaluation an info line of the search gives.
func (t *turns) record(line string) {
	in, ok := parseInfo(line)
	if !ok || !in.hasScore || in.multiPV != 1 {
		return
	}
	t.best = in
	if in.bound == Exact {
		t.exact = in
	}
}

// answer reads the engine's "bestmove" line, checks its move, and decides
// what the computer does.
func (t *turns) answer(line string) (Reply, error) {
	r := t.cur
	live := t.pos.Live()
	pos := live.Position()
	reply := Reply{Engine: t.p.name, Strength: t.st.clone(), FEN: pos.FEN(), Time: time.Since(t.started)}
	f := strings.Fields(line)
	if len(f) < 2 || !isUCIMove(f[1]) {
		detail := "it answered \"bestmove\" without a move"
		if len(f) >= 2 {
			detail = fmt.Sprintf("it answered %q, not a move, in the position %s", cleanWords(f[1]), reply.FEN)
		}
		return reply, &Error{Kind: Garbled, Path: t.p.path, Detail: detail}
	}
	m, err := live.ParseMove(f[1])
	if err != nil || m.UCI() != f[1] {
		return reply, &Error{Kind: IllegalMove, Path: t.p.path, Detail: fmt.Sprintf("%s in the position %s", f[1], reply.FEN)}
	}
	reply.Move = m
	reply.SAN, _ = live.SANOf(m)
	best := t.best
	if t.exact.hasScore {
		best = t.exact
	}
	eval, known := 0, best.hasScore
	if known {
		reply.Score = fromMover(best.mate, best.score, best.bound, pos.Turn)
		reply.HasScore, reply.Depth = true, best.depth
		eval = sideCentipawns(reply.Score, pos.Turn)
		t.evals = append(t.evals, plyEval{ply: r.ply, eval: eval})
	}
	claims, _ := t.pos.ClaimableDrawsWithMove(f[1])
	switch {
	case known && len(t.pos.ClaimableDraws()) > 0 && WouldClaimDraw(eval):
		reply.Answer, reply.Claim = ClaimDraw, t.pos.ClaimableDraws()[0]
		reply.Move, reply.SAN = game.Move{}, ""
	case known && len(claims) > 0 && WouldClaimDraw(eval):
		reply.Answer, reply.Claim = ClaimDraw, claims[0]
	case known && r.offered && WouldAcceptDraw(t.st.Level, r.ply, eval):
		reply.Answer = AcceptDraw
		reply.Move, reply.SAN = game.Move{}, ""
	case known && t.o.play.MayResign && WouldResign(t.streak(r.ply)):
		reply.Answer = Resign
		reply.Move, reply.SAN = game.Move{}, ""
	}
	return reply, nil
}

// streak returns the computer's evaluations at its moves up to ply, in a
// row (every other ply), the latest last.
func (t *turns) streak(ply int) []int {
	var out []int
	for i := len(t.evals) - 1; i >= 0 && t.evals[i].ply == ply; i-- {
		out = append(out, t.evals[i].eval)
		ply -= 2
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// clone returns s with its own slice of options: a reply is read on
// another goroutine.
func (s Strength) clone() Strength {
	s.Options = append([]Option(nil), s.Options...)
	return s
}

// EngineInfo is what an engine offers to play with.
type EngineInfo struct {
	// Name is the engine's name, as it gives it.
	Name string
	// Levels are the levels it can play at, from the weakest: full
	// strength alone when it has no way to play weaker.
	Levels []Strength
}

// Limited reports whether the engine can play below its full strength.
func (e EngineInfo) Limited() bool { return len(e.Levels) > 1 }

// Probe starts the engine of s, reads its name and what it offers, and
// ends it: what a window offering a game against it shows. It waits for
// the engine, at most s.Timeout, or until ctx is done (ctx's error). An
// engine that fails says why in an *Error; ErrNoEngine when there is
// none.
func Probe(ctx context.Context, s Settings) (EngineInfo, error) {
	s, err := s.withDefaults()
	if err != nil {
		return EngineInfo{}, err
	}
	p, err := startProc(s.Path, s.Timeout)
	if err != nil {
		return EngineInfo{}, err
	}
	defer p.close()
	if err := p.identify(ctx.Done()); err != nil {
		if errors.Is(err, errStopped) {
			return EngineInfo{}, ctx.Err()
		}
		return EngineInfo{}, err
	}
	return EngineInfo{Name: p.name, Levels: strengths(p.options)}, nil
}
