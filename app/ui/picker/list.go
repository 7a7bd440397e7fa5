// Package picker is the room of the lists of games: the games of a file
// of several, to sort, filter and choose one from, and the moves to the
// next and the previous game of the file.
package picker

import (
	"strconv"
	"time"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/pgn"
)

// columnWidths are the picker's column widths, by column, unless a
// heading needs more (headingWidth).
var columnWidths = [collection.NumColumns]float32{84, 130, 130, 64, 90, 130, 60, 52, 130, 64}

// columnTitle returns the translated heading of a picker column.
func columnTitle(c collection.Column) string {
	switch c {
	case collection.ColNumber:
		return lang.L("#")
	case collection.ColWhite:
		return lang.L("White")
	case collection.ColBlack:
		return lang.L("Black")
	case collection.ColResult:
		return lang.L("Result")
	case collection.ColDate:
		return lang.L("Date")
	case collection.ColEvent:
		return lang.L("Event")
	case collection.ColRound:
		return lang.L("Round")
	case collection.ColECO:
		return lang.L("ECO")
	case collection.ColOpening:
		return lang.L("Opening")
	}
	return lang.L("Moves")
}

// picker is the list of the games of a collection, to choose one from.
// It shows the games while the file is still being indexed, sorts them
// by the column whose heading is clicked (again: the other way round),
// and filters them as a name, event or year is typed.
//
// A game opens with a double click on its row (two clicks on the same row
// within the double-tap delay: the table's cells take single clicks, so
// that selecting stays immediate), Enter, or the Open button. The filter
// box keeps the keyboard: ↑ and ↓ move the selection, Escape closes.
type picker struct {
	r     *Picker
	c     *collection.Collection
	order *collection.Order

	selected  int  // the selected game, -1 for none
	confirmed bool // the game on screen may be left without asking
	visible   bool // the picker is on screen

	lastTap time.Time // of the last click on a row, for double clicks
	// arranging: the list is being sorted or filtered, to scroll to the
	// selected game once it is.
	arranging bool

	d        *dialog.CustomDialog
	content  *fyne.Container
	layout   [2]bool // progress shown, bad games shown: the layout made for them
	filter   *filterEntry
	table    *widget.Table
	status   *widget.Label
	progress *widget.ProgressBar
	stopBtn  *widget.Button
	openBtn  *kit.Button
	scope    *kit.Scope
	bad      *badList
	only     *onlyStrip // says the list is kept to a position's games
}

func newPicker(r *Picker, c *collection.Collection) *picker {
	p := &picker{r: r, c: c, selected: -1, order: c.Order()}
	p.filter = newFilterEntry(p.key)
	p.filter.SetPlaceHolder(lang.L("Filter by player, event or year"))
	p.filter.OnChanged = p.setFilter
	p.filter.OnSubmitted = func(string) { p.openSelected() }
	p.table = p.newTable()
	p.status = widget.NewLabel("")
	p.progress = widget.NewProgressBar()
	p.stopBtn = widget.NewButtonWithIcon(lang.L("Stop reading"), fynetheme.MediaStopIcon(), p.stopIndexing)
	p.bad = newBadList()
	p.only = newOnlyStrip(p)
	p.scope = &kit.Scope{Cancel: p.close, Confirm: p.openSelected}
	p.openBtn = kit.NewButton(p.scope, lang.L("Open"), p.openSelected)
	p.openBtn.Importance = widget.HighImportance
	p.makeDialog()
	p.refresh()
	return p
}

// makeDialog lays the picker out in its dialog: the filter box above the
// table, the count, progress and bad games below.
func (p *picker) makeDialog() {
	progress := container.NewBorder(nil, nil, nil, p.stopBtn, p.progress)
	bottom := container.NewVBox(container.NewBorder(nil, nil, p.status, nil, progress), p.bad.box)
	p.content = container.NewBorder(container.NewVBox(p.filter, p.only.box), bottom, nil, nil, p.table)
	title := lang.L("Choose a game in {{.File}}", map[string]any{"File": words.FileName(p.c.Path())})
	if p.c.Pasted() {
		title = lang.L("Choose a pasted game")
	}
	p.d = dialog.NewCustomWithoutButtons(title, p.content, p.r.env.Window)
	p.d.SetButtons([]fyne.CanvasObject{kit.NewButton(p.scope, lang.L("Cancel"), p.close), p.openBtn})
	p.d.SetOnClosed(p.closed)
}

