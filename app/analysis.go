package app

import (
	"context"
	"errors"
	"math"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/words"
	"github.com/echiquier/echiquier/widgets"
)

// analysis is the window's engine analysis: the panel under the move
// list with the live analysis of the position shown, the evaluation bar
// beside the board, the graph of the game's evaluations, and the
// whole-game analysis running in the background. It lives on the UI
// goroutine; the engine's goroutines reach it through App.post only.
type analysis struct {
	// on: the user asked for the panel (F2); it shows the live analysis
	// when allowed, and why not otherwise.
	on bool

	panel  *fyne.Container
	status *widget.Label // why there is no analysis, or the engine's name
	eval   *widget.Label
	// score holds eval and depth: like the lines, it takes no room
	// under the move list while it is empty.
	score    *fyne.Container
	depth    *widget.Label
	lines    [engine.DefaultMultiPV]*widget.Label
	bar      *widgets.EvalBar
	graph    *widgets.EvalGraph
	progress *widget.ProgressBar
	running  *fyne.Container // the progress bar and its Cancel button

	// live analyses the position shown while the panel is on, or nil.
	live *engine.Live
	// liveSettings are the settings live was started with.
	liveSettings engine.Settings
	// liveFEN is the position given to live last; latest is live's
	// latest analysis of it, or the zero Analysis before any.
	liveFEN string
	latest  engine.Analysis
	// failure is why the engine stopped, shown until the panel is turned
	// off and on again.
	failure error

	// job is the whole-game analysis running, or nil.
	job *wholeGameJob
	// gameSeen is the game the analysis was last brought in line with:
	// another one in its place stops what ran on the one before.
	gameSeen *game.Game

	// enginePath is the engine found for an empty path in the settings,
	// and engineErr why none was: looked for again while none is found.
	enginePath string
	engineErr  error

	menu                         *fyne.Menu
	position, whole, note, space *fyne.MenuItem
	// refused is what the note in the menu says, "" for nothing.
	refused string
}

// wholeGameJob is a whole-game analysis running.
type wholeGameJob struct {
	cancel context.CancelFunc
	// game is the game analysed: the result goes into it only.
	game *game.Game
	// done is closed once the engine's process is gone.
	done chan struct{}
}

// newAnalysis builds the analysis's widgets, hidden.
func (a *App) newAnalysis() *analysis {
	an := &analysis{
		status:   widget.NewLabel(""),
		eval:     widget.NewLabel(""),
		depth:    widget.NewLabel(""),
		bar:      widgets.NewEvalBar(),
		graph:    widgets.NewEvalGraph(),
		progress: widget.NewProgressBar(),
	}
	an.status.Wrapping = fyne.TextWrapWord
	an.eval.TextStyle.Bold = true
	an.score = container.NewHBox(an.eval, an.depth)
	box := container.NewVBox(an.score, an.status)
	for i := range an.lines {
		an.lines[i] = widget.NewLabel("")
		an.lines[i].Truncation = fyne.TextTruncateEllipsis
		box.Add(an.lines[i])
	}
	an.panel = box
	an.panel.Hide()
	an.bar.Hide()
	an.graph.Hide()
	an.graph.OnSelect = func(i int) {
		if line := a.sess.Game().MainLine(); i < len(line) {
			a.showNode(line[i])
		}
	}
	cancel := widget.NewButton(lang.L("Cancel"), a.cancelWholeGame)
	an.running = container.NewBorder(nil, nil, nil, cancel, an.progress)
	an.running.Hide()
	return an
}

// analysisUI returns the window's analysis, made the first time.
func (a *App) analysisUI() *analysis {
	if a.analysis == nil {
		a.analysis = a.newAnalysis()
	}
	return a.analysis
}

// withEvalBar puts the evaluation bar on the left of the board.
func (a *App) withEvalBar(board fyne.CanvasObject) fyne.CanvasObject {
	return container.NewBorder(nil, nil, a.analysisUI().bar, nil, board)
}

