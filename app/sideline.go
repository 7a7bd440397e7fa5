package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
)

// canMoveHere reports whether a move may be made at the position shown:
// the live position of a game that goes on, or any earlier position (a
// move there starts a side line or replaces the rest of the game).
func (a *App) canMoveHere() bool {
	return !a.sess.shown().IsLive() || !a.sess.game.Status().Over()
}

// moveFromBoard plays a move made on the board or typed: in the game at
// the live position, or else from the past position shown.
func (a *App) moveFromBoard(m game.Move) {
	n := a.sess.shown()
	if n.IsLive() {
		a.boardMove(m)
		return
	}
	a.moveAtPast(n, m)
}

// moveAtPast plays a move from a position before the end of the line
// shown. The move already played there just steps forward; another one
// asks whether to start a side line or replace the rest.
func (a *App) moveAtPast(n *game.Node, m game.Move) {
	for _, c := range n.Children() {
		if c.Move() == m {
			a.showNode(c)
			return
		}
	}
	if len(n.Children()) == 0 {
		a.addSideLine(n, m)
		return
	}
	var d *dialog.CustomDialog
	side := newDialogButton(lang.L("Start a side line"), func() { d.Hide(); a.addSideLine(n, m) })
	side.Importance = widget.HighImportance
	replace := newDialogButton(lang.L("Replace the rest"), func() { d.Hide(); a.replaceRest(n, m) })
	cancel := newDialogButton(lang.L("Cancel"), func() { d.Hide(); a.refresh() })
	msg := lang.L("Start a side line with this move, or replace the moves that followed?")
	if !n.IsMainLine() {
		msg = lang.L("Start a further side line with this move, or replace the rest of this side line?")
	}
	d = dialog.NewCustomWithoutButtons(lang.L("Start a side line or replace the rest?"), wrapped(msg), a.win)
	d.SetButtons([]fyne.CanvasObject{cancel, replace, side})
	d.Show()
}

// addSideLine plays m from n as a side line and shows it.
func (a *App) addSideLine(n *game.Node, m game.Move) {
	added, err := a.sess.game.AddVariation(n, m.UCI())
	if err != nil {
		a.showError(err)
		a.refresh()
		return
	}
	a.edited(added)
}

// replaceRest plays m from n in place of what followed. On the game's own
// line this takes those moves back (the clocks go back to what they
// showed) and the game goes on from the new move; in a side line it cuts
// the side line there.
func (a *App) replaceRest(n *game.Node, m game.Move) {
	g := a.sess.game
	if n.IsMainLine() {
		if _, err := g.ReplaceFrom(n, m.UCI()); err != nil {
			a.showError(err)
			a.refresh()
			return
		}
		a.changed()
		return
	}
	if err := g.DeleteVariation(n.Children()[0]); err != nil {
		a.showError(err)
		a.refresh()
		return
	}
	a.addSideLine(n, m)
}

// edited records a change to the game's tree that is not a move of the
// game in progress, and shows n.
func (a *App) edited(n *game.Node) {
	a.sess.dirty = true
	a.saveAutosave()
	a.setView(n)
	a.refresh()
}

// nodeMenu is the context menu of a move in the move list.
func (a *App) nodeMenu(n *game.Node) *fyne.Menu {
	if n == nil || n.Parent() == nil {
		return nil
	}
	items := []*fyne.MenuItem{
		fyne.NewMenuItem(lang.L("Edit comment…"), func() { a.editComment(n) }),
	}
	if !n.IsMainLine() {
		items = append(items,
			fyne.NewMenuItem(lang.L("Promote side line"), func() { a.promote(n) }),
			fyne.NewMenuItem(lang.L("Delete from here"), func() { a.deleteSideLine(n) }))
	}
	return fyne.NewMenu("", items...)
}

// promote moves n's side line one place up, towards the main line.
func (a *App) promote(n *game.Node) {
	if err := a.sess.game.PromoteVariation(sideLineStart(n)); err != nil {
		a.showError(err)
		return
	}
	a.edited(n)
}

// sideLineStart returns the first move of the side line n is in.
func sideLineStart(n *game.Node) *game.Node {
	for p := n.Parent(); p != nil; n, p = p, p.Parent() {
		if c := p.Children(); len(c) > 0 && c[0] != n {
			return n
		}
	}
	return n
}

// deleteSideLine removes n and what follows it in its side line.
func (a *App) deleteSideLine(n *game.Node) {
	parent := n.Parent()
	if err := a.sess.game.DeleteVariation(n); err != nil {
		a.showError(err)
		return
	}
	shown := a.sess.shown()
	for s := shown; s != nil; s = s.Parent() {
		if s == n {
			shown = parent
			break
		}
	}
	a.edited(shown)
}

// editComment asks for the comment after n's move.
func (a *App) editComment(n *game.Node) {
	entry := widget.NewMultiLineEntry()
	entry.SetText(n.Comment())
	entry.Wrapping = fyne.TextWrapWord
	entry.SetMinRowsVisible(4)
	title := lang.L("Comment on {{.Move}}", map[string]any{"Move": moveLabel(n)})
	d := dialog.NewCustomConfirm(title, lang.L("Save"), lang.L("Cancel"), entry, func(ok bool) {
		if !ok {
			return
		}
		if err := a.sess.game.SetComment(n, entry.Text); err != nil {
			a.showError(err)
			return
		}
		a.edited(a.sess.shown())
	}, a.win)
	d.Resize(fyne.NewSize(480, 260))
	d.Show()
	a.win.Canvas().Focus(entry)
}
