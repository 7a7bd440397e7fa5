package game_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// Positions for the move input tests.
const (
	// pawnOrPiece: a pawn (f4) and a bishop (d6) can take on e5, a pawn
	// (c3) and a knight (f3) on d4.
	pawnOrPiece = "4k3/8/3B4/4p3/3p1P2/2P2N2/8/4K3 w - - 0 1"
	bishopOnly  = "4k3/8/8/4p3/8/2B5/8/4K3 w - - 0 1"
	kingAndRook = "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
	queenNoPawn = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"
	promotion   = "7k/4P3/8/8/8/8/8/K7 w - - 0 1"
	twoKnights  = "k7/8/8/8/8/8/8/1N1N3K w - - 0 1"
	bishopToB4  = "4k3/8/8/8/8/8/3B4/4K3 w - - 0 1"
	castleBoth  = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	// pawnOrBishop: a pawn (b2) and a bishop (e5) can take on c3;
	// bishopNoPawn: only the bishop.
	pawnOrBishop   = "4k3/8/8/4B3/8/2n5/1P6/4K3 w - - 0 1"
	bishopNoPawn   = "4k3/8/8/4B3/8/2n5/8/4K3 w - - 0 1"
	promoteByBPawn = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
)

func TestParseMove(t *testing.T) {
	tests := []struct {
		fen, input, want string // want in UCI
	}{
		{"", "Nf3", "g1f3"},
		{"", "Cf3", "g1f3"},
		{"", "cf3", "g1f3"},
		{"", "nf3", "g1f3"},
		{"", "g1f3", "g1f3"},
		{"", "Ng1-f3", "g1f3"},
		{"", "e4", "e2e4"},
		{"", "b4", "b2b4"},
		{"", "Pe4", "e2e4"},
		{"", " e2e4 ", "e2e4"},
		{pawnOrPiece, "fxe5", "f4e5"},
		{pawnOrPiece, "Fxe5", "d6e5"},
		{pawnOrPiece, "Bxe5", "d6e5"},
		{pawnOrPiece, "cxd4", "c3d4"},
		{pawnOrPiece, "Cxd4", "f3d4"},
		{pawnOrPiece, "Nxd4", "f3d4"},
		{bishopOnly, "fxe5", "c3e5"},
		{bishopOnly, "Fxe5", "c3e5"},
		{bishopOnly, "Bxe5", "c3e5"},
		{bishopToB4, "Bb4", "d2b4"},
		{bishopToB4, "Fb4", "d2b4"},
		{pawnOrBishop, "bxc3", "b2c3"},
		{pawnOrBishop, "Bxc3", "e5c3"},
		{pawnOrBishop, "Fxc3", "e5c3"},
		{bishopNoPawn, "bxc3", "e5c3"},
		{promoteByBPawn, "bxa8=D", "b7a8q"},
		{promoteByBPawn, "bxa8=C", "b7a8n"},
		{promoteByBPawn, "bxa8=B", "b7a8b"},
		{promoteByBPawn, "b8=F", "b7b8b"},
		{kingAndRook, "Re2", "e1e2"},
		{kingAndRook, "Rh5", "h1h5"},
		{kingAndRook, "Th5", "h1h5"},
		{kingAndRook, "th5", "h1h5"},
		{kingAndRook, "Kd1", "e1d1"},
		{kingAndRook, "rd1", "e1d1"},
		{queenNoPawn, "Dd4", "d1d4"},
		{queenNoPawn, "dd4", "d1d4"},
		{queenNoPawn, "Qxd8", "d1d8"},
		{queenNoPawn, "Dxd8+", "d1d8"},
		{promotion, "e8=D", "e7e8q"},
		{promotion, "e8D", "e7e8q"},
		{promotion, "e8=d", "e7e8q"},
		{promotion, "e8=D+", "e7e8q"},
		{promotion, "e8(D)", "e7e8q"},
		{promotion, "e8=T", "e7e8r"},
		{promotion, "e8=F", "e7e8b"},
		{promotion, "e8=C", "e7e8n"},
		{promotion, "e8=R", "e7e8r"},
		{promotion, "e8=Q", "e7e8q"},
		{promotion, "e8=N", "e7e8n"},
		{promotion, "e7e8q", "e7e8q"},
		{promotion, "e7e8d", "e7e8q"},
		{castleBoth, "O-O", "e1g1"},
		{castleBoth, "0-0-0", "e1c1"},
		{castleBoth, "o-o", "e1g1"},
		{castleBoth, "e1h1", "e1g1"},
		{"", "♘f3", "g1f3"},
		{"", "♞f3", "g1f3"},
		{promotion, "e8=♕", "e7e8q"},
		{promotion, "e8♘", "e7e8n"},
	}
	for _, tt := range tests {
		g := newGame(t, tt.fen)
		m, err := g.Root().ParseMove(tt.input)
		if err != nil {
			t.Errorf("%s: ParseMove(%q): %v", tt.fen, tt.input, err)
			continue
		}
		if m.UCI() != tt.want {
			t.Errorf("%s: ParseMove(%q) = %s, want %s", tt.fen, tt.input, m.UCI(), tt.want)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	tests := []refusal{
		{"", "hello", game.RefusedNotAMove, "not a move"},
		{"", "", game.RefusedNotAMove, "not a move"},
		{"", "Nf4", game.RefusedNoneCanReach, "no white knight can move to f4"},
		{"", "Cf4", game.RefusedNoneCanReach, "no white knight can move to f4"},
		{"", "cf4", game.RefusedNoneCanReach, "no white knight can move to f4"},
		{"", "Fe5", game.RefusedNoneCanReach, "no white bishop can move to e5"},
		{"", "e5", game.RefusedNoneCanReach, "no white pawn can move to e5"},
		{"", "O-O", game.RefusedCastlingBlocked, "pieces between"},
		{"", "e2e5", game.RefusedCannotReach, "e5"},
		{bishopToB4, "b4", game.RefusedNoneCanReach, "no white pawn can move to b4"},
		{pawnOrPiece, "gxf5", game.RefusedNoneCanReach, "pawn"},
		{kingAndRook, "Rf1", game.RefusedAmbiguous, "Kf1 or Rf1"},
		{kingAndRook, "Rxf1", game.RefusedAmbiguous, "Kf1 or Rf1"},
		{twoKnights, "Nc3", game.RefusedAmbiguous, "Nbc3 or Ndc3"},
		{twoKnights, "Cc3", game.RefusedAmbiguous, "Nbc3 or Ndc3"},
		{promotion, "e8", game.RefusedNoPromotion, "promote"},
		{promotion, "e8=K", game.RefusedNotAMove, "not a move"},
	}
	for _, tt := range tests {
		_, err := newGame(t, tt.fen).Root().ParseMove(tt.input)
		if me := checkRefusal(t, tt, err); me != nil && me.Input != tt.input {
			t.Errorf("%s %q: %v names the input %q", tt.fen, tt.input, err, me.Input)
		}
	}
}

func TestParseMoveInSideLine(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4 e5")
	d5 := addVar(t, g, mainNode(t, g, 1), "d5")
	m, err := d5.ParseMove("exd5")
	if err != nil || m.UCI() != "e4d5" {
		t.Errorf("exd5 in the side line: %v %v", m, err)
	}
	if _, err := mainNode(t, g, 2).ParseMove("exd5"); err == nil {
		t.Error("exd5 read in the main line, where there is nothing on d5")
	}
}

func TestLegalSAN(t *testing.T) {
	g := newGame(t, "")
	sans := g.Root().LegalSAN()
	want := []string{"a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4", "f3", "f4", "g3", "g4", "h3", "h4", "Na3", "Nc3", "Nf3", "Nh3"}
	if !slices.Equal(sans, want) {
		t.Errorf("LegalSAN at the start = %v", sans)
	}
	g = newGame(t, castleBoth)
	sans = g.Root().LegalSAN()
	if len(sans) != len(g.LegalMoves()) || sans[len(sans)-2] != "O-O" || sans[len(sans)-1] != "O-O-O" {
		t.Errorf("LegalSAN with castling = %v", sans)
	}
	for _, s := range sans {
		readsBack(t, g.Root(), s, s)
	}
	g = newGame(t, "")
	play(t, g, "f3 e5 g4 Qh4#")
	if sans := g.Live().LegalSAN(); len(sans) != 0 {
		t.Errorf("LegalSAN after mate = %v", sans)
	}
}

func TestSANOf(t *testing.T) {
	g := newGame(t, castleBoth)
	root := g.Root()
	sq := func(s string) game.Square {
		q, ok := game.ParseSquare(s)
		if !ok {
			t.Fatalf("bad square %s", s)
		}
		return q
	}
	if san, err := root.SANOf(game.Move{From: sq("e1"), To: sq("g1")}); err != nil || san != "O-O" {
		t.Errorf("SANOf(e1g1) = %q, %v", san, err)
	}
	if san, err := root.SANOf(game.Move{From: sq("a1"), To: sq("a8")}); err != nil || san != "Rxa8+" {
		t.Errorf("SANOf(a1a8) = %q, %v", san, err)
	}
	for _, m := range []game.Move{
		{From: sq("e1"), To: sq("h1")}, // castling is the king's two-square move
		{From: sq("e2"), To: sq("e4")},
		{From: sq("a8"), To: sq("a7")},
		{From: sq("a1"), To: sq("b2")},
		{From: 99, To: -5},
		{From: sq("a1"), To: sq("a2"), Promotion: 42},
		{From: sq("a1"), To: sq("a2"), Promotion: -1},
	} {
		san, err := root.SANOf(m)
		var me *game.MoveError
		if !errors.As(err, &me) || san != "" {
			t.Errorf("SANOf(%+v) = %q, %v; want a *MoveError", m, san, err)
		}
	}
}

// readsBack checks that text reads at n as the move san names, or, where
// French R and English R meet, as an ambiguity that names it.
func readsBack(t *testing.T, n *game.Node, text, san string) {
	t.Helper()
	m, err := n.ParseMove(text)
	var me *game.MoveError
	switch {
	case err == nil:
		if back, _ := n.SANOf(m); back != san {
			t.Errorf("%s read as %s, want %s", text, back, san)
		}
	case strings.HasPrefix(text, "R") && errors.As(err, &me) && me.Reason == game.RefusedAmbiguous && slices.Contains(me.Candidates, san):
	default:
		t.Errorf("%s (%s): %v", text, san, err)
	}
}

// TestFrenchDisplayReadsBack: every legal move shown in French SAN reads
// back as that move, or, where French R and English R meet, as an
// ambiguity that names it.
func TestFrenchDisplayReadsBack(t *testing.T) {
	for _, fen := range []string{"", pawnOrPiece, kingAndRook, promotion, castleBoth, pawnOrBishop, promoteByBPawn} {
		g := newGame(t, fen)
		root := g.Root()
		for _, san := range root.LegalSAN() {
			for _, nt := range []game.Notation{game.FrenchSAN, game.EnglishSAN, game.FigurineSAN} {
				readsBack(t, root, game.FormatSAN(san, nt), san)
			}
		}
	}
}

// FuzzParseMove: any text either names a legal move, which plays, or is
// refused with a *MoveError about that text (as pgn.Excerpt cuts it);
// nothing panics.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e4", "Cf3", "cf3", "fxe5", "Fxe5", "Rf1", "e8=D", "e8d", "e7e8q", "O-O", "0-0-0", "b4", "dd4", "", "R", "=D", "e8=", "x", "Txh8+", "ée4", "1-0", "\r", "e4\ne5"} {
		f.Add(s)
	}
	games := []*game.Game{newGame(f, ""), newGame(f, pawnOrPiece), newGame(f, kingAndRook), newGame(f, promotion), newGame(f, castleBoth)}
	f.Fuzz(func(t *testing.T, s string) {
		for _, g := range games {
			root := g.Root()
			m, err := root.ParseMove(s)
			if err != nil {
				var me *game.MoveError
				if !errors.As(err, &me) || !strings.Contains(err.Error(), fmt.Sprintf("%q", pgn.Excerpt(s))) {
					t.Fatalf("%s: ParseMove(%q): %v, want a *MoveError naming the text", g.FEN(), s, err)
				}
				continue
			}
			if _, err := root.SANOf(m); err != nil {
				t.Fatalf("%s: ParseMove(%q) = %v, which SANOf refuses: %v", g.FEN(), s, m, err)
			}
		}
	})
}

