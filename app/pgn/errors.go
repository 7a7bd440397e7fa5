package pgn

import "strconv"

// SyntaxError reports text that is not valid PGN. The game it occurs in is
// still returned, as far as it could be read.
type SyntaxError struct {
	// Game is the 1-based index of the game in the stream, or 0 when
	// unknown (ParseGame).
	Game int
	// Line and Col locate the error (1-based; Col counts bytes).
	Line, Col int
	// Text is the offending text, cut short.
	Text string
	// Msg describes the error.
	Msg string
}

// Error returns the error as "game 3, line 17: unexpected ")" (no
// variation is open)".
func (e *SyntaxError) Error() string {
	s := "line " + strconv.Itoa(e.Line) + ": " + e.Msg
	if e.Game > 0 {
		s = "game " + strconv.Itoa(e.Game) + ", " + s
	}
	return s
}
