package pgn

// plain tells which bytes of a comment are neither white space nor "}".
var plain = func() (t [256]bool) {
	for c := range 256 {
		t[c] = class[c]&(cSpace|cNL) == 0 && c != '}'
	}
	return t
}()

// commentScan is the state of a comment being read.
type commentScan struct {
	started bool  // some text was read
	space   bool  // white space follows the text read
	end     int64 // stream offset just past the last text byte
	size    int   // bytes of text, its white space collapsed

	lineBlank bool // the current line holds only white space so far
	sawBlank  bool // a blank line came since the last text
	atStart   bool // nothing yet on the current line
}

// braceComment reads a {...} comment. It ends at the first "}". If it is
// not closed, it ends at the end of the input, or before a line that starts
// with a tag pair after a blank line.
func (l *lexer) braceComment() {
	s := &l.src
	s.pos++
	l.text = l.text[:0]
	cs := commentScan{end: s.off(s.pos)}
	for {
		if s.pos >= s.end {
			s.keep = s.pos
			if !s.more() {
				l.endComment(tCommentErr, &cs)
				return
			}
		}
		if l.commentStep(&cs) {
			return
		}
	}
}

// commentStep reads the next byte, or run of text, of a {...} comment. It
// reports whether the comment ended.
func (l *lexer) commentStep(cs *commentScan) bool {
	s := &l.src
	i := s.pos
	c := s.buf[i]
	switch {
	case c == '}':
		s.pos++
		l.endComment(tComment, cs)
		l.tok.end = s.off(s.pos)
		return true
	case class[c] == cNL:
		s.pos++
		if s.newline(i) {
			cs.sawBlank = cs.sawBlank || cs.lineBlank
			cs.lineBlank, cs.atStart = true, true
		}
		cs.space = true
	case class[c] == cSpace:
		s.pos++
		cs.space, cs.atStart = true, false
	case cs.atStart && cs.sawBlank && c == '[' && l.tagAhead():
		l.endComment(tCommentErr, cs)
		return true
	default:
		l.commentText(cs)
	}
	return false
}

// commentText reads a run of comment text.
func (l *lexer) commentText(cs *commentScan) {
	s := &l.src
	i, j := s.pos, s.pos+1
	for j < s.end && plain[s.buf[j]] {
		j++
	}
	l.collectText(cs, s.buf[i:j])
	s.pos = j
	cs.end = s.off(j)
	cs.started, cs.space = true, false
	cs.atStart, cs.lineBlank, cs.sawBlank = false, false, false
}

// collectText adds a run of comment text, after one space if white space
// came before it. Text beyond what a game may keep is counted, not kept:
// the parser refuses the comment then.
func (l *lexer) collectText(cs *commentScan, b []byte) {
	space := cs.space && cs.started
	if space {
		cs.size++
	}
	cs.size += len(b)
	if !l.collect || cs.size > MaxNotes {
		return
	}
	if space {
		l.text = append(l.text, ' ')
	}
	l.text = append(l.text, b...)
}

// endComment finishes a comment token of kind k.
func (l *lexer) endComment(k kind, cs *commentScan) {
	t := &l.tok
	t.kind, t.text, t.empty, t.size = k, l.text, !cs.started, cs.size
	t.end = cs.end
	if k == tCommentErr {
		t.why = SyntaxCommentNotClosed
	}
}

// tagAhead reports whether a tag pair `[Name "` starts at pos.
func (l *lexer) tagAhead() bool {
	s := &l.src
	s.ensure(4 * maxRaw)
	b := s.buf[s.pos:s.end]
	i := 1
	for i < len(b) && nameByte[b[i]] {
		i++
	}
	if i == 1 {
		return false
	}
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i < len(b) && b[i] == '"'
}

// lineComment reads a ";" comment, which ends with its line.
func (l *lexer) lineComment() {
	s := &l.src
	s.pos++
	l.text = l.text[:0]
	cs := commentScan{end: s.off(s.pos)}
	for {
		if s.pos >= s.end {
			s.keep = s.pos
			if !s.more() {
				break
			}
		}
		c := s.buf[s.pos]
		if class[c] == cNL {
			break
		}
		if class[c] == cSpace {
			s.pos++
			cs.space = true
			continue
		}
		l.lineText(&cs)
	}
	l.endComment(tComment, &cs)
}

// lineText reads a run of ";" comment text.
func (l *lexer) lineText(cs *commentScan) {
	s := &l.src
	i, j := s.pos, s.pos+1
	for j < s.end && class[s.buf[j]]&(cSpace|cNL) == 0 {
		j++
	}
	l.collectText(cs, s.buf[i:j])
	s.pos = j
	cs.end = s.off(j)
	cs.started, cs.space = true, false
}
