// Package app is Échiquier's application: the window, its menus and
// dialogs, the game session it shows, files and autosave.
package app

import (
	"log"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/autosave"
	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/opening"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/words"
	"github.com/echiquier/echiquier/pieces"
	"github.com/echiquier/echiquier/resources"
	"github.com/echiquier/echiquier/settings"
	"github.com/echiquier/echiquier/theme"
)

// ID is the application's unique identifier (preferences and storage are
// kept under it).
const ID = "org.echiquier.Echiquier"

// tickInterval is how often the clocks are looked at: at most ten
// updates a second.
const tickInterval = 100 * time.Millisecond

// App is Échiquier: one window where two players play a game.
type App struct {
	fyne     fyne.App
	win      fyne.Window
	settings *settings.Settings
	pieces   *pieces.Set
	now      func() time.Time

	sess   *session.Session
	ui     *ui
	ticker *ticker

	// autosave keeps the game through a crash; nil when it cannot.
	autosave *autosave.Store
	// autosaveDir is the folder of the autosaves, "" for none.
	autosaveDir string
	// autosaveErr is why the game is not autosaved now, or nil.
	autosaveErr error

	// locale is the user's language as the system gives it.
	locale words.Locale
	// language is the language the app is shown in, "en" or "fr": see
	// loadLanguage.
	language words.Language
	// pieceSets are the piece sets loaded so far, by name: each keeps
	// its images.
	pieceSets map[string]*pieces.Set
	// settingsWin is the open settings window, or nil.
	settingsWin *settingsWindow
	// dlg shows the window's dialogs.
	dlg *dialogs
	// settingsNotices are told once the window shows.
	settingsNotices []settings.Notice
	// pickers are the lists of games of the files opened, by file.
	pickers map[*session.Collection]*picker
	// playItems are the Play menu's items that have buttons too.
	playItems playItems
	// collectionItems are the menu items of the collection.
	collectionItems collectionItems
	// analysis is the engine analysis: see analysis.go.
	analysis *analysis
	// post runs work found in the background on the UI goroutine.
	post func(func())
	// detectEngine finds the chess engine installed.
	detectEngine func() (string, error)
	// openings names the openings; its table is read in the background.
	openings *opening.Book
	// tree is the opening tree of the file on screen.
	tree treePanel
}

// Options configure an App. The zero value suits the real program.
type Options struct {
	// Now tells the time to the games; nil means time.Now.
	Now func() time.Time
	// NoTicker leaves the clocks' ticker stopped; tests call Tick.
	NoTicker bool
	// AutosaveDir is where the interrupted game is kept; "" means the
	// app's storage.
	AutosaveDir string
	// Post runs work found in the background on the UI goroutine; nil
	// means fyne.Do.
	Post func(func())
	// Settings is where the settings are kept; nil means Fyne's
	// preferences.
	Settings settings.Store
	// TreeCacheDir is where opening trees are kept; "" means the
	// user's cache (explore.DefaultCacheDir).
	TreeCacheDir string
	// SettingsNotices say what was wrong with the stored settings (a
	// corrupt file set aside): the window tells them once.
	SettingsNotices []settings.Notice
	// DetectEngine finds the chess engine installed; nil means
	// engine.Detect.
	DetectEngine func() (string, error)
}

