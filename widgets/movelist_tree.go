package widgets

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// paraIndent is the margin of a paragraph of the move list.
type paraIndent uint8

const (
	indentTop       paraIndent = iota // the game's opening comment
	indentComment                     // a comment on a main-line move
	indentVariation                   // a side line of a main-line move
)

// moveEntry is a block of the move list: a row of the main line (a
// White and a Black cell, either may be empty) or a paragraph.
type moveEntry struct {
	white, black         *game.Node
	whiteText, blackText string
	para                 *flowPara
	indent               paraIndent
}

// nodeSpot is where a move shows: its entry, and the cell (0 White, 1
// Black) of a row or the token of a paragraph.
type nodeSpot struct {
	entry, index int
}

// moveTree is a game's tree laid out as the move list's entries.
type moveTree struct {
	entries []moveEntry
	// Where the moves show: main[i] is the main line's move i, side maps
	// the side-line moves, so that a plain game needs no map.
	main []mainSpot
	side map[*game.Node]nodeSpot
}

// mainSpot is a main-line move and where it shows.
type mainSpot struct {
	node *game.Node
	spot nodeSpot
}

// spot returns where n shows.
func (t *moveTree) spot(n *game.Node) (nodeSpot, bool) {
	if n == nil {
		return nodeSpot{}, false
	}
	if i := n.Ply() - 1; i >= 0 && i < len(t.main) && t.main[i].node == n {
		return t.main[i].spot, true
	}
	s, ok := t.side[n]
	return s, ok
}

// buildMoveTree lays out the tree under root, and the result line after
// it unless result is "" (each of its lines a paragraph). Moves show
// through notation (nil: SAN as it is), NAGs through nag (nil: their
// symbol, or "$n"). prev, the tree read before, tells the sizes to
// expect.
func buildMoveTree(root *game.Node, notation func(string) string, nag func(int) string, result string, prev *moveTree) moveTree {
	if nag == nil {
		nag = nagSymbol
	}
	b := treeBuilder{notation: notation, nag: nag, open: -1}
	b.entries = make([]moveEntry, 0, len(prev.entries))
	b.main = make([]mainSpot, 0, len(prev.main))
	if len(prev.side) > 0 {
		b.side = make(map[*game.Node]nodeSpot, len(prev.side))
	}
	if root != nil {
		b.mainLine(root)
	}
	for _, line := range strings.Split(result, "\n") {
		b.addPara(words(nil, line, flowResult), indentTop)
	}
	return b.moveTree
}

// treeBuilder builds a moveTree.
type treeBuilder struct {
	moveTree
	notation func(string) string
	nag      func(int) string
	open     int // the row whose Black cell may take the next move, or -1
}

// mainLine lays out the game's opening comment and its main line.
func (b *treeBuilder) mainLine(root *game.Node) {
	_, after := root.Comments()
	b.addPara(commentWords(nil, after), indentTop)
	kids := root.Children()
	for len(kids) > 0 {
		n := kids[0]
		b.mainMove(n, n.Parent() == root, kids[1:])
		kids = n.Children()
	}
}

// mainMove lays out a main-line move and, below it, what interrupts the
// rows: its comments, its glyphs other than its move-quality one and the
// side lines that replace it.
func (b *treeBuilder) mainMove(n *game.Node, first bool, variations []*game.Node) {
	before, after := n.Comments()
	indent := indentComment
	if first {
		indent = indentTop
	}
	b.addPara(commentWords(nil, before), indent)
	nags := n.NAGs()
	b.addCell(n, b.moveText(n, nags))
	b.addPara(commentWords(b.glyphTokens(nil, nags), after), indentComment)
	for _, v := range variations {
		entry := len(b.entries)
		b.addPara(b.sideLine(nil, v, entry, false), indentVariation)
	}
}