// newTable makes the table of games, with a heading row whose cells sort.
func (p *picker) newTable() *widget.Table {
	t := widget.NewTable(
		func() (int, int) { return p.order.Len(), int(collection.NumColumns) },
		func() fyne.CanvasObject { return newGameCell(p.tapRow) },
		p.updateCell)
	t.ShowHeaderRow = true
	t.CreateHeader = func() fyne.CanvasObject {
		b := widget.NewButton("", nil)
		b.Importance = widget.LowImportance
		b.Alignment = widget.ButtonAlignLeading
		return b
	}
	t.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		b := o.(*widget.Button)
		col := collection.Column(id.Col)
		b.SetText(p.heading(col))
		b.OnTapped = func() { p.sortBy(col) }
	}
	for c, w := range columnWidths {
		t.SetColumnWidth(c, max(w, headingWidth(collection.Column(c))))
	}
	return t
}

// headingWidth is the width a column's heading needs with its sort arrow:
// in some languages more than the column's width.
func headingWidth(c collection.Column) float32 {
	return widget.NewButton(columnTitle(c)+" ▲", nil).MinSize().Width
}

// heading returns a column's title, with an arrow on the sort column.
func (p *picker) heading(c collection.Column) string {
	title := columnTitle(c)
	by, desc := p.order.SortedBy()
	if by != c {
		return title
	}
	if desc {
		return title + " ▼"
	}
	return title + " ▲"
}

// updateCell shows one cell of the table.
func (p *picker) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	cell := o.(*gameCell)
	if id.Row >= p.order.Len() {
		cell.set(id.Row, "", false, fyne.TextAlignLeading)
		return
	}
	i := p.order.Game(id.Row)
	col := collection.Column(id.Col)
	cell.set(id.Row, p.cellText(i, col), i == p.selected, alignment(col))
}

// cellText returns what a column says of game i.
func (p *picker) cellText(i int, c collection.Column) string {
	x := p.c.Index()
	switch c {
	case collection.ColNumber:
		return strconv.Itoa(i + 1)
	case collection.ColMoves:
		return strconv.Itoa((x.Plies(i) + 1) / 2)
	case collection.ColOpening:
		return p.r.env.OpeningName(p.r.env.Openings.NameOfECO(x.Tag(i, pgn.FieldECO)))
	case collection.ColResult:
		return words.ShortResult(x.Tag(i, pgn.FieldResult))
	}
	return x.Tag(i, c.Field())
}

// alignment puts numbers on the right of their column.
func alignment(c collection.Column) fyne.TextAlign {
	if c == collection.ColNumber || c == collection.ColMoves {
		return fyne.TextAlignTrailing
	}
	return fyne.TextAlignLeading
}

// show shows the picker with the keyboard in its filter box.
func (p *picker) show(confirmed bool) {
	p.confirmed = confirmed
	p.refresh()
	size := p.r.env.Window.Canvas().Size()
	p.d.Resize(fyne.NewSize(min(1000, size.Width-40), min(640, size.Height-40)))
	p.r.env.Dialogs.Show(p.d, p.scope)
	p.visible = true
	p.focusFilter()
	if p.selected >= 0 {
		p.scrollToSelected()
	}
}

// focusFilter gives the keyboard to the filter box.
func (p *picker) focusFilter() {
	// The window's canvas, not the filter's: a dialog shown for the first
	// time is not drawn yet, and its box belongs to no canvas until then.
	p.r.env.Window.Canvas().Focus(p.filter)
}

// refresh brings the picker in line with the collection: new games, the
// progress of the indexing, the games that cannot be opened.
func (p *picker) refresh() {
	if p.c.Single() && p.c.Current() >= 0 {
		// Not a collection after all: its only game is open.
		p.close()
		return
	}
	p.bad.set(p.c.BadGames(), p.c.BadCount())
	p.refreshList()
	if shown := [2]bool{p.progress.Visible(), p.bad.box.Visible()}; shown != p.layout {
		// Parts shown or hidden: lay the dialog out again.
		p.layout = shown
		p.content.Refresh()
	}
}

// refreshList shows the games listed and their count, after the games
// or the filter changed; once a long list is sorted or filtered, it
// scrolls to the selected game.
func (p *picker) refreshList() {
	p.keepSelectionListed()
	p.only.refresh()
	p.refreshStatus()
	p.table.Refresh()
	kit.Enable(p.openBtn, p.selected >= 0)
	if p.arranging && p.order.Arranged() {
		p.arranging = false
		p.scrollToSelected()
	}
}

// refreshStatus says how many games there are and how far indexing is.
func (p *picker) refreshStatus() {
	state, _, read, size := p.c.State()
	running := state == collection.Indexing
	if running && size > 0 {
		p.progress.SetValue(float64(read) / float64(size))
	}
	for _, o := range []fyne.CanvasObject{p.progress, p.stopBtn} {
		if running {
			o.Show()
		} else {
			o.Hide()
		}
	}
	p.status.SetText(p.statusText())
}

