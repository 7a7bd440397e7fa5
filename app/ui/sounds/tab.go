package sounds

import (
	"errors"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/sound"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/settings"
)

// SettingsTab is the settings of the sounds, its fields in scope sc:
// sounds on or off, their volume (with a button to hear it), which events
// sound, the low-time threshold, and sounds when browsing. Every change
// applies at once; with sounds off, the rest is greyed. Where no sound
// can be played, its first line says why, and all is greyed.
func (r *Sounds) SettingsTab(sc *kit.Scope) fyne.CanvasObject {
	s := r.env.Settings
	var controls []fyne.Disableable
	check := func(label string, get func() bool, set func(bool)) *kit.Check {
		c := kit.NewCheck(sc, label, nil)
		c.SetChecked(get())
		c.OnChanged = set
		controls = append(controls, c)
		return c
	}

	volume := kit.NewSlider(sc, 0, 100)
	volume.SetValue(float64(s.SoundVolume()))
	volume.OnChanged = func(v float64) { s.SetSoundVolume(int(v)) }
	// Let go, the slider plays a move at the volume chosen.
	volume.OnChangeEnded = func(float64) { r.test() }
	test := kit.NewButton(sc, lang.L("Test"), r.test)
	controls = append(controls, volume, test)

	events := container.NewGridWithColumns(2)
	for _, e := range settings.SoundEvents() {
		events.Add(check(eventTitle(e), func() bool { return s.SoundOf(e) }, func(on bool) { s.SetSoundOf(e, on) }))
	}

	choices := settings.LowTimeChoices()
	names := make([]string, len(choices))
	for i, d := range choices {
		names[i] = lowTimeTitle(d)
	}
	lowTime := kit.NewSelect(sc, names, nil)
	for i, d := range choices {
		if d == s.LowTimeChoice() {
			lowTime.SetSelectedIndex(i)
		}
	}
	lowTime.OnChanged = func(string) { s.SetLowTimeChoice(choices[lowTime.SelectedIndex()]) }
	controls = append(controls, lowTime)

	browsing := check(lang.L("Sound the moves when browsing a game (the move list, the arrow keys)"),
		s.SoundsWhenBrowsing, s.SetSoundsWhenBrowsing)

	problem := r.player.Problem()
	enable := func() {
		for _, c := range controls {
			kit.Enable(c, s.Sounds() && problem == nil)
		}
	}
	on := kit.NewCheck(sc, lang.L("Play sounds"), nil)
	kit.Enable(on, problem == nil)
	on.SetChecked(s.Sounds())
	on.OnChanged = func(v bool) {
		s.SetSounds(v)
		enable()
		r.env.Commands.Refresh()
	}
	r.shownOn = on
	enable()

	form := widget.NewForm(
		widget.NewFormItem(lang.L("Volume"), container.NewBorder(nil, nil, nil, test, volume)),
		widget.NewFormItem(lang.L("Warn of low time under"), lowTime),
	)
	box := container.NewVBox(
		on,
		form,
		widget.NewLabelWithStyle(lang.L("Sounds for"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		events,
		browsing,
	)
	if problem != nil {
		said := kit.Wrapped(problemText(problem))
		said.Importance = widget.WarningImportance
		box.Objects = append([]fyne.CanvasObject{said}, box.Objects...)
	}
	return box
}

// problemText says in a line why no sound can be played: the audio
// library's own words, which name every device it tried, are in the log.
func problemText(err error) string {
	switch {
	case errors.Is(err, sound.ErrNoOutput):
		return lang.L("No sound can be played: this computer has no audio output to play them on.")
	case errors.Is(err, sound.ErrOutputLost):
		return lang.L("No sound can be played: the audio output stopped working.")
	}
	return lang.L("No sound can be played: the program's sounds could not be read.")
}

// test plays a move at the volume set.
func (r *Sounds) test() {
	if s := r.env.Settings; s.Sounds() {
		r.player.Play(sound.Move, float64(s.SoundVolume())/100)
	}
}

// eventTitle names an event for the user.
func eventTitle(e settings.SoundEvent) string {
	switch e {
	case settings.SoundMove:
		return lang.L("Moves")
	case settings.SoundCapture:
		return lang.L("Captures")
	case settings.SoundCastle:
		return lang.L("Castling")
	case settings.SoundCheck:
		return lang.L("Checks")
	case settings.SoundPromotion:
		return lang.L("Promotions")
	case settings.SoundEnd:
		return lang.L("The end of the game")
	case settings.SoundRefused:
		return lang.L("Moves refused")
	case settings.SoundDrawOffer:
		return lang.L("Draw offers")
	case settings.SoundLowTime:
		return lang.L("Low time")
	case settings.SoundTicks:
		return lang.L("Each of the last five seconds")
	}
	return string(e)
}

// lowTimeTitle names a low-time threshold for the user.
func lowTimeTitle(d time.Duration) string {
	switch {
	case d == 0:
		return lang.L("10 seconds (20 above 10 minutes)")
	case d == time.Minute:
		return lang.L("1 minute")
	}
	return lang.L("{{.Count}} seconds", map[string]any{"Count": int(d / time.Second)})
}
