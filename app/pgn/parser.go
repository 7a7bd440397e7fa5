package pgn

import "unicode/utf8"

// frame is a line being read: the main line or a variation.
type frame struct {
	moves    []*Move
	last     *Move
	before   []string // comments waiting for the next move
	nags     []int    // NAGs read before the first move
	hasMove  bool
	note     bool // a comment came before the first move
	afterVar bool // a variation was closed since the last move
	drop     bool // a variation that varies nothing: its content is dropped

	line, col int // of the "(" that opened it

	nagLine, nagCol int // of the first NAG before the first move
	nagText         string
}

// parser reads games from a lexer. With full set it builds the tree of
// moves; without it, it only checks the movetext and counts the plies.
type parser struct {
	lex    lexer
	full   bool
	peeked bool // lex.tok is read but belongs to the next game
	anon   bool // errors carry no game number
	index  int  // number of games begun

	frames []frame
	extra  int // variations open beyond MaxDepth
	err    *SyntaxError
	moves  int  // moves of the game, side lines included
	over   bool // the game went beyond MaxMoves or MaxNotes: keep nothing more
	room   int  // bytes of notes the game may still keep (MaxNotes)

	game *Game
	tags []Tag
	// reuse lets the tags of a game read without full take the room of
	// the game before, when ownTags tells that no caller holds it.
	reuse, ownTags bool
	// fields holds, for a header read with reuse (to index it), the
	// decoded values of the index's fields read so far, nil when absent:
	// such a header's tags have names only. Each value keeps its room
	// from game to game (fieldRoom); decoded holds the one being read.
	fields    [NumFields][]byte
	fieldRoom [NumFields][]byte
	decoded   []byte
	tagIdx    map[string]int
	plies     int
	off       int64
	line      int
	lastEnd   int64 // stream offset past the game's last token
	atEOF     bool  // the game ended at the end of the input

	store blockStore[Move]
	lines blockStore[*Move]
	// mainLine is where the main line of the game being read grows: its
	// room serves game after game, the game keeps a copy.
	mainLine []*Move
	san      *interner // nil: no sharing
}

// advance returns the next token.
func (p *parser) advance() *token {
	if p.peeked {
		p.peeked = false
	} else {
		p.lex.next()
	}
	return &p.lex.tok
}

// parse reads one game. It returns false when no token is left.
func (p *parser) parse(full bool) bool {
	p.full, p.lex.collect = full, full
	t := p.advance()
	if t.kind == tEOF {
		return false
	}
	p.begin(t)
	p.body(t)
	p.finish()
	return true
}

// begin starts a game at the token t.
func (p *parser) begin(t *token) {
	p.index++
	p.err, p.extra, p.plies, p.atEOF = nil, 0, 0, false
	p.moves, p.over, p.room = 0, false, MaxNotes
	p.off, p.line, p.lastEnd = t.off, t.line, t.off
	if p.reuse && p.ownTags {
		p.tags = p.tags[:0]
	} else {
		p.tags, p.ownTags = make([]Tag, 0, max(8, len(p.tags)+2)), p.reuse
	}
	p.tagIdx = nil
	p.fields = [NumFields][]byte{}
	clear(p.frames)
	p.frames = append(p.frames[:0], frame{moves: p.mainLine[:0]})
	if p.full {
		p.game = &Game{Offset: t.off, Line: t.line}
	}
}

// body reads the tokens of a game, from t on.
func (p *parser) body(t *token) {
	header := true
	for ; ; t = p.advance() {
		switch t.kind {
		case tEOF:
			p.atEOF = true
			return
		case tTag, tTagErr:
			if p.nextGame(t, header) {
				p.peeked = true
				return
			}
			p.tag(t, header)
		case tComment, tCommentErr:
			p.comment(t)
		case tResult:
			p.result(t)
			return
		case tBad:
			p.failTok(t, t.why)
			header = header && !t.nl // junk on its own line is not a tag
		default:
			header = false
			p.movetext(t)
		}
		p.lastEnd = t.end
		switch {
		case !header:
			p.skim()
		case t.kind == tTag && p.reuse && !p.full:
			p.indexTags()
		}
	}
}

// nextGame reports whether the tag pair t starts the next game: it comes
// after the movetext, or after a blank line and repeats a tag of this game
// (games without movetext, one after the other).
func (p *parser) nextGame(t *token, header bool) bool {
	if !header {
		return t.kind == tTag || t.looksTag
	}
	if !t.blank {
		return false
	}
	if p.tagIdx != nil {
		_, ok := p.tagIdx[string(t.text)]
		return ok
	}
	for i := range p.tags {
		if p.tags[i].Name == string(t.text) {
			return true
		}
	}
	return false
}

