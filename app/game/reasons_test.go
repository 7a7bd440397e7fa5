package game_test

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
)

// sq reads a square name, failing the test on a bad one.
func sq(t *testing.T, name string) game.Square {
	t.Helper()
	s, ok := game.ParseSquare(name)
	if !ok {
		t.Fatalf("bad square %q", name)
	}
	return s
}

// moveErrorOf plays s in a new game from fen and returns the refusal.
func moveErrorOf(t *testing.T, fen, s string) *game.MoveError {
	t.Helper()
	err := newGame(t, fen).Move(s)
	var me *game.MoveError
	if !errors.As(err, &me) {
		t.Fatalf("%s: Move(%q) = %v, want a *MoveError", fen, s, err)
	}
	return me
}

func TestMoveReasons(t *testing.T) {
	white, black := game.White, game.Black
	tests := []struct {
		name, fen, move string
		want            game.MoveError // Reason and data; Input is checked apart
		message         string
	}{
		{"not a move", "", "hello", game.MoveError{Reason: game.RefusedNotAMove, Color: white},
			`"hello" is not a move`},
		{"empty square", "", "e3e4", game.MoveError{Reason: game.RefusedEmptySquare, Color: white, Square: 20, To: 28},
			`illegal move "e3e4": there is no piece on e3`},
		{"wrong kind", "", "Nb2-b4", game.MoveError{Reason: game.RefusedWrongKind, Color: white, Square: 9, Kind: game.Knight,
			Piece: game.NewPiece(white, game.Pawn), To: 25},
			`illegal move "Nb2-b4": there is no knight on b2`},
		{"opponent's piece", "", "e7e5", game.MoveError{Reason: game.RefusedOpponentsPiece, Color: white, Square: 52,
			Piece: game.NewPiece(black, game.Pawn), To: 36},
			`illegal move "e7e5": the piece on e7 is Black's and it is White's move`},
		{"no knight reaches", "", "Nf4", game.MoveError{Reason: game.RefusedNoneCanReach, Color: white, Kind: game.Knight,
			Square: game.NoSquare, To: 29},
			`illegal move "Nf4": no white knight can move to f4`},
		{"no black pawn reaches", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "e4",
			game.MoveError{Reason: game.RefusedNoneCanReach, Color: black, Kind: game.Pawn, Square: game.NoSquare, To: 28},
			`illegal move "e4": no black pawn can move to e4`},
		{"piece cannot reach", "", "g1g3", game.MoveError{Reason: game.RefusedCannotReach, Color: white, Square: 6,
			Piece: game.NewPiece(white, game.Knight), To: 22},
			`illegal move "g1g3": the knight on g1 cannot move to g3`},
		{"still in check", "4k3/8/8/8/8/8/8/4K2r w - - 0 1", "Kf1", game.MoveError{Reason: game.RefusedStillInCheck,
			Color: white, Check: true, Kind: game.King, Square: game.NoSquare, To: 5},
			`illegal move "Kf1": White is in check, and this move does not get out of it`},
		{"exposes the king", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", game.MoveError{Reason: game.RefusedExposesKing,
			Color: white, Kind: game.Knight, Square: game.NoSquare, To: 18},
			`illegal move "Nc3": it would leave the white king in check`},
		{"ambiguous", "4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1", "Nc3", game.MoveError{Reason: game.RefusedAmbiguous,
			Candidates: []string{"Nbc3", "Ndc3"}},
			`ambiguous move "Nc3": it could be Nbc3 or Ndc3`},
		{"no promotion piece", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", game.MoveError{Reason: game.RefusedNoPromotion,
			Color: white, To: 56},
			`illegal move "a8": a pawn reaching the last rank must promote: add =Q, =R, =B or =N`},
		{"castling right lost", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O", game.MoveError{
			Reason: game.RefusedCastlingRightLost, Color: white, Kingside: true},
			`illegal move "O-O": White can no longer castle kingside: the king or that rook has moved`},
		{"black castling right lost", "r3k2r/8/8/8/8/8/8/R3K2R b - - 0 1", "O-O-O", game.MoveError{
			Reason: game.RefusedCastlingRightLost, Color: black},
			`illegal move "O-O-O": Black can no longer castle queenside: the king or that rook has moved`},
		{"castling blocked", "", "O-O", game.MoveError{Reason: game.RefusedCastlingBlocked, Color: white, Kingside: true},
			`illegal move "O-O": White cannot castle kingside: there are pieces between the king and the rook`},
		{"castling in check", "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "O-O-O", game.MoveError{
			Reason: game.RefusedCastlingInCheck, Color: white, Check: true},
			`illegal move "O-O-O": White cannot castle out of check`},
		{"castling through attack", "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "O-O", game.MoveError{
			Reason: game.RefusedCastlingAttacked, Color: white, Kingside: true},
			`illegal move "O-O": White cannot castle kingside: the king would cross or land on an attacked square`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			me := moveErrorOf(t, tt.fen, tt.move)
			got := *me
			got.Input = ""
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
			if me.Input != tt.move || me.Error() != tt.message {
				t.Errorf("input %q, message %q\nwant %q, %q", me.Input, me.Error(), tt.move, tt.message)
			}
		})
	}
}

