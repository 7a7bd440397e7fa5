package pgn

import (
	"bytes"
	"io"
)

// Reading a large file on several processors: Cut finds where to cut it,
// a SectionReader reads the games that start in one section on one
// goroutine, and the sections are taken in file order. A section's games
// are the file's when the reader of the section before stopped (Stop)
// exactly where the section starts; otherwise a game of the section before
// runs on past the cut, and that reader reads on (Extend) to the end of
// the section, whose own games are dropped. The games then are those a
// Reader of the whole file reads, numbered alike: only their Line, and the
// game number in their errors, count from the start of their section.

// cutWindow is how much Cut reads at a time.
const cutWindow = 16 << 10

// Cut returns the offset of the first likely start of a game at or after
// off and before limit, or limit when there is none: a '[' that begins a
// line after a blank line. A SectionReader may start there. Cut reads at
// most the bytes from just before off to the cut, so successive cuts read
// a file once.
func Cut(r io.ReaderAt, off, limit int64) (int64, error) {
	if off <= 0 {
		return 0, nil
	}
	// Up to four bytes before off tell whether a '[' at off follows a
	// blank line ("\r\n\r\n" at most).
	const back = 4
	from := max(0, off-back)
	buf := make([]byte, back+cutWindow)
	for from < limit {
		n, err := r.ReadAt(buf[:min(int64(len(buf)), limit-from)], from)
		if n == 0 {
			if err == nil || err == io.EOF {
				return limit, nil
			}
			return 0, err
		}
		b := buf[:n]
		for i := int(off - from); i < len(b); {
			k := bytes.IndexByte(b[i:], '[')
			if k < 0 {
				break
			}
			i += k
			if afterBlankLine(b[:i]) {
				return from + int64(i), nil
			}
			i++
		}
		if err != nil {
			if err == io.EOF {
				return limit, nil
			}
			return 0, err
		}
		if n <= back {
			return limit, nil
		}
		// The next window keeps the last bytes of this one, to look
		// behind a '[' at its start.
		from += int64(n - back)
		off = max(off, from+back)
	}
	return limit, nil
}

// afterBlankLine reports whether b ends with a line break that follows an
// empty line: two line breaks, each "\n", "\r\n" or "\r".
func afterBlankLine(b []byte) bool {
	for range 2 {
		n := len(b)
		switch {
		case n >= 2 && b[n-2] == '\r' && b[n-1] == '\n':
			b = b[:n-2]
		case n >= 1 && (b[n-1] == '\n' || b[n-1] == '\r'):
			b = b[:n-1]
		default:
			return false
		}
	}
	return true
}

// SectionReader reads the games of a file that start in a section of it,
// [start, end), reading on past end to finish the last one.
type SectionReader struct {
	rd   Reader
	in   io.SectionReader
	size int64
	end  int64
	stop int64 // where reading stopped, or -1
	// stopLine is the line of the first game at or after the end,
	// counted from the start of the section as Line is.
	stopLine int
}

// NewSectionReader returns a reader of the games of r, a file of size
// bytes, that start at or after start and before end. Start must be 0 or
// an offset that Cut returned.
func NewSectionReader(r io.ReaderAt, size, start, end int64) *SectionReader {
	s := new(SectionReader)
	s.reset(r, size, start, end)
	return s
}

// reset makes s a reader of the section [start, end) of r, as
// NewSectionReader makes one, that keeps the room of its buffer and its
// strings: one reader serves section after section. What s read before
// must no longer be used.
func (s *SectionReader) reset(r io.ReaderAt, size, start, end int64) {
	buf, san := s.rd.p.lex.src.buf, s.rd.p.san
	if san == nil {
		san = new(interner)
	}
	*s = SectionReader{size: size, end: end, stop: -1}
	s.in = *io.NewSectionReader(r, start, max(0, size-start))
	p := &s.rd.p
	p.lex.src.init(&s.in)
	p.lex.src.buf = buf[:cap(buf)]
	p.lex.lastEnd = start - 1
	p.san = san
	if start > 0 {
		// Only the start of the file may be UTF-16 or start with a
		// byte-order mark.
		src := &p.lex.src
		src.base, src.lineStart, src.sniffed = start, start, true
	}
	// Next keeps comments: the first token of a game may be read before
	// the game is.
	p.lex.collect = true
}

// Next reads the next game of the section, as Reader.Next does. It
// returns io.EOF when the next game starts at or after the end of the
// section, or at the end of the file.
func (s *SectionReader) Next() (*Game, error) {
	if err := s.more(); err != nil {
		return nil, err
	}
	return s.rd.Next()
}

// NextHeader reads the next game's tags, as Reader.NextHeader does. It
// returns io.EOF when the next game starts at or after the end of the
// section, or at the end of the file.
func (s *SectionReader) NextHeader() (*Header, error) { return newHeader(s.readHeader) }

// readHeader reads the next game's header into h, as Reader.readHeader
// does, and reports false when no game of the section is left.
func (s *SectionReader) readHeader(h *Header, reuse bool) (bool, error) {
	// Headers are read without keeping comments, as a Reader does: the
	// first token of a game is read as a Reader of the whole file reads
	// it.
	s.rd.p.lex.collect = false
	if err := s.more(); err != nil {
		return false, err
	}
	return s.rd.readHeader(h, reuse)
}

// more returns nil when the next game starts in the section, and
// otherwise records where the reading stopped and returns io.EOF (or the
// read error that ended the file).
func (s *SectionReader) more() error {
	if s.stop >= 0 {
		return io.EOF
	}
	p := &s.rd.p
	// The first token of the next game tells where it starts.
	t := p.advance()
	p.peeked = true
	if t.kind == tEOF {
		s.stop = s.size
		return p.endErr()
	}
	if t.off >= s.end {
		s.stop, s.stopLine = t.off, t.line
		return io.EOF
	}
	return nil
}

// Recycle tells the reader that the games it returned are done with:
// their moves' memory serves the games it reads next, which spares the
// collector the moves of a whole file. A game read before Recycle must
// not be used after it.
func (s *SectionReader) Recycle() {
	s.rd.p.store.recycle()
	s.rd.p.lines.recycle()
}

// Stop returns where the section's reading stopped once Next returned
// io.EOF: the offset of the first game at or after the end of the
// section, or the size of the file at its end; -1 before.
func (s *SectionReader) Stop() int64 { return s.stop }

// Extend moves the end of the section to end, for Next to read on.
func (s *SectionReader) Extend(end int64) {
	if end > s.end {
		s.end, s.stop = end, -1
	}
}