// underMoveList puts the evaluation graph, the whole-game progress and
// the panel under the move list.
func (a *App) underMoveList(moves fyne.CanvasObject) fyne.CanvasObject {
	an := a.analysisUI()
	return container.NewBorder(nil, container.NewVBox(an.graph, an.running, an.panel), nil, nil, moves)
}

// analysisMenu is the Analysis menu; item makes an item that does nothing
// while a dialog is shown or while it is disabled.
func (a *App) analysisMenu(item func(string, func(), fyne.Shortcut) *fyne.MenuItem) *fyne.Menu {
	an := a.analysisUI()
	an.position = item(lang.L("Analyse this position"), a.toggleAnalysis,
		&functionKey{name: fyne.KeyF2})
	an.whole = item(lang.L("Analyse the whole game…"), a.askWholeGame, ctrlShift(fyne.KeyA))
	an.space = fyne.NewMenuItemSeparator()
	an.note = fyne.NewMenuItem("", nil)
	an.note.Disabled = true
	an.menu = fyne.NewMenu(lang.L("Analysis"), an.position, an.whole)
	a.refreshAnalysisMenu()
	return an.menu
}

// functionKey is a shortcut without modifier, F2: Fyne's window sends
// only shortcuts with a modifier to the menus, so typedKey runs its item;
// the menu shows it.
type functionKey struct{ name fyne.KeyName }

// ShortcutName is part of fyne.Shortcut.
func (k *functionKey) ShortcutName() string { return "Key:" + string(k.name) }

// Key is part of fyne.KeyboardShortcut.
func (k *functionKey) Key() fyne.KeyName { return k.name }

// Mod is part of fyne.KeyboardShortcut.
func (k *functionKey) Mod() fyne.KeyModifier { return 0 }

// analysisKey runs the item of F2 as the menu would: not while a dialog
// is shown, nor while it is disabled.
func (a *App) analysisKey() {
	if an := a.analysisUI(); an.position != nil {
		an.position.Action()
	}
}

// analysisRefused says why the engine may not analyse now, or returns
// nil: the game is being played, or there is no engine.
func (a *App) analysisRefused() error {
	if err := a.sess.AnalysisRefused(); err != nil {
		return err
	}
	_, err := a.engineSettings()
	return err
}

// engineSettings returns the engine's settings, its program found, or
// ErrNoEngine.
func (a *App) engineSettings() (engine.Settings, error) {
	s := a.settings.Engine()
	if s.Path != "" {
		return s, nil
	}
	an := a.analysisUI()
	if an.enginePath == "" {
		an.enginePath, an.engineErr = a.detectEngine()
	}
	s.Path = an.enginePath
	return s, an.engineErr
}

// refreshAnalysisMenu enables the Analysis items when the engine may
// run, and otherwise says why in a disabled item below them.
func (a *App) refreshAnalysisMenu() {
	an := a.analysisUI()
	if an.menu == nil {
		return
	}
	refused := ""
	if err := a.analysisRefused(); err != nil {
		refused = analysisErrorText(err)
	}
	running := an.job != nil
	if refused == an.refused && an.position.Disabled == (refused != "") && an.whole.Disabled == (refused != "" || running) {
		return
	}
	an.refused = refused
	an.position.Disabled = refused != ""
	an.whole.Disabled = refused != "" || running
	an.menu.Items = []*fyne.MenuItem{an.position, an.whole}
	if refused != "" {
		an.note.Label = refused
		an.menu.Items = append(an.menu.Items, an.space, an.note)
	}
	a.refreshMainMenu()
}

// toggleAnalysis shows or hides the analysis panel (F2).
func (a *App) toggleAnalysis() {
	an := a.analysisUI()
	an.on = !an.on
	an.failure = nil
	a.refreshAnalysis()
}

