package engine

import (
	"fmt"
	"math"
	"slices"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// The report's figures are lichess's (lila's modules/analyse:
// WinPercent.scala, AccuracyPercent.scala, AccuracyCP.scala), so that a
// game analysed on lichess and read here shows the figures lichess shows.
const (
	// initialCentipawns is the evaluation of the position before the
	// first move, from White's side, whatever the position: lila's
	// Cp.initial.
	initialCentipawns = 15
	// ceilingCentipawns bounds an evaluation, and stands for a mate:
	// lila's Cp.CEILING.
	ceilingCentipawns = 1000
	// turningPoints is how many turning points a report names.
	turningPoints = 3
)

// PlayerReport sums up how one player played.
type PlayerReport struct {
	// Accuracy is lichess's game accuracy, from 0 to 100.
	Accuracy float64
	// AverageLoss is the average centipawn loss.
	AverageLoss int
	// Inaccuracies, Mistakes and Blunders count the player's moves that
	// Judge finds so.
	Inaccuracies, Mistakes, Blunders int
	// Moves is how many of the player's moves the figures are of; none
	// when the game has no move of that player's, and then the figures
	// mean nothing.
	Moves int
}

// MoveReport is what the report says of one move of the main line.
type MoveReport struct {
	// Node is the move.
	Node *game.Node
	// Before and After are the evaluations before and after it, from
	// White's side; Before is +0.15 for the first move.
	Before, After Score
	// WinBefore and WinAfter are the mover's winning chances before and
	// after the move, in percent.
	WinBefore, WinAfter float64
	// Accuracy is the move's, from 0 to 100.
	Accuracy float64
	// Loss is what the move lost in centipawns, from the mover's side;
	// 0 when it lost nothing.
	Loss int
	// Judgement is Judge's.
	Judgement Judgement
}

// Drop returns the winning chances the move lost, in percent: 0 when it
// lost none.
func (m MoveReport) Drop() float64 { return max(0, m.WinBefore-m.WinAfter) }

// Report is the report on a game from the evaluations of its main line.
type Report struct {
	White, Black PlayerReport
	// Moves are the moves reported on, in order: the main line, without
	// a last move that checkmates.
	Moves []MoveReport
}

// Player returns the report on the player of colour c.
func (r Report) Player(c game.Color) PlayerReport {
	if c == game.Black {
		return r.Black
	}
	return r.White
}

// TurningPoints returns the moves that decided the game, in the order
// played: the three that lost the most winning chances, among those
// Judge finds wanting (fewer when fewer are).
func (r Report) TurningPoints() []MoveReport {
	var out []MoveReport
	for _, m := range r.Moves {
		if m.Judgement != Good {
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(a, b MoveReport) int { return cmpFloat(b.Drop(), a.Drop()) })
	out = out[:min(len(out), turningPoints)]
	slices.SortFunc(out, func(a, b MoveReport) int { return a.Node.Ply() - b.Node.Ply() })
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// MissingEvalError is GameReport's answer when a move of the main line
// has no evaluation that can be read: the report needs one after every
// move.
type MissingEvalError struct {
	// Move is the move's number, as PGN writes it, Mover its player and
	// SAN the move, in English SAN.
	Move  int
	Mover game.Color
	SAN   string
	// Refused is the value of the move's [%eval] when it has one that
	// could not be read (see ParseEval), cut to a short line; "" when it
	// has none.
	Refused string
}

func (e *MissingEvalError) Error() string {
	dots := "."
	if e.Mover == game.Black {
		dots = "..."
	}
	if e.Refused != "" {
		return fmt.Sprintf("the evaluation of %d%s %s, [%%eval %s], cannot be read: the report needs one after every move of the main line", e.Move, dots, e.SAN, e.Refused)
	}
	return fmt.Sprintf("%d%s %s has no evaluation ([%%eval]): the report needs one after every move of the main line", e.Move, dots, e.SAN)
}

// GameReport reports on each player from the [%eval] after every move of
// g's main line (an error, in words, when a move has none).
func GameReport(g game.View) (white, black PlayerReport, err error) {
	r, err := NewReport(g)
	return r.White, r.Black, err
}

// NewReport reports on g's players and moves from the [%eval] comments
// of its main line, as lichess does: each evaluation from White's side,
// bounded to ±10 pawns, a mate counting as 10 pawns, the position before
// the first move +0.15. A last move that checkmates is left out, as
// lichess leaves it out (it writes no evaluation there): its position
// needs no engine. A move without an evaluation is a *MissingEvalError,
// a game without moves ErrNoMoves. It reads g on the caller's goroutine
// and keeps nodes of it.
func NewReport(g game.View) (Report, error) {
	line := g.MainLine()
	if len(line) == 0 {
		return Report{}, ErrNoMoves
	}
	if last := line[len(line)-1]; isCheckmate(last) {
		line = line[:len(line)-1]
	}
	var r Report
	before := Score{Centipawns: initialCentipawns}
	for _, n := range line {
		after, ok, refused := nodeEval(n)
		if !ok {
			return Report{}, &MissingEvalError{Move: n.MoveNumber(), Mover: n.Mover(), SAN: n.SAN(), Refused: pgn.Excerpt(refused)}
		}
		r.Moves = append(r.Moves, moveReport(n, before, after))
		before = after
	}
	weights := volatility(r.Moves)
	for _, c := range []game.Color{game.White, game.Black} {
		var p PlayerReport
		var weighted, weights2, inverse float64
		loss := 0
		for i, m := range r.Moves {
			if m.Node.Mover() != c {
				continue
			}
			p.Moves++
			weighted += m.Accuracy * weights[i]
			weights2 += weights[i]
			inverse += 1 / max(1, m.Accuracy)
			loss += m.Loss
			switch m.Judgement {
			case Inaccuracy:
				p.Inaccuracies++
			case Mistake:
				p.Mistakes++
			case Blunder:
				p.Blunders++
			}
		}
		if p.Moves > 0 {
			harmonic := float64(p.Moves) / inverse
			p.Accuracy = (weighted/weights2 + harmonic) / 2
			p.AverageLoss = int(math.Round(float64(loss) / float64(p.Moves)))
		}
		if c == game.White {
			r.White = p
		} else {
			r.Black = p
		}
	}
	return r, nil
}

// moveReport judges the move n between the evaluations before and after
// it.
func moveReport(n *game.Node, before, after Score) MoveReport {
	m := MoveReport{Node: n, Before: before, After: after, Judgement: Judge(n.Mover(), before, after)}
	cpBefore, cpAfter := before.bounded(), after.bounded()
	m.WinBefore, m.WinAfter = winPercent(cpBefore), winPercent(cpAfter)
	m.Loss = max(0, cpBefore-cpAfter)
	if n.Mover() == game.Black {
		m.WinBefore, m.WinAfter = 100-m.WinBefore, 100-m.WinAfter
		m.Loss = max(0, cpAfter-cpBefore)
	}
	m.Accuracy = moveAccuracy(m.WinBefore, m.WinAfter)
	return m
}

// bounded returns the score in centipawns from White's side, bounded to
// ±1000, a mate counting as ±1000.
func (s Score) bounded() int {
	switch s.Kind {
	case WhiteMates:
		return ceilingCentipawns
	case BlackMates:
		return -ceilingCentipawns
	}
	return max(-ceilingCentipawns, min(ceilingCentipawns, s.Centipawns))
}

// winPercent is White's winning chances in percent at cp centipawns:
// lila's WinPercent.fromCentiPawns.
func winPercent(cp int) float64 { return 50 + 50*winningChances(cp) }

// moveAccuracy is a move's accuracy from the mover's winning chances
// before and after it, in percent: lila's AccuracyPercent.fromWinPercents,
// an exponential fitted to lichess's idea of accuracy, with a point of
// bonus for the analysis's own imprecision.
func moveAccuracy(before, after float64) float64 {
	if after >= before {
		return 100
	}
	raw := 103.1668100711649*math.Exp(-0.04354415386753951*(before-after)) - 3.166924740191411
	return max(0, min(100, raw+1))
}

// volatility returns the weight of each move in its player's accuracy:
// how much White's winning chances swing around it, the standard
// deviation of those in a window of positions sliding over the game
// (the position before the first move, then after each), bounded to 0.5
// and 12. The window is a tenth of the moves, 2 to 8 positions; the
// first moves, whose window would begin before the game, take the first
// window. A calm position thus counts little, and an error in a sharp
// one much: lila's AccuracyPercent.gameAccuracy.
func volatility(moves []MoveReport) []float64 {
	wins := make([]float64, 0, len(moves)+1)
	if len(moves) > 0 {
		wins = append(wins, winPercent(moves[0].Before.bounded()))
	}
	for _, m := range moves {
		wins = append(wins, winPercent(m.After.bounded()))
	}
	size := max(2, min(8, len(moves)/10))
	out := make([]float64, len(moves))
	for i := range moves {
		from := max(0, i+2-size)
		out[i] = max(0.5, min(12, deviation(wins[from:from+size])))
	}
	return out
}

// deviation is the standard deviation of xs, as of a whole population.
func deviation(xs []float64) float64 {
	mean := 0.0
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	sum := 0.0
	for _, x := range xs {
		sum += (x - mean) * (x - mean)
	}
	return math.Sqrt(sum / float64(len(xs)))
}
