package app

import (
	"errors"
	"log"
	"path/filepath"

	"github.com/echiquier/echiquier/app/ui/words"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/autosave"
	"github.com/echiquier/echiquier/app/game"
)

// autosaveDir returns the folder of the autosaves: dir when given, else
// the app's storage; "" when there is none.
func autosaveDir(root fyne.URI, dir string) string {
	if dir != "" {
		return dir
	}
	if root == nil || root.Scheme() != "file" {
		return ""
	}
	return filepath.Clean(root.Path())
}

// openAutosave opens this window's autosave. Its failures and recoveries
// come back to the UI goroutine through post. Without one, the players are
// told that crash protection is off.
func (a *App) openAutosave(post func(func())) {
	if a.autosaveDir == "" {
		a.autosaveErr = errors.New(lang.L("the app has no folder to keep it in"))
		return
	}
	s, err := autosave.Open(a.autosaveDir, autosave.Options{
		Now:       a.now,
		OnError:   func(err error) { post(func() { a.autosaveFailed(err) }) },
		OnRecover: func() { post(func() { a.autosaveFailed(nil) }) },
	})
	if err != nil {
		a.autosaveErr = err
		return
	}
	a.autosave = s
}

// autosaveFailed tells the players, in the status line, that the game is
// not kept against a crash, and why; nil says it is kept again.
func (a *App) autosaveFailed(err error) {
	if err != nil {
		fyne.LogError("autosave failed", err)
	}
	a.autosaveErr = err
	a.refreshStatus()
}

// autosaveNote says in the status line that crash protection is off.
func (a *App) autosaveNote() string {
	if a.autosaveErr == nil {
		return ""
	}
	return lang.L("Crash protection is off: the game cannot be autosaved ({{.Reason}}). Save it to keep it.",
		map[string]any{"Reason": words.DiskReason(a.autosaveErr)})
}

// offerOrphans offers, one after the other, the games that other windows
// left unsaved when they ended (crashed, killed, or a finished game not
// saved). An orphan the user does not answer about is offered again at
// the next start.
func (a *App) offerOrphans() {
	if a.autosaveDir == "" {
		return
	}
	orphans, err := autosave.Orphans(a.autosaveDir)
	if err != nil {
		fyne.LogError("looking for interrupted games", err)
	}
	a.offerOrphan(orphans)
}

func (a *App) offerOrphan(orphans []autosave.Orphan) {
	if len(orphans) == 0 {
		return
	}
	o, rest := orphans[0], orphans[1:]
	rec, err := o.Load(a.now)
	if err != nil || rec.Game == nil {
		a.offerOrphan(rest)
		return
	}
	g := rec.Game
	log.Print("autosave: offering to resume the interrupted game")
	data := map[string]any{"White": words.PlayerName(g, game.White), "Black": words.PlayerName(g, game.Black),
		"Move": words.MoveLabel(g.Live()), "Moves": rec.Moves, "Lost": rec.Lost, "Result": words.GameResult(g)}
	title, msg := lang.L("Resume the interrupted game?"), lang.L("A game was interrupted after {{.Move}} ({{.White}} – {{.Black}}). Resume it?", data)
	switch {
	case g.Status().Over():
		title = lang.L("Open the unsaved game?")
		msg = lang.L("A finished game was not saved: {{.White}} – {{.Black}}, {{.Result}}. Open it?", data)
	case len(g.History()) == 0:
		msg = lang.L("A game was interrupted before its first move ({{.White}} – {{.Black}}). Resume it?", data)
	}
	if rec.Damaged {
		msg += "\n" + lang.L("Its autosave was damaged: {{.Moves}} moves could be read, the {{.Lost}} after them could not.", data)
	}
	a.dlg.ask(title, msg, lang.L("Resume"), lang.L("Discard"), func(ok bool) {
		if ok {
			a.confirmDiscard(func() { a.adopt(o) })
		} else if kept, err := o.Discard(); err == nil && kept != "" {
			a.showKept(kept)
		}
		a.offerOrphan(rest)
	})
}

// adopt makes an orphan the game on screen; its autosave becomes this
// window's.
func (a *App) adopt(o autosave.Orphan) {
	if a.autosave == nil {
		return
	}
	rec, err := a.autosave.Adopt(o)
	if err != nil {
		a.showError(err)
		return
	}
	a.sess.Resume(rec.Game)
	if rec.KeptAt != "" {
		a.showKept(rec.KeptAt)
	}
}

// showKept says where a damaged autosave was kept.
func (a *App) showKept(path string) {
	a.dlg.inform(lang.L("Damaged autosave"),
		lang.L("The damaged autosave is kept, unchanged, in {{.File}}.", map[string]any{"File": path}))
}
