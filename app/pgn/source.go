package pgn

import (
	"errors"
	"io"
)

// ErrUTF16 is the error of a stream in UTF-16, which the
// reader recognises by its byte-order mark or its NUL bytes between ASCII
// letters and refuses: PGN is 8-bit text, and decoding it would make the
// byte offsets of games, which an Index keeps, differ from the file's.
var ErrUTF16 = errors.New("pgn: the text is in UTF-16, not UTF-8: save it as UTF-8 to open it")

// minRead is the smallest read asked of the underlying reader.
const minRead = 64 << 10

// source is a buffered window on the input. It tracks the stream offset of
// every byte and the line the reader is on.
//
// Bytes before keep may be discarded when more input is read, so a token in
// progress must set keep to its first byte. One byte before keep is always
// retained, so that a line feed can tell whether a carriage return came just
// before it.
type source struct {
	r    io.Reader // nil when the whole input is in buf
	buf  []byte
	pos  int   // next byte to read
	end  int   // buf[:end] holds input
	keep int   // first byte that must survive a refill
	base int64 // stream offset of buf[0]

	line      int   // 1-based line of buf[pos]
	lineStart int64 // stream offset of the first byte of that line

	eof     bool  // no more input will come
	err     error // read error other than io.EOF
	sniffed bool  // the start of the input was checked for UTF-16
}

// init makes s read from r.
func (s *source) init(r io.Reader) {
	*s = source{r: r, line: 1}
}

// initBytes makes s read data, which starts at the given line and offset of
// a larger input.
func (s *source) initBytes(data []byte, line int, offset int64) {
	*s = source{buf: data, end: len(data), base: offset, line: line, lineStart: offset, eof: true, sniffed: true}
	if offset == 0 && isUTF16(data) { // only the start of a file tells
		s.end, s.err = 0, ErrUTF16
	}
}

// off returns the stream offset of buf[i].
func (s *source) off(i int) int64 {
	return s.base + int64(i)
}

// more reads more input into buf, keeping buf[keep-1:]. It reports whether
// any byte was added. The first call reads enough to tell UTF-16 input,
// which it refuses.
func (s *source) more() bool {
	if !s.sniffed {
		s.sniffed = true
		for s.end < sniffLen && s.read() {
		}
		if isUTF16(s.buf[:s.end]) {
			s.end, s.eof, s.err = 0, true, ErrUTF16
		}
		return s.end > 0
	}
	return s.read()
}

// read reads more input into buf once, keeping buf[keep-1:]. It reports
// whether any byte was added.
func (s *source) read() bool {
	if s.eof {
		return false
	}
	s.makeRoom()
	for range 100 {
		n, err := s.r.Read(s.buf[s.end:])
		if n < 0 || n > len(s.buf)-s.end {
			n = 0
			err = io.ErrShortBuffer
		}
		s.end += n
		if err != nil {
			if err != io.EOF {
				s.err = err
			}
			s.eof = true
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
	s.err = io.ErrNoProgress
	s.eof = true
	return false
}

// makeRoom ensures at least minRead free bytes at the end of buf, first by
// dropping consumed bytes, then by growing buf.
func (s *source) makeRoom() {
	if len(s.buf)-s.end >= minRead {
		return
	}
	if drop := s.keep - 1; drop > 0 {
		copy(s.buf, s.buf[drop:s.end])
		s.pos -= drop
		s.end -= drop
		s.keep -= drop
		s.base += int64(drop)
	}
	if len(s.buf)-s.end < minRead {
		nb := make([]byte, max(2*len(s.buf), s.end+2*minRead))
		copy(nb, s.buf[:s.end])
		s.buf = nb
	}
}

// ensure tries to have n bytes available from pos on; it reports whether
// it succeeded. It may move the buffer, so indexes into buf must be
// recomputed from pos afterwards.
func (s *source) ensure(n int) bool {
	for s.end-s.pos < n {
		if !s.more() {
			return false
		}
	}
	return true
}

// newline records the line break at buf[i], which is '\n' or '\r'. A '\n'
// right after a '\r' ends the same line. It reports whether a new line
// began.
func (s *source) newline(i int) bool {
	s.lineStart = s.off(i) + 1
	if s.buf[i] == '\n' && i > 0 && s.buf[i-1] == '\r' {
		return false
	}
	s.line++
	return true
}

// col returns the 1-based byte column of buf[i], which must be on the
// current line.
func (s *source) col(i int) int {
	return int(s.off(i)-s.lineStart) + 1
}

// release lets a refill drop the token in progress once it is longer than
// any token kept whole; its first bytes are then lost.
func (s *source) release() {
	if s.pos-s.keep > maxTag {
		s.keep = s.pos
	}
}

// sniffLen is how many bytes tell UTF-16 input from 8-bit input.
const sniffLen = 4

// isUTF16 reports whether b, the start of the input, is UTF-16: it starts
// with a UTF-16 byte-order mark, or with two ASCII characters each beside
// a NUL byte (UTF-16 without a mark), which no PGN text starts with.
func isUTF16(b []byte) bool {
	if len(b) >= 2 && (b[0] == 0xFF && b[1] == 0xFE || b[0] == 0xFE && b[1] == 0xFF) {
		return true
	}
	if len(b) < sniffLen {
		return false
	}
	le := b[0] != 0 && b[1] == 0 && b[2] != 0 && b[3] == 0
	be := b[0] == 0 && b[1] != 0 && b[2] == 0 && b[3] != 0
	return le || be
}
