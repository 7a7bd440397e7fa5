package pgn

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/echiquier/echiquier/app/internal/shared"
)

// skimOracle is skim as it was before it read eight bytes at once: the
// differential tests hold the new one to it.
func (p *parser) skimOracle() {
	if p.peeked || p.top().drop || p.extra > 0 {
		return
	}
	s := &p.lex.src
	buf := s.buf[:s.end]
	f, main := p.top(), len(p.frames) == 1
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
		at, end := plainWordSlow(buf, i)
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

// wordAlphabet holds bytes of every class plainWord tells apart, and the
// letters of the words it refuses ("N", "RR", "Z0", "inf").
const wordAlphabet = "019.NRZinfeO+#=-/:_@!? \n\r{(;$*\xae\xb0\xce\xa0\x8a"

// checkWord compares plainWord with plainWordSlow, the former plainWord
// kept unchanged, on w followed by each
// tail, from the start and after one byte, so that the word ends before,
// at and after the eighth byte and the buffer's end.
func checkWord(t *testing.T, w []byte, tails []string) bool {
	t.Helper()
	buf := make([]byte, 0, 1+len(w)+16)
	for _, tail := range tails {
		for _, pre := range []string{"", " "} {
			buf = append(append(append(buf[:0], pre...), w...), tail...)
			i := len(pre)
			at, end := plainWord(buf, i)
			wantAt, wantEnd := plainWordSlow(buf, i)
			if at != wantAt || end != wantEnd {
				t.Errorf("plainWord(%q, %d) = %d, %d, want %d, %d", buf, i, at, end, wantAt, wantEnd)
				return false
			}
		}
	}
	return true
}

// Every word of up to four bytes of the alphabet, and of up to seven of
// smaller ones, followed by what may follow it, is read as before.
func TestPlainWordAsBeforeExhaustive(t *testing.T) {
	all := []string{"", " ", "\n", "\r\n", "x", " e4 Nf3 ", "\nNf3 e5 d4", "+ 12. e4 e5 "}
	for _, c := range []struct {
		alphabet string
		max      int
		tails    []string
	}{
		{wordAlphabet, 4, all},
		{"09.NRZinfO+/ \n", 5, all},
		{"1.Nf=+ \n/", 7, []string{"", " ", "x", " e4 Nf3 "}},
	} {
		w := make([]byte, 0, c.max)
		var walk func() bool
		walk = func() bool {
			if !checkWord(t, w, c.tails) {
				return false
			}
			if len(w) == c.max {
				return true
			}
			for k := range len(c.alphabet) {
				w = append(w, c.alphabet[k])
				ok := walk()
				w = w[:len(w)-1]
				if !ok {
					return false
				}
			}
			return true
		}
		walk()
	}
}

// Random words of up to sixteen bytes, moves and numbers of every length
// among them, are read as before.
func TestPlainWordAsBeforeRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 1))
	tails := []string{"", " ", "\n", "x", " e4 Nf3 "}
	w := make([]byte, 0, 16)
	for range 1_000_000 {
		w = randomWord(r, w[:0], 1+r.IntN(16))
		if !checkWord(t, w, tails) {
			return
		}
	}
}

// randomWord appends n bytes to w, most of them digits, dots and the
// bytes of moves, so that many words are plain ones.
func randomWord(r *rand.Rand, w []byte, n int) []byte {
	const common = "0123456789....abcdefghNBRQKOxx=+#-"
	for range n {
		if r.IntN(8) == 0 {
			w = append(w, wordAlphabet[r.IntN(len(wordAlphabet))])
		} else {
			w = append(w, common[r.IntN(len(common))])
		}
	}
	return w
}

// skimState is what skim may change.
type skimState struct {
	pos, keep, line     int
	lineStart           int64
	plies, moves        int
	over                bool
	lastEnd, lexLastEnd int64
	hasMove, afterVar   bool
	kept                int
	err                 string
}

func stateOf(p *parser) skimState {
	f := p.top()
	st := skimState{
		pos: p.lex.src.pos, keep: p.lex.src.keep, line: p.lex.src.line, lineStart: p.lex.src.lineStart,
		plies: p.plies, moves: p.moves, over: p.over,
		lastEnd: p.lastEnd, lexLastEnd: p.lex.lastEnd,
		hasMove: f.hasMove, afterVar: f.afterVar, kept: len(f.moves),
	}
	if p.err != nil {
		st.err = p.err.Error()
	}
	return st
}

