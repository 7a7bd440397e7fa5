package files

import (
	"time"

	"fyne.io/fyne/v2"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Fyne's open dialog (fyne.io/fyne/v2/dialog, v2.7.1) enters a folder at
// the first click on it, and opens a file at a double click, which each
// item of its list tells by the time of its last click. Its items are
// reused for what the folder entered lists: the second click of a double
// click on a folder lands on an item that now shows another entry, and
// the item, remembering the first click, took it for a double click on
// that entry: it opened the file that took the folder's place (or entered
// the folder that did). Fyne gives no way in; clickGuard steps between
// the dialog and its items instead. It notes, for each item, since when
// it shows the entry it shows, and a click on an item that took another
// entry less than a double click ago does nothing: neither choose nor
// open. The items get the dialog's Open action from its Open button as
// they are shown (fileDialog.setView's update), so the guard lends them
// its own while they are; and it hooks the list's selection, which a
// click on an item makes.

// clickGuard guards the items of a Fyne open dialog.
type clickGuard struct {
	f     *Files
	pop   fyne.CanvasObject // the dialog
	open  *widget.Button    // its Open button
	delay time.Duration     // a double click's
	// cells are the dialog's items as they were last shown: what they
	// show and since when.
	cells map[fyne.CanvasObject]shownEntry
}

// shownEntry is what an item of the dialog shows: the entry id of a
// folder, since a time.
type shownEntry struct {
	folder string
	id     int
	since  time.Time
}

// guardDoubleClicks guards the items of the open dialog whose parts are
// parts, in pop.
func (f *Files) guardDoubleClicks(pop fyne.CanvasObject, parts fyneDialogParts) {
	if parts.open == nil {
		return // another Fyne: its dialog as it is
	}
	g := &clickGuard{f: f, pop: pop, open: parts.open, delay: f.env.App.Driver().DoubleTapDelay(),
		cells: map[fyne.CanvasObject]shownEntry{}}
	g.guard(parts.places)
	// The button that shows the files as a grid or as a list makes the
	// dialog's list anew.
	if toggle, ok := findViewToggle(pop); ok {
		toggled := toggle.OnTapped
		toggle.OnTapped = func() {
			toggled()
			g.guard(parts.places)
		}
	}
}

// guard guards the dialog's list of files, whichever kind it is (not
// places, the list of places beside it).
func (g *clickGuard) guard(places *widget.List) {
	var list *widget.List
	var grid *widget.GridWrap
	walkObjects(g.pop, func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.List:
			if x != places {
				list = x
			}
		case *widget.GridWrap:
			grid = x
		}
	})
	switch {
	case list != nil:
		g.hook(&list.UpdateItem, &list.OnSelected, list.Unselect)
		list.Refresh()
	case grid != nil:
		g.hook(&grid.UpdateItem, &grid.OnSelected, grid.Unselect)
		grid.Refresh()
	}
}

// hook steps between a list of the dialog (a List or a GridWrap) and its
// items: update shows an item, choose is told of a click on one.
func (g *clickGuard) hook(update *func(int, fyne.CanvasObject), choose *func(int), unselect func(int)) {
	shown, chosen := *update, *choose
	*update = func(id int, o fyne.CanvasObject) { g.update(id, o, func() { shown(id, o) }) }
	*choose = func(id int) {
		if g.justShown(id) {
			unselect(id)
			return
		}
		chosen(id)
	}
}

// update shows entry id in the item cell, by the dialog's own update,
// noting since when the item shows it; the item gets an Open action that
// does nothing while it shows the entry for less than a double click.
func (g *clickGuard) update(id int, cell fyne.CanvasObject, update func()) {
	folder := g.f.fyneDialogFolder()
	switch e, seen := g.cells[cell]; {
	case !seen: // the item was not clicked in the guard's time: no news
		g.cells[cell] = shownEntry{folder: folder, id: id}
	case e.folder != folder || e.id != id:
		g.cells[cell] = shownEntry{folder: folder, id: id, since: g.f.env.Now()}
	}
	open := g.open.OnTapped
	g.open.OnTapped = func() {
		if g.f.env.Now().Sub(g.cells[cell].since) >= g.delay {
			open()
		}
	}
	update()
	g.open.OnTapped = open
}

// justShown reports whether the item that shows entry id of the folder
// shown has shown it for less than a double click: a click on it is the
// second of a double click on what it showed before.
func (g *clickGuard) justShown(id int) bool {
	folder := g.f.fyneDialogFolder()
	for _, e := range g.cells {
		if e.folder == folder && e.id == id {
			return g.f.env.Now().Sub(e.since) < g.delay
		}
	}
	return false
}

// findViewToggle finds the button of a Fyne file dialog that shows the
// files as a grid or as a list: its icon is the other view's.
func findViewToggle(pop fyne.CanvasObject) (*widget.Button, bool) {
	var found *widget.Button
	grid, list := fynetheme.GridIcon().Name(), fynetheme.ListIcon().Name()
	walkObjects(pop, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text == "" && b.Icon != nil && (b.Icon.Name() == grid || b.Icon.Name() == list) {
			found = b
		}
	})
	return found, found != nil
}
