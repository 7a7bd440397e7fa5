package game_test

import (
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
)

// The tests below read a game with FromPGN (this package's own move
// generator) and go on playing it live (through notnil/chess): the two
// must agree on the positions, their repetition keys and the legal moves.

// TestReadThenRepeat: occurrences read from the file and occurrences
// played afterwards count together, with the en-passant rule of FIDE
// 9.2.3 (after 1.e4 no black pawn can take on e3).
func TestReadThenRepeat(t *testing.T) {
	g := readOne(t, "1. e4 Nf6 2. Nf3 Ng8 3. Ng1 Nf6 4. Nf3 Ng8 *\n")
	threefoldOnlyAfter(t, g, "Ng1", "threefold after two occurrences")
}

// TestReadThenRepeatWithEnPassant: when a pawn could take en passant
// after the double step read from the file, that position is different.
func TestReadThenRepeatWithEnPassant(t *testing.T) {
	g := readOne(t, `[SetUp "1"]
[FEN "4k3/8/8/8/5p2/8/4P3/4K1N1 w - - 0 1"]

1. e4 Ke7 2. Nf3 Ke8 3. Ng1 Ke7 4. Nf3 Ke8 *
`)
	play(t, g, "Ng1")
	threefoldOnlyAfter(t, g, "Ke7 Nf3 Ke8 Ng1", "counted the position after e4 (f4 pawn could take en passant) as the same")
}

// TestReadThenPlayEnPassant: a game read up to a double step can go on
// with the en-passant capture, and the moves and texts agree.
func TestReadThenPlayEnPassant(t *testing.T) {
	g := readOne(t, "1. e4 Nf6 2. e5 d5 *\n")
	if !hasMove(g.LegalMoves(), "e5d6") {
		t.Fatalf("en passant missing from %v", g.LegalMoves())
	}
	play(t, g, "exd6")
	if got := strings.Join(g.History(), " "); got != "e4 Nf6 e5 d5 exd6" {
		t.Errorf("History = %s", got)
	}
	if fen := g.FEN(); fen != "rnbqkb1r/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3" {
		t.Errorf("FEN = %s", fen)
	}
	if err := g.TakeBack(); err != nil {
		t.Fatal(err)
	}
	if err := g.TakeBack(); err != nil {
		t.Fatal(err)
	}
	play(t, g, "c5")
	if hasMove(g.LegalMoves(), "e5d6") {
		t.Error("en passant on d6 after a different move")
	}
}

// TestReadMateAndStalemate: the status of a game read from a file comes
// from its last position, found without notnil/chess.
func TestReadMateAndStalemate(t *testing.T) {
	for _, c := range []struct {
		text string
		want game.Status
	}{
		{"1. f3 e5 2. g4 Qh4 *\n", game.Status{Result: "0-1", Reason: game.Checkmate}},
		{"1. e4 f5 2. Qh5 *\n", game.Status{Result: "*"}},
		{"[SetUp \"1\"]\n[FEN \"7k/8/6Q1/8/8/8/8/K7 w - - 0 1\"]\n\n1. Qf7 1-0\n", game.Status{Result: "1/2-1/2", Reason: game.Stalemate}},
		{"[SetUp \"1\"]\n[FEN \"7k/8/6Q1/8/8/8/8/K7 w - - 0 1\"]\n\n1. Qg5 *\n", game.Status{Result: "*"}},
		{"[SetUp \"1\"]\n[FEN \"k7/8/1K6/8/8/8/8/7R w - - 0 1\"]\n\n1. Rh8 *\n", game.Status{Result: "1-0", Reason: game.Checkmate}},
	} {
		g := readOne(t, c.text)
		if s := g.Status(); s != c.want {
			t.Errorf("%q: Status = %v, want %v", c.text, s, c.want)
		}
		if got := g.MainLine(); len(got) > 0 && strings.ContainsAny(got[len(got)-1].SAN(), "+#") != g.Position().Check {
			t.Errorf("%q: last SAN %s does not match the check flag", c.text, got[len(got)-1].SAN())
		}
	}
}

// TestReadWritesCanonicalSAN: lenient spellings are read and written back
// in SAN, with the check and mate marks the file left out or got wrong.
func TestReadWritesCanonicalSAN(t *testing.T) {
	g := readOne(t, "1. e2-e4 e7e5 2. Bf1-c4 Nb8c6 3. Qd1h5 Ng8-f6 4. Qxf7 *\n")
	if got := strings.Join(g.History(), " "); got != "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#" {
		t.Errorf("History = %s", got)
	}
	g = readOne(t, "1. e4+ e5# 2. Nf3! Nc6?? 3. Qe2+ *\n")
	if got := strings.Join(g.History(), " "); got != "e4 e5 Nf3 Nc6 Qe2" {
		t.Errorf("History = %s", got)
	}
}
