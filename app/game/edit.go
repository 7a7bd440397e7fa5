package game

import (
	"errors"
	"fmt"
	"slices"

	"github.com/notnil/chess"
)

// Errors of the game tree's editing, for errors.Is.
var (
	// ErrMainLineEnd: a variation was asked for at the end of the main
	// line, where there is no move for it to be an alternative to. The
	// game's own moves are played with Move.
	ErrMainLineEnd = errors.New("the game's moves end here: continue the game by playing the move, not as a side line")
	// ErrLiveLine: the edit would change the moves of the main line,
	// which only playing, taking back and ReplaceFrom may do.
	ErrLiveLine = errors.New("the moves of the game cannot be changed this way")
	// ErrNotMainLine: ReplaceFrom was given a position of a side line.
	ErrNotMainLine = errors.New("the position is not on the main line")
	// ErrNotInGame: the node is nil, belongs to another game, or was
	// deleted.
	ErrNotInGame = errors.New("the position is not in this game")
)

// AddVariation plays move s (as Move reads it) from the position at as
// analysis, and returns the node it leads to. It records no clock time and
// leaves the game's status, clocks and draw offer alone, so it works on
// finished games too. If at already has a child for that move, that child
// is returned and nothing is added. Otherwise the move becomes at's last
// variation, or, when at ends a side line, that side line's next move. At
// the end of the main line it returns ErrMainLineEnd: the game's moves
// are played with Move.
func (g *Game) AddVariation(at *Node, s string) (*Node, error) {
	if err := g.checkNode(at); err != nil {
		return nil, err
	}
	cm, err := at.resolve(s)
	if err != nil {
		return nil, err
	}
	return g.addVariation(at, cm)
}

// AddVariationMove is AddVariation for a Move value.
func (g *Game) AddVariationMove(at *Node, m Move) (*Node, error) {
	if err := g.checkNode(at); err != nil {
		return nil, err
	}
	cm, err := at.chessMove(m)
	if err != nil {
		return nil, err
	}
	return g.addVariation(at, cm)
}

// addVariation adds legal move cm of at as a variation.
func (g *Game) addVariation(at *Node, cm *chess.Move) (*Node, error) {
	m := fromChess(cm)
	for _, c := range at.children {
		if c.move == m {
			return c, nil
		}
	}
	if len(at.children) == 0 && at == g.live {
		return nil, ErrMainLineEnd
	}
	n := g.newChild(at, cm)
	at.children = append(at.children, n)
	return n, nil
}

// ReplaceFrom replaces the rest of the game after at, a position of the
// main line, with move s: at's main continuation and everything after it
// are removed (at's variations stay), the clocks go back to what they
// showed before the removed move, a pending draw offer lapses, the game is
// in progress again, and s is played exactly as Move plays it (clock
// switch, automatic end). Paused clocks stay paused. It works on finished
// games and on games read from PGN, whose clocks are rebuilt from their
// [%clk] times. At the live position it is Move. It returns the new live
// node; a move that cannot be played changes nothing.
func (g *Game) ReplaceFrom(at *Node, s string) (*Node, error) {
	if err := g.checkMainLine(at); err != nil {
		return nil, err
	}
	if at == g.live {
		if err := g.Move(s); err != nil {
			return nil, err
		}
		return g.live, nil
	}
	cm, err := at.resolve(s)
	if err != nil {
		return nil, err
	}
	return g.replaceFrom(at, cm, s)
}

// ReplaceFromMove is ReplaceFrom for a Move value.
func (g *Game) ReplaceFromMove(at *Node, m Move) (*Node, error) {
	if err := g.checkMainLine(at); err != nil {
		return nil, err
	}
	if at == g.live {
		if err := g.PlayMove(m); err != nil {
			return nil, err
		}
		return g.live, nil
	}
	cm, err := at.chessMove(m)
	if err != nil {
		return nil, err
	}
	return g.replaceFrom(at, cm, m.text())
}

// checkMainLine returns an error unless at is a node of the main line.
func (g *Game) checkMainLine(at *Node) error {
	if err := g.checkNode(at); err != nil {
		return err
	}
	if !at.onMainLine() {
		return fmt.Errorf("%w: only the moves of the game can be replaced, and %s belongs to a side line", ErrNotMainLine, at.label())
	}
	return nil
}

