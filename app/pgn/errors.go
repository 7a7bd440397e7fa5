package pgn

import "strconv"

// SyntaxKind says what is wrong in a *SyntaxError: one value per message,
// so that a user interface can word it in any language.
type SyntaxKind uint8

// The kinds of syntax error, each with its message; Tag is set for the tag
// kinds. Text that should not be where it is comes with Unexpected set,
// its message then reading "unexpected "TEXT" (message)". They are
// numbered from 1: the zero SyntaxKind is no error.
const (
	// SyntaxControlChar: "control character".
	SyntaxControlChar SyntaxKind = iota + 1
	// SyntaxNoCommentOpen: "no comment is open" (a stray "}").
	SyntaxNoCommentOpen
	// SyntaxNoTagOpen: "no tag pair is open" (a stray "]").
	SyntaxNoTagOpen
	// SyntaxNotPGN: "not PGN" (a stray ">").
	SyntaxNotPGN
	// SyntaxNAGNoNumber: "a NAG needs a number" ("$" alone).
	SyntaxNAGNoNumber
	// SyntaxNAGRange: "NAG out of range (0-255)".
	SyntaxNAGRange
	// SyntaxStringOutsideTag: "string outside a tag pair".
	SyntaxStringOutsideTag
	// SyntaxUnexpectedText: "unexpected text" (such as an HTML tag).
	SyntaxUnexpectedText
	// SyntaxWordTooLong: "word too long".
	SyntaxWordTooLong
	// SyntaxNotAMove: "not a move".
	SyntaxNotAMove
	// SyntaxUnknownAnnotation: "unknown annotation" (a move suffix such
	// as "!!!").
	SyntaxUnknownAnnotation
	// SyntaxAfterResult: "after the game result".
	SyntaxAfterResult
	// SyntaxAfterGame: "after the end of the game" (ParseGame).
	SyntaxAfterGame
	// SyntaxTooDeep: "variations nested too deeply".
	SyntaxTooDeep
	// SyntaxNoMoveBeforeVariation: "no move before the variation".
	SyntaxNoMoveBeforeVariation
	// SyntaxNoVariationOpen: "no variation is open" (a stray ")").
	SyntaxNoVariationOpen
	// SyntaxNoMoveBeforeNAG: "no move before it", of a NAG.
	SyntaxNoMoveBeforeNAG
	// SyntaxTagNoName: "tag has no name".
	SyntaxTagNoName
	// SyntaxTagNoValue: "tag "Site" has no quoted value".
	SyntaxTagNoValue
	// SyntaxTagValueNotClosed: "value of tag "Site" is not closed on its
	// line".
	SyntaxTagValueNotClosed
	// SyntaxTagNotClosed: "missing "]" after tag "Site"".
	SyntaxTagNotClosed
	// SyntaxTagTooLong: "tag "Event" is too long".
	SyntaxTagTooLong
	// SyntaxEmptyVariation: "variation has no moves".
	SyntaxEmptyVariation
	// SyntaxVariationNotClosed: "variation is not closed".
	SyntaxVariationNotClosed
	// SyntaxCommentNotClosed: "comment is not closed".
	SyntaxCommentNotClosed
	// SyntaxTooManyMoves: "more than 100000 moves in the game" (MaxMoves,
	// side lines included); the moves after are not kept.
	SyntaxTooManyMoves
	// SyntaxTooManyNotes: "too many comments, glyphs and tags in the
	// game" (more than MaxNotes bytes); what follows is not kept.
	SyntaxTooManyNotes
	// SyntaxCommentTooLong: "comment longer than a game may hold" (one
	// comment of more than MaxNotes bytes, which is not too many
	// notes); what follows is not kept.
	SyntaxCommentTooLong
	// NumSyntaxKinds is one more than the last kind: a loop from 1 up to
	// it meets every one.
	NumSyntaxKinds
)

// noSyntaxError is the zero SyntaxKind: the text is well formed.
const noSyntaxError SyntaxKind = 0

