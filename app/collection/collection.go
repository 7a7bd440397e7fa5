// Package collection is a PGN file of many games, or a text of several
// pasted: its index, built in the background, the order and filter its
// games are listed in, the check of each game against the rules, and the
// reading of game i. It knows no window and no document: what it finds
// in the background comes back to its Host, which opens its games.
package collection

import (
	"context"
	"errors"
	"io"
	"log"
	"strconv"
	"strings"
	"time"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
	"github.com/echiquier/echiquier/app/safefile"
)

// firstPartGames and firstPartTime bound what is indexed before a file's
// games are shown: enough games to fill the list, or as many as can be
// read in a blink. A file read whole in that time opens as it always did:
// its only game at once, without a list for a single game.
const (
	firstPartGames = 200
	firstPartTime  = 50 * time.Millisecond
)

// batchInterval is how often, at most, the games indexed since the last
// time are handed over: each costs the window a refresh of its list (a
// tenth of a second of processor time in a window drawn without a
// graphics card), so that the window's work stays small beside the
// reading's.
const batchInterval = time.Second

// IndexState tells where the indexing of a collection stands.
type IndexState int

// The states of the indexing.
const (
	Indexing IndexState = iota
	Indexed             // the whole file is indexed
	Stopped             // the user stopped it, or the collection was closed
	Failed              // a read error ended it
)

// ErrNoGame: the file holds no game.
var ErrNoGame = errors.New("the file holds no game")

// ErrFileChanged: the file changed since it was indexed: it must be
// opened again.
var ErrFileChanged = errors.New("the file has changed since it was opened: open it again")

// FileError is a file that could not be opened or read: nothing changed.
type FileError struct {
	Path string
	Err  error
}

func (e *FileError) Error() string { return "could not open " + e.Path + ": " + e.Err.Error() }
func (e *FileError) Unwrap() error { return e.Err }

// BadGamesError lists the games of a file that could not be read, when
// none could.
type BadGamesError struct{ Games []pgn.GameError }

func (e *BadGamesError) Error() string {
	return "no game of the file could be read: " + e.Games[0].Err.Error()
}

// Unwrap returns why each game could not be read.
func (e *BadGamesError) Unwrap() []error {
	errs := make([]error, len(e.Games))
	for i, g := range e.Games {
		errs[i] = g.Err
	}
	return errs
}

// Host is what a collection is opened for: the document, which opens its
// games. A collection is used on the host's goroutine; its background
// work hands its results back through Post.
type Host interface {
	// Post runs f on the host's goroutine, later.
	Post(f func())
	// Listed: the file holds several games, a first part of them
	// indexed: they are to be listed, to choose one.
	Listed(c *Collection)
	// Changed: the list of c changed (more games indexed, games found
	// that cannot be opened, sorted or filtered), or, with problem, a
	// *FileError, nothing of the file can be opened.
	Changed(c *Collection, problem error)
	// OpenOnly opens the only game of c, a file of one game indexed
	// whole (Single).
	OpenOnly(c *Collection) error
}

// Collection is a PGN file of games: its index, built in the background,
// the game of it on screen, and the order its games are listed in. It
// lives on its host's goroutine; the indexing goroutine hands it
// snapshots through the host's Post.
type Collection struct {
	// path is the file, "" for pasted text.
	path string
	// text is the pasted text the games are read from.
	text  string
	stamp safefile.Stamp // the file as it was indexed or last written
	// edits are the games written back into the file since it was
	// indexed, in the order they were: the index's places of the games
	// after them are shifted.
	edits []edit

	index  *pgn.Index // the games indexed so far
	read   int64      // bytes of the file indexed so far
	state  IndexState
	err    error // the read error that ended indexing
	cancel context.CancelFunc
	done   chan struct{} // closed once the file is no longer read

	current int           // the game on screen, -1 when none was opened
	failed  map[int]error // games that cannot be opened (illegal moves...), why (see fail)
	order   *Order
	used    bool // the user sorted, filtered or chose in the list

	// host is told what the background work found; nil for a pasted
	// text not yet listed (see Paste.List).
	host Host
}

