package pgn

import (
	"encoding/binary"
	"math/bits"
)

// plainMove tells which bytes may follow the first letter of a move that
// needs no further checks: letters, digits and "+#=-".
var plainMove = func() (t [256]bool) {
	for c := range 256 {
		t[c] = sanByte[c] && c != '/' && c != ':' && c != '_' && c != '@'
	}
	return t
}()

// skim consumes the white space, move numbers and plain moves that make up
// most movetext, without making tokens. It stops before anything else,
// which the lexer then reads; what it consumes, it handles exactly as the
// lexer and parser would.
func (p *parser) skim() {
	if p.peeked || p.top().drop || p.extra > 0 {
		return
	}
	s := &p.lex.src
	buf := s.buf[:s.end]
	f, main := p.top(), len(p.frames) == 1
	// count: a move only counted (a header read, MaxMoves far), as
	// addMove counts it.
	count := !p.full && !p.over
	// The counts live here while the loop runs, in p when addMove runs.
	ply, plies, moves, counted := 0, p.plies, p.moves, false
	if main {
		ply = 1
	}
	i, last := s.pos, -1
	for i < len(buf) {
		c := buf[i]
		if c == ' ' {
			i++
			continue
		}
		if c == '\n' || c == '\r' {
			s.newline(i)
			i++
			continue
		}
		at, end := plainWord(buf, i)
		if end < 0 {
			break
		}
		switch {
		case at < 0:
		case count && moves < MaxMoves:
			plies, moves, counted = plies+ply, moves+1, true
		default:
			p.plies, p.moves = plies, moves
			p.addMove(buf[at:end], -1, s.line, s.col(at))
			plies, moves = p.plies, p.moves
		}
		i, last = end, end
		if buf[i] == ' ' { // the break that ends every word
			i++
		}
	}
	p.plies, p.moves = plies, moves
	if counted {
		f.hasMove, f.afterVar = true, false
	}
	if last >= 0 {
		p.lastEnd = s.off(last)
		p.lex.lastEnd = p.lastEnd
	}
	s.pos, s.keep = i, i
}

// The ones and the high bits of eight bytes read at once.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
	lows  = ^uint64(highs)
)

// plainWord finds the move number ("12.", "12..."), plain move ("Nf3",
// "exd8=Q+") or both ("12.Nf3") that starts at buf[i] and is followed by
// white space. It returns where the move starts (-1 without a move) and
// where the word ends (-1 for anything else).
//
// It reads eight bytes at once, their classes as the high bits of eight
// bytes, and leaves to plainWordSlow a word without its break among them,
// and a move with bytes other than letters, digits, "+" and "-".
func plainWord(buf []byte, i int) (at, end int) {
	if len(buf)-i < 8 {
		return plainWordSlow(buf, i)
	}
	w := binary.LittleEndian.Uint64(buf[i:])
	// The lowest high bit is that of the first byte below "!".
	ctl := (w - '!'*ones) &^ w & highs
	n := bits.TrailingZeros64(ctl) >> 3 & 7 // bytes before it
	if c := byte(w >> (8 * n)); ctl == 0 || c != ' ' && c != '\n' && c != '\r' {
		return plainWordSlow(buf, i)
	}
	// Byte ranges and values, exact for bytes below 0x80.
	x := w & lows
	digit := (x + (0x80-'0')*ones) &^ (x + (0x7f-'9')*ones)
	y := x | 0x20*ones
	letter := (y + (0x80-'a')*ones) &^ (y + (0x7f-'z')*ones)
	dot := ^((x ^ '.'*ones) + lows)
	sign := ^((x ^ '+'*ones) + lows) | ^((x ^ '-'*ones) + lows)
	ascii := ^w & highs
	digit &= ascii
	letter &= ascii
	dot &= ascii
	j := 0
	if d := bits.TrailingZeros64(^digit&highs) >> 3; d > 0 {
		dots := bits.TrailingZeros64((^dot&highs)>>(8*d&63)) >> 3
		if dots == 0 {
			return -1, -1
		}
		if j = d + dots; j == n {
			return -1, i + n
		}
	}
	if letter>>(8*j&63)&0x80 == 0 {
		return -1, -1
	}
	if ^(digit|letter|sign&ascii)&highs&(1<<(8*n&63)-1)>>(8*j&63) != 0 {
		return plainWordSlow(buf, i)
	}
	switch w >> (8 * j & 63) & (1<<(8*(n-j)&63) - 1) {
	case 'N', 'R' | 'R'<<8, 'Z' | '0'<<8, 'i' | 'n'<<8 | 'f'<<16:
		return -1, -1
	}
	return i + j, i + n
}

// plainWordSlow is plainWord a byte at a time, for any word.
func plainWordSlow(buf []byte, i int) (at, end int) {
	j := i
	for j < len(buf) && buf[j] >= '0' && buf[j] <= '9' {
		j++
	}
	if j > i {
		if j == len(buf) || buf[j] != '.' {
			return -1, -1
		}
		for j < len(buf) && buf[j] == '.' {
			j++
		}
		if j < len(buf) && isBreak(buf[j]) {
			return -1, j
		}
	}
	k := j
	if k == len(buf) || buf[k]|0x20 < 'a' || buf[k]|0x20 > 'z' {
		return -1, -1
	}
	for k++; k < len(buf) && plainMove[buf[k]]; k++ {
	}
	if k == len(buf) || !isBreak(buf[k]) || k-i > maxWord {
		return -1, -1
	}
	if k-j <= 3 {
		switch string(buf[j:k]) {
		case "N", "RR", "Z0", "inf":
			return -1, -1
		}
	}
	return j, k
}

// isBreak reports whether c is a space or a line break.
func isBreak(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r'
}
