package app

import (
	"errors"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/words"
	"github.com/echiquier/echiquier/pieces"
	"github.com/echiquier/echiquier/settings"
	"github.com/echiquier/echiquier/theme"
	"github.com/echiquier/echiquier/widgets"
)

// previewFEN is the position of the settings' board preview: a check,
// so that the check and last-move colours show too.
const previewFEN = "r1bqkb1r/pppp1Bpp/2n2n2/4p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 0 4"

// settingsWindow is the window where the user changes the settings; every
// change applies at once.
type settingsWindow struct {
	a       *App
	win     fyne.Window
	preview *widgets.Board
	tabs    *container.AppTabs
}

// showSettings opens the settings window, or brings it to the front.
func (a *App) showSettings() {
	if a.settingsWin != nil {
		a.settingsWin.win.RequestFocus()
		return
	}
	w := &settingsWindow{a: a, win: a.fyne.NewWindow(lang.L("Settings"))}
	a.settingsWin = w
	w.win.SetOnClosed(func() { a.settingsWin = nil })
	// Escape and Ctrl+W close it, as they close the windows of a desktop
	// that has no window manager's title bar to click.
	w.win.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if ev.Name == fyne.KeyEscape {
			w.win.Close()
		}
	})
	w.win.Canvas().AddShortcut(ctrl(fyne.KeyW), func(fyne.Shortcut) { w.win.Close() })
	w.build()
	w.win.Resize(fyne.NewSize(640, 560))
	w.win.Show()
}

func (w *settingsWindow) build() {
	w.preview = widgets.NewBoard(w.a.pieces)
	w.preview.Pos, _ = game.ParseFEN(previewFEN)
	from, _ := game.ParseSquare("c4")
	to, _ := game.ParseSquare("f7")
	w.preview.LastMove = game.Move{From: from, To: to}
	w.preview.HasLastMove = true
	w.a.applyBoardSettings(w.preview)
	selected := 0
	if w.tabs != nil {
		selected = w.tabs.SelectedIndex() // built again in another language: the same tab
	}
	w.tabs = container.NewAppTabs(
		container.NewTabItem(lang.L("Board"), w.boardTab()),
		container.NewTabItem(lang.L("Play"), w.playTab()),
		container.NewTabItem(lang.L("Language and notation"), w.languageTab()),
		container.NewTabItem(lang.L("Engine"), w.engineTab()),
	)
	w.tabs.SelectIndex(selected)
	closeButton := widget.NewButton(lang.L("Close"), w.win.Close)
	w.win.SetContent(container.NewBorder(nil, container.NewPadded(container.NewHBox(layout.NewSpacer(), closeButton)), nil, nil, w.tabs))
}

// changed applies the settings to the app and the preview.
func (w *settingsWindow) changed() {
	w.a.applySettings()
	w.a.applyBoardSettings(w.preview)
	w.preview.Refresh()
}

// check is a check box bound to a setting.
func (w *settingsWindow) check(label string, get func() bool, set func(bool)) *widget.Check {
	c := widget.NewCheck(label, nil)
	c.SetChecked(get())
	c.OnChanged = func(on bool) {
		set(on)
		w.changed()
	}
	return c
}

func (w *settingsWindow) boardTab() fyne.CanvasObject {
	s := w.a.settings
	schemes := theme.Schemes()
	schemeNames := make([]string, len(schemes))
	for i, sc := range schemes {
		schemeNames[i] = schemeTitle(sc.Name)
	}
	scheme := widget.NewSelect(schemeNames, nil)
	scheme.SetSelectedIndex(indexOf(len(schemes), func(i int) bool { return schemes[i].Name == theme.Scheme(s.BoardScheme()).Name }))
	scheme.OnChanged = func(string) {
		s.SetBoardScheme(schemes[scheme.SelectedIndex()].Name)
		w.changed()
	}
	sets := pieces.Names()
	setNames := make([]string, len(sets))
	for i, name := range sets {
		setNames[i] = pieceSetTitle(name)
	}
	set := widget.NewSelect(setNames, nil)
	set.SetSelectedIndex(indexOf(len(sets), func(i int) bool { return sets[i] == w.a.pieceSet(s.PieceSet()).Name }))
	set.OnChanged = func(string) {
		s.SetPieceSet(sets[set.SelectedIndex()])
		w.changed()
	}
	inputs := settings.MoveInputs()
	input := widget.NewRadioGroup([]string{lang.L("Drag or click"), lang.L("Drag only"), lang.L("Click only")}, nil)
	input.Required = true
	input.SetSelected(input.Options[indexOf(len(inputs), func(i int) bool { return inputs[i] == s.MoveInput() })])
	input.OnChanged = func(string) {
		s.SetMoveInput(inputs[indexOf(len(input.Options), func(i int) bool { return input.Options[i] == input.Selected })])
		w.changed()
	}
	form := widget.NewForm(
		widget.NewFormItem(lang.L("Colours"), scheme),
		widget.NewFormItem(lang.L("Pieces"), set),
		widget.NewFormItem(lang.L("Move pieces by"), input),
	)
	options := container.NewVBox(
		w.check(lang.L("Show coordinates"), s.Coordinates, s.SetCoordinates),
		w.check(lang.L("Show legal moves"), s.Hints, s.SetHints),
		w.check(lang.L("Highlight the last move"), s.LastMove, s.SetLastMove),
		w.check(lang.L("Animate moves"), s.Animate, s.SetAnimate),
	)
	preview := container.NewGridWrap(fyne.NewSize(240, 240), w.preview)
	return container.NewBorder(nil, nil, nil, container.NewVBox(preview), container.NewVBox(form, options))
}

