// Package settingswin is the room of the settings: the window where the
// user changes them, every change applied at once.
package settingswin

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
	"github.com/echiquier/echiquier/pieces"
	"github.com/echiquier/echiquier/settings"
	"github.com/echiquier/echiquier/theme"
	"github.com/echiquier/echiquier/widgets"
)

// previewFEN is the position of the settings' board preview: a check,
// so that the check and last-move colours show too.
const previewFEN = "r1bqkb1r/pppp1Bpp/2n2n2/4p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 0 4"

// Host is told of the settings changed here.
type Host interface {
	// SettingsChanged brings the window in line with the settings.
	SettingsChanged()
	// LanguageChanged shows the window in the language the settings
	// name.
	LanguageChanged()
}

// Tab is a tab of the settings that another room makes (the engine's).
type Tab struct {
	// Title is the tab's title, in the user's language.
	Title func() string
	// Content makes the tab, its fields in scope sc.
	Content func(sc *kit.Scope) fyne.CanvasObject
	// Closed, when not nil, is called once the window is closed: what
	// was typed and not yet taken is taken then.
	Closed func()
}

// SettingsWin is the settings room.
type SettingsWin struct {
	env   *kit.Env
	host  Host
	tabs  []Tab
	shown *settingsWindow // the window open, or nil
}

// New makes the room, with the tabs other rooms make after its own, and
// adds its command to the table.
func New(env *kit.Env, host Host, tabs ...Tab) *SettingsWin {
	r := &SettingsWin{env: env, host: host, tabs: tabs}
	env.Commands.Add(kit.Command{ID: kit.Settings, Label: "Settings…", Shortcut: kit.Ctrl(fyne.KeyComma), Run: r.show})
	return r
}

// settingsWindow is the window where the user changes the settings;
// every change applies at once.
type settingsWindow struct {
	r       *SettingsWin
	win     fyne.Window
	scope   *kit.Scope
	preview *widgets.Board
	tabs    *container.AppTabs
}

// show opens the settings window, or brings it to the front.
func (r *SettingsWin) show() {
	if r.shown != nil {
		r.shown.win.RequestFocus()
		return
	}
	w := &settingsWindow{r: r, win: r.env.App.NewWindow(lang.L("Settings"))}
	r.shown = w
	w.win.SetOnClosed(func() {
		r.shown = nil
		for _, t := range r.tabs {
			if t.Closed != nil {
				t.Closed()
			}
		}
	})
	// Escape and Ctrl+W close it from any of its controls, as they close
	// the windows of a desktop that has no window manager's title bar to
	// click.
	w.scope = &kit.Scope{Cancel: w.win.Close}
	w.win.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if ev.Name == fyne.KeyEscape {
			w.win.Close()
		}
	})
	w.win.Canvas().AddShortcut(kit.Ctrl(fyne.KeyW), func(fyne.Shortcut) { w.win.Close() })
	w.build()
	w.win.Resize(fyne.NewSize(640, 560))
	w.win.Show()
}

// Rebuild makes the settings window again in the language just chosen,
// if it is open.
func (r *SettingsWin) Rebuild() {
	if w := r.shown; w != nil {
		w.win.SetTitle(lang.L("Settings"))
		w.build()
	}
}

func (w *settingsWindow) build() {
	env := w.r.env
	w.preview = widgets.NewBoard(env.Pieces())
	w.preview.Pos, _ = game.ParseFEN(previewFEN)
	from, _ := game.ParseSquare("c4")
	to, _ := game.ParseSquare("f7")
	w.preview.LastMove = game.Move{From: from, To: to}
	w.preview.HasLastMove = true
	env.DressBoard(w.preview)
	selected := 0
	if w.tabs != nil {
		selected = w.tabs.SelectedIndex() // built again in another language: the same tab
	}
	w.tabs = container.NewAppTabs(
		container.NewTabItem(lang.L("Board"), w.boardTab()),
		container.NewTabItem(lang.L("Play"), w.playTab()),
		container.NewTabItem(lang.L("Language and notation"), w.languageTab()),
	)
	for _, t := range w.r.tabs {
		w.tabs.Append(container.NewTabItem(t.Title(), t.Content(w.scope)))
	}
	w.tabs.SelectIndex(selected)
	closeButton := kit.NewButton(w.scope, lang.L("Close"), w.win.Close)
	w.win.SetContent(container.NewBorder(nil, container.NewPadded(container.NewHBox(layout.NewSpacer(), closeButton)), nil, nil, w.tabs))
}