// result ends the game with its termination marker, and takes what
// follows on the same line.
func (p *parser) result(t *token) {
	if p.full {
		p.game.Result = t.res
	}
	p.lastEnd = t.end
	p.closeAll()
	for {
		t = p.advance()
		if t.kind == tEOF || t.nl || t.kind == tTag || t.kind == tTagErr && t.looksTag {
			p.peeked = true
			p.atEOF = t.kind == tEOF
			return
		}
		if t.kind == tComment || t.kind == tCommentErr {
			p.comment(t)
		} else {
			p.failTok(t, SyntaxAfterResult)
		}
		p.lastEnd = t.end
	}
}

// movetext handles moves, NAGs, move numbers and variations.
func (p *parser) movetext(t *token) {
	switch t.kind {
	case tMove:
		p.move(t)
	case tNAG:
		p.nag(t)
	case tOpen:
		p.open(t)
	case tClose:
		p.close(t)
	}
}

// top returns the line being read.
func (p *parser) top() *frame {
	return &p.frames[len(p.frames)-1]
}

// tag handles a tag pair. Outside the tag section it is an error.
func (p *parser) tag(t *token, header bool) {
	if !header {
		p.failTok(t, t.why)
		return
	}
	if t.kind == tTagErr {
		p.failAt(t.errLine, t.errCol, t.raw, t.why, t.text)
		if !t.keepTag {
			return
		}
	}
	if p.reuse && !p.full {
		p.indexTag(t)
		return
	}
	name, value := p.tagText(t)
	cost, ok := tagCost(name, len(value))
	if !ok {
		p.failAt(t.line, t.col, t.raw, SyntaxTagTooLong, t.text)
		return
	}
	if p.keep(cost, t) {
		p.addTag(name, value)
		if p.full {
			p.game.TagLines = append(p.game.TagLines, t.line)
		}
	}
}

// indexTag handles a tag pair of a header read to index it, as tag does,
// keeping only the values of the index's fields (p.fields).
func (p *parser) indexTag(t *token) {
	name, f, field, size := p.fieldTag(t.text, t.value)
	cost, ok := tagCost(name, size)
	if !ok {
		p.failAt(t.line, t.col, t.raw, SyntaxTagTooLong, t.text)
		return
	}
	if !p.keep(cost, t) {
		return
	}
	p.addFieldTag(name, f, field)
}

// tagCost returns what a tag pair, its name and its value of size bytes
// decoded, takes from what its game may hold, and false when it is too
// long to keep (SyntaxTagTooLong).
func tagCost(name string, size int) (int, bool) {
	return len(name) + size + 32, len(name)+size <= maxTagText
}

// fieldTag returns the name of the tag pair text value, its field if the
// index keeps it (its value decoded in p.decoded) and the size of its
// value decoded.
func (p *parser) fieldTag(text, value []byte) (name string, f Field, field bool, size int) {
	if p.ownTags && len(p.tags) < cap(p.tags) {
		// The games of a file have the same tags in the same order:
		// the game before's name at this place, still in the room,
		// gives it without a lookup.
		if prev := p.tags[:len(p.tags)+1][len(p.tags)]; prev.Name == string(text) {
			name = prev.Name
		}
	}
	if name == "" {
		name = tagName(text)
	}
	f, field = fieldOf(name)
	if field {
		p.decoded = appendText(p.decoded[:0], value)
		return name, f, true, len(p.decoded)
	}
	return name, f, false, textSize(value)
}

// addFieldTag adds the tag name, kept, with the value of field f.
func (p *parser) addFieldTag(name string, f Field, field bool) {
	p.addTag(name, "")
	if field {
		p.fieldRoom[f] = append(p.fieldRoom[f][:0], p.decoded...)
		p.fields[f] = p.fieldRoom[f]
	}
}

