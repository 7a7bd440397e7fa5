package game_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/internal/shared"
	"github.com/echiquier/echiquier/app/pgn"
)

// TestWalkAgreesWithFromPGN: on every edge file, Walk refuses exactly
// the games FromPGN refuses, with the same error, and visits the
// positions and moves of the main line that FromPGN builds.
func TestWalkAgreesWithFromPGN(t *testing.T) {
	files := shared.Glob(t, "pgn", "edge", "*.pgn")
	var w game.Walker
	games, refused := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rd := pgn.NewReader(bytes.NewReader(data))
		for n := 1; ; n++ {
			pg, err := rd.Next()
			if err == io.EOF || pg == nil {
				break
			}
			if err != nil {
				continue
			}
			games++
			var fens, moves []string
			end, werr := w.Walk(pg, func(p *game.Position, m game.Move) {
				fens = append(fens, p.FEN())
				moves = append(moves, m.UCI())
			})
			g, gerr := game.FromPGN(pg, nil)
			// The same walk with its moves known, all or half of them,
			// visits the same positions.
			for _, k := range []int{len(moves), len(moves) / 2} {
				if werr != nil {
					break
				}
				var known []game.Move
				for _, uci := range moves[:k] {
					from, _ := game.ParseSquare(uci[:2])
					to, _ := game.ParseSquare(uci[2:4])
					m := game.Move{From: from, To: to}
					if len(uci) == 5 {
						m.Promotion = map[byte]game.Kind{'n': game.Knight, 'b': game.Bishop, 'r': game.Rook, 'q': game.Queen}[uci[4]]
					}
					known = append(known, m)
				}
				var again []string
				end2, err := w.WalkKnown(pg, known, func(p *game.Position, m game.Move) {
					again = append(again, p.FEN())
				})
				if err != nil || end2 != end || strings.Join(again, "|") != strings.Join(fens, "|") {
					t.Errorf("%s game %d: WalkKnown with %d moves known differs from Walk (%v)", filepath.Base(f), n, k, err)
				}
			}
			if (werr == nil) != (gerr == nil) || (werr != nil && werr.Error() != gerr.Error()) {
				t.Errorf("%s game %d: Walk error %v, FromPGN error %v", filepath.Base(f), n, werr, gerr)
				continue
			}
			if gerr != nil {
				refused++
				var pe *game.PGNError
				if !errors.As(werr, &pe) {
					t.Errorf("%s game %d: Walk error %T, want *game.PGNError", filepath.Base(f), n, werr)
				}
				continue
			}
			var wantFENs, wantMoves []string
			at := g.Root().Position()
			for _, node := range g.MainLine() {
				wantFENs = append(wantFENs, at.FEN())
				wantMoves = append(wantMoves, node.Move().UCI())
				at = node.Position()
			}
			if strings.Join(moves, " ") != strings.Join(wantMoves, " ") || strings.Join(fens, "|") != strings.Join(wantFENs, "|") {
				t.Errorf("%s game %d: Walk visits %v, the game is %v", filepath.Base(f), n, moves, wantMoves)
			}
			if end.FEN() != at.FEN() {
				t.Errorf("%s game %d: ends on %s, want %s", filepath.Base(f), n, end.FEN(), at.FEN())
			}
		}
	}
	if games < 100 || refused == 0 {
		t.Errorf("%d games read, %d refused: the edge files should have many of both", games, refused)
	}
}

// TestCanCaptureEnPassant: the en passant square counts only when a
// capture there is legal, not after every double step.
func TestCanCaptureEnPassant(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want bool
	}{
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", true},
		// The e5 pawn is pinned against the king by the rook on the rank.
		{"8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", false},
	} {
		p, err := game.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.CanCaptureEnPassant(); got != c.want {
			t.Errorf("%s: CanCaptureEnPassant = %v, want %v", c.fen, got, c.want)
		}
	}
}

// AppendLegal gives the legal moves of a position reached by Play, which
// leaves Check unset: in check, only the answers to it.
func TestAppendLegalAfterPlay(t *testing.T) {
	p, err := game.ParseFEN(game.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(p.AppendLegal(nil)); n != 20 {
		t.Errorf("%d moves from the start, want 20", n)
	}
	for _, uci := range []string{"e2e4", "f7f6", "d1h5"} {
		from, _ := game.ParseSquare(uci[:2])
		to, _ := game.ParseSquare(uci[2:])
		p = p.Play(game.Move{From: from, To: to})
	}
	moves := p.AppendLegal(nil)
	if len(moves) != 1 || p.SAN(moves[0]) != "g6" {
		t.Errorf("after 1. e4 f6 2. Qh5+: %v, want g6 alone", moves)
	}
}
