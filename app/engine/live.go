package engine

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

// minInterval is the least time between two updates: ten a second are
// as many as a window shows.
const minInterval = 100 * time.Millisecond

// maxPositionMoves bounds the moves SetPosition takes after its FEN.
const maxPositionMoves = 2000

// Analysis is what live analysis knows of the position analysed.
type Analysis struct {
	// FEN is the position analysed, after SetPosition's moves.
	FEN string
	// Engine is the engine's name, as it gives it.
	Engine string
	// Lines are the best lines found, the best first: up to
	// Settings.MultiPV, fewer when there are fewer legal moves, none
	// when there are none or before the engine has found any.
	Lines []Line
	// Depth is the depth of the best line, in plies.
	Depth int
	// Nodes and NPS are the search's size so far and its speed, in
	// positions and positions a second.
	Nodes, NPS int64
	// Time is how long the engine has searched the position.
	Time time.Duration
	// Err, when set, says why the analysis stopped for good: an *Error,
	// or ErrNoEngine. The engine's process is gone.
	Err error
}

// Live is live analysis of one position at a time, with an engine run for
// it. Its methods may be called from any goroutine and never wait for the
// engine: Close returns at once, and Done says when the engine is gone.
// Updates come through the callback given to NewLive, from Live's own
// goroutine, at most ten times a second. A Live keeps an engine
// searching: close it when its analysis is not shown.
type Live struct {
	settings Settings
	onUpdate func(Analysis)

	mu      sync.Mutex
	pending *position // the position to analyse next, if any

	w worker // woken when a position is pending
}

// position is a position to analyse, as the engine is told it and as the
// window sees it.
type position struct {
	command   string // "position fen ... moves ..."
	fen       string // after the moves
	turn      game.Color
	checkmate bool // the side to move is checkmated
}

// NewLive starts an engine for live analysis and returns at once: the
// engine starts in the background, and waits for SetPosition. onUpdate
// receives the analysis of the latest position as it deepens; it must
// not block, nor call Close (wrap it in fyne.Do). If the engine cannot
// start or fails later, onUpdate receives one last Analysis whose Err
// says why, once the engine's process is gone.
func NewLive(s Settings, onUpdate func(Analysis)) *Live {
	l := &Live{settings: s, onUpdate: onUpdate}
	l.w.start(l.analyse, func(err error) { onUpdate(Analysis{Err: err}) })
	return l
}

// SetPosition makes the position after moves (in UCI, "e2e4", "e7e8q")
// from fen the one analysed: the engine stops its search and starts on
// it, as soon as it is ready. The moves let the engine see repetitions.
// A position that is not valid is refused with the game package's error
// and changes nothing. After Close, or after the engine failed, it does
// nothing.
func (l *Live) SetPosition(fen string, moves []string) error {
	if len(moves) > maxPositionMoves {
		return fmt.Errorf("too many moves to analyse: %d, at most %d", len(moves), maxPositionMoves)
	}
	g, err := game.New(game.Options{FEN: fen})
	if err != nil {
		return err
	}
	start := g.FEN()
	for _, m := range moves {
		if err := g.Move(m); err != nil {
			return err
		}
	}
	cmd := "position fen " + start
	if len(moves) > 0 {
		uci := make([]string, 0, len(moves))
		for _, n := range g.MainLine() {
			uci = append(uci, n.Move().UCI())
		}
		cmd += " moves " + strings.Join(uci, " ")
	}
	pos := g.Position()
	l.mu.Lock()
	l.pending = &position{command: cmd, fen: g.FEN(), turn: pos.Turn, checkmate: isCheckmate(g.Live())}
	l.mu.Unlock()
	l.w.signal()
	return nil
}

// Close stops the analysis and the engine, and returns at once, or once
// an update being delivered has been: the engine is told to quit, and
// killed with what it started if it has not quit within half a second,
// on Live's own goroutine (see Done). No update comes after Close
// returns. It may be called more than once.
func (l *Live) Close() { l.w.close() }

// Done returns a channel that is closed once the analysis has ended, by
// Close or by a failure, the engine's process is gone and the processes
// it started are killed: within a second of Close, even for an engine
// that does not quit when told. A program about to exit waits on it, for
// a bounded time, so that no engine outlives it.
func (l *Live) Done() <-chan struct{} { return l.w.done }

// deliver passes an update on, unless Live is closed.
func (l *Live) deliver(a Analysis) {
	l.w.deliver(func() { l.onUpdate(a) })
}

// takePending returns the pending position, if any, and clears it.
func (l *Live) takePending() *position {
	l.mu.Lock()
	defer l.mu.Unlock()
	p := l.pending
	l.pending = nil
	return p
}

