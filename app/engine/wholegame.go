package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

// maxBestLine bounds the side line written at a judged move, in plies.
const maxBestLine = 16

// Progress is how far a whole-game analysis has gone.
type Progress struct {
	// Done positions of Total are analysed: the start position and the
	// position after each move of the main line.
	Done, Total int
}

// MoveResult is the analysis of one move of the main line.
type MoveResult struct {
	// Move is the move played.
	Move game.Move
	// SAN is the move in English SAN.
	SAN string
	// Eval is the evaluation of the position after the move, from White's
	// side.
	Eval Score
	// Judgement is the move's, from the evaluations before and after it
	// (see Judge).
	Judgement Judgement
	// Best and BestSAN are the engine's best line from the position before
	// the move, up to 16 plies.
	Best    []game.Move
	BestSAN []string
}

// Result is a whole-game analysis, to be written into the game by Apply.
type Result struct {
	// StartFEN is the game's start position.
	StartFEN string
	// Engine is the engine's name, as it gives it.
	Engine string
	// MoveTime is the time the engine had for each position.
	MoveTime time.Duration
	// Moves are the moves analysed, in order from the first: all of the
	// main line, or its first moves when the analysis stopped early.
	Moves []MoveResult
}

// plan is what a whole-game analysis needs of the game, copied on the
// caller's goroutine.
type plan struct {
	start string       // the start position's FEN
	fens  []string     // the position before each move, then after the last
	turns []game.Color // the side to move in each
	mates []bool       // whether each is checkmate
	moves []game.Move
	sans  []string
}

// AnalyseGame analyses every move of g's main line with the engine, each
// position for s.MoveTime, in the background: it reads g on the caller's
// goroutine before it returns, and never again. onProgress is told how
// far it has gone, at most ten times a second; onDone is called once at
// the end, after the engine's process is gone, with the result, and with
// an error when the analysis did not finish: ctx's error when ctx was
// cancelled, an *Error when the engine failed, ErrNoEngine. The result
// then holds the moves analysed before. Both are called from the
// analysis's goroutine: wrap them in fyne.Do. A game without moves is
// refused with ErrNoMoves.
func AnalyseGame(ctx context.Context, s Settings, g game.View, onProgress func(Progress), onDone func(Result, error)) error {
	pl, err := newPlan(g)
	if err != nil {
		return err
	}
	go func() {
		r, err := pl.run(ctx, s, onProgress)
		onDone(r, err)
	}()
	return nil
}

// newPlan copies what the analysis needs of g's main line.
func newPlan(g game.View) (*plan, error) {
	line := g.MainLine()
	if len(line) == 0 {
		return nil, ErrNoMoves
	}
	root := g.Root().Position()
	pl := &plan{start: root.FEN()}
	pl.fens = append(pl.fens, pl.start)
	pl.turns = append(pl.turns, root.Turn)
	pl.mates = append(pl.mates, isCheckmate(g.Root()))
	for _, n := range line {
		pos := n.Position()
		pl.fens = append(pl.fens, pos.FEN())
		pl.turns = append(pl.turns, pos.Turn)
		pl.mates = append(pl.mates, isCheckmate(n))
		pl.moves = append(pl.moves, n.Move())
		pl.sans = append(pl.sans, n.SAN())
	}
	return pl, nil
}

// run analyses the plan's positions with a new engine.
func (pl *plan) run(ctx context.Context, s Settings, onProgress func(Progress)) (Result, error) {
	r := Result{StartFEN: pl.start}
	if err := ctx.Err(); err != nil {
		return r, err
	}
	s, err := s.withDefaults()
	if err != nil {
		return r, err
	}
	r.MoveTime = s.MoveTime
	p, err := startProc(s.Path, s.Timeout)
	if err != nil {
		return r, err
	}
	defer p.close()
	stop := ctx.Done()
	if err := p.handshake(stop, s, 1); err != nil {
		return r, pl.stopped(ctx, err)
	}
	r.Engine = p.name
	if err := p.send("ucinewgame"); err != nil {
		return r, err
	}
	if err := p.ready(stop); err != nil {
		return r, pl.stopped(ctx, err)
	}
	var (
		scores   []Score
		bests    [][]string
		lastSent time.Time
	)
	total := len(pl.fens)
	for i := range pl.fens {
		score, pv, err := pl.search(p, stop, i, s)
		if err != nil {
			r.Moves = pl.results(scores, bests)
			return r, pl.stopped(ctx, err)
		}
		scores = append(scores, score)
		bests = append(bests, pv)
		if i+1 == total || time.Since(lastSent) >= minInterval {
			lastSent = time.Now()
			onProgress(Progress{Done: i + 1, Total: total})
		}
	}
	r.Moves = pl.results(scores, bests)
	return r, nil
}