// refreshAnalysis brings the analysis in line with the session: the menu,
// the graph, and while the panel is on, the live analysis of the position
// shown (stop, new position, go).
func (a *App) refreshAnalysis() {
	an := a.analysisUI()
	if g := a.sess.Game(); g != an.gameSeen {
		an.gameSeen = g
		an.failure = nil
		a.stopWholeGame()
	}
	a.refreshAnalysisMenu()
	a.refreshGraph()
	if !an.on {
		a.closeLive()
		an.panel.Hide()
		an.bar.Hide()
		return
	}
	an.panel.Show()
	err := an.failure
	if err == nil {
		err = a.analysisRefused()
	}
	if err == nil && an.job != nil {
		err = errWholeGameRunning
	}
	if err != nil {
		a.closeLive()
		a.showAnalysisText(analysisErrorText(err))
		an.bar.Hide()
		return
	}
	a.followShown()
}

// errWholeGameRunning: the live analysis waits while the whole game is
// analysed, so that the two engines do not share the cores.
var errWholeGameRunning = errors.New("the whole game is being analysed")

// followShown gives the position shown to the live analysis, started if
// need be.
func (a *App) followShown() {
	an := a.analysisUI()
	s, _ := a.engineSettings()
	s.MultiPV = len(an.lines)
	if an.live != nil && an.liveSettings != s {
		a.closeLive()
	}
	if an.live == nil {
		var l *engine.Live
		l = engine.NewLive(s, func(x engine.Analysis) {
			a.post(func() { a.liveUpdate(l, x) })
		})
		an.live, an.liveSettings, an.liveFEN = l, s, ""
	}
	n := a.sess.Shown()
	pos := n.Position()
	fen := pos.FEN()
	if fen == an.liveFEN {
		a.showLiveAnalysis()
		return
	}
	// The engine is given the moves since the last capture or pawn move,
	// from the position before them: all it needs to see repetitions
	// and the fifty-move rule, and not the whole game to replay at each
	// step.
	var moves []string
	from := n
	for k := pos.HalfMoves; k > 0 && from.Parent() != nil; k-- {
		moves = append(moves, from.Move().UCI())
		from = from.Parent()
	}
	for i, j := 0, len(moves)-1; i < j; i, j = i+1, j-1 {
		moves[i], moves[j] = moves[j], moves[i]
	}
	start := from.Position()
	if err := an.live.SetPosition(start.FEN(), moves); err != nil {
		a.showAnalysisText(analysisErrorText(err))
		return
	}
	an.liveFEN, an.latest = fen, engine.Analysis{}
	a.showLiveAnalysis()
}

// closeLive stops the live analysis and its engine.
func (a *App) closeLive() {
	an := a.analysisUI()
	if an.live == nil {
		return
	}
	an.live.Close()
	an.live, an.liveFEN, an.latest = nil, "", engine.Analysis{}
	if a.ui != nil && a.ui.board.HasBestMove {
		a.ui.board.HasBestMove = false
		a.ui.board.Refresh()
	}
}

// liveUpdate takes an analysis from the engine, on the UI goroutine: one
// from an engine closed since, or of another position, is too late.
func (a *App) liveUpdate(l *engine.Live, x engine.Analysis) {
	an := a.analysisUI()
	if l != an.live {
		return
	}
	if x.Err != nil {
		an.failure = x.Err
		a.closeLive()
		a.refreshAnalysis()
		return
	}
	if x.FEN != an.liveFEN {
		return
	}
	an.latest = x
	a.showLiveAnalysis()
}

