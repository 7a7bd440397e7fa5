// Package app is Échiquier's window, the composition root: it builds the
// session (the document), the shared services and the rooms of the
// window (app/ui/…), lays them out, gives them the session's events, and
// closes everything down. What the user sees and does lives in the
// rooms; this package only puts them together.
package app

import (
	"context"
	"errors"
	"log"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/autosave"
	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/opening"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/sound"
	"github.com/echiquier/echiquier/app/ui/analysis"
	"github.com/echiquier/echiquier/app/ui/annotate"
	"github.com/echiquier/echiquier/app/ui/files"
	"github.com/echiquier/echiquier/app/ui/header"
	"github.com/echiquier/echiquier/app/ui/help"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/newgame"
	"github.com/echiquier/echiquier/app/ui/picker"
	"github.com/echiquier/echiquier/app/ui/play"
	"github.com/echiquier/echiquier/app/ui/report"
	"github.com/echiquier/echiquier/app/ui/settingswin"
	"github.com/echiquier/echiquier/app/ui/sounds"
	"github.com/echiquier/echiquier/app/ui/tree"
	"github.com/echiquier/echiquier/app/ui/words"
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
	env      *kit.Env
	locale   words.Locale
	autosave *autosave.Store // nil when the game cannot be autosaved
	// ticker looks at the clocks while one runs; nil when none runs (an
	// idle window does no work) or when tests tick by hand.
	ticker  *ticker
	tick    func() *ticker
	notices []settings.Notice
	// closeSound ends the sound player the app opened; nil when it was
	// given one.
	closeSound func()
	// main is what the window lays out above the status line.
	main *fyne.Container

	// The rooms.
	play     *play.Play
	annotate *annotate.Annotate
	header   *header.Header
	files    *files.Files
	picker   *picker.Picker
	tree     *tree.Tree
	analysis *analysis.Analysis
	report   *report.Report
	newGame  *newgame.NewGame
	settings *settingswin.SettingsWin
	help     *help.Help
	sounds   *sounds.Sounds
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
	// Sound plays the sounds; nil means the desktop's audio (app/sound),
	// opened in the background.
	Sound sounds.Player
}

