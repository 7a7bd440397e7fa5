package game_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

// move reads a UCI move, failing the test on a bad one.
func move(t *testing.T, uci string) game.Move {
	t.Helper()
	m := game.Move{From: sq(t, uci[0:2]), To: sq(t, uci[2:4])}
	if len(uci) == 5 {
		m.Promotion = map[byte]game.Kind{'q': game.Queen, 'r': game.Rook, 'b': game.Bishop, 'n': game.Knight}[uci[4]]
	}
	return m
}

func TestPlayMoveIsMove(t *testing.T) {
	typed, text := newGame(t, ""), newGame(t, "")
	for _, uci := range []string{"e2e4", "d7d5", "e4d5", "g8f6", "f1b5", "c7c6", "d5c6", "d8d7", "c6b7", "d7b5", "b7a8q"} {
		if err := typed.PlayMove(move(t, uci)); err != nil {
			t.Fatalf("PlayMove(%s): %v", uci, err)
		}
		if err := text.Move(uci); err != nil {
			t.Fatalf("Move(%s): %v", uci, err)
		}
	}
	if typed.FEN() != text.FEN() || !slices.Equal(typed.History(), text.History()) {
		t.Errorf("typed %s %v\ntext  %s %v", typed.FEN(), typed.History(), text.FEN(), text.History())
	}
}

func TestPlayMoveRefusals(t *testing.T) {
	tests := []struct {
		fen  string
		m    game.Move
		want game.MoveReason
	}{
		{"", game.Move{From: 20, To: 28}, game.RefusedEmptySquare},
		{"", game.Move{From: 6, To: 22}, game.RefusedCannotReach},
		{"", game.Move{From: 52, To: 36}, game.RefusedOpponentsPiece},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", game.Move{From: 48, To: 56}, game.RefusedNoPromotion},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", game.Move{From: 48, To: 56, Promotion: game.King}, game.RefusedNotAMove},
		{"4k3/8/8/8/8/8/8/1N1NK2R w K - 0 1", game.Move{From: 4, To: 7}, game.RefusedNotLegal},
		{"", game.Move{From: 12, To: 99}, game.RefusedNotAMove},
		{"7k/5QQ1/8/8/8/8/8/4K3 b - - 0 1", game.Move{From: 63, To: 55}, game.RefusedGameOver},
	}
	for _, tt := range tests {
		g := newGame(t, tt.fen)
		before := g.FEN()
		err := g.PlayMove(tt.m)
		var me *game.MoveError
		if !errors.As(err, &me) || me.Reason != tt.want {
			t.Errorf("%s %+v: %v, want reason %d", tt.fen, tt.m, err, tt.want)
		}
		if g.FEN() != before {
			t.Errorf("%s %+v: a refused move changed the game", tt.fen, tt.m)
		}
	}
}

func TestPreparedMoveClaims(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1")
	p, err := g.PrepareMove(move(t, "f6g8"))
	if err != nil {
		t.Fatal(err)
	}
	text, err := g.ClaimableDrawsWithMove("Ng8")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Claims(), []game.Reason{game.ThreefoldRepetition}) || !slices.Equal(p.Claims(), text) {
		t.Errorf("claims %v, ClaimableDrawsWithMove %v", p.Claims(), text)
	}
	if len(g.History()) != 7 {
		t.Fatal("preparing a move played it")
	}
	if err := g.PlayPrepared(p, game.ThreefoldRepetition); err != nil {
		t.Fatalf("claim with the move: %v", err)
	}
	if s := g.Status(); s.Result != game.Draw || s.Reason != game.ThreefoldRepetition || len(g.History()) != 8 {
		t.Errorf("status %v after %v", s, g.History())
	}
}

func TestPreparedMoveWithoutClaim(t *testing.T) {
	g := newGame(t, "")
	p, err := g.PrepareMove(move(t, "e2e4"))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Claims()) != 0 {
		t.Errorf("claims %v on move one", p.Claims())
	}
	if err := g.PlayPrepared(p, game.NoReason); err != nil || !slices.Equal(g.History(), []string{"e4"}) {
		t.Errorf("PlayPrepared: %v, history %v", err, g.History())
	}
	if err := g.PlayPrepared(p, game.NoReason); !errors.Is(err, game.ErrStaleMove) {
		t.Errorf("played twice: %v", err)
	}
}