// attach makes h the host of c: the list of c is sorted and filtered in
// the background from then on, the results handed to h.
func (c *Collection) attach(h Host) {
	c.host = h
	if c.order != nil {
		c.order.attach(c)
	}
}

// edit is a game written back into the file: its new length, and how
// many bytes and lines longer it got.
type edit struct {
	game   int
	length int64
	delta  int64
	lines  int
}

// Span returns where game i's text is in the file now, and the line it
// starts on.
func (c *Collection) Span(i int) (off, length int64, line int) {
	e := c.index.Entry(i)
	off, length, line = e.Offset, e.Length, e.Line
	for _, ed := range c.edits {
		switch {
		case ed.game < i:
			off += ed.delta
			line += ed.lines
		case ed.game == i:
			length = ed.length
		}
	}
	return off, length, line
}

// WriteBack writes text in the place of game i, the rest of the file
// byte-identical, unless another program changed the file since.
func (c *Collection) WriteBack(i int, text []byte) error {
	off, length, _ := c.Span(i)
	old, err := c.readSpan(off, length)
	if err != nil {
		return err
	}
	st, err := safefile.Splice(c.path, off, off+length, text, c.stamp)
	if err != nil {
		return err
	}
	c.edits = append(c.edits, edit{game: i, length: int64(len(text)), delta: int64(len(text)) - length,
		lines: pgn.LineBreaks(text) - pgn.LineBreaks(old)})
	c.stamp = st
	return nil
}

// readSpan reads length bytes of the file at off, as it was stamped.
func (c *Collection) readSpan(off, length int64) ([]byte, error) {
	f, err := safefile.OpenRead(c.path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, length)
	if _, err := f.ReadAt(buf, off); err != nil {
		return nil, err
	}
	return buf, nil
}

// Path returns the collection's file, "" for pasted text.
func (c *Collection) Path() string { return c.path }

// Stamp returns the file as it was indexed or last written.
func (c *Collection) Stamp() safefile.Stamp { return c.stamp }

// ReadingDone is closed once the file of c is no longer read: its
// indexing goroutine, or the check of a pasted text's games, has ended.
func (c *Collection) ReadingDone() <-chan struct{} { return c.done }

// Index returns the games indexed so far.
func (c *Collection) Index() *pgn.Index { return c.index }

// State returns where the indexing stands, the error that ended it, and
// how far in the file it got.
func (c *Collection) State() (state IndexState, err error, read, size int64) {
	return c.state, c.err, c.read, c.stamp.Size
}

// Order returns the order the games are listed in.
func (c *Collection) Order() *Order { return c.order }

// Current returns the game on screen, or -1.
func (c *Collection) Current() int { return c.current }

// Failed returns games found unplayable, with why (see fail).
func (c *Collection) Failed() map[int]error { return c.failed }

// GoodGames returns the number of games that can be opened, as far as
// is known: without a syntax error, and not found unplayable.
func (c *Collection) GoodGames() int { return c.index.Len() - c.BadCount() }

// MarkUsed records that the user sorted, filtered or chose in the list:
// a file that turns out to hold one game still shows its list.
func (c *Collection) MarkUsed() { c.used = true }

// Stop ends the indexing, if it still runs, and the check of the games;
// the games found stay listed.
func (c *Collection) Stop() {
	if c.state == Indexing {
		c.state = Stopped
	}
	c.cancel()
}

// Closed tells that the list was closed: a collection none of whose games
// was opened is given up, and its file no longer read.
func (c *Collection) Closed() {
	if c.current < 0 {
		c.Stop()
	}
}

// Single reports whether the collection is a file of one game, which is
// opened as that game's own file.
func (c *Collection) Single() bool {
	return c.state == Indexed && c.index.Len() == 1
}

// update takes what the indexer found; err is what Run returned.
func (c *Collection) update(x *pgn.Index, read int64, err error) {
	c.index, c.read = x, read
	if c.order == nil {
		c.order = newOrder(x)
		c.order.attach(c)
	} else {
		c.order.grow(x)
	}
	switch {
	case err == nil:
	case err == io.EOF:
		c.state = Indexed
	case errors.Is(err, context.Canceled):
		c.state = Stopped
	default:
		c.state, c.err = Failed, err
	}
}

