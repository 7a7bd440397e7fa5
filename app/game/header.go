package game

import (
	"errors"
	"fmt"
	"slices"

	"github.com/echiquier/echiquier/app/pgn"
)

// gameTags are the tags that describe how the game was made and how it
// stands: the game keeps them true itself, and the user does not edit
// them (SetTag leaves them alone too).
var gameTags = []string{"Result", "Termination", "FEN", "SetUp", "TimeControl"}

// IsGameTag reports whether a tag is one the game keeps true itself
// (Result, Termination, FEN, SetUp, TimeControl), which EditableTags
// leaves out and SetEditableTags keeps.
func IsGameTag(name string) bool { return slices.Contains(gameTags, name) }

// EditableTags returns the game's tags the user may change, in their
// order, each name once, with its value: all but the game's own (see
// IsGameTag).
func (g *Game) EditableTags() []pgn.Tag {
	var out []pgn.Tag
	for _, t := range g.tags {
		if IsGameTag(t.Name) || slices.ContainsFunc(out, func(o pgn.Tag) bool { return o.Name == t.Name }) {
			continue
		}
		v, _ := g.tags.get(t.Name)
		out = append(out, pgn.Tag{Name: t.Name, Value: v})
	}
	return out
}

// TagError says why SetEditableTags refused a tag: its name is not one
// PGN writes (pgn.CheckTagName), it is given twice, or it is too long.
type TagError struct {
	Name string
	Err  error
}

func (e *TagError) Error() string { return fmt.Sprintf("tag %q: %v", e.Name, e.Err) }
func (e *TagError) Unwrap() error { return e.Err }

// ErrTagTwice: a tag was given twice.
var ErrTagTwice = errors.New("the tag is given twice")

// SetEditableTags makes tags the game's tags that the user may change:
// a tag not among them is removed, the others take their values (in
// their place, new ones at the end); an empty value removes the tag. The
// game's own tags (IsGameTag) stay as they are, and one given is left
// out. Nothing changes when one of the tags is refused (a *TagError).
func (g *Game) SetEditableTags(tags []pgn.Tag) error {
	seen := map[string]bool{}
	for _, t := range tags {
		err := pgn.CheckTagName(t.Name)
		if err == nil {
			err = pgn.CheckTagValue(t.Name, t.Value)
		}
		if err == nil && seen[t.Name] {
			err = ErrTagTwice
		}
		if err != nil {
			return &TagError{Name: t.Name, Err: err}
		}
		seen[t.Name] = true
	}
	for _, t := range g.EditableTags() {
		if !seen[t.Name] {
			g.tags.remove(t.Name)
		}
	}
	for _, t := range tags {
		g.SetTag(t.Name, t.Value)
	}
	return nil
}

// Why a game's result cannot be set by hand (ResultFixed).
var (
	// ErrResultOnBoard: the final position decides the result: a
	// checkmate, a stalemate, a dead position, a fivefold repetition or
	// the 75-move rule.
	ErrResultOnBoard = errors.New("the position on the board decides the result")
	// ErrResultInPlay: a game with clocks that goes on ends by play (a
	// resignation, a draw, a flag), not by a result written by hand.
	ErrResultInPlay = errors.New("a game with clocks ends by play: resign, or agree or claim a draw")
)

// ResultFixed says why the game's result cannot be set by hand
// (SetResult); nil when it can. The rules of the game end some games
// themselves, and a game played on the clocks ends by play.
func (g *Game) ResultFixed() error {
	switch {
	case g.status.Over() && g.status.Reason.byTheLaws():
		return ErrResultOnBoard
	case !g.status.Over() && g.clock.timed():
		return ErrResultInPlay
	}
	return nil
}

// ResultChoices returns the results that SetResult takes now, in the
// order of the PGN standard ("1-0", "0-1", "1/2-1/2", "*"); only the
// game's own result when it is fixed (ResultFixed). A game with clocks
// that has ended may take another result, but does not go on again
// ("*"): its clocks have stopped.
func (g *Game) ResultChoices() []string {
	if g.ResultFixed() != nil {
		return []string{g.status.Result}
	}
	out := []string{WhiteWins, BlackWins, Draw}
	if !g.clock.timed() {
		out = append(out, InProgress)
	}
	return out
}

// SetResult makes r the game's result, one of ResultChoices: a game
// scored from a paper score sheet, a result corrected. A result set by
// hand says no reason (the Termination tag and the final comment then
// say none), but setting back the result a game was read with gives it
// back its status as read. "*" makes a game without clocks go on.
func (g *Game) SetResult(r string) error {
	if r == g.status.Result {
		return nil
	}
	if err := g.ResultFixed(); err != nil {
		return err
	}
	if !slices.Contains(g.ResultChoices(), r) {
		return fmt.Errorf("%q is not a result this game may take", r)
	}
	s := Status{Result: r}
	if r == InProgress {
		s = inProgress
	}
	if g.read != nil && g.read.status.Result == r {
		s = g.read.status
	}
	g.status, g.offer = s, drawOffer{}
	g.version++
	return nil
}

// byTheLaws reports whether the rules end a game for this reason by
// themselves, whatever the players do.
func (r Reason) byTheLaws() bool {
	switch r {
	case Checkmate, Stalemate, InsufficientMaterial, DeadPosition, FivefoldRepetition, SeventyFiveMoveRule:
		return true
	}
	return false
}
