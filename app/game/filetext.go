package game

import (
	"bytes"

	"github.com/echiquier/echiquier/app/pgn"
)

// What was read is written back: a game read from a file keeps the text
// it was read from, and is saved as that text, byte for byte, while its
// PGN is what it was when read: its escape lines, its tag names, its
// line breaks and its layout stay. Changed, it keeps what it can of that
// text (pgn.Rewrite). This file is the one owner of that rule; the
// session only says where the text goes.

// asRead is the text a game was read from, or last saved as, and the
// game's PGN then (WritePGN).
type asRead struct {
	text, written []byte
}

// keepText records that text is the game's text in its file, as the game
// is now.
func (g *Game) keepText(text []byte) {
	var b bytes.Buffer
	if err := g.WritePGN(&b); err != nil {
		g.source = nil // a game that cannot be written has no text to keep
		return
	}
	g.source = &asRead{text: text, written: b.Bytes()}
}

// FileText returns the text the game is saved as, without a line break
// after it: the text it was read from (or last saved as, see Saved)
// while its PGN is what it was then; otherwise its PGN, in the manner of
// that text and keeping what it can of it, with what it could not keep
// (see pgn.Rewrite). A game with no such text (a new game) is its PGN.
func (g *Game) FileText() ([]byte, pgn.Unkept, error) {
	var b bytes.Buffer
	if err := g.WritePGN(&b); err != nil {
		return nil, pgn.Unkept{}, err
	}
	if g.source == nil {
		return bytes.TrimRight(b.Bytes(), "\n"), pgn.Unkept{}, nil
	}
	text, unkept := pgn.Rewrite(g.source.text, g.source.written, b.Bytes())
	return text, unkept, nil
}

// Saved records that the game's file now holds text, which FileText
// gave: it is the text the game is saved as while it does not change.
func (g *Game) Saved(text []byte) { g.keepText(text) }
