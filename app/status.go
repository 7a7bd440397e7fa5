package app

import (
	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
)

// sideName returns "White" or "Black", translated.
func sideName(c game.Color) string {
	if c == game.Black {
		return lang.L("Black")
	}
	return lang.L("White")
}

// playerName returns a player's name from the game's tags, or the side's
// name when none is set.
func playerName(g *game.Game, c game.Color) string {
	tag := "White"
	if c == game.Black {
		tag = "Black"
	}
	if name := g.Tag(tag); name != "" && name != "?" {
		return name
	}
	return sideName(c)
}

// toMoveText says whose move it is, and whether they are in check.
func toMoveText(g *game.Game) string {
	data := map[string]any{"Player": playerName(g, g.Turn())}
	if playerName(g, g.Turn()) == sideName(g.Turn()) {
		return toMoveUnnamedText(g)
	}
	switch {
	case g.Position().Check && g.Turn() == game.White:
		return lang.L("White to move ({{.Player}}) — check!", data)
	case g.Position().Check:
		return lang.L("Black to move ({{.Player}}) — check!", data)
	case g.Turn() == game.White:
		return lang.L("White to move ({{.Player}})", data)
	}
	return lang.L("Black to move ({{.Player}})", data)
}

// toMoveUnnamedText says whose move it is when the players have no names.
func toMoveUnnamedText(g *game.Game) string {
	switch {
	case g.Position().Check && g.Turn() == game.White:
		return lang.L("White to move — check!")
	case g.Position().Check:
		return lang.L("Black to move — check!")
	case g.Turn() == game.White:
		return lang.L("White to move")
	}
	return lang.L("Black to move")
}

// resultText says how a game ended: "White wins by checkmate".
func resultText(s game.Status) string {
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
		return lang.L("Draw by the 75-move rule")
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

// reasonText names the reasons that only come from PGN files.
func reasonText(r game.Reason) string {
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
	case game.Checkmate:
		return lang.L("checkmate")
	case game.Resignation:
		return lang.L("resignation")
	case game.TimeForfeit:
		return lang.L("time forfeit")
	}
	return drawText(r)
}

// claimText names a draw a player can claim.
func claimText(r game.Reason) string {
	if r == game.FiftyMoveRule {
		return lang.L("the fifty-move rule")
	}
	return lang.L("threefold repetition")
}
