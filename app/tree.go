package app

import (
	"context"
	"errors"
	"log"
	"os"
	"time"

	"github.com/echiquier/echiquier/app/ui/words"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/explore"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/widgets"
)

// treeProgressInterval is how often a tree being built tells how far it
// got: often enough to watch it move, rarely enough to cost the window
// nothing.
const treeProgressInterval = 100 * time.Millisecond

// treePanel is the opening tree of the file the game on screen comes
// from, shown under the move list (View ▸ Opening tree): the moves played
// from the position shown, with how often and how they scored. The tree
// is built in the background once the panel is first shown and the file
// is indexed, and kept in the cache beside the other trees, so that the
// file opens at once the next time. Opening another file stops the build;
// the user may stop it too, and keeps the tree of the games read so far.
type treePanel struct {
	a        *App
	post     func(func())
	cacheDir string         // "" for explore.DefaultCacheDir
	item     *fyne.MenuItem // View ▸ Opening tree
	// gamesItem is View ▸ Games with this position…, enabled with
	// gamesBtn.
	gamesItem *fyne.MenuItem

	shown    bool
	slotBox  *fyne.Container // the place of the move list in the window
	list     fyne.CanvasObject
	box      *fyne.Container
	table    *widgets.TreeTable
	status   *widget.Label
	progress *widget.ProgressBar
	stopBtn  *widget.Button
	gamesBtn *widget.Button

	path  string        // the file the tree is of, "" for none
	stamp fileStamp     // of path when its tree was started
	tree  *explore.Tree // nil until built
	build *treeBuild    // the build running, or nil
	// ended says that the build of path ended early (stopped, failed):
	// it is not started again for that file.
	ended bool
	// looked says that the cache was asked for a tree of path while
	// the file was being indexed.
	looked bool
	full   bool  // the build ended at the positions a tree holds
	err    error // why the build failed

	fen   string             // the position listed, "" for none
	count int                // the games that reach it
	moves []explore.MoveStat // the moves listed
}

// fileStamp tells a file changed: its size and time of change.
type fileStamp struct {
	size    int64
	modTime time.Time
}

// stampOf returns the stamp of the file at path; the zero stamp when it
// cannot be read.
func stampOf(path string) fileStamp {
	st, err := os.Stat(path)
	if err != nil {
		return fileStamp{}
	}
	return fileStamp{st.Size(), st.ModTime()}
}

// treeBuild is a tree being built: how far it got, and how to stop it.
type treeBuild struct {
	cancel      context.CancelFunc
	done, total int64
	started     time.Time
	cachedOnly  bool // only reading a tree kept in the cache
}