// Open opens a PGN file for h. Its games are indexed in the background,
// not read: a file of one game is then opened by h (OpenOnly); a file of
// several is Listed, and Changed while the rest of the file is indexed.
// An error here is a file that cannot be opened; later ones come as a
// problem told to Changed.
func Open(path string, h Host) (*Collection, error) {
	f, err := safefile.OpenRead(path) // a pipe, a device: refused, never waited on
	if err != nil {
		return nil, &FileError{Path: path, Err: err}
	}
	c := &Collection{path: path, current: -1, failed: map[int]error{}}
	c.attach(h)
	if c.stamp, err = safefile.StampOf(path); err != nil {
		f.Close()
		return nil, &FileError{Path: path, Err: err}
	}
	ctx, cancel := context.WithCancel(context.Background())
	c.cancel, c.done = cancel, make(chan struct{})
	go c.indexFile(ctx, f)
	return c, nil
}

// indexFile indexes the file, as it was stamped, in the background and on
// every processor: the first part, then the rest in batches of
// batchInterval or more, each handed to the host once it took the one
// before; then it checks the games (see checkAll). A file whose first
// megabyte holds no PGN fails at once (see sniff); a file stopped (see
// Stop) is no longer read, even in the middle of a game. Standard error
// tells how long a file took.
func (c *Collection) indexFile(ctx context.Context, src indexedFile) {
	defer close(c.done)
	defer src.Close()
	defer c.cancel() // what this context held is let go
	file := &sniffedFile{ctx: ctx, r: src, size: c.stamp.Size}
	ix := pgn.NewFileIndexer(ctx, file, c.stamp.Size)
	start := time.Now()
	end := ix.Run(ctx, func() bool {
		return ix.Len() >= firstPartGames || time.Since(start) >= firstPartTime
	})
	// taken tells that the window took the last batch: the next one waits
	// for it (the reading goes on), so that a window slower than the
	// reading is handed fewer, larger batches instead of a queue of them.
	taken := make(chan struct{}, 1)
	took := func() {
		select {
		case taken <- struct{}{}:
		default:
		}
	}
	x, read, err := ix.Index(), ix.BytesRead(), end
	var bad []pgn.GameError
	checked := 0
	if end == io.EOF {
		// Read whole in a blink: its games are checked before it is
		// shown.
		bad, checked = checkGames(ctx, file, x, 0, x.Len()), x.Len()
	}
	c.host.Post(func() { c.firstPart(x, read, err, bad); took() })
	for end == nil {
		last := time.Now()
		end = ix.Run(ctx, func() bool {
			if time.Since(last) < batchInterval {
				return false
			}
			select {
			case <-taken:
				return true
			default:
				return false
			}
		})
		x, read, err := ix.Index(), ix.BytesRead(), end
		c.host.Post(func() { c.indexedMore(x, read, err); took() })
	}
	if end == io.EOF {
		log.Printf("index: %d games, %s in %v", ix.Index().Len(), byteSize(ix.BytesRead()), time.Since(start).Round(time.Millisecond))
		c.checkAll(ctx, file, ix.Index(), checked)
	}
}

// indexedFile is a file being indexed.
type indexedFile interface {
	io.ReaderAt
	io.Closer
}

// byteSize writes a number of bytes for the log, in decimal units as
// file managers show them: "2.3 GB", "23.3 MB", "870 B".
func byteSize(n int64) string {
	switch {
	case n >= 1e9:
		return strconv.FormatFloat(float64(n)/1e9, 'f', 1, 64) + " GB"
	case n >= 1e6:
		return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + " MB"
	case n >= 1e3:
		return strconv.FormatFloat(float64(n)/1e3, 'f', 1, 64) + " kB"
	}
	return strconv.FormatInt(n, 10) + " B"
}

