package settings

import (
	"strconv"
	"time"

	"github.com/echiquier/echiquier/app/engine"
)

// Preference keys of the chess engine. The Store keeps only booleans and
// strings: numbers are kept as decimal text.
const (
	keyEnginePath     = "engine.path"
	keyEngineThreads  = "engine.threads"
	keyEngineHash     = "engine.hash"
	keyEngineMoveTime = "engine.moveTimeMs"
)

// Bounds of the engine's settings: a hand-edited value outside them reads
// as the default, so that no preferences file can make the engine take
// all the memory or think for an hour a move.
const (
	// MaxEngineThreads is the most threads the engine may be given.
	MaxEngineThreads = 256
	// MaxEngineHash is the largest hash table, in megabytes.
	MaxEngineHash = 32768
	// MinEngineMoveTime and MaxEngineMoveTime bound the time per move of a
	// whole-game analysis.
	MinEngineMoveTime = 50 * time.Millisecond
	MaxEngineMoveTime = 60 * time.Second
)

// EnginePath returns the chess engine's program chosen, or "" to find
// Stockfish on the system (engine.Detect).
func (s *Settings) EnginePath() string { return s.text(keyEnginePath) }

// SetEnginePath sets EnginePath.
func (s *Settings) SetEnginePath(path string) { s.p.SetString(keyEnginePath, path) }

// EngineThreads returns how many threads the engine searches with: by
// default all the cores but one (engine.DefaultThreads).
func (s *Settings) EngineThreads() int {
	return s.number(keyEngineThreads, 1, MaxEngineThreads, engine.DefaultThreads())
}

// SetEngineThreads sets EngineThreads.
func (s *Settings) SetEngineThreads(n int) { s.p.SetString(keyEngineThreads, strconv.Itoa(n)) }

// EngineHash returns the size of the engine's hash table, in megabytes,
// at most EngineHashLimit.
func (s *Settings) EngineHash() int {
	return min(s.number(keyEngineHash, 1, MaxEngineHash, engine.DefaultHash), EngineHashLimit())
}

// EngineHashLimit is the largest hash table this machine can give the
// engine, in megabytes: half of its memory (engine.MaxHash), at most
// MaxEngineHash.
func EngineHashLimit() int { return min(MaxEngineHash, engine.MaxHash()) }

// SetEngineHash sets EngineHash.
func (s *Settings) SetEngineHash(mb int) { s.p.SetString(keyEngineHash, strconv.Itoa(mb)) }

// EngineMoveTime returns the time per move of a whole-game analysis.
func (s *Settings) EngineMoveTime() time.Duration {
	ms := s.number(keyEngineMoveTime, int(MinEngineMoveTime/time.Millisecond),
		int(MaxEngineMoveTime/time.Millisecond), int(engine.DefaultMoveTime/time.Millisecond))
	return time.Duration(ms) * time.Millisecond
}

// SetEngineMoveTime sets EngineMoveTime, to the millisecond.
func (s *Settings) SetEngineMoveTime(d time.Duration) {
	s.p.SetString(keyEngineMoveTime, strconv.FormatInt(d.Milliseconds(), 10))
}

// Engine returns the engine's settings for the engine package.
func (s *Settings) Engine() engine.Settings {
	return engine.Settings{
		Path:     s.EnginePath(),
		Threads:  s.EngineThreads(),
		Hash:     s.EngineHash(),
		MoveTime: s.EngineMoveTime(),
	}
}

// number returns the whole number stored under key, or fallback when
// there is none, or it does not parse or lies outside [lo, hi].
func (s *Settings) number(key string, lo, hi, fallback int) int {
	n, err := strconv.Atoi(s.text(key))
	if err != nil || n < lo || n > hi {
		return fallback
	}
	return n
}
