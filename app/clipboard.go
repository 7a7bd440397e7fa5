package app

import (
	"bytes"
	"strings"

	"github.com/echiquier/echiquier/app/ui/words"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
)

// editMenu is the Edit menu: the game and the position to and from the
// clipboard.
func (a *App) editMenu() *fyne.Menu {
	return fyne.NewMenu(lang.L("Edit"),
		a.clipboardItem(lang.L("Copy game"), &fyne.ShortcutCopy{}, a.copyGame, hasSelection),
		a.clipboardItem(lang.L("Copy position"), ctrlShift(fyne.KeyC), a.copyPosition, nil),
		a.clipboardItem(lang.L("Paste game or position"), &fyne.ShortcutPaste{}, a.paste, a.pastesInto))
}

// textField is a widget that edits text (the move box, names, comments):
// the clipboard shortcuts keep their usual meaning there.
type textField interface {
	fyne.Shortcutable
	SelectedText() string
}

// clipboardItem is a menu item of the Edit menu. Fyne gives a shortcut to
// the menus before the focused widget: while a text field has the focus
// (a dialog's too) and toField says the shortcut is meant for it, the
// item hands it the shortcut instead of acting; otherwise it acts unless
// a dialog is shown.
func (a *App) clipboardItem(label string, sc fyne.Shortcut, action func(), toField func(textField) bool) *fyne.MenuItem {
	it := fyne.NewMenuItem(label, nil)
	it.Shortcut = sc
	it.Action = func() {
		if f, ok := a.win.Canvas().Focused().(textField); ok && toField != nil && toField(f) {
			f.TypedShortcut(a.withClipboard(sc))
			return
		}
		if !a.dlg.shown() {
			action()
		}
	}
	return it
}

// hasSelection: Copy copies the text selected in a field; with none, the
// game (the move box keeps the focus after a move typed).
func hasSelection(f textField) bool { return f.SelectedText() != "" }

// pastesInto: Paste pastes into a text field, except a game or a
// position into the move box, which keeps the focus after a move typed:
// only what could be a move goes there.
func (a *App) pastesInto(f textField) bool {
	if f != textField(a.ui.moveBox.entry) {
		return true
	}
	text := strings.TrimSpace(a.fyne.Clipboard().Content())
	return len(text) <= maxMoveText && len(strings.Fields(text)) <= 2 && !strings.ContainsAny(text, "/[{")
}

// maxMoveText is the longest text pasted into the move box: a move with
// its number and annotation ("12... exd8=Q+!?").
const maxMoveText = 16

// withClipboard returns the shortcut as a text field expects it: Copy
// and Paste carry the clipboard they use.
func (a *App) withClipboard(sc fyne.Shortcut) fyne.Shortcut {
	switch sc.(type) {
	case *fyne.ShortcutCopy:
		return &fyne.ShortcutCopy{Clipboard: a.fyne.Clipboard()}
	case *fyne.ShortcutPaste:
		return &fyne.ShortcutPaste{Clipboard: a.fyne.Clipboard()}
	}
	return sc
}

// copyGame puts the whole game on the clipboard as PGN, its side lines,
// comments and clocks included.
func (a *App) copyGame() {
	var b bytes.Buffer
	if err := a.sess.Game().WritePGN(&b); err != nil {
		a.showError(err)
		return
	}
	a.fyne.Clipboard().SetContent(b.String())
}

// copyPosition puts the FEN of the position shown on the clipboard.
func (a *App) copyPosition() {
	pos := a.sess.Shown().Position()
	a.fyne.Clipboard().SetContent(pos.FEN())
}

// paste opens what the clipboard holds: a position (FEN) as a new game
// from it, one game, or several to choose from. The text is read first:
// one that is neither says why and where, and changes nothing; then
// unsaved changes are asked about, as for Open.
func (a *App) paste() {
	text := a.fyne.Clipboard().Content()
	if strings.TrimSpace(text) == "" {
		a.dlg.inform(lang.L("Paste"), lang.L("The clipboard is empty."))
		return
	}
	if session.LooksLikeFEN(text) {
		a.pasteFEN(strings.TrimSpace(text))
		return
	}
	p, err := a.sess.ReadText([]byte(text))
	if err != nil {
		a.dlg.inform(lang.L("Paste"), words.PasteError(text, err))
		return
	}
	a.confirmDiscard(func() {
		if c := a.sess.OpenPaste(p); c == nil && a.settings.AutoFlip() {
			a.settings.SetFlipped(a.sess.Game().Turn() == game.Black)
			a.refresh()
		}
	})
}

// pasteFEN starts an untimed game from the position pasted, the players
// named as last time.
func (a *App) pasteFEN(fen string) {
	g, err := game.New(game.Options{FEN: fen, Now: a.now})
	if err != nil {
		a.dlg.inform(lang.L("Paste"), words.PasteError(fen, err))
		return
	}
	white, black := a.settings.PlayerNames()
	setNames(g, white, black)
	a.confirmDiscard(func() {
		if a.settings.AutoFlip() {
			a.settings.SetFlipped(g.Turn() == game.Black)
		}
		a.sess.NewGame(g)
	})
}
