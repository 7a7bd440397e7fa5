// Package settings holds Échiquier's typed preferences, stored with Fyne's
// Preferences so that they persist between runs.
package settings

import (
	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/game"
)

// Preference keys.
const (
	keyAutoFlip        = "board.autoFlip"
	keyFlipped         = "board.flipped"
	keyTimeControl     = "game.timeControl"
	keyWhiteName       = "game.whiteName"
	keyBlackName       = "game.blackName"
	keyLastDirectory   = "files.lastDirectory"
	defaultTimeControl = "600+5"
)

// Settings reads and writes the app's preferences.
type Settings struct {
	p fyne.Preferences
}

// New returns the settings stored in p.
func New(p fyne.Preferences) *Settings { return &Settings{p: p} }

// AutoFlip reports whether the board turns to the side to move after each
// move (pass-and-play).
func (s *Settings) AutoFlip() bool { return s.p.BoolWithFallback(keyAutoFlip, false) }

// SetAutoFlip sets AutoFlip.
func (s *Settings) SetAutoFlip(v bool) { s.p.SetBool(keyAutoFlip, v) }

// Flipped reports whether the board shows Black at the bottom.
func (s *Settings) Flipped() bool { return s.p.BoolWithFallback(keyFlipped, false) }

// SetFlipped sets Flipped.
func (s *Settings) SetFlipped(v bool) { s.p.SetBool(keyFlipped, v) }

// TimeControl returns the time control of the last new game. A stored
// value that does not parse gives the default, 10 minutes + 5 seconds.
func (s *Settings) TimeControl() game.TimeControl {
	tc, err := game.ParseTimeControl(s.p.StringWithFallback(keyTimeControl, defaultTimeControl))
	if err != nil {
		tc, _ = game.ParseTimeControl(defaultTimeControl)
	}
	return tc
}

// SetTimeControl sets TimeControl.
func (s *Settings) SetTimeControl(tc game.TimeControl) { s.p.SetString(keyTimeControl, tc.String()) }

// PlayerNames returns the names of the last new game's players.
func (s *Settings) PlayerNames() (white, black string) {
	return s.p.String(keyWhiteName), s.p.String(keyBlackName)
}

// SetPlayerNames sets PlayerNames.
func (s *Settings) SetPlayerNames(white, black string) {
	s.p.SetString(keyWhiteName, white)
	s.p.SetString(keyBlackName, black)
}

// LastDirectory returns the folder a file was last opened from or saved
// to, or "".
func (s *Settings) LastDirectory() string { return s.p.String(keyLastDirectory) }

// SetLastDirectory sets LastDirectory.
func (s *Settings) SetLastDirectory(dir string) { s.p.SetString(keyLastDirectory, dir) }
