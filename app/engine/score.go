package engine

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/echiquier/echiquier/app/game"
)

// ScoreKind says whether a Score is in centipawns or a forced mate.
type ScoreKind int8

// The kinds of score.
const (
	// Centipawns: an evaluation in hundredths of a pawn.
	Centipawns ScoreKind = iota
	// WhiteMates: White has a forced checkmate.
	WhiteMates
	// BlackMates: Black has a forced checkmate.
	BlackMates
)

// Bound says whether an engine's score is exact or only a bound, as the
// engine reports while its search has not settled.
type Bound int8

// The bounds of a score.
const (
	// Exact: the score as the engine found it.
	Exact Bound = iota
	// Lower: the score is at least this (from White's side).
	Lower
	// Upper: the score is at most this (from White's side).
	Upper
)

// Score is an engine's evaluation of a position, always from White's side,
// whoever is to move: +0.35 is good for White, mate in 3 for Black is
// BlackMates with Moves 3.
type Score struct {
	// Kind says which of the fields below holds the score.
	Kind ScoreKind
	// Centipawns is the evaluation in hundredths of a pawn, positive when
	// White stands better (Kind Centipawns).
	Centipawns int
	// Moves is the number of moves until checkmate, counting the mating
	// side's moves (WhiteMates, BlackMates); 0 when the position is
	// checkmate.
	Moves int
	// Bound says whether the score is exact.
	Bound Bound
}

// PGN returns the score as the [%eval] command of a PGN comment writes it,
// the lichess convention: pawns with two decimals from White's side
// ("0.35", "-1.20"), or "#3" and "#-3" for mate in 3 by White and by
// Black. A position already checkmate is "#0" when White has mated and
// "#-0" when Black has.
func (s Score) PGN() string {
	switch s.Kind {
	case WhiteMates:
		return fmt.Sprintf("#%d", s.Moves)
	case BlackMates:
		return fmt.Sprintf("#-%d", s.Moves)
	}
	return fmt.Sprintf("%.2f", float64(s.Centipawns)/100)
}

// String returns the score as a panel shows it: "+0.35", "-1.20", "0.00",
// "#3" (White mates in 3), "#-3" (Black mates in 3), preceded by "≥" or
// "≤" when it is a bound.
func (s Score) String() string {
	prefix := ""
	switch s.Bound {
	case Lower:
		prefix = "≥"
	case Upper:
		prefix = "≤"
	}
	if s.Kind == Centipawns && s.Centipawns > 0 {
		prefix += "+"
	}
	return prefix + s.PGN()
}

// IsMate reports whether the score is a forced mate.
func (s Score) IsMate() bool { return s.Kind != Centipawns }

// WinningChances returns White's winning chances from -1 (Black wins) to
// +1 (White wins), by lichess's formula (lila's WinPercent.winningChances,
// fitted to its players' results): 2 / (1 + exp(-0.00368208 · cp)) - 1.
// A forced mate counts as certain.
func (s Score) WinningChances() float64 {
	switch s.Kind {
	case WhiteMates:
		return 1
	case BlackMates:
		return -1
	}
	return winningChances(s.Centipawns)
}

// winningChances is lichess's curve: centipawns to chances in [-1, 1].
func winningChances(cp int) float64 {
	const multiplier = -0.00368208 // lila pull request 11148
	return math.Max(-1, math.Min(1, 2/(1+math.Exp(multiplier*float64(cp)))-1))
}

// fromMover turns a score the engine gave from the side to move's view
// into one from White's.
func fromMover(mate bool, value int, bound Bound, turn game.Color) Score {
	if !mate {
		if turn == game.Black {
			value = -value
			bound = flipBound(bound)
		}
		return Score{Kind: Centipawns, Centipawns: value, Bound: bound}
	}
	// UCI's "mate N": positive when the side to move mates, negative or
	// zero ("mate 0": checkmate on the board) when it is mated.
	moverMates := value > 0
	if value < 0 {
		value = -value
	}
	kind := BlackMates
	if (turn == game.White) == moverMates {
		kind = WhiteMates
	}
	if turn == game.Black {
		bound = flipBound(bound)
	}
	return Score{Kind: kind, Moves: value, Bound: bound}
}

func flipBound(b Bound) Bound {
	switch b {
	case Lower:
		return Upper
	case Upper:
		return Lower
	}
	return b
}

// Judgement is how a move fares in a whole-game analysis.
type Judgement int8

// The judgements, lichess's: by the winning chances the mover lost.
const (
	// Good: no annotation.
	Good Judgement = iota
	// Inaccuracy: "?!" (NAG $6).
	Inaccuracy
	// Mistake: "?" (NAG $2).
	Mistake
	// Blunder: "??" (NAG $4).
	Blunder
)

