package widgets

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// TreeRow is one move of an opening tree as a TreeTable shows it.
type TreeRow struct {
	// Move is the move as shown: "Nf3", or in the user's notation.
	Move string
	// Games is how many games played the move; WhiteWins, Draws and
	// BlackWins how many of them ended so. Games without a result count
	// in none of the three.
	Games, WhiteWins, Draws, BlackWins int
	// AvgElo is the average rating of the player who made the move, 0
	// when no game gives it.
	AvgElo int
}

// TreeHeadings are the titles of a TreeTable's columns, in the user's
// language.
type TreeHeadings struct {
	Move, Games, Score, Elo string
}

// TreeTable lists the moves played from a position, most played first:
// each with its number of games, a bar of White's wins, the draws and
// Black's wins, and the average rating of the players who chose it when
// the games give ratings. A click on a move reports it through
// OnSelect.
//
// A position has at most a few hundred moves: every row exists as an
// object, reused from one position to the next.
type TreeTable struct {
	widget.BaseWidget

	// OnSelect is called with the row of the move the user clicks.
	OnSelect func(row int)

	rows    []TreeRow
	elo     bool // some row has a rating: the Elo column shows
	heading *treeLine
	items   []*treeLine
	list    *fyne.Container
	scroll  *container.Scroll
}

// NewTreeTable returns an empty table with these column titles.
func NewTreeTable(h TreeHeadings) *TreeTable {
	t := &TreeTable{}
	t.ExtendBaseWidget(t)
	t.heading = newTreeLine(t, -1)
	t.heading.texts = [3]string{h.Move, h.Games, h.Elo}
	t.heading.score = h.Score
	t.list = container.NewVBox()
	t.scroll = container.NewVScroll(t.list)
	return t
}

// SetRows shows these moves, in this order, scrolled to the top.
func (t *TreeTable) SetRows(rows []TreeRow) {
	t.rows = rows
	t.elo = false
	for _, r := range rows {
		t.elo = t.elo || r.AvgElo > 0
	}
	for len(t.items) < len(rows) {
		t.items = append(t.items, newTreeLine(t, len(t.items)))
	}
	objs := make([]fyne.CanvasObject, len(rows))
	for i, r := range rows {
		l := t.items[i]
		l.row = r
		l.texts = [3]string{r.Move, strconv.Itoa(r.Games), ""}
		if r.AvgElo > 0 {
			l.texts[2] = strconv.Itoa(r.AvgElo)
		}
		objs[i] = l
	}
	t.list.Objects = objs
	t.heading.Refresh()
	t.list.Refresh()
	t.scroll.ScrollToTop()
}

// Rows returns the moves shown.
func (t *TreeTable) Rows() []TreeRow { return t.rows }

// RowPosition returns the middle of a row's move in the table's
// coordinates, as the table is scrolled now; ok is false for a row not
// shown or a table not laid out yet.
func (t *TreeTable) RowPosition(row int) (pos fyne.Position, ok bool) {
	if row < 0 || row >= len(t.rows) || t.items[row].Size().Height <= 0 {
		return fyne.Position{}, false
	}
	l := t.items[row]
	y := t.scroll.Position().Y + l.Position().Y - t.scroll.Offset.Y + l.Size().Height/2
	return fyne.NewPos(theme.Padding()+l.Size().Height, y), true
}

// CreateRenderer is part of fyne.Widget.
func (t *TreeTable) CreateRenderer() fyne.WidgetRenderer {
	t.ExtendBaseWidget(t)
	return widget.NewSimpleRenderer(container.NewBorder(t.heading, nil, nil, nil, t.scroll))
}

func (t *TreeTable) tapped(row int) {
	if t.OnSelect != nil && row >= 0 && row < len(t.rows) {
		t.OnSelect(row)
	}
}

// treeLine is the heading or a row of a TreeTable: the move, the games,
// the score bar and the rating side by side.
type treeLine struct {
	widget.BaseWidget
	t       *TreeTable
	index   int // the row, -1 for the heading
	texts   [3]string
	score   string // the heading of the bar
	row     TreeRow
	hovered bool
}

