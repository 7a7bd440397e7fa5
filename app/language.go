package app

import (
	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/game"
)

// loadLanguage shows the app in the language the settings name, or else
// in the system's, and notes which one it is: the system's is read here
// once, not each time a move is written.
func (a *App) loadLanguage() {
	var err error
	if a.language, err = a.locale.Use(a.settings.Language()); err != nil {
		fyne.LogError("translations not loaded", err)
	}
}

// notation returns how moves are written for the user: as chosen in the
// settings, or else French SAN for French and English SAN otherwise.
func (a *App) notation() game.Notation {
	return a.settings.Notation(a.language.Notation())
}
