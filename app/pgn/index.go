package pgn

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
)

// Field is a tag that an Index keeps for every game.
type Field uint8

// The tags an Index keeps: what a list of games shows and filters on.
const (
	FieldWhite Field = iota
	FieldBlack
	FieldResult
	FieldDate
	FieldEvent
	FieldSite
	FieldRound
	FieldECO
	// NumFields is the number of fields.
	NumFields
)

// fieldNames are the tag names of the fields, by Field.
var fieldNames = [NumFields]string{"White", "Black", "Result", "Date", "Event", "Site", "Round", "ECO"}

// Name returns the tag name of f: "White", "ECO".
func (f Field) Name() string {
	if f < NumFields {
		return fieldNames[f]
	}
	return ""
}

// fieldOf returns the field of a tag name. It repeats fieldNames as a
// switch, which is faster than a loop over them: it is asked about every
// tag of every game indexed.
func fieldOf(name string) (Field, bool) {
	switch name {
	case "White":
		return FieldWhite, true
	case "Black":
		return FieldBlack, true
	case "Result":
		return FieldResult, true
	case "Date":
		return FieldDate, true
	case "Event":
		return FieldEvent, true
	case "Site":
		return FieldSite, true
	case "Round":
		return FieldRound, true
	case "ECO":
		return FieldECO, true
	}
	return 0, false
}

// MaxGameBytes is the length of the longest game ReadGame reads, which it
// holds whole while it parses it: a game of MaxMoves moves and MaxNotes
// of notes takes less than 16 MB, white space and escape lines aside.
const MaxGameBytes = 32 << 20

// Entry is what an Index knows of one game.
type Entry struct {
	// Number is the game's 1-based number in the file.
	Number int
	// Offset and Length locate the game's text; Line is the 1-based line
	// of its first token.
	Offset, Length int64
	Line           int
	// Plies is the number of moves of the main line, as written.
	Plies int
	// Tags holds the value of each field, "" for a missing tag.
	Tags [NumFields]string
	// Err is the syntax error of the game, or the read error that cut it
	// short, or nil.
	Err error
}

// GameError is a game of an Index that has an error.
type GameError struct {
	// Index is the game's position in the Index (its number minus one).
	Index int
	Err   error
}

// entry is one game of an Index in 48 bytes, tag values as ids in
// Index.values: a file of millions of games is held in a few hundred
// megabytes. The game's offset and plies share a word. Its length and
// line saturate: a game longer than MaxGameBytes is never read, and only
// a file of more than four billion lines has a line beyond.
type entry struct {
	at     uint64 // offset<<plyBits | plies
	length uint32
	line   uint32
	tags   [NumFields]uint32
}

// plyBits holds the plies of any game the parser reads (MaxMoves), and
// leaves 44 bits to the offset: 16 TiB.
const plyBits = 20

// MaxFileSize is the offset past which an Index holds no game.
const MaxFileSize = 1<<(64-plyBits) - 1

// ErrFileTooLarge ends the indexing of a file at MaxFileSize.
var ErrFileTooLarge = errors.New("pgn: the file is larger than 16 TiB")

func (e *entry) off() int64 { return int64(e.at >> plyBits) }
func (e *entry) plies() int { return int(e.at & (1<<plyBits - 1)) }

// saturate returns n, or the largest uint32 when n is larger.
func saturate(n int64) uint32 { return uint32(min(max(n, 0), 1<<32-1)) }

// Index lists the games of a PGN file: where each one is, its main tags,
// its number of moves and its syntax error if any, without their moves.
// It holds no game text, so it stays small for a large file: about 48
// bytes a game, plus each distinct tag value once.
//
// An Index is never changed once made, and may be read from any goroutine.
type Index struct {
	games  entries
	values []string // distinct tag values; values[0] is ""
	errs   []GameError
}

// chunkGames is how many games a block of an index holds. Blocks are never
// copied as the index grows, so indexing a big file needs little more
// memory than its index takes: the first block grows from small, so that
// a small file's index stays small, and the others are made whole, small
// enough that the room of the last one costs little.
const chunkGames = 1 << 12

// entries is the games of an index, in blocks of at most chunkGames. A
// game once added never changes, and a block is only appended to, so a
// snapshot taken before may be read from another goroutine while games
// are added.
type entries struct {
	chunks [][]entry
	n      int
}

func (es *entries) at(i int) *entry { return &es.chunks[i/chunkGames][i%chunkGames] }

func (es *entries) add(e entry) {
	es.addAll([]entry{e})
}

