package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
)

// MoveList shows a game's whole tree beside the board. The main line runs
// in rows of numbered pairs, "12. Nf3 Nf6". A main-line move that carries
// comments, glyphs other than its move-quality one, or side lines ends its
// row; below it come its comment, in dimmer italics, and each side line
// as an indented paragraph of flowing text, "(12… d5 13. exd5 Nxd5)",
// with the side lines branching off it nested in brackets; then the main
// line goes on, "12… Nf6". A comment before the first move shows on top.
//
// Every move, main line or side line, takes clicks: a click reports it
// through OnSelect, a right click opens its Menu. The current move is
// highlighted. At the end, the game's result may show (SetResult).
// Only the rows in view exist as objects, so a game of
// thousands of moves stays fast.
//
// The list does not handle keys: the app moves through the game and calls
// SetCurrent.
type MoveList struct {
	widget.BaseWidget

	// OnSelect is called with the node of the move the user clicks. The
	// highlight does not move by itself: the app calls SetCurrent.
	OnSelect func(*game.Node)
	// Notation turns a SAN move into the text shown (French SAN or
	// figurines, say); nil shows SAN as it is. Call Refresh after changing
	// it.
	Notation func(san string) string
	// NAGText turns a numeric annotation glyph into the text shown: a
	// symbol ("±") or a few words, which flow as a comment does; nil
	// shows the symbol, or "$24" for a NAG without one, and "" shows
	// nothing. Call Refresh after changing it.
	NAGText func(nag int) string
	// Menu returns the menu a right click on a move opens at the pointer;
	// nil, or a nil menu, opens none.
	Menu func(n *game.Node) *fyne.Menu

	root    *game.Node
	result  string     // the result line, or ""
	current *game.Node // the highlighted move, or nil
	// atStart: the start position is shown, the list scrolled to its
	// top.
	atStart bool
	view    *moveListView
}

// NewMoveList returns an empty move list. A MoveList must be made with
// it.
func NewMoveList() *MoveList {
	l := &MoveList{}
	l.ExtendBaseWidget(l)
	l.view = newMoveListView(l)
	l.view.setTheme(l.Theme())
	return l
}

// CreateRenderer is part of fyne.Widget.
func (l *MoveList) CreateRenderer() fyne.WidgetRenderer {
	l.ExtendBaseWidget(l)
	return &moveListRenderer{l: l, objects: []fyne.CanvasObject{l.view.scroll}}
}

// SetRoot (re)reads the whole tree under root, the start of the game:
// call it after every change to the game. The highlight stays on the
// current move while it is in the tree. nil empties the list. Another
// root than before drops the result line: it was another game's.
func (l *MoveList) SetRoot(root *game.Node) {
	if root != l.root {
		l.result = ""
	}
	l.root = root
	l.view.tree = buildMoveTree(root, l.Notation, l.NAGText, l.result, &l.view.tree)
	if _, ok := l.view.tree.spot(l.current); !ok {
		l.current = nil
	}
	l.view.relayout()
}

// SetResult shows text, in bold, as the last line of the list, after
// the moves, such as "0-1 · Black wins by checkmate"; "" shows none; a
// newline starts a paragraph of its own. The
// app writes the text: the list knows nothing of how games end. When the
// end of the list was in view, it scrolls to show the line.
func (l *MoveList) SetResult(text string) {
	if text == l.result {
		return
	}
	atEnd := l.view.endInView()
	l.result = text
	l.SetRoot(l.root)
	if atEnd && text != "" {
		l.view.scrollToEnd()
	}
}

// Result returns the text of the result line, or "".
func (l *MoveList) Result() string { return l.result }

// SetCurrent highlights n's move, on the main line or a side line, and
// scrolls it into view, now and whenever the list is laid out again (a
// window resized). nil, the root or a node not in the tree highlights
// nothing; the root, the start of the game, scrolls to the top.
func (l *MoveList) SetCurrent(n *game.Node) {
	l.current = nil
	if _, ok := l.view.tree.spot(n); ok {
		l.current = n
	}
	l.atStart = n != nil && n == l.root
	l.view.scrollToCurrent()
}

// Current returns the highlighted move's node, or nil.
func (l *MoveList) Current() *game.Node { return l.current }

// MovePosition returns the middle of n's move in the list's coordinates,
// as the list is scrolled now: outside the list's size when the move is
// scrolled out of view. ok is false when n is not in the tree or the list
// has not been laid out yet.
func (l *MoveList) MovePosition(n *game.Node) (pos fyne.Position, ok bool) {
	v := l.view
	s, ok := v.tree.spot(n)
	if !ok || v.width <= 0 {
		return fyne.Position{}, false
	}
	top, h := v.rowBox(v.rowOf(s))
	y := top + h/2 - v.scroll.Offset.Y
	e := &v.tree.entries[s.entry]
	if e.para == nil {
		cellW := (v.width - v.m.numW) / 2
		return fyne.NewPos(v.m.numW+cellW*float32(s.index)+cellW/2, y), true
	}
	t := &e.para.tokens[s.index]
	return fyne.NewPos(e.para.left+t.x+t.w/2, y), true
}

func (l *MoveList) tapped(n *game.Node) {
	if l.OnSelect != nil {
		l.OnSelect(n)
	}
}

// showMenu opens the menu of n's move at pos, in the canvas's
// coordinates.
func (l *MoveList) showMenu(n *game.Node, pos fyne.Position) {
	if l.Menu == nil {
		return
	}
	m := l.Menu(n)
	c := fyne.CurrentApp().Driver().CanvasForObject(l)
	if m == nil || c == nil {
		return
	}
	widget.ShowPopUpMenuAtPosition(m, c, pos)
}

// ContentHeight is the height of all the list's rows at the width it was
// last laid out at; 0 before.
func (l *MoveList) ContentHeight() float32 { return l.view.height }

// RowHeight is the height of a row of moves, to give the list room for a
// number of them.
func (l *MoveList) RowHeight() float32 { return newListMetrics(l.Theme()).cellH }
