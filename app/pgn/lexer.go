package pgn

// kind is the kind of a token.
type kind uint8

const (
	tEOF        kind = iota
	tTag             // a tag pair: text is the name, value the decoded value
	tTagErr          // a broken tag pair: why says why
	tComment         // text is the comment, white space collapsed
	tCommentErr      // a comment that is not closed
	tNumber          // a move number indication, ignored
	tMove            // text is the SAN, num a suffix NAG or -1
	tNAG             // num is the NAG
	tResult          // res is the termination marker
	tOpen            // "("
	tClose           // ")"
	tBad             // unexpected text: why says what
)

// token is one lexical element of PGN.
type token struct {
	kind  kind
	nl    bool // a line break separates the token from the previous one
	blank bool // so does a blank line

	off, end  int64 // stream offsets of the first byte and past the last
	line, col int

	text  []byte // see kind; valid until the next token is read
	value []byte
	raw   []byte // the token as written, when short and still buffered
	num   int
	res   string
	why   SyntaxKind

	empty    bool // tComment: nothing left after collapsing white space
	size     int  // tComment: bytes of its text, collected or not
	keepTag  bool // tTagErr: text and value still hold a usable tag
	looksTag bool // tTagErr: begins like a tag pair `[Name "`
	errLine  int  // tTagErr: where the problem is
	errCol   int
}

const (
	maxWord    = 1 << 10    // longest word kept whole; longer ones are errors
	maxTag     = 1 << 20    // longest tag pair kept whole, in bytes as read
	maxTagText = maxTag / 4 // longest name and value, decoded; written, they fit in maxTag
	maxRaw     = 64         // longest raw text kept for error messages
)

// byte classes
const (
	cWord  = 1 << iota // may be part of a word (move, glyph, result...)
	cSpace             // white space other than line breaks
	cNL                // line break
)

// class holds the class bits of every byte value.
var class = func() (t [256]uint8) {
	for c := range 256 {
		t[c] = cWord
	}
	for c := range 0x20 {
		t[c] = 0
	}
	for _, c := range []byte(" \t\v\f\x1a") { // \x1a: end of old DOS files
		t[c] = cSpace
	}
	t['\n'], t['\r'] = cNL, cNL
	for _, c := range []byte(`{};()[]"$*<>`) {
		t[c] = 0
	}
	return t
}()

// lexer turns the input into tokens.
type lexer struct {
	src     source
	tok     token
	lastEnd int64  // stream offset past the last token read
	collect bool   // keep comment text
	text    []byte // scratch for comment text, at most MaxNotes bytes
	value   []byte // scratch for decoded tag values
	// escapes, when not nil, gathers the escape lines skipped, without
	// their line breaks (see Rewrite).
	escapes *[]span
}

// span is a stretch of the input, by its stream offsets.
type span struct{ start, end int64 }

// next reads the next token into l.tok.
func (l *lexer) next() {
	t := &l.tok
	ok := l.skipSpace()
	s := &l.src
	t.kind, t.text, t.value, t.raw, t.why = tEOF, nil, nil, nil, noSyntaxError
	s.keep = s.pos
	t.off, t.line, t.col = s.off(s.pos), s.line, s.col(s.pos)
	t.end = -1
	if ok {
		l.token(s.buf[s.pos])
	}
	if t.end < 0 {
		t.end = s.off(s.pos)
	}
	l.lastEnd = t.end
	if t.raw == nil && t.off >= s.base && t.end > t.off {
		a := int(t.off - s.base)
		t.raw = s.buf[a:min(s.pos, a+maxRaw, int(t.end-s.base))]
	}
}

// token reads the token that starts with c.
func (l *lexer) token(c byte) {
	switch c {
	case '{':
		l.braceComment()
	case ';':
		l.lineComment()
	case '[':
		l.tag()
	case '(':
		l.single(tOpen)
	case ')':
		l.single(tClose)
	case '*':
		l.single(tResult)
		l.tok.res = "*"
	case '$':
		l.nag()
	case '"':
		l.badString()
	case '<':
		l.badAngle()
	default:
		if class[c]&cWord != 0 {
			l.word()
		} else {
			l.single(tBad)
			l.tok.why = badReasons[c]
		}
	}
}

// badReasons says why a byte cannot start a token.
var badReasons = func() (t [256]SyntaxKind) {
	for c := range 256 {
		t[c] = SyntaxControlChar
	}
	t['}'] = SyntaxNoCommentOpen
	t[']'] = SyntaxNoTagOpen
	t['>'] = SyntaxNotPGN
	return t
}()

// single reads a one-byte token.
func (l *lexer) single(k kind) {
	l.tok.kind = k
	l.src.pos++
}

