package words

import (
	"errors"
	"strconv"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// MoveLabel writes a node's move with its number, in notation n: "12.
// Nf3", "12... Nf6".
func MoveLabel(node *game.Node, n game.Notation) string {
	dots := ". "
	if node.Mover() == game.Black {
		dots = "... "
	}
	return strconv.Itoa(node.MoveNumber()) + dots + game.FormatSAN(node.SAN(), n)
}

// PositionName names a position by the move that led to it: "after
// 3. Nc3", or the start position.
func PositionName(node *game.Node, n game.Notation) string {
	if node.Parent() == nil {
		return lang.L("the start position")
	}
	return lang.L("the position after {{.Move}}", map[string]any{"Move": MoveLabel(node, n)})
}

// Viewing says that a past position is shown.
func Viewing(node *game.Node, n game.Notation) string {
	if node.Parent() == nil {
		return lang.L("Viewing the start position")
	}
	return lang.L("Viewing move {{.Move}}", map[string]any{"Move": MoveLabel(node, n)})
}

// SideLineHint adds to where the game stands that a move made at the
// past position shown starts a side line.
func SideLineHint(status string) string {
	return lang.L("{{.Status}} — a move made here starts a side line", map[string]any{"Status": status})
}

// GameOver says in a few words that the game on screen is over, and who
// won: the strip above the board has room for little beside its
// buttons, and the status line says how the game ended.
func GameOver(g game.View) string {
	winner, won := g.Status().Winner()
	switch {
	case !won:
		return lang.L("Game over: draw")
	case PlayerName(g, winner) != SideName(winner):
		return lang.L("Game over: {{.Player}} wins", map[string]any{"Player": PlayerName(g, winner)})
	case winner == game.White:
		return lang.L("Game over: White wins")
	}
	return lang.L("Game over: Black wins")
}

// DrawOffered says that a player offers a draw.
func DrawOffered(player string) string {
	return lang.L("{{.Player}} offers a draw", map[string]any{"Player": player})
}

// AnswerTheOffer says how the opponent answers a draw offered.
func AnswerTheOffer(opponent string) string {
	return lang.L("{{.Opponent}}: accept, decline, or play a move to decline.", map[string]any{"Opponent": opponent})
}

// LawEnd says where the Laws of Chess ended a game that its file goes on
// after: after the move labelled move, for status's reason.
func LawEnd(move string, status game.Status) string {
	return lang.L("The Laws of Chess ended the game after {{.Move}}: {{.Reason}}; the file goes on.",
		map[string]any{"Move": move, "Reason": Result(status)})
}

// NotPlayed says that no one plays the game on screen, which is edited,
// and that the command named command gives it back to its players.
func NotPlayed(command string) string {
	return lang.L("No one is playing this game: it is being edited. “{{.Command}}” lets its players go on with it.",
		map[string]any{"Command": command})
}

// ClocksPaused adds to where the game stands that its clocks are paused.
func ClocksPaused(status string) string {
	return lang.L("{{.Status}} — clocks paused", map[string]any{"Status": status})
}

// ClocksWait adds to status that the clocks start with the first move.
func ClocksWait(status string) string {
	return lang.L("{{.Status}} — the clocks start with the first move", map[string]any{"Status": status})
}

// MustCapture says that the piece touched on sq must be captured.
func MustCapture(sq game.Square) string {
	return lang.L("Touch-move: you touched the piece on {{.Square}}, so you must capture it.", map[string]any{"Square": sq.String()})
}

// MustMove says that the piece touched on sq must be moved.
func MustMove(sq game.Square) string {
	return lang.L("Touch-move: you touched the piece on {{.Square}}, so you must move it.", map[string]any{"Square": sq.String()})
}

// DrawDeclined adds to where the game stands that a player declined the
// draw offered.
func DrawDeclined(status, player string) string {
	return lang.L("{{.Status}} — {{.Player}} declined the draw offer", map[string]any{"Status": status, "Player": player})
}

// Warning words what was wrong in a game read from a file that did not
// stop it from being read.
func Warning(w error) string {
	var tc *game.TimeControlWarning
	if errors.As(w, &tc) {
		return lang.L("The time control “{{.Value}}” of this game could not be read: the game is untimed.",
			map[string]any{"Value": pgn.Excerpt(tc.Value)})
	}
	return Error(w)
}

// KeyboardBoard says that the board has the keyboard, and how to use it
// and leave it.
func KeyboardBoard() string {
	return lang.L("The board has the keyboard: arrows move, Space picks up and puts down; Escape or a click gives typing back")
}