// NAG returns the numeric annotation glyph of a judgement, 0 for Good.
func (j Judgement) NAG() int {
	switch j {
	case Inaccuracy:
		return 6
	case Mistake:
		return 2
	case Blunder:
		return 4
	}
	return 0
}

// String returns the judgement in English: "inaccuracy", "mistake",
// "blunder" or "good".
func (j Judgement) String() string {
	switch j {
	case Inaccuracy:
		return "inaccuracy"
	case Mistake:
		return "mistake"
	case Blunder:
		return "blunder"
	}
	return "good"
}

// Judge judges a move by mover from the evaluations before and after it,
// as lichess does (lila's Advice): when both are in centipawns, by the
// winning chances the mover lost, 0.1 or more an inaccuracy, 0.2 a
// mistake, 0.3 a blunder; when a mate appears or goes, a mate now forced
// against the mover is a blunder, and a forced mate of the mover's that is
// gone too, unless the position was already lost (below -7 pawns for the
// mover: a mistake, below -9.99: an inaccuracy) or stays won (above +7
// and +9.99 likewise). A longer way to mate is no error.
func Judge(mover game.Color, before, after Score) Judgement {
	if !before.IsMate() && !after.IsMate() {
		drop := winningChances(before.Centipawns) - winningChances(after.Centipawns)
		if mover == game.Black {
			drop = -drop
		}
		switch {
		case drop >= 0.3:
			return Blunder
		case drop >= 0.2:
			return Mistake
		case drop >= 0.1:
			return Inaccuracy
		}
		return Good
	}
	// From here on, the mover's view: +1 mover mates, -1 mover is mated.
	side := func(s Score) (mate int, cp int) {
		cp = s.Centipawns
		if mover == game.Black {
			cp = -cp
		}
		switch {
		case s.Kind == WhiteMates && mover == game.White, s.Kind == BlackMates && mover == game.Black:
			return 1, 0
		case s.IsMate():
			return -1, 0
		}
		return 0, cp
	}
	mateBefore, cpBefore := side(before)
	mateAfter, cpAfter := side(after)
	switch {
	case mateBefore == 0 && mateAfter < 0: // a mate is now forced against the mover
		switch {
		case cpBefore < -999:
			return Inaccuracy
		case cpBefore < -700:
			return Mistake
		}
		return Blunder
	case mateBefore > 0 && mateAfter <= 0: // the mover's forced mate is gone
		switch {
		case cpAfter > 999:
			return Inaccuracy
		case cpAfter > 700:
			return Mistake
		}
		return Blunder
	}
	return Good
}

// ParseEval reads the value of a PGN [%eval] command as Score.PGN writes
// it and as other programs do: "0.35", "-1.2", "+3", "#3", "#-3", "#-0",
// perhaps followed by the depth (lichess's "0.35,24"). It reports false
// for anything else.
func ParseEval(v string) (Score, bool) {
	v, _, _ = strings.Cut(strings.TrimSpace(v), ",")
	if rest, ok := strings.CutPrefix(v, "#"); ok {
		neg := strings.HasPrefix(rest, "-")
		if neg || strings.HasPrefix(rest, "+") {
			rest = rest[1:]
		}
		n, err := strconv.Atoi(rest)
		if err != nil || rest[0] < '0' || rest[0] > '9' || n > 1000 {
			return Score{}, false
		}
		if neg {
			return Score{Kind: BlackMates, Moves: n}, true
		}
		return Score{Kind: WhiteMates, Moves: n}, true
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.Abs(f) > 1000 || strings.ContainsAny(v, "eEnNiIxX_") {
		return Score{}, false
	}
	return Score{Centipawns: int(math.Round(f * 100))}, true
}

// NodeEval returns the evaluation a [%eval] command in the comment after
// n's move gives, when there is one: an analysis written by Apply or by
// another program. The first one counts.
func NodeEval(n *game.Node) (Score, bool) {
	s, ok, _ := nodeEval(n)
	return s, ok
}

// nodeEval is NodeEval, which also returns, when no [%eval] after n's
// move can be read, the value of the first one that was there but could
// not be (ParseEval refused it), "" when there is none at all.
func nodeEval(n *game.Node) (s Score, ok bool, refused string) {
	_, after := n.Comments()
	found := false
	for _, c := range after {
		for {
			i := strings.Index(c, "[%eval ")
			if i < 0 {
				break
			}
			c = c[i+len("[%eval "):]
			j := strings.IndexByte(c, ']')
			if j < 0 {
				break
			}
			if s, ok := ParseEval(c[:j]); ok {
				return s, true, ""
			}
			if !found {
				found, refused = true, strings.TrimSpace(c[:j])
			}
			c = c[j:]
		}
	}
	return Score{}, false, refused
}
