package words

import (
	"errors"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
)

// analysisLinePlies is how many moves of each line the panel writes: more
// would not fit its width, and the engine's end of a line is its least
// sure part.
const analysisLinePlies = 12

// Score writes an evaluation from White's side: "+0.35", "White
// mates in 3".
func Score(s engine.Score) string {
	switch {
	case s.Kind == engine.WhiteMates && s.Moves == 0:
		return lang.L("Black is checkmated")
	case s.Kind == engine.BlackMates && s.Moves == 0:
		return lang.L("White is checkmated")
	case s.Kind == engine.WhiteMates:
		return lang.L("White mates in {{.Moves}}", map[string]any{"Moves": s.Moves})
	case s.Kind == engine.BlackMates:
		return lang.L("Black mates in {{.Moves}}", map[string]any{"Moves": s.Moves})
	}
	return Decimal(s.String())
}

// Line writes a line of play from pos with its evaluation, its moves
// numbered and in notation n: "+0.35  12… Nf6 13. c4".
func Line(l engine.Line, pos game.Position, n game.Notation) string {
	var b strings.Builder
	b.WriteString(Score(l.Score))
	b.WriteString("  ")
	number, black := pos.FullMove, pos.Turn == game.Black
	for i, san := range l.SAN {
		if i == analysisLinePlies {
			b.WriteString("…")
			break
		}
		switch {
		case !black:
			b.WriteString(strconv.Itoa(number) + ". ")
		case i == 0:
			b.WriteString(strconv.Itoa(number) + "… ")
		}
		b.WriteString(game.FormatSAN(san, n))
		b.WriteByte(' ')
		if black {
			number++
		}
		black = !black
	}
	return strings.TrimSpace(b.String())
}

// AnalysisError words why the engine does not analyse, in the
// user's language, from the engine's and the session's errors.
func AnalysisError(err error) string {
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
	case errors.As(err, &ee):
		return engineErrorText(ee)
	}
	return Error(err)
}

// engineErrorText words an engine's failure; the analysis has stopped
// and the game is as it was.
func engineErrorText(e *engine.Error) string {
	args := map[string]any{"Engine": OneLine(e.Path), "Detail": OneLine(e.Detail)}
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

// WholeGame says what the analysis of g's whole main line does: it
// counts the moves as players do (13 moves, not 26 half-moves).
func WholeGame(g game.View) string {
	plies := len(g.MainLine())
	moves := (plies + 1) / 2
	if start := g.Root().Position(); start.Turn == game.Black && plies > 0 {
		moves = plies/2 + 1
	}
	if moves == 1 {
		return lang.L("The engine looks at the one move of the main line, and writes its evaluation, its judgement of the mistakes and its best line into the game.")
	}
	return lang.L("The engine looks at each of the {{.Count}} moves of the main line in turn ({{.Positions}} positions), and writes its evaluation, its judgement of the mistakes and its best line into the game.",
		map[string]any{"Count": moves, "Positions": plies})
}