// indexTags reads on, in a header read to index it, the tag pairs that
// follow one a line as nearly all are written (`[Name "Value"]` at the
// start of the next line), as the lexer and indexTag would, without
// making tokens. It stops before anything else, which the lexer reads.
func (p *parser) indexTags() {
	s := &p.lex.src
	for {
		buf := s.buf[:s.end]
		br := s.pos // the line break
		i := br
		if i < len(buf) && buf[i] == '\r' {
			i++
		}
		if i+1 >= len(buf) || buf[i] != '\n' || buf[i+1] != '[' {
			return
		}
		ts, ok := plainTag(buf[i+1:])
		if !ok {
			return
		}
		b := buf[i+1:]
		name, f, field, size := p.fieldTag(b[ts.nameAt:ts.nameEnd], b[ts.valueAt:ts.valueEnd])
		cost, ok := tagCost(name, size)
		if !ok || !p.fits(cost) {
			return // the lexer's token tells where the error is
		}
		p.room -= cost
		p.addFieldTag(name, f, field)
		for j := br; j <= i; j++ {
			s.newline(j)
		}
		s.pos = i + 1 + ts.end
		s.keep = s.pos
		p.lastEnd = s.off(s.pos)
		p.lex.lastEnd = p.lastEnd
	}
}

// tagText returns the name and value of the tag pair t, decoded.
func (p *parser) tagText(t *token) (name, value string) {
	name = tagName(t.text)
	switch {
	case len(t.value) == 0:
	case !p.full && p.san != nil && utf8.Valid(t.value):
		// Headers read as they are (NextHeader): values repeat from
		// game to game (events, dates, players), and are not made
		// again.
		value = p.san.get(t.value)
	default:
		value = decodeText(t.value)
	}
	return name, value
}

// addTag adds a tag. A tag read twice is kept twice, so that writing gives
// back what was read.
func (p *parser) addTag(name, value string) {
	if p.tagIdx == nil && len(p.tags) >= 16 {
		p.tagIdx = make(map[string]int, 2*len(p.tags))
		for i, t := range p.tags {
			p.tagIdx[t.Name] = i
		}
	}
	p.tags = append(p.tags, Tag{Name: name, Value: value})
	if p.tagIdx != nil {
		p.tagIdx[name] = len(p.tags) - 1
	}
}

// keep takes cost bytes from what the game may still hold (MaxNotes) for
// the token t, and reports whether they were there. When they are not,
// the game has an error at t and keeps nothing more.
func (p *parser) keep(cost int, t *token) bool {
	switch {
	case p.fits(cost):
		p.room -= cost
		return true
	case !p.over:
		p.failAt(t.line, t.col, t.raw, SyntaxTooManyNotes, nil)
		p.over = true
	}
	return false
}

// fits reports whether the game may still hold cost bytes.
func (p *parser) fits(cost int) bool { return !p.over && cost <= p.room }

// comment places a comment: before the next move when no move came yet in
// this line or a variation was just closed, else after the last move.
func (p *parser) comment(t *token) {
	if t.kind == tCommentErr {
		p.failAt(t.line, t.col, t.raw, t.why, nil)
	}
	f := p.top()
	if t.empty || f.drop || p.extra > 0 {
		return
	}
	if !f.hasMove {
		f.note = true
	}
	if t.size+16 > MaxNotes && !p.over {
		// Too long alone: not a game with too many notes.
		p.failAt(t.line, t.col, t.raw, SyntaxCommentTooLong, nil)
		p.over = true
	}
	if !p.keep(t.size+16, t) || !p.full {
		return
	}
	text := decodeText(t.text)
	if !f.hasMove || f.afterVar {
		f.before = append(f.before, text)
	} else {
		f.last.After = append(f.last.After, text)
	}
}

// move adds a move to the line being read.
func (p *parser) move(t *token) {
	p.addMove(t.text, t.num, t.line, t.col)
}

// addMove adds the move san, with the NAG of its suffix (or -1), found at
// line and col.
func (p *parser) addMove(san []byte, nag, line, col int) {
	f := p.top()
	if f.drop || p.extra > 0 {
		return
	}
	f.hasMove, f.afterVar = true, false
	if len(p.frames) == 1 {
		p.plies++
	}
	if p.over {
		return
	}
	if p.moves++; p.moves > MaxMoves {
		p.failAt(line, col, san, SyntaxTooManyMoves, nil)
		p.over = true
		return
	}
	if !p.full {
		return
	}
	m := &p.store.take(1, chunkMoves)[0]
	m.SAN = p.sanString(san)
	m.Line, m.Col = line, col
	m.Before, f.before = f.before, nil
	m.NAGs, f.nags = f.nags, nil
	if nag >= 0 {
		m.NAGs = append(m.NAGs, nag)
	}
	f.moves = append(f.moves, m)
	f.last = m
}