// addCell puts a main-line move in the open row's Black cell or in a new
// row.
func (b *treeBuilder) addCell(n *game.Node, text string) {
	if n.Mover() == game.Black && b.open >= 0 {
		e := &b.entries[b.open]
		e.black, e.blackText = n, text
		b.main = append(b.main, mainSpot{n, nodeSpot{b.open, 1}})
		b.open = -1
		return
	}
	if n.Mover() == game.Black {
		b.main = append(b.main, mainSpot{n, nodeSpot{len(b.entries), 1}})
		b.entries = append(b.entries, moveEntry{black: n, blackText: text})
		return
	}
	b.open = len(b.entries)
	b.main = append(b.main, mainSpot{n, nodeSpot{b.open, 0}})
	b.entries = append(b.entries, moveEntry{white: n, whiteText: text})
}

// addPara adds a paragraph of tokens, which ends any open row; no
// tokens add nothing.
func (b *treeBuilder) addPara(tokens []flowToken, indent paraIndent) {
	if len(tokens) == 0 {
		return
	}
	b.open = -1
	b.entries = append(b.entries, moveEntry{para: &flowPara{tokens: tokens}, indent: indent})
}

// sideLine appends the tokens of the side line starting at first, in
// brackets, with the side lines nested in it in brackets too. entry is
// the paragraph they go to.
func (b *treeBuilder) sideLine(toks []flowToken, first *game.Node, entry int, nested bool) []flowToken {
	toks = push(toks, flowToken{text: "(", kind: flowBracket, space: nested})
	number := true // whether a Black move needs its number
	var kids []*game.Node
	for n := first; n != nil; {
		before, after := n.Comments()
		k := len(toks)
		toks = commentWords(toks, before)
		toks = b.moveTokens(toks, n, number || len(toks) > k, entry)
		k = len(toks)
		toks = commentWords(toks, after)
		number = len(toks) > k
		if n != first {
			for _, v := range kids[1:] {
				toks = b.sideLine(toks, v, entry, true)
				number = true
			}
		}
		kids = n.Children()
		n = nil
		if len(kids) > 0 {
			n = kids[0]
		}
	}
	return push(toks, flowToken{text: ")", kind: flowBracket, glue: true})
}

// moveTokens appends a side-line move: its number when it is White's or
// when asked, the move with its move-quality glyph, its other glyphs.
func (b *treeBuilder) moveTokens(toks []flowToken, n *game.Node, number bool, entry int) []flowToken {
	if number || n.Mover() == game.White {
		toks = push(toks, flowToken{text: moveNumber(n), kind: flowNumber, space: true})
	}
	nags := n.NAGs()
	if b.side == nil {
		b.side = make(map[*game.Node]nodeSpot)
	}
	b.side[n] = nodeSpot{entry, len(toks)}
	toks = push(toks, flowToken{text: b.moveText(n, nags), kind: flowMove, node: n, space: true, glue: number || n.Mover() == game.White})
	return b.glyphTokens(toks, nags)
}

// push appends t; right after an opening bracket, t sticks to it.
func push(toks []flowToken, t flowToken) []flowToken {
	if k := len(toks); k > 0 && toks[k-1].kind == flowBracket && toks[k-1].text == "(" {
		t.space, t.glue = false, true
	}
	return append(toks, t)
}

// commentWords appends the words of comments, each a token, so that the
// comments wrap. The commands comments carry for programs ("[%eval
// 0.17]", "[%csl Gd4]") are left out.
func commentWords(toks []flowToken, comments []string) []flowToken {
	for _, c := range comments {
		toks = words(toks, game.CommentText(c), flowComment)
	}
	return toks
}

