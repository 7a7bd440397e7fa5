package session

import (
	"errors"
	"strconv"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
)

// Opponent is the computer playing a side of the game, as engine.Opponent
// does: asked to think at its turn, told to stop, closed when the game no
// longer needs it.
type Opponent interface {
	Think(g game.View) error
	Stop()
	Close()
}

// NewOpponent starts the computer playing at level; its replies come to
// onReply on any goroutine (the session hands them to its own through
// Options.Post).
type NewOpponent func(level engine.Level, onReply func(engine.Reply)) Opponent

// Computer says who the computer is in a game being started: the sides it
// plays, the engine's name as it gives it, and its strength.
type Computer struct {
	// Sides are the sides it plays, by game.Color.
	Sides [2]bool
	// Engine is the engine's name, "" when not known yet: its first
	// reply names it, and gives its rating if Strength has none.
	Engine   string
	Strength engine.Strength
}

// The tags that say, in the game's PGN, that the computer plays a side:
// WhiteType and BlackType are the PGN standard's (§9.3.2: "program"), and
// WhiteLevel and BlackLevel the level it plays at, from 1 to 10, read
// back when a game interrupted by a crash is resumed. The level has a tag
// of its own rather than a place in Event, which the players name as
// they like.
const (
	programType = "program"
	typeTag     = "Type"
	levelTag    = "Level"
)

// sideTag returns the tag of side c named name: "WhiteLevel".
func sideTag(c game.Color, name string) string { return c.String() + name }

// writeTags names the computer's sides in g's tags: the engine as the
// player, "program" as its type, its level, and its rating when it plays
// to one.
func (c Computer) writeTags(g *game.Game) {
	for _, side := range []game.Color{game.White, game.Black} {
		if !c.Sides[side] {
			continue
		}
		g.SetTag(side.String(), c.Engine)
		g.SetTag(sideTag(side, typeTag), programType)
		g.SetTag(sideTag(side, levelTag), strconv.Itoa(int(c.Strength.Level)))
		g.SetTag(side.String()+"Elo", "")
		nameComputer(g, side, c.Engine, c.Strength)
	}
}

// nameComputer gives side, played by the computer, the engine's name and
// its rating when it plays to one, where the tags do not have them yet.
func nameComputer(g *game.Game, side game.Color, name string, st engine.Strength) {
	if old := g.Tag(side.String()); name != "" && (old == "" || old == "?") {
		g.SetTag(side.String(), name)
	}
	if st.ByElo && g.Tag(side.String()+"Elo") == "" {
		g.SetTag(side.String()+"Elo", strconv.Itoa(st.Elo))
	}
}

// computerLevels reads from g's tags the level the computer plays each
// side at, 0 for a side a person plays.
func computerLevels(g *game.Game) [2]engine.Level {
	var out [2]engine.Level
	for _, side := range []game.Color{game.White, game.Black} {
		if g.Tag(sideTag(side, typeTag)) != programType {
			continue
		}
		l, err := strconv.Atoi(g.Tag(sideTag(side, levelTag)))
		if err != nil || l < int(engine.MinLevel) || l > int(engine.FullStrength) {
			l = int(engine.FullStrength) // a level the file does not say well
		}
		out[side] = engine.Level(l)
	}
	return out
}

// ErrComputerTurn refuses a person's move, claim or resignation for the
// side the computer plays.
var ErrComputerTurn = errors.New("the computer plays this side")

// computer is the computer's play in the game on screen.
type computer struct {
	levels [2]engine.Level // by side; 0 for a person
	opp    [2]Opponent     // the engines running, by side
	asked  [2]asked        // what each was asked last
	// fault is why the computer stopped playing, until the user chooses
	// what to do (PlayAsTwo, RestartComputer) or another game comes.
	fault error
}

// asked is a position the computer was asked to move in: the live node,
// and whether a draw offer stood.
type asked struct {
	at      *game.Node
	offered bool
}

// ComputerPlays reports whether the computer plays side c of the game.
func (s *Session) ComputerPlays(c game.Color) bool { return s.comp.levels[c] != 0 }

// AgainstComputer reports whether the computer plays a side of the game.
func (s *Session) AgainstComputer() bool {
	return s.ComputerPlays(game.White) || s.ComputerPlays(game.Black)
}

// ComputerLevel returns the level the computer plays side c at, 0 for a
// person.
func (s *Session) ComputerLevel(c game.Color) engine.Level { return s.comp.levels[c] }

// ComputerFault returns why the computer stopped playing, or nil.
func (s *Session) ComputerFault() error { return s.comp.fault }

// Thinking reports whether the computer is thinking of its move.
func (s *Session) Thinking() bool {
	side := s.game.Turn()
	return s.comp.opp[side] != nil && s.comp.asked[side].at == s.game.Live()
}

// Start puts on screen a new game as o describes, its clocks reading the
// session's time, in which the computer plays the sides c says (none: two
// people), named in the game's tags; the game before must have been saved
// or given up (Discard). An o that o.Check refuses changes nothing.
func (s *Session) Start(o game.Options, c Computer) error {
	o.Now = s.now
	g, err := game.New(o)
	if err != nil {
		return err
	}
	c.writeTags(g)
	s.NewGame(g)
	return nil
}