// showLiveAnalysis shows the latest analysis in the panel, the bar and
// the board's arrow.
func (a *App) showLiveAnalysis() {
	an := a.analysisUI()
	x := an.latest
	if len(x.Lines) == 0 {
		text := lang.L("Analysing…")
		if len(a.sess.Shown().Legal()) == 0 {
			text = lang.L("No legal move: nothing to analyse.")
		}
		a.showAnalysisText(text)
		an.bar.Chances = math.NaN()
	} else {
		best := x.Lines[0]
		an.eval.SetText(words.Score(best.Score))
		an.depth.SetText(lang.L("depth {{.Depth}}", map[string]any{"Depth": best.Depth}))
		an.score.Show()
		an.status.SetText(x.Engine)
		pos := a.sess.Shown().Position()
		for i, l := range an.lines {
			text := ""
			if i < len(x.Lines) {
				text = words.Line(x.Lines[i], pos, a.notation())
			}
			setShown(l, text)
		}
		an.bar.Chances = best.Score.WinningChances()
	}
	an.bar.Flipped = a.settings.Flipped()
	an.bar.Show()
	an.bar.Refresh()
	a.analysisOnBoard(a.ui.board)
	a.ui.board.Refresh()
}

// setShown shows text in l, and hides l when there is none: an empty
// line would take a line's room under the move list.
func setShown(l *widget.Label, text string) {
	l.SetText(text)
	if text == "" {
		l.Hide()
	} else {
		l.Show()
	}
}

// showAnalysisText shows text in the panel in place of an analysis.
func (a *App) showAnalysisText(text string) {
	an := a.analysisUI()
	an.eval.SetText("")
	an.depth.SetText("")
	an.score.Hide()
	an.status.SetText(text)
	for _, l := range an.lines {
		setShown(l, "")
	}
	if a.ui != nil && a.ui.board.HasBestMove {
		a.ui.board.HasBestMove = false
		a.ui.board.Refresh()
	}
}

// analysisOnBoard draws the best move of the position shown on b, when
// the live analysis has one for it.
func (a *App) analysisOnBoard(b *widgets.Board) {
	an := a.analysisUI()
	x := an.latest
	b.HasBestMove = an.live != nil && len(x.Lines) > 0 && len(x.Lines[0].Moves) > 0 &&
		x.FEN == an.liveFEN && b.Pos == a.sess.Shown().Position()
	if b.HasBestMove {
		b.BestMove = x.Lines[0].Moves[0]
	}
}

// refreshGraph shows the evaluations of the main line's moves, when the
// game has any.
func (a *App) refreshGraph() {
	an := a.analysisUI()
	line := a.sess.Game().MainLine()
	points := make([]float64, 0, len(line))
	found := false
	current := -1
	shown := a.sess.Shown()
	for i, n := range line {
		v := math.NaN()
		if s, ok := engine.NodeEval(n); ok {
			v, found = s.WinningChances(), true
		}
		points = append(points, v)
		if n == shown {
			current = i
		}
	}
	if !found {
		an.graph.Points = nil
		an.graph.Hide()
		return
	}
	an.graph.Show()
	if samePoints(points, an.graph.Points) {
		an.graph.SetCurrent(current) // the curve is not drawn again
		return
	}
	an.graph.Points, an.graph.Current = points, current
	an.graph.Refresh()
}

// samePoints reports whether two evaluation curves are the same, NaN
// (no evaluation) equal to NaN.
func samePoints(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && !(math.IsNaN(a[i]) && math.IsNaN(b[i])) {
			return false
		}
	}
	return true
}

