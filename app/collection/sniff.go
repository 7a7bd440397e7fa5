package collection

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync"

	"github.com/echiquier/echiquier/app/pgn"
)

// sniffBytes is how much of a file, or of a pasted text, is looked at
// before its games are read: every PGN file holds a tag pair or a move
// long before, and a megabyte is read in a blink, while a large file of
// something else (a book, a log) would otherwise be read to its end, at
// tens of megabytes a second, before it is found to hold no game.
const sniffBytes = 1 << 20

// startBytes is how much of the start of a file, or of a pasted text,
// tells binary data from text, whatever its length: a picture, an
// archive or a program shows what it is in its first bytes. Binary bytes
// further on, a NUL in a game, damage the games they fall in, not the
// file: the PGN reader refuses those games, and reads the others.
const startBytes = 512

// NotPGNError is a file, or a pasted text, whose start holds no PGN: it
// was refused without its games being read.
type NotPGNError struct {
	// Binary: it starts with bytes that no text holds (NUL, control
	// characters), as a picture or a program does.
	Binary bool
	// Whole: it was looked at whole for a tag pair or a move, being no
	// longer than a megabyte; otherwise only its first megabyte was.
	Whole bool
}

func (e *NotPGNError) Error() string {
	if e.Binary {
		return "not PGN: it starts with binary data, not text"
	}
	where := "its first megabyte holds"
	if e.Whole {
		where = "it holds"
	}
	return "not PGN: " + where + " no tag pair and no move"
}

// sniff tells whether head, the start of a file or of a pasted text
// (the whole of it when whole), may hold games: nil for text that holds
// a tag pair or a move, or nothing but white space (which holds no game,
// said as ErrNoGame); pgn.ErrUTF16 for UTF-16, which the PGN reader says
// it does not read; otherwise a *NotPGNError. Only the first startBytes
// of head are looked at for binary data, as long as head is: the same
// rule for a small file as for a large one.
func sniff(head string, whole bool) error {
	if _, err := pgn.NewReader(strings.NewReader(head[:min(len(head), 64)])).NextHeader(); errors.Is(err, pgn.ErrUTF16) {
		return err
	}
	if binary(head[:min(len(head), startBytes)]) {
		return &NotPGNError{Binary: true}
	}
	if strings.TrimSpace(head) == "" || hasTagPair(head) || hasMove(head) {
		return nil
	}
	return &NotPGNError{Whole: whole}
}

// binary reports whether more than one byte of a hundred of s are NUL
// or other control characters: text written by a person or a program
// holds almost none, whatever its encoding but UTF-16, while a picture,
// an archive or a program holds many.
func binary(s string) bool {
	controls := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\t', c == '\n', c == '\v', c == '\f', c == '\r', c == 0x1a, c == 0x1b:
			// white space, the end of an MS-DOS file, a terminal's colours
		case c < 0x20, c == 0x7f:
			controls++
		}
	}
	return controls > len(s)/100
}

// hasTagPair reports whether s holds the start of a tag pair: "[", a
// name, and the quote that opens its value, as in [White "Kasparov"].
func hasTagPair(s string) bool {
	for {
		i := strings.IndexByte(s, '[')
		if i < 0 {
			return false
		}
		s = s[i+1:]
		j := 0
		for j < len(s) && isNameByte(s[j]) {
			j++
		}
		if j == 0 {
			continue
		}
		k := j
		for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
			k++
		}
		if k > j && k < len(s) && s[k] == '"' {
			return true
		}
	}
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// hasMove reports whether a word of s reads as a chess move: "e4",
// "Nf3", "exd5", "O-O", "e7e8q", "12.Qxh7#!", and not as any word of
// prose. The PGN reader takes any word for a move until it is played;
// this is stricter, to tell a text without a game.
func hasMove(s string) bool {
	for len(s) > 0 {
		i := 0
		for i < len(s) && !isWordByte(s[i]) {
			i++
		}
		j := i
		for j < len(s) && isWordByte(s[j]) {
			j++
		}
		if j > i && isMove(s[i:j]) {
			return true
		}
		s = s[j:]
	}
	return false
}

func isWordByte(c byte) bool {
	return isNameByte(c) || strings.IndexByte("+#=-!?.:", c) >= 0
}

// isMove reports whether w, a word, is a move in standard or long
// algebraic notation, with its number and annotation if any.
func isMove(w string) bool {
	// The move number: "12." or "12...".
	if i := strings.TrimLeft(w, "0123456789"); len(i) < len(w) && strings.HasPrefix(i, ".") {
		w = strings.TrimLeft(i, ".")
	}
	w = strings.TrimRight(w, "+#!?")
	switch w {
	case "O-O", "O-O-O", "0-0", "0-0-0":
		return true
	}
	if len(w) > 0 && strings.IndexByte("KQRBN", w[0]) >= 0 {
		w = w[1:]
	}
	// The promotion: "=Q", "Q", or "q" after a square.
	if n := len(w); n >= 3 && strings.IndexByte("QRBNqrbn", w[n-1]) >= 0 && isSquare(w[n-3:n-1]) {
		w = w[:n-1]
	} else if n >= 4 && w[n-2] == '=' && strings.IndexByte("QRBN", w[n-1]) >= 0 {
		w = w[:n-2]
	}
	// The square moved to, last; before it, where from: a file, a
	// rank, or a square, then a capture or a dash.
	n := len(w)
	if n < 2 || !isSquare(w[n-2:]) {
		return false
	}
	from := strings.TrimRight(w[:n-2], "x:-")
	if len(w[:n-2])-len(from) > 1 {
		return false
	}
	switch len(from) {
	case 0:
		return true
	case 1:
		return from[0] >= 'a' && from[0] <= 'h' || from[0] >= '1' && from[0] <= '8'
	case 2:
		return isSquare(from)
	}
	return false
}

func isSquare(s string) bool {
	return len(s) == 2 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8'
}

// sniffedFile reads a file of size bytes, the first time it is read
// looking at its start: a file that holds no PGN there fails with
// sniff's error, before any more of it is read. Once ctx is done, it
// fails with ctx's error: the reading of a file stops even in the middle
// of a game that does not end. It may be read from several goroutines.
type sniffedFile struct {
	ctx  context.Context
	r    io.ReaderAt
	size int64
	once sync.Once
	err  error
}

func (s *sniffedFile) ReadAt(p []byte, off int64) (int, error) {
	s.once.Do(func() {
		head := make([]byte, min(s.size, sniffBytes))
		n, err := s.r.ReadAt(head, 0)
		switch {
		case n == len(head):
			s.err = sniff(string(head), s.size <= sniffBytes)
		case err == io.EOF:
			s.err = sniff(string(head[:n]), true)
		default:
			s.err = err
		}
	})
	if s.err != nil {
		return 0, s.err
	}
	if err := s.ctx.Err(); err != nil {
		return 0, err
	}
	return s.r.ReadAt(p, off)
}
