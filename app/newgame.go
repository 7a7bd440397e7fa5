package app

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/echiquier/echiquier/app/ui/words"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
)

// newGameForm is the new game dialog's fields.
type newGameForm struct {
	white, black *escapableEntry
	preset       *widget.Select
	base, bonus  *escapableEntry // minutes; seconds a move
	bonusKind    *widget.Select
	moves, then  *escapableEntry // moves in the first period; minutes after it
	fen          *escapableEntry
	custom       []fyne.Disableable
}

// newGame asks for the players, the time control and the start position,
// once the current game is safe to leave.
func (a *App) newGame() {
	a.confirmDiscard(a.showNewGameDialog)
}

func (a *App) showNewGameDialog() { a.showNewGameDialogFEN("") }

// showNewGameDialogFEN asks for a new game's players and time control,
// from the position fen ("" for the standard start).
func (a *App) showNewGameDialogFEN(fen string) {
	f := a.newGameForm()
	f.fen.SetText(fen)
	items := []*widget.FormItem{
		widget.NewFormItem(lang.L("White"), f.white),
		widget.NewFormItem(lang.L("Black"), f.black),
		widget.NewFormItem(lang.L("Time control"), f.preset),
		widget.NewFormItem(lang.L("Custom time control"), f.customBox()),
		widget.NewFormItem(lang.L("Start position (FEN)"), f.fen),
	}
	items[4].HintText = lang.L("Leave empty for the standard start position")
	d := dialog.NewForm(lang.L("New game"), lang.L("Start"), lang.L("Cancel"), items, func(ok bool) {
		if ok {
			a.startNewGame(f)
		}
	}, a.win)
	d.Resize(fyne.NewSize(620, 520))
	for _, e := range []*escapableEntry{f.white, f.black, f.base, f.bonus, f.moves, f.then, f.fen} {
		e.onEscape = d.Dismiss
	}
	a.dlg.show(d, d.Submit)
}

func (a *App) newGameForm() *newGameForm {
	white, black := a.settings.PlayerNames()
	f := &newGameForm{
		white: newEscapableEntry(), black: newEscapableEntry(),
		base: numberEntry("10"), bonus: numberEntry("5"), moves: numberEntry("0"), then: numberEntry("0"),
		bonusKind: widget.NewSelect(words.BonusKinds(), nil),
		fen:       newEscapableEntry(),
	}
	f.white.SetText(white)
	f.black.SetText(black)
	f.white.SetPlaceHolder(lang.L("White"))
	f.black.SetPlaceHolder(lang.L("Black"))
	f.bonusKind.SetSelectedIndex(0)
	f.fen.SetPlaceHolder(game.StartFEN)
	f.fen.Validator = validateFEN
	f.custom = []fyne.Disableable{f.base, f.bonus, f.bonusKind, f.moves, f.then}
	f.preset = widget.NewSelect(words.PresetLabels(), f.presetChanged)
	tc := a.settings.TimeControl()
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
	number := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
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
func numberEntry(text string) *escapableEntry {
	e := newEscapableEntry()
	e.SetText(text)
	e.Validator = func(s string) error {
		if v, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err != nil || v < 0 || v > 100000 {
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
	num := func(e *escapableEntry) float64 { v, _ := strconv.ParseFloat(strings.TrimSpace(e.Text), 64); return v }
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

// startNewGame replaces the session's game with the one the form
// describes.
func (a *App) startNewGame(f *newGameForm) {
	tc, err := f.timeControl()
	if err != nil {
		a.showError(err)
		return
	}
	g, err := game.New(game.Options{FEN: strings.TrimSpace(f.fen.Text), TimeControl: tc, Now: a.now})
	if err != nil {
		a.showError(err)
		return
	}
	white, black := strings.TrimSpace(f.white.Text), strings.TrimSpace(f.black.Text)
	setNames(g, white, black)
	a.settings.SetPlayerNames(white, black)
	a.settings.SetTimeControl(tc)
	if a.settings.AutoFlip() {
		a.settings.SetFlipped(g.Turn() == game.Black)
	}
	a.sess.NewGame(g)
}