func TestMoveReasonsOfParseMoveAndSANOf(t *testing.T) {
	g := newGame(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	// The king onto its own rook reads as castling, which is legal, but
	// that Move value is not the castling move.
	_, err := g.Live().SANOf(game.Move{From: sq(t, "e1"), To: sq(t, "h1")})
	var me *game.MoveError
	if !errors.As(err, &me) || me.Reason != game.RefusedNotLegal || me.Square != sq(t, "e1") ||
		me.To != sq(t, "h1") || me.Piece != game.NewPiece(game.White, game.King) ||
		me.Error() != `illegal move "e1h1": it is not one of the legal moves here` {
		t.Errorf("SANOf(e1h1) = %#v", err)
	}
	_, err = g.Live().SANOf(game.Move{From: 64, To: 0})
	if !errors.As(err, &me) || me.Reason != game.RefusedNotAMove {
		t.Errorf("SANOf off the board = %#v", err)
	}
	// ParseMove keeps the reason of the reading it reports.
	_, err = g.Live().ParseMove("cf3")
	if !errors.As(err, &me) || me.Reason != game.RefusedNoneCanReach || me.Kind != game.Knight || me.Input != "cf3" {
		t.Errorf("ParseMove(cf3) = %#v", err)
	}
	_, err = newGame(t, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").Live().ParseMove("Rf1")
	if !errors.As(err, &me) || me.Reason != game.RefusedAmbiguous || !slices.Equal(me.Candidates, []string{"Kf1", "Rf1"}) {
		t.Errorf("ParseMove(Rf1) = %#v", err)
	}
}

func TestMoveReasonsAfterTheGame(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "f3 e5 g4 Qh4#")
	var me *game.MoveError
	if err := g.Move("e4"); !errors.As(err, &me) || me.Reason != game.RefusedGameOver || !errors.Is(err, game.ErrGameOver) {
		t.Errorf("move after mate: %#v", err)
	}
	clk := newFakeClock()
	games, errs := game.ReadPGNWith(strings.NewReader(clockedGame), clk.Now)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	// After 2... Nc6 White, to move, has no time left.
	_, err := games[0].ReplaceFrom(mainNode(t, games[0], 4), "Bc4")
	if !errors.As(err, &me) || me.Reason != game.RefusedNoTimeLeft || me.Color != game.White ||
		me.Error() != `move "Bc4" refused: White had no time left in this position` {
		t.Errorf("replacing a move made without time: %#v", err)
	}
}

func TestFENReasons(t *testing.T) {
	const kings = "4k3/8/8/8/8/8/8/4K3"
	white, black := game.White, game.Black
	tests := []struct {
		fen    string
		want   game.FENError // Reason and data; FEN is checked apart
		detail string        // the message, after the FEN
	}{
		{"8/8 w", game.FENError{Reason: game.BadFENFieldCount, Count: 2},
			"a FEN has 6 fields separated by spaces, this one has 2"},
		{"8/8/8/8/8/8/4K2k w - - 0 1", game.FENError{Reason: game.BadFENRankCount, Count: 7},
			"the board must have 8 ranks separated by /, it has 7"},
		{"4k3/8/8/8/8/8/8/4K2X w - - 0 1", game.FENError{Reason: game.BadFENLetter, Text: "X", Rank: 1},
			"'X' on rank 1 is not a piece letter or a digit"},
		{"4k3/é7/8/8/8/8/8/4K3 w - - 0 1", game.FENError{Reason: game.BadFENLetter, Text: "é", Rank: 7},
			"'é' on rank 7 is not a piece letter or a digit"},
		{"4k4/8/8/8/8/8/8/4K3 w - - 0 1", game.FENError{Reason: game.BadFENRankLength, Rank: 8, Count: 9},
			"rank 8 covers 9 squares instead of 8"},
		{kings + " x - - 0 1", game.FENError{Reason: game.BadFENSideToMove, Text: "x"},
			`the side to move must be w or b, not "x"`},
		{"4k3/8/8/8/8/8/8/R3K2R w HA - 0 1", game.FENError{Reason: game.BadFENChess960, Text: "HA"},
			`castling rights are written with K, Q, k and q (or -), not "HA"; Chess960 is not supported`},
		{kings + " w K? - 0 1", game.FENError{Reason: game.BadFENCastlingField, Text: "K?"},
			`castling rights are written with K, Q, k and q (or -), not "K?"`},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1", game.FENError{Reason: game.BadFENCastlingTwice, Right: game.WhiteKingside},
			"castling right K is given twice"},
		{kings + " w - e9 0 1", game.FENError{Reason: game.BadFENEnPassantField, Text: "e9"},
			`the en-passant field must be a square or -, not "e9"`},
		{kings + " w - - x 1", game.FENError{Reason: game.BadFENCounters, Text: "x", MoveNumber: "1"},
			`the move counters must be whole numbers, not "x" and "1"`},
		{"8/8/8/8/8/8/8/8 w - - 0 1", game.FENError{Reason: game.BadFENKingCount, Color: white},
			"White has 0 kings; each side must have exactly one"},
		{"4k3/8/8/8/8/8/8/K3K3 w - - 0 1", game.FENError{Reason: game.BadFENKingCount, Color: white, Count: 2},
			"White has 2 kings; each side must have exactly one"},
		{"8/8/8/8/8/8/8/4K3 w - - 0 1", game.FENError{Reason: game.BadFENKingCount, Color: black},
			"Black has 0 kings; each side must have exactly one"},
		{"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", game.FENError{Reason: game.BadFENPawnOnEdge, Square: 56},
			"a pawn stands on a8; pawns never stand on rank 1 or 8"},
		{"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", game.FENError{Reason: game.BadFENTooManyPieces, Color: black},
			"Black has more pieces than eight pawns and their promotions allow"},
		{kings + " w K - 0 1", game.FENError{Reason: game.BadFENCastlingRight, Right: game.WhiteKingside, Square: 4, RookSquare: 7},
			"castling right K needs the king on e1 and a rook on h1"},
		{kings + " w q - 0 1", game.FENError{Reason: game.BadFENCastlingRight, Right: game.BlackQueenside, Square: 60, RookSquare: 56},
			"castling right q needs the king on e8 and a rook on a8"},
		{kings + " w - e6 0 1", game.FENError{Reason: game.BadFENEnPassantSquare, Square: 44, Color: black},
			"en-passant square e6 does not follow a double step of a Black pawn"},
		{"4k3/8/8/8/8/8/8/4Kr2 b - - 0 1", game.FENError{Reason: game.BadFENOpponentInCheck, Color: white},
			"White is in check but it is Black's move"},
	}
	for _, tt := range tests {
		_, err := game.ParseFEN(tt.fen)
		var fe *game.FENError
		if !errors.As(err, &fe) {
			t.Errorf("%q: %v, want a *FENError", tt.fen, err)
			continue
		}
		got := *fe
		got.FEN = ""
		if got != tt.want {
			t.Errorf("%q:\ngot  %+v\nwant %+v", tt.fen, got, tt.want)
		}
		if want := fmt.Sprintf("invalid FEN %q: %s", tt.fen, tt.detail); fe.FEN != tt.fen || fe.Error() != want {
			t.Errorf("%q: FEN %q, message\n%s\nwant\n%s", tt.fen, fe.FEN, fe.Error(), want)
		}
	}
}