// nag adds a NAG to the last move, or keeps it for the first move of the
// line.
func (p *parser) nag(t *token) {
	f := p.top()
	if f.drop || p.extra > 0 {
		return
	}
	if !f.hasMove && f.nagLine == 0 {
		f.nagLine, f.nagCol, f.nagText = t.line, t.col, short(t.raw)
	}
	if !p.keep(8, t) || !p.full {
		return
	}
	if !f.hasMove {
		f.nags = append(f.nags, t.num)
		return
	}
	m := f.last
	if len(m.After) > 0 && m.NAGAt == nil {
		m.NAGAt = make([]int, len(m.NAGs), len(m.NAGs)+1)
	}
	m.NAGs = append(m.NAGs, t.num)
	if m.NAGAt != nil {
		m.NAGAt = append(m.NAGAt, len(m.After))
	}
}

// open starts a variation on the last move.
func (p *parser) open(t *token) {
	if p.extra > 0 || len(p.frames) > MaxDepth {
		if p.extra == 0 {
			p.failTok(t, SyntaxTooDeep)
		}
		p.extra++
		return
	}
	parent := p.top()
	drop := parent.drop
	if !parent.hasMove && !drop {
		p.failTok(t, SyntaxNoMoveBeforeVariation)
		drop = true
	}
	p.frames = append(p.frames, frame{line: t.line, col: t.col, drop: drop})
}

// close ends the innermost variation.
func (p *parser) close(t *token) {
	switch {
	case p.extra > 0:
		p.extra--
	case len(p.frames) == 1:
		p.failTok(t, SyntaxNoVariationOpen)
	default:
		p.closeFrame()
	}
}

// closeFrame ends the innermost variation and gives it to the move it
// varies. Comments after its last variation go after its last move.
func (p *parser) closeFrame() {
	n := len(p.frames) - 1
	f, parent := p.frames[n], &p.frames[n-1]
	p.frames[n] = frame{}
	p.frames = p.frames[:n]
	switch {
	case f.drop:
		return
	case !f.hasMove:
		if f.note || f.nagLine > 0 {
			p.failAt(f.line, f.col, []byte("("), SyntaxEmptyVariation, nil)
		}
		return
	}
	if p.full && f.last != nil && parent.last != nil { // nil: moves beyond MaxMoves
		f.last.After = append(f.last.After, f.before...)
		parent.last.Variations = append(parent.last.Variations, f.moves)
	}
	parent.afterVar = true
}

// closeAll closes the variations left open at the end of a game.
func (p *parser) closeAll() {
	if len(p.frames) > 1 {
		f := &p.frames[1]
		p.failAt(f.line, f.col, []byte("("), SyntaxVariationNotClosed, nil)
	}
	p.extra = 0
	for len(p.frames) > 1 {
		p.closeFrame()
	}
}

// finish completes the game.
func (p *parser) finish() {
	p.closeAll()
	f := &p.frames[0]
	if !f.hasMove && f.nagLine > 0 {
		if e := p.failAt(f.nagLine, f.nagCol, []byte(f.nagText), SyntaxNoMoveBeforeNAG, nil); e != nil {
			e.Unexpected = true
		}
	}
	if p.full {
		g := p.game
		g.Tags = p.tags
		switch {
		case f.last != nil:
			f.last.After = append(f.last.After, f.before...)
		case !f.hasMove:
			g.Comments = f.before
		}
		if len(f.moves) > 0 {
			g.Moves = p.lines.take(len(f.moves), chunkLines)
			copy(g.Moves, f.moves)
		}
	}
	clear(f.moves) // the room kept does not keep this game's moves alive
	p.mainLine = f.moves[:0]
	*f = frame{}
}

// failTok records that the token t is unexpected, for the reason given.
// A broken tag pair's name is in its text.
func (p *parser) failTok(t *token, why SyntaxKind) {
	var tag []byte
	if t.kind == tTagErr {
		tag = t.text
	}
	if e := p.failAt(t.line, t.col, t.raw, why, tag); e != nil {
		e.Unexpected = true
	}
}

// failAt records a syntax error at text, about the tag pair named tag for
// the tag kinds, and returns it, unless the game has one already.
func (p *parser) failAt(line, col int, text []byte, why SyntaxKind, tag []byte) *SyntaxError {
	if p.err != nil {
		return nil
	}
	e := &SyntaxError{Line: line, Col: col, Text: short(text), Kind: why}
	if why.namesTag() {
		e.Tag = short(tag)
	}
	if !p.anon {
		e.Game = p.index
	}
	p.err = e
	return e
}

// sanString returns the SAN b as a string.
func (p *parser) sanString(b []byte) string {
	if p.san == nil {
		return string(b)
	}
	return p.san.get(b)
}
