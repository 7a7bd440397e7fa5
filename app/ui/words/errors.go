package words

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/autosave"
	"github.com/echiquier/echiquier/app/explore"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
	"github.com/echiquier/echiquier/app/session"
)

// Error returns the message of err for the user, in the user's
// language, with moves in English SAN. The errors of the rules layer and
// of PGN reading are worded here from their data; any other error (from
// the operating system, say) keeps its own message.
func Error(err error) string { return ErrorIn(err, game.EnglishSAN) }

// ErrorIn is Error with the moves it names in notation n.
func ErrorIn(err error, n game.Notation) string {
	if err == nil {
		return ""
	}
	if list, ok := err.(interface{ Unwrap() []error }); ok {
		lines := make([]string, 0, len(list.Unwrap()))
		for _, e := range list.Unwrap() {
			lines = append(lines, ErrorIn(e, n))
		}
		return strings.Join(lines, "\n")
	}
	if s, ok := errorClause(err, n); ok {
		return capitalized(s)
	}
	return err.Error()
}

// errorClause words err as a clause, not capitalised, so that it can also
// end a longer message. It reports false, with err's own message, for an
// error it does not know.
func errorClause(err error, n game.Notation) (string, bool) {
	var (
		pe *game.PGNError
		me *game.MoveError
		fe *game.FENError
		ce *game.ClaimError
		se *pgn.SyntaxError
		de *pgn.DateError
		te *game.TimeControlError
	)
	switch {
	case errors.As(err, &de):
		return dateErrorText(de), true
	case errors.As(err, &pe):
		return pgnErrorText(pe, n), true
	case errors.As(err, &me):
		return moveErrorText(me, n), true
	case errors.As(err, &fe):
		return FENError(fe), true
	case errors.As(err, &ce):
		return claimErrorText(ce, n), true
	case errors.As(err, &se):
		return syntaxErrorText(se), true
	case errors.As(err, &te):
		return timeControlErrorText(te), true
	}
	s := sentinelText(err)
	if s == "" {
		return err.Error(), false
	}
	return s, true
}

// sentinelText words the errors of the rules layer that carry no data, or
// "" when err is none of them.
func sentinelText(err error) string {
	switch {
	case errors.Is(err, game.ErrGameOver):
		return lang.L("the game is over")
	case errors.Is(err, game.ErrNoMoves):
		return lang.L("there is no move to take back")
	case errors.Is(err, game.ErrNoClaim):
		return lang.L("incorrect draw claim")
	case errors.Is(err, game.ErrMainLineEnd):
		return lang.L("the game's moves end here: continue the game by playing the move, not as a side line")
	case errors.Is(err, game.ErrLiveLine):
		return lang.L("the moves of the game cannot be changed this way")
	case errors.Is(err, game.ErrNotMainLine):
		return lang.L("the position is not on the main line")
	case errors.Is(err, game.ErrNotInGame):
		return lang.L("the position is not in this game")
	case errors.Is(err, game.ErrVariant):
		return lang.L("chess variants are not supported, only standard chess")
	case errors.Is(err, game.ErrNullMove):
		return lang.L("null moves are not chess moves and are not supported")
	case errors.Is(err, game.ErrStaleMove):
		return lang.L("the game changed since the move was prepared")
	case errors.Is(err, game.ErrIllegalMove):
		return lang.L("illegal move")
	case errors.Is(err, game.ErrGameTooLong):
		return lang.L("the game is longer than any game the Laws of Chess allow ({{.Plies}} moves of each side at most)",
			map[string]any{"Plies": game.MaxPlies / 2})
	case errors.Is(err, game.ErrCommentBrace):
		return lang.L("a comment cannot hold “}”: PGN ends the comment there")
	case errors.Is(err, explore.ErrDamagedCache):
		return lang.L("the opening tree kept on disk was damaged: it is built again")
	case errors.Is(err, explore.ErrFileChanged):
		return lang.L("another program changed the file while its tree was built, twice: open the file again for the tree of what it holds now")
	case errors.Is(err, autosave.ErrClaimed):
		return lang.L("another window has already taken that interrupted game")
	case errors.Is(err, session.ErrClocksPaused):
		return lang.L("the clocks are paused: resume them to play")
	case errors.Is(err, session.ErrComputerTurn):
		return lang.L("the computer plays this side")
	case errors.Is(err, session.ErrTouchMove):
		return lang.L("touch-move: the piece you touched must be moved")
	case errors.Is(err, session.ErrMustCapture):
		return lang.L("touch-move: the opponent's piece you touched must be captured")
	case errors.Is(err, pgn.ErrUTF16):
		return lang.L("the file is in UTF-16, which is not read: save it as UTF-8")
	case errors.Is(err, game.ErrResultOnBoard):
		return lang.L("the position on the board decides the result")
	case errors.Is(err, game.ErrResultInPlay):
		return lang.L("a game with clocks ends by play: resign, or agree or claim a draw")
	case errors.Is(err, game.ErrTagTwice):
		return lang.L("a tag is given twice")
	case errors.Is(err, pgn.ErrTagNameEmpty):
		return lang.L("a tag needs a name")
	case errors.Is(err, pgn.ErrTagNameChars):
		return lang.L("a tag's name is made of letters without accents, digits and “_”, and starts with a letter")
	case errors.Is(err, pgn.ErrTagTooLong):
		return lang.L("the tag is too long")
	}
	return ""
}