// New builds the app's window in a, showing a new untimed game.
func New(a fyne.App, o Options) *App {
	if o.Settings == nil {
		o.Settings = a.Preferences()
	}
	app := &App{
		fyne:        a,
		settings:    settings.New(o.Settings),
		now:         o.Now,
		autosaveDir: autosaveDir(a.Storage().RootURI(), o.AutosaveDir),
		locale:      words.SystemLocale(),
		pieceSets:   map[string]*pieces.Set{},
		pickers:     map[*session.Collection]*picker{},
		openings:    opening.NewBook(),
	}
	go app.openings.Load() // 0.1 s: not on the UI goroutine
	useLazyFileWriters()
	app.loadLanguage()
	log.Printf("language: %s", app.language)
	a.Settings().SetTheme(theme.Theme{})
	a.SetIcon(resources.Icon())
	app.win = a.NewWindow(lang.L("Échiquier"))
	app.dlg = &dialogs{win: app.win}
	app.pieces = app.pieceSet(app.settings.PieceSet())
	if app.now == nil {
		app.now = time.Now
	}
	post := o.Post
	if post == nil {
		post = fyne.Do
	}
	app.post, app.detectEngine = post, o.DetectEngine
	if app.detectEngine == nil {
		app.detectEngine = engine.Detect
	}
	app.openAutosave(post)
	app.tree = treePanel{a: app, post: post, cacheDir: o.TreeCacheDir}
	sessOpts := session.Options{Now: app.now, Post: post, OnChange: app.sessionChanged}
	if app.autosave != nil {
		sessOpts.Autosave = app.autosave
	}
	app.sess = session.New(app.newDefaultGame(), sessOpts)
	app.sess.SetTouchMove(app.settings.TouchMove())
	app.ui = app.buildUI()
	app.win.SetContent(app.ui.content)
	app.installMenu()
	app.win.SetCloseIntercept(app.quit)
	app.win.SetOnDropped(app.dropped)
	app.win.Resize(fyne.NewSize(1040, 720))
	app.applySettings()
	app.settingsNotices = o.SettingsNotices
	if fs, ok := o.Settings.(*settings.FileStore); ok {
		fs.OnSaveError(func(err error) { post(func() { app.settingsFailed(err) }) })
	}
	if !o.NoTicker {
		app.ticker = startTicker(tickInterval, app.Tick)
	}
	return app
}

// Window returns the app's window.
func (a *App) Window() fyne.Window { return a.win }

// Run shows the window and runs the app until it quits. With a file
// argument it opens that file; it offers the games that other windows
// left unsaved (the program killed or crashed, a finished game not
// saved).
func (a *App) Run(args []string) {
	a.Start(args)
	a.win.ShowAndRun()
	a.stopTicker()
	a.stopAnalysis()
}

// Start does what Run does before the window is shown: open the file
// given, and offer the interrupted games back.
func (a *App) Start(args []string) {
	if len(args) > 0 {
		a.openPath(args[0])
	}
	a.offerOrphans()
	for _, n := range a.settingsNotices {
		log.Printf("settings: the stored settings could not be read: %v", n)
		a.dlg.inform(lang.L("Settings"), words.SettingsNotice(n))
	}
}

func (a *App) stopTicker() {
	if a.ticker != nil {
		a.ticker.stop()
	}
}

// pieceSet returns the piece set of that name, or the default one for a
// name no set has, loaded once.
func (a *App) pieceSet(name string) *pieces.Set {
	if names := pieces.Names(); !slices.Contains(names, name) {
		name = names[0]
	}
	set, ok := a.pieceSets[name]
	if !ok {
		set = pieces.ByName(name)
		a.pieceSets[name] = set
	}
	return set
}

// newDefaultGame starts a game from the start position with the time
// control of the settings, its clocks paused until the first move, the
// players named as last time.
func (a *App) newDefaultGame() *game.Game {
	// Until it is paused, the game's time stands still: the clocks show
	// the whole time, not a few milliseconds less.
	start, started := a.now(), false
	now := func() time.Time {
		if !started {
			return start
		}
		return a.now()
	}
	g, err := game.New(game.Options{Now: now, TimeControl: a.settings.TimeControl()})
	if err != nil {
		g, _ = game.New(game.Options{Now: now})
	}
	g.Pause()
	started = true
	white, black := a.settings.PlayerNames()
	setNames(g, white, black)
	return g
}

func setNames(g *game.Game, white, black string) {
	g.SetTag("White", white)
	g.SetTag("Black", black)
}
