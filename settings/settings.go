// Package settings holds Échiquier's typed preferences so that they
// persist between runs.
//
// Every value has a default, and a stored value of the wrong type or out of
// range (a hand-edited preferences file) reads as that default. The values
// live in a Store: the program's is a FileStore, a file that a full disk, a
// crash or a second copy of the program never leaves torn, and in which two
// copies running at once keep each other's changes; the tests use Fyne's
// in-memory preferences, which satisfy Store too.
package settings

import (
	"slices"

	"github.com/echiquier/echiquier/app/game"
)

// Preference keys.
const (
	keyAutoFlip        = "board.autoFlip"
	keyFlipped         = "board.flipped"
	keyScheme          = "board.scheme"
	keyPieceSet        = "board.pieces"
	keyCoordinates     = "board.coordinates"
	keyHints           = "board.hints"
	keyLastMove        = "board.lastMove"
	keyMoveInput       = "board.moveInput"
	keyAnimate         = "board.animate"
	keyTouchMove       = "play.touchMove"
	keyConfirmResign   = "play.confirmResign"
	keyConfirmDraw     = "play.confirmDrawOffer"
	keyNotation        = "view.notation"
	keyLanguage        = "view.language"
	keyTimeControl     = "game.timeControl"
	keyWhiteName       = "game.whiteName"
	keyBlackName       = "game.blackName"
	keyLastDirectory   = "files.lastDirectory"
	defaultTimeControl = "600+5"
)

// MoveInput is how the player moves pieces on the board.
type MoveInput string

// The ways to move pieces.
const (
	// MoveByDragOrClick accepts both ways.
	MoveByDragOrClick MoveInput = "both"
	// MoveByDrag accepts only drag and drop.
	MoveByDrag MoveInput = "drag"
	// MoveByClick accepts only a click on the piece, then on its square.
	MoveByClick MoveInput = "click"
)

// MoveInputs lists the ways to move, the default first.
func MoveInputs() []MoveInput { return []MoveInput{MoveByDragOrClick, MoveByDrag, MoveByClick} }

// Languages lists the languages the app may be shown in: "" follows the
// system, then English and French.
func Languages() []string { return []string{"", "en", "fr"} }

// Store holds typed values by key. fyne.Preferences satisfies it, and so
// does *FileStore.
type Store interface {
	// BoolWithFallback returns the value of key, or fallback when there
	// is none or it is not a bool.
	BoolWithFallback(key string, fallback bool) bool
	// SetBool sets the value of key.
	SetBool(key string, value bool)
	// StringWithFallback returns the value of key, or fallback when there
	// is none or it is not a string.
	StringWithFallback(key, fallback string) string
	// SetString sets the value of key.
	SetString(key, value string)
}

// Settings reads and writes the app's preferences.
type Settings struct {
	p Store
}

// New returns the settings stored in p.
func New(p Store) *Settings { return &Settings{p: p} }

// text returns the string stored under key, or "".
func (s *Settings) text(key string) string { return s.p.StringWithFallback(key, "") }

// AutoFlip reports whether the board turns to the side to move after each
// move (pass-and-play).
func (s *Settings) AutoFlip() bool { return s.p.BoolWithFallback(keyAutoFlip, false) }

// SetAutoFlip sets AutoFlip.
func (s *Settings) SetAutoFlip(v bool) { s.p.SetBool(keyAutoFlip, v) }

// Flipped reports whether the board shows Black at the bottom.
func (s *Settings) Flipped() bool { return s.p.BoolWithFallback(keyFlipped, false) }

// SetFlipped sets Flipped.
func (s *Settings) SetFlipped(v bool) { s.p.SetBool(keyFlipped, v) }

// BoardScheme returns the name of the board's colour scheme; "" is the
// default scheme.
func (s *Settings) BoardScheme() string { return s.text(keyScheme) }

// SetBoardScheme sets BoardScheme.
func (s *Settings) SetBoardScheme(name string) { s.p.SetString(keyScheme, name) }

// PieceSet returns the name of the piece set; "" is the default set.
func (s *Settings) PieceSet() string { return s.text(keyPieceSet) }

// SetPieceSet sets PieceSet.
func (s *Settings) SetPieceSet(name string) { s.p.SetString(keyPieceSet, name) }

// Coordinates reports whether a–h and 1–8 are drawn beside the board.
func (s *Settings) Coordinates() bool { return s.p.BoolWithFallback(keyCoordinates, true) }

// SetCoordinates sets Coordinates.
func (s *Settings) SetCoordinates(v bool) { s.p.SetBool(keyCoordinates, v) }