// PlayAsTwo goes on with the game as two people, after the computer
// stopped: the computer's sides are no longer marked as its (the names
// stay).
func (s *Session) PlayAsTwo() {
	if !s.AgainstComputer() {
		return
	}
	s.endComputer()
	for _, side := range []game.Color{game.White, game.Black} {
		if s.comp.levels[side] != 0 {
			s.game.SetTag(sideTag(side, typeTag), "")
			s.game.SetTag(sideTag(side, levelTag), "")
		}
	}
	s.comp = computer{}
	s.changed(ComputerChanged)
}

// RestartComputer starts the engine again after it stopped, at the same
// levels.
func (s *Session) RestartComputer() {
	s.comp.fault = nil
	s.notify(ComputerChanged)
}

// takeComputer sets the computer's play from the tags of the game just
// put on screen: a game played in which they name the computer's sides.
func (s *Session) takeComputer() {
	s.endComputer()
	s.comp = computer{}
	if !s.editing {
		s.comp.levels = computerLevels(s.game)
	}
}

// endComputer closes the engines running.
func (s *Session) endComputer() {
	for side, o := range s.comp.opp {
		if o != nil {
			o.Close()
		}
		s.comp.opp[side], s.comp.asked[side] = nil, asked{}
	}
}

// steerComputer brings the engines in line with the game, after every
// change: running while the computer plays a game that goes on, asked
// for a move at its turn (again when a draw offer comes), stopped at the
// other side's turn and while the clocks are paused, closed when the game
// ends, is edited, or the computer failed.
func (s *Session) steerComputer() {
	if !s.AgainstComputer() {
		return
	}
	if s.editing || s.game.Status().Over() || s.comp.fault != nil || s.newOpponent == nil {
		s.endComputer()
		return
	}
	turn := s.game.Turn()
	for _, side := range []game.Color{game.White, game.Black} {
		level := s.comp.levels[side]
		if level == 0 {
			continue
		}
		if s.comp.opp[side] == nil {
			s.startOpponent(side, level)
		}
		o := s.comp.opp[side]
		paused := s.game.Paused() && !s.waiting && !s.game.TimeControl().IsZero()
		if side != turn || paused {
			if s.comp.asked[side] != (asked{}) {
				o.Stop()
				s.comp.asked[side] = asked{}
			}
			continue
		}
		by, offered := s.game.DrawOffer()
		a := asked{at: s.game.Live(), offered: offered && by != side}
		if s.comp.asked[side] == a {
			continue
		}
		if err := o.Think(s.game); err != nil {
			continue // the game is over: the next change closes it
		}
		s.comp.asked[side] = a
	}
}

// startOpponent starts the engine that plays side at level; its replies
// come back on the session's goroutine.
func (s *Session) startOpponent(side game.Color, level engine.Level) {
	var o Opponent
	o = s.newOpponent(level, func(r engine.Reply) {
		s.post(func() { s.computerReplied(side, o, r) })
	})
	s.comp.opp[side] = o
}

// computerReplied plays the computer's answer at its turn: a move, a draw
// accepted or claimed, a resignation; or, when it failed, keeps the game
// and says why. A reply to a position no longer live, or from an engine
// closed since, is dropped.
func (s *Session) computerReplied(side game.Color, o Opponent, r engine.Reply) {
	if s.comp.opp[side] != o || o == nil {
		return
	}
	if r.Err != nil {
		s.computerFailed(r.Err)
		return
	}
	if s.comp.asked[side].at != s.game.Live() || s.game.Turn() != side {
		return
	}
	s.comp.asked[side] = asked{}
	nameComputer(s.game, side, r.Engine, r.Strength)
	var err error
	switch r.Answer {
	case engine.PlayMove:
		err = s.playLive(r.Move, game.NoReason)
	case engine.ClaimDraw:
		if r.SAN != "" {
			err = s.playLive(r.Move, r.Claim)
		} else {
			err = s.game.ClaimDraw(r.Claim)
			s.played()
		}
	case engine.AcceptDraw:
		err = s.AnswerDraw(true)
	case engine.Resign:
		err = s.game.Resign(side)
		s.played()
	}
	if err != nil && !errors.Is(err, game.ErrNoClaim) && !s.game.Status().Over() {
		s.computerFailed(&engine.Error{Kind: engine.IllegalMove, Detail: err.Error(), Err: err, Playing: true})
	}
}

// computerFailed keeps the game as it is, closes the engines, and tells
// the window why the computer stopped.
func (s *Session) computerFailed(err error) {
	s.endComputer()
	s.comp.fault = err
	s.onChange(Event{Change: ComputerChanged})
}

// playLive plays move m at the live position, claiming claim with it (or
// none for game.NoReason), as a player's move is played.
func (s *Session) playLive(m game.Move, claim game.Reason) error {
	pm, err := s.game.PrepareMove(m)
	if err != nil {
		return err
	}
	s.view = nil // the computer's move brings the board back to the game
	p := &Proposal{Kind: LiveMove, move: m, at: s.game.Live(), prepared: pm}
	return s.Play(p, claim)
}

// computerToMove reports whether, in a game a person plays against the
// computer, the computer is to move: a take-back goes on to the person's
// own move.
func (s *Session) computerToMove() bool {
	person := !s.ComputerPlays(game.White) || !s.ComputerPlays(game.Black)
	return person && !s.editing && s.ComputerPlays(s.game.Turn())
}

// Person returns the side a person plays against the computer, when the
// computer plays the other side and a person this one.
func (s *Session) Person() (game.Color, bool) {
	for _, side := range []game.Color{game.White, game.Black} {
		if !s.ComputerPlays(side) && s.ComputerPlays(side.Other()) {
			return side, true
		}
	}
	return game.White, false
}
