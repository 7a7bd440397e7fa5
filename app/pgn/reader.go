package pgn

import (
	"errors"
	"io"
)

// Reader reads games one after the other from a stream of PGN text. It
// reads the input in large blocks and holds only the game being read.
//
// A game ends with its termination marker and whatever follows it on the
// same line (comments there are the game's, anything else is an error);
// without a marker, it ends where a tag pair follows its movetext, at a
// tag pair that follows a blank line and repeats a tag of the game (games
// with tags only), or at the end of the input. Text after a game that is
// not a tag section starts a game without tags.
type Reader struct {
	p parser
}

// Header is the tag section of a game, found without building its moves:
// enough to index a large file.
type Header struct {
	Tags []Tag
	// Offset is the byte offset of the game's first byte, and Length the
	// number of bytes of the game: ParseGame of input[Offset:Offset+Length]
	// reads the game again.
	Offset int64
	Length int64
	// Line is the 1-based line of the game's first token.
	Line int
	// Plies is the number of moves of the main line, as written; they are
	// not checked.
	Plies int
	// Err is the syntax error found in the game, or nil.
	Err error
	// fields are the values of an Index's fields, decoded, nil when
	// absent, in a header read to index it (readHeader with reuse),
	// whose Tags have names only. They hold until the next read.
	fields [NumFields][]byte
}

// NewReader returns a Reader that reads from r.
func NewReader(r io.Reader) *Reader {
	rd := &Reader{}
	rd.p.lex.src.init(r)
	rd.p.lex.lastEnd = -1
	rd.p.san = new(interner)
	return rd
}

// Next reads the next game. It returns io.EOF after the last game.
//
// A game with a syntax error is returned as far as it could be read (its
// tags at least) together with a *SyntaxError; the next call goes on with
// the following game. A read error that cuts a game short comes with what
// was read of it, then alone. Next returns an error without a game only
// when nothing could be read at all: at the end of the input, or on a
// read error.
func (r *Reader) Next() (*Game, error) {
	r.p.reuse = false
	if !r.p.parse(true) {
		return nil, r.p.endErr()
	}
	if err := r.p.readErr(); err != nil {
		return r.p.game, err
	}
	if r.p.err != nil {
		return r.p.game, r.p.err
	}
	return r.p.game, nil
}

// NextHeader reads the next game's tags and skips its movetext, checking
// its syntax and counting its plies. It returns io.EOF after the last
// game. A syntax error is reported in Header.Err, not as the error, which
// is only for the end of the input and read errors.
func (r *Reader) NextHeader() (*Header, error) { return newHeader(r.readHeader) }

// newHeader returns the header read, its tags its own, or nil when no game
// is left, with the error read returned.
func newHeader(read func(h *Header, reuse bool) (bool, error)) (*Header, error) {
	h := new(Header)
	ok, err := read(h, false)
	if !ok {
		return nil, err
	}
	return h, err
}

// readHeader reads the next game's header into h as NextHeader does, and
// reports false when no game is left, with the error that ended the
// input. With reuse, h.Tags is the reader's own room, which the next
// game's tags overwrite, and holds the tags' names only: the values an
// index keeps are in h.fields.
func (r *Reader) readHeader(h *Header, reuse bool) (bool, error) {
	p := &r.p
	p.reuse = reuse
	if !p.parse(false) {
		return false, p.endErr()
	}
	*h = Header{Tags: p.tags, Offset: p.off, Length: p.lastEnd - p.off, Line: p.line, Plies: p.plies}
	if reuse {
		h.fields = p.fields
	}
	if p.err != nil {
		h.Err = p.err
	}
	return true, p.readErr()
}

// endErr returns the error at the end of the input: io.EOF, or the read
// error that ended it.
func (p *parser) endErr() error {
	if err := p.lex.src.err; err != nil {
		return err
	}
	return io.EOF
}

// readErr returns the read error that cut the current game short, if any.
func (p *parser) readErr() error {
	if p.atEOF {
		return p.lex.src.err
	}
	return nil
}

// ParseGame reads exactly one game from data, such as a game located by
// Header.Offset and Header.Length, and keeps its text as Game.Text (a
// part of data). Line and offset tell where data starts in its file;
// they place Game.Line, Game.Offset, moves and errors. A
// *SyntaxError from ParseGame has Game 0. ParseGame returns io.EOF when
// data holds no game, ErrUTF16 when data starts a file (offset 0) in
// UTF-16, and a syntax error when text follows the game.
func ParseGame(data []byte, line int, offset int64) (*Game, error) {
	var p parser
	p.lex.src.initBytes(data, max(line, 1), offset)
	p.lex.lastEnd = offset - 1
	p.anon = true
	if !p.parse(true) {
		return nil, p.endErr()
	}
	p.game.Text = data[p.off-offset : p.lastEnd-offset]
	if p.err == nil {
		if t := p.advance(); t.kind != tEOF {
			p.failTok(t, SyntaxAfterGame)
		}
	}
	if p.err != nil {
		return p.game, p.err
	}
	return p.game, nil
}

// ReadAll reads every game from r. It returns the games, including those
// with syntax errors as far as they could be read, and one error for each
// bad game (and a last one if reading failed).
func ReadAll(r io.Reader) ([]*Game, []error) {
	var games []*Game
	var errs []error
	rd := NewReader(r)
	for {
		g, err := rd.Next()
		if g != nil {
			games = append(games, g)
		}
		var se *SyntaxError
		switch {
		case err == io.EOF:
			return games, errs
		case err == nil:
		case errors.As(err, &se):
			errs = append(errs, err)
		default:
			return games, append(errs, err)
		}
	}
}
