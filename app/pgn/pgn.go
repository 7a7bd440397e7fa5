// Package pgn reads and writes Portable Game Notation as text.
//
// It knows the syntax of PGN, not the rules of chess: a move is the text
// that was written ("Nf3", "e8=Q", "0-0", "e2e4"), and nothing here checks
// that it is legal. The package app/game resolves moves against positions.
//
// Reading is lenient (import format): a byte-order mark, CRLF or CR line
// ends, escape lines, ";" comments, several comments per move, NAGs and
// "!?"-style suffixes, nested variations, missing or odd termination
// markers, unknown and repeated tags and Windows-1252 (or Latin-1) text
// are all accepted; UTF-16 text is refused with ErrUTF16. Writing follows
// the export format of the PGN standard (section 8), but keeps a game's
// tags as they are: what was read is written back as it was.
//
// Any input costs bounded memory: a game holds at most MaxMoves moves and
// MaxNotes bytes of comments, glyphs and tags (one comment longer than
// that is an error of its own), and its variations nest at most MaxDepth
// deep. What goes beyond is a syntax error, and the rest of the game is
// read but not kept.
package pgn

// Limits of one game.
const (
	// MaxMoves is the most moves a game holds, side lines included: five
	// times the longest main line a game can have under the Laws of Chess
	// (19,050 plies, see app/game), room for large opening trees written
	// as one game. A Move takes about 130 bytes, so the moves of a game
	// take at most some 13 MB.
	MaxMoves = 100_000
	// MaxNotes is the most bytes of comments, NAGs and tag pairs a game
	// holds, counting 16 bytes more for each comment, 32 for each tag pair
	// and 8 for each NAG, which is about what they take in memory. The
	// most heavily annotated games hold a few hundred kilobytes.
	MaxNotes = 8 << 20
	// MaxDepth is how deeply variations may nest.
	MaxDepth = 256
)

// Tag is one tag pair of a game's header, such as [White "Carlsen, Magnus"].
type Tag struct {
	Name  string
	Value string
}

// Game is one game as written: its tags and its tree of moves.
type Game struct {
	// Tags in the order they were read. A name read twice appears twice,
	// so that writing the game gives back what was read; Tag and
	// LookupTag give the last value, as later values override earlier
	// ones.
	Tags []Tag
	// TagLines are the 1-based lines of the tags read, by their index in
	// Tags; nil for a game made otherwise, or once SetTag or DeleteTag
	// changed its tags.
	TagLines []int
	// Moves is the main line.
	Moves []*Move
	// Comments holds the comments of a game that has no moves at all.
	// When there are moves, a comment before the first one is that move's
	// Before comment, and one after the last move that move's After
	// comment, so reading leaves Comments empty; Write writes Comments
	// after the whole movetext, side lines included, just before the
	// termination marker, where a final comment saying how the game
	// ended belongs (app/game writes one there).
	Comments []string
	// Result is the game termination marker: "1-0", "0-1", "1/2-1/2", "*",
	// or "" when the movetext has none.
	Result string
	// Offset is the byte offset of the game's first byte in the input, and
	// Line its 1-based line number.
	Offset int64
	Line   int
	// Text is the text the game was read from, from its first token to
	// its last, when ParseGame read it; nil otherwise. A game written back
	// unchanged is written as Text (see Rewrite).
	Text []byte
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
	// NAGAt tells where the NAGs stand among the After comments when some
	// comment came before a NAG, as in "e4 {good?} $1 {yes}": NAGAt[i] is
	// the number of After comments written before NAGs[i]. It is nil when
	// every NAG comes first, and must then be as long as NAGs.
	NAGAt []int
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
// Of a tag read more than once, it returns the last value.
func (g *Game) LookupTag(name string) (string, bool) {
	for i := len(g.Tags) - 1; i >= 0; i-- {
		if g.Tags[i].Name == name {
			return g.Tags[i].Value, true
		}
	}
	return "", false
}

// TagLine returns the line where the tag that Tag gives was read, or the
// game's first line when it was not read.
func (g *Game) TagLine(name string) int {
	for i := len(g.Tags) - 1; i >= 0; i-- {
		if g.Tags[i].Name == name && i < len(g.TagLines) {
			return g.TagLines[i]
		}
	}
	return g.Line
}

// SetTag sets a tag, replacing its value in place when it already exists;
// other tags of that name are removed.
func (g *Game) SetTag(name, value string) {
	g.TagLines = nil
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			g.Tags = append(g.Tags[:i+1], withoutTag(g.Tags[i+1:], name)...)
			return
		}
	}
	g.Tags = append(g.Tags, Tag{Name: name, Value: value})
}

// DeleteTag removes every tag of that name.
func (g *Game) DeleteTag(name string) {
	g.TagLines = nil
	g.Tags = withoutTag(g.Tags, name)
}

// withoutTag removes the tags named name from tags, in place.
func withoutTag(tags []Tag, name string) []Tag {
	out := tags[:0]
	for _, t := range tags {
		if t.Name != name {
			out = append(out, t)
		}
	}
	clear(tags[len(out):])
	return out
}
