package app

import "github.com/echiquier/echiquier/app/ui/kit"

// menuLayout is the window's menus: the commands of the rooms, in the
// order a person looks for them.
func (a *App) menuLayout() []kit.MenuSpec {
	const sep = kit.Separator
	return []kit.MenuSpec{
		{Title: "Game", Items: []kit.ID{kit.NewGame, kit.Open, kit.Save, kit.SaveAs, kit.ExportImage,
			kit.SetUp, kit.EditPosition, sep,
			kit.GamesInFile, kit.PreviousGame, kit.NextGame, sep,
			kit.Settings, sep,
			kit.Quit}},
		{Title: "Edit", Items: []kit.ID{kit.CopyGame, kit.CopyPosition, kit.Paste, sep, kit.EditTags}, Submenus: a.annotate.Menus()},
		{Title: "Play", Items: []kit.ID{kit.TakeBack, kit.PutBack, kit.OfferDraw, kit.ClaimDraw, kit.Resign, sep,
			kit.Pause, kit.PlayOn, kit.RestartComputer, kit.PlayAsTwo, sep,
			kit.EditComment, kit.RestoreMarks, kit.KeyboardBoard}},
		{Title: "View", Items: []kit.ID{kit.Flip, kit.AutoFlip, kit.Sounds, kit.OpeningTree, kit.TreeGames, sep,
			kit.ShowStart, kit.PreviousMove, kit.NextMove, kit.BackToGame}},
		{Title: "Analysis", Items: []kit.ID{kit.Analyse, kit.AnalyseGame, sep, kit.GameReport, kit.CopyReport}, Note: true},
		{Title: "Help", Items: []kit.ID{kit.Shortcuts}},
	}
}
