// Package newgame is the room where a game starts: the New game dialog
// (the players, the time control, the start position) and the board
// where a position is set up to play or study from.
package newgame

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"time"

	fynetheme "fyne.io/fyne/v2/theme"

	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// Leaver makes the game on screen safe to leave before another takes
// its place: it runs then once the game was saved or given up.
type Leaver interface {
	ConfirmDiscard(then func())
}

// NewGame is the room where a game starts.
type NewGame struct {
	env   *kit.Env
	leave Leaver
	probe Prober
}

// New makes the room and adds its commands to the table; probe tells
// what the engine offers to play with.
func New(env *kit.Env, leave Leaver, probe Prober) *NewGame {
	r := &NewGame{env: env, leave: leave, probe: probe}
	r.addComputerCommands()
	env.Commands.Add(
		kit.Command{ID: kit.NewGame, Label: "New game…", Icon: fynetheme.ContentAddIcon(), Shortcut: kit.Ctrl(fyne.KeyN),
			Run: func() { leave.ConfirmDiscard(func() { r.ask("") }) }},
		kit.Command{ID: kit.SetUp, Label: "Set up a position…", Run: r.setUp},
		kit.Command{ID: kit.EditPosition, Label: "Edit this position…", Run: func() { r.showSetup(env.Session.Shown().Position()) }},
	)
	return r
}

// newGameForm is the new game dialog's fields.
type newGameForm struct {
	white, black *kit.Entry
	preset       *kit.Select
	base, bonus  *kit.Entry // minutes; seconds a move
	bonusKind    *kit.Select
	moves, then  *kit.Entry // moves in the first period; minutes after it
	fen          *kit.Entry
	// custom is the control the custom fields offer when they show no
	// preset's (after Untimed): the one chosen last time, or 10 + 5.
	custom game.TimeControl
	// problem says why the custom time control, or the game, cannot be
	// played.
	problem *widget.Label
	players *players
}

// ask asks for a new game's players and time control, from the position
// fen ("" for the standard start). Start checks everything the game
// would refuse before the dialog closes: what is wrong is marked and said
// there, and what was typed stays.
func (r *NewGame) ask(fen string) {
	sc := &kit.Scope{}
	f := r.newGameForm(sc)
	f.fen.SetText(fen)
	items := []*widget.FormItem{
		widget.NewFormItem(lang.L("White"), f.players.row(game.White)),
		widget.NewFormItem(lang.L("Black"), f.players.row(game.Black)),
		widget.NewFormItem(lang.L("Computer's level"), f.players.levelBox()),
		widget.NewFormItem(lang.L("Time control"), f.preset),
		widget.NewFormItem(lang.L("Custom time control"), f.customBox()),
		widget.NewFormItem(lang.L("Start position (FEN)"), f.fen),
	}
	items[5].HintText = lang.L("Leave empty for the standard start position")
	d := dialog.NewCustomWithoutButtons(lang.L("New game"), widget.NewForm(items...), r.env.Window)
	start := func() { r.start(f, d) }
	sc.Confirm = start
	cancel := kit.NewButton(sc, lang.L("Cancel"), d.Hide)
	cancel.Icon = fynetheme.CancelIcon()
	ok := kit.NewButton(sc, lang.L("Start"), start)
	ok.Icon, ok.Importance = fynetheme.ConfirmIcon(), widget.HighImportance
	d.SetButtons([]fyne.CanvasObject{cancel, ok})
	d.SetOnClosed(func() { f.players.cancel() }) // the engine asked about its levels
	d.Resize(fyne.NewSize(620, 600))
	r.env.Dialogs.Show(d, sc)
}

func (r *NewGame) newGameForm(sc *kit.Scope) *newGameForm {
	white, black := r.env.Settings.PlayerNames()
	f := &newGameForm{
		white: kit.NewEntry(sc), black: kit.NewEntry(sc),
		base: kit.NewEntry(sc), bonus: kit.NewEntry(sc), moves: kit.NewEntry(sc), then: kit.NewEntry(sc),
		bonusKind: kit.NewSelect(sc, words.BonusKinds(), nil),
		fen:       kit.NewEntry(sc),
		problem:   kit.Wrapped(""),
	}
	f.white.SetLimit(pgn.MaxString)
	f.black.SetLimit(pgn.MaxString)
	f.fen.SetLimit(game.MaxFEN)
	f.white.SetText(white)
	f.black.SetText(black)
	f.white.SetPlaceHolder(lang.L("White"))
	f.black.SetPlaceHolder(lang.L("Black"))
	f.fen.SetPlaceHolder(game.StartFEN)
	f.fen.Validator = validateFEN
	f.players = r.newPlayers(sc, f.white, f.black)
	f.problem.Importance = widget.DangerImportance
	f.problem.Hide()
	f.custom, _ = game.ParseTimeControl(defaultCustom)
	tc := r.env.Settings.TimeControl()
	presets := words.TimePresets()
	if words.PresetIndex(tc) == len(presets)-1 {
		f.custom = tc // the custom control chosen last time
	}
	for _, e := range f.numbers() {
		e.Validator = func(string) error {
			if wrong, err := f.check(); wrong == e {
				return err
			}
			return nil
		}
		e.AlwaysShowValidationError = true
		e.OnChanged = func(string) { f.changed() }
	}
	f.bonusKind.OnChanged = func(string) { f.changed() }
	f.preset = kit.NewSelect(sc, words.PresetLabels(), func(string) { f.presetChanged() })
	f.preset.SetSelectedIndex(words.PresetIndex(tc))
	return f
}

