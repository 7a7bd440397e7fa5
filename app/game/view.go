package game

import (
	"io"
	"time"

	"github.com/echiquier/echiquier/app/pgn"
)

// View is what a game's readers (the window's rooms, the engine, the
// words) may ask of a Game: its queries, none of its changes. The session
// hands the rooms the game on screen as a View: every change goes
// through the session, which marks it unsaved, autosaves it and tells
// the window.
type View interface {
	Turn() Color
	Status() Status
	LawEnd() (*Node, Status, bool)
	DeadAt() *Node
	Position() Position
	FEN() string
	Legal() []Move
	LegalMoves() []string
	History() []string

	Root() *Node
	Live() *Node
	MainLine() []*Node
	Holds(n *Node) bool

	Tag(name string) string
	EditableTags() []pgn.Tag
	ResultChoices() []string
	ResultFixed() error
	Warnings() []error
	WritePGN(w io.Writer) error

	DrawOffer() (Color, bool)
	ClaimableDraws() []Reason
	ClaimableDrawsWithMove(s string) ([]Reason, error)

	TimeControl() TimeControl
	StageOf(c Color) (Stage, int)
	Remaining(c Color) time.Duration
	ClockAt(n *Node, c Color) (time.Duration, bool)
	ClockState() ClockState
	ClocksOff() bool
	Paused() bool
}

var _ View = (*Game)(nil)
