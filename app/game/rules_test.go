package game_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
)

func TestCastling(t *testing.T) {
	tests := []struct {
		name, fen, move string
		legal           bool
	}{
		{"kingside", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", true},
		{"queenside", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", true},
		{"black kingside", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", true},
		{"out of check", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "", true},
		{"not out of check", "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "e1g1", false},
		{"not through check", "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "e1g1", false},
		{"not into check", "4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", "e1g1", false},
		{"rook may be attacked", "4k3/8/8/8/8/8/7r/R3K2R w KQ - 0 1", "e1g1", true},
		{"queenside rook passes an attacked b1", "4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1", "e1c1", true},
		{"not when d1 is attacked", "4k3/8/8/8/8/8/3r4/R3K2R w KQ - 0 1", "e1c1", false},
		{"not through a piece", "4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1", "e1g1", false},
		{"not without the right", "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "e1g1", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.move == "" {
				return
			}
			g := newGame(t, tt.fen)
			if got := hasMove(g.LegalMoves(), tt.move); got != tt.legal {
				t.Errorf("%s legal = %v, want %v", tt.move, got, tt.legal)
			}
			err := g.Move(tt.move)
			if (err == nil) != tt.legal {
				t.Errorf("Move(%s) = %v, want legal=%v", tt.move, err, tt.legal)
			}
		})
	}
}

func TestCastlingRightsLostForGood(t *testing.T) {
	const fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	t.Run("king moved and came back", func(t *testing.T) {
		g := newGame(t, fen)
		play(t, g, "Kf1 Kf8 Ke1 Ke8")
		for _, m := range []string{"O-O", "O-O-O"} {
			if err := g.Move(m); err == nil {
				t.Fatalf("%s allowed after the king moved", m)
			}
		}
		if g.Position().Castling != 0 {
			t.Errorf("castling rights = %v, want none", g.Position().Castling)
		}
	})
	t.Run("rook moved and came back", func(t *testing.T) {
		g := newGame(t, fen)
		play(t, g, "Rh2 Rh7 Rh1 Rh8")
		if err := g.Move("O-O"); err == nil {
			t.Fatal("O-O allowed after the h1 rook moved")
		}
		play(t, g, "O-O-O")
		if err := g.Move("O-O"); err == nil {
			t.Fatal("O-O allowed after the h8 rook moved")
		}
	})
	t.Run("rook captured", func(t *testing.T) {
		g := newGame(t, fen)
		play(t, g, "Rxa8+ Kd7")
		if got := g.Position().Castling.String(); got != "K" {
			t.Errorf("castling = %s, want K (a1 rook moved, a8 rook captured, Black king moved)", got)
		}
	})
}

func TestCastlingMovesTheRook(t *testing.T) {
	g := newGame(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	play(t, g, "O-O O-O-O")
	if got, want := g.FEN(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2"; got != want {
		t.Errorf("FEN = %s, want %s", got, want)
	}
	if h := g.History(); h[0] != "O-O" || h[1] != "O-O-O" {
		t.Errorf("History = %v", h)
	}
}

func TestEnPassant(t *testing.T) {
	t.Run("on the very next move", func(t *testing.T) {
		g := newGame(t, "")
		play(t, g, "e4 a6 e5 d5")
		play(t, g, "exd6")
		if got := g.Position().Board[game.NewSquare(3, 4)]; got != game.NoPiece {
			t.Errorf("the captured pawn is still on d5: %v", got)
		}
		if h := g.History(); h[len(h)-1] != "exd6" {
			t.Errorf("SAN = %s, want exd6", h[len(h)-1])
		}
	})
	t.Run("not a move later", func(t *testing.T) {
		g := newGame(t, "")
		play(t, g, "e4 a6 e5 d5 Nf3 Nf6")
		if err := g.Move("exd6"); !errors.Is(err, game.ErrIllegalMove) {
			t.Errorf("late en passant: err = %v, want illegal", err)
		}
	})
	t.Run("never exposing the king", func(t *testing.T) {
		g := newGame(t, "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1")
		if err := g.Move("exd3"); err == nil {
			t.Error("en passant that exposes the king along the rank was allowed")
		}
	})
}

func TestPromotion(t *testing.T) {
	for _, tt := range []struct{ move, want string }{
		{"e8=Q", "Q"}, {"e8=R", "R"}, {"e8=B", "B"}, {"e8=N", "N"},
		{"e8Q", "Q"}, {"e7e8n", "N"}, {"e8=Q+", "Q"},
	} {
		g := newGame(t, "7k/4P3/8/8/8/8/8/K7 w - - 0 1")
		if err := g.Move(tt.move); err != nil {
			t.Fatalf("Move(%s): %v", tt.move, err)
		}
		if got := g.Position().Board[game.NewSquare(4, 7)].FENLetter(); got != tt.want {
			t.Errorf("%s promoted to %s, want %s", tt.move, got, tt.want)
		}
	}
	g := newGame(t, "7k/4P3/8/8/8/8/8/K7 w - - 0 1")
	var me *game.MoveError
	if err := g.Move("e8"); !errors.As(err, &me) || me.Reason != game.RefusedNoPromotion {
		t.Errorf("e8 without a piece: err = %v, want RefusedNoPromotion", err)
	}
	if err := g.Move("e8=K"); err == nil {
		t.Error("promotion to a king accepted")
	}
	if len(g.History()) != 0 {
		t.Error("a refused promotion changed the game")
	}
}

func TestPinnedPieceAndAdjacentKings(t *testing.T) {
	g := newGame(t, "4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1")
	var me *game.MoveError
	if err := g.Move("Nc3"); !errors.As(err, &me) || me.Reason != game.RefusedExposesKing {
		t.Errorf("pinned knight: err = %v, want RefusedExposesKing", err)
	}
	g = newGame(t, "8/8/8/3k4/8/3K4/8/8 w - - 0 1")
	for _, m := range []string{"Kd4", "Kc4", "Ke4"} {
		if err := g.Move(m); err == nil {
			t.Errorf("%s puts the kings side by side but was allowed", m)
		}
	}
}

func TestAutomaticEnds(t *testing.T) {
	draw := func(r game.Reason) game.Status { return game.Status{Result: "1/2-1/2", Reason: r} }
	tests := []struct {
		name, fen, moves string
		want             game.Status
	}{
		{"fool's mate", "", "f3 e5 g4 Qh4#", game.Status{Result: "0-1", Reason: game.Checkmate}},
		{"stalemate", "7k/8/6K1/8/8/8/5Q2/8 w - - 0 1", "Qf7", draw(game.Stalemate)},
		{"K v K", "8/8/8/3k4/8/3K4/2r5/8 w - - 0 1", "Kxc2", draw(game.InsufficientMaterial)},
		{"K+N v K", "8/8/8/3k4/8/3K4/2r5/6N1 w - - 0 1", "Kxc2", draw(game.InsufficientMaterial)},
		{"K+B v K", "8/8/8/3k4/8/3K4/2r5/6B1 w - - 0 1", "Kxc2", draw(game.InsufficientMaterial)},
		{"bishops on one colour", "8/8/8/3k4/8/3K4/2r5/B5b1 w - - 0 1", "Kxc2", draw(game.InsufficientMaterial)},
		{"fivefold", "", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", draw(game.FivefoldRepetition)},
		{"75-move rule", "7k/8/8/8/8/8/8/R6K w - - 148 100", "Ra2 Kg8", draw(game.SeventyFiveMoveRule)},
		{"mate on the 75th move stands", "7k/8/6K1/8/8/8/8/R7 w - - 149 100", "Ra8#", game.Status{Result: "1-0", Reason: game.Checkmate}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, tt.fen)
			moves := strings.Fields(tt.moves)
			play(t, g, strings.Join(moves[:len(moves)-1], " "))
			if g.Status().Over() {
				t.Fatalf("over too early: %v", g.Status())
			}
			play(t, g, moves[len(moves)-1])
			if got := g.Status(); got != tt.want {
				t.Errorf("Status = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestDeadPositions(t *testing.T) {
	tests := []struct {
		fen  string
		dead bool
	}{
		{"8/8/8/3k4/8/3K4/8/8 w - - 0 1", true},
		{"8/8/8/3k4/8/3K4/8/6N1 w - - 0 1", true},
		{"8/8/8/3k4/8/3K4/8/6B1 b - - 0 1", true},
		{"8/2b5/8/3k4/8/3K4/8/6B1 w - - 0 1", true},  // c7 and g1 are both dark squares
		{"8/3b4/8/3k4/8/3K4/8/6B1 w - - 0 1", false}, // d7 light, g1 dark: a mate exists
		{"8/8/8/3k4/8/3K4/8/5NN1 w - - 0 1", false},  // two knights can mate with help
		{"8/8/8/3k4/8/3K4/8/6Nn w - - 0 1", false},   // K+N v K+N: a helpmate exists
		{"8/7p/8/3k4/8/3K4/8/6N1 w - - 0 1", false},  // a pawn can still promote
		{"8/8/2b5/3k4/8/3K4/8/6N1 w - - 0 1", false}, // K+N v K+B
		{"8/8/8/3k4/8/3K4/8/B1B1B3 w - - 0 1", true}, // three bishops, all dark
		{"8/8/8/3k4/8/3K4/8/5Q2 w - - 0 1", false},
	}
	for _, tt := range tests {
		g := newGame(t, tt.fen)
		got := g.Status().Reason == game.InsufficientMaterial
		if got != tt.dead {
			t.Errorf("%s: dead = %v, want %v (status %v)", tt.fen, got, tt.dead, g.Status())
		}
	}
}

func TestNoMoveAfterTheEnd(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "f3 e5 g4 Qh4#")
	err := g.Move("a3")
	if !errors.Is(err, game.ErrGameOver) {
		t.Errorf("move after mate: err = %v, want ErrGameOver", err)
	}
	if g.LegalMoves() != nil {
		t.Error("legal moves listed after mate")
	}
	for name, f := range map[string]func() error{
		"offer":  func() error { return g.OfferDraw(game.White) },
		"resign": func() error { return g.Resign(game.White) },
		"claim":  func() error { return g.ClaimDraw(game.ThreefoldRepetition) },
	} {
		if err := f(); !errors.Is(err, game.ErrGameOver) {
			t.Errorf("%s after mate: err = %v, want ErrGameOver", name, err)
		}
	}
	if s := g.Status(); s.Result != "0-1" || s.Reason != game.Checkmate {
		t.Errorf("status changed to %v", s)
	}
}

func TestResignation(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4")
	if err := g.Resign(game.White); err != nil {
		t.Fatal(err)
	}
	if s := g.Status(); s != (game.Status{Result: "0-1", Reason: game.Resignation}) {
		t.Errorf("Status = %v", s)
	}
	if err := g.Move("e5"); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("move after resignation: %v", err)
	}
	// A take-back, which the opponent allows, takes the resignation
	// back with the last move: the same rule after every end.
	if err := g.TakeBack(); err != nil || g.Status().Over() || len(g.History()) != 0 {
		t.Errorf("take-back after resignation: %v, %v, %v", err, g.Status(), g.History())
	}
}

func TestDrawOffers(t *testing.T) {
	t.Run("accepted", func(t *testing.T) {
		g := newGame(t, "")
		play(t, g, "e4")
		if err := g.OfferDraw(game.White); err != nil {
			t.Fatal(err)
		}
		if err := g.AcceptDraw(game.White); err == nil {
			t.Error("a player accepted their own offer")
		}
		if err := g.AcceptDraw(game.Black); err != nil {
			t.Fatal(err)
		}
		if s := g.Status(); s != (game.Status{Result: "1/2-1/2", Reason: game.Agreement}) {
			t.Errorf("Status = %v", s)
		}
	})
	t.Run("declined", func(t *testing.T) {
		g := newGame(t, "")
		if err := g.OfferDraw(game.White); err != nil {
			t.Fatal(err)
		}
		if err := g.DeclineDraw(game.Black); err != nil {
			t.Fatal(err)
		}
		if err := g.AcceptDraw(game.Black); err == nil {
			t.Error("a declined offer was accepted")
		}
		if g.Status().Over() {
			t.Error("game ended")
		}
	})
	t.Run("stands until the opponent moves", func(t *testing.T) {
		g := newGame(t, "")
		play(t, g, "e4")
		if err := g.OfferDraw(game.White); err != nil {
			t.Fatal(err)
		}
		if _, ok := g.DrawOffer(); !ok {
			t.Fatal("no standing offer")
		}
		play(t, g, "e5")
		if _, ok := g.DrawOffer(); ok {
			t.Error("the offer survived the opponent's move")
		}
		if err := g.AcceptDraw(game.Black); err == nil {
			t.Error("a lapsed offer was accepted")
		}
	})
	t.Run("the offerer's own move does not withdraw it", func(t *testing.T) {
		g := newGame(t, "")
		if err := g.OfferDraw(game.White); err != nil {
			t.Fatal(err)
		}
		play(t, g, "e4")
		if err := g.AcceptDraw(game.Black); err != nil {
			t.Errorf("accept after the offerer moved: %v", err)
		}
	})
	t.Run("two offers agree", func(t *testing.T) {
		g := newGame(t, "")
		_ = g.OfferDraw(game.Black)
		if err := g.OfferDraw(game.White); err != nil {
			t.Fatal(err)
		}
		if s := g.Status(); s.Reason != game.Agreement {
			t.Errorf("Status = %v, want agreement", s)
		}
	})
}
