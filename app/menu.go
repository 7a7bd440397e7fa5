package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
)

// mainMenu builds the window's menus.
func (a *App) mainMenu() *fyne.MainMenu {
	item := func(label string, action func(), sc fyne.Shortcut) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, nil)
		it.Action = func() {
			// A shortcut reaches the menus before anything else: not
			// while a dialog is shown, nor for an item disabled.
			if !a.dlg.shown() && !it.Disabled {
				action()
			}
		}
		it.Shortcut = sc
		return it
	}
	quit := item(lang.L("Quit"), a.quit, ctrl(fyne.KeyQ))
	quit.IsQuit = true
	autoFlip := fyne.NewMenuItem(lang.L("Turn the board after each move"), nil)
	autoFlip.Checked = a.settings.AutoFlip()
	autoFlip.Action = func() {
		a.setAutoFlip(!a.settings.AutoFlip())
		autoFlip.Checked = a.settings.AutoFlip()
		// The menu makes room for check marks when it is refreshed:
		// without it, the mark just set overlaps the label.
		a.refreshMainMenu()
	}
	a.tree.item = item(lang.L("Opening tree"), a.toggleTree, ctrl(fyne.KeyT))
	a.tree.item.Checked = a.tree.shown
	a.tree.gamesItem = item(lang.L("Games with this position…"), a.tree.showGames, ctrlShift(fyne.KeyL))
	a.tree.gamesItem.Disabled = !a.tree.canShowGames()
	settingsItem := item(lang.L("Settings…"), a.showSettings, ctrl(fyne.KeyComma))
	a.playItems = playItems{
		takeBack:  item(lang.L("Take back"), a.askTakeBack, &fyne.ShortcutUndo{}),
		offerDraw: item(lang.L("Offer draw"), a.offerDraw, nil),
		claimDraw: item(lang.L("Claim draw"), a.claimDraw, nil),
		resign:    item(lang.L("Resign"), a.askResign, nil),
		pause:     item(lang.L("Pause or resume the clocks"), a.togglePause, nil),
	}
	a.collectionItems = collectionItems{
		list:     item(lang.L("Games in this file…"), a.showCollection, ctrl(fyne.KeyL)),
		next:     item(lang.L("Next game in the file"), a.nextGame, ctrl(fyne.KeyPageDown)),
		previous: item(lang.L("Previous game in the file"), a.previousGame, ctrl(fyne.KeyPageUp)),
	}
	return fyne.NewMainMenu(
		fyne.NewMenu(lang.L("Game"),
			item(lang.L("New game…"), a.newGame, ctrl(fyne.KeyN)),
			item(lang.L("Open…"), a.openDialog, ctrl(fyne.KeyO)),
			item(lang.L("Save"), a.save, ctrl(fyne.KeyS)),
			item(lang.L("Save as…"), a.saveAs, ctrlShift(fyne.KeyS)),
			item(lang.L("Export position as image…"), a.exportDiagram, nil),
			item(lang.L("Set up a position…"), a.setUpPosition, nil),
			item(lang.L("Edit this position…"), a.editShownPosition, nil),
			fyne.NewMenuItemSeparator(),
			a.collectionItems.list, a.collectionItems.previous, a.collectionItems.next,
			fyne.NewMenuItemSeparator(),
			settingsItem,
			fyne.NewMenuItemSeparator(),
			quit),
		a.editMenu(),
		fyne.NewMenu(lang.L("Play"),
			a.playItems.takeBack, a.playItems.offerDraw, a.playItems.claimDraw, a.playItems.resign,
			fyne.NewMenuItemSeparator(),
			a.playItems.pause,
			fyne.NewMenuItemSeparator(),
			item(lang.L("Edit the comment on this move…"), a.editShownComment, ctrl(fyne.KeyE)),
			item(lang.L("Play on the board with the keyboard"), a.focusBoard, ctrl(fyne.KeyB))),
		fyne.NewMenu(lang.L("View"),
			item(lang.L("Flip the board"), a.flip, ctrl(fyne.KeyF)),
			autoFlip,
			a.tree.item,
			a.tree.gamesItem,
			fyne.NewMenuItemSeparator(),
			fyne.NewMenuItem(lang.L("Start position"), a.showStart),
			fyne.NewMenuItem(lang.L("Previous move"), func() { a.step(-1) }),
			fyne.NewMenuItem(lang.L("Next move"), func() { a.step(1) }),
			fyne.NewMenuItem(lang.L("Back to the game"), a.showLive)),
		a.analysisMenu(item),
	)
}

