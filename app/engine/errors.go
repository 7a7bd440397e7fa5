package engine

import (
	"errors"
	"fmt"
)

// ErrNoEngine is Detect's answer when no engine is installed.
var ErrNoEngine = errors.New(`no chess engine found: install Stockfish (Debian, Ubuntu: "sudo apt install stockfish") or choose an engine in the settings`)

// ErrNoMoves is AnalyseGame's answer for a game without moves.
var ErrNoMoves = errors.New("the game has no moves to analyse")

// ErrGameChanged is Apply's answer when the game's main line is no longer
// the one analysed.
var ErrGameChanged = errors.New("the game has changed since it was analysed: the analysis was not written into it")

// ErrorKind says what went wrong with an engine: one value per message, so
// that a user interface can word it in any language.
type ErrorKind int8

// The kinds of engine error.
const (
	// CannotStart: the program cannot be run (missing, not executable).
	CannotStart ErrorKind = iota
	// NotAnEngine: the program runs but does not answer as a UCI engine
	// ("uciok") in time, or stops before.
	NotAnEngine
	// Crashed: the engine stopped during the analysis.
	Crashed
	// Hung: the engine stopped answering; it was killed.
	Hung
	// Garbled: the engine's answers make no sense (a search without an
	// evaluation, a "bestmove" without a move).
	Garbled
	// IllegalMove: the engine playing a game answered with a move that is
	// not legal in the position.
	IllegalMove
)

// Error is an engine failure. The analysis or the play it ends has
// stopped and the engine's process is gone.
type Error struct {
	// Kind says what went wrong.
	Kind ErrorKind
	// Path is the engine's program.
	Path string
	// Detail says more, in English: how the process ended ("signal:
	// segmentation fault"), with the engine's own words when it said why
	// it failed ("exit status 1, saying \"Failed to allocate 4096MB for
	// transposition table.\""), or what went unanswered ("isready").
	Detail string
	// Err is the underlying error, if any.
	Err error
	// Playing tells that the engine was playing a game (an Opponent),
	// not analysing.
	Playing bool
}

func (e *Error) Error() string {
	task, ended := "the analysis", "the analysis has stopped"
	if e.Playing {
		task, ended = "the game", "the computer no longer plays, and the game is unchanged"
	}
	switch e.Kind {
	case CannotStart:
		return fmt.Sprintf("the chess engine %q cannot be started: %s", e.Path, e.Detail)
	case NotAnEngine:
		return fmt.Sprintf("%q is not a UCI chess engine: %s", e.Path, e.Detail)
	case Crashed:
		return fmt.Sprintf("the chess engine %q stopped during %s (%s); %s", e.Path, task, e.Detail, ended)
	case Garbled:
		return fmt.Sprintf("the chess engine %q gave answers that make no sense (%s); %s", e.Path, e.Detail, ended)
	case IllegalMove:
		return fmt.Sprintf("the chess engine %q played a move that is not legal (%s); %s", e.Path, e.Detail, ended)
	}
	if e.Playing {
		return fmt.Sprintf("the chess engine %q stopped answering (%s); it was stopped, %s", e.Path, e.Detail, ended)
	}
	return fmt.Sprintf("the chess engine %q stopped answering (%s); it was stopped, and the analysis with it", e.Path, e.Detail)
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }
