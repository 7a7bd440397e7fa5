package pgn

// nameByte tells which bytes may be part of a tag name: anything but white
// space, line breaks, `"` and "]".
var nameByte = func() (t [256]bool) {
	for c := range 256 {
		t[c] = class[c]&(cSpace|cNL) == 0 && c != '"' && c != ']'
	}
	return t
}()

// tagScan is what was found in a tag pair. Indexes are relative to its "[".
type tagScan struct {
	nameAt, nameEnd   int
	valueAt, valueEnd int // raw value, between the quotes
	escaped           bool
	closed            bool       // the value has its closing quote
	err               SyntaxKind // why the tag pair is broken; noSyntaxError when it is not
	errAt             int
	end               int // where reading resumes
}

// tag reads a tag pair `[Name "Value"]`, which must fit on one line.
func (l *lexer) tag() {
	s, t := &l.src, &l.tok
	ts := l.scanTag()
	b := s.buf[s.pos:]
	t.kind, t.text = tTag, b[ts.nameAt:ts.nameEnd]
	if ts.closed {
		t.value = b[ts.valueAt:ts.valueEnd]
		if ts.escaped {
			l.value = unescape(l.value[:0], t.value)
			t.value = l.value
		}
	}
	if ts.err != noSyntaxError {
		t.kind, t.why = tTagErr, ts.err
		t.keepTag = ts.closed && ts.nameEnd > ts.nameAt
		t.looksTag = ts.valueAt > 0
		t.errLine, t.errCol = s.line, s.col(s.pos+ts.errAt)
		t.raw = b[:min(ts.end, maxRaw)] // as far as it was read
	}
	s.pos += ts.end
	if ts.err != noSyntaxError && ts.valueAt > 0 && !ts.closed {
		l.skipContinuation()
	}
}

// scanTag finds the parts of the tag pair at pos, reading more input when
// it runs out of buffered bytes before the end of the input, of the line
// or of the longest tag pair.
func (l *lexer) scanTag() tagScan {
	s := &l.src
	for {
		b := s.buf[s.pos:s.end]
		last := s.eof || len(b) >= maxTag
		if last {
			b = b[:min(len(b), maxTag)]
		}
		if ts, ok := plainTag(b); ok {
			return ts
		}
		if ts, ok := scanTagIn(b, last); ok {
			return ts
		}
		s.more()
	}
}

// valueByte tells which bytes a value may hold before its closing quote
// without a closer look: not a quote, a backslash or a line break.
var valueByte = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c != '"' && c != '\\' && class[c] != cNL
	}
	return t
}()

// plainTag scans the tag pair that starts b when it is written as most
// are, `[Name "Value"]`: no blanks but the one space, no escapes, closed
// within b. It finds what scanTagIn finds; it reports false for anything
// else, which scanTagIn reads.
func plainTag(b []byte) (tagScan, bool) {
	i := 1
	for i < len(b) && nameByte[b[i]] {
		i++
	}
	if i == 1 || i+1 >= len(b) || b[i] != ' ' || b[i+1] != '"' {
		return tagScan{}, false
	}
	j := i + 2
	for j < len(b) && valueByte[b[j]] {
		j++
	}
	if j+1 >= len(b) || b[j] != '"' || b[j+1] != ']' {
		return tagScan{}, false
	}
	return tagScan{nameAt: 1, nameEnd: i, valueAt: i + 2, valueEnd: j, closed: true, end: j + 2}, true
}

// tagReader scans a tag pair in b. When short is set, b ended before the
// tag pair could be read and more input is needed.
type tagReader struct {
	b     []byte
	last  bool // b holds all there is
	short bool
}

// at returns b[i], or -1 past the end of b.
func (r *tagReader) at(i int) int {
	if i < len(r.b) {
		return int(r.b[i])
	}
	r.short = !r.last
	return -1
}

// blanks returns the index of the first byte from i on that is not a space
// or a tab.
func (r *tagReader) blanks(i int) int {
	for c := r.at(i); c == ' ' || c == '\t'; c = r.at(i) {
		i++
	}
	return i
}

// scanTagIn scans the tag pair that starts b; last tells that the input
// ends with b. It reports false when b is too short to tell.
func scanTagIn(b []byte, last bool) (tagScan, bool) {
	r := tagReader{b: b, last: last}
	ts := r.scan()
	return ts, !r.short
}

