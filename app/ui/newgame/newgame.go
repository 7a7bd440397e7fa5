// Package newgame is the room where a game starts: the New game dialog
// (the players, the time control, the start position) and the board
// where a position is set up to play or study from.
package newgame

import (
	"errors"
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
	custom       []fyne.Disableable
	players      *players
}

// ask asks for a new game's players and time control, from the position
// fen ("" for the standard start).
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
	d := dialog.NewForm(lang.L("New game"), lang.L("Start"), lang.L("Cancel"), items, func(ok bool) {
		f.players.cancel()
		if ok {
			r.start(f)
		}
	}, r.env.Window)
	d.Resize(fyne.NewSize(620, 600))
	sc.Confirm = d.Submit
	r.env.Dialogs.Show(d, sc)
}

func (r *NewGame) newGameForm(sc *kit.Scope) *newGameForm {
	white, black := r.env.Settings.PlayerNames()
	f := &newGameForm{
		white: kit.NewEntry(sc), black: kit.NewEntry(sc),
		base: numberEntry(sc, "10"), bonus: numberEntry(sc, "5"), moves: numberEntry(sc, "0"), then: numberEntry(sc, "0"),
		bonusKind: kit.NewSelect(sc, words.BonusKinds(), nil),
		fen:       kit.NewEntry(sc),
	}
	f.white.SetText(white)
	f.black.SetText(black)
	f.white.SetPlaceHolder(lang.L("White"))
	f.black.SetPlaceHolder(lang.L("Black"))
	f.bonusKind.SetSelectedIndex(0)
	f.fen.SetPlaceHolder(game.StartFEN)
	f.fen.Validator = validateFEN
	f.custom = []fyne.Disableable{f.base, f.bonus, f.bonusKind, f.moves, f.then}
	f.players = r.newPlayers(sc, f.white, f.black)
	f.preset = kit.NewSelect(sc, words.PresetLabels(), f.presetChanged)
	tc := r.env.Settings.TimeControl()
	f.preset.SetSelectedIndex(words.PresetIndex(tc))
	if f.preset.SelectedIndex() == len(words.TimePresets())-1 {
		f.setCustom(tc) // the custom control chosen last time
	}
	return f
}

// setCustom fills the custom fields with tc.
func (f *newGameForm) setCustom(tc game.TimeControl) {
	if len(tc.Stages) == 0 {
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
	if len(tc.Stages) > 1 {
		f.then.SetText(number(tc.Stages[1].Time.Minutes()))
	}
}

func (f *newGameForm) presetChanged(string) {
	custom := f.preset.SelectedIndex() == len(words.TimePresets())-1
	for _, w := range f.custom {
		if custom {
			w.Enable()
		} else {
			w.Disable()
		}
	}
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
	)
}

// numberEntry is an entry for a number of minutes, seconds or moves.
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
	presets := words.TimePresets()
	if p := presets[f.preset.SelectedIndex()]; p.TC != "" {
		return game.ParseTimeControl(p.TC)
	}
	num := func(e *kit.Entry) float64 { v, _ := words.ParseNumber(e.Text); return v }
	st := game.Stage{Moves: int(num(f.moves)), Time: minutes(num(f.base))}
	bonus := time.Duration(num(f.bonus) * float64(time.Second))
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
	if st.Moves > 0 && num(f.then) > 0 {
		next := st
		next.Moves, next.Time = 0, minutes(num(f.then))
		tc.Stages = append(tc.Stages, next)
	}
	if st.Time <= 0 && st.Increment <= 0 {
		return game.TimeControl{}, errors.New(lang.L("A timed game needs some time: give the minutes, or an increment"))
	}
	// Going through the tag syntax validates it as a file would.
	checked, err := game.ParseTimeControl(tc.String())
	if err != nil {
		return game.TimeControl{}, errors.New(lang.L("This time control cannot be played: {{.Reason}}", map[string]any{"Reason": err.Error()}))
	}
	return checked, nil
}

func minutes(m float64) time.Duration { return time.Duration(m * float64(time.Minute)) }

// start replaces the session's game with the one the form describes; the
// players' names and the time control are kept for the next game.
func (r *NewGame) start(f *newGameForm) {
	tc, err := f.timeControl()
	if err != nil {
		r.env.ShowError(err)
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
	g, err := r.env.NewGame(strings.TrimSpace(f.fen.Text), tc)
	if err != nil {
		s.SetPlayerNames(oldWhite, oldBlack)
		r.env.ShowError(err)
		return
	}
	s.SetTimeControl(tc)
	s.SetComputerSides(c.Sides)
	if c.Sides != [2]bool{} && f.players.level.SelectedIndex() >= 0 {
		s.SetComputerLevel(c.Strength.Level)
	}
	r.env.Session.NewGameWith(g, c)
}