// askWholeGame asks for the time per move and starts the analysis of the
// whole game (Enter starts it with the settings' time).
func (a *App) askWholeGame() {
	an := a.analysisUI()
	if an.job != nil {
		return
	}
	entry := newEscapableEntry()
	entry.SetText(words.Seconds(a.settings.EngineMoveTime()))
	entry.Validator = func(s string) error {
		_, err := words.ParseSeconds(s)
		return err
	}
	count := len(a.sess.Game().MainLine())
	msg := wrapped(lang.L("The engine looks at each of the {{.Count}} moves of the main line in turn, and writes its evaluation, its judgement of the mistakes and its best line into the game.",
		map[string]any{"Count": count}))
	form := widget.NewForm(widget.NewFormItem(lang.L("Seconds per move"), entry))
	var dlg *dialog.CustomDialog
	start := func() {
		mt, err := words.ParseSeconds(entry.Text)
		if err != nil {
			return
		}
		dlg.Hide()
		a.settings.SetEngineMoveTime(mt)
		a.startWholeGame(mt)
	}
	entry.OnSubmitted = func(string) { start() }
	analyse := newDialogButton(lang.L("Analyse"), start)
	analyse.Importance = widget.HighImportance
	cancel := newDialogButton(lang.L("Cancel"), func() { dlg.Hide() })
	dlg = dialog.NewCustomWithoutButtons(lang.L("Analyse the whole game"), container.NewVBox(msg, form), a.win)
	dlg.SetButtons([]fyne.CanvasObject{cancel, analyse})
	// Wide enough for the message to wrap in a few lines, not a column.
	dlg.Resize(fyne.NewSize(440, dlg.MinSize().Height))
	entry.onEscape = dlg.Hide
	a.dlg.show(dlg, start)
	a.win.Canvas().Focus(entry)
}

// startWholeGame analyses the main line with mt per move in the
// background, the progress under the move list.
func (a *App) startWholeGame(mt time.Duration) {
	an := a.analysisUI()
	s, err := a.engineSettings()
	if err == nil {
		err = a.sess.AnalysisRefused()
	}
	if err != nil {
		a.showAnalysisError(err)
		return
	}
	s.MoveTime = mt
	ctx, cancel := context.WithCancel(context.Background())
	job := &wholeGameJob{cancel: cancel, game: a.sess.Game(), done: make(chan struct{})}
	progress := func(p engine.Progress) {
		a.post(func() {
			if an.job == job && p.Total > 0 {
				an.progress.SetValue(float64(p.Done) / float64(p.Total))
			}
		})
	}
	done := func(r engine.Result, err error) {
		close(job.done)
		a.post(func() { a.wholeGameDone(job, r, err) })
	}
	if err := engine.AnalyseGame(ctx, s, job.game, progress, done); err != nil {
		cancel()
		a.showAnalysisError(err)
		return
	}
	an.job = job
	an.progress.SetValue(0)
	an.running.Show()
	a.refreshAnalysis()
}

// wholeGameDone writes a finished whole-game analysis into its game, or
// says why it stopped; the game is left as it was when it did.
func (a *App) wholeGameDone(job *wholeGameJob, r engine.Result, err error) {
	an := a.analysisUI()
	if an.job != job {
		return // stopped: another game took its place, or the app quits
	}
	job.cancel()
	an.job = nil
	an.running.Hide()
	switch {
	case errors.Is(err, context.Canceled):
	case err != nil:
		a.showAnalysisError(err)
	default:
		if err := a.sess.ApplyAnalysis(r); err != nil {
			a.showAnalysisError(err)
		}
	}
	a.refreshAnalysis()
}

// cancelWholeGame stops the whole-game analysis: the game stays as it
// is.
func (a *App) cancelWholeGame() {
	if job := a.analysisUI().job; job != nil {
		job.cancel()
	}
}

// stopWholeGame stops the whole-game analysis and forgets it: what it
// reports from now on is dropped.
func (a *App) stopWholeGame() {
	an := a.analysisUI()
	if an.job == nil {
		return
	}
	an.job.cancel()
	an.job = nil
	an.running.Hide()
}

// stopAnalysis stops every engine, when the app quits: it waits (a
// little) for the whole-game analysis's engine to be gone, so that none
// outlives the app.
func (a *App) stopAnalysis() {
	an := a.analysisUI()
	an.on = false
	a.closeLive()
	if job := an.job; job != nil {
		a.stopWholeGame()
		select {
		case <-job.done:
		case <-time.After(2 * time.Second):
		}
	}
}

// showAnalysisError shows an analysis's failure in a dialog.
func (a *App) showAnalysisError(err error) {
	a.dlg.showError(errors.New(analysisErrorText(err)))
}
