package app

import (
	"errors"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/session"
)

// analysisErrorText words why the engine does not analyse, in the
// user's language, from the engine's and the session's errors.
func analysisErrorText(err error) string {
	var ee *engine.Error
	switch {
	case errors.Is(err, session.ErrGameInProgress):
		return lang.L("No engine during a game: analysis is for a game that is over or read from a file.")
	case errors.Is(err, engine.ErrNoEngine):
		return lang.L("No chess engine is installed: install Stockfish (sudo apt install stockfish) or choose an engine in the settings.")
	case errors.Is(err, engine.ErrGameChanged):
		return lang.L("The game changed during the analysis: the analysis was not written into it.")
	case errors.Is(err, engine.ErrNoMoves):
		return lang.L("The game has no moves to analyse.")
	case errors.Is(err, errWholeGameRunning):
		return lang.L("The whole game is being analysed…")
	case errors.As(err, &ee):
		return engineErrorText(ee)
	}
	return errorText(err)
}

// engineErrorText words an engine's failure; the analysis has stopped
// and the game is as it was.
func engineErrorText(e *engine.Error) string {
	args := map[string]any{"Engine": oneLine(e.Path), "Detail": oneLine(e.Detail)}
	switch e.Kind {
	case engine.CannotStart:
		return lang.L("The chess engine {{.Engine}} cannot be started: the analysis stopped, the game is unchanged.", args)
	case engine.NotAnEngine:
		return lang.L("{{.Engine}} is not a chess engine: it does not answer as a UCI engine does. The analysis stopped, the game is unchanged.", args)
	case engine.Crashed:
		return lang.L("The chess engine stopped during the analysis ({{.Detail}}): the analysis stopped, the game is unchanged.", args)
	case engine.Hung:
		return lang.L("The chess engine stopped answering and was stopped: the analysis stopped, the game is unchanged.", args)
	}
	return lang.L("The chess engine's answers make no sense: the analysis stopped, the game is unchanged.", args)
}
