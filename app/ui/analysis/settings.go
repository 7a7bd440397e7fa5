package analysis

import (
	"errors"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
	"github.com/echiquier/echiquier/settings"
)

// SettingsTab is the settings of the chess engine, its fields in scope
// sc: its program (found by Detect), its threads and hash, and the time
// per move of a whole-game analysis, and whether the computer playing a
// game may resign it (from its next game). A value is kept as soon as it is
// valid, the program as it is typed; a new program is taken at once on
// Enter or Detect, else when the settings window closes; the other values
// when the engine next starts.
func (an *Analysis) SettingsTab(sc *kit.Scope) fyne.CanvasObject {
	s := an.env.Settings
	found := kit.Wrapped("")
	path := kit.NewEntry(sc)
	path.SetLimit(engine.MaxPath)
	path.SetText(s.EnginePath())
	path.SetPlaceHolder(lang.L("Stockfish, found on the system"))
	path.OnChanged = func(p string) { s.SetEnginePath(strings.TrimSpace(p)) }
	usePath := func(p string) {
		s.SetEnginePath(strings.TrimSpace(p))
		an.engineChanged()
	}
	path.OnSubmitted = usePath
	detect := kit.NewButton(sc, lang.L("Detect"), func() {
		p, err := an.detect()
		if err != nil {
			found.SetText(analysisErrorText(err))
			return
		}
		found.SetText(lang.L("Found: {{.Path}}", map[string]any{"Path": p}))
		path.SetText(p)
		usePath(p)
	})
	threads := boundedNumberEntry(sc, s.EngineThreads(), 1, settings.MaxEngineThreads, s.SetEngineThreads)
	hash := boundedNumberEntry(sc, s.EngineHash(), 1, settings.EngineHashLimit(), s.SetEngineHash)
	moveTime := kit.NewEntry(sc)
	moveTime.SetText(words.Seconds(s.EngineMoveTime()))
	moveTime.Validator = func(text string) error {
		_, err := words.ParseSeconds(text)
		return err
	}
	moveTime.OnChanged = func(text string) {
		if d, err := words.ParseSeconds(text); err == nil {
			s.SetEngineMoveTime(d)
		}
	}
	form := widget.NewForm(
		widget.NewFormItem(lang.L("Program"), container.NewBorder(nil, nil, nil, detect, path)),
		widget.NewFormItem(lang.L("Threads"), threads),
		widget.NewFormItem(lang.L("Hash (MB)"), hash),
		widget.NewFormItem(lang.L("Seconds per move for a whole game"), moveTime),
	)
	resign := kit.NewCheck(sc, lang.L("The computer may resign a lost game"), s.SetComputerMayResign)
	resign.SetChecked(s.ComputerMayResign())
	return container.NewVBox(form, found, resign)
}

// boundedNumberEntry is a field for a whole number from lo to hi, kept by set
// as soon as it is one.
func boundedNumberEntry(sc *kit.Scope, value, lo, hi int, set func(int)) *kit.Entry {
	e := kit.NewEntry(sc)
	e.SetText(strconv.Itoa(value))
	parse := func(text string) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(text))
		if err != nil || n < lo || n > hi {
			return 0, errors.New(lang.L("Give a number from {{.Min}} to {{.Max}}", map[string]any{"Min": lo, "Max": hi}))
		}
		return n, nil
	}
	e.Validator = func(text string) error {
		_, err := parse(text)
		return err
	}
	e.OnChanged = func(text string) {
		if n, err := parse(text); err == nil {
			set(n)
		}
	}
	return e
}

// SettingsClosed takes the program typed in the settings and not taken
// yet (no Enter).
func (an *Analysis) SettingsClosed() {
	if an.env.Settings.EnginePath() != an.pathTaken {
		an.engineChanged()
	}
}

// engineChanged takes another engine program: the one found is looked
// for again, and the live analysis starts again with it.
func (an *Analysis) engineChanged() {
	an.pathTaken = an.env.Settings.EnginePath()
	an.enginePath, an.engineErr, an.failure = "", nil, nil
	an.closeLive()
	an.Refresh()
	an.env.Commands.Refresh()
}