// stopped returns ctx's error for a wait that ctx stopped, else err.
func (pl *plan) stopped(ctx context.Context, err error) error {
	if errors.Is(err, errStopped) {
		return ctx.Err()
	}
	return err
}

// search analyses the plan's i-th position for the move time and returns
// its evaluation from White's side and the engine's best line.
func (pl *plan) search(p *proc, stop <-chan struct{}, i int, s Settings) (Score, []string, error) {
	cmd := "position fen " + pl.start
	if i > 0 {
		uci := make([]string, i)
		for j, m := range pl.moves[:i] {
			uci[j] = m.UCI()
		}
		cmd += " moves " + strings.Join(uci, " ")
	}
	if err := p.send(cmd); err != nil {
		return Score{}, nil, err
	}
	if err := p.send(fmt.Sprintf("go movetime %d", s.MoveTime.Milliseconds())); err != nil {
		return Score{}, nil, err
	}
	var best, exact info
	_, err := p.await(stop, s.MoveTime+s.Timeout, "go movetime", func(line string) bool {
		if _, ok := parseBestMove(line); ok {
			return true
		}
		if in, ok := parseInfo(line); ok {
			in = in.at(pl.mates[i])
			if !in.hasScore || in.multiPV != 1 {
				return false
			}
			best = in
			if in.bound == Exact {
				exact = in
			}
		}
		return false
	})
	if err != nil {
		return Score{}, nil, err
	}
	if exact.hasScore {
		best = exact
	}
	if !best.hasScore {
		return Score{}, nil, &Error{Kind: Garbled, Path: p.path, Detail: "it gave no evaluation of the position " + pl.fens[i]}
	}
	return fromMover(best.mate, best.score, best.bound, pl.turns[i]), best.pv, nil
}

// results turns the evaluations of the positions analysed into the
// analysis of the moves between them.
func (pl *plan) results(scores []Score, bests [][]string) []MoveResult {
	var out []MoveResult
	for i := 0; i+1 < len(scores); i++ {
		pv := bests[i]
		if len(pv) > maxBestLine {
			pv = pv[:maxBestLine]
		}
		moves, san := playLine(pl.fens[i], pv)
		out = append(out, MoveResult{
			Move: pl.moves[i], SAN: pl.sans[i],
			Eval:      scores[i+1],
			Judgement: Judge(pl.turns[i], scores[i], scores[i+1]),
			Best:      moves, BestSAN: san,
		})
	}
	return out
}

// Apply writes a whole-game analysis into g, on the caller's goroutine:
// on each move analysed, its evaluation as the [%eval] command of the
// comment after it, in place of any there, the comment's text and other
// commands kept; at each inaccuracy, mistake and blunder its NAG ($6, $2,
// $4) and the engine's best line as a side line from the position before
// it. What an earlier analysis wrote is replaced, not added to: its
// marks and its lines (see earlierWork) give way to the new ones, while
// the user's own marks and lines stay, and a move the user marked ($1 to
// $6) takes no other mark. If g's main line is not the one analysed any
// more, Apply returns ErrGameChanged and changes nothing.
func Apply(g *game.Game, r Result) error {
	line := g.MainLine()
	start := g.Root().Position()
	if start.FEN() != r.StartFEN || len(r.Moves) > len(line) {
		return ErrGameChanged
	}
	for i, m := range r.Moves {
		if line[i].Move() != m.Move {
			return ErrGameChanged
		}
	}
	earlier := earlierWork(line[:len(r.Moves)])
	for i, m := range r.Moves {
		n := line[i]
		if err := g.SetCommand(n, "eval", m.Eval.PGN()); err != nil {
			return err
		}
		nags := n.NAGs()
		if w := earlier[i]; w.mark != 0 {
			nags = slices.DeleteFunc(nags, func(v int) bool { return v == w.mark })
		}
		var best []game.Move
		if m.Judgement != Good && len(m.Best) > 0 && m.Best[0] != m.Move {
			best = m.Best
		}
		if old := earlier[i].line; len(old) > 0 {
			if sameMoves(old, best) {
				best = nil // already there
			} else if err := g.DeleteVariation(old[0]); err != nil {
				return err
			}
		}
		if m.Judgement != Good && !slices.ContainsFunc(nags, isAssessment) {
			nags = append(nags, m.Judgement.NAG())
		}
		if !slices.Equal(nags, n.NAGs()) {
			if err := g.SetNAGs(n, nags); err != nil {
				return err
			}
		}
		at := n.Parent()
		for _, bm := range best {
			next, err := g.AddVariationMove(at, bm)
			if err != nil {
				return err
			}
			at = next
		}
	}
	return nil
}