func TestClaimErrors(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "Nf3 Nf6 Ng1 Ng8")
	err := g.ClaimDraw(game.ThreefoldRepetition)
	var ce *game.ClaimError
	if !errors.As(err, &ce) || ce.Claim != game.ThreefoldRepetition || ce.Count != 2 || !errors.Is(err, game.ErrNoClaim) ||
		err.Error() != "incorrect draw claim: this position has appeared 2 times, not three" {
		t.Errorf("early repetition claim: %#v", err)
	}
	err = g.ClaimDraw(game.FiftyMoveRule)
	if !errors.As(err, &ce) || ce.Claim != game.FiftyMoveRule || ce.Count != 2 ||
		err.Error() != "incorrect draw claim: only 2 moves without a pawn move or capture, not 50" {
		t.Errorf("early fifty-move claim: %#v", err)
	}
	g = newGame(t, "")
	play(t, g, "f3 e5 g4")
	err = g.ClaimDrawWithMove("Qh4#", game.ThreefoldRepetition)
	if !errors.As(err, &ce) || ce.Move != "Qh4#" || ce.Status.Result != game.BlackWins ||
		err.Error() != "incorrect draw claim: Qh4# ended the game (0-1 (checkmate))" {
		t.Errorf("claim with a mating move: %#v", err)
	}
}