// skimParser returns a parser at the start of data's game, building the
// moves' tree with full, after moves moves already read, in a side line
// with side.
func skimParser(data []byte, full bool, moves int, side bool) *parser {
	p := &parser{}
	p.lex.src.initBytes(data, 1, 0)
	p.full = full
	p.begin(&token{line: 1})
	p.moves = moves
	if side {
		p.frames = append(p.frames, frame{})
	}
	return p
}

// skimThrough calls skim on p until the end of its input, passing over
// what skim leaves to the lexer (a comment whole, anything else up to the
// next white space), and calls each after each skim.
func skimThrough(p *parser, skim func(*parser), each func()) {
	s := &p.lex.src
	for {
		skim(p)
		each()
		if s.pos >= s.end {
			return
		}
		i := s.pos
		if s.buf[i] == '{' {
			for ; i < s.end && s.buf[i] != '}'; i++ {
				if s.buf[i] == '\n' || s.buf[i] == '\r' {
					s.newline(i)
				}
			}
		}
		for i++; i < s.end && !isBreak(s.buf[i]); i++ {
		}
		s.pos, s.keep = i, i
	}
}

// sameSkims runs skim and the oracle through data, from the given state,
// and reports the first difference.
func sameSkims(data []byte, full bool, moves int, side bool) error {
	p, q := skimParser(data, full, moves, side), skimParser(data, full, moves, side)
	var got []skimState
	skimThrough(p, (*parser).skim, func() { got = append(got, stateOf(p)) })
	n := 0
	var err error
	skimThrough(q, (*parser).skimOracle, func() {
		want := stateOf(q)
		if err == nil && (n >= len(got) || got[n] != want) {
			err = fmt.Errorf("skim %d: got %+v, want %+v", n, got[min(n, len(got)-1)], want)
		}
		n++
	})
	if err == nil && n != len(got) {
		err = fmt.Errorf("%d skims, want %d", len(got), n)
	}
	if err != nil {
		return err
	}
	a, b := p.top().moves, q.top().moves
	for k := range a {
		if a[k].SAN != b[k].SAN || a[k].Line != b[k].Line || a[k].Col != b[k].Col {
			return fmt.Errorf("move %d: got %q at %d:%d, want %q at %d:%d", k, a[k].SAN, a[k].Line, a[k].Col, b[k].SAN, b[k].Line, b[k].Col)
		}
	}
	return nil
}

// Skim leaves the parser as before through the movetext of every corpus
// file, counting moves or keeping them, and across MaxMoves.
func TestSkimAsBeforeCorpus(t *testing.T) {
	for _, path := range shared.Glob(t, "pgn", "corpus", "*.pgn") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			full  bool
			moves int
		}{{false, 0}, {true, 0}, {false, MaxMoves - 1000}} {
			if err := sameSkims(movetextOf(data), c.full, c.moves, false); err != nil {
				t.Fatalf("%s, full %v, from %d moves: %v", path, c.full, c.moves, err)
			}
		}
	}
}

// Skim leaves the parser as before through random movetext, with line
// breaks of every kind and words of every shape.
func TestSkimAsBeforeRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 2))
	var data []byte
	for k := range 3000 {
		data = data[:0]
		for n := r.IntN(60); n > 0; n-- {
			data = randomWord(r, data, 1+r.IntN(12))
			data = append(data, []string{" ", " ", " ", "  ", "\n", "\r\n", "\r", "\n\n"}[r.IntN(8)]...)
		}
		data = data[:r.IntN(len(data)+1)]
		moves := []int{0, MaxMoves - 2, MaxMoves}[k%3]
		if err := sameSkims(data, k%2 == 0, moves, k%5 == 0); err != nil {
			t.Fatalf("%q, from %d moves: %v", data, moves, err)
		}
	}
}

// movetextOf returns the lines of data that are not tag pairs.
func movetextOf(data []byte) []byte {
	var out []byte
	for line := range bytes.Lines(data) {
		if !bytes.HasPrefix(line, []byte("[")) {
			out = append(out, line...)
		}
	}
	return out
}