func (w *settingsWindow) playTab() fyne.CanvasObject {
	s := w.a.settings
	white, black := widget.NewEntry(), widget.NewEntry()
	whiteName, blackName := s.PlayerNames()
	white.SetText(whiteName)
	black.SetText(blackName)
	saveNames := func(string) { s.SetPlayerNames(white.Text, black.Text) }
	white.OnChanged, black.OnChanged = saveNames, saveNames
	preset := widget.NewSelect(words.PresetLabels()[:len(words.TimePresets())-1], nil)
	preset.SetSelectedIndex(min(words.PresetIndex(s.TimeControl()), len(preset.Options)-1))
	preset.OnChanged = func(string) {
		if tc, err := game.ParseTimeControl(words.TimePresets()[preset.SelectedIndex()].TC); err == nil {
			s.SetTimeControl(tc)
		}
	}
	form := widget.NewForm(
		widget.NewFormItem(lang.L("White"), white),
		widget.NewFormItem(lang.L("Black"), black),
		widget.NewFormItem(lang.L("Time control"), preset),
	)
	return container.NewVBox(
		widget.NewLabelWithStyle(lang.L("New games"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		form,
		widget.NewSeparator(),
		w.check(lang.L("Turn the board after each move"), s.AutoFlip, w.a.setAutoFlip),
		w.check(lang.L("Touch-move training: a piece touched must be moved"), s.TouchMove, s.SetTouchMove),
		w.check(lang.L("Ask before resigning"), s.ConfirmResign, s.SetConfirmResign),
		w.check(lang.L("Ask before offering a draw"), s.ConfirmDrawOffer, s.SetConfirmDrawOffer),
	)
}

func (w *settingsWindow) languageTab() fyne.CanvasObject {
	s := w.a.settings
	// The first choice follows the language; the others are notations.
	notations := []game.Notation{game.EnglishSAN, game.FrenchSAN, game.FigurineSAN}
	notation := widget.NewRadioGroup([]string{
		lang.L("As the language (Nf3 in English, Cf3 in French)"),
		lang.L("English (Nf3, Bxb5, e8=Q)"),
		lang.L("French (Cf3, Fxb5, e8=D)"),
		lang.L("Figurines (♘f3, ♗xb5, e8=♕)"),
	}, nil)
	notation.Required = true
	selected := 0
	if s.NotationChosen() {
		selected = 1 + indexOf(len(notations), func(i int) bool { return notations[i] == w.a.notation() })
	}
	notation.SetSelected(notation.Options[selected])
	codes := settings.Languages()
	names := []string{lang.L("As the system"), "English", "Français"}
	language := widget.NewSelect(names, nil)
	language.SetSelectedIndex(indexOf(len(codes), func(i int) bool { return codes[i] == s.Language() }))
	language.OnChanged = func(string) {
		code := codes[language.SelectedIndex()]
		if code == s.Language() {
			return
		}
		s.SetLanguage(code)
		w.a.changeLanguage()
	}
	languageItem := widget.NewFormItem(lang.L("Language"), language)
	form := widget.NewForm(widget.NewFormItem(lang.L("Moves in the list"), notation), languageItem)
	hint := func() {
		languageItem.HintText = lang.L("The moves in the list follow the language.")
		if s.NotationChosen() {
			languageItem.HintText = lang.L("The moves in the list keep the notation chosen above.")
		}
		form.Refresh()
	}
	notation.OnChanged = func(string) {
		switch i := indexOf(len(notation.Options), func(i int) bool { return notation.Options[i] == notation.Selected }); i {
		case 0:
			s.FollowLanguageNotation()
		default:
			s.SetNotation(notations[i-1])
		}
		hint()
		w.changed()
	}
	hint()
	return form
}

// schemeTitle names a board colour scheme for the user.
func schemeTitle(name string) string {
	switch name {
	case "green":
		return lang.L("Green")
	case "blue":
		return lang.L("Blue")
	case "grey":
		return lang.L("Grey")
	case "high-contrast":
		return lang.L("High contrast")
	}
	return lang.L("Brown")
}

// pieceSetTitle names a piece set for the user.
func pieceSetTitle(name string) string {
	if name == "fancy" {
		return lang.L("GNOME Chess (fancy)")
	}
	return lang.L("Cburnett")
}

// indexOf returns the first i below n for which match holds, or 0.
func indexOf(n int, match func(int) bool) int {
	for i := range n {
		if match(i) {
			return i
		}
	}
	return 0
}

// settingsFailed says, once for a run of failures, that the settings
// could not be saved and that the earlier ones are kept.
func (a *App) settingsFailed(err error) {
	a.dlg.showError(errors.New(lang.L("The settings could not be saved ({{.Error}}); the settings saved before are kept.",
		map[string]any{"Error": words.OneLine(errors.Unwrap(err).Error())})))
}
