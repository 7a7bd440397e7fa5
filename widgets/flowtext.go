package widgets

import (
	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/game"
)

// flowKind is what a token of flowing text is; it sets the token's look.
type flowKind uint8

const (
	flowMove    flowKind = iota // a move: clickable, highlightable
	flowNumber                  // a move number: "13." or "13…"
	flowGlyph                   // an annotation glyph shown apart: "±"
	flowComment                 // a word of a comment
	flowBracket                 // the bracket around a side line
	flowResult                  // a word of the result line
)

// style is the text style a kind of token is drawn in; widths are
// measured in it.
func (k flowKind) style() fyne.TextStyle {
	return fyne.TextStyle{Italic: k == flowComment, Bold: k == flowResult}
}

// font is the font a token of the kind draws text in: a move or a glyph
// may need the glyph font (see glyphFont); the rest keeps the theme's,
// a comment too, whatever it holds.
func (k flowKind) font(text string) fyne.Resource {
	if k != flowMove && k != flowGlyph {
		return nil
	}
	return glyphFont(text, k.style())
}

// flowToken is a piece of flowing text: a move, a number, a glyph, a
// bracket or a word of a comment.
type flowToken struct {
	text string
	kind flowKind
	node *game.Node // the move of a flowMove token
	// space puts a space between the token and the one before it.
	space bool
	// glue keeps the token on the line of the one before it.
	glue bool

	w float32 // the width, once measured
	x float32 // from the start of its line, once wrapped
}

// flowPara is a paragraph of flowing text: a comment or a side line. It
// wraps at token boundaries, never between glued tokens unless a group of
// glued tokens is wider than a line.
type flowPara struct {
	tokens   []flowToken
	left     float32 // the margin of its lines, set by the owner
	measured bool    // the tokens' widths are in
	lines    []int   // the index of the first token of each line, by wrap
}

// measure fills in the tokens' widths once; a theme change makes a new
// paragraph.
func (p *flowPara) measure(m *textMeasurer) {
	if p.measured {
		return
	}
	for i := range p.tokens {
		t := &p.tokens[i]
		t.w = m.width(t.text, t.kind.style(), t.kind.font(t.text))
	}
	p.measured = true
}

// wrap breaks the paragraph into lines no wider than width.
func (p *flowPara) wrap(width float32, m *textMeasurer) {
	p.measure(m)
	space := m.width(" ", fyne.TextStyle{}, nil)
	p.lines = append(p.lines[:0], 0)
	x := float32(0)
	for i := 0; i < len(p.tokens); {
		j := p.groupEnd(i)
		lead := float32(0)
		if x > 0 && p.tokens[i].space {
			lead = space
		}
		if x > 0 && x+lead+p.groupWidth(i, j, space) > width {
			p.lines = append(p.lines, i)
			x, lead = 0, 0
		}
		x += lead
		for k := i; k < j; k++ {
			if k > i && p.tokens[k].space {
				x += space
			}
			if k > i && x > 0 && x+p.tokens[k].w > width {
				// A glued group wider than a line breaks where it must.
				p.lines = append(p.lines, k)
				x = 0
			}
			p.tokens[k].x = x
			x += p.tokens[k].w
		}
		i = j
	}
}

// groupEnd returns the end of the group of glued tokens starting at i.
func (p *flowPara) groupEnd(i int) int {
	j := i + 1
	for j < len(p.tokens) && p.tokens[j].glue {
		j++
	}
	return j
}

// groupWidth is the width of tokens i to j-1 on one line.
func (p *flowPara) groupWidth(i, j int, space float32) float32 {
	w := p.tokens[i].w
	for k := i + 1; k < j; k++ {
		if p.tokens[k].space {
			w += space
		}
		w += p.tokens[k].w
	}
	return w
}

// lineRange returns the tokens of line i: from and to (excluded).
func (p *flowPara) lineRange(i int) (from, to int) {
	from, to = p.lines[i], len(p.tokens)
	if i+1 < len(p.lines) {
		to = p.lines[i+1]
	}
	return from, to
}

// lineOf returns the line that holds token i.
func (p *flowPara) lineOf(i int) int {
	lo, hi := 0, len(p.lines)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if p.lines[mid] <= i {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// maxMeasured bounds the measurer's cache: the words of many long
// comments would otherwise pile up over a session.
const maxMeasured = 20000

// textMeasurer measures text in one text size and remembers the widths:
// the same moves and words come back in every game.
type textMeasurer struct {
	size   float32
	widths map[measureKey]float32
}

type measureKey struct {
	text  string
	style fyne.TextStyle
	font  fyne.Resource
}

// setSize sets the text size, forgetting widths measured in another.
func (m *textMeasurer) setSize(size float32) {
	if size != m.size || m.widths == nil {
		m.size = size
		m.widths = make(map[measureKey]float32)
	}
}

// width returns the width of text in style and font (nil: the theme's).
func (m *textMeasurer) width(text string, style fyne.TextStyle, font fyne.Resource) float32 {
	if text == "" {
		return 0
	}
	k := measureKey{text, style, font}
	if w, ok := m.widths[k]; ok {
		return w
	}
	if len(m.widths) >= maxMeasured {
		clear(m.widths)
	}
	size, _ := fyne.CurrentApp().Driver().RenderedTextSize(text, m.size, style, font)
	w := size.Width
	m.widths[k] = w
	return w
}
