package settings

import (
	"strconv"

	"github.com/echiquier/echiquier/app/engine"
)

// Preference keys of the games against the computer.
const (
	keyComputerWhite  = "computer.white"
	keyComputerBlack  = "computer.black"
	keyComputerLevel  = "computer.level"
	keyComputerResign = "computer.mayResign"
)

// DefaultComputerLevel is the level of a first game against the
// computer: a casual player's.
const DefaultComputerLevel engine.Level = 3

// ComputerSides returns the sides the computer played in the last new
// game, by game.Color: none at first.
func (s *Settings) ComputerSides() [2]bool {
	return [2]bool{s.p.BoolWithFallback(keyComputerWhite, false), s.p.BoolWithFallback(keyComputerBlack, false)}
}

// SetComputerSides sets ComputerSides.
func (s *Settings) SetComputerSides(sides [2]bool) {
	s.p.SetBool(keyComputerWhite, sides[0])
	s.p.SetBool(keyComputerBlack, sides[1])
}

// ComputerLevel returns the level the computer played at in the last new
// game, DefaultComputerLevel at first or for a value out of bounds.
func (s *Settings) ComputerLevel() engine.Level {
	return engine.Level(s.number(keyComputerLevel, int(engine.MinLevel), int(engine.FullStrength), int(DefaultComputerLevel)))
}

// SetComputerLevel sets ComputerLevel.
func (s *Settings) SetComputerLevel(l engine.Level) {
	s.p.SetString(keyComputerLevel, strconv.Itoa(int(l)))
}

// ComputerMayResign returns whether the computer may resign a lost game:
// not by default, a game is played out.
func (s *Settings) ComputerMayResign() bool { return s.p.BoolWithFallback(keyComputerResign, false) }

// SetComputerMayResign sets ComputerMayResign.
func (s *Settings) SetComputerMayResign(v bool) { s.p.SetBool(keyComputerResign, v) }