func TestPreparedMoveIncorrectClaim(t *testing.T) {
	g, _ := timedGame(t, "300", "")
	p, err := g.PrepareMove(move(t, "e2e4"))
	if err != nil {
		t.Fatal(err)
	}
	err = g.PlayPrepared(p, game.FiftyMoveRule)
	if !errors.Is(err, game.ErrNoClaim) || !slices.Equal(g.History(), []string{"e4"}) {
		t.Errorf("incorrect claim: %v, history %v", err, g.History())
	}
	if got := g.Remaining(game.Black); got != 7*time.Minute {
		t.Errorf("Black has %v after White's incorrect claim, want 7m", got)
	}
}

func TestPreparedMoveGoesStale(t *testing.T) {
	changes := map[string]func(g *game.Game) error{
		"a move":    func(g *game.Game) error { return g.Move("Nf6") },
		"take back": func(g *game.Game) error { return g.TakeBack() },
		"resign":    func(g *game.Game) error { return g.Resign(game.White) },
		"replace": func(g *game.Game) error {
			_, err := g.ReplaceFrom(g.Root(), "c4")
			return err
		},
	}
	for name, change := range changes {
		g := newGame(t, "")
		play(t, g, "d4")
		p, err := g.PrepareMove(move(t, "d7d5"))
		if err != nil {
			t.Fatal(err)
		}
		if err := change(g); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		history := g.History()
		if err := g.PlayPrepared(p, game.NoReason); !errors.Is(err, game.ErrStaleMove) {
			t.Errorf("after %s: %v, want ErrStaleMove", name, err)
		}
		if !slices.Equal(g.History(), history) {
			t.Errorf("after %s: a stale move was played: %v", name, g.History())
		}
	}
	other := newGame(t, "")
	p, err := other.PrepareMove(move(t, "e2e4"))
	if err != nil {
		t.Fatal(err)
	}
	if err := newGame(t, "").PlayPrepared(p, game.NoReason); !errors.Is(err, game.ErrStaleMove) {
		t.Errorf("a move prepared in another game: %v", err)
	}
}

func TestPreparedMoveAfterTheFlag(t *testing.T) {
	g, clk := timedGame(t, "60", "")
	p, err := g.PrepareMove(move(t, "e2e4"))
	if err != nil {
		t.Fatal(err)
	}
	clk.Advance(61 * time.Second)
	err = g.PlayPrepared(p, game.NoReason)
	var me *game.MoveError
	if !errors.As(err, &me) || me.Reason != game.RefusedGameOver || g.Status().Reason != game.TimeForfeit {
		t.Errorf("move after the flag: %v, status %v", err, g.Status())
	}
}

func TestTypedEdits(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4 e5 Nf3")
	e4 := g.MainLine()[0]
	c5, err := g.AddVariationMove(e4, move(t, "c7c5"))
	if err != nil || c5.SAN() != "c5" || c5.Parent() != e4 || c5.IsMainLine() {
		t.Fatalf("AddVariationMove: %v, %v", c5, err)
	}
	if again, err := g.AddVariationMove(e4, move(t, "c7c5")); err != nil || again != c5 {
		t.Errorf("the same variation again: %v, %v", again, err)
	}
	if _, err := g.AddVariationMove(e4, move(t, "c7c4")); !errors.Is(err, game.ErrIllegalMove) {
		t.Errorf("illegal variation: %v", err)
	}
	if _, err := g.AddVariationMove(g.MainLine()[2], move(t, "b8c6")); !errors.Is(err, game.ErrMainLineEnd) {
		t.Errorf("variation at the live position: %v", err)
	}
	live, err := g.ReplaceFromMove(e4, move(t, "d7d5"))
	if err != nil || live.SAN() != "d5" || !slices.Equal(g.History(), []string{"e4", "d5"}) {
		t.Fatalf("ReplaceFromMove: %v, %v", g.History(), err)
	}
	if _, err := g.ReplaceFromMove(c5, move(t, "g1f3")); !errors.Is(err, game.ErrNotMainLine) {
		t.Errorf("replace from a side line: %v", err)
	}
	if live, err = g.ReplaceFromMove(live, move(t, "e4d5")); err != nil || !slices.Equal(g.History(), []string{"e4", "d5", "exd5"}) {
		t.Errorf("ReplaceFromMove at the live position: %v, %v", g.History(), err)
	}
}

func TestNodeLegal(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4 e5")
	if n := len(g.Root().Legal()); n != 20 {
		t.Errorf("%d legal moves at the start", n)
	}
	if n := len(g.MainLine()[1].Legal()); n != 29 {
		t.Errorf("%d legal moves after 1. e4 e5, want 29", n)
	}
}