// analyse is Live's goroutine: it starts the engine and runs the
// analysis until Close (errStopped) or a failure; the engine is gone when
// it returns.
func (l *Live) analyse() error {
	p, s, err := startEngine(l.settings, l.w.quit)
	if err != nil {
		return err
	}
	defer p.close()
	sess := liveSession{l: l, p: p, multiPV: s.MultiPV}
	return sess.loop(s.Timeout)
}

// liveSession is the state of run's loop.
type liveSession struct {
	l       *Live
	p       *proc
	multiPV int

	cur       *position // the position searched, or last searched
	searching bool      // a "go" awaits its "bestmove"
	stopping  bool      // a "stop" was sent for it
	infos     []info    // the latest info of each line, by multipv
	stats     info      // the latest sizes of the search
	dirty     bool      // something new not yet reported
	lastEmit  time.Time
}

// loop runs until Close (errStopped) or a failure of the engine.
func (s *liveSession) loop(timeout time.Duration) error {
	var (
		throttle  *time.Timer // armed while an update waits for its time
		throttleC <-chan time.Time
		deadline  *time.Timer // armed while "stop" awaits "bestmove"
		deadlineC <-chan time.Time
	)
	defer func() {
		if throttle != nil {
			throttle.Stop()
		}
		if deadline != nil {
			deadline.Stop()
		}
	}()
	emit := func() {
		if !s.dirty || s.cur == nil {
			return
		}
		if wait := minInterval - time.Since(s.lastEmit); wait > 0 {
			if throttleC == nil {
				throttle = time.NewTimer(wait)
				throttleC = throttle.C
			}
			return
		}
		s.dirty = false
		s.lastEmit = time.Now()
		s.l.deliver(s.analysis())
	}
	for {
		select {
		case <-s.l.w.quit:
			return errStopped
		case <-s.l.w.wake:
			if s.searching {
				if !s.stopping {
					if err := s.p.send("stop"); err != nil {
						return err
					}
					s.stopping = true
					deadline = time.NewTimer(timeout)
					deadlineC = deadline.C
				}
				continue
			}
			if err := s.start(); err != nil {
				return err
			}
			emit()
		case line, ok := <-s.p.lines:
			if !ok {
				return s.p.gone()
			}
			if _, ok := parseBestMove(line); ok {
				if !s.searching {
					continue // not ours: ignore it
				}
				s.searching = false
				if s.stopping {
					s.stopping = false
					deadline.Stop()
					deadlineC = nil
					if err := s.start(); err != nil {
						return err
					}
				}
				emit()
				continue
			}
			if !s.searching || s.stopping {
				continue // the end of a search given up
			}
			if in, ok := parseInfo(line); ok {
				s.record(in.at(s.cur.checkmate))
				emit()
			}
		case <-throttleC:
			throttleC = nil
			emit()
		case <-deadlineC:
			return s.p.hung(fmt.Sprintf("no answer to %q in %v", "stop", timeout))
		}
	}
}

// start sends the pending position to the engine and starts a search of
// it, if there is one.
func (s *liveSession) start() error {
	next := s.l.takePending()
	if next == nil {
		return nil
	}
	if err := s.p.send(next.command); err != nil {
		return err
	}
	if err := s.p.send("go infinite"); err != nil {
		return err
	}
	s.cur, s.searching, s.dirty = next, true, true
	s.infos, s.stats = s.infos[:0], info{}
	return nil
}

// record keeps what an info line says.
func (s *liveSession) record(in info) {
	if in.nodes > 0 || in.time > 0 {
		s.stats.nodes, s.stats.nps, s.stats.time = in.nodes, in.nps, in.time
	}
	if !in.hasScore || in.multiPV > s.multiPV {
		return
	}
	for len(s.infos) < in.multiPV {
		s.infos = append(s.infos, info{})
	}
	s.infos[in.multiPV-1] = in
	s.dirty = true
}

// analysis returns what is known of the current position, in fresh
// slices: the window reads it on its own goroutine.
func (s *liveSession) analysis() Analysis {
	a := Analysis{
		FEN: s.cur.fen, Engine: s.p.name,
		Nodes: s.stats.nodes, NPS: s.stats.nps, Time: s.stats.time,
	}
	for _, in := range s.infos {
		if !in.hasScore {
			break // lines come in order: a gap ends them
		}
		moves, san := playLine(s.cur.fen, in.pv)
		a.Lines = append(a.Lines, Line{
			Score: fromMover(in.mate, in.score, in.bound, s.cur.turn),
			Depth: in.depth, SelDepth: in.selDepth,
			Moves: moves, SAN: san,
		})
	}
	if len(a.Lines) > 0 {
		a.Depth = a.Lines[0].Depth
	}
	return a
}
