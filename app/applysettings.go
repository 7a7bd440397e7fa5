package app

import (
	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/settings"
	"github.com/echiquier/echiquier/theme"
	"github.com/echiquier/echiquier/widgets"
)

// applySettings brings the window in line with the settings.
func (a *App) applySettings() {
	a.pieces = a.pieceSet(a.settings.PieceSet())
	a.applyBoardSettings(a.ui.board)
	notation := a.notation()
	a.ui.moves.Notation = func(san string) string { return game.FormatSAN(san, notation) }
	a.sess.SetTouchMove(a.settings.TouchMove())
	a.refresh()
}

// applyBoardSettings gives a board the colours, pieces and behaviour the
// settings ask for. Moves slide only when the system allows animations
// (it may ask for reduced motion).
func (a *App) applyBoardSettings(b *widgets.Board) {
	s := a.settings
	b.Scheme = theme.Scheme(s.BoardScheme())
	b.Pieces = a.pieceSet(s.PieceSet())
	b.ShowCoordinates = s.Coordinates()
	b.ShowHints = s.Hints()
	b.ShowLastMove = s.LastMove()
	b.Input = boardInput(s.MoveInput())
	b.Animate = s.Animate() && a.fyne.Settings().ShowAnimations()
}

func boardInput(m settings.MoveInput) widgets.InputMode {
	switch m {
	case settings.MoveByDrag:
		return widgets.InputDrag
	case settings.MoveByClick:
		return widgets.InputClick
	}
	return widgets.InputBoth
}

// changeLanguage shows the app in the language the settings name: the
// window is built again with the game as it is.
func (a *App) changeLanguage() {
	a.loadLanguage()
	a.ui = a.buildUI()
	a.win.SetContent(a.ui.content)
	a.installMenu()
	a.applySettings()
	if a.settingsWin != nil {
		a.settingsWin.win.SetTitle(lang.L("Settings"))
		a.settingsWin.build()
	}
}