// syntaxMessages holds the message of each kind, its one English
// wording; the tag kinds put the quoted tag name between their two parts.
var syntaxMessages = [NumSyntaxKinds][2]string{
	SyntaxControlChar:           {"control character"},
	SyntaxNoCommentOpen:         {"no comment is open"},
	SyntaxNoTagOpen:             {"no tag pair is open"},
	SyntaxNotPGN:                {"not PGN"},
	SyntaxNAGNoNumber:           {"a NAG needs a number"},
	SyntaxNAGRange:              {"NAG out of range (0-255)"},
	SyntaxStringOutsideTag:      {"string outside a tag pair"},
	SyntaxUnexpectedText:        {"unexpected text"},
	SyntaxWordTooLong:           {"word too long"},
	SyntaxNotAMove:              {"not a move"},
	SyntaxUnknownAnnotation:     {"unknown annotation"},
	SyntaxAfterResult:           {"after the game result"},
	SyntaxAfterGame:             {"after the end of the game"},
	SyntaxTooDeep:               {"variations nested too deeply"},
	SyntaxNoMoveBeforeVariation: {"no move before the variation"},
	SyntaxNoVariationOpen:       {"no variation is open"},
	SyntaxNoMoveBeforeNAG:       {"no move before it"},
	SyntaxTagNoName:             {"tag has no name"},
	SyntaxTagNoValue:            {"tag ", " has no quoted value"},
	SyntaxTagValueNotClosed:     {"value of tag ", " is not closed on its line"},
	SyntaxTagNotClosed:          {`missing "]" after tag `},
	SyntaxTagTooLong:            {"tag ", " is too long"},
	SyntaxEmptyVariation:        {"variation has no moves"},
	SyntaxVariationNotClosed:    {"variation is not closed"},
	SyntaxCommentNotClosed:      {"comment is not closed"},
	SyntaxTooManyMoves:          {"more than " + strconv.Itoa(MaxMoves) + " moves in the game"},
	SyntaxTooManyNotes:          {"too many comments, glyphs and tags in the game"},
	SyntaxCommentTooLong:        {"comment longer than a game may hold"},
}

// namesTag reports whether the message of kind k names a tag: the tag
// kinds follow each other, from SyntaxTagNoValue to SyntaxTagTooLong.
func (k SyntaxKind) namesTag() bool {
	return k >= SyntaxTagNoValue && k <= SyntaxTagTooLong
}

// message writes the message of kind k, naming tag when it has one.
func (k SyntaxKind) message(tag string) string {
	if k == noSyntaxError || k >= NumSyntaxKinds {
		return "unknown syntax error"
	}
	m := syntaxMessages[k]
	if k.namesTag() {
		return m[0] + quote(tag) + m[1]
	}
	return m[0]
}

// SyntaxError reports text that is not valid PGN. The game it occurs in is
// still returned, as far as it could be read.
type SyntaxError struct {
	// Game is the 1-based index of the game in the stream, or 0 when
	// unknown (ParseGame).
	Game int
	// Line and Col locate the error (1-based; Col counts bytes).
	Line, Col int
	// Text is the offending text, cut to one short line (see Excerpt).
	Text string
	// Kind says what is wrong; Tag is the name of the tag pair it is
	// about, for the tag kinds, cut as Text is.
	Kind SyntaxKind
	Tag  string
	// Unexpected is set when Text should not be there at all, for the
	// reason Kind gives: the message reads "unexpected "TEXT" (reason)".
	Unexpected bool
}

// Error returns the error as "game 3, line 17: unexpected ")" (no
// variation is open)".
func (e *SyntaxError) Error() string {
	s := "line " + strconv.Itoa(e.Line) + ": " + e.Message()
	if e.Game > 0 {
		s = "game " + strconv.Itoa(e.Game) + ", " + s
	}
	return s
}

// Message returns what is wrong, without where: "unexpected ")" (no
// variation is open)".
func (e *SyntaxError) Message() string {
	m := e.Kind.message(e.Tag)
	if e.Unexpected {
		return "unexpected " + quote(e.Text) + " (" + m + ")"
	}
	return m
}