// addAll adds games in order. The first block doubles as it grows:
// append's smaller steps would copy it several times over.
func (es *entries) addAll(games []entry) {
	for len(games) > 0 {
		last := len(es.chunks) - 1
		if last < 0 || len(es.chunks[last]) == chunkGames {
			size := 64
			if last >= 0 {
				size = chunkGames
			}
			es.chunks = append(es.chunks, make([]entry, 0, size))
			last++
		}
		c := es.chunks[last]
		n := min(len(games), chunkGames-len(c))
		if len(c)+n > cap(c) {
			grown := make([]entry, len(c), min(chunkGames, max(2*cap(c), len(c)+n)))
			copy(grown, c)
			c = grown
		}
		es.chunks[last] = append(c, games[:n]...)
		es.n += n
		games = games[n:]
	}
}

// snapshot returns the games added so far, in block headers of its own:
// the next add may change the writer's header of the last block.
func (es *entries) snapshot() entries {
	chunks := make([][]entry, len(es.chunks))
	for i, c := range es.chunks {
		chunks[i] = c[:len(c):len(c)]
	}
	return entries{chunks: chunks, n: es.n}
}

// Len returns the number of games.
func (x *Index) Len() int { return x.games.n }

// Entry returns what the index holds of game i (from 0).
func (x *Index) Entry(i int) Entry {
	g := x.games.at(i)
	e := Entry{Number: i + 1, Offset: g.off(), Length: int64(g.length), Line: int(g.line), Plies: g.plies(), Err: x.Err(i)}
	for f, id := range g.tags {
		e.Tags[f] = x.values[id]
	}
	return e
}

// Tag returns the value of field f of game i.
func (x *Index) Tag(i int, f Field) string { return x.values[x.games.at(i).tags[f]] }

// TagID returns a number that stands for the value of field f of game i:
// games with the same value have the same id, from 0 to NumValues()-1.
// Value returns the value of an id; the empty value is 0.
func (x *Index) TagID(i int, f Field) int { return int(x.games.at(i).tags[f]) }

// Value returns the tag value that id stands for.
func (x *Index) Value(id int) string { return x.values[id] }

// NumValues returns the number of distinct tag values.
func (x *Index) NumValues() int { return len(x.values) }

// Plies returns the number of moves of game i's main line, as written.
func (x *Index) Plies(i int) int { return x.games.at(i).plies() }

// Err returns the error of game i, or nil.
func (x *Index) Err(i int) error {
	if k, ok := slices.BinarySearchFunc(x.errs, i, func(e GameError, i int) int { return cmp.Compare(e.Index, i) }); ok {
		return x.errs[k].Err
	}
	return nil
}

// Errors returns the games that have an error, in file order. The slice
// must not be changed.
func (x *Index) Errors() []GameError { return x.errs[:len(x.errs):len(x.errs)] }

// ReadGame reads game i from r, the input the index was made from, and
// parses it. A *SyntaxError carries the game's number.
func (x *Index) ReadGame(r io.ReaderAt, i int) (*Game, error) {
	g := x.games.at(i)
	pg, err := ReadGameAt(r, g.off(), int64(g.length), int(g.line))
	var se *SyntaxError
	switch {
	case errors.As(err, &se):
		numbered := *se
		numbered.Game = i + 1
		return pg, &numbered
	case err == io.EOF:
		return nil, fmt.Errorf("game %d: no game at line %d (has the file changed?)", i+1, g.line)
	case err != nil:
		return nil, fmt.Errorf("game %d: %w", i+1, err)
	}
	return pg, nil
}

