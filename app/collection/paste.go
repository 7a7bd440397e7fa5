package collection

import (
	"context"
	"errors"
	"io"
	"strings"
	"time"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// MaxPasteBytes bounds the text a paste reads: far more than any real
// collection copied by hand, and little enough to hold in memory.
const MaxPasteBytes = 64 << 20

// ErrPasteTooLong: the pasted text is longer than MaxPasteBytes.
var ErrPasteTooLong = errors.New("the pasted text is too long")

// LooksLikeFEN reports whether text is meant as a FEN: one line whose
// first field is ranks of a board (four at least: "1/2" is a result),
// made of pieces and digits between slashes. A text that does is read as
// a position, and its FEN errors are the ones to tell; any other is read
// as PGN.
func LooksLikeFEN(text string) bool {
	text = strings.TrimSpace(text)
	if text == "" || strings.ContainsAny(text, "\r\n[") {
		return false
	}
	board, _, _ := strings.Cut(text, " ")
	return strings.Count(board, "/") >= 3 && strings.Trim(board, "pnbrqkPNBRQK12345678/") == ""
}

// Paste is PGN text read from the clipboard, not yet on screen: its
// games indexed, and its only game replayed when it holds one.
type Paste struct {
	c *Collection
	g *game.Game // the only game, or nil for several
	// checked: its games were checked as it was read (a short text).
	checked bool
}

// Games returns the number of games the text holds, unreadable ones
// included.
func (p *Paste) Games() int { return p.c.index.Len() }

// Only returns the text's only game, or nil when it holds several.
func (p *Paste) Only() *game.Game { return p.g }

// ReadText reads pasted PGN text, its games' clocks told the time by
// now. Pasted text has no file to be read back from nor written to: it
// is kept in memory, its games read from it. When no game can be read,
// the error says why, and where the text stops being PGN:
// ErrPasteTooLong, a *NotPGNError (no tag pair nor move in its first
// megabyte), pgn.ErrUTF16, ErrNoGame, a *BadGamesError, or the only
// game's *game.PGNError. The text is a string, which no one can change:
// a long one is not copied.
func ReadText(text string, now func() time.Time) (*Paste, error) {
	if len(text) > MaxPasteBytes {
		return nil, ErrPasteTooLong
	}
	if err := sniff(text[:min(len(text), sniffBytes)], len(text) <= sniffBytes); err != nil {
		return nil, err
	}
	x, err := pgn.BuildIndex(context.Background(), strings.NewReader(text))
	if err != nil {
		return nil, err // a strings.Reader fails in no other way
	}
	done := make(chan struct{})
	close(done) // nothing is read in the background
	c := &Collection{text: text, current: -1, failed: map[int]error{}, cancel: func() {}, done: done}
	c.stamp.Size = int64(len(text))
	c.update(x, int64(len(text)), io.EOF)
	checked := x.Len() <= firstPartGames
	if checked {
		// A short text, checked at once (see checkAll).
		for _, b := range checkGames(context.Background(), strings.NewReader(text), x, 0, x.Len()) {
			c.fail(b.Index, b.Err)
		}
	}
	switch {
	case x.Len() == 0:
		return nil, ErrNoGame
	case c.GoodGames() == 0:
		return nil, &BadGamesError{Games: c.BadGames()}
	case c.Single():
		g, err := c.readGame(0, now)
		if err != nil {
			return nil, err
		}
		c.current = 0
		return &Paste{c: c, g: g, checked: checked}, nil
	}
	return &Paste{c: c, checked: checked}, nil
}

// List returns the collection of a text of several games, to be listed
// for h, which its games are checked for in the background when the
// text was too long to be checked as it was read.
func (p *Paste) List(h Host) *Collection {
	p.c.attach(h)
	if !p.checked {
		p.c.checkInBackground()
	}
	return p.c
}

// checkInBackground checks the games of a long pasted text in the
// background (see checkAll), until the text is given up (Stop).
func (c *Collection) checkInBackground() {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	c.cancel, c.done = cancel, done
	r, x := strings.NewReader(c.text), c.index
	go func() {
		defer close(done)
		defer cancel()
		c.checkAll(ctx, r, x, 0)
	}()
}

// Pasted reports whether the collection is pasted text, which has no
// file.
func (c *Collection) Pasted() bool { return c.path == "" }
