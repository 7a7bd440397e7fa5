package files

import (
	"bytes"
	"strings"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
)

// hasSelection: Copy copies the text selected in a field; with none, the
// game (the move box keeps the focus after a move typed).
func hasSelection(f kit.TextField) bool { return f.SelectedText() != "" }

// pastesInto: Paste pastes into a text field, except a game or a
// position into the main window's text field, the move box, which keeps
// the focus after a move typed: only what could be a move goes there. A
// dialog's fields take anything.
func (f *Files) pastesInto(kit.TextField) bool {
	if f.env.Dialogs.Shown() {
		return true
	}
	text := strings.TrimSpace(f.env.App.Clipboard().Content())
	return len(text) <= game.MaxMoveText && len(strings.Fields(text)) <= 2 && !strings.ContainsAny(text, "/[{")
}

// copyGame puts the whole game on the clipboard as PGN, its side lines,
// comments and clocks included.
func (f *Files) copyGame() {
	var b bytes.Buffer
	if err := f.env.Session.Game().WritePGN(&b); err != nil {
		f.env.ShowError(err)
		return
	}
	f.env.App.Clipboard().SetContent(b.String())
	f.env.Status.Say(lang.L("Copied the game (PGN)"))
}

// copyPosition puts the FEN of the position shown on the clipboard.
func (f *Files) copyPosition() {
	pos := f.env.Session.Shown().Position()
	f.env.App.Clipboard().SetContent(pos.FEN())
	f.env.Status.Say(lang.L("Copied the position (FEN)"))
}

// paste opens what the clipboard holds: a position (FEN) as a new game
// from it, one game, or several to choose from. The text is read first:
// one that is neither says why and where, and changes nothing; then
// unsaved changes are asked about, as for Open.
func (f *Files) paste() {
	text := f.env.App.Clipboard().Content()
	if strings.TrimSpace(text) == "" {
		f.env.Dialogs.Inform(lang.L("Paste"), lang.L("The clipboard is empty."))
		return
	}
	if collection.LooksLikeFEN(text) {
		f.pasteFEN(strings.TrimSpace(text))
		return
	}
	p, err := collection.ReadText(text, f.env.Now)
	if err != nil {
		f.env.Dialogs.Inform(lang.L("Paste"), words.PasteError(text, err))
		return
	}
	f.ConfirmDiscard(func() { f.env.Session.OpenPaste(p) })
}

// pasteFEN starts an untimed game from the position pasted, the players
// named as last time.
func (f *Files) pasteFEN(fen string) {
	o := f.env.NewGame(fen, game.TimeControl{})
	if err := o.Check(); err != nil {
		f.env.Dialogs.Inform(lang.L("Paste"), words.PasteError(fen, err))
		return
	}
	f.ConfirmDiscard(func() {
		if err := f.env.Session.Start(o, session.Computer{}); err != nil {
			f.env.ShowError(err)
		}
	})
}
