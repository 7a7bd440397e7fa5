package app

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

// syntaxReasonText says what is wrong in text that is not valid PGN.
func syntaxReasonText(e *pgn.SyntaxError) string {
	reason := syntaxKindText(e.Kind, e.Tag)
	switch {
	case reason == "":
		return e.Msg
	case e.Unexpected:
		return lang.L("unexpected “{{.Text}}” ({{.Reason}})", map[string]any{"Text": e.Text, "Reason": reason})
	}
	return reason
}

// syntaxKindText words a kind of syntax error, about the tag pair named
// tag for the tag kinds; "" for SyntaxOther.
func syntaxKindText(k pgn.SyntaxKind, tag string) string {
	switch k {
	case pgn.SyntaxControlChar:
		return lang.L("control character")
	case pgn.SyntaxNoCommentOpen:
		return lang.L("no comment is open")
	case pgn.SyntaxNoTagOpen:
		return lang.L("no tag pair is open")
	case pgn.SyntaxNotPGN:
		return lang.L("not PGN")
	case pgn.SyntaxNAGNoNumber:
		return lang.L("an annotation glyph ($) needs a number")
	case pgn.SyntaxNAGRange:
		return lang.L("annotation glyphs are numbered from 0 to 255")
	case pgn.SyntaxStringOutsideTag:
		return lang.L("text in quotes outside a tag pair")
	case pgn.SyntaxUnexpectedText:
		return lang.L("unexpected text")
	case pgn.SyntaxWordTooLong:
		return lang.L("word too long")
	case pgn.SyntaxNotAMove:
		return lang.L("not a move")
	case pgn.SyntaxUnknownAnnotation:
		return lang.L("unknown annotation")
	}
	return syntaxStructureText(k, tag)
}

// syntaxStructureText words the kinds of syntax error about the layout of
// a game: its result, variations, comments and tag pairs.
func syntaxStructureText(k pgn.SyntaxKind, tag string) string {
	switch k {
	case pgn.SyntaxAfterResult:
		return lang.L("after the game result")
	case pgn.SyntaxAfterGame:
		return lang.L("after the end of the game")
	case pgn.SyntaxTooDeep:
		return lang.L("variations nested too deeply")
	case pgn.SyntaxNoMoveBeforeVariation:
		return lang.L("no move before the variation")
	case pgn.SyntaxNoVariationOpen:
		return lang.L("no variation is open")
	case pgn.SyntaxNoMoveBeforeNAG:
		return lang.L("no move before it")
	case pgn.SyntaxEmptyVariation:
		return lang.L("the variation has no moves")
	case pgn.SyntaxVariationNotClosed:
		return lang.L("the variation is not closed")
	case pgn.SyntaxCommentNotClosed:
		return lang.L("the comment is not closed")
	}
	return syntaxTagText(k, map[string]any{"Tag": tag})
}

// syntaxTagText words the kinds of syntax error about a tag pair.
func syntaxTagText(k pgn.SyntaxKind, data map[string]any) string {
	switch k {
	case pgn.SyntaxTagNoName:
		return lang.L("the tag has no name")
	case pgn.SyntaxTagNoValue:
		return lang.L("the tag “{{.Tag}}” has no value in quotes", data)
	case pgn.SyntaxTagValueNotClosed:
		return lang.L("the value of the tag “{{.Tag}}” is not closed on its line", data)
	case pgn.SyntaxTagNotClosed:
		return lang.L("“]” is missing after the tag “{{.Tag}}”", data)
	case pgn.SyntaxTagTooLong:
		return lang.L("the tag “{{.Tag}}” is too long", data)
	}
	return ""
}