// defaultCustom is what the custom fields offer the first time: 10
// minutes, 5 seconds a move.
const defaultCustom = "600+5"

// numbers are the custom time control's fields.
func (f *newGameForm) numbers() []*kit.Entry { return []*kit.Entry{f.base, f.bonus, f.moves, f.then} }

// isCustom reports whether Custom is chosen.
func (f *newGameForm) isCustom() bool { return f.preset.SelectedIndex() == len(words.TimePresets())-1 }

// setCustom shows tc in the custom fields; an untimed tc leaves them
// empty.
func (f *newGameForm) setCustom(tc game.TimeControl) {
	if len(tc.Stages) == 0 {
		for _, e := range f.numbers() {
			e.SetText("")
		}
		return
	}
	first := tc.Stages[0]
	number := words.Number
	f.base.SetText(number(first.Time.Minutes()))
	f.moves.SetText(strconv.Itoa(first.Moves))
	kind, bonus := words.KindIncrement, first.Increment
	switch {
	case tc.Hourglass:
		kind, bonus = words.KindHourglass, 0
	case first.Delay > 0 && first.DelayKind == game.SimpleDelay:
		kind, bonus = words.KindSimpleDelay, first.Delay
	case first.Delay > 0:
		kind, bonus = words.KindBronstein, first.Delay
	}
	f.bonus.SetText(number(bonus.Seconds()))
	f.bonusKind.SetSelectedIndex(kind)
	then := "0"
	if len(tc.Stages) > 1 {
		then = number(tc.Stages[1].Time.Minutes())
	}
	f.then.SetText(then)
}

// presetChanged shows the preset chosen in the custom fields, greyed;
// Custom makes them editable, from what they show, or from the custom
// control of last time after Untimed.
func (f *newGameForm) presetChanged() {
	switch tc := words.TimePresets()[f.preset.SelectedIndex()].TC; {
	case tc != "":
		p, _ := game.ParseTimeControl(tc)
		f.setCustom(p)
	case f.base.Text == "":
		f.setCustom(f.custom)
	}
	f.changed()
}

// changed follows a change of the custom fields: the fields that the
// time control does not use are greyed, the wrong ones marked, and why
// said under them.
func (f *newGameForm) changed() {
	custom, hourglass := f.isCustom(), f.bonusKind.SelectedIndex() == words.KindHourglass
	moves, _ := words.ParseNumber(f.moves.Text)
	kit.Enable(f.base, custom)
	kit.Enable(f.bonusKind, custom)
	kit.Enable(f.bonus, custom && !hourglass)
	kit.Enable(f.moves, custom && !hourglass)
	kit.Enable(f.then, custom && !hourglass && moves > 0)
	for _, e := range f.numbers() {
		e.Validate()
	}
	_, err := f.check()
	if err != nil {
		f.problem.SetText(err.Error())
	}
	f.problem.Hidden = err == nil
	f.problem.Refresh()
}

func (f *newGameForm) customBox() fyne.CanvasObject {
	row := func(label string, w fyne.CanvasObject) fyne.CanvasObject {
		return container.NewBorder(nil, nil, widget.NewLabel(label), nil, w)
	}
	return container.NewVBox(
		container.NewGridWithColumns(2,
			row(lang.L("Minutes"), f.base),
			row(lang.L("Seconds a move"), f.bonus)),
		f.bonusKind,
		container.NewGridWithColumns(2,
			row(lang.L("Moves in the first period (0: whole game)"), f.moves),
			row(lang.L("then minutes"), f.then)),
		f.problem,
	)
}

// numberEntry is an entry for a number of moves of the set-up position.
func numberEntry(sc *kit.Scope, text string) *kit.Entry {
	e := kit.NewEntry(sc)
	e.SetText(text)
	e.Validator = func(s string) error {
		if v, err := words.ParseNumber(s); err != nil || v < 0 || v > 100000 {
			return errors.New(lang.L("Enter a number"))
		}
		return nil
	}
	return e
}

