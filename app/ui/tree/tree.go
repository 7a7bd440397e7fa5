// Package tree is the room of the opening tree: for the position shown,
// the moves played from it in the games of the file on screen, how often
// and how they scored.
package tree

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"slices"
	"time"

	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/explore"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/settings"
	"github.com/echiquier/echiquier/widgets"
)

// treeProgressInterval is how often a tree being built tells how far it
// got: often enough to watch it move, rarely enough to cost the window
// nothing.
const treeProgressInterval = 100 * time.Millisecond

// Player plays a move as if made on the board.
type Player interface {
	Move(m game.Move)
}

// Lister lists the games of the file on screen.
type Lister interface {
	// ShowOnly lists only the games that games holds (a bit a game),
	// those that reach position (named for the user).
	ShowOnly(games []uint64, position string)
	// Indexing reports whether a file is being read: the tree waits for
	// it, as both read the disk.
	Indexing() bool
}

// Tree is the opening tree of the file the game on screen comes from,
// shown under the move list (View ▸ Opening tree): the moves played from
// the position shown, with how often and how they scored. The tree is
// built in the background once the panel is first shown and the file is
// indexed, and kept in the cache beside the other trees, so that the
// file opens at once the next time. Opening another file stops the
// build; the user may stop it too, and keeps the tree of the games read
// so far.
type Tree struct {
	env      *kit.Env
	player   Player
	lister   Lister
	cacheDir string // "" for explore.DefaultCacheDir

	shown    bool
	box      *fyne.Container
	table    *widgets.TreeTable
	status   *widget.Label
	progress *widget.ProgressBar
	stopBtn  *widget.Button
	gamesBtn *kit.Button

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
	err    error // why the build failed

	fen   string             // the position listed, "" for none
	count int                // the games that reach it
	moves []explore.MoveStat // the moves listed
}

// New makes the room, whose cache is in cacheDir ("" for the user's),
// and adds its commands to the table.
func New(env *kit.Env, player Player, lister Lister, cacheDir string) *Tree {
	p := &Tree{env: env, player: player, lister: lister, cacheDir: cacheDir}
	// The trees of files that are gone, kept from earlier runs, go.
	p.tidy()
	env.Commands.Add(
		kit.Command{ID: kit.OpeningTree, Label: "Opening tree", Shortcut: kit.Ctrl(fyne.KeyT),
			Checked: func() bool { return p.shown }, Run: p.toggle},
		kit.Command{ID: kit.TreeGames, Label: "Games with this position…", Icon: fynetheme.ListIcon(),
			Shortcut: kit.CtrlShift(fyne.KeyL), Refused: p.gamesRefused, Run: p.showGames},
	)
	return p
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
	cancel      context.CancelCauseFunc
	done, total int64
	started     time.Time
	cachedOnly  bool // only reading a tree kept in the cache
}