// skipSpace skips white space, line breaks, escape lines, HTML line breaks
// and byte-order marks, noting in the token whether it crossed a line
// break or a blank line. It reports whether a token follows.
func (l *lexer) skipSpace() bool {
	s, t := &l.src, &l.tok
	t.nl, t.blank = false, false
	fresh := false // only white space since the last line break
	for {
		s.keep = s.pos
		if s.pos >= s.end && !s.more() {
			return false
		}
		fresh = l.skipBlanks(fresh)
		if s.pos == s.end {
			continue
		}
		if c := s.buf[s.pos]; c != '%' && c != '<' && c != 0xEF {
			return true
		}
		switch l.skipOther() {
		case 0:
			return true
		case '\n':
			t.blank = t.blank || fresh
			t.nl, fresh = true, true
		case '%':
			fresh = false
		}
	}
}

// skipBlanks skips the white space and line breaks in the buffer. Fresh
// tells whether only white space came since the last line break, before
// and after.
func (l *lexer) skipBlanks(fresh bool) bool {
	s, t := &l.src, &l.tok
	i, buf := s.pos, s.buf[:s.end]
	for i < len(buf) && class[buf[i]]&(cSpace|cNL) != 0 {
		if class[buf[i]] == cNL && s.newline(i) {
			t.blank = t.blank || fresh
			t.nl, fresh = true, true
		}
		i++
	}
	s.pos = i
	return fresh
}

// skipOther skips an escape line, an HTML line break or a byte-order mark
// and says which: '%', '\n' or 0xEF; 0 when none is there.
func (l *lexer) skipOther() byte {
	switch c := l.src.buf[l.src.pos]; {
	case c == '%' && l.lastEnd < l.src.lineStart: // first on its line
		start := l.src.off(l.src.pos)
		l.skipLine()
		if l.escapes != nil {
			*l.escapes = append(*l.escapes, span{start, l.src.off(l.src.pos)})
		}
		return '%'
	case c == '<' && l.skipBreak():
		return '\n'
	case c == 0xEF && l.skipBOM():
		return 0xEF
	}
	return 0
}

// skipLine skips to the end of the line, leaving the line break unread.
func (l *lexer) skipLine() {
	s := &l.src
	for {
		i, buf := s.pos, s.buf[:s.end]
		for i < len(buf) && class[buf[i]] != cNL {
			i++
		}
		s.pos = i
		s.keep = i
		if i < len(buf) || !s.more() {
			return
		}
	}
}

// skipBreak skips an HTML line break (<br>, <br/>, <br />, any case) and
// reports whether there was one.
func (l *lexer) skipBreak() bool {
	s := &l.src
	s.ensure(6)
	b := s.buf[s.pos:s.end]
	if len(b) < 4 || b[1]|0x20 != 'b' || b[2]|0x20 != 'r' {
		return false
	}
	for _, form := range []string{">", "/>", " />"} {
		if len(b) >= 3+len(form) && string(b[3:3+len(form)]) == form {
			s.pos += 3 + len(form)
			return true
		}
	}
	return false
}

// skipBOM skips a byte-order mark and reports whether there was one. A mark
// at the start of a line does not count as a column.
func (l *lexer) skipBOM() bool {
	s := &l.src
	s.ensure(3)
	b := s.buf[s.pos:s.end]
	if len(b) < 3 || b[1] != 0xBB || b[2] != 0xBF {
		return false
	}
	if s.off(s.pos) == s.lineStart {
		s.lineStart += 3
	}
	s.pos += 3
	return true
}

// nag reads "$" and its digits.
func (l *lexer) nag() {
	s, t := &l.src, &l.tok
	s.pos++
	n, digits := 0, 0
	for s.pos < s.end || s.more() {
		c := s.buf[s.pos]
		if c < '0' || c > '9' {
			break
		}
		if n <= 255 {
			n = n*10 + int(c-'0')
		}
		digits++
		s.pos++
		s.release()
	}
	switch {
	case digits == 0:
		t.kind, t.why = tBad, SyntaxNAGNoNumber
	case n > 255:
		t.kind, t.why = tBad, SyntaxNAGRange
	default:
		t.kind, t.num = tNAG, n
	}
}

// badString reads a quoted string outside a tag pair, up to its closing
// quote or the end of the line.
func (l *lexer) badString() {
	s := &l.src
	s.pos++
	for s.pos < s.end || s.more() {
		c := s.buf[s.pos]
		if class[c] == cNL {
			break
		}
		s.pos++
		if c == '"' {
			break
		}
		s.release()
	}
	l.tok.kind, l.tok.why = tBad, SyntaxStringOutsideTag
}

// badAngle reads "<" and, when it looks like an HTML tag, up to ">".
func (l *lexer) badAngle() {
	s := &l.src
	s.ensure(maxRaw)
	b := s.buf[s.pos:min(s.end, s.pos+maxRaw)]
	n := 1
	for i, c := range b[1:] {
		if c == '>' {
			n = i + 2
			break
		}
		if class[c]&cWord == 0 {
			break
		}
	}
	s.pos += n
	l.tok.kind, l.tok.why = tBad, SyntaxUnexpectedText
}