// scan finds the parts of the tag pair.
func (r *tagReader) scan() (ts tagScan) {
	i := r.blanks(1)
	ts.nameAt = i
	for c := r.at(i); c >= 0 && nameByte[c]; c = r.at(i) {
		i++
	}
	ts.nameEnd = i
	i = r.blanks(i)
	switch {
	case ts.nameEnd == ts.nameAt:
		return r.fail(ts, i, SyntaxTagNoName)
	case r.at(i) != '"':
		return r.fail(ts, i, SyntaxTagNoValue)
	}
	i = r.value(&ts, i+1)
	if !ts.closed {
		return r.fail(ts, i, SyntaxTagValueNotClosed)
	}
	i = r.blanks(i + 1)
	if r.at(i) != ']' {
		return r.fail(ts, i, SyntaxTagNotClosed)
	}
	ts.end = i + 1
	return ts
}

// value reads a quoted value that starts at i, and returns the index of
// its closing quote, or of the end of its line.
func (r *tagReader) value(ts *tagScan, i int) int {
	ts.valueAt = i
	for {
		c := r.at(i)
		switch {
		case c < 0 || class[c] == cNL:
			return i
		case c == '"':
			ts.valueEnd, ts.closed = i, true
			return i
		case c == '\\':
			if n := r.at(i + 1); n == '"' || n == '\\' {
				ts.escaped = true
				i++
			}
		}
		i++
	}
}

// fail records a tag error at i, and where to resume: after the next "]"
// on the line if one comes before any "[", else at i.
func (r *tagReader) fail(ts tagScan, i int, why SyntaxKind) tagScan {
	ts.err, ts.errAt, ts.end = why, i, i
	for j := i; ; j++ {
		c := r.at(j)
		if c < 0 || c == '[' || class[c] == cNL {
			return ts
		}
		if c == ']' {
			ts.end = j + 1
			return ts
		}
	}
}

// unescape appends v to dst with `\"` and `\\` decoded.
func unescape(dst, v []byte) []byte {
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) && (v[i+1] == '"' || v[i+1] == '\\') {
			i++
		}
		dst = append(dst, v[i])
	}
	return dst
}

// skipContinuation skips the rest of a tag value left open at the end of
// its line, when the next line goes on with it: up to the first `"]` of
// that line, if no "[" comes before. It looks no further than 4 KB.
func (l *lexer) skipContinuation() {
	s := &l.src
	s.ensure(4 << 10)
	b := s.buf[s.pos:min(s.end, s.pos+4<<10)]
	if len(b) == 0 {
		return
	}
	j := 1
	if b[0] == '\r' && len(b) > 1 && b[1] == '\n' {
		j = 2
	}
	for k := j; k+1 < len(b) && b[k] != '[' && class[b[k]] != cNL; k++ {
		if b[k] == '"' && b[k+1] == ']' {
			for i := range j {
				s.newline(s.pos + i)
			}
			s.pos += k + 2
			return
		}
	}
}

// commonTags holds the names of usual tags, so that reading them does not
// allocate.
var commonTags = func() map[string]string {
	m := make(map[string]string)
	for _, n := range []string{
		"Event", "Site", "Date", "Round", "White", "Black", "Result",
		"WhiteElo", "BlackElo", "WhiteTitle", "BlackTitle", "WhiteFideId", "BlackFideId",
		"WhiteTeam", "BlackTeam", "ECO", "Opening", "Variation", "SubVariation",
		"EventDate", "EventType", "EventRounds", "EventCountry", "Annotator",
		"PlyCount", "TimeControl", "Time", "UTCDate", "UTCTime", "Termination",
		"Mode", "FEN", "SetUp", "Variant", "Board", "Source", "SourceDate",
		"SourceTitle", "SourceVersion", "SourceVersionDate", "SourceQuality",
		"WhiteRatingDiff", "BlackRatingDiff", "Stage", "Section", "Link",
	} {
		m[n] = n
	}
	return m
}()

// tagName returns the tag name b as a string.
func tagName(b []byte) string {
	if s, ok := commonTags[string(b)]; ok {
		return s
	}
	return decodeText(b)
}