// Build makes the panel, in the window's language, and returns it: the
// window lays it out under the move list, where it shows while it is
// not hidden.
func (p *Tree) Build() fyne.CanvasObject {
	p.table = widgets.NewTreeTable(widgets.TreeHeadings{
		Move: lang.L("Move"), Games: lang.L("Games"), Score: lang.L("White / draw / Black"), Elo: lang.L("Elo"),
	})
	p.table.OnSelect = p.play
	p.status = widget.NewLabel("")
	p.status.Wrapping = fyne.TextWrapWord
	p.progress = widget.NewProgressBar()
	p.stopBtn = widget.NewButtonWithIcon(lang.L("Stop"), fynetheme.MediaStopIcon(), p.stop)
	p.gamesBtn = p.env.Commands.Button(kit.TreeGames)
	title := widget.NewLabelWithStyle(lang.L("Opening tree"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	bottom := container.NewVBox(container.NewBorder(nil, nil, nil, p.stopBtn, p.progress), p.status, p.gamesBtn)
	p.box = container.NewBorder(title, bottom, nil, nil, p.table)
	p.box.Hidden = !p.shown
	if p.shown {
		p.showPosition(true)
	}
	return p.box
}

// toggle shows the opening tree under the move list, or hides it.
func (p *Tree) toggle() {
	p.shown = !p.shown
	if p.shown {
		p.box.Show()
	} else {
		p.box.Hide()
	}
	p.env.Relayout()
	p.Follow(session.Event{})
}

// Follow brings the tree in line with the session: another file stops
// the tree of the last one; the panel shown and the file indexed, the
// tree is built; another position shows its moves.
func (p *Tree) Follow(ev session.Event) {
	path := p.env.Session.Path()
	if ev.Change.Has(session.CollectionOpened) && ev.Collection.Path() != p.path {
		// Another file is being opened: its index comes first. The tree
		// starts again if its game stays on screen.
		p.cancel()
	}
	if path != p.path {
		p.cancel()
		p.closeTree()
		p.path, p.ended, p.looked, p.err = path, false, false, nil
	} else if ev.Change.Has(session.FileChanged) && p.started() && stampOf(path) != p.stamp {
		// The file was written (a game saved back into it): the tree of
		// what it held is built again.
		p.cancel()
		p.closeTree()
		p.ended, p.looked, p.err = false, false, nil
	}
	if !p.shown {
		return
	}
	if p.path != "" && p.tree == nil && p.build == nil && !p.ended {
		if !p.lister.Indexing() {
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
func (p *Tree) building() bool {
	return p.build != nil && !p.build.cachedOnly
}

// started reports whether the tree of the file was built, or is being
// built.
func (p *Tree) started() bool {
	return p.tree != nil || p.build != nil || p.ended
}

// start builds the tree of the file in the background, or reads it from
// the cache; cachedOnly, it only reads it from the cache.
func (p *Tree) start(cachedOnly bool) {
	ctx, cancel := context.WithCancelCause(context.Background())
	b := &treeBuild{cancel: cancel, started: time.Now(), cachedOnly: cachedOnly}
	p.build = b
	p.stamp = stampOf(p.path)
	path, dir, post, room := p.path, p.cacheDir, p.env.Post, p.room()
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
			if err == nil {
				explore.Tidy(dir, room)
			}
		default:
			t, err = explore.Build(ctx, path, progress)
		}
		post(func() { p.finished(b, t, err) })
	}()
}

// progressed takes how far the build got. The panel shows it by whole
// percents, and is redrawn only when the percent changes: each redraw is
// one of the whole window, which under software OpenGL costs as much as
// a good part of the build.
func (p *Tree) progressed(b *treeBuild, done, total int64) {
	if p.build != b {
		return
	}
	was := b.percent()
	b.done, b.total = done, total
	if b.percent() != was {
		p.showStatus()
	}
}

// percent returns how far the build got, in whole percents of the file.
func (b *treeBuild) percent() int {
	if b.total <= 0 {
		return 0
	}
	return int(100 * b.done / b.total)
}

// finished takes the tree built, or what ended the build. A build
// stopped by the user leaves the tree of the games read until then.
func (p *Tree) finished(b *treeBuild, t *explore.Tree, err error) {
	if p.build != b {
		if t != nil {
			t.Close() // of a file no longer shown
		}
		return
	}
	p.build = nil
	b.cancel(nil)
	switch {
	case err == nil:
		log.Printf("opening tree: %d games, %d positions in %v%s", t.Len(), t.Positions(), time.Since(b.started).Round(time.Millisecond), peakText(peakMemory()))
	case b.cachedOnly:
		// Not cached (or the cache cannot tell): built once the file is
		// indexed, which may be now.
		p.Follow(session.Event{})
		return
	case errors.Is(err, context.Canceled):
		p.ended = true
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

// peakText is the program's peak memory as the tree's log line ends
// with it (", peak 580 MB"); nothing when the system does not tell.
func peakText(peak int64) string {
	if peak <= 0 {
		return ""
	}
	return fmt.Sprintf(", peak %d MB", (peak+1<<19)>>20)
}

// stop stops the build; the tree of the games read so far stays.
func (p *Tree) stop() {
	if p.build != nil {
		p.build.cancel(nil)
	}
}

// cancel forgets the build running, if any: it stops at once, and its
// tree, if one comes, is thrown away.
func (p *Tree) cancel() {
	if p.build != nil {
		p.build.cancel(explore.ErrUnwanted)
		p.build = nil
	}
}

// closeTree lets the tree go, and the moves it listed: the panel then
// lists none until another tree comes, whether it is shown or not.
func (p *Tree) closeTree() {
	if p.tree != nil {
		p.tree.Close()
		p.tree = nil
	}
	p.fen, p.moves, p.count = "", nil, 0
	if p.table != nil {
		p.table.SetRows(nil)
	}
}

// showPosition lists the moves of the position shown; unless forced,
// only when it is another position.
func (p *Tree) showPosition(force bool) {
	fen := ""
	if p.tree != nil {
		pos := p.env.Session.Shown().Position()
		fen = pos.FEN()
	}
	if fen != p.fen || force {
		p.fen, p.moves, p.count = fen, nil, 0
		if fen != "" {
			// A page or two of the tree's file, or a few games of the
			// PGN file replayed: milliseconds, even for millions of
			// games.
			var err error
			if p.moves, err = p.tree.Moves(fen); err == nil {
				p.count, err = p.tree.Count(fen)
			}
			if p.rebuilt(err) {
				return
			}
		}
		notation := p.env.Notation()
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
func (p *Tree) showStatus() {
	building := p.building()
	for _, o := range []fyne.CanvasObject{p.progress, p.stopBtn} {
		if building {
			o.Show()
		} else {
			o.Hide()
		}
	}
	if building {
		p.progress.SetValue(float64(p.build.percent()) / 100)
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
	p.env.Commands.Refresh()
}

// gamesRefused says why the games that reach the position shown cannot
// be listed.
func (p *Tree) gamesRefused() string {
	switch {
	case !p.shown:
		return lang.L("The opening tree is not shown (View ▸ Opening tree).")
	case p.env.Session.Collection() == nil:
		return lang.L("The game on screen is not from a file of several games.")
	case p.tree == nil:
		return lang.L("The tree is not built yet.")
	case p.count == 0:
		return lang.L("No game of the file reaches this position")
	}
	return ""
}

func (p *Tree) statusText() string {
	switch {
	case p.path == "":
		return lang.L("Open a file of games to see what was played in them from the position shown.")
	case p.err != nil:
		return lang.L("The tree could not be built: {{.Error}}", map[string]any{"Error": words.Error(p.err)})
	case p.building():
		return lang.L("Building the tree… {{.Percent}}% of the file", map[string]any{"Percent": p.build.percent()})
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
	if p.ended {
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
func (p *Tree) play(row int) {
	if row >= len(p.moves) {
		return
	}
	m, err := p.env.Session.Shown().ParseMove(p.moves[row].UCI)
	if err != nil {
		p.env.ShowError(err)
		return
	}
	p.player.Move(m)
}

// rebuilt builds the tree again when err, of a query, says that what it
// was made of is no longer there: its file in the cache damaged (gone
// already), or the PGN file changed since (by another program: one that
// the window saves starts a new tree itself). It reports whether it did.
func (p *Tree) rebuilt(err error) bool {
	if !errors.Is(err, explore.ErrDamagedCache) && !errors.Is(err, explore.ErrFileChanged) {
		return false
	}
	p.env.Status.Say(words.Error(err))
	p.cancel()
	p.closeTree()
	p.ended, p.looked, p.err = false, false, nil
	p.Follow(session.Event{})
	return true
}

// room returns the room the trees kept on disk take at most, in bytes.
func (p *Tree) room() int64 { return int64(p.env.Settings.TreeRoom()) << 20 }

// cacheFolder returns the folder of the trees kept on disk; "" when
// there is none.
func (p *Tree) cacheFolder() string {
	if p.cacheDir != "" {
		return p.cacheDir
	}
	dir, err := explore.DefaultCacheDir()
	if err != nil {
		return ""
	}
	return dir
}

// tidy keeps the folder of the trees within its room, in the
// background: the trees of files that are gone go, then those used
// least lately.
func (p *Tree) tidy() {
	if dir := p.cacheFolder(); dir != "" {
		room := p.room()
		go func() {
			if err := explore.Tidy(dir, room); err != nil {
				log.Printf("opening tree: the trees kept on disk: %v", err)
			}
		}()
	}
}

// SettingsTab makes the settings of the opening tree: the room the
// trees kept on disk take.
func (p *Tree) SettingsTab(sc *kit.Scope) fyne.CanvasObject {
	s := p.env.Settings
	choices := settings.TreeRoomChoices()
	names := make([]string, len(choices))
	for i, mb := range choices {
		names[i] = roomText(mb)
	}
	room := kit.NewSelect(sc, names, func(name string) {
		if i := slices.Index(names, name); i >= 0 && choices[i] != s.TreeRoom() {
			s.SetTreeRoom(choices[i])
			p.tidy()
		}
	})
	room.SetSelected(roomText(s.TreeRoom()))
	item := widget.NewFormItem(lang.L("Room for the trees kept on disk"), room)
	item.HintText = lang.L("Each file's tree is kept to open at once the next time; those used least lately go first.")
	if dir := p.cacheFolder(); dir != "" {
		item.HintText = lang.L("Each file's tree is kept in {{.Folder}} to open at once the next time; those used least lately go first.", map[string]any{"Folder": dir})
	}
	return container.NewVBox(widget.NewForm(item))
}

// roomText names a room of mb megabytes: "512 MB", "2 GB".
func roomText(mb int) string {
	if mb < 1024 {
		return lang.L("{{.Count}} MB", map[string]any{"Count": mb})
	}
	return lang.L("{{.Count}} GB", map[string]any{"Count": mb / 1024})
}

// showGames lists in the picker only the games that reach the position
// shown.
func (p *Tree) showGames() {
	games, err := p.tree.GameSet(p.fen)
	if p.rebuilt(err) {
		return
	}
	if err != nil {
		p.env.ShowError(err)
		return
	}
	p.lister.ShowOnly(games, words.PositionName(p.env.Session.Shown(), p.env.Notation()))
}
