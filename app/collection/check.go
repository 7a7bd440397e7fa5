package collection

import (
	"context"
	"errors"
	"io"
	"slices"
	"time"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// The list of a file's games offers only the games that can be opened.
// The index finds the games with a syntax error; the others are checked
// in the background, once the file is indexed, as opening them checks
// them (every move against the rules, game.Walker): a game that cannot
// be opened leaves the list, with why, before it is chosen. A file read
// whole in a blink (its first part, or a short paste) is checked before
// its list is shown, so that a file none of whose games can be opened
// says so at once. A game chosen before the check reached it is checked
// as it opens, and leaves the list the same way.

// checkGames checks games [from, to) of x, read from r, the file or the
// pasted text as indexed, as opening them would: it returns those that
// cannot be opened, with why (a *game.PGNError), in file order. A game
// that could not be read (a read error) is left to be opened: it may read
// then. It stops early, returning what it found, once ctx is done.
func checkGames(ctx context.Context, r io.ReaderAt, x *pgn.Index, from, to int) []pgn.GameError {
	var w game.Walker
	var bad []pgn.GameError
	for i := from; i < to && ctx.Err() == nil; i++ {
		e := x.Entry(i)
		if e.Err != nil {
			continue // the index says why already
		}
		pg, err := pgn.ReadGameAt(r, e.Offset, e.Length, e.Line)
		if err != nil {
			continue
		}
		var pe *game.PGNError
		if _, err := w.Walk(pg, nil); errors.As(err, &pe) {
			pe.Game = i + 1
			bad = append(bad, pgn.GameError{Index: i, Err: pe})
		}
	}
	return bad
}

// checkAll checks the games of x from from on, read from r, handing those
// that cannot be opened to c on the host's goroutine, a batch at most
// every batchInterval, until the last game or ctx is done.
func (c *Collection) checkAll(ctx context.Context, r io.ReaderAt, x *pgn.Index, from int) {
	const step = 256 // games checked between two looks at the clock
	last := time.Now()
	var bad []pgn.GameError
	for i := from; i < x.Len() && ctx.Err() == nil; i += step {
		bad = append(bad, checkGames(ctx, r, x, i, min(i+step, x.Len()))...)
		if len(bad) > 0 && (time.Since(last) >= batchInterval || i+step >= x.Len()) {
			found := bad
			c.host.Post(func() { c.checked(found) })
			bad, last = nil, time.Now()
		}
	}
}

// checked takes games found in the background that cannot be opened;
// when none of a file's games can be, and none was chosen, that is said
// (see openIndexed). Found after a game was written back into the file,
// they may be of the file as it was: they are left to be checked as
// they open.
func (c *Collection) checked(bad []pgn.GameError) {
	if len(c.edits) > 0 {
		return
	}
	for _, b := range bad {
		c.fail(b.Index, b.Err)
	}
	if c.state == Indexed && c.current < 0 && !c.used && c.GoodGames() == 0 {
		// None can be opened after all: said as for a file read whole
		// in a blink.
		c.openIndexed()
	}
	c.host.Changed(c, nil)
}

// maxReasons is how many games found unplayable keep why: a person reads
// a few of them, while a file of millions of games of a variant would
// hold millions of reasons.
const maxReasons = 1000

// fail records that game i cannot be opened, and why: it leaves the list.
func (c *Collection) fail(i int, err error) {
	if c.index.Err(i) != nil || i == c.current || c.order.isLeftOut(i) {
		return // said already; or on screen, as it was read
	}
	if len(c.failed) < maxReasons {
		c.failed[i] = err
	}
	c.order.leaveOut(i)
}

// BadCount returns how many games cannot be opened, as far as is known:
// those with a syntax error and those found unplayable.
func (c *Collection) BadCount() int { return len(c.index.Errors()) + c.order.nLeftOut }

// BadGames returns the games that cannot be opened, with why: those with
// a syntax error and those found unplayable (the first maxReasons of
// them), in file order.
func (c *Collection) BadGames() []pgn.GameError {
	bad := slices.Clone(c.index.Errors())
	for i, err := range c.failed {
		bad = append(bad, pgn.GameError{Index: i, Err: err})
	}
	slices.SortFunc(bad, func(a, b pgn.GameError) int { return a.Index - b.Index })
	return bad
}