// validateFEN accepts an empty field (the standard start) or a legal
// position, and otherwise says what is wrong.
func validateFEN(s string) error {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	if _, err := game.ParseFEN(s); err != nil {
		return errors.New(words.Error(err))
	}
	return nil
}

// timeControl returns the time control chosen.
func (f *newGameForm) timeControl() (game.TimeControl, error) {
	if p := words.TimePresets()[f.preset.SelectedIndex()]; p.TC != "" {
		return game.ParseTimeControl(p.TC)
	}
	tc, _, err := f.customControl()
	return tc, err
}

// check says which custom field is wrong and why, as the game's rule
// says it (TimeControl.Check); nil when none is, or Custom is not
// chosen.
func (f *newGameForm) check() (*kit.Entry, error) {
	if !f.isCustom() {
		return nil, nil
	}
	_, wrong, err := f.customControl()
	return wrong, err
}

// customControl reads the custom fields: the time control they give, or
// the field that is wrong and why.
func (f *newGameForm) customControl() (game.TimeControl, *kit.Entry, error) {
	var v [4]float64
	for i, e := range f.numbers() {
		n, err := words.ParseNumber(e.Text)
		switch {
		case err != nil || n < 0 || math.IsInf(n, 0) || math.IsNaN(n):
			return game.TimeControl{}, e, errors.New(lang.L("Enter a number"))
		case e == f.moves && n != math.Trunc(n):
			return game.TimeControl{}, e, errors.New(lang.L("Enter a whole number"))
		}
		v[i] = n
	}
	base, bonusSeconds, moves, then := v[0], v[1], v[2], v[3]
	st := game.Stage{Moves: int(min(moves, math.MaxInt32)), Time: duration(base, time.Minute)}
	bonus := duration(bonusSeconds, time.Second)
	tc := game.TimeControl{}
	switch f.bonusKind.SelectedIndex() {
	case words.KindSimpleDelay:
		st.Delay, st.DelayKind = bonus, game.SimpleDelay
	case words.KindBronstein:
		st.Delay, st.DelayKind = bonus, game.BronsteinDelay
	case words.KindHourglass:
		// One stage, nothing added: what one player uses, the other gets.
		st.Moves, tc.Hourglass = 0, true
	default:
		st.Increment = bonus
	}
	tc.Stages = []game.Stage{st}
	if st.Moves > 0 && then > 0 {
		next := st
		next.Moves, next.Time = 0, duration(then, time.Minute)
		tc.Stages = append(tc.Stages, next)
	}
	err := tc.Check()
	var tce *game.TimeControlError
	if !errors.As(err, &tce) {
		return tc, nil, err
	}
	wrong := f.base
	switch {
	case tce.Problem == game.BonusTooLong:
		wrong = f.bonus
	case tce.Problem == game.BadMoveCount || tce.Problem == game.AfterWholeGame:
		wrong = f.moves
	case tce.Stage > 0:
		wrong = f.then
	}
	return tc, wrong, errors.New(words.Error(err))
}

// duration is v units, the longest duration when it is longer.
func duration(v float64, unit time.Duration) time.Duration {
	if v*float64(unit) >= math.MaxInt64 {
		return math.MaxInt64
	}
	return time.Duration(v * float64(unit))
}

// start replaces the session's game with the one the form describes,
// once the dialog is closed; the players' names and the time control
// are kept for the next game. While the game would refuse a field, the
// dialog stays, with what was typed, and says why.
func (r *NewGame) start(f *newGameForm, d dialog.Dialog) {
	if f.fen.Validate() != nil {
		r.env.Window.Canvas().Focus(f.fen)
		return
	}
	tc, err := f.timeControl()
	if wrong, _ := f.check(); wrong != nil {
		f.changed()
		r.env.Window.Canvas().Focus(wrong)
		return
	}
	c, err := f.players.chosen()
	if err != nil {
		r.env.Dialogs.ShowError(errors.New(words.ComputerError(err)))
		return
	}
	s := r.env.Settings
	white, black := f.players.personNames()
	white, black = strings.TrimSpace(white), strings.TrimSpace(black)
	oldWhite, oldBlack := s.PlayerNames()
	s.SetPlayerNames(white, black)
	o := r.env.NewGame(strings.TrimSpace(f.fen.Text), tc)
	if err == nil {
		err = o.Check()
	}
	if err != nil {
		s.SetPlayerNames(oldWhite, oldBlack)
		f.problem.SetText(words.Error(err))
		f.problem.Show()
		return
	}
	d.Hide()
	s.SetTimeControl(tc)
	s.SetComputerSides(c.Sides)
	if c.Sides != [2]bool{} && f.players.level.SelectedIndex() >= 0 {
		s.SetComputerLevel(c.Strength.Level)
	}
	if err := r.env.Session.Start(o, c); err != nil {
		r.env.ShowError(err)
	}
}
