package pgn

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
		case count && p.moves < MaxMoves:
			f.hasMove, f.afterVar = true, false
			if main {
				p.plies++
			}
			p.moves++
		default:
			p.addMove(buf[at:end], -1, s.line, s.col(at))
		}
		i, last = end, end
	}
	if last >= 0 {
		p.lastEnd = s.off(last)
		p.lex.lastEnd = p.lastEnd
	}
	s.pos, s.keep = i, i
}

// plainWord finds the move number ("12.", "12..."), plain move ("Nf3",
// "exd8=Q+") or both ("12.Nf3") that starts at buf[i] and is followed by
// white space. It returns where the move starts (-1 without a move) and
// where the word ends (-1 for anything else).
func plainWord(buf []byte, i int) (at, end int) {
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