// firstPart decides what to do with the first part of a file indexed:
// wait for the rest, show the list, or open the only game. A file read
// whole comes with its games that cannot be opened, bad.
func (c *Collection) firstPart(x *pgn.Index, read int64, err error, bad []pgn.GameError) {
	if c.state != Indexing {
		return
	}
	c.update(x, read, err)
	for _, b := range bad {
		c.fail(b.Index, b.Err)
	}
	if c.state != Indexing {
		c.openIndexed()
		return
	}
	c.host.Listed(c)
}

// indexedMore takes a batch from the indexing goroutine.
func (c *Collection) indexedMore(x *pgn.Index, read int64, err error) {
	if c.state != Indexing {
		return // stopped meanwhile: the list says where
	}
	c.update(x, read, err)
	if c.state == Indexed && c.current < 0 && !c.used && c.GoodGames() < 2 && len(c.index.Errors()) == 0 {
		// Not a collection after all: a long game, alone in its file.
		c.openIndexed()
	}
	c.host.Changed(c, nil)
}

// openIndexed decides what to do with a file indexed whole: open its only
// game, list its games, or say why nothing can be opened.
func (c *Collection) openIndexed() {
	var err error
	switch {
	case c.state == Failed && c.index.Len() == 0:
		err = c.err
	case c.index.Len() == 0:
		err = ErrNoGame
	case c.GoodGames() == 0:
		err = &BadGamesError{Games: c.BadGames()}
	case c.Single():
		err = c.host.OpenOnly(c)
	default:
		c.host.Listed(c)
		return
	}
	if err != nil {
		c.host.Changed(c, &FileError{Path: c.path, Err: err})
	}
}

// readGame reads game i from the file (or the pasted text) and replays
// it. The file must not have changed since it was indexed.
func (c *Collection) readGame(i int, now func() time.Time) (*game.Game, error) {
	var r io.ReaderAt = strings.NewReader(c.text)
	if !c.Pasted() {
		f, err := safefile.OpenRead(c.path) // replaced by a pipe meanwhile: refused
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if changed, err := safefile.Changed(c.path, c.stamp); err != nil || changed {
			return nil, ErrFileChanged
		}
		r = f
	}
	pg, err := c.parseGame(r, i)
	if err != nil {
		return nil, c.numbered(i, err)
	}
	g, err := game.FromPGN(pg, now)
	if err != nil {
		return nil, c.numbered(i, err)
	}
	return g, nil
}

// parseGame reads game i from r, the file or the pasted text, where it
// is now.
func (c *Collection) parseGame(f io.ReaderAt, i int) (*pgn.Game, error) {
	off, length, line := c.Span(i)
	pg, err := pgn.ReadGameAt(f, off, length, line)
	if err == io.EOF {
		return nil, ErrFileChanged // no game where the index has one
	}
	return pg, err
}

// numbered returns err as a *game.PGNError naming game i of c: its number,
// players and line.
func (c *Collection) numbered(i int, err error) error {
	var pe *game.PGNError
	if errors.As(err, &pe) {
		pe.Game = i + 1
		return err
	}
	_, _, line := c.Span(i)
	x := c.index
	e := &game.PGNError{Game: i + 1, White: x.Tag(i, pgn.FieldWhite), Black: x.Tag(i, pgn.FieldBlack), Line: line, Err: err}
	var se *pgn.SyntaxError
	if errors.As(err, &se) {
		e.Line, e.Text = se.Line, se.Text
	}
	return e
}

// OpenGame reads game i, which becomes the game of c on screen. A game
// that cannot be read is remembered (the list shows why) and its error
// returned, a *FileError; the game on screen stays as it was.
func (c *Collection) OpenGame(i int, now func() time.Time) (*game.Game, error) {
	g, err := c.readGame(i, now)
	if err != nil {
		c.fail(i, err)
		return nil, &FileError{Path: c.path, Err: err}
	}
	c.current = i
	return g, nil
}

// GameAround returns the nearest game after (dir 1) or before (dir -1)
// the one on screen in the list's order (sorted and filtered as it was
// left), leaving out those that could not be opened.
func (c *Collection) GameAround(dir int) (int, bool) {
	return c.order.neighbour(c.current, dir, c.order.isLeftOut)
}
