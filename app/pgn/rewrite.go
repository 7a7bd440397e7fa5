package pgn

import (
	"bytes"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// Unkept is what of a game's text as read was lost when the game was
// written anew (Rewrite).
type Unkept struct {
	// EscapeLines counts the escape lines ("%" lines) that stood among
	// the game's moves: once the moves changed, they have no place.
	EscapeLines int
	// Encoding: the text read was in Windows-1252 (or Latin-1), and the
	// text written holds characters that encoding lacks: what was written
	// anew is in UTF-8.
	Encoding bool
}

// Rewrite returns the text to write back in the place of read, the text
// a game was read from (from its first token to its last, as Header and
// Game.Text span it), given before, the game as Write wrote it when read,
// and after, as Write writes it now. A game unchanged (after is before)
// is read itself, byte for byte. Otherwise the part of read that did not
// change, its tag section or its movetext, is kept as it was, and the
// part that changed is after's, in read's manner: its line breaks (CR LF,
// CR or LF), its encoding (Windows-1252 when read is not UTF-8), and the
// escape lines of its tag section in their place among the tags. What
// could not be kept is said in Unkept. The text has no line break after
// it.
func Rewrite(read, before, after []byte) ([]byte, Unkept) {
	if bytes.Equal(before, after) {
		return read, Unkept{}
	}
	w := rewriter{nl: LineBreak(read), cp1252: !utf8.Valid(read)}
	sh := shapeOf(read)
	tagsBefore, movesBefore := exportParts(before)
	tags, moves := exportParts(after)
	var out []byte
	if sh.clean && bytes.Equal(tagsBefore, tags) {
		out = append(out, read[:sh.moves]...)
	} else {
		out = w.tags(out, tags, read, sh.escapes[:sh.tagEscapes])
	}
	if sh.clean && bytes.Equal(movesBefore, moves) {
		return w.join(out, read[sh.moves:]), w.unkept
	}
	w.unkept.EscapeLines = len(sh.escapes) - sh.tagEscapes
	return w.join(out, w.restyle(moves)), w.unkept
}

// LineBreak returns the line break of text, the first one it holds: "\r\n",
// "\r" or "\n"; "\n" when it holds none.
func LineBreak(text []byte) string {
	i := bytes.IndexAny(text, "\r\n")
	switch {
	case i < 0 || text[i] == '\n':
		return "\n"
	case i+1 < len(text) && text[i+1] == '\n':
		return "\r\n"
	}
	return "\r"
}

// LineBreaks counts the line breaks of text as the reader counts lines:
// CR LF, CR or LF each end one.
func LineBreaks(text []byte) int {
	n := bytes.Count(text, []byte("\n")) + bytes.Count(text, []byte("\r"))
	return n - bytes.Count(text, []byte("\r\n"))
}

// exportParts splits a game as Write wrote it into its tag section, with
// the blank line after it, and its movetext, without the line breaks after
// it. No line of the tag section is blank: a tag value's line breaks are
// written as spaces.
func exportParts(b []byte) (tags, moves []byte) {
	if len(b) > 0 && b[0] == '[' {
		if i := bytes.Index(b, []byte("\n\n")); i >= 0 {
			tags, b = b[:i+2], b[i+2:]
		}
	}
	return tags, bytes.TrimRight(b, "\n")
}

// shape is how a game's text as read is laid out.
type shape struct {
	// moves is where its movetext starts: the first token after its last
	// tag pair, or its end.
	moves int
	// clean: nothing but tag pairs and escape lines come before moves (no
	// comment among the tags), so that its tag section and its movetext
	// can be kept one without the other.
	clean bool
	// escapes are its escape lines, the first tagEscapes of them in its
	// tag section, each with the number of tag pairs before it.
	escapes    []escape
	tagEscapes int
}

// escape is an escape line, without its line break, and the number of
// tag pairs before it.
type escape struct {
	span
	tags int
}

// shapeOf reads how text, the text of one game, is laid out.
func shapeOf(text []byte) shape {
	var l lexer
	l.src.initBytes(text, 1, 0)
	l.lastEnd = -1
	var lines []span
	l.escapes = &lines
	sh := shape{moves: -1, clean: true}
	var tagEnds []int64
	for l.next(); l.tok.kind != tEOF; l.next() {
		switch {
		case l.tok.kind == tTag || l.tok.kind == tTagErr:
			sh.clean = sh.clean && sh.moves < 0
			sh.moves = -1
			tagEnds = append(tagEnds, l.tok.end)
		case sh.moves < 0:
			sh.moves = int(l.tok.off)
		}
	}
	if sh.moves < 0 {
		sh.moves = len(text)
	}
	for _, e := range lines {
		n := 0
		for n < len(tagEnds) && tagEnds[n] <= e.start {
			n++
		}
		sh.escapes = append(sh.escapes, escape{e, n})
		if e.start < int64(sh.moves) {
			sh.tagEscapes++
		}
	}
	return sh
}

// rewriter writes parts of a game anew in the manner of its text as read.
type rewriter struct {
	nl     string // the line break
	cp1252 bool   // the text is in Windows-1252
	unkept Unkept
}

// tags appends the tag section tags, as Write wrote it, in the manner of
// read, with read's escape lines there after as many tags as they
// followed in read (or after the last one).
func (w *rewriter) tags(out, tags, read []byte, escapes []escape) []byte {
	var lines [][]byte
	if len(tags) > 0 {
		lines = bytes.SplitAfter(tags[:len(tags)-1], []byte("\n"))
		lines = lines[:len(lines)-1] // after the last line break
	}
	for i := 0; i <= len(lines); i++ {
		for _, e := range escapes {
			if min(e.tags, len(lines)) == i {
				out = append(append(out, read[e.start:e.end]...), w.nl...)
			}
		}
		if i < len(lines) {
			out = append(out, w.restyle(lines[i])...)
		}
	}
	if len(lines) > 0 {
		out = append(out, w.nl...)
	}
	return out
}

// join appends moves, a movetext, to out, a tag section, with a blank line
// between them unless out ends with white space already.
func (w *rewriter) join(out, moves []byte) []byte {
	if n := len(out); n > 0 && len(moves) > 0 && !isSpace(out[n-1]) {
		out = append(append(out, w.nl...), w.nl...)
	}
	return append(out, moves...)
}

// restyle returns text written by Write in the manner of the text read:
// its line breaks, and its encoding when it can.
func (w *rewriter) restyle(text []byte) []byte {
	if w.nl != "\n" {
		text = bytes.ReplaceAll(text, []byte("\n"), []byte(w.nl))
	}
	if !w.cp1252 || utf8.RuneCount(text) == len(text) {
		return text
	}
	b, err := charmap.Windows1252.NewEncoder().Bytes(text)
	if err != nil {
		w.unkept.Encoding = true
		return text
	}
	return b
}