// ReadGameAt reads the game of length bytes at off in r, which starts on
// line, and parses it (ParseGame): io.EOF when there is none. It holds
// the game whole: a game longer than MaxGameBytes is an error.
func ReadGameAt(r io.ReaderAt, off, length int64, line int) (*Game, error) {
	if length > MaxGameBytes {
		return nil, fmt.Errorf("the game is %d bytes long, more than the %d bytes read at most", length, MaxGameBytes)
	}
	buf := make([]byte, length)
	n, err := r.ReadAt(buf, off)
	if n < len(buf) {
		if err == nil || err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return ParseGame(buf, line, off)
}

// Indexer builds the Index of a PGN stream, a part at a time if need be,
// while another goroutine shows what it found so far.
type Indexer struct {
	in     countingReader
	rd     *Reader
	x      Index
	values valueTable // x.values's ids; nil once the indexing ended
	end    error      // why indexing stopped for good, once it has
	// file, when not nil, reads the input in sections on every
	// processor (NewFileIndexer) instead of as one stream.
	file *fileIndex
}

// NewIndexer returns an Indexer reading from r. It reads r once, from the
// start, in large blocks, and keeps none of its text.
func NewIndexer(r io.Reader) *Indexer {
	ix := &Indexer{}
	ix.in.r = r
	ix.rd = NewReader(&ix.in)
	ix.values.reset(&ix.x.values)
	return ix
}

// BytesRead returns how many bytes of the input were read so far. Call it
// from the goroutine that calls Run.
func (ix *Indexer) BytesRead() int64 { return ix.in.n }

// Len returns the number of games indexed so far. Call it from the
// goroutine that calls Run.
func (ix *Indexer) Len() int { return ix.x.games.n }

// Index returns the games indexed so far. Later calls to Run do not
// change it, and it may be read while Run goes on in another goroutine.
func (ix *Indexer) Index() *Index {
	x := ix.x
	x.games = x.games.snapshot()
	x.values = x.values[:len(x.values):len(x.values)]
	x.errs = x.errs[:len(x.errs):len(x.errs)]
	return &x
}

// Run indexes games until the input ends, ctx is done or pause, called
// after each game, returns true. It returns io.EOF at the end of the
// input, the read error that ended it, ctx.Err(), or nil after a pause:
// then Run may be called again to go on. pause may be nil.
func (ix *Indexer) Run(ctx context.Context, pause func() bool) error {
	if ix.end != nil {
		return ix.end
	}
	if ix.file != nil {
		return ix.runFile(ctx, pause)
	}
	done := ctx.Done()
	var h Header
	for {
		select {
		case <-done:
			return ctx.Err()
		default:
		}
		ok, err := ix.rd.readHeader(&h, true)
		if ok {
			if tooLarge := ix.add(&h, err); tooLarge != nil {
				err = tooLarge
			}
		}
		if err != nil {
			ix.end = err
			ix.values = valueTable{} // no more values to share
			return err
		}
		if pause != nil && pause() {
			return nil
		}
	}
}

// add records a game. A read error that cut it short is its error. A
// game past MaxFileSize is not recorded: add returns ErrFileTooLarge.
func (ix *Indexer) add(h *Header, readErr error) error {
	if h.Offset > MaxFileSize {
		return ErrFileTooLarge
	}
	i := ix.x.games.n
	ix.x.games.add(ix.values.entry(h))
	err := h.Err
	if err == nil && readErr != nil {
		err = fmt.Errorf("game %d, line %d: %w", i+1, h.Line, readErr)
	}
	if err != nil {
		ix.x.errs = append(ix.x.errs, GameError{Index: i, Err: err})
	}
	return nil
}

// valueTable numbers the distinct tag values of an index, or of a part of
// one: values[id] is the value of id, and 0 is "".
type valueTable struct {
	values *[]string
	ids    map[string]uint32
	// last holds the previous game's values and their ids: events,
	// sites and dates repeat from game to game.
	last   [NumFields]string
	lastID [NumFields]uint32
}

// reset empties the table, which numbers the values in *values.
func (t *valueTable) reset(values *[]string) {
	if t.ids == nil {
		t.ids = map[string]uint32{}
	}
	clear(t.ids)
	t.ids[""] = 0
	*values = append((*values)[:0], "")
	t.values, t.last, t.lastID = values, [NumFields]string{}, [NumFields]uint32{}
}

// entry returns the entry of a game read with readHeader's reuse, its
// fields as the table's ids.
func (t *valueTable) entry(h *Header) entry {
	e := entry{at: uint64(h.Offset)<<plyBits | uint64(min(h.Plies, 1<<plyBits-1)), length: saturate(h.Length), line: saturate(int64(h.Line))}
	for f, v := range h.fields {
		switch {
		case len(v) == 0:
		case string(v) == t.last[f]:
			e.tags[f] = t.lastID[f]
		default:
			id, ok := t.ids[string(v)]
			if !ok {
				id = t.add(string(v))
			}
			e.tags[f], t.last[f], t.lastID[f] = id, (*t.values)[id], id
		}
	}
	return e
}

// id returns the id of a value, a new one the first time.
func (t *valueTable) id(v string) uint32 {
	if id, ok := t.ids[v]; ok {
		return id
	}
	return t.add(v)
}

// add numbers a value new to the table.
func (t *valueTable) add(v string) uint32 {
	id := uint32(len(*t.values))
	*t.values = append(*t.values, v)
	t.ids[v] = id
	return id
}

// BuildIndex indexes every game of r. On a read error or when ctx is done,
// it returns the games indexed until then with the error.
func BuildIndex(ctx context.Context, r io.Reader) (*Index, error) {
	ix := NewIndexer(r)
	err := ix.Run(ctx, nil)
	if err == io.EOF {
		err = nil
	}
	return ix.Index(), err
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if n > 0 {
		c.n += int64(n)
	}
	return n, err
}
