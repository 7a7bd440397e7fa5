package words

import (
	"errors"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/engine"
)

// ComputerLevel names a level of the computer in words a family
// understands, with its approximate rating.
func ComputerLevel(st engine.Strength) string {
	data := map[string]any{"Elo": st.Elo}
	switch st.Level {
	case 1:
		return lang.L("Beginner (about {{.Elo}})", data)
	case 2:
		return lang.L("Novice (about {{.Elo}})", data)
	case 3:
		return lang.L("Casual player (about {{.Elo}})", data)
	case 4:
		return lang.L("Club player (about {{.Elo}})", data)
	case 5:
		return lang.L("Good club player (about {{.Elo}})", data)
	case 6:
		return lang.L("Strong club player (about {{.Elo}})", data)
	case 7:
		return lang.L("Expert (about {{.Elo}})", data)
	case 8:
		return lang.L("Master (about {{.Elo}})", data)
	case 9:
		return lang.L("Grandmaster (about {{.Elo}})", data)
	}
	return lang.L("Full strength")
}

// ComputerError words why the computer does not play or no longer
// plays; the game is kept as it was.
func ComputerError(err error) string {
	var ee *engine.Error
	if !errors.As(err, &ee) {
		if errors.Is(err, engine.ErrNoEngine) {
			return AnalysisError(err)
		}
		return Error(err)
	}
	args := map[string]any{"Engine": OneLine(ee.Path), "Detail": OneLine(ee.Detail)}
	switch ee.Kind {
	case engine.CannotStart:
		return lang.L("The chess engine {{.Engine}} cannot be started: the computer cannot play. The game is kept.", args)
	case engine.NotAnEngine:
		return lang.L("{{.Engine}} is not a chess engine: it does not answer as a UCI engine does. The computer cannot play; the game is kept.", args)
	case engine.Crashed:
		return lang.L("The chess engine stopped during the game ({{.Detail}}): the computer no longer plays; the game is kept.", args)
	case engine.Hung:
		return lang.L("The chess engine did not answer in its time and was stopped: the computer no longer plays; the game is kept.", args)
	case engine.IllegalMove:
		return lang.L("The chess engine played a move that is not legal ({{.Detail}}): it was not played, the computer no longer plays; the game is kept.", args)
	}
	return lang.L("The chess engine's answers make no sense: the computer no longer plays; the game is kept.", args)
}

// Thinking says that the computer, playing as player, thinks of its move.
func Thinking(player string) string {
	return lang.L("{{.Player}} is thinking…", map[string]any{"Player": player})
}

// ComputerStopped says in the status line that the computer no longer
// plays, and what the user may do.
func ComputerStopped() string {
	return lang.L("The computer stopped playing: restart it, or go on as two players.")
}
