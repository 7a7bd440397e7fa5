package analysis

import (
	"context"
	"errors"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
)

// askWholeGame asks for the time per move and starts the analysis of the
// whole game (Enter starts it with the settings' time).
func (an *Analysis) askWholeGame() {
	sc := &kit.Scope{}
	entry := kit.NewEntry(sc)
	entry.SetText(words.Seconds(an.env.Settings.EngineMoveTime()))
	entry.Validator = func(s string) error {
		_, err := words.ParseSeconds(s)
		return err
	}
	msg := kit.Wrapped(words.WholeGame(an.env.Session.Game()))
	form := widget.NewForm(widget.NewFormItem(lang.L("Seconds per move"), entry))
	dlg := dialog.NewCustomWithoutButtons(lang.L("Analyse the whole game"), container.NewVBox(msg, form), an.env.Window)
	start := func() {
		mt, err := words.ParseSeconds(entry.Text)
		if err != nil {
			return
		}
		dlg.Hide()
		an.env.Settings.SetEngineMoveTime(mt)
		an.startWholeGame(mt)
	}
	sc.Confirm, sc.Cancel = start, dlg.Hide
	analyse := kit.NewButton(sc, lang.L("Analyse"), start)
	analyse.Importance = widget.HighImportance
	dlg.SetButtons([]fyne.CanvasObject{kit.NewButton(sc, lang.L("Cancel"), dlg.Hide), analyse})
	// Wide enough for the message to wrap in a few lines, not a column.
	dlg.Resize(fyne.NewSize(440, dlg.MinSize().Height))
	an.env.Dialogs.Show(dlg, sc)
	an.env.Window.Canvas().Focus(entry)
}

// startWholeGame analyses the main line with mt per move in the
// background, the progress under the move list.
func (an *Analysis) startWholeGame(mt time.Duration) {
	v := an.v
	s, err := an.engineSettings()
	if err == nil {
		err = an.env.Session.AnalysisRefused()
	}
	if err != nil {
		an.showError(err)
		return
	}
	s.MoveTime = mt
	ctx, cancel := context.WithCancel(context.Background())
	job := &wholeGameJob{cancel: cancel, game: an.env.Session.Game(), done: make(chan struct{})}
	progress := func(p engine.Progress) {
		an.env.Post(func() {
			if an.job == job && p.Total > 0 {
				an.v.progress.SetValue(float64(p.Done) / float64(p.Total))
			}
		})
	}
	done := func(r engine.Result, err error) {
		close(job.done)
		an.env.Post(func() { an.wholeGameDone(job, r, err) })
	}
	if err := engine.AnalyseGame(ctx, s, job.game, progress, done); err != nil {
		cancel()
		an.showError(err)
		return
	}
	an.job = job
	v.progress.SetValue(0)
	v.running.Show()
	an.Refresh() // lays the window out again, the progress shown
}

// wholeGameDone writes a finished whole-game analysis into its game, or
// says why it stopped; the game is left as it was when it did.
func (an *Analysis) wholeGameDone(job *wholeGameJob, r engine.Result, err error) {
	if an.job != job {
		return // stopped: another game took its place, or the window closes
	}
	job.cancel()
	an.job = nil
	an.v.running.Hide()
	switch {
	case errors.Is(err, context.Canceled):
	case err != nil:
		an.showError(err)
	default:
		if err := an.env.Session.ApplyAnalysis(r); err != nil {
			an.showError(err)
		}
	}
	an.Refresh()
	an.env.Commands.Refresh()
}

// cancelWholeGame stops the whole-game analysis: the game stays as it
// is.
func (an *Analysis) cancelWholeGame() {
	if job := an.job; job != nil {
		job.cancel()
	}
}

// stopWholeGame stops the whole-game analysis and forgets it: what it
// reports from now on is dropped.
func (an *Analysis) stopWholeGame() {
	if an.job == nil {
		return
	}
	an.job.cancel()
	an.job = nil
	an.v.running.Hide()
}

// showError shows an analysis's failure in a dialog.
func (an *Analysis) showError(err error) {
	an.env.Dialogs.ShowError(errors.New(analysisErrorText(err)))
}
