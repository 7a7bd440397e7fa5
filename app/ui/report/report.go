// Package report is the room of the game report: under the evaluation
// graph, once the engine has analysed the game, how well each player
// played (lichess's accuracy, average centipawn loss, inaccuracies,
// mistakes and blunders) and the moves that decided the game, with the
// engine's better line.
package report

import (
	"errors"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
)

// Report is the game report, shown under the evaluation graph while the
// game's main line has evaluations ([%eval]) and the user wants it
// (Analysis ▸ Game report). It is worked out again from those each time
// the game changes, so that a game analysed here, earlier, or by lichess
// has its report, and nothing but the evaluations is kept in the file.
type Report struct {
	env *kit.Env
	v   *view

	// off: the user hid the report.
	off bool
	// game is the game the report is of; report is its report, or err
	// why there is none; evaluated says whether its main line has any
	// evaluation at all, readable or not (none: the report takes no room).
	game      game.View
	report    engine.Report
	err       error
	evaluated bool
	// laidOut is the panel's height when the window was last laid out.
	laidOut float32
}

// view is what the room shows, made again in another language.
type view struct {
	// panel is what the window lays out: box, in a theme of its own.
	panel   *container.ThemeOverride
	box     *fyne.Container
	figures *fyne.Container
	names   [2]*widget.Label
	// accuracy and loss are the players' figures; counts step through
	// their inaccuracies, mistakes and blunders, and none is a count of
	// none, which does not.
	accuracy, loss [2]*widget.Label
	counts         [2][3]*widget.Hyperlink
	none           [2][3]*widget.Label
	turning        *fyne.Container
	// moves and lines are the turning points: the move played, and the
	// engine's better line.
	moves, lines [turningRows]*widget.Hyperlink
	message      *widget.Label
}

// turningRows is how many turning points the panel has room for: as
// many as a report names.
const turningRows = 3

// New makes the room and adds its commands to the table.
func New(env *kit.Env) *Report {
	r := &Report{env: env}
	env.Commands.Add(
		kit.Command{ID: kit.GameReport, Label: "Game report",
			Checked: func() bool { return !r.off }, Run: r.toggle},
		kit.Command{ID: kit.CopyReport, Label: "Copy the report", Icon: fynetheme.ContentCopyIcon(),
			Refused: r.copyRefused, Run: r.copy},
	)
	return r
}

