package words

import (
	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/pgn"
)

// syntaxErrorText words text that is not valid PGN, with where it is.
func syntaxErrorText(e *pgn.SyntaxError) string {
	data := map[string]any{"Number": e.Game, "Line": e.Line, "Reason": syntaxReasonText(e)}
	if e.Game > 0 {
		return lang.L("game {{.Number}}, line {{.Line}}: {{.Reason}}", data)
	}
	return lang.L("line {{.Line}}: {{.Reason}}", data)
}

// syntaxReasonText says what is wrong in text that is not valid PGN; a
// kind it does not know keeps the reader's English.
func syntaxReasonText(e *pgn.SyntaxError) string {
	reason, ok := syntaxKindText(e.Kind, e.Tag)
	switch {
	case !ok:
		return e.Message()
	case e.Unexpected:
		return lang.L("unexpected “{{.Text}}” ({{.Reason}})", map[string]any{"Text": e.Text, "Reason": reason})
	}
	return reason
}

// syntaxKindText words a kind of syntax error, about the tag pair named
// tag for the tag kinds, and reports false for a kind it does not know.
func syntaxKindText(k pgn.SyntaxKind, tag string) (string, bool) {
	switch k {
	case pgn.SyntaxControlChar:
		return lang.L("control character"), true
	case pgn.SyntaxNoCommentOpen:
		return lang.L("no comment is open"), true
	case pgn.SyntaxNoTagOpen:
		return lang.L("no tag pair is open"), true
	case pgn.SyntaxNotPGN:
		return lang.L("not PGN"), true
	case pgn.SyntaxNAGNoNumber:
		return lang.L("an annotation glyph ($) needs a number"), true
	case pgn.SyntaxNAGRange:
		return lang.L("annotation glyphs are numbered from 0 to 255"), true
	case pgn.SyntaxStringOutsideTag:
		return lang.L("text in quotes outside a tag pair"), true
	case pgn.SyntaxUnexpectedText:
		return lang.L("unexpected text"), true
	case pgn.SyntaxWordTooLong:
		return lang.L("word too long"), true
	case pgn.SyntaxNotAMove:
		return lang.L("not a move"), true
	case pgn.SyntaxUnknownAnnotation:
		return lang.L("unknown annotation"), true
	}
	return syntaxStructureText(k, tag)
}

// syntaxStructureText words the kinds of syntax error about the layout of
// a game: its result, variations, comments and tag pairs; false for a kind
// it does not know.
func syntaxStructureText(k pgn.SyntaxKind, tag string) (string, bool) {
	switch k {
	case pgn.SyntaxAfterResult:
		return lang.L("after the game result"), true
	case pgn.SyntaxAfterGame:
		return lang.L("after the end of the game"), true
	case pgn.SyntaxTooDeep:
		return lang.L("variations nested too deeply"), true
	case pgn.SyntaxNoMoveBeforeVariation:
		return lang.L("no move before the variation"), true
	case pgn.SyntaxNoVariationOpen:
		return lang.L("no variation is open"), true
	case pgn.SyntaxNoMoveBeforeNAG:
		return lang.L("no move before it"), true
	case pgn.SyntaxEmptyVariation:
		return lang.L("the variation has no moves"), true
	case pgn.SyntaxVariationNotClosed:
		return lang.L("the variation is not closed"), true
	case pgn.SyntaxCommentNotClosed:
		return lang.L("the comment is not closed"), true
	case pgn.SyntaxTooManyMoves:
		// The reader counts the words of the moves unchecked: prose
		// after a game's tags reaches the limit as well as moves do.
		return lang.L("more than {{.Count}} moves in the game, side lines included (any word among the moves counts as one): the rest is not read",
			map[string]any{"Count": pgn.MaxMoves}), true
	case pgn.SyntaxTooManyNotes:
		return lang.L("too many comments, glyphs and tags in the game: the rest is not read"), true
	case pgn.SyntaxCommentTooLong:
		return lang.L("a comment is longer than {{.Megabytes}} MB, the most a game may hold", map[string]any{"Megabytes": pgn.MaxNotes >> 20}), true
	}
	return syntaxTagText(k, map[string]any{"Tag": tag})
}

// syntaxTagText words the kinds of syntax error about a tag pair; false
// for a kind it does not know.
func syntaxTagText(k pgn.SyntaxKind, data map[string]any) (string, bool) {
	switch k {
	case pgn.SyntaxTagNoName:
		return lang.L("the tag has no name"), true
	case pgn.SyntaxTagNoValue:
		return lang.L("the tag “{{.Tag}}” has no value in quotes", data), true
	case pgn.SyntaxTagValueNotClosed:
		return lang.L("the value of the tag “{{.Tag}}” is not closed on its line", data), true
	case pgn.SyntaxTagNotClosed:
		return lang.L("“]” is missing after the tag “{{.Tag}}”", data), true
	case pgn.SyntaxTagTooLong:
		return lang.L("the tag “{{.Tag}}” is too long", data), true
	}
	return "", false
}
