package files

import (
	"errors"
	"log"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/autosave"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
)

// OfferOrphans offers, one after the other, the games that other windows
// left unsaved when they ended (crashed, killed, or a finished game not
// saved). An orphan the user does not answer about is offered again at
// the next start.
func (f *Files) OfferOrphans() {
	if f.o.AutosaveDir == "" {
		return
	}
	orphans, err := autosave.Orphans(f.o.AutosaveDir)
	if err != nil {
		log.Printf("looking for interrupted games: %v", err)
	}
	f.offerOrphan(orphans)
}

func (f *Files) offerOrphan(orphans []autosave.Orphan) {
	if len(orphans) == 0 {
		return
	}
	o, rest := orphans[0], orphans[1:]
	rec, err := o.Load(f.env.Now)
	if err != nil || rec.Game == nil {
		f.offerOrphan(rest)
		return
	}
	g := rec.Game
	log.Print("autosave: offering to resume the interrupted game")
	data := map[string]any{"White": words.PlayerName(g, game.White), "Black": words.PlayerName(g, game.Black),
		"Move": words.MoveLabel(g.Live(), f.env.Notation()), "Moves": rec.Moves, "Lost": rec.Lost, "Result": words.GameResult(g)}
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
	next := func() { f.offerOrphan(rest) }
	f.env.Dialogs.Question(title, msg, lang.L("Not now"), []kit.Choice{
		{Label: lang.L("Move to the Trash"), Action: func() { f.discardOrphan(o); next() }},
		{Label: lang.L("Resume"), Action: func() { f.ConfirmDiscard(func() { f.adopt(o) }); next() }, Default: true},
	}, next)
}

// discardOrphan moves an interrupted game the user gave up to the Trash,
// and says so; a damaged autosave is kept aside instead.
func (f *Files) discardOrphan(o autosave.Orphan) {
	kept, err := o.Discard()
	switch {
	case errors.Is(err, autosave.ErrClaimed):
		f.env.Status.Say(words.Error(err))
	case err != nil:
		f.TrashFailed(err)
	case kept != "":
		f.showKept(kept)
	default:
		f.env.Status.Say(lang.L("The interrupted game was moved to the Trash."))
	}
}

// Trashed says how the autosave of a game given up with unsaved changes
// went to the Trash: nil when it did.
func (f *Files) Trashed(err error) {
	if err != nil {
		f.TrashFailed(err)
		return
	}
	f.env.Status.Say(lang.L("The game left unsaved was moved to the Trash, whence it can be restored."))
}

// TrashFailed says that a game given up could not go to the Trash, and
// that it is kept.
func (f *Files) TrashFailed(err error) {
	log.Printf("trash: %v", err)
	f.env.Dialogs.Inform(lang.L("Not moved to the Trash"), words.TrashError(err))
}

// adopt makes an orphan the game on screen; its autosave becomes this
// window's.
func (f *Files) adopt(o autosave.Orphan) {
	if f.o.Autosave == nil {
		return
	}
	f.env.Session.Discard() // to the Trash, if changed since saved, before the orphan takes its place
	rec, err := f.o.Autosave.Adopt(o)
	if err != nil {
		f.env.ShowError(err)
		return
	}
	f.env.Session.Resume(rec.Game)
	if rec.KeptAt != "" {
		f.showKept(rec.KeptAt)
	}
}

// showKept says where a damaged autosave was kept.
func (f *Files) showKept(path string) {
	f.env.Dialogs.Inform(lang.L("Damaged autosave"),
		lang.L("The damaged autosave is kept, unchanged, in {{.File}}.", map[string]any{"File": words.Shown(path)}))
}