func newTreeLine(t *TreeTable, index int) *treeLine {
	l := &treeLine{t: t, index: index}
	l.ExtendBaseWidget(l)
	return l
}

// Tapped is part of fyne.Tappable.
func (l *treeLine) Tapped(*fyne.PointEvent) { l.t.tapped(l.index) }

// MouseIn is part of desktop.Hoverable: the row under the pointer is
// highlighted, as it takes clicks.
func (l *treeLine) MouseIn(*desktop.MouseEvent) {
	if l.index >= 0 {
		l.hovered = true
		l.Refresh()
	}
}

// MouseMoved is part of desktop.Hoverable.
func (l *treeLine) MouseMoved(*desktop.MouseEvent) {}

// MouseOut is part of desktop.Hoverable.
func (l *treeLine) MouseOut() {
	l.hovered = false
	l.Refresh()
}

// Cursor is part of desktop.Cursorable: a pointing hand over a move.
func (l *treeLine) Cursor() desktop.Cursor {
	if l.index >= 0 {
		return desktop.PointerCursor
	}
	return desktop.DefaultCursor
}

func (l *treeLine) CreateRenderer() fyne.WidgetRenderer {
	r := &treeLineRenderer{l: l, bg: canvas.NewRectangle(color.Transparent)}
	for i := range r.texts {
		r.texts[i] = canvas.NewText("", nil)
	}
	r.texts[1].Alignment = fyne.TextAlignTrailing
	r.texts[2].Alignment = fyne.TextAlignTrailing
	for i := range r.bar {
		r.bar[i] = canvas.NewRectangle(color.Transparent)
		r.pct[i] = canvas.NewText("", nil)
		r.pct[i].Alignment = fyne.TextAlignCenter
	}
	r.bar[0].StrokeWidth = 1
	r.barHead = canvas.NewText("", nil)
	r.objects = []fyne.CanvasObject{r.bg, r.texts[0], r.texts[1], r.texts[2], r.bar[0], r.bar[1], r.bar[2], r.pct[0], r.pct[1], r.pct[2], r.barHead}
	r.Refresh()
	return r
}

// treeLineRenderer draws a treeLine. The bar is three rectangles, White's
// share light, the draws grey, Black's dark, each with its percentage
// when it fits.
type treeLineRenderer struct {
	l       *treeLine
	bg      *canvas.Rectangle
	texts   [3]*canvas.Text // move, games, rating
	bar     [3]*canvas.Rectangle
	pct     [3]*canvas.Text
	barHead *canvas.Text
	objects []fyne.CanvasObject
}

// barColors returns the colours of White's wins, the draws and Black's
// wins, and of the text written on each: the pieces' colours, whatever
// the theme.
func barColors() (fill, text [3]color.Color) {
	fill = [3]color.Color{color.NRGBA{0xf4, 0xf4, 0xf4, 0xff}, color.NRGBA{0x9e, 0x9e, 0x9e, 0xff}, color.NRGBA{0x30, 0x30, 0x30, 0xff}}
	text = [3]color.Color{color.NRGBA{0x20, 0x20, 0x20, 0xff}, color.NRGBA{0x10, 0x10, 0x10, 0xff}, color.NRGBA{0xf0, 0xf0, 0xf0, 0xff}}
	return fill, text
}

func (r *treeLineRenderer) Destroy() {}

func (r *treeLineRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *treeLineRenderer) textSize() float32 {
	return r.l.Theme().Size(theme.SizeNameText)
}

// columns returns the widths of the move, games and rating columns: wide
// enough for "Qxf7+", a million games and "2850".
func (r *treeLineRenderer) columns() (move, games, elo float32) {
	size := r.textSize()
	move = fyne.MeasureText("Qxf7+ ", size, fyne.TextStyle{Bold: true}).Width
	games = fyne.MeasureText("0000000", size, fyne.TextStyle{}).Width
	if r.l.t.elo {
		elo = fyne.MeasureText(" 0000", size, fyne.TextStyle{}).Width
	}
	return move, games, elo
}