// playItems are the Play menu's items that the buttons beside the board
// offer too: each is enabled exactly when its button is.
type playItems struct {
	takeBack, offerDraw, claimDraw, resign, pause *fyne.MenuItem
}

// collectionItems are the menu items that move through a file of several
// games, enabled only when there is such a file.
type collectionItems struct {
	list, next, previous *fyne.MenuItem
}

// refreshMenu enables the menu items that can act now.
func (a *App) refreshMenu() {
	c := a.collectionItems
	if c.list == nil {
		return
	}
	state := [3]bool{c.list.Disabled, c.next.Disabled, c.previous.Disabled}
	_, hasNext := a.sess.GameAround(1)
	_, hasPrevious := a.sess.GameAround(-1)
	c.list.Disabled = !a.hasCollection()
	c.next.Disabled = !hasNext
	c.previous.Disabled = !hasPrevious
	if state != [3]bool{c.list.Disabled, c.next.Disabled, c.previous.Disabled} {
		a.refreshMainMenu()
	}
}

// refreshMainMenu redraws the menus after an item changed.
func (a *App) refreshMainMenu() {
	if a.win.MainMenu() != nil {
		a.win.MainMenu().Refresh()
	}
}

// setAutoFlip turns auto-flip on or off; on, the board turns to the side
// to move at once.
func (a *App) setAutoFlip(on bool) {
	a.settings.SetAutoFlip(on)
	if on {
		a.settings.SetFlipped(a.sess.Game().Turn() == game.Black)
	}
	a.refresh()
}

// editShownComment edits the comment on the move shown.
func (a *App) editShownComment() {
	if n := a.sess.Shown(); n.Parent() != nil {
		a.editComment(n)
	}
}

// focusBoard gives the keyboard to the board: arrows move a square
// cursor, Space or Enter picks up and puts down.
func (a *App) focusBoard() { a.win.Canvas().Focus(a.ui.board) }

func ctrl(k fyne.KeyName) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}
}

func ctrlShift(k fyne.KeyName) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
}

// installMenu gives the window its menus and registers their keyboard
// shortcuts, in place of those of the menus it had, and the keys that
// step through the moves.
func (a *App) installMenu() {
	a.win.SetMainMenu(a.mainMenu())
	c := a.win.Canvas()
	for _, m := range a.win.MainMenu().Items {
		for _, it := range m.Items {
			if it.Shortcut != nil && it.Action != nil {
				c.AddShortcut(it.Shortcut, func(fyne.Shortcut) { it.Action() })
			}
		}
	}
	c.SetOnTypedKey(a.typedKey)
	c.SetOnTypedRune(a.typedRune)
}

// typedKey steps through the game with ←, →, Home and End, and puts a
// picked-up piece down with Escape.
func (a *App) typedKey(ev *fyne.KeyEvent) {
	if a.dlg.key(ev) {
		return
	}
	switch ev.Name {
	case fyne.KeyLeft:
		a.step(-1)
	case fyne.KeyRight:
		a.step(1)
	case fyne.KeyHome:
		a.showStart()
	case fyne.KeyEnd:
		a.showLive()
	case fyne.KeyEscape:
		a.ui.board.CancelSelection()
	case fyne.KeyF2:
		a.analysisKey()
	}
}

// flip turns the board round.
func (a *App) flip() {
	a.settings.SetFlipped(!a.settings.Flipped())
	a.refresh()
}
