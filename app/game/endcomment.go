package game

import "strings"

// The PGN standard's Termination tag says "normal" for every end by the
// rules of play, so a resignation, an agreed draw and a draw claimed by
// repetition read back alike. What tells them apart is the final comment
// that lichess, cutechess and others write after the last move, such as
// {Black resigns.} or {Draw by threefold repetition.}: this file writes
// one sentence per way to end, in English as those programs do, and reads
// back its own sentences and theirs.

// endSentence returns the sentence that closes the PGN of a game that
// ended with s, as lichess words it where lichess has the same end
// ("White wins by checkmate.", "Black resigns.", "White wins on time.",
// "Draw by stalemate."); "" for a game in progress, an end without a
// reason, or a reason that cannot give that result (a drawn checkmate).
// It is the one place these sentences are written, and
// readEndSentence reads each one back as s.
func (s Status) endSentence() string {
	winner, won := s.Winner()
	switch {
	case won:
		return winSentence(winner, s.Reason)
	case s.Result == Draw:
		return drawSentence(s.Reason)
	}
	return ""
}

// winSentence says how w won.
func winSentence(w Color, r Reason) string {
	switch r {
	case Checkmate:
		return w.String() + " wins by checkmate."
	case Resignation:
		return w.Other().String() + " resigns."
	case TimeForfeit:
		return w.String() + " wins on time."
	case Abandoned:
		return w.String() + " wins: the game was abandoned."
	case Adjudication:
		return w.String() + " wins by adjudication."
	case RulesInfraction:
		return w.String() + " wins after a rules infraction."
	case Emergency:
		return w.String() + " wins after an emergency."
	case Death:
		return w.String() + " wins after a player's death."
	}
	return ""
}

// drawSentence says why the game was drawn. A draw on time is not
// lichess's "Draw by time and insufficient material.": here the flag
// also falls against material that cannot mate for other reasons (a
// locked position), which that sentence would misstate.
func drawSentence(r Reason) string {
	switch r {
	case Stalemate:
		return "Draw by stalemate."
	case InsufficientMaterial:
		return "Draw by insufficient material."
	case DeadPosition:
		return "Draw by dead position."
	case FivefoldRepetition:
		return "Draw by fivefold repetition."
	case SeventyFiveMoveRule:
		return "Draw by the seventy-five-move rule."
	case ThreefoldRepetition:
		return "Draw by threefold repetition."
	case FiftyMoveRule:
		return "Draw by the fifty-move rule."
	case Agreement:
		return "Draw by agreement."
	case TimeForfeit:
		return "Draw on time: the opponent cannot checkmate."
	case Abandoned:
		return "Draw: the game was abandoned."
	case Adjudication:
		return "Draw by adjudication."
	case RulesInfraction:
		return "Draw after a rules infraction."
	case Emergency:
		return "Draw after an emergency."
	case Death:
		return "Draw after a player's death."
	}
	return ""
}

// readEndSentence reads comment, the last comment of a game whose result
// is result ("1-0", "0-1" or "1/2-1/2"), as the sentence that says how
// the game ended. It returns the status the sentence says, and false when
// the comment is no such sentence or says another result: a user's
// comment stays one. The status's reason is NoReason for a sentence that
// gives only the result ("The game is a draw.", "White wins").
//
// Case, white space and a final "." or "!" do not count. Besides
// endSentence's own sentences it reads the forms of other programs, and
// of them the part before a colon, where cutechess adds a detail ("Black
// makes an illegal move: Ke7"):
//   - lichess: "White wins by checkmate.", "Black resigns.", "White wins
//     on time.", "Draw by time and insufficient material.", "Draw by
//     stalemate.", "The game is a draw.", "Black left the game." and
//     "White wins by forfeit." (abandoned), "Cheat detected." (a rules
//     infraction), "White wins.";
//   - cutechess: "White mates", "Black resigns", "Black loses on time",
//     "White wins on time", "Draw by 3-fold repetition", "Draw by fifty
//     moves rule", "Draw by insufficient mating material", "Draw by
//     adjudication", "White wins by adjudication", "Black disconnects",
//     "Black makes an illegal move", "Drawn game";
//   - in general "<side> wins by/on <reason>", "<side> loses/lost
//     by/on <reason>" and "Draw by <reason>", "Game drawn by <reason>",
//     the reason read as a Termination tag is (reasonFromTermination).
func readEndSentence(comment, result string) (Status, bool) {
	if result != WhiteWins && result != BlackWins && result != Draw {
		return Status{}, false
	}
	text := normalSentence(comment)
	if text == "" {
		return Status{}, false
	}
	for r := NoReason + 1; r < NumReasons; r++ {
		s := Status{Result: result, Reason: r}
		if mine := s.endSentence(); mine != "" && normalSentence(mine) == text {
			return s, true
		}
	}
	head, _, _ := strings.Cut(text, ":")
	s, ok := otherEndSentence(strings.TrimSpace(head), result)
	if !ok || s.Result != result {
		return Status{}, false
	}
	return s, true
}

// normalSentence returns a sentence in lower case, its white space
// collapsed, without a final "." or "!".
func normalSentence(s string) string {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	return strings.TrimSpace(strings.TrimRight(s, ".!"))
}

// otherEndSentence reads the forms of other programs (see
// readEndSentence), text being normalSentence's. The status it returns
// may have a result other than result, which the caller refuses.
func otherEndSentence(text, result string) (Status, bool) {
	switch text {
	case "draw", "drawn game", "game drawn", "the game is a draw":
		return drawn(NoReason), true
	case "draw agreed":
		return drawn(Agreement), true
	case "stalemate":
		return drawn(Stalemate), true
	case "cheat detected":
		return Status{Result: result, Reason: RulesInfraction}, result != Draw
	}
	for _, prefix := range []string{"draw by ", "drawn by ", "game drawn by ", "draw on "} {
		if rest, ok := strings.CutPrefix(text, prefix); ok {
			r := reasonFromTermination(rest, Draw)
			return drawn(r), r != NoReason
		}
	}
	side, rest, ok := sideSays(text)
	if !ok {
		return Status{}, false
	}
	switch rest {
	case "wins", "won":
		return winFor(side, NoReason), true
	case "mates":
		return winFor(side, Checkmate), true
	case "wins by forfeit", "won by forfeit":
		return winFor(side, Abandoned), true
	case "resigns", "resigned":
		return winFor(side.Other(), Resignation), true
	case "is checkmated", "is mated", "was checkmated":
		return winFor(side.Other(), Checkmate), true
	case "left the game", "abandons", "abandoned the game", "disconnects":
		return winFor(side.Other(), Abandoned), true
	case "makes an illegal move", "made an illegal move":
		return winFor(side.Other(), RulesInfraction), true
	}
	verb, how, _ := strings.Cut(rest, " ")
	r := reasonFromTermination(how, result)
	switch {
	case r == NoReason:
		return Status{}, false
	case verb == "wins" || verb == "won":
		return winFor(side, r), true
	case verb == "loses" || verb == "lost":
		return winFor(side.Other(), r), true
	}
	return Status{}, false
}

// sideSays splits "white ..." or "black ..." into the side and the rest.
func sideSays(text string) (Color, string, bool) {
	if rest, ok := strings.CutPrefix(text, "white "); ok {
		return White, rest, true
	}
	if rest, ok := strings.CutPrefix(text, "black "); ok {
		return Black, rest, true
	}
	return White, "", false
}
