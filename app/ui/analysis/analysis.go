// Package analysis is the room of the chess engine: the live analysis of
// the position shown (its lines under the move list, the evaluation bar
// beside the board, the best move on the board), the analysis of the
// whole game with its graph, and the engine's settings.
package analysis

import (
	"context"
	"errors"
	"math"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
	"github.com/echiquier/echiquier/widgets"
)

// Board shows the engine's best move on the board.
type Board interface {
	// ShowBestMove draws m as an arrow on the board; ok false takes it
	// away.
	ShowBestMove(m game.Move, ok bool)
}

// Analysis is the engine room: the panel under the move list with the
// live analysis of the position shown, the evaluation bar beside the
// board, the graph of the game's evaluations, and the whole-game analysis
// running in the background. It lives on the UI goroutine; the engine's
// goroutines reach it through Env.Post only.
type Analysis struct {
	env    *kit.Env
	board  Board
	detect func() (string, error)
	v      *view

	// on: the user asked for the panel (F2); it shows the live analysis
	// when allowed, and why not otherwise.
	on bool
	// live analyses the position shown while the panel is on, or nil;
	// closing are the engines closed since that may still be quitting.
	live    *engine.Live
	closing []*engine.Live
	// pathTaken is the engine program chosen in the settings when the
	// engine was last chosen: one typed since is taken when the settings
	// close.
	pathTaken string
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
	gameSeen game.View
	// enginePath is the engine found for an empty path in the settings,
	// and engineErr why none was: looked for again while none is found.
	enginePath string
	engineErr  error
	// laidOut is what was shown when the window was last laid out.
	laidOut shown
}

// shown is what the room shows, which the window lays out.
type shown struct {
	bar, graph, running, panel bool
	lines                      int
}

// relayout lays the window out again when the room shows or hides a
// part, or another number of lines.
func (an *Analysis) relayout() {
	v := an.v
	now := shown{bar: v.bar.Visible(), graph: v.graph.Visible(), running: v.running.Visible(), panel: v.panel.Visible()}
	for _, l := range v.lines {
		if l.Visible() {
			now.lines++
		}
	}
	if now != an.laidOut {
		an.laidOut = now
		an.env.Relayout()
	}
}

// view is what the room shows, made again in another language.
type view struct {
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
}

// Parts are the pieces of the room that the window lays out.
type Parts struct {
	// Bar is the evaluation bar, beside the board.
	Bar fyne.CanvasObject
	// Graph is the graph of the game's evaluations, Running the
	// progress of the whole game's analysis and Panel the live
	// analysis's lines, under the move list. Each takes no room while it
	// is hidden.
	Graph, Running, Panel fyne.CanvasObject
}

// New makes the engine room, which finds the engine installed with
// detect, and adds its commands to the table.
func New(env *kit.Env, board Board, detect func() (string, error)) *Analysis {
	an := &Analysis{env: env, board: board, detect: detect, pathTaken: env.Settings.EnginePath()}
	env.Commands.Add(
		kit.Command{ID: kit.Analyse, Label: "Analyse this position", Shortcut: kit.BareKey(fyne.KeyF2),
			Checked: func() bool { return an.on }, Refused: an.toggleRefused, Run: an.toggle},
		kit.Command{ID: kit.AnalyseGame, Label: "Analyse the whole game…", Shortcut: kit.CtrlShift(fyne.KeyA),
			Refused: an.wholeGameRefused, Run: an.askWholeGame},
	)
	return an
}

// Build makes the room's widgets in the window's language and returns
// them.
func (an *Analysis) Build() Parts {
	v := &view{
		status:   widget.NewLabel(""),
		eval:     widget.NewLabel(""),
		depth:    widget.NewLabel(""),
		bar:      widgets.NewEvalBar(),
		graph:    widgets.NewEvalGraph(),
		progress: widget.NewProgressBar(),
	}
	an.v = v
	v.status.Wrapping = fyne.TextWrapWord
	v.eval.TextStyle.Bold = true
	v.score = container.NewHBox(v.eval, v.depth)
	// The engine's name, or why there is no analysis, beside the score.
	box := container.NewVBox(container.NewBorder(nil, nil, v.score, nil, v.status))
	for i := range v.lines {
		v.lines[i] = widget.NewLabel("")
		v.lines[i].Truncation = fyne.TextTruncateEllipsis
		box.Add(v.lines[i])
	}
	v.panel = box
	v.panel.Hide()
	v.bar.Hide()
	v.graph.Hide()
	v.graph.OnSelect = func(i int) {
		if line := an.env.Session.Game().MainLine(); i < len(line) {
			an.env.Session.Show(line[i])
		}
	}
	cancel := widget.NewButton(lang.L("Cancel"), an.cancelWholeGame)
	v.running = container.NewBorder(nil, nil, nil, cancel, v.progress)
	v.running.Hidden = an.job == nil
	an.liveFEN = "" // the panel shows the live analysis again
	an.laidOut = shown{}
	an.Refresh()
	return Parts{Bar: v.bar, Graph: v.graph, Running: v.running, Panel: v.panel}
}

