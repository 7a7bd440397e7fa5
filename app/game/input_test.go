package game_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
)

func TestMoveInputForms(t *testing.T) {
	tests := []struct {
		fen, setup, input, want string
	}{
		{"", "", "Nf3", "Nf3"},
		{"", "", "g1f3", "Nf3"},
		{"", "", "Ng1f3", "Nf3"},
		{"", "", "Ng1-f3", "Nf3"},
		{"", "", "Ngf3", "Nf3"},
		{"", "", "Nf3+", "Nf3"},
		{"", "", "Nf3!?", "Nf3"},
		{"", "", "e4", "e4"},
		{"", "", "e2e4", "e4"},
		{"", "", "e2-e4", "e4"},
		{"", "", "Pe4", "e4"},
		{"", "e4 d5", "exd5", "exd5"},
		{"", "e4 d5", "e4xd5", "exd5"},
		{"", "e4 d5", "exd5#", "exd5"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "", "O-O", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "", "0-0", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "", "0-0-0", "O-O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "", "e1h1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "", "O-O-O+", "O-O-O"},
		{"7k/4P3/8/8/8/8/8/K7 w - - 0 1", "", "e8=Q", "e8=Q+"},
		{"7k/4P3/8/8/8/8/8/K7 w - - 0 1", "", "e8Q", "e8=Q+"},
		{"7k/4P3/8/8/8/8/8/K7 w - - 0 1", "", "e8(Q)", "e8=Q+"},
		{"7k/4P3/8/8/8/8/8/K7 w - - 0 1", "", "e7e8q", "e8=Q+"},
		{"7k/4P3/8/8/8/8/8/K7 w - - 0 1", "", "e8=q", "e8=Q+"},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "", "Ra8+", "Ra8#"},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "", "Ra8", "Ra8#"},
		{"k7/8/8/8/8/8/8/1N1N3K w - - 0 1", "", "Nbc3", "Nbc3"},
		{"k7/8/8/1N6/8/8/8/1N5K w - - 0 1", "", "N1c3", "N1c3"},
		{"k7/8/8/1N6/8/8/8/1N1N3K w - - 0 1", "", "Nb1c3", "Nb1c3"},
		{"k7/8/8/1N6/8/8/8/1N1N3K w - - 0 1", "", "b1c3", "Nb1c3"},
		{"k7/8/8/8/1N1N4/8/8/7K w - - 0 1", "", "Nb4c2", "Nbc2"},
	}
	for _, tt := range tests {
		g := newGame(t, tt.fen)
		play(t, g, tt.setup)
		if err := g.Move(tt.input); err != nil {
			t.Errorf("%s: Move(%q): %v", tt.fen, tt.input, err)
			continue
		}
		h := g.History()
		if got := h[len(h)-1]; got != tt.want {
			t.Errorf("Move(%q) recorded as %q, want %q", tt.input, got, tt.want)
		}
	}
}

// refusal is a move text that must be refused at fen, for reason, in a
// message that mentions mention.
type refusal struct {
	fen, input string
	reason     game.MoveReason
	mention    string
}

// checkRefusal checks that err refuses tt as it should: a *MoveError of
// tt's reason, whose message mentions tt.mention, that matches
// ErrIllegalMove. It returns the *MoveError, or nil when err is none.
func checkRefusal(t *testing.T, tt refusal, err error) *game.MoveError {
	t.Helper()
	var me *game.MoveError
	if !errors.As(err, &me) {
		t.Errorf("%s %q: err = %v, want a *MoveError", tt.fen, tt.input, err)
		return nil
	}
	if me.Reason != tt.reason || !strings.Contains(err.Error(), tt.mention) {
		t.Errorf("%s %q: %v (reason %d), want reason %d mentioning %q", tt.fen, tt.input, err, me.Reason, tt.reason, tt.mention)
	}
	if !errors.Is(err, game.ErrIllegalMove) {
		t.Errorf("%q: errors.Is(err, ErrIllegalMove) = false", tt.input)
	}
	return me
}

func TestMoveInputErrors(t *testing.T) {
	tests := []refusal{
		{"", "hello", game.RefusedNotAMove, "not a move"},
		{"", "", game.RefusedNotAMove, "not a move"},
		{"", "Nf4", game.RefusedNoneCanReach, "knight"},
		{"", "e5", game.RefusedNoneCanReach, "e5"},
		{"", "e3e4", game.RefusedEmptySquare, "no piece on e3"},
		{"", "e7e5", game.RefusedOpponentsPiece, "Black's"},
		{"", "Ke2", game.RefusedNoneCanReach, "king"},
		{"", "O-O", game.RefusedCastlingBlocked, "pieces between"},
		{"k7/8/8/8/8/8/8/1N1N3K w - - 0 1", "Nc3", game.RefusedAmbiguous, "Nbc3 or Ndc3"},
		{"k7/8/8/8/8/8/8/1N1N3K w - - 0 1", "Nac3", game.RefusedNoneCanReach, "c3"},
		{"4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", game.RefusedExposesKing, "king in check"},
		{"4r2k/8/8/8/8/8/8/3NK3 w - - 0 1", "Nc3", game.RefusedStillInCheck, "is in check"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O", game.RefusedCastlingRightLost, "no longer"},
		{"4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "O-O", game.RefusedCastlingInCheck, "out of check"},
		{"4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "O-O", game.RefusedCastlingAttacked, "attacked"},
		{"7k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8", game.RefusedNoPromotion, "promote"},
	}
	for _, tt := range tests {
		g := newGame(t, tt.fen)
		before := g.FEN()
		if checkRefusal(t, tt, g.Move(tt.input)) == nil {
			continue
		}
		if g.FEN() != before || len(g.History()) != 0 {
			t.Errorf("%q: a refused move changed the game", tt.input)
		}
	}
}

func TestLegalMovesUCI(t *testing.T) {
	g := newGame(t, "")
	moves := g.LegalMoves()
	if len(moves) != 20 || !hasMove(moves, "e2e4") || !hasMove(moves, "g1f3") {
		t.Errorf("start position moves = %v", moves)
	}
	g = newGame(t, "7k/4P3/8/8/8/8/8/K7 w - - 0 1")
	for _, m := range []string{"e7e8q", "e7e8r", "e7e8b", "e7e8n"} {
		if !hasMove(g.LegalMoves(), m) {
			t.Errorf("%s missing from %v", m, g.LegalMoves())
		}
	}
}

func TestHistoryAndTurn(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O")
	want := "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O"
	if got := strings.Join(g.History(), " "); got != want {
		t.Errorf("History = %s", got)
	}
	if g.Turn() != game.Black {
		t.Error("turn")
	}
	if got, want := g.FEN(), "r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 5"; got != want {
		t.Errorf("FEN = %s, want %s", got, want)
	}
}

func TestFENAfterDoubleStep(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4")
	if got, want := g.FEN(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"; got != want {
		t.Errorf("FEN = %s, want %s", got, want)
	}
}
