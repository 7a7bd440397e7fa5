package picker

import (
	"image/color"

	"github.com/echiquier/echiquier/app/pgn"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// gameCell is a cell of the picker's table: a label on a background that
// marks the selected row. It takes the clicks itself, so that the whole
// row is selected, not one cell, and two quick clicks open the game.
type gameCell struct {
	widget.BaseWidget
	bg     *canvas.Rectangle
	label  *widget.Label
	row    int
	tapped func(row int)
}

func newGameCell(tapped func(row int)) *gameCell {
	c := &gameCell{bg: canvas.NewRectangle(color.Transparent), label: widget.NewLabel(""), tapped: tapped}
	c.label.Truncation = fyne.TextTruncateEllipsis
	c.ExtendBaseWidget(c)
	return c
}

// CreateRenderer draws the background under the label.
func (c *gameCell) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewStack(c.bg, c.label))
}

// Tapped selects the cell's row.
func (c *gameCell) Tapped(*fyne.PointEvent) { c.tapped(c.row) }

// set shows text on row, highlighted when the row is selected.
func (c *gameCell) set(row int, text string, selected bool, align fyne.TextAlign) {
	c.row = row
	fill := color.Color(color.Transparent)
	if selected {
		fill = fynetheme.Color(fynetheme.ColorNameSelection)
	}
	if c.bg.FillColor != fill {
		c.bg.FillColor = fill
		c.bg.Refresh()
	}
	if c.label.Text != text || c.label.Alignment != align {
		// Only on change: a label lays its text out again on each
		// SetText, and the table sets every cell at each refresh.
		c.label.Alignment = align
		c.label.SetText(text)
	}
}

// filterEntry is the picker's filter box. It lets the picker have the
// keys it needs (the arrows, Escape) before the entry does; it takes no
// more than a tag's value.
type filterEntry struct {
	kit.Entry
	onKey func(*fyne.KeyEvent) bool
}

func newFilterEntry(onKey func(*fyne.KeyEvent) bool) *filterEntry {
	e := &filterEntry{onKey: onKey}
	e.SetLimit(pgn.MaxString)
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey gives the key to the picker first.
func (e *filterEntry) TypedKey(ev *fyne.KeyEvent) {
	if e.onKey(ev) {
		return
	}
	e.Entry.TypedKey(ev)
}

// badList lists the games that cannot be opened under a heading that
// counts them; it is hidden when there are none.
type badList struct {
	games   []pgn.GameError
	heading *widget.Label
	list    *widget.List
	box     *fyne.Container
}

// badListHeight is the height of the list of bad games: three lines.
const badListHeight = 110

func newBadList() *badList {
	b := &badList{heading: widget.NewLabel("")}
	b.heading.Importance = widget.WarningImportance
	b.list = widget.NewList(
		func() int { return len(b.games) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id < len(b.games) {
				o.(*widget.Label).SetText(words.Error(b.games[id].Err))
			}
		})
	space := canvas.NewRectangle(color.Transparent)
	space.SetMinSize(fyne.NewSize(0, badListHeight))
	b.box = container.NewBorder(b.heading, nil, nil, nil, container.NewStack(space, b.list))
	b.box.Hide()
	return b
}

// set shows a new list of bad games, of count in all (some may go
// without why).
func (b *badList) set(games []pgn.GameError, count int) {
	b.games = games
	if count == 0 {
		b.box.Hide()
		return
	}
	b.heading.SetText(lang.L("Games that cannot be opened: {{.Count}}", map[string]any{"Count": count}))
	b.list.Refresh()
	b.box.Show()
}
