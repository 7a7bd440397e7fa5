package widgets

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
)

// MoveList shows the moves of a line beside the board, a row per full
// move: its number, White's move and Black's move. The current move is
// highlighted; clicking a move reports it through OnSelect. Only the rows
// in view exist as objects, so a game of thousands of moves stays fast.
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

	root    *game.Node
	line    []*game.Node
	offset  int // 1 when the line starts with Black's move, else 0
	current int // index in line of the current move, or -1

	list         *widget.List
	scrollOnSize bool // SetCurrent came before the list had a size
}

// NewMoveList returns an empty move list. A MoveList must be made with
// it.
func NewMoveList() *MoveList {
	l := &MoveList{current: -1}
	l.ExtendBaseWidget(l)
	l.list = widget.NewList(l.rowCount, l.newRow, l.updateRow)
	l.list.HideSeparators = true
	return l
}

// CreateRenderer is part of fyne.Widget.
func (l *MoveList) CreateRenderer() fyne.WidgetRenderer {
	l.ExtendBaseWidget(l)
	return &moveListRenderer{l: l, objects: []fyne.CanvasObject{l.list}}
}

// SetLine sets the moves shown: line[i] is the i-th move after root (the
// main line, say). The highlight is dropped when its move is no longer in
// the line.
func (l *MoveList) SetLine(root *game.Node, line []*game.Node) {
	cur := l.Current()
	l.root, l.line = root, line
	l.offset = 0
	if l.firstMover() == game.Black {
		l.offset = 1
	}
	l.current = l.indexOf(cur)
	l.list.Refresh()
}

// SetCurrent highlights n's move and scrolls it into view. nil, the root
// or a node not in the line highlights nothing.
func (l *MoveList) SetCurrent(n *game.Node) {
	l.current = l.indexOf(n)
	l.scrollOnSize = false
	switch {
	case l.current < 0:
		l.list.Refresh()
	case l.list.Size().Height <= 0:
		l.scrollOnSize = true // scroll once laid out
		l.list.Refresh()
	default:
		l.list.ScrollTo(l.rowOf(l.current)) // refreshes the rows in view
	}
}

// Current returns the highlighted move's node, or nil.
func (l *MoveList) Current() *game.Node {
	if l.current < 0 {
		return nil
	}
	return l.line[l.current]
}

// firstMover is the colour of the line's first move.
func (l *MoveList) firstMover() game.Color {
	switch {
	case l.root != nil:
		return l.root.Position().Turn
	case len(l.line) > 0:
		return l.line[0].Mover()
	}
	return game.White
}

// indexOf returns n's index in the line, or -1.
func (l *MoveList) indexOf(n *game.Node) int {
	if n == nil || n == l.root {
		return -1
	}
	if i := l.guessIndex(n); i >= 0 && i < len(l.line) && l.line[i] == n {
		return i
	}
	for i, m := range l.line {
		if m == n {
			return i
		}
	}
	return -1
}

// guessIndex is where n sits in the line if the line starts right after
// its root.
func (l *MoveList) guessIndex(n *game.Node) int {
	if l.root != nil {
		return n.Ply() - l.root.Ply() - 1
	}
	if len(l.line) > 0 {
		return n.Ply() - l.line[0].Ply()
	}
	return -1
}

// rowOf returns the row of the move at index i of the line.
func (l *MoveList) rowOf(i int) int { return (i + l.offset) / 2 }

// nodeAt returns the move in a row's column (0 White, 1 Black), or nil.
func (l *MoveList) nodeAt(row, col int) *game.Node {
	i := 2*row + col - l.offset
	if i < 0 || i >= len(l.line) {
		return nil
	}
	return l.line[i]
}

func (l *MoveList) rowCount() int { return (len(l.line) + l.offset + 1) / 2 }

func (l *MoveList) newRow() fyne.CanvasObject { return newMoveRow(l.tapped) }

func (l *MoveList) updateRow(id widget.ListItemID, o fyne.CanvasObject) {
	white, black := l.nodeAt(id, 0), l.nodeAt(id, 1)
	o.(*moveRow).set(rowNumber(white, black), l.cell(white), l.cell(black))
}

// cell returns what a move cell shows for n (nil: an empty cell).
func (l *MoveList) cell(n *game.Node) cellState {
	if n == nil {
		return cellState{}
	}
	return cellState{
		node:    n,
		text:    l.moveText(n),
		current: l.current >= 0 && l.line[l.current] == n,
	}
}

// moveText is n's move as shown: in the list's notation, with its
// move-quality glyph.
func (l *MoveList) moveText(n *game.Node) string {
	san := n.SAN()
	if l.Notation != nil {
		san = l.Notation(san)
	}
	return san + nagGlyph(n.NAGs())
}

func (l *MoveList) tapped(n *game.Node) {
	if l.OnSelect != nil {
		l.OnSelect(n)
	}
}

// rowNumber is the move number of a row: "12." or, for a row without
// White's move, "12…".
func rowNumber(white, black *game.Node) string {
	switch {
	case white != nil:
		return strconv.Itoa(white.MoveNumber()) + "."
	case black != nil:
		return strconv.Itoa(black.MoveNumber()) + "…"
	}
	return ""
}

// nagGlyph returns the glyph of the first move-quality NAG (1–6) in nags,
// or "".
func nagGlyph(nags []int) string {
	for _, nag := range nags {
		switch nag {
		case 1:
			return "!"
		case 2:
			return "?"
		case 3:
			return "!!"
		case 4:
			return "??"
		case 5:
			return "!?"
		case 6:
			return "?!"
		}
	}
	return ""
}

// moveListRenderer shows the list; it scrolls to the current move once
// the list gets a size if SetCurrent came earlier.
type moveListRenderer struct {
	l       *MoveList
	objects []fyne.CanvasObject
}

func (r *moveListRenderer) Destroy() {}

func (r *moveListRenderer) Layout(size fyne.Size) {
	r.l.list.Resize(size)
	if r.l.scrollOnSize && size.Height > 0 {
		r.l.SetCurrent(r.l.Current())
	}
}

func (r *moveListRenderer) MinSize() fyne.Size { return r.l.list.MinSize() }

func (r *moveListRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *moveListRenderer) Refresh() { r.l.list.Refresh() }
