package pgn

// A word is a run of bytes between white space and delimiters: a move with
// its number and suffix ("12.Nf3!?"), a NAG glyph ("+-"), a termination
// marker ("1-0"), a move number ("12...") or garbage.

// word reads a word and classifies it.
func (l *lexer) word() {
	s := &l.src
	for {
		i, buf := s.pos, s.buf[:s.end]
		for i < len(buf) && class[buf[i]]&cWord != 0 {
			i++
		}
		s.pos = i
		if i < len(buf) {
			break
		}
		if s.pos-s.keep > maxWord {
			l.longWord()
			return
		}
		if !s.more() {
			break
		}
	}
	if s.pos-s.keep > maxWord {
		l.tok.kind, l.tok.why = tBad, SyntaxWordTooLong
		return
	}
	l.classify(s.buf[s.keep:s.pos])
}

// longWord skips the rest of a word too long to be anything but garbage.
func (l *lexer) longWord() {
	s := &l.src
	for s.pos < s.end || s.more() {
		if class[s.buf[s.pos]]&cWord == 0 {
			break
		}
		s.pos++
		s.release()
	}
	l.tok.kind, l.tok.why = tBad, SyntaxWordTooLong
}

// classify sets the token for the word w.
func (l *lexer) classify(w []byte) {
	t := &l.tok
	k, san, n := classifyWord(w)
	t.kind, t.text, t.num = k, san, n
	switch k {
	case tMove:
		rest, _ := stripNumber(w)
		t.col += len(w) - len(rest) // a move is where its SAN starts
	case tResult:
		t.res = results[string(san)]
	case tBad:
		t.why = SyntaxNotAMove
		if n > 0 {
			t.why = SyntaxUnknownAnnotation
		}
	}
}

// results maps the termination markers read to the ones stored.
var results = map[string]string{
	"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2",
}

// nullMoves are the spellings of a null move.
var nullMoves = map[string]bool{"--": true, "Z0": true, "0000": true, "@@@@": true}

// text is the type of a word: bytes when read, a string when written.
type text interface{ ~string | ~[]byte }

// classifyWord tells what the word w is. For a move it returns the SAN and
// the NAG of its suffix (or -1), for a NAG glyph the NAG, for a marker the
// marker as written.
func classifyWord[T text](w T) (kind, T, int) {
	w, numbered := stripNumber(w)
	if len(w) == 0 {
		return tNumber, w[:0], 0
	}
	if c := w[0] | 0x20; c >= 'a' && c <= 'z' {
		switch string(w) {
		case "N":
			return tNAG, w[:0], 146
		case "RR":
			return tNAG, w[:0], 145
		case "inf":
			return tNAG, w[:0], 13
		case "Z0":
			return tMove, T("--"), -1
		}
		return suffixedMove(w)
	}
	if numbered {
		return tMove, T("--"), -1 // "0000"
	}
	if _, ok := results[string(w)]; ok {
		return tResult, w, 0
	}
	if nullMoves[string(w)] {
		return tMove, T("--"), -1
	}
	if n, ok := glyphNAG(w); ok {
		return tNAG, w[:0], n
	}
	return suffixedMove(w)
}

// stripNumber removes a move number indication ("12.", "12...", "...")
// from the start of w. It reports whether w is only digits, which is a
// number unless it spells a null move.
func stripNumber[T text](w T) (T, bool) {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	if i == len(w) {
		if string(w) == "0000" {
			return w, true
		}
		return w[:0], true
	}
	if w[i] != '.' {
		return w, false
	}
	for i < len(w) && w[i] == '.' {
		i++
	}
	return w[i:], false
}

// suffixedMove splits a move suffix ("!", "?!"...) and an "e.p." from w and
// checks what is left.
func suffixedMove[T text](w T) (kind, T, int) {
	i := len(w)
	for i > 0 && (w[i-1] == '!' || w[i-1] == '?') {
		i--
	}
	nag := -1
	if i < len(w) {
		n, ok := suffixNAGs[string(w[i:])]
		if !ok {
			return tBad, w[:0], 1
		}
		nag = n
	}
	stem := w[:i]
	if len(stem) >= 4 && string(stem[len(stem)-4:]) == "e.p." {
		stem = stem[:len(stem)-4]
	}
	switch {
	case len(stem) == 0 && nag < 0:
		return tNumber, w[:0], 0 // a lone "e.p."
	case len(stem) == 0:
		return tNAG, w[:0], nag
	case len(stem) < len(w):
		return strippedMove(stem, nag)
	case !isSAN(stem):
		return tBad, w[:0], 0
	}
	return tMove, stem, nag
}

// strippedMove checks what is left of a word once its suffix or "e.p." is
// taken away: a null move, or a move that is not a marker nor a glyph.
func strippedMove[T text](w T, nag int) (kind, T, int) {
	if nullMoves[string(w)] {
		return tMove, T("--"), nag
	}
	_, result := results[string(w)]
	_, glyph := glyphNAG(w)
	if result || glyph || !isSAN(w) {
		return tBad, w[:0], 0
	}
	return tMove, w, nag
}

// sanByte tells which bytes may appear in a move.
var sanByte = func() (t [256]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	for _, c := range "-+#=@/:_" {
		t[c] = true
	}
	return t
}()

// isSAN reports whether w can be a move: letters, digits and "-+#=@/:_",
// starting with a letter, a digit or "@", and not only digits (a move
// number).
func isSAN[T text](w T) bool {
	c := w[0]
	if !(c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z' || c == '@') {
		return false
	}
	digits := true
	for i := 0; i < len(w); i++ {
		if !sanByte[w[i]] {
			return false
		}
		digits = digits && w[i] >= '0' && w[i] <= '9'
	}
	return !digits
}