// replaceFrom is ReplaceFrom before the live position, for legal move cm
// of at, given as input.
func (g *Game) replaceFrom(at *Node, cm *chess.Move, input string) (*Node, error) {
	p, err := g.prepareAt(at, cm, input)
	if err != nil {
		return nil, err
	}
	removed := at.children[0]
	now := g.now()
	c := g.clock
	c.restore(g.undoState(removed), at.pos.Turn, now)
	if c.flagged(now) {
		return nil, at.pos.refuseAt(input, MoveError{Reason: RefusedNoTimeLeft})
	}
	at.children = at.children[1:]
	g.live, g.clock, g.status, g.offer = at, c, inProgress, drawOffer{}
	g.play(p)
	return g.live, nil
}

// PromoteVariation moves n one place up among its parent's moves; the
// first place is the line's main continuation. In a game still in
// progress the main line is the game itself: a promotion that would put a
// side line in its place returns ErrLiveLine (ReplaceFrom replaces the
// game's moves). In a finished game it may change the main line, whose
// end becomes the live position; the status stays.
func (g *Game) PromoteVariation(n *Node) error {
	if err := g.checkNode(n); err != nil {
		return err
	}
	p := n.parent
	if p == nil {
		return errors.New("the start position is not a move and cannot be promoted")
	}
	i := slices.Index(p.children, n)
	if i == 0 {
		return fmt.Errorf("%s is already the main continuation", n.label())
	}
	mainChange := i == 1 && p.onMainLine()
	if mainChange && !g.status.Over() {
		return fmt.Errorf("%w: a side line cannot replace the moves of the game in progress; replace the rest of the game instead", ErrLiveLine)
	}
	p.children[i-1], p.children[i] = p.children[i], p.children[i-1]
	if mainChange {
		g.version++
		g.live = p
		for g.live.children != nil {
			g.live = g.live.children[0]
		}
	}
	return nil
}

// DeleteVariation removes n and every move after it. Deleting a side
// line's first move removes the whole side line; deleting a later move
// cuts the side line short. Moves of the main line are the game's: it
// returns ErrLiveLine for them (TakeBack and ReplaceFrom change those).
func (g *Game) DeleteVariation(n *Node) error {
	if err := g.checkNode(n); err != nil {
		return err
	}
	if n.parent == nil {
		return fmt.Errorf("%w: the start position cannot be deleted", ErrLiveLine)
	}
	if n.onMainLine() {
		return fmt.Errorf("%w: %s is a move of the main line; take it back or replace the rest of the game instead", ErrLiveLine, n.label())
	}
	n.parent.children = removeNode(n.parent.children, n)
	return nil
}

// IsLive reports whether n is the position being played: the end of the
// main line.
func (n *Node) IsLive() bool {
	return n == n.game.live
}

// variationIndex returns n's place among its parent's moves: 0 for the
// main continuation (and for the root), 1 for the first variation, and
// so on; -1 once n was deleted.
func (n *Node) variationIndex() int {
	if n.parent == nil {
		return 0
	}
	return slices.Index(n.parent.children, n)
}

// Holds reports whether n is a position of g's tree: of this game, and
// in no side line deleted since.
func (g *Game) Holds(n *Node) bool { return g.checkNode(n) == nil }

// checkNode returns an error wrapping ErrNotInGame unless n is a node of
// g's tree.
func (g *Game) checkNode(n *Node) error {
	switch {
	case n == nil:
		return fmt.Errorf("%w: no position given", ErrNotInGame)
	case n.game != g:
		return fmt.Errorf("%w: it belongs to another game", ErrNotInGame)
	}
	a := n
	for ; a.parent != nil; a = a.parent {
		if !slices.Contains(a.parent.children, a) {
			return fmt.Errorf("%w: %s was deleted", ErrNotInGame, n.label())
		}
	}
	if a != g.root {
		return fmt.Errorf("%w: it belongs to a game tree that was replaced", ErrNotInGame)
	}
	return nil
}

// onMainLine reports whether n lies on the main line.
func (n *Node) onMainLine() bool {
	for a := n; a.parent != nil; a = a.parent {
		if len(a.parent.children) == 0 || a.parent.children[0] != a {
			return false
		}
	}
	return true
}

// label names n's move for messages: "12. Nf3", "12... Nf6", or "the start
// position".
func (n *Node) label() string {
	if n.parent == nil {
		return "the start position"
	}
	dots := "."
	if n.Mover() == Black {
		dots = "..."
	}
	return fmt.Sprintf("%d%s %s", n.MoveNumber(), dots, n.san)
}