// toggleRefused says why the panel cannot be turned on now: it can
// always be turned off.
func (an *Analysis) toggleRefused() string {
	if an.on {
		return ""
	}
	if err := an.env.Session.AnalysisRefused(); err != nil {
		return analysisErrorText(err)
	}
	if _, err := an.engineSettings(); err != nil {
		return analysisErrorText(err)
	}
	return ""
}

// wholeGameRefused says why the whole game cannot be analysed now.
func (an *Analysis) wholeGameRefused() string {
	if an.job != nil {
		return analysisErrorText(errWholeGameRunning)
	}
	if err := an.refused(); err != nil {
		return analysisErrorText(err)
	}
	return ""
}

// refused says why the engine may not analyse now, or returns nil: the
// game is being played, or there is no engine.
func (an *Analysis) refused() error {
	if err := an.env.Session.AnalysisRefused(); err != nil {
		return err
	}
	_, err := an.engineSettings()
	return err
}

// engineSettings returns the engine's settings, its program found, or
// ErrNoEngine.
func (an *Analysis) engineSettings() (engine.Settings, error) {
	s := an.env.Settings.Engine()
	if s.Path != "" {
		return s, nil
	}
	if an.enginePath == "" {
		an.enginePath, an.engineErr = an.detect()
	}
	s.Path = an.enginePath
	return s, an.engineErr
}

// toggle shows or hides the analysis panel (F2).
func (an *Analysis) toggle() {
	an.on = !an.on
	an.failure = nil
	an.Refresh()
}

// Follow brings the analysis in line with what changed in the session.
func (an *Analysis) Follow(ev session.Event) {
	if ev.Change.Has(session.GameChanged | session.ViewChanged | session.FileChanged) {
		an.Refresh()
	}
}

// Refresh brings the analysis in line with the session: the graph, and
// while the panel is on, the live analysis of the position shown (stop,
// new position, go).
func (an *Analysis) Refresh() {
	v := an.v
	if g := an.env.Session.Game(); g != an.gameSeen {
		an.gameSeen = g
		an.failure = nil
		an.stopWholeGame()
	}
	an.refreshGraph()
	defer an.relayout()
	if !an.on {
		an.closeLive()
		v.panel.Hide()
		v.bar.Hide()
		return
	}
	v.panel.Show()
	err := an.failure
	if err == nil {
		err = an.refused()
	}
	if err == nil && an.job != nil {
		err = errWholeGameRunning
	}
	if err != nil {
		an.closeLive()
		an.showText(analysisErrorText(err))
		v.bar.Hide()
		return
	}
	an.followShown()
}

// errWholeGameRunning: the live analysis waits while the whole game is
// analysed, so that the two engines do not share the cores.
var errWholeGameRunning = errors.New("the whole game is being analysed")

// analysisErrorText words why the engine does not analyse.
func analysisErrorText(err error) string {
	if errors.Is(err, errWholeGameRunning) {
		return lang.L("The whole game is being analysed…")
	}
	return words.AnalysisError(err)
}

// followShown gives the position shown to the live analysis, started if
// need be.
func (an *Analysis) followShown() {
	s, _ := an.engineSettings()
	s.MultiPV = len(an.v.lines)
	if an.live != nil && an.liveSettings != s {
		an.closeLive()
	}
	if an.live == nil {
		var l *engine.Live
		l = engine.NewLive(s, func(x engine.Analysis) {
			an.env.Post(func() { an.liveUpdate(l, x) })
		})
		an.live, an.liveSettings, an.liveFEN = l, s, ""
	}
	n := an.env.Session.Shown()
	pos := n.Position()
	fen := pos.FEN()
	if fen == an.liveFEN {
		an.showLive()
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
		an.showText(analysisErrorText(err))
		return
	}
	an.liveFEN, an.latest = fen, engine.Analysis{}
	an.showLive()
}

