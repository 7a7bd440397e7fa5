// Package session is Échiquier's document: the game on screen, the file it
// belongs to, whether it changed since it was saved, the position shown,
// the touch-move lock, the autosave that keeps it through a crash, and the
// file of several games it may come from (an app/collection, which the
// session opens its games from). It knows no window: the window
// calls its intent methods (play a move, claim a draw, save…) and is told
// of every change through one callback.
//
// A Session is used from one goroutine (the window's). Work it does in the
// background (indexing a file, writing the autosave) comes back to that
// goroutine through Options.Post.
package session

import (
	"path/filepath"
	"time"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// Change says what changed in a session, so that the window redraws only
// that.
type Change uint

// The kinds of change; a notification may carry several.
const (
	// GameChanged: the game's moves, tree, tags or status changed, or
	// another game took its place.
	GameChanged Change = 1 << iota
	// ViewChanged: another position is shown.
	ViewChanged
	// FileChanged: the file, or whether the game has unsaved changes.
	FileChanged
	// Moved: a move was made in the game being played (the window may
	// turn the board to the side to move).
	Moved
	// GameOver: the game has just ended.
	GameOver
	// ClocksChanged: only the clocks (pause, resume).
	ClocksChanged
	// CollectionChanged: the file of several games grew, was opened or
	// closed, or a game of it could not be opened.
	CollectionChanged
	// CollectionOpened: a file of several games was opened: the window
	// shows its games to choose one.
	CollectionOpened
	// TouchChanged: the piece that must be moved (touch-move) changed.
	TouchChanged
	// GameOpened: a game of a file was put on screen (the window tells
	// what was wrong in it but did not stop it being read: Warnings).
	GameOpened
	// Replaced: another game took the place of the one on screen (a new
	// game, a game opened, pasted or resumed).
	Replaced
	// MarksChanged: the arrows and circles of a position changed, and
	// nothing else of the game (it comes with FileChanged: the game has
	// unsaved changes).
	MarksChanged
	// ComputerChanged: the computer's play changed: it failed
	// (ComputerFault says why), was restarted, or gave way to two people.
	ComputerChanged
)

// Has reports whether c includes any of the kinds of x.
func (c Change) Has(x Change) bool { return c&x != 0 }

// Event is one notification: what changed, and a problem found in the
// background that the window should tell the user.
type Event struct {
	Change Change
	// Problem is a failure found in the background (the autosave could
	// not be written, a file could not be read), or nil.
	Problem error
	// Collection is the file of games a CollectionOpened or
	// CollectionChanged is about.
	Collection *collection.Collection
}

// Options configure a session.
type Options struct {
	// Now tells the time to the games; nil means time.Now.
	Now func() time.Time
	// Post runs f on the session's goroutine, later: fyne.Do for the
	// window. Background work hands its results back through it; nil
	// runs f at once, on the goroutine of that work.
	Post func(f func())
	// OnChange is told of every change.
	OnChange func(Event)
	// Autosave keeps the game through a crash; nil keeps nothing.
	Autosave Autosaver
	// NewGame makes the game a session starts with; nil: an untimed
	// game from the start position.
	NewGame func() *game.Game
	// Opponent starts the computer that plays a side; nil: the computer
	// never plays.
	Opponent NewOpponent
}

// Session is the document on screen. See the package comment.
type Session struct {
	now      func() time.Time
	post     func(func())
	onChange func(Event)
	autosave Autosaver

	game *game.Game
	file file
	// dirty: the game changed since it was last saved or opened.
	dirty bool
	// unkept is what the last save could not keep of the game's text.
	unkept pgn.Unkept
	// view is the past position being looked at; nil shows the live one.
	view  *game.Node
	touch touch
	offer drawOffer
	coll  *collection.Collection
	// offered is the file or text offered last to choose a game from,
	// until one of its games is on screen or something else is.
	offered *collection.Collection
	// over: the game was over when last looked at, to tell GameOver once.
	over bool
	// editing: the game is edited, not played (see Editing).
	editing bool
	// takenBack are the moves taken back from the game edited, the last
	// one last, for PutBack, until the game changes otherwise.
	takenBack []takenBack
	// lastClockSave is when the autosave last recorded the clocks.
	lastClockSave time.Time
	// waiting: the clocks wait for the game's first move (Waiting).
	waiting bool
	// cleared is what ClearMarks took last, for RestoreMarks.
	cleared clearedMarks
	// comp is the computer's play, newOpponent what starts it.
	comp        computer
	newOpponent NewOpponent
}

// New returns a session showing g.
func New(g *game.Game, o Options) *Session {
	s := &Session{now: o.Now, post: o.Post, onChange: o.OnChange, autosave: o.Autosave, game: g,
		newOpponent: o.Opponent}
	if s.now == nil {
		s.now = time.Now
	}
	if s.post == nil {
		s.post = func(f func()) { f() }
	}
	if s.onChange == nil {
		s.onChange = func(Event) {}
	}
	if s.autosave == nil {
		s.autosave = noAutosave{}
	}
	s.touch.square, s.touch.target = game.NoSquare, game.NoSquare
	s.file.game = -1
	s.over = g.Status().Over()
	s.waitForFirstMove()
	return s
}

// Game returns the game on screen. The window reads it; it changes it
// only through the session's methods.
func (s *Session) Game() game.View { return s.game }

// Shown returns the node whose position the board shows.
func (s *Session) Shown() *game.Node {
	if s.view != nil {
		return s.view
	}
	return s.game.Live()
}

// Browsing reports whether the board shows a past position.
func (s *Session) Browsing() bool { return s.view != nil && s.view != s.game.Live() }

// Dirty reports whether the game has changes that are not saved.
func (s *Session) Dirty() bool { return s.dirty }

// Path returns the file the game was read from or saved to, "" if none.
func (s *Session) Path() string { return s.file.path }

// FileName returns the base name of the game's file, or "".
func (s *Session) FileName() string {
	if s.file.path == "" {
		return ""
	}
	return filepath.Base(s.file.path)
}

// Editing reports whether the game on screen is edited rather than
// played: no one sits at the board. A game read from a file, from the
// clipboard or from a file of several games is edited, and so is a
// position set up for study, whatever moves are added to it, until
// PlayOn; a new game, a game started from a set-up position or a pasted
// FEN, and a game resumed after a crash that was played, are played. An
// edited game asks nothing of its players: a move is added at once, with
// no draw claim; a move taken back goes at once and can be put back
// (PutBack); no draw is offered or claimed, no one resigns; its clocks
// are off, showing the times recorded, and no flag falls.
func (s *Session) Editing() bool { return s.editing }

// InCollection reports whether the game was read from a file of several
// games.
func (s *Session) InCollection() bool { return s.file.game >= 0 }

// CanMoveHere reports whether a move may be made at the position shown:
// the live position of a game that goes on, or any earlier position (a
// move there starts a side line or replaces the rest of the game).
func (s *Session) CanMoveHere() bool {
	return !s.Shown().IsLive() || !s.game.Status().Over()
}

// notify tells the window what changed, once the computer follows the
// change.
func (s *Session) notify(c Change) {
	s.steerComputer()
	s.onChange(Event{Change: c})
}

// changed records a change to the game's moves, tree, tags or status:
// what changed is told with GameChanged, and with GameOver when the
// change ended the game.
func (s *Session) changed(c Change) {
	if over := s.game.Status().Over(); over && !s.over {
		c |= GameOver
		s.over = true
	} else {
		s.over = over
	}
	s.recorded(c | GameChanged)
}

// recorded is the one path of every change to the game: it is marked
// unsaved, autosaved and shown; what changed is told, with FileChanged.
func (s *Session) recorded(c Change) {
	s.takenBack = nil
	s.dirty = true
	s.saveAutosave()
	s.notify(c | FileChanged)
}

// played records a move or an end of the game in the game being played:
// the board returns to the live position.
func (s *Session) played() {
	s.view = nil
	s.releaseTouch()
	s.changed(Moved | ViewChanged | TouchChanged)
}

// replace puts another game on screen, from file f, with no unsaved
// changes, edited or played; the caller let the autosave of the game it
// replaces go.
func (s *Session) replace(g *game.Game, f file, editing bool) {
	s.offerInstead(nil)
	s.game, s.file, s.dirty, s.view, s.offer = g, f, false, nil, drawOffer{}
	s.unkept = pgn.Unkept{}
	s.cleared, s.takenBack = clearedMarks{}, nil
	s.editing = editing
	g.SetClocksOff(editing)
	s.over = g.Status().Over()
	s.touch = touch{on: s.touch.on, square: game.NoSquare, target: game.NoSquare}
	s.waitForFirstMove()
	s.takeComputer()
	s.notify(GameChanged | ViewChanged | FileChanged | TouchChanged | Replaced | ComputerChanged)
}
