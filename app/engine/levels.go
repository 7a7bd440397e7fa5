package engine

import (
	"math"
	"strconv"
	"time"
)

// Level is how strongly the computer plays: from MinLevel, a beginner's
// game, to FullStrength, the engine's own.
type Level int8

// The first and last levels.
const (
	MinLevel     Level = 1
	FullStrength Level = 10
)

// Option is an engine option set for a level: "setoption name Name value
// Value".
type Option struct {
	Name, Value string
}

// Strength is how an engine plays at a level: the options it is given
// and the bounds of its searches.
type Strength struct {
	// Level is the level played at.
	Level Level
	// Elo is the level's rating, approximate, on the scale of Stockfish's
	// UCI_Elo (engine games, anchored to CCRL); the two levels below
	// Stockfish's lowest were measured against it, in games between
	// adjacent levels (see levels_measure_test.go). It is 0 at full
	// strength, whose rating is the engine's and the machine's.
	Elo int
	// ByElo tells that the engine was given the rating itself (UCI_Elo)
	// and plays to it by its own measure: a PGN may give it as the
	// player's.
	ByElo bool
	// Options are the options set, in the order they are sent.
	Options []Option
	// MoveTime is the time of a move in a game without clocks. In a game
	// with clocks, a level below full strength takes at most this long;
	// at full strength the engine shares out its clock as it sees fit.
	MoveTime time.Duration
}

// Limited reports whether the engine plays below its full strength.
func (s Strength) Limited() bool { return s.Level < FullStrength }

// levelSpec is what a level asks of an engine: a rating, or for the
// levels below the weakest an engine can be told, its weakest with a
// choice of moves as wide as width; and a time to think.
type levelSpec struct {
	elo   int
	width int
	think time.Duration
}

// spec returns what level l asks; false for a level that does not exist.
func (l Level) spec() (levelSpec, bool) {
	ms := time.Millisecond
	switch l {
	case 1:
		return levelSpec{elo: 900, width: 12, think: 200 * ms}, true
	case 2:
		return levelSpec{elo: 1050, width: 6, think: 200 * ms}, true
	case 3:
		return levelSpec{elo: 1350, think: 250 * ms}, true
	case 4:
		return levelSpec{elo: 1500, think: 300 * ms}, true
	case 5:
		return levelSpec{elo: 1700, think: 400 * ms}, true
	case 6:
		return levelSpec{elo: 1900, think: 500 * ms}, true
	case 7:
		return levelSpec{elo: 2100, think: 700 * ms}, true
	case 8:
		return levelSpec{elo: 2300, think: time.Second}, true
	case 9:
		return levelSpec{elo: 2600, think: 1500 * ms}, true
	case FullStrength:
		return levelSpec{think: 2 * time.Second}, true
	}
	return levelSpec{}, false
}

// The options that limit an engine's strength, by their names in lower
// case as proc keeps them.
const (
	limitStrengthOption = "uci_limitstrength"
	eloOption           = "uci_elo"
	skillOption         = "skill level"
	multiPVOption       = "multipv"
)

// strengths returns the levels an engine offering options can play at,
// from the weakest: all of them when it has Stockfish's limits, a rating
// (UCI_LimitStrength and UCI_Elo) or a skill level ("Skill Level"), and
// full strength alone when it has neither.
//
// A level is played at its rating where the engine takes it (UCI_Elo
// within its bounds); else at the skill level of that rating, by
// Stockfish's own conversion; else at the engine's nearest rating. The
// levels below are played at skill level 0, or the lowest rating, with a
// wider choice of moves (MultiPV): a weakened Stockfish picks at random,
// weighed by their scores, among its best lines, four at least.
func strengths(options map[string]option) []Strength {
	elo, hasElo := spin(options, eloOption)
	hasElo = hasElo && options[limitStrengthOption].kind == "check"
	skill, hasSkill := spin(options, skillOption)
	multiPV, hasMultiPV := spin(options, multiPVOption)
	var out []Strength
	for l := MinLevel; l <= FullStrength; l++ {
		spec, _ := l.spec()
		st := Strength{Level: l, Elo: spec.elo, MoveTime: spec.think}
		switch {
		case l == FullStrength:
		case !hasElo && !hasSkill:
			continue
		case spec.width == 0 && hasElo && spec.elo >= elo.min && spec.elo <= elo.max:
			st.ByElo = true
			st.Options = eloOptions(spec.elo)
		case hasSkill:
			level := 0
			if spec.width == 0 {
				level = skillOf(spec.elo)
			}
			st.Options = []Option{{"Skill Level", strconv.Itoa(skill.clamp(level))}}
		case spec.width > 0:
			st.Options = eloOptions(elo.min)
		default:
			st.Options = eloOptions(elo.clamp(spec.elo))
		}
		if spec.width > 0 && hasMultiPV {
			st.Options = append(st.Options, Option{"MultiPV", strconv.Itoa(multiPV.clamp(spec.width))})
		}
		out = append(out, st)
	}
	return out
}

// spin returns the engine's number option name, when it offers it with
// its bounds.
func spin(options map[string]option, name string) (option, bool) {
	o, ok := options[name]
	return o, ok && o.kind == "spin" && o.bounded
}

// clamp returns v within the bounds of the number option o.
func (o option) clamp(v int) int { return min(max(v, o.min), o.max) }

// eloOptions are the options that have an engine play to a rating.
func eloOptions(elo int) []Option {
	return []Option{{"UCI_LimitStrength", "true"}, {"UCI_Elo", strconv.Itoa(elo)}}
}

// skillOf returns Stockfish's skill level for a rating, the inverse of the
// conversion it makes of UCI_Elo (search.cpp, Stockfish 15 and 16: a
// level L plays at 1346.6 + 143.4 L^0.806), rounded; 0 below level 0.
func skillOf(elo int) int {
	if float64(elo) <= 1346.6 {
		return 0
	}
	return int(math.Round(math.Pow((float64(elo)-1346.6)/143.4, 1/0.806)))
}
