package app

import (
	"context"
	"errors"
	"io"
	"os"
	"time"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// firstPartGames and firstPartTime bound what is indexed before the
// picker shows: enough games to fill it, or as many as can be read in a
// blink. Small files are read whole at once, so they open as they always
// did, without the picker for a single game.
const (
	firstPartGames = 200
	firstPartTime  = 50 * time.Millisecond
)

// batchInterval is how often the picker gets the games indexed since the
// last time.
const batchInterval = 50 * time.Millisecond

// indexState tells where the indexing of a collection stands.
type indexState int

const (
	indexing indexState = iota
	indexed             // the whole file is indexed
	stopped             // the user stopped it, or the collection was closed
	failed              // a read error ended it
)

// collection is a PGN file of several games: its index, built in the
// background, the game of it on screen, and its picker. It lives on the
// UI goroutine; the indexing goroutine hands it snapshots through fyne.Do.
type collection struct {
	path    string
	size    int64
	modTime time.Time

	index  *pgn.Index // the games indexed so far
	read   int64      // bytes of the file indexed so far
	state  indexState
	err    error // the read error that ended indexing
	cancel context.CancelFunc
	done   chan struct{} // closed when the indexing goroutine is over

	current int           // the game on screen, -1 when none was opened
	failed  map[int]error // games that could not be opened (illegal moves...)
	picker  *picker
}

// newCollection starts the collection of a file.
func newCollection(path string, info os.FileInfo) *collection {
	return &collection{path: path, size: info.Size(), modTime: info.ModTime(), current: -1,
		failed: map[int]error{}, done: make(chan struct{})}
}

// openCollection indexes a PGN file read from src. What is found in the
// first part decides: a single game opens at once, several show the
// picker while the rest of the file is indexed by a goroutine, which
// hands its findings to do (fyne.Do). src is closed when it is read.
func (a *App) openCollection(path string, info os.FileInfo, src io.ReadCloser, do func(func())) *collection {
	c := newCollection(path, info)
	ix := pgn.NewIndexer(src)
	ctx, cancel := context.WithCancel(context.Background())
	c.cancel = cancel
	start, games := time.Now(), 0
	err := ix.Run(ctx, func() bool {
		games++
		return games >= firstPartGames || time.Since(start) >= firstPartTime
	})
	c.update(ix.Index(), ix.BytesRead(), err)
	if c.state != indexing {
		src.Close()
		close(c.done)
		a.openIndexed(c)
		return c
	}
	a.showPicker(c, true)
	go a.indexRest(ctx, c, ix, src, do)
	return c
}

// indexRest indexes the rest of the file in batches of batchInterval.
func (a *App) indexRest(ctx context.Context, c *collection, ix *pgn.Indexer, src io.Closer, do func(func())) {
	defer close(c.done)
	defer src.Close()
	for {
		last := time.Now()
		err := ix.Run(ctx, func() bool { return time.Since(last) >= batchInterval })
		x, read := ix.Index(), ix.BytesRead()
		do(func() { a.indexedMore(c, x, read, err) })
		if err != nil {
			return
		}
	}
}

// update takes what the indexer found; err is what Run returned.
func (c *collection) update(x *pgn.Index, read int64, err error) {
	c.index, c.read = x, read
	switch {
	case err == nil:
	case err == io.EOF:
		c.state = indexed
	case errors.Is(err, context.Canceled):
		c.state = stopped
	default:
		c.state, c.err = failed, err
	}
	if c.state != indexing {
		c.cancel()
	}
}

// indexedMore takes a batch from the indexing goroutine.
func (a *App) indexedMore(c *collection, x *pgn.Index, read int64, err error) {
	if c.state != indexing {
		return // stopped meanwhile: the picker says where
	}
	c.update(x, read, err)
	if c.state == indexed && c.current < 0 && !c.picker.touched && c.goodGames() < 2 && len(c.index.Errors()) == 0 {
		// Not a collection after all: a long game, alone in its file.
		c.picker.close()
		a.openIndexed(c)
		return
	}
	c.picker.refresh()
}

// stop ends the indexing, if it still runs.
func (c *collection) stop() {
	if c.state == indexing {
		c.state = stopped
		c.cancel()
	}
}

// goodGames returns the number of games without a syntax error.
func (c *collection) goodGames() int {
	return c.index.Len() - len(c.index.Errors())
}

// openIndexed decides what to do with a file indexed whole: open its only
// game, show its picker, or say why nothing can be opened.
func (a *App) openIndexed(c *collection) {
	switch {
	case c.state == failed && c.index.Len() == 0:
		a.showFileError(c.path, c.err)
	case c.index.Len() == 0:
		a.showFileError(c.path, errors.New(lang.L("The file holds no game.")))
	case c.goodGames() == 0:
		a.showFileError(c.path, errors.New(describeLoadErrors(c.index.Errors())))
	case c.single():
		a.openGame(c, 0)
	default:
		a.showPicker(c, true)
	}
}

// single reports whether the collection is a file of one game, which is
// opened as that game's own file.
func (c *collection) single() bool {
	return c.state == indexed && c.index.Len() == 1
}

// readGame reads game i from the file and replays it. The file must not
// have changed since it was indexed.
func (c *collection) readGame(i int, now func() time.Time) (*game.Game, error) {
	f, err := os.Open(c.path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if info.Size() != c.size || !info.ModTime().Equal(c.modTime) {
		return nil, errors.New(lang.L("The file has changed since it was opened: open it again."))
	}
	pg, err := c.index.ReadGame(f, i)
	if err != nil {
		return nil, numbered(c.index, i, err)
	}
	g, err := game.FromPGN(pg, now)
	if err != nil {
		return nil, numbered(c.index, i, err)
	}
	return g, nil
}

// numbered returns err as a *game.PGNError naming game i of x: its number,
// players and line.
func numbered(x *pgn.Index, i int, err error) error {
	var pe *game.PGNError
	if errors.As(err, &pe) {
		pe.Game = i + 1
		return err
	}
	e := &game.PGNError{Game: i + 1, White: x.Tag(i, pgn.FieldWhite), Black: x.Tag(i, pgn.FieldBlack), Line: x.Entry(i).Line, Err: err}
	var se *pgn.SyntaxError
	if errors.As(err, &se) {
		e.Line, e.Text = se.Line, se.Text
	}
	return e
}

// openGame makes game i of c the game on screen, and reports whether it
// could. A game that cannot be read is remembered and named in an error
// dialog; the game on screen stays as it was.
func (a *App) openGame(c *collection, i int) bool {
	g, err := c.readGame(i, a.now)
	if err != nil {
		c.failed[i] = err
		if c.picker != nil {
			c.picker.refresh()
		}
		a.showFileError(c.path, err)
		return false
	}
	single := c.single()
	c.current = i
	if single {
		a.setCollection(nil)
	} else {
		a.setCollection(c)
	}
	a.load(g, c.path, !single)
	return true
}

// setCollection makes c the collection whose games next and previous
// game go through, closing the one before.
func (a *App) setCollection(c *collection) {
	if a.coll != nil && a.coll != c {
		a.coll.stop()
	}
	a.coll = c
}

// hasCollection reports whether the game on screen comes from a file of
// several games, so that the menus can offer the next and previous game
// and the list of games.
func (a *App) hasCollection() bool {
	return a.coll != nil && a.sess.inCollection && a.sess.path == a.coll.path
}

// hasNextGame reports whether there is a game after the one on screen in
// the picker's order.
func (a *App) hasNextGame() bool {
	_, ok := a.gameAround(1)
	return ok
}

// hasPreviousGame reports whether there is a game before the one on
// screen in the picker's order.
func (a *App) hasPreviousGame() bool {
	_, ok := a.gameAround(-1)
	return ok
}

// nextGame opens the game after the one on screen, in the order the
// picker shows (sorted and filtered as it was left), once the game on
// screen is safe to leave. Games that could not be opened are skipped.
func (a *App) nextGame() { a.stepGame(1) }

// previousGame opens the game before the one on screen, in the picker's
// order.
func (a *App) previousGame() { a.stepGame(-1) }

// gameAround returns the nearest game after (dir 1) or before (dir -1)
// the one on screen, leaving out those that could not be opened.
func (a *App) gameAround(dir int) (int, bool) {
	if !a.hasCollection() {
		return 0, false
	}
	c := a.coll
	return c.picker.order.neighbour(c.current, dir, func(i int) bool { return c.failed[i] != nil })
}

// stepGame opens the nearest game in direction dir. One that fails to
// open says why, and is skipped the next time.
func (a *App) stepGame(dir int) {
	i, ok := a.gameAround(dir)
	if !ok {
		return
	}
	c := a.coll
	a.confirmDiscard(func() {
		if a.openGame(c, i) {
			c.picker.selectGame(i)
		}
	})
}

// showCollection shows the picker of the collection the game on screen
// comes from again, with its order, filter and selection as they were.
func (a *App) showCollection() {
	if !a.hasCollection() {
		return
	}
	a.coll.picker.show(false)
}