// isAssessment reports whether a NAG judges a move: $1 to $6 (!, ?, !!,
// ??, !?, ?!).
func isAssessment(nag int) bool { return nag >= 1 && nag <= 6 }

// work is what an earlier analysis wrote at a move: its mark (a NAG, 0
// for none) and its side line.
type work struct {
	mark int
	line []*game.Node
}

// earlierWork finds what an earlier analysis (Échiquier's, lichess's)
// wrote at each move of line, the main line's first moves, from the
// [%eval] it left: at a move whose evaluations before and after make an
// inaccuracy, a mistake or a blunder (Judge, the position before the
// first move counting +0.15 as in the report), that judgement's mark
// when the move carries it, and the plain side line there (AnalysisLine).
// Where the evaluation before is missing, a mark ?!, ? or ?? counts as
// the analysis's judgement. A mark other than the judgement is the
// user's, and so is every line at a move the evaluations do not find
// wanting: those stay.
func earlierWork(line []*game.Node) []work {
	out := make([]work, len(line))
	before, known := Score{Centipawns: initialCentipawns}, true
	for i, n := range line {
		after, ok := NodeEval(n)
		if ok {
			j := Good
			if known {
				j = Judge(n.Mover(), before, after)
			} else {
				for _, v := range n.NAGs() {
					if k := judgementOf(v); k != Good {
						j = k
					}
				}
			}
			if j != Good {
				if slices.Contains(n.NAGs(), j.NAG()) {
					out[i].mark = j.NAG()
				}
				out[i].line = AnalysisLine(n)
			}
		}
		before, known = after, ok
	}
	return out
}

// judgementOf returns the judgement a NAG stands for: Good for any but
// $6, $2 and $4.
func judgementOf(nag int) Judgement {
	for _, j := range []Judgement{Inaccuracy, Mistake, Blunder} {
		if j.NAG() == nag {
			return j
		}
	}
	return Good
}

// AnalysisLine returns the side line an analysis wrote at n's move: the
// engine's best line from the position before it, which Apply writes and
// lichess exports. It is the last of the other lines from there that is
// plain (no comment, no mark, no side line of its own) and no longer than
// an analysis writes (16 plies); nil when there is none. A line the user
// annotated is the user's.
func AnalysisLine(n *game.Node) []*game.Node {
	p := n.Parent()
	if p == nil {
		return nil
	}
	kids := p.Children()
	for k := len(kids) - 1; k >= 0; k-- {
		if kids[k] == n {
			continue
		}
		if l := plainLine(kids[k]); l != nil {
			return l
		}
	}
	return nil
}

// plainLine returns the moves of the line from first, when none has a
// comment, a NAG or a side line, and there are at most maxBestLine; else
// nil.
func plainLine(first *game.Node) []*game.Node {
	var out []*game.Node
	for n := first; n != nil; {
		before, after := n.Comments()
		kids := n.Children()
		if len(before) > 0 || len(after) > 0 || len(n.NAGs()) > 0 || len(kids) > 1 || len(out) == maxBestLine {
			return nil
		}
		out = append(out, n)
		n = nil
		if len(kids) == 1 {
			n = kids[0]
		}
	}
	return out
}

// sameMoves reports whether a line's nodes are the moves ms.
func sameMoves(nodes []*game.Node, ms []game.Move) bool {
	if len(nodes) != len(ms) {
		return false
	}
	for i, n := range nodes {
		if n.Move() != ms[i] {
			return false
		}
	}
	return true
}
