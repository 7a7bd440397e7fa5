package game

import (
	"errors"
	"fmt"
	"time"
)

// ErrNoClaim: the draw claimed is not there (FIDE 9.2, 9.3). The game goes
// on; in a timed game the opponent gets two more minutes (FIDE 9.5.2).
var ErrNoClaim = errors.New("incorrect draw claim")

// ClaimError is an incorrect draw claim, with what a message about it
// names. errors.Is(err, ErrNoClaim) holds for it.
type ClaimError struct {
	// Claim is the draw claimed: ThreefoldRepetition or FiftyMoveRule.
	Claim Reason
	// Count is, for ThreefoldRepetition, how many times the position has
	// appeared; for FiftyMoveRule, how many moves each side made without a
	// pawn move or a capture.
	Count int
	// Move is set when the move played with the claim ended the game by
	// itself: its SAN, and Status, how the game ended.
	Move   string
	Status Status
}

func (e *ClaimError) Error() string {
	switch {
	case e.Move != "":
		return fmt.Sprintf("%v: %s ended the game (%s)", ErrNoClaim, e.Move, e.Status)
	case e.Claim == ThreefoldRepetition:
		return fmt.Sprintf("%v: this position has appeared %d times, not three", ErrNoClaim, e.Count)
	}
	return fmt.Sprintf("%v: only %d moves without a pawn move or capture, not 50", ErrNoClaim, e.Count)
}

// Is makes errors.Is(err, ErrNoClaim) work on a *ClaimError.
func (e *ClaimError) Is(target error) bool { return target == ErrNoClaim }

// claimPenalty is the time FIDE 9.5.2 adds to the opponent's clock after
// an incorrect claim.
const claimPenalty = 2 * time.Minute

// ClaimableDraws returns the draws the side to move may claim on the
// board now: ThreefoldRepetition when the position has just appeared for
// at least the third time, FiftyMoveRule when the last 50 moves of each
// side had no pawn move and no capture.
func (g *Game) ClaimableDraws() []Reason {
	if g.goesOn() != nil {
		return nil
	}
	return claimsAt(g.live)
}

func claimsAt(n *Node) []Reason {
	var out []Reason
	if n.repetitions() >= 3 {
		out = append(out, ThreefoldRepetition)
	}
	if n.pos.HalfMoves >= 100 {
		out = append(out, FiftyMoveRule)
	}
	return out
}

// ClaimableDrawsWithMove returns the draws the side to move could claim
// by first writing down move s (FIDE 9.2.1.1, 9.3.1): the move would
// produce a third occurrence, or complete fifty moves without pawn move or
// capture. Nothing is played. A move that would end the game by itself
// (checkmate, fivefold repetition...) gives no claim.
func (g *Game) ClaimableDrawsWithMove(s string) ([]Reason, error) {
	p, err := g.prepareText(s)
	if err != nil {
		return nil, err
	}
	return p.Claims(), nil
}

// ClaimDraw claims a draw for the side to move, on the board. A correct
// claim ends the game; an incorrect one returns an error wrapping
// ErrNoClaim, the game goes on and the opponent gets two minutes.
func (g *Game) ClaimDraw(r Reason) error {
	if err := g.checkClaim(r); err != nil {
		return err
	}
	return g.settleClaim(r, g.live.pos.Turn)
}

// ClaimDrawWithMove plays move s and claims a draw for the player who
// makes it (FIDE 9.2.1.1, 9.3.1). If the claim is correct the game is
// drawn. If not, the move stands, the game goes on, the opponent gets two
// minutes, and the error wraps ErrNoClaim. An illegal move changes nothing.
// If the move itself ends the game (checkmate, fivefold repetition...),
// that result stands.
func (g *Game) ClaimDrawWithMove(s string, r Reason) error {
	if err := g.checkClaim(r); err != nil {
		return err
	}
	p, err := g.prepareText(s)
	if err != nil {
		return err
	}
	return g.PlayPrepared(p, r)
}

// checkClaim refuses claims that are not draw claims, and claims after the
// game ended.
func (g *Game) checkClaim(r Reason) error {
	if !r.isDrawClaim() {
		return fmt.Errorf("%q is not a draw a player can claim: claim %q or %q", r, ThreefoldRepetition, FiftyMoveRule)
	}
	return g.goesOn()
}

// settleClaim ends the game if claimant's claim r holds at the live
// position, and otherwise gives claimant's opponent two minutes.
func (g *Game) settleClaim(r Reason, claimant Color) error {
	for _, ok := range claimsAt(g.live) {
		if ok == r {
			g.finish(drawn(r), g.now())
			return nil
		}
	}
	if g.clock.timed() {
		g.clock.state.left[claimant.Other()] += claimPenalty
	}
	if r == ThreefoldRepetition {
		return &ClaimError{Claim: r, Count: g.live.repetitions()}
	}
	return &ClaimError{Claim: r, Count: g.live.pos.HalfMoves / 2}
}

// OfferDraw records c's draw offer. It stands until the opponent accepts
// or declines it, or makes a move. If the opponent had offered a draw
// already, the two offers make an agreement and the game is drawn.
func (g *Game) OfferDraw(c Color) error {
	if err := g.goesOn(); err != nil {
		return err
	}
	if g.offer.pending && g.offer.by == c.Other() {
		g.finish(drawn(Agreement), g.now())
		return nil
	}
	g.offer = drawOffer{pending: true, by: c}
	return nil
}

// AcceptDraw accepts the opponent's standing offer: the game is drawn.
func (g *Game) AcceptDraw(c Color) error {
	if err := g.answerableOffer(c); err != nil {
		return err
	}
	g.finish(drawn(Agreement), g.now())
	return nil
}

// DeclineDraw declines the opponent's standing offer; the game goes on.
func (g *Game) DeclineDraw(c Color) error {
	if err := g.answerableOffer(c); err != nil {
		return err
	}
	g.offer = drawOffer{}
	return nil
}

func (g *Game) answerableOffer(c Color) error {
	if err := g.goesOn(); err != nil {
		return err
	}
	if !g.offer.pending || g.offer.by != c.Other() {
		return fmt.Errorf("%s has no draw offer from %s to answer", c, c.Other())
	}
	return nil
}

// DrawOffer returns the colour of the player whose draw offer stands, and
// false when there is none.
func (g *Game) DrawOffer() (Color, bool) {
	return g.offer.by, g.offer.pending
}