// dateErrorText says what is wrong with a date written in a Date tag.
func dateErrorText(e *pgn.DateError) string {
	switch e.Part {
	case "month":
		return lang.L("a month goes from 01 to 12")
	case "day":
		return lang.L("that month has no such day")
	}
	return lang.L("a date is written YYYY.MM.DD, with ?? for what is not known (2024.??.??)")
}

// pgnErrorText words a game of a PGN file that could not be read: where,
// then why.
func pgnErrorText(e *game.PGNError, n game.Notation) string {
	where := lang.L("game {{.Number}}", map[string]any{"Number": e.Game})
	if e.White != "" || e.Black != "" {
		where = fmt.Sprintf("%s (%s – %s)", where, orUnknown(e.White), orUnknown(e.Black))
	}
	if e.Line > 0 {
		where = lang.L("{{.Where}}, line {{.Line}}", map[string]any{"Where": where, "Line": e.Line})
	}
	if e.Text != "" {
		where = lang.L("{{.Where}}, “{{.Text}}”", map[string]any{"Where": where, "Text": e.Text})
	}
	var reason string
	var se *pgn.SyntaxError
	if errors.As(e.Err, &se) {
		reason = syntaxReasonText(se) // the line is said already
	} else {
		reason, _ = errorClause(e.Err, n)
	}
	return lang.L("{{.Where}}: {{.Reason}}", map[string]any{"Where": where, "Reason": reason})
}

// orUnknown stands "?", as PGN does, for a player the file does not name.
func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// claimErrorText words an incorrect draw claim.
func claimErrorText(e *game.ClaimError, n game.Notation) string {
	switch {
	case e.Move != "":
		return lang.L("incorrect draw claim: {{.Move}} ended the game ({{.Result}})", map[string]any{
			"Move": game.FormatSAN(e.Move, n), "Result": Result(e.Status)})
	case e.Claim == game.ThreefoldRepetition:
		return lang.L("incorrect draw claim: this position has not appeared three times (only {{.Count}})",
			map[string]any{"Count": e.Count})
	}
	return lang.L("incorrect draw claim: fifty moves without a pawn move or a capture have not been played yet (only {{.Count}})",
		map[string]any{"Count": e.Count})
}

// capitalized returns s with its first letter in upper case: the clauses
// above begin sentences.
func capitalized(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

// timeControlErrorText words why a time control cannot be played.
func timeControlErrorText(e *game.TimeControlError) string {
	switch e.Problem {
	case game.TimeTooLong:
		return lang.L("a period gives at most {{.Minutes}} minutes", map[string]any{"Minutes": int(game.MaxStageTime / time.Minute)})
	case game.BonusTooLong:
		return lang.L("an increment or a delay is {{.Seconds}} seconds at most", map[string]any{"Seconds": int(game.MaxStageTime / time.Second)})
	case game.BadMoveCount:
		return lang.L("the moves of a period cannot be fewer than 0")
	case game.AfterWholeGame:
		return lang.L("a period follows one that lasts the rest of the game")
	}
	return lang.L("A timed game needs some time: give the minutes, or an increment")
}