// Hints reports whether the squares a picked-up piece can go to are
// marked.
func (s *Settings) Hints() bool { return s.p.BoolWithFallback(keyHints, true) }

// SetHints sets Hints.
func (s *Settings) SetHints(v bool) { s.p.SetBool(keyHints, v) }

// LastMove reports whether the squares of the last move are highlighted.
func (s *Settings) LastMove() bool { return s.p.BoolWithFallback(keyLastMove, true) }

// SetLastMove sets LastMove.
func (s *Settings) SetLastMove(v bool) { s.p.SetBool(keyLastMove, v) }

// MoveInput returns how pieces are moved on the board.
func (s *Settings) MoveInput() MoveInput {
	v := MoveInput(s.text(keyMoveInput))
	if !slices.Contains(MoveInputs(), v) {
		return MoveByDragOrClick
	}
	return v
}

// SetMoveInput sets MoveInput.
func (s *Settings) SetMoveInput(v MoveInput) { s.p.SetString(keyMoveInput, string(v)) }

// Animate reports whether moves slide on the board. The app also stops
// animations when the system asks for reduced motion.
func (s *Settings) Animate() bool { return s.p.BoolWithFallback(keyAnimate, true) }

// SetAnimate sets Animate.
func (s *Settings) SetAnimate(v bool) { s.p.SetBool(keyAnimate, v) }

// TouchMove reports whether the touch-move training mode is on: a piece
// picked up that can move must be moved ("pièce touchée, pièce jouée").
func (s *Settings) TouchMove() bool { return s.p.BoolWithFallback(keyTouchMove, false) }

// SetTouchMove sets TouchMove.
func (s *Settings) SetTouchMove(v bool) { s.p.SetBool(keyTouchMove, v) }

// ConfirmResign reports whether resigning asks for confirmation first.
func (s *Settings) ConfirmResign() bool { return s.p.BoolWithFallback(keyConfirmResign, true) }

// SetConfirmResign sets ConfirmResign.
func (s *Settings) SetConfirmResign(v bool) { s.p.SetBool(keyConfirmResign, v) }

// ConfirmDrawOffer reports whether offering a draw asks the player to
// confirm before the opponent is asked.
func (s *Settings) ConfirmDrawOffer() bool { return s.p.BoolWithFallback(keyConfirmDraw, false) }

// SetConfirmDrawOffer sets ConfirmDrawOffer.
func (s *Settings) SetConfirmDrawOffer(v bool) { s.p.SetBool(keyConfirmDraw, v) }

// Notation returns how the move list writes moves, or fallback when the
// user has not chosen (the app passes the notation of the language shown).
// Files are always written in English SAN.
func (s *Settings) Notation(fallback game.Notation) game.Notation {
	name := s.text(keyNotation)
	if name == "" {
		return fallback
	}
	return game.ParseNotation(name)
}

// SetNotation sets Notation.
func (s *Settings) SetNotation(n game.Notation) { s.p.SetString(keyNotation, n.String()) }

// NotationChosen reports whether the user chose a notation, rather than
// the one of the language shown.
func (s *Settings) NotationChosen() bool { return s.text(keyNotation) != "" }

// FollowLanguageNotation forgets the notation chosen: Notation is again
// the language's.
func (s *Settings) FollowLanguageNotation() { s.p.SetString(keyNotation, "") }

// Language returns the language chosen for the app: "en", "fr", or "" to
// follow the system.
func (s *Settings) Language() string {
	v := s.text(keyLanguage)
	if !slices.Contains(Languages(), v) {
		return ""
	}
	return v
}

// SetLanguage sets Language.
func (s *Settings) SetLanguage(v string) { s.p.SetString(keyLanguage, v) }

// TimeControl returns the time control new games start with. A stored
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

// PlayerNames returns the names new games start with.
func (s *Settings) PlayerNames() (white, black string) {
	return s.text(keyWhiteName), s.text(keyBlackName)
}

// SetPlayerNames sets PlayerNames.
func (s *Settings) SetPlayerNames(white, black string) {
	s.p.SetString(keyWhiteName, white)
	s.p.SetString(keyBlackName, black)
}

// LastDirectory returns the folder a file was last opened from or saved
// to, or "".
func (s *Settings) LastDirectory() string { return s.text(keyLastDirectory) }

// SetLastDirectory sets LastDirectory.
func (s *Settings) SetLastDirectory(dir string) { s.p.SetString(keyLastDirectory, dir) }
