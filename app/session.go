package app

import (
	"path/filepath"

	"github.com/echiquier/echiquier/app/game"
)

// session is the game on screen: the game, the file it belongs to,
// whether it changed since it was saved, and the position shown.
type session struct {
	game *game.Game
	// path is the file the game was read from or saved to, "" if none.
	path string
	// inCollection marks a game read from a file of several games: saving
	// it must not replace that file with this one game.
	inCollection bool
	// dirty: the game changed since it was last saved or opened.
	dirty bool
	// view is the past position being looked at; nil shows the live one.
	view *game.Node
}

// shown returns the node whose position the board shows.
func (s *session) shown() *game.Node {
	if s.view != nil {
		return s.view
	}
	return s.game.Live()
}

// browsing reports whether the board shows a past position.
func (s *session) browsing() bool { return s.view != nil && s.view != s.game.Live() }

// fileName returns the base name of the session's file, or "".
func (s *session) fileName() string {
	if s.path == "" {
		return ""
	}
	return filepath.Base(s.path)
}

// replace puts a new game in the session.
func (s *session) replace(g *game.Game, path string, inCollection bool) {
	*s = session{game: g, path: path, inCollection: inCollection}
}
