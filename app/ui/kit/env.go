package kit

import (
	"errors"
	"slices"
	"time"

	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/opening"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/words"
	"github.com/echiquier/echiquier/pieces"
	"github.com/echiquier/echiquier/settings"
	"github.com/echiquier/echiquier/theme"
	"github.com/echiquier/echiquier/widgets"
)

// Env is what the rooms of the window share, built once by the window
// (app) before any room: the document, the settings, the window and its
// dialogs, the table of commands, the status line, the way to the UI
// goroutine and the time. What a room needs of another comes through an
// interface of its own, never through Env.
type Env struct {
	App      fyne.App
	Window   fyne.Window
	Session  *session.Session
	Settings *settings.Settings
	Dialogs  *Dialogs
	Commands *Commands
	Status   *Status
	// Keys is what Escape, Enter and characters do on the main window's
	// controls.
	Keys *Scope
	// Post runs work found in the background on the UI goroutine.
	Post func(func())
	// Now tells the time to the games.
	Now func() time.Time
	// Openings names the openings, in English; French puts those names
	// into French.
	Openings *opening.Book
	French   *opening.French
	// Language is the language the window is shown in; the window
	// changes it when the user chooses another, then builds the rooms
	// again.
	Language words.Language
	// Relayout lays the window out again, after a room showed or hid one
	// of its parts (the opening tree, the engine's lines): the window's
	// layout gives them room by what is shown.
	Relayout func()
	// Motion is whether the system allows animations (it may ask for
	// reduced motion): moves slide on the board only then. Fyne's own
	// widgets are told not to animate at all (see app.Steady), so the
	// application's settings no longer say it.
	Motion bool

	pieceSets map[string]*pieces.Set
}

// Notation is how moves are written for the user: as the settings say,
// or as the language writes them.
func (e *Env) Notation() game.Notation {
	return e.Settings.Notation(e.Language.Notation())
}

// OpeningName is the name of an opening, given in English as the table
// of openings names it, in the user's language: in French where the
// French names have it.
func (e *Env) OpeningName(english string) string {
	if e.Language != words.French {
		return english
	}
	if french, ok := e.French.Name(english); ok {
		return french
	}
	return english
}

// ShowError shows err in a dialog, in the user's words and notation.
func (e *Env) ShowError(err error) {
	e.Dialogs.ShowError(errors.New(words.ErrorIn(err, e.Notation())))
}

// Report shows err, if any.
func (e *Env) Report(err error) {
	if err != nil {
		e.ShowError(err)
	}
}

// Pieces returns the piece set the settings name, or the first one for a
// name no set has; each set is read once and kept, with its images.
func (e *Env) Pieces() *pieces.Set {
	name := e.Settings.PieceSet()
	if names := pieces.Names(); !slices.Contains(names, name) {
		name = names[0]
	}
	if e.pieceSets == nil {
		e.pieceSets = map[string]*pieces.Set{}
	}
	set, ok := e.pieceSets[name]
	if !ok {
		set = pieces.ByName(name)
		e.pieceSets[name] = set
	}
	return set
}

// DressBoard gives a board the colours, pieces and behaviour the
// settings ask for. Moves slide only when the system allows animations
// (Motion).
func (e *Env) DressBoard(b *widgets.Board) {
	s := e.Settings
	b.Scheme = theme.Scheme(s.BoardScheme())
	b.Pieces = e.Pieces()
	b.ShowCoordinates = s.Coordinates()
	b.ShowHints = s.Hints()
	b.ShowLastMove = s.LastMove()
	b.Input = boardInput(s.MoveInput())
	b.Animate = s.Animate() && e.Motion
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

// NewGame describes a game from fen ("" for the standard start position)
// with time control tc, the players named as the settings say.
func (e *Env) NewGame(fen string, tc game.TimeControl) game.Options {
	white, black := e.Settings.PlayerNames()
	return game.Options{FEN: fen, TimeControl: tc, White: white, Black: black}
}