// make makes the panel's widgets, in the window's language.
func (p *treePanel) make() {
	p.table = widgets.NewTreeTable(widgets.TreeHeadings{
		Move: lang.L("Move"), Games: lang.L("Games"), Score: lang.L("White / draw / Black"), Elo: lang.L("Elo"),
	})
	p.table.OnSelect = p.play
	p.status = widget.NewLabel("")
	p.status.Wrapping = fyne.TextWrapWord
	p.progress = widget.NewProgressBar()
	p.stopBtn = widget.NewButtonWithIcon(lang.L("Stop"), fynetheme.MediaStopIcon(), p.stop)
	p.gamesBtn = widget.NewButtonWithIcon(lang.L("Games with this position…"), fynetheme.ListIcon(), p.showGames)
	title := widget.NewLabelWithStyle(lang.L("Opening tree"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	bottom := container.NewVBox(container.NewBorder(nil, nil, nil, p.stopBtn, p.progress), p.status, p.gamesBtn)
	p.box = container.NewBorder(title, bottom, nil, nil, p.table)
}

// slot returns the place of the move list in a window being built: the
// list, with the tree under it when shown, made again in the window's
// language.
func (p *treePanel) slot(list fyne.CanvasObject) *fyne.Container {
	p.list = list
	p.slotBox = container.NewStack(list)
	if p.shown {
		p.make()
		p.place()
		p.showPosition(true)
	}
	return p.slotBox
}

// place puts the tree under the move list, or takes it away.
func (p *treePanel) place() {
	if p.shown {
		split := container.NewVSplit(p.list, p.box)
		split.Offset = 0.3
		p.slotBox.Objects = []fyne.CanvasObject{split}
	} else {
		p.slotBox.Objects = []fyne.CanvasObject{p.list}
	}
	p.slotBox.Refresh()
}

// toggleTree shows the opening tree under the move list, or hides it.
func (a *App) toggleTree() {
	p := &a.tree
	if p.box == nil {
		p.make()
	}
	p.shown = !p.shown
	p.place()
	if p.item != nil {
		p.item.Checked = p.shown
		a.refreshMainMenu()
	}
	p.follow(session.Event{})
	p.refreshGames()
}

// follow brings the tree in line with the session: another file stops
// the tree of the last one; the panel shown and the file indexed, the
// tree is built; another position shows its moves.
func (p *treePanel) follow(ev session.Event) {
	a := p.a
	if a == nil || a.ui == nil {
		return // still building the window
	}
	path := a.sess.Path()
	if ev.Change.Has(session.CollectionOpened) && ev.Collection.Path() != p.path {
		// Another file is being opened: its index comes first. The tree
		// starts again if its game stays on screen.
		p.cancel()
	}
	if path != p.path {
		p.cancel()
		p.closeTree()
		p.path, p.ended, p.looked, p.full, p.err = path, false, false, false, nil
	} else if ev.Change.Has(session.FileChanged) && p.started() && stampOf(path) != p.stamp {
		// The file was written (a game saved back into it): the tree of
		// what it held is built again.
		p.cancel()
		p.closeTree()
		p.ended, p.looked, p.full, p.err = false, false, false, nil
	}
	if !p.shown {
		return
	}
	if p.path != "" && p.tree == nil && p.build == nil && !p.ended {
		if !a.indexing() {
			p.start(false)
		} else if !p.looked {
			// A tree kept in the cache comes at once: only building
			// one waits for the index.
			p.looked = true
			p.start(true)
		}
	}
	p.showPosition(false)
}

// building reports whether the tree is being built (not only looked
// for in the cache).
func (p *treePanel) building() bool {
	return p.build != nil && !p.build.cachedOnly
}

// started reports whether the tree of the file was built, or is being
// built.
func (p *treePanel) started() bool {
	return p.tree != nil || p.build != nil || p.ended
}

// indexing reports whether a file is being indexed: the tree waits for
// it, as both read the disk.
func (a *App) indexing() bool {
	for c := range a.pickers {
		if state, _, _, _ := c.State(); state == session.Indexing {
			return true
		}
	}
	return false
}

// start builds the tree of the file in the background, or reads it from
// the cache; cachedOnly, it only reads it from the cache.
func (p *treePanel) start(cachedOnly bool) {
	ctx, cancel := context.WithCancel(context.Background())
	b := &treeBuild{cancel: cancel, started: time.Now(), cachedOnly: cachedOnly}
	p.build = b
	p.stamp = stampOf(p.path)
	path, dir, post := p.path, p.cacheDir, p.post
	go func() {
		var last time.Time
		progress := func(done, total int64) {
			if time.Since(last) < treeProgressInterval {
				return
			}
			last = time.Now()
			post(func() { p.progressed(b, done, total) })
		}
		if dir == "" {
			var err error
			if dir, err = explore.DefaultCacheDir(); err != nil {
				log.Printf("opening tree: no cache: %v", err)
			}
		}
		var t *explore.Tree
		var err error
		switch {
		case cachedOnly && dir == "":
			err = explore.ErrNotCached
		case cachedOnly:
			t, err = explore.LoadCached(path, dir)
		case dir != "":
			t, err = explore.BuildCached(ctx, path, dir, progress)
		default:
			t, err = explore.Build(ctx, path, progress)
		}
		post(func() { p.finished(b, t, err) })
	}()
}

// progressed takes how far the build got.
func (p *treePanel) progressed(b *treeBuild, done, total int64) {
	if p.build != b {
		return
	}
	b.done, b.total = done, total
	p.showStatus()
}

// finished takes the tree built, or what ended the build. A build
// stopped by the user leaves the tree of the games read until then.
func (p *treePanel) finished(b *treeBuild, t *explore.Tree, err error) {
	if p.build != b {
		if t != nil {
			t.Close() // of a file no longer shown
		}
		return
	}
	p.build = nil
	b.cancel()
	switch {
	case err == nil:
		log.Printf("opening tree: %d games, %d positions in %v", t.Len(), t.Positions(), time.Since(b.started).Round(time.Millisecond))
	case b.cachedOnly:
		// Not cached (or the cache cannot tell): built once the file is
		// indexed, which may be now.
		p.follow(session.Event{})
		return
	case errors.Is(err, context.Canceled), errors.Is(err, explore.ErrTooManyPositions):
		p.ended, p.full = true, errors.Is(err, explore.ErrTooManyPositions)
	default:
		p.ended, p.err = true, err
		if t != nil {
			t.Close()
			t = nil
		}
	}
	p.tree = t
	p.showPosition(true)
}

// stop stops the build; the tree of the games read so far stays.
func (p *treePanel) stop() {
	if p.build != nil {
		p.build.cancel()
	}
}

// cancel forgets the build running, if any: its tree, when it comes, is
// thrown away.
func (p *treePanel) cancel() {
	if p.build != nil {
		p.build.cancel()
		p.build = nil
	}
}

func (p *treePanel) closeTree() {
	if p.tree != nil {
		p.tree.Close()
		p.tree = nil
	}
	p.fen, p.moves, p.count = "", nil, 0
}

// showPosition lists the moves of the position shown; unless forced,
// only when it is another position.
func (p *treePanel) showPosition(force bool) {
	fen := ""
	if p.tree != nil {
		pos := p.a.sess.Shown().Position()
		fen = pos.FEN()
	}
	if fen != p.fen || force {
		p.fen, p.moves, p.count = fen, nil, 0
		if fen != "" {
			// A binary search: well under a millisecond, even for
			// millions of games.
			p.moves, _ = p.tree.Moves(fen)
			p.count, _ = p.tree.Count(fen)
		}
		notation := p.a.notation()
		rows := make([]widgets.TreeRow, len(p.moves))
		for i, m := range p.moves {
			rows[i] = widgets.TreeRow{Move: game.FormatSAN(m.SAN, notation), Games: m.Games,
				WhiteWins: m.WhiteWins, Draws: m.Draws, BlackWins: m.BlackWins, AvgElo: m.AvgElo}
		}
		p.table.SetRows(rows)
	}
	p.showStatus()
}

// showStatus says how far the tree got, and how many games reach the
// position.
func (p *treePanel) showStatus() {
	building := p.building()
	for _, o := range []fyne.CanvasObject{p.progress, p.stopBtn} {
		if building {
			o.Show()
		} else {
			o.Hide()
		}
	}
	if building && p.build.total > 0 {
		p.progress.SetValue(float64(p.build.done) / float64(p.build.total))
	}
	if text := p.statusText(); text != p.status.Text {
		h := p.status.MinSize().Height
		p.status.SetText(text)
		if p.status.MinSize().Height != h {
			// A wrapped label grows with its text: lay the panel out
			// again, only then, as the progress changes it often.
			p.box.Refresh()
		}
	}
	p.refreshGames()
}

// canShowGames reports whether the games that reach the position shown
// can be listed.
func (p *treePanel) canShowGames() bool {
	return p.shown && p.tree != nil && p.count > 0 && p.a.sess.Collection() != nil
}

// refreshGames enables the button and the menu item that list the games
// of the position shown, when they can.
func (p *treePanel) refreshGames() {
	on := p.canShowGames()
	if p.gamesBtn != nil {
		enable(p.gamesBtn, on)
	}
	if p.gamesItem != nil && p.gamesItem.Disabled == on {
		p.gamesItem.Disabled = !on
		p.a.refreshMainMenu()
	}
}

func (p *treePanel) statusText() string {
	switch {
	case p.path == "":
		return lang.L("Open a file of games to see what was played in them from the position shown.")
	case p.err != nil:
		return lang.L("The tree could not be built: {{.Error}}", map[string]any{"Error": words.Error(p.err)})
	case p.building():
		percent := 0
		if b := p.build; b.total > 0 {
			percent = int(100 * b.done / b.total)
		}
		return lang.L("Building the tree… {{.Percent}}% of the file", map[string]any{"Percent": percent})
	case p.tree == nil:
		return lang.L("The tree is built once the file is read.")
	}
	text := lang.L("Games reaching this position: {{.Count}}", map[string]any{"Count": p.count})
	switch {
	case p.count == 0:
		text = lang.L("No game of the file reaches this position")
	case len(p.moves) == 0:
		text = lang.L("{{.Text}} — none goes on from here", map[string]any{"Text": text})
	}
	if p.full {
		text = lang.L("{{.Text}} — the tree holds the first {{.Games}} games: the file has more positions than it can hold", map[string]any{"Text": text, "Games": p.tree.Len()})
	} else if p.ended {
		switch n := p.tree.Len(); n {
		case 0:
			text = lang.L("{{.Text}} — tree stopped before the first game", map[string]any{"Text": text})
		case 1:
			text = lang.L("{{.Text}} — tree stopped after 1 game", map[string]any{"Text": text})
		default:
			text = lang.L("{{.Text}} — tree stopped after {{.Games}} games", map[string]any{"Text": text, "Games": n})
		}
	}
	switch n := p.tree.Skipped(); {
	case n == 1:
		text = lang.L("{{.Text}} — 1 game of the file could not be read", map[string]any{"Text": text})
	case n > 1:
		text = lang.L("{{.Text}} — {{.Count}} games of the file could not be read", map[string]any{"Text": text, "Count": n})
	}
	return text
}

// play plays the move of a row, as if made on the board.
func (p *treePanel) play(row int) {
	if row >= len(p.moves) {
		return
	}
	m, err := p.a.sess.Shown().ParseMove(p.moves[row].UCI)
	if err != nil {
		p.a.moveRefused(err)
		return
	}
	p.a.moveFromBoard(m)
}

// showGames lists in the picker only the games that reach the position
// shown.
func (p *treePanel) showGames() {
	if !p.canShowGames() {
		return
	}
	c := p.a.sess.Collection()
	games, err := p.tree.GameSet(p.fen)
	if err != nil {
		p.a.showError(err)
		return
	}
	c.MarkUsed()
	c.Order().SetOnly(games)
	p.a.showPicker(c, false)
	p.a.pickers[c].only.set(words.PositionName(p.a.sess.Shown()))
}