// New builds the app's window in fa, showing a new game: the shared
// services first, then the rooms, which add their commands to the table,
// then what the rooms show, laid out, and the menus.
func New(fa fyne.App, o Options) *App {
	if o.Settings == nil {
		o.Settings = fa.Preferences()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Post == nil {
		o.Post = fyne.Do
	}
	if o.DetectEngine == nil {
		o.DetectEngine = engine.Detect
	}
	a := &App{fyne: fa, locale: words.SystemLocale(), notices: o.SettingsNotices}
	if o.Sound == nil {
		player := sound.Open(resources.Sounds(), sound.Options{})
		o.Sound, a.closeSound = player, player.Close
	}
	env := &kit.Env{App: fa, Settings: settings.New(o.Settings), Post: o.Post, Now: o.Now, Motion: motion(fa),
		Openings: opening.NewBook(), French: opening.NewFrench()}
	a.env = env
	go func() { // 0.1 s: not on the UI goroutine
		env.Openings.Load()
		env.French.Load()
	}()
	a.loadLanguage()
	log.Printf("language: %s", env.Language)
	fa.Settings().SetTheme(theme.Theme{})
	fa.SetIcon(resources.Icon())
	env.Window = fa.NewWindow(lang.L("Échiquier"))
	env.Dialogs = kit.NewDialogs(env.Window)
	env.Status = kit.NewStatus()
	env.Keys = &kit.Scope{Rune: a.typedRune}
	env.Commands = kit.NewCommands(fa.Clipboard(), env.Dialogs, env.Status, env.Window.Canvas().Focused, env.Keys)

	dir := autosaveDir(fa.Storage().RootURI(), o.AutosaveDir)
	store, storeErr := a.openAutosave(dir)
	sessOpts := session.Options{Now: o.Now, Post: o.Post, OnChange: a.sessionChanged, Opponent: a.opponent(o.DetectEngine)}
	if store != nil {
		sessOpts.Autosave = store
	}
	env.Session = session.New(a.firstGame(), sessOpts)
	env.Session.SetTouchMove(env.Settings.TouchMove())

	a.annotate = annotate.New(env)
	a.sounds = sounds.New(env, o.Sound)
	a.play = play.New(env, a.annotate, a.sounds)
	a.files = files.New(env, files.Options{Autosave: store, AutosaveErr: storeErr, AutosaveDir: dir})
	a.picker = picker.New(env, a.files)
	a.header = header.New(env)
	a.tree = tree.New(env, a.play, a.picker, o.TreeCacheDir)
	a.analysis = analysis.New(env, a.play, o.DetectEngine)
	a.report = report.New(env)
	a.newGame = newgame.New(env, a.files, func(ctx context.Context) (engine.EngineInfo, error) {
		return engine.Probe(ctx, a.engineSettings(o.DetectEngine))
	})
	a.settings = settingswin.New(env, a,
		settingswin.Tab{Title: func() string { return lang.L("Sounds") }, Content: a.sounds.SettingsTab, Closed: a.sounds.SettingsClosed},
		settingswin.Tab{Title: func() string { return lang.L("Engine") }, Content: a.analysis.SettingsTab, Closed: a.analysis.SettingsClosed},
		settingswin.Tab{Title: func() string { return lang.L("Opening tree") }, Content: a.tree.SettingsTab})
	a.help = help.New(env, a.menuLayout)
	env.Commands.Add(kit.Command{ID: kit.Quit, Label: "Quit", Shortcut: kit.Ctrl(fyne.KeyQ), Run: a.quit})
	env.Keys.Cancel = a.play.EndKeyboardBoard
	env.Keys.Tapped = a.play.EndKeyboardBoard

	a.build()
	w := env.Window
	c := w.Canvas()
	env.Commands.Install(c)
	c.SetOnTypedKey(a.typedKey)
	c.SetOnTypedRune(a.typedRune)
	w.SetCloseIntercept(a.quit)
	w.SetOnDropped(a.files.Dropped)
	w.Resize(fyne.NewSize(1040, 720))
	if fs, ok := o.Settings.(*settings.FileStore); ok {
		fs.OnSaveError(func(err error) { o.Post(func() { a.settingsFailed(err) }) })
	}
	if !o.NoTicker {
		a.tick = func() *ticker { return startTicker(tickInterval, o.Post, a.Tick) }
	}
	a.keepTicking()
	return a
}

// Window returns the app's window.
func (a *App) Window() fyne.Window { return a.env.Window }

// Run shows the window and runs the app until it quits. With a file
// argument it opens that file; it offers the games that other windows
// left unsaved (the program killed or crashed, a finished game not
// saved).
func (a *App) Run(args []string) {
	a.Start(args)
	a.env.Window.ShowAndRun()
	a.stop()
}

// Start does what Run does before the window is shown: open the file
// given, and offer the interrupted games back.
func (a *App) Start(args []string) {
	if len(args) > 0 {
		a.files.OpenPath(args[0])
	}
	a.files.OfferOrphans()
	for _, n := range a.notices {
		log.Printf("settings: the stored settings could not be read: %v", n)
		a.env.Dialogs.Inform(lang.L("Settings"), words.SettingsNotice(n))
	}
}

// Commands returns the table of the window's commands: what the menus,
// the buttons and the shortcuts do (the end-to-end test presses every
// shortcut of it in the real program).
func (a *App) Commands() []kit.Command { return a.env.Commands.All() }

// Tick looks at the clocks; the ticker calls it on the UI goroutine.
func (a *App) Tick() {
	a.play.Tick()
	a.sounds.Tick()
	a.keepTicking()
}

// keepTicking runs the ticker while a clock runs, and only then.
func (a *App) keepTicking() {
	run := a.tick != nil && a.env.Session.ClockRunning()
	switch {
	case run && a.ticker == nil:
		a.ticker = a.tick()
	case !run && a.ticker != nil:
		a.ticker.stop()
		a.ticker = nil
	}
}

// sessionChanged brings the window in line with what changed in the
// session: the one place where the window follows the document. The
// board turns to the side to move first, then each room follows, then
// the commands say what they can do now.
func (a *App) sessionChanged(ev session.Event) {
	c := ev.Change
	a.sounds.Follow(ev) // first: the sound does not wait for the window to be drawn
	if c.Has(session.Moved | session.Replaced) {
		a.play.FollowTurn()
	}
	a.play.Follow(ev)
	a.analysis.Follow(ev)
	a.newGame.Follow(ev)
	a.report.Follow(ev)
	a.picker.Follow(ev)
	a.header.Follow(ev)
	a.tree.Follow(ev)
	a.files.Follow(ev)
	if c.Has(session.FileChanged | session.GameChanged) {
		a.refreshTitle()
	}
	a.env.Commands.Refresh()
	a.keepTicking()
}

// refreshTitle names the file in the title, and marks unsaved changes.
func (a *App) refreshTitle() {
	s := a.env.Session
	title := lang.L("Échiquier")
	if name := s.FileName(); name != "" {
		title = words.Shown(name) + " — " + title
	}
	if s.Dirty() {
		title = "• " + title
	}
	a.env.Window.SetTitle(title)
}

// SettingsChanged brings the window in line with the settings, when the
// settings window changed them.
func (a *App) SettingsChanged() {
	a.env.Session.SetTouchMove(a.env.Settings.TouchMove())
	a.play.Refresh()
	a.analysis.Refresh()
	a.report.Refresh()
	a.tree.Follow(session.Event{})
	a.env.Commands.Refresh()
}

// LanguageChanged shows the window in the language the settings name:
// the rooms are built again, with the game as it is.
func (a *App) LanguageChanged() {
	a.loadLanguage()
	a.build()
	a.settings.Rebuild()
}

// loadLanguage shows the app in the language the settings name, or else
// in the system's.
func (a *App) loadLanguage() {
	var err error
	if a.env.Language, err = a.locale.Use(a.env.Settings.Language()); err != nil {
		log.Printf("translations not loaded: %v", err)
	}
}

// firstGame is the game on screen at start: from the start position,
// with the time control of the settings (none, if the game refuses it),
// the players named as last time. The session makes its clocks wait for
// the first move.
func (a *App) firstGame() *game.Game {
	o := a.env.NewGame("", a.env.Settings.TimeControl())
	o.Now = a.env.Now
	g, err := game.New(o)
	if err != nil {
		o.TimeControl = game.TimeControl{}
		g, _ = game.New(o)
	}
	return g
}

// opponent starts the computer for the session: the engine of the
// settings (detect's when they name none), allowed to resign as they say.
func (a *App) opponent(detect func() (string, error)) session.NewOpponent {
	return func(level engine.Level, onReply func(engine.Reply)) session.Opponent {
		return engine.NewOpponent(a.engineSettings(detect), engine.Play{Level: level, MayResign: a.env.Settings.ComputerMayResign()}, onReply)
	}
}

// engineSettings returns the engine's settings, naming the engine detect
// finds when they name none (none found: the engine package says so).
func (a *App) engineSettings(detect func() (string, error)) engine.Settings {
	s := a.env.Settings.Engine()
	if s.Path == "" {
		s.Path, _ = detect()
	}
	return s
}

// quit closes the app once the game is safe to leave.
func (a *App) quit() {
	a.files.ConfirmDiscard(func() {
		a.env.Session.Discard()
		a.stop()
		a.env.Window.Close()
		a.fyne.Quit()
	})
}

// stop ends what runs in the background: the autosave writes what is
// pending, the clocks' ticker, the engines and the sounds stop.
func (a *App) stop() {
	if a.autosave != nil {
		a.autosave.Close()
	}
	a.tick = nil
	a.keepTicking()
	a.analysis.Stop()
	a.env.Session.Close()
	if a.closeSound != nil {
		a.closeSound()
	}
}

// settingsFailed says, once for a run of failures, that the settings
// could not be saved and that the earlier ones are kept.
func (a *App) settingsFailed(err error) {
	a.env.Dialogs.ShowError(errors.New(lang.L("The settings could not be saved ({{.Error}}); the settings saved before are kept.",
		map[string]any{"Error": words.OneLine(errors.Unwrap(err).Error())})))
}

// autosaveDir returns the folder of the autosaves: dir when given, else
// the app's storage; "" when there is none.
func autosaveDir(root fyne.URI, dir string) string {
	if dir != "" {
		return dir
	}
	if root == nil || root.Scheme() != "file" {
		return ""
	}
	return filepath.Clean(root.Path())
}

// openAutosave opens this window's autosave in dir; its failures and
// recoveries reach the files room on the UI goroutine. Without one, it
// says why crash protection is off.
func (a *App) openAutosave(dir string) (*autosave.Store, error) {
	if dir == "" {
		return nil, errors.New(lang.L("the app has no folder to keep it in"))
	}
	s, err := autosave.Open(dir, autosave.Options{
		Now:       a.env.Now,
		OnError:   func(err error) { a.env.Post(func() { a.files.AutosaveFailed(err) }) },
		OnRecover: func() { a.env.Post(func() { a.files.AutosaveFailed(nil) }) },
		OnTrash:   func(err error) { a.env.Post(func() { a.files.Trashed(err) }) },
	})
	if err != nil {
		return nil, err
	}
	a.autosave = s
	return s, nil
}