// words appends the words of text as tokens of kind k. A word longer
// than 2×wordPiece runes goes in pieces of wordPiece runes glued
// together: the pieces stay on one line when the word fits, and a word
// wider than a whole line (a link, a line of dashes) breaks between two
// of them instead of running past the list's edge. Shorter words stay
// whole, which costs less: even of the widest letters they fit in the
// narrowest line, that of a side line in a list of its least width, two
// moves wide.
func words(toks []flowToken, text string, k flowKind) []flowToken {
	for _, w := range strings.Fields(text) {
		if utf8.RuneCountInString(w) <= 2*wordPiece {
			toks = push(toks, flowToken{text: w, kind: k, space: true})
			continue
		}
		space, glue := true, false
		for w != "" {
			n := pieceEnd(w)
			toks = push(toks, flowToken{text: w[:n], kind: k, space: space, glue: glue})
			w = w[n:]
			space, glue = false, true
		}
	}
	return toks
}

// wordPiece is the runes of a piece of a long word: small enough that a
// word broken over lines leaves little room at the end of each.
const wordPiece = 4

// pieceEnd returns the byte length of the first piece of w: wordPiece
// runes, and the combining marks after them, which belong to the last.
func pieceEnd(w string) int {
	n, i := 0, 0
	for i < len(w) {
		r, size := utf8.DecodeRuneInString(w[i:])
		if n == wordPiece && !unicode.In(r, unicode.Mn, unicode.Me) && r != '\u200d' {
			break
		}
		if n < wordPiece {
			n++
		}
		i += size
	}
	return i
}

// glyphTokens appends the glyphs of nags except the first move-quality
// one, which sticks to the move. A NAG shown in words ("White: slight
// space advantage") flows as a comment does, its first word glued to
// the move.
func (b *treeBuilder) glyphTokens(toks []flowToken, nags []int) []flowToken {
	quality := qualityNAG(nags)
	for i, nag := range nags {
		g := b.nag(nag)
		if i == quality || g == "" {
			continue
		}
		if !strings.Contains(g, " ") {
			toks = push(toks, flowToken{text: g, kind: flowGlyph, space: true, glue: true})
			continue
		}
		k := len(toks)
		toks = words(toks, g, flowComment)
		toks[k].glue = true
	}
	return toks
}

// nagSymbol shows a NAG as its symbol, or else as "$n"; $0, the null
// annotation, as nothing.
func nagSymbol(nag int) string {
	if g := pgn.NAGGlyph(nag); g != "" || nag <= 0 {
		return g
	}
	return "$" + strconv.Itoa(nag)
}

// qualityNAG returns the index of the first move-quality NAG (1–6) in
// nags, or -1.
func qualityNAG(nags []int) int {
	for i, nag := range nags {
		if nag >= 1 && nag <= 6 {
			return i
		}
	}
	return -1
}

// moveText is n's move as shown: in the list's notation, with its
// move-quality glyph.
func (b *treeBuilder) moveText(n *game.Node, nags []int) string {
	san := n.SAN()
	if b.notation != nil {
		san = solidFigurines(b.notation(san))
	}
	if q := qualityNAG(nags); q >= 0 {
		san += b.nag(nags[q])
	}
	return san
}

// solidFigurines draws the figurines of a move filled, ♞ for ♘: the
// outlined ones of the glyph font are thin lines at text size, hard to
// read beside the letters, and on a dark theme they show as hollow
// outlines. Figurines stand for a piece of either side, so the filled
// ones say the same.
func solidFigurines(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '♔' && r <= '♙' {
			return r + ('♚' - '♔')
		}
		return r
	}, s)
}

// moveNumber is the number written before n's move: "12." for White's,
// "12…" for Black's.
func moveNumber(n *game.Node) string {
	if n.Mover() == game.White {
		return strconv.Itoa(n.MoveNumber()) + "."
	}
	return strconv.Itoa(n.MoveNumber()) + "…"
}

// rowNumber is the move number of a row: "12." or, for a row without
// White's move, "12…".
func rowNumber(white, black *game.Node) string {
	switch {
	case white != nil:
		return moveNumber(white)
	case black != nil:
		return moveNumber(black)
	}
	return ""
}