// closeLive stops the live analysis and its engine.
func (an *Analysis) closeLive() {
	if an.live == nil {
		return
	}
	an.live.Close()
	an.closing = slices.DeleteFunc(an.closing, func(l *engine.Live) bool {
		select {
		case <-l.Done():
			return true
		default:
			return false
		}
	})
	an.closing = append(an.closing, an.live)
	an.live, an.liveFEN, an.latest = nil, "", engine.Analysis{}
	an.board.ShowBestMove(game.Move{}, false)
}

// liveUpdate takes an analysis from the engine, on the UI goroutine: one
// from an engine closed since, or of another position, is too late.
func (an *Analysis) liveUpdate(l *engine.Live, x engine.Analysis) {
	if l != an.live {
		return
	}
	if x.Err != nil {
		an.failure = x.Err
		an.closeLive()
		an.Refresh()
		return
	}
	if x.FEN != an.liveFEN {
		return
	}
	an.latest = x
	an.showLive()
}

// showLive shows the latest analysis in the panel, the bar and the
// board's arrow.
func (an *Analysis) showLive() {
	v, x := an.v, an.latest
	shown := an.env.Session.Shown()
	if len(x.Lines) == 0 {
		text := lang.L("Analysing…")
		if len(shown.Legal()) == 0 {
			text = lang.L("No legal move: nothing to analyse.")
		}
		an.showText(text)
		v.bar.Chances = math.NaN()
	} else {
		best := x.Lines[0]
		v.eval.SetText(words.Score(best.Score))
		v.depth.SetText(lang.L("depth {{.Depth}}", map[string]any{"Depth": best.Depth}))
		v.score.Show()
		v.status.SetText(x.Engine)
		pos := shown.Position()
		for i, l := range v.lines {
			text := ""
			if i < len(x.Lines) {
				text = words.Line(x.Lines[i], pos, an.env.Notation())
			}
			setShown(l, text)
		}
		v.bar.Chances = best.Score.WinningChances()
	}
	v.bar.Flipped = an.env.Settings.Flipped()
	v.bar.Show()
	v.bar.Refresh()
	an.relayout()
	ok := len(x.Lines) > 0 && len(x.Lines[0].Moves) > 0 && x.FEN == an.liveFEN
	if ok {
		an.board.ShowBestMove(x.Lines[0].Moves[0], true)
	} else {
		an.board.ShowBestMove(game.Move{}, false)
	}
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

// showText shows text in the panel in place of an analysis.
func (an *Analysis) showText(text string) {
	v := an.v
	v.eval.SetText("")
	v.depth.SetText("")
	v.score.Hide()
	v.status.SetText(text)
	for _, l := range v.lines {
		setShown(l, "")
	}
	an.relayout()
	an.board.ShowBestMove(game.Move{}, false)
}

// refreshGraph shows the evaluations of the main line's moves, when the
// game has any.
func (an *Analysis) refreshGraph() {
	graph := an.v.graph
	line := an.env.Session.Game().MainLine()
	points := make([]float64, 0, len(line))
	found := false
	current := -1
	shown := an.env.Session.Shown()
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
		graph.Points = nil
		graph.Hide()
		return
	}
	graph.Show()
	if samePoints(points, graph.Points) {
		graph.SetCurrent(current) // the curve is not drawn again
		return
	}
	graph.Points, graph.Current = points, current
	graph.Refresh()
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

// Stop stops every engine, when the window closes: it waits (two
// seconds at most) for their processes, and what they started, to be
// gone, so that none outlives the program.
func (an *Analysis) Stop() {
	an.on = false
	an.closeLive()
	done := []<-chan struct{}{}
	for _, l := range an.closing {
		done = append(done, l.Done())
	}
	an.closing = nil
	if job := an.job; job != nil {
		an.stopWholeGame()
		done = append(done, job.done)
	}
	deadline := time.After(2 * time.Second)
	for _, d := range done {
		select {
		case <-d:
		case <-deadline:
			return
		}
	}
}

// wholeGameJob is a whole-game analysis running.
type wholeGameJob struct {
	cancel context.CancelFunc
	// game is the game analysed: the result goes into it only.
	game game.View
	// done is closed once the engine's process is gone.
	done chan struct{}
}
