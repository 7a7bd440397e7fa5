package game_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
)

func TestFENValidation(t *testing.T) {
	tests := []struct {
		name, fen string
		reason    game.FENReason
	}{
		{"no kings", "8/8/8/8/8/8/8/8 w - - 0 1", game.BadFENKingCount},
		{"two white kings", "4k3/8/8/8/8/8/8/K3K3 w - - 0 1", game.BadFENKingCount},
		{"no black king", "8/8/8/8/8/8/8/4K3 w - - 0 1", game.BadFENKingCount},
		{"pawn on rank 8", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", game.BadFENPawnOnEdge},
		{"pawn on rank 1", "4k3/8/8/8/8/8/8/p3K3 w - - 0 1", game.BadFENPawnOnEdge},
		{"castling without rook", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", game.BadFENCastlingRight},
		{"castling with king away", "4k3/8/8/8/8/8/8/3K3R w K - 0 1", game.BadFENCastlingRight},
		{"black castling without rook", "4k3/8/8/8/8/8/8/4K3 w q - 0 1", game.BadFENCastlingRight},
		{"side not to move in check", "4k3/8/8/8/8/8/8/4Kr2 b - - 0 1", game.BadFENOpponentInCheck},
		{"side not to move in check 2", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", game.BadFENOpponentInCheck},
		{"nine pawns", "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", game.BadFENTooManyPieces},
		{"too many queens", "4k3/8/8/8/QQQQ4/8/PPPPPPPP/4K3 w - - 0 1", game.BadFENTooManyPieces},
		{"en passant without pawn", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", game.BadFENEnPassantSquare},
		{"en passant wrong rank", "4k3/8/8/4p3/8/8/8/4K3 w - e5 0 1", game.BadFENEnPassantSquare},
		{"en passant for the mover", "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", game.BadFENEnPassantSquare},
		{"chess960 castling", "4k3/8/8/8/8/8/8/R3K2R w HA - 0 1", game.BadFENChess960},
		{"seven ranks", "8/8/8/8/8/8/4K2k w - - 0 1", game.BadFENRankCount},
		{"long rank", "4k4/8/8/8/8/8/8/4K3 w - - 0 1", game.BadFENRankLength},
		{"bad letter", "4k3/8/8/8/8/8/8/4K2X w - - 0 1", game.BadFENLetter},
		{"bad side", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", game.BadFENSideToMove},
		{"bad counters", "4k3/8/8/8/8/8/8/4K3 w - - x 1", game.BadFENCounters},
		{"negative counter", "4k3/8/8/8/8/8/8/4K3 w - - -1 1", game.BadFENCounters},
		{"too few fields", "4k3/8/8/8/8/8/8/4K3 w", game.BadFENFieldCount},
		{"duplicate castling", "r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1", game.BadFENCastlingTwice},
		{"empty", "", game.BadFENFieldCount},
	}
	for _, tt := range tests {
		_, err := game.New(game.Options{FEN: tt.fen})
		if tt.fen == "" {
			_, err = game.ParseFEN(tt.fen)
		}
		var fe *game.FENError
		if !errors.As(err, &fe) {
			t.Errorf("%s: err = %v, want a *FENError", tt.name, err)
			continue
		}
		if fe.Reason != tt.reason {
			t.Errorf("%s: reason %d (%v), want %d", tt.name, fe.Reason, err, tt.reason)
		}
	}
}

func TestFENAccepted(t *testing.T) {
	for _, fen := range []string{
		game.StartFEN,
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - -",               // four fields
		"8/7R/R3B3/4r1pP/p4k2/8/6PK/r7 w - - 0 0", // move 0, as in some PGN files
		"r3k2r/8/8/8/8/8/8/R3K2R b Kq - 5 40",
		"4k3/8/8/8/8/QQ6/PPPPPP2/4K3 w - - 0 1", // two promoted queens need two missing pawns
	} {
		if _, err := game.New(game.Options{FEN: fen}); err != nil {
			t.Errorf("New(%q): %v", fen, err)
		}
	}
}

func TestFENRoundTrip(t *testing.T) {
	const fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
	g := newGame(t, fen)
	if got := g.FEN(); got != fen {
		t.Errorf("FEN() = %s, want %s", got, fen)
	}
	play(t, g, "Qxf7#")
	if s := g.Status(); s.Reason != game.Checkmate {
		t.Errorf("Scholar's mate: %v", s)
	}
}

// hugeFEN is a megabyte of FEN in one field, as a broken or malicious
// [FEN] tag may hold.
var hugeFEN = strings.Repeat("rnbqkbnr/pppppppp/", 1<<20/18) + " w KQkq - 0 1"

// TestHugeFENShortMessage: an error about a megabyte of FEN quotes one
// short line of it, however it is worded.
func TestHugeFENShortMessage(t *testing.T) {
	for _, fen := range []string{
		hugeFEN,
		strings.Repeat("x", 1<<20),
		game.StartFEN[:43] + strings.Repeat("x", 1<<20) + " - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - - " + strings.Repeat("1", 1<<20) + " 1",
		"4k3/8/8/8/8/8/8/4K3 w - - 0\n" + strings.Repeat("1", 1<<20),
	} {
		_, err := game.ParseFEN(fen)
		var fe *game.FENError
		if !errors.As(err, &fe) {
			t.Fatalf("%.30q: %v", fen, err)
		}
		if msg := err.Error(); len(msg) > 400 || strings.Contains(msg, "\n") {
			t.Errorf("%.30q: a message of %d bytes: %.100q", fen, len(msg), msg)
		}
	}
}

// BenchmarkHugeFENError reads a megabyte of FEN and words its error:
// linear in the FEN's length.
func BenchmarkHugeFENError(b *testing.B) {
	for b.Loop() {
		_, err := game.ParseFEN(hugeFEN)
		_ = err.Error()
	}
}