// statusText counts the games listed, and says why the list may be short.
func (p *picker) statusText() string {
	state, err, read, size := p.c.State()
	count := map[string]any{"Count": p.c.GoodGames(), "Shown": p.order.Len()}
	text := lang.L("Games: {{.Count}}", count)
	if p.order.Filtered() {
		text = lang.L("Games: {{.Shown}} of {{.Count}}", count)
	}
	switch p.order.Busy() {
	case collection.Sorting:
		text = lang.L("{{.Text}} — sorting…", map[string]any{"Text": text})
	case collection.Filtering:
		text = lang.L("{{.Text}} — filtering…", map[string]any{"Text": text})
	}
	switch state {
	case collection.Indexing:
		text = lang.L("Reading the file… {{.Text}}", map[string]any{"Text": text})
	case collection.Stopped:
		percent := 100 * read / max(size, 1)
		text = lang.L("{{.Text}} — reading stopped at {{.Percent}}% of the file", map[string]any{"Text": text, "Percent": percent})
	case collection.Failed:
		text = lang.L("{{.Text}} — reading failed: {{.Error}}", map[string]any{"Text": text, "Error": words.Error(err)})
	}
	return text
}

// setFilter filters the games as the user types.
func (p *picker) setFilter(text string) {
	p.c.MarkUsed()
	p.order.SetFilter(text)
	p.arranging = true
	p.refreshList() // the bad games and the layout stay as they are
}

// keepSelectionListed selects the first game listed when the selected
// one is not, so that Enter and Open always have a game to open.
func (p *picker) keepSelectionListed() {
	switch {
	case p.order.Len() == 0:
		p.selected = -1
	case p.order.Row(p.selected) < 0:
		p.selected = p.order.Game(0)
	}
}

// sortBy sorts the games by a column, keeping the selected one in view.
func (p *picker) sortBy(c collection.Column) {
	p.c.MarkUsed()
	p.order.SortBy(c)
	p.arranging = true
	p.refreshList()
}

// tapRow selects the game on a row; the second of two quick clicks on
// the same row opens it.
func (p *picker) tapRow(row int) {
	if row >= p.order.Len() {
		return
	}
	i := p.order.Game(row)
	double := i == p.selected && time.Since(p.lastTap) < p.r.env.App.Driver().DoubleTapDelay()
	p.selectGame(i)
	p.focusFilter()
	// Timed from the end of the first click's work, so that a slow
	// refresh does not eat into the delay.
	p.lastTap = time.Now()
	if double {
		p.lastTap = time.Time{}
		p.openSelected()
	}
}

// selectGame selects game i.
func (p *picker) selectGame(i int) {
	p.c.MarkUsed()
	p.selected = i
	p.openBtn.Enable()
	p.table.Refresh()
	p.scrollToSelected()
}

// scrollToSelected scrolls the table to the selected game, if listed.
func (p *picker) scrollToSelected() {
	if row := p.order.Row(p.selected); row >= 0 {
		p.table.ScrollTo(widget.TableCellID{Row: row, Col: 0})
	}
}

// key moves the selection with the arrow keys and closes with Escape; it
// reports whether it used the key.
func (p *picker) key(ev *fyne.KeyEvent) bool {
	step := map[fyne.KeyName]int{fyne.KeyUp: -1, fyne.KeyDown: 1, fyne.KeyPageUp: -10, fyne.KeyPageDown: 10}
	if ev.Name == fyne.KeyEscape {
		p.close()
		return true
	}
	d, ok := step[ev.Name]
	if !ok || p.order.Len() == 0 {
		return false
	}
	row := p.order.Row(p.selected)
	switch {
	case row < 0 && d > 0:
		row = 0
	case row < 0:
		row = p.order.Len() - 1
	default:
		row = min(max(row+d, 0), p.order.Len()-1)
	}
	p.selectGame(p.order.Game(row))
	return true
}

// openSelected opens the selected game once the game on screen is safe to
// leave.
func (p *picker) openSelected() {
	i := p.selected
	if i < 0 {
		return
	}
	open := func() {
		if p.r.openGame(p.c, i) {
			p.confirmed = false
			p.selected = i
			p.d.Hide()
		}
	}
	if p.confirmed {
		open()
		return
	}
	p.r.leave.ConfirmDiscard(open)
}

// stopIndexing stops reading the file; the games found stay listed.
func (p *picker) stopIndexing() {
	p.c.Stop()
	p.refresh()
}

// close hides the picker without opening a game.
func (p *picker) close() {
	p.d.Hide()
}

// closed runs whenever the picker is hidden: a collection none of whose
// games was opened is given up, and its file is no longer read.
func (p *picker) closed() {
	p.visible = false
	p.c.Closed()
}
