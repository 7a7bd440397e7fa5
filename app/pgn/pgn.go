// Package pgn reads and writes Portable Game Notation as text.
//
// It knows the syntax of PGN, not the rules of chess: a move is the text
// that was written ("Nf3", "e8=Q", "0-0", "e2e4"), and nothing here checks
// that it is legal. The package app/game resolves moves against positions.
//
// Reading is lenient (import format): a byte-order mark, CRLF or CR line
// ends, escape lines, ";" comments, several comments per move, NAGs and
// "!?"-style suffixes, nested variations, missing or odd termination
// markers, unknown tags and Latin-1 text are all accepted. Writing follows
// the export format of the PGN standard (section 8).
package pgn

// Tag is one tag pair of a game's header, such as [White "Carlsen, Magnus"].
type Tag struct {
	Name  string
	Value string
}

// Game is one game as written: its tags and its tree of moves.
type Game struct {
	// Tags in the order they were read. A name appears at most once: a
	// later duplicate replaces the earlier value in place.
	Tags []Tag
	// Moves is the main line.
	Moves []*Move
	// Comments holds the comments of a game that has no moves at all.
	// When there are moves, a comment before the first one is that move's
	// Before comment.
	Comments []string
	// Result is the game termination marker: "1-0", "0-1", "1/2-1/2", "*",
	// or "" when the movetext has none.
	Result string
	// Offset is the byte offset of the game's first byte in the input, and
	// Line its 1-based line number.
	Offset int64
	Line   int
}

// Move is one move of a line, with its annotations and the lines that
// replace it.
type Move struct {
	// SAN is the move as written, without move number or suffix
	// annotations: "Nf3", "exd6", "e8=Q", "0-0", "e2e4". A null move is
	// always "--", whichever spelling was read ("Z0", "0000", "@@@@").
	SAN string
	// NAGs are numeric annotation glyphs in the order read; suffixes and
	// glyphs are converted ("!" is 1, "?!" is 6, "+-" is 18).
	NAGs []int
	// Before holds the comments written just before this move, After those
	// written after it (and after its NAGs). Comment text has its white
	// space collapsed to single spaces and trimmed.
	Before []string
	After  []string
	// Variations are alternatives to this move: each one is a line played
	// from the position before this move.
	Variations [][]*Move
	// Line and Col locate the move in the input (1-based). Col counts
	// bytes and points at the SAN, after any move number glued to it.
	Line, Col int
}

// Tag returns the value of the named tag, or "" when the game has none.
func (g *Game) Tag(name string) string {
	v, _ := g.LookupTag(name)
	return v
}

// LookupTag returns the value of the named tag and whether it is present.
func (g *Game) LookupTag(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// SetTag sets a tag, replacing its value in place when it already exists.
func (g *Game) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{Name: name, Value: value})
}

// DeleteTag removes the named tag if present.
func (g *Game) DeleteTag(name string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags = append(g.Tags[:i], g.Tags[i+1:]...)
			return
		}
	}
}
