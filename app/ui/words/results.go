package words

import (
	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
)

// sideName returns "White" or "Black", translated.
func SideName(c game.Color) string {
	if c == game.Black {
		return lang.L("Black")
	}
	return lang.L("White")
}

// playerName returns a player's name from the game's tags, or the side's
// name when none is set.
func PlayerName(g game.View, c game.Color) string {
	tag := "White"
	if c == game.Black {
		tag = "Black"
	}
	if name := g.Tag(tag); name != "" && name != "?" {
		return name
	}
	return SideName(c)
}

// ToMove says whose move it is at position n of game g, and whether
// they are in check; at a position without a legal move, that it is
// checkmate or stalemate.
func ToMove(g game.View, n *game.Node) string {
	pos := n.Position()
	if len(n.Legal()) == 0 {
		if pos.Check && pos.Turn == game.White {
			return Result(game.Status{Result: game.BlackWins, Reason: game.Checkmate})
		} else if pos.Check {
			return Result(game.Status{Result: game.WhiteWins, Reason: game.Checkmate})
		}
		return Result(game.Status{Result: game.Draw, Reason: game.Stalemate})
	}
	data := map[string]any{"Player": PlayerName(g, pos.Turn)}
	if PlayerName(g, pos.Turn) == SideName(pos.Turn) {
		return toMoveUnnamedText(pos)
	}
	switch {
	case pos.Check && pos.Turn == game.White:
		return lang.L("White to move ({{.Player}}) — check!", data)
	case pos.Check:
		return lang.L("Black to move ({{.Player}}) — check!", data)
	case pos.Turn == game.White:
		return lang.L("White to move ({{.Player}})", data)
	}
	return lang.L("Black to move ({{.Player}})", data)
}

// toMoveUnnamedText says whose move it is when the players have no names.
func toMoveUnnamedText(pos game.Position) string {
	switch {
	case pos.Check && pos.Turn == game.White:
		return lang.L("White to move — check!")
	case pos.Check:
		return lang.L("Black to move — check!")
	case pos.Turn == game.White:
		return lang.L("White to move")
	}
	return lang.L("Black to move")
}

// ShortResult writes a game's result as the screen shows it, in the
// header, the move list and the lists of games: "1-0", "0-1", "½-½", ""
// for a game that goes on. Files keep PGN's "1/2-1/2".
func ShortResult(result string) string {
	switch result {
	case game.Draw:
		return "½-½"
	case game.InProgress:
		return ""
	}
	return result
}

// gameResultText says how g ended, naming the players where the result
// is about one of them: who resigned, whose time ran out.
func GameResult(g game.View) string {
	s := g.Status()
	if !s.Over() {
		return ""
	}
	winner, won := s.Winner()
	named := PlayerName(g, game.White) != SideName(game.White) || PlayerName(g, game.Black) != SideName(game.Black)
	switch {
	case s.Reason == game.TimeForfeit && !won:
		// The flag of the side to move fell; the opponent could not mate.
		return lang.L("Draw: {{.Player}} ran out of time, but {{.Opponent}} could not checkmate by any series of legal moves",
			map[string]any{"Player": PlayerName(g, g.Turn()), "Opponent": PlayerName(g, g.Turn().Other())})
	case named && s.Reason == game.Resignation:
		return Naming(map[string]any{"Loser": PlayerName(g, winner.Other()), "Winner": PlayerName(g, winner)}, func(data map[string]any) string {
			return lang.L("{{.Loser}} resigned: {{.Winner}} wins", data)
		})
	case named && s.Reason == game.TimeForfeit:
		return lang.L("{{.Loser}} ran out of time: {{.Winner}} wins", map[string]any{"Loser": PlayerName(g, winner.Other()), "Winner": PlayerName(g, winner)})
	}
	return Result(s)
}

// resultText says how a game ended: "White wins by checkmate".
func Result(s game.Status) string {
	if !s.Over() {
		return ""
	}
	winner, won := s.Winner()
	if !won {
		return drawText(s.Reason)
	}
	if winner == game.White {
		return whiteWinsText(s.Reason)
	}
	return blackWinsText(s.Reason)
}