// changed applies the settings to the window and the preview.
func (w *settingsWindow) changed() {
	w.r.host.SettingsChanged()
	w.r.env.DressBoard(w.preview)
	w.preview.Refresh()
}

// check is a check box bound to a setting.
func (w *settingsWindow) check(label string, get func() bool, set func(bool)) *kit.Check {
	c := kit.NewCheck(w.scope, label, nil)
	c.SetChecked(get())
	c.OnChanged = func(on bool) {
		set(on)
		w.changed()
	}
	return c
}

func (w *settingsWindow) boardTab() fyne.CanvasObject {
	s := w.r.env.Settings
	schemes := theme.Schemes()
	schemeNames := make([]string, len(schemes))
	for i, sc := range schemes {
		schemeNames[i] = schemeTitle(sc.Name)
	}
	scheme := kit.NewSelect(w.scope, schemeNames, nil)
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
	set := kit.NewSelect(w.scope, setNames, nil)
	set.SetSelectedIndex(indexOf(len(sets), func(i int) bool { return sets[i] == w.r.env.Pieces().Name }))
	set.OnChanged = func(string) {
		s.SetPieceSet(sets[set.SelectedIndex()])
		w.changed()
	}
	inputs := settings.MoveInputs()
	input := kit.NewSelect(w.scope, []string{lang.L("Drag or click"), lang.L("Drag only"), lang.L("Click only")}, nil)
	input.SetSelectedIndex(indexOf(len(inputs), func(i int) bool { return inputs[i] == s.MoveInput() }))
	input.OnChanged = func(string) {
		s.SetMoveInput(inputs[input.SelectedIndex()])
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
	s := w.r.env.Settings
	white, black := kit.NewEntry(w.scope), kit.NewEntry(w.scope)
	white.SetLimit(pgn.MaxString)
	black.SetLimit(pgn.MaxString)
	whiteName, blackName := s.PlayerNames()
	white.SetText(whiteName)
	black.SetText(blackName)
	saveNames := func(string) { s.SetPlayerNames(white.Text, black.Text) }
	white.OnChanged, black.OnChanged = saveNames, saveNames
	preset := kit.NewSelect(w.scope, words.PresetLabels()[:len(words.TimePresets())-1], nil)
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
		w.check(lang.L("Turn the board after each move"), s.AutoFlip, func(on bool) {
			if on != s.AutoFlip() {
				w.r.env.Commands.Run(kit.AutoFlip)
			}
		}),
		w.check(lang.L("Touch-move training: a piece touched must be moved"), s.TouchMove, s.SetTouchMove),
		w.check(lang.L("Ask before resigning"), s.ConfirmResign, s.SetConfirmResign),
		w.check(lang.L("Ask before offering a draw"), s.ConfirmDrawOffer, s.SetConfirmDrawOffer),
	)
}

func (w *settingsWindow) languageTab() fyne.CanvasObject {
	s := w.r.env.Settings
	// The first choice follows the language; the others are notations.
	notations := []game.Notation{game.EnglishSAN, game.FrenchSAN, game.FigurineSAN}
	notation := kit.NewSelect(w.scope, []string{
		lang.L("As the language (Nf3 in English, Cf3 in French)"),
		lang.L("English (Nf3, Bxb5, e8=Q)"),
		lang.L("French (Cf3, Fxb5, e8=D)"),
		lang.L("Figurines (♘f3, ♗xb5, e8=♕)"),
	}, nil)
	selected := 0
	if s.NotationChosen() {
		selected = 1 + indexOf(len(notations), func(i int) bool { return notations[i] == w.r.env.Notation() })
	}
	notation.SetSelectedIndex(selected)
	codes := settings.Languages()
	names := []string{lang.L("As the system"), "English", "Français"}
	language := kit.NewSelect(w.scope, names, nil)
	language.SetSelectedIndex(indexOf(len(codes), func(i int) bool { return codes[i] == s.Language() }))
	language.OnChanged = func(string) {
		code := codes[language.SelectedIndex()]
		if code == s.Language() {
			return
		}
		s.SetLanguage(code)
		w.r.host.LanguageChanged()
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
		switch i := notation.SelectedIndex(); i {
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
