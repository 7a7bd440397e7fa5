package game_test

import (
	"errors"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

func TestThreefoldOnTheBoard(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1")
	if hasReason(g.ClaimableDraws(), game.ThreefoldRepetition) {
		t.Fatal("threefold claimable after two occurrences")
	}
	if err := g.ClaimDraw(game.ThreefoldRepetition); !errors.Is(err, game.ErrNoClaim) {
		t.Fatalf("early claim: err = %v, want ErrNoClaim", err)
	}
	if g.Status().Over() {
		t.Fatal("an incorrect claim ended the game")
	}
	play(t, g, "Ng8")
	if !hasReason(g.ClaimableDraws(), game.ThreefoldRepetition) {
		t.Fatalf("threefold not claimable after the third occurrence: %v", g.ClaimableDraws())
	}
	if err := g.ClaimDraw(game.ThreefoldRepetition); err != nil {
		t.Fatal(err)
	}
	if s := g.Status(); s != (game.Status{Result: "1/2-1/2", Reason: game.ThreefoldRepetition}) {
		t.Errorf("Status = %v", s)
	}
}

// TestThreefoldIgnoresImpossibleEnPassant is the sequence where notnil/chess
// misses the third occurrence: after 1.e4 the en-passant square e3 is set,
// but no Black pawn can take on it, so the position is the same as after
// 3.Ng1 and 5.Ng1 (FIDE 9.2.3).
func TestThreefoldIgnoresImpossibleEnPassant(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1")
	if !hasReason(g.ClaimableDraws(), game.ThreefoldRepetition) {
		t.Errorf("third occurrence after 5.Ng1 not seen: %v", g.ClaimableDraws())
	}
}

// TestThreefoldCountsPossibleEnPassant: when a pawn could take en passant,
// the position after the double step differs from the same board later.
func TestThreefoldCountsPossibleEnPassant(t *testing.T) {
	g := newGame(t, "4k3/8/8/8/5p2/8/4P3/4K1N1 w - - 0 1")
	play(t, g, "e4 Ke7 Nf3 Ke8 Ng1 Ke7 Nf3 Ke8 Ng1")
	threefoldOnlyAfter(t, g, "Ke7 Nf3 Ke8 Ng1", "counted the position after e4 (f4 pawn could take en passant) as the same")
}

func TestThreefoldNeedsSameSideToMove(t *testing.T) {
	// The rook loses a tempo (h1-h3-h2-h1), so the start board comes back
	// with Black to move: a different position.
	g := newGame(t, "4k3/8/8/8/8/8/8/4K2R w - - 0 1")
	play(t, g, "Rh3 Kd8 Rh2 Ke8 Rh1 Kd8 Rh2 Ke8 Rh1")
	threefoldOnlyAfter(t, g, "Kd8 Rh2 Ke8 Rh1", "the board with White to move was counted as the same position")
}

func TestThreefoldWithTheIntendedMove(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1")
	got, err := g.ClaimableDrawsWithMove("Ng8")
	if err != nil || !hasReason(got, game.ThreefoldRepetition) {
		t.Fatalf("ClaimableDrawsWithMove(Ng8) = %v, %v", got, err)
	}
	if len(g.History()) != 7 {
		t.Fatal("ClaimableDrawsWithMove played the move")
	}
	if got, _ := g.ClaimableDrawsWithMove("Nc6"); len(got) != 0 {
		t.Errorf("Nc6 would make no repetition, but claims = %v", got)
	}
	if err := g.ClaimDrawWithMove("Ng8", game.ThreefoldRepetition); err != nil {
		t.Fatal(err)
	}
	if s := g.Status(); s != (game.Status{Result: "1/2-1/2", Reason: game.ThreefoldRepetition}) {
		t.Errorf("Status = %v", s)
	}
	if h := g.History(); h[len(h)-1] != "Ng8" {
		t.Errorf("the intended move was not played: %v", h)
	}
}

func TestIncorrectClaimWithMove(t *testing.T) {
	clk := newFakeClock()
	tc, _ := game.ParseTimeControl("300")
	g, err := game.New(game.Options{TimeControl: tc, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	play(t, g, "Nf3 Nf6")
	err = g.ClaimDrawWithMove("Ng1", game.ThreefoldRepetition)
	if !errors.Is(err, game.ErrNoClaim) {
		t.Fatalf("err = %v, want ErrNoClaim", err)
	}
	if g.Status().Over() {
		t.Fatal("an incorrect claim ended the game")
	}
	if h := g.History(); len(h) != 3 || h[2] != "Ng1" {
		t.Errorf("the intended move must stand after an incorrect claim: %v", h)
	}
	if got, want := g.Remaining(game.Black), 7*time.Minute; got != want {
		t.Errorf("Black's clock = %v, want %v (two minutes added, FIDE 9.5.2)", got, want)
	}
	if err := g.ClaimDrawWithMove("Qxh7", game.ThreefoldRepetition); !errors.Is(err, game.ErrIllegalMove) {
		t.Errorf("illegal intended move: err = %v", err)
	}
	if len(g.History()) != 3 {
		t.Error("an illegal intended move changed the game")
	}
}

func TestFiftyMoveRule(t *testing.T) {
	// 99 plies without pawn move or capture: White's next move completes
	// the fifty moves of each side.
	g := newGame(t, "4k3/8/8/8/8/8/8/4K2R w - - 99 80")
	if hasReason(g.ClaimableDraws(), game.FiftyMoveRule) {
		t.Fatal("claimable after 99 plies")
	}
	got, err := g.ClaimableDrawsWithMove("Rh2")
	if err != nil || !hasReason(got, game.FiftyMoveRule) {
		t.Fatalf("with the intended move Rh2: %v, %v", got, err)
	}
	play(t, g, "Rh2")
	if !hasReason(g.ClaimableDraws(), game.FiftyMoveRule) {
		t.Fatalf("Black cannot claim fifty moves on the board: %v", g.ClaimableDraws())
	}
	play(t, g, "Kd7")
	if !hasReason(g.ClaimableDraws(), game.FiftyMoveRule) {
		t.Fatalf("fifty moves not claimable on the board: %v", g.ClaimableDraws())
	}
	if err := g.ClaimDraw(game.FiftyMoveRule); err != nil {
		t.Fatal(err)
	}
	if s := g.Status(); s.Reason != game.FiftyMoveRule || s.Result != "1/2-1/2" {
		t.Errorf("Status = %v", s)
	}
}

func TestFiftyMoveClaimResetByPawnMove(t *testing.T) {
	g := newGame(t, "4k3/8/8/8/8/8/4P3/4K2R w - - 99 80")
	if got, _ := g.ClaimableDrawsWithMove("e3"); len(got) != 0 {
		t.Errorf("a pawn move resets the count, but claims = %v", got)
	}
}

func TestClaimOnlyDrawReasons(t *testing.T) {
	g := newGame(t, "")
	for _, r := range []game.Reason{game.Checkmate, game.Agreement, game.FivefoldRepetition} {
		if err := g.ClaimDraw(r); err == nil || errors.Is(err, game.ErrNoClaim) {
			t.Errorf("ClaimDraw(%v) = %v, want a refusal that is not an incorrect claim", r, err)
		}
	}
}