func (r *treeLineRenderer) MinSize() fyne.Size {
	move, games, elo := r.columns()
	h := fyne.MeasureText("Mg", r.textSize(), fyne.TextStyle{}).Height
	pad := r.l.Theme().Size(theme.SizeNamePadding)
	return fyne.NewSize(move+games+elo+8*pad+60, h+pad)
}

func (r *treeLineRenderer) Layout(size fyne.Size) {
	pad := r.l.Theme().Size(theme.SizeNamePadding)
	move, games, elo := r.columns()
	r.bg.Resize(size)
	h := size.Height
	x := pad
	place := func(o fyne.CanvasObject, w float32) {
		o.Move(fyne.NewPos(x, (h-o.MinSize().Height)/2))
		o.Resize(fyne.NewSize(w, o.MinSize().Height))
		x += w + pad
	}
	place(r.texts[0], move)
	place(r.texts[1], games)
	x += pad
	barW := max(size.Width-x-elo-2*pad, 0)
	r.barHead.Move(fyne.NewPos(x, (h-r.barHead.MinSize().Height)/2))
	r.layoutBar(x, barW, h, pad)
	x += barW + pad
	place(r.texts[2], elo)
}

// layoutBar places the three parts of the bar, each as wide as its share
// of the games.
func (r *treeLineRenderer) layoutBar(x, w, h, pad float32) {
	row := r.l.row
	counts := [3]int{row.WhiteWins, row.Draws, row.BlackWins}
	total := counts[0] + counts[1] + counts[2]
	top, barH := pad/2+1, h-pad-2
	for i := range counts {
		part := float32(0)
		if total > 0 {
			part = w * float32(counts[i]) / float32(total)
		}
		r.bar[i].Move(fyne.NewPos(x, top))
		r.bar[i].Resize(fyne.NewSize(part, barH))
		r.pct[i].Text = ""
		if total > 0 && counts[i] > 0 {
			r.pct[i].Text = strconv.Itoa((200*counts[i]+total)/(2*total)) + "%"
		}
		if r.pct[i].MinSize().Width+2 > part {
			r.pct[i].Text = ""
		}
		r.pct[i].Move(fyne.NewPos(x, top+(barH-r.pct[i].MinSize().Height)/2))
		r.pct[i].Resize(fyne.NewSize(part, r.pct[i].MinSize().Height))
		x += part
	}
	// The frame goes round the whole bar: the first rectangle is drawn
	// again as wide as the three, under the others.
	r.bar[0].Resize(fyne.NewSize(w, barH))
}

func (r *treeLineRenderer) Refresh() {
	l := r.l
	th := l.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	fg := th.Color(theme.ColorNameForeground, v)
	size := r.textSize()
	heading := l.index < 0
	for i, t := range r.texts {
		t.Text, t.Color, t.TextSize = l.texts[i], fg, size
		t.TextStyle = fyne.TextStyle{Bold: heading || i == 0}
	}
	if heading {
		r.texts[2].Text = ""
		if l.t.elo {
			r.texts[2].Text = l.texts[2]
		}
	}
	r.barHead.Text, r.barHead.Color, r.barHead.TextSize = "", fg, size
	r.barHead.TextStyle.Bold = true
	fill, text := barColors()
	for i := range r.bar {
		r.bar[i].FillColor = fill[i]
		r.pct[i].Color, r.pct[i].TextSize = text[i], size*0.85
	}
	r.bar[0].StrokeColor = fill[1]
	row := l.row
	if heading || row.WhiteWins+row.Draws+row.BlackWins == 0 {
		// No bar in the heading; an empty frame for games none of
		// which has a result.
		r.bar[0].FillColor = color.Transparent
	}
	if heading {
		r.bar[0].StrokeColor = color.Transparent
		r.barHead.Text = l.score
	}
	r.bg.FillColor = color.Transparent
	if l.hovered {
		r.bg.FillColor = th.Color(theme.ColorNameHover, v)
	}
	r.Layout(l.Size())
	canvas.Refresh(l)
}