// whiteWinsText says that White won, and why.
func whiteWinsText(r game.Reason) string {
	switch r {
	case game.Checkmate:
		return lang.L("White wins by checkmate")
	case game.Resignation:
		return lang.L("Black resigned: White wins")
	case game.TimeForfeit:
		return lang.L("Black ran out of time: White wins")
	case game.NoReason:
		return lang.L("White wins")
	}
	return lang.L("White wins ({{.Reason}})", map[string]any{"Reason": reasonText(r)})
}

// blackWinsText says that Black won, and why.
func blackWinsText(r game.Reason) string {
	switch r {
	case game.Checkmate:
		return lang.L("Black wins by checkmate")
	case game.Resignation:
		return lang.L("White resigned: Black wins")
	case game.TimeForfeit:
		return lang.L("White ran out of time: Black wins")
	case game.NoReason:
		return lang.L("Black wins")
	}
	return lang.L("Black wins ({{.Reason}})", map[string]any{"Reason": reasonText(r)})
}

// drawText says that the game was drawn, and why.
func drawText(r game.Reason) string {
	switch r {
	case game.Stalemate:
		return lang.L("Draw by stalemate")
	case game.InsufficientMaterial:
		return lang.L("Draw: neither side can checkmate")
	case game.DeadPosition:
		return lang.L("Draw: dead position, neither side can checkmate by any series of legal moves")
	case game.FivefoldRepetition:
		return lang.L("Draw by fivefold repetition")
	case game.SeventyFiveMoveRule:
		return lang.L("Draw by the seventy-five-move rule")
	case game.ThreefoldRepetition:
		return lang.L("Draw by repetition of the position")
	case game.FiftyMoveRule:
		return lang.L("Draw by the fifty-move rule")
	case game.Agreement:
		return lang.L("Draw by agreement")
	case game.TimeForfeit:
		return lang.L("Draw: time ran out, but the opponent could not checkmate by any series of legal moves")
	case game.NoReason:
		return lang.L("Draw")
	}
	return lang.L("Draw ({{.Reason}})", map[string]any{"Reason": reasonText(r)})
}

// reasonText names any reason a game ends for, to follow a result
// ("Draw (adjudication)"). It calls no other text function, so that an
// unknown reason ends in unknownReasonText, not in a loop.
func reasonText(r game.Reason) string {
	switch r {
	case game.NoReason:
		return lang.L("no reason given")
	case game.Checkmate:
		return lang.L("checkmate")
	case game.Stalemate:
		return lang.L("stalemate")
	case game.InsufficientMaterial:
		return lang.L("insufficient material")
	case game.DeadPosition:
		return lang.L("dead position")
	case game.FivefoldRepetition:
		return lang.L("fivefold repetition")
	case game.SeventyFiveMoveRule:
		return lang.L("the seventy-five-move rule")
	case game.ThreefoldRepetition:
		return lang.L("threefold repetition")
	case game.FiftyMoveRule:
		return lang.L("the fifty-move rule")
	case game.Agreement:
		return lang.L("agreement")
	case game.Resignation:
		return lang.L("resignation")
	case game.TimeForfeit:
		return lang.L("time forfeit")
	}
	return pgnReasonText(r)
}

// pgnReasonText names the reasons that only come from PGN files.
func pgnReasonText(r game.Reason) string {
	switch r {
	case game.Abandoned:
		return lang.L("game abandoned")
	case game.Adjudication:
		return lang.L("adjudication")
	case game.RulesInfraction:
		return lang.L("rules infraction")
	case game.Emergency:
		return lang.L("emergency")
	case game.Death:
		return lang.L("death")
	}
	return unknownReasonText()
}

// unknownReasonText stands for a reason no text function knows.
func unknownReasonText() string { return lang.L("unknown reason") }

// claimText names a draw a player can claim.
func Claim(r game.Reason) string {
	if r == game.FiftyMoveRule {
		return lang.L("the fifty-move rule")
	}
	return lang.L("threefold repetition")
}