// Build makes the panel in the window's language and returns it: the
// window lays it out under the graph, where it takes no room while it
// is hidden.
func (r *Report) Build() fyne.CanvasObject {
	v := &view{message: widget.NewLabel("")}
	r.v = v
	v.message.Wrapping = fyne.TextWrapWord
	cells := []fyne.CanvasObject{r.env.Commands.IconButton(kit.CopyReport)}
	for c := range v.names {
		v.names[c] = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
		v.names[c].Truncation = fyne.TextTruncateEllipsis
		cells = append(cells, v.names[c])
	}
	row := func(name string, cell func(c int) fyne.CanvasObject) {
		cells = append(cells, widget.NewLabel(name), cell(0), cell(1))
	}
	figure := func(labels *[2]*widget.Label) func(int) fyne.CanvasObject {
		return func(c int) fyne.CanvasObject {
			labels[c] = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{})
			return labels[c]
		}
	}
	row(lang.L("Accuracy"), figure(&v.accuracy))
	row(lang.L("Average loss"), figure(&v.loss))
	kinds := [...]engine.Judgement{engine.Inaccuracy, engine.Mistake, engine.Blunder}
	for k, name := range []string{lang.L("Inaccuracies"), lang.L("Mistakes"), lang.L("Blunders")} {
		row(name, func(c int) fyne.CanvasObject {
			v.counts[c][k] = &widget.Hyperlink{Alignment: fyne.TextAlignCenter, TextStyle: fyne.TextStyle{Bold: true},
				OnTapped: func() { r.step(game.Color(c), kinds[k]) }}
			v.none[c][k] = widget.NewLabelWithStyle("0", fyne.TextAlignCenter, fyne.TextStyle{})
			return container.NewStack(v.counts[c][k], v.none[c][k])
		})
	}
	v.figures = container.New(&columns{}, cells...)
	v.turning = container.NewVBox(widget.NewLabelWithStyle(lang.L("Turning points"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	for i := range v.moves {
		v.moves[i] = &widget.Hyperlink{TextStyle: fyne.TextStyle{Bold: true}}
		v.lines[i] = &widget.Hyperlink{Truncation: fyne.TextTruncateEllipsis}
		v.turning.Add(container.NewBorder(nil, nil, v.moves[i], nil, v.lines[i]))
	}
	v.box = container.NewVBox(v.figures, v.turning, v.message)
	v.panel = container.NewThemeOverride(v.box, compact{r.env.App.Settings().Theme()})
	r.game, r.laidOut = nil, 0 // the panel shows the report again
	r.Refresh()
	return v.panel
}

// compact is the window's theme with half the room around words: the
// report's rows take less of the height under the move list.
type compact struct{ fyne.Theme }

func (c compact) Size(n fyne.ThemeSizeName) float32 {
	if n == fynetheme.SizeNameInnerPadding {
		return c.Theme.Size(n) / 2
	}
	return c.Theme.Size(n)
}

// Follow brings the report in line with the game, when it changed.
func (r *Report) Follow(ev session.Event) {
	if ev.Change.Has(session.GameChanged|session.Replaced) || r.env.Session.Game() != r.game {
		r.game = nil
		r.Refresh()
	}
}

// Refresh works the report out again when the game is another, and shows
// it.
func (r *Report) Refresh() {
	g := r.env.Session.Game()
	if g != r.game {
		r.game = g
		r.report, r.err = engine.NewReport(g)
		var missing *engine.MissingEvalError
		refused := errors.As(r.err, &missing) && missing.Refused != ""
		r.evaluated = r.err == nil || refused || slices.ContainsFunc(g.MainLine(), func(n *game.Node) bool {
			_, ok := engine.NodeEval(n)
			return ok
		})
	}
	r.show()
}

// show fills the panel with the report, or the reason there is none.
func (r *Report) show() {
	v := r.v
	defer r.relayout()
	if r.off || !r.evaluated {
		v.panel.Hide()
		return
	}
	v.panel.Show()
	if r.err != nil {
		v.message.SetText(words.ReportError(r.err))
		v.message.Show()
		v.figures.Hide()
		v.turning.Hide()
		return
	}
	v.message.Hide()
	v.figures.Show()
	for c := range v.names {
		p := r.report.Player(game.Color(c))
		v.names[c].SetText(words.OneLine(words.PlayerName(r.game, game.Color(c))))
		accuracy, loss := "–", "–"
		if p.Moves > 0 {
			accuracy, loss = words.Percent(p.Accuracy), strconv.Itoa(p.AverageLoss)
		}
		v.accuracy[c].SetText(accuracy)
		v.loss[c].SetText(loss)
		for k, n := range []int{p.Inaccuracies, p.Mistakes, p.Blunders} {
			v.counts[c][k].SetText(strconv.Itoa(n))
			v.counts[c][k].Hidden = n == 0
			v.none[c][k].Hidden = n > 0
		}
	}
	tps := r.report.TurningPoints()
	v.turning.Hidden = len(tps) == 0
	notation := r.env.Notation()
	for i := range v.moves {
		move, line := v.moves[i], v.lines[i]
		if i >= len(tps) {
			move.Hide()
			line.Hide()
			continue
		}
		m := tps[i]
		move.SetText(words.JudgedMove(m, notation) + "  " + words.Chances(m))
		move.OnTapped = func() { r.showMove(m.Node) }
		move.Show()
		better := engine.AnalysisLine(m.Node)
		if len(better) == 0 {
			line.Hide()
			continue
		}
		line.SetText(words.NodeLine(better, notation))
		line.OnTapped = func() { r.showBetter(m.Node, better[0]) }
		line.Show()
	}
	v.turning.Refresh()
}

// relayout lays the window out again when the panel shows, hides, or
// takes another height: the window gives it room by what it needs.
func (r *Report) relayout() {
	h := float32(-1)
	if r.v.panel.Visible() {
		h = r.v.panel.MinSize().Height
	}
	if h != r.laidOut {
		r.laidOut = h
		r.env.Relayout()
	}
}

// step shows the next of player c's moves judged j after the position
// shown, the first after the last, and says which it is.
func (r *Report) step(c game.Color, j engine.Judgement) {
	r.tapped()
	var moves []*game.Node
	for _, m := range r.report.Moves {
		if m.Node.Mover() == c && m.Judgement == j {
			moves = append(moves, m.Node)
		}
	}
	if len(moves) == 0 {
		return
	}
	ply := r.env.Session.Shown().Ply()
	i := slices.IndexFunc(moves, func(n *game.Node) bool { return n.Ply() > ply })
	if i < 0 {
		i = 0
	}
	r.env.Session.Show(moves[i])
	args := map[string]any{"N": i + 1, "Count": len(moves), "Player": words.OneLine(words.PlayerName(r.game, c)),
		"Move": words.MoveLabel(moves[i], r.env.Notation())}
	r.env.Status.Say(words.Naming(args, func(data map[string]any) string {
		switch j {
		case engine.Inaccuracy:
			return lang.L("Inaccuracy {{.N}} of {{.Count}} by {{.Player}}: {{.Move}}", data)
		case engine.Mistake:
			return lang.L("Mistake {{.N}} of {{.Count}} by {{.Player}}: {{.Move}}", data)
		}
		return lang.L("Blunder {{.N}} of {{.Count}} by {{.Player}}: {{.Move}}", data)
	}))
}

// showMove shows a turning point's move.
func (r *Report) showMove(n *game.Node) {
	r.tapped()
	r.env.Session.Show(n)
}

// showBetter shows the first move of the engine's better line instead of
// n: the board shows that move made, the move list the line, and ←
// the position before n.
func (r *Report) showBetter(n, first *game.Node) {
	r.tapped()
	r.env.Session.Show(first)
	r.env.Status.Say(lang.L("The engine's line instead of {{.Move}}", map[string]any{"Move": words.MoveLabel(n, r.env.Notation())}))
}

// tapped tells the main window's keys that a control was clicked (it
// ends keyboard play on the board), as its buttons do.
func (r *Report) tapped() {
	if r.env.Keys != nil && r.env.Keys.Tapped != nil {
		r.env.Keys.Tapped()
	}
}

// toggle shows the report, or hides it.
func (r *Report) toggle() {
	r.off = !r.off
	r.show()
}

// copyRefused says why there is no report to copy.
func (r *Report) copyRefused() string {
	switch {
	case !r.evaluated:
		return lang.L("No report to copy: the game has no evaluations; analyse the whole game first.")
	case r.err != nil:
		return words.ReportError(r.err)
	}
	return ""
}

// copy puts the report on the clipboard as text, for a message.
func (r *Report) copy() {
	r.env.App.Clipboard().SetContent(words.ReportText(r.game, r.report, r.env.Notation()))
	r.env.Status.Say(lang.L("Copied the report"))
}