func BenchmarkParseMove(b *testing.B) {
	g := newGame(b, "")
	play(b, g, "e4 e5 Nf3 Nc6 Bb5 a6")
	n := g.Live()
	for _, s := range []string{"Nc3", "cc3", "O-O", "Ba4"} {
		b.Run(s, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := n.ParseMove(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestParseMoveInSettlesTheLanguage(t *testing.T) {
	tests := []struct {
		input    string
		notation game.Notation
		want     string
	}{
		{"Rf1", game.EnglishSAN, "h1f1"},
		{"Rf1", game.FigurineSAN, "h1f1"},
		{"Rf1", game.FrenchSAN, "e1f1"},
		{"Tf1", game.EnglishSAN, "h1f1"},
		{"Kf1", game.FrenchSAN, "e1f1"},
		{"Kf1", game.EnglishSAN, "e1f1"},
		{"Th5", game.FrenchSAN, "h1h5"},
	}
	for _, tt := range tests {
		g := newGame(t, kingAndRook)
		m, err := g.Root().ParseMoveIn(tt.input, tt.notation)
		if err != nil {
			t.Errorf("ParseMoveIn(%q, %s): %v", tt.input, tt.notation, err)
			continue
		}
		if m.UCI() != tt.want {
			t.Errorf("ParseMoveIn(%q, %s) = %s, want %s", tt.input, tt.notation, m.UCI(), tt.want)
		}
	}
}
