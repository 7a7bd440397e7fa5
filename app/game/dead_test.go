package game_test

import (
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

// Positions for the dead-position and flag tests. The walls are pawn
// chains of two colours: White's pawns all on dark squares, Black's all
// on light squares, so a dark-squared bishop never attacks Black's pawns
// and a light-squared one never attacks White's.
const (
	// wallKings: alternate files locked, kings behind them; no king can
	// step next to an enemy pawn.
	wallKings = "8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1"
	// wallLever: the same, and a white pawn that can step to b4 and take
	// on a5 or c5.
	wallLever = "8/8/1k6/p1p1p1p1/P1P1P1P1/1P6/3K4/8 w - - 0 1"
	// wallBishops: a closed chain; each side's bishop runs on the squares
	// of its own pawns' colour, behind them.
	wallBishops = "2b1k3/8/2p1p1p1/1pPpPpPp/pP1P1P1P/P7/8/2B1K3 w - - 0 1"
	// wallSacrifice: the same, but White's bishop is light-squared: it
	// can give itself up on d5 or b5 and open a file.
	wallSacrifice = "2b1k3/8/2p1p1p1/1pPpPpPp/pP1P1P1P/P7/8/3BK3 w - - 0 1"
	// wallBishopInside: White's dark-squared bishop is in Black's camp,
	// but every dark square Black's king can reach leaves it two light
	// flight squares, and Black has one piece to block them: no mate.
	wallBishopInside = "1Bb1k3/8/2p1p1p1/1pPpPpPp/pP1P1P1P/P7/8/4K3 w - - 0 1"
	// wallOneSided: the same with a second black light-squared bishop:
	// White can mate (Kh8, Bg8, Bh7, White's bishop on f6), Black never
	// can.
	wallOneSided = "1Bb1k3/5b2/2p1p1p1/1pPpPpPp/pP1P1P1P/P7/8/4K3 w - - 0 1"
	// wallOpen: wallKings with White's g-pawn a step back: both g-pawns
	// may still move, and Black's king may yet get in through g4; 1.g4
	// closes the wall.
	wallOpen = "8/8/1k6/p1p1p1p1/P1P1P3/6P1/3K4/8 w - - 0 1"
	// wallCheck: wallBishops with Black's king in check on b6 from c5,
	// which b4 and d4 guard; once the king steps out the position is
	// closed. The static analysis alone does not see it, a search of a
	// few positions does.
	wallCheck = "2b5/8/1kp1p1p1/1pPpPpPp/pP1P1P1P/P7/8/2B1K3 b - - 0 1"
	// wallKnight: a knight jumps over any wall.
	wallKnight = "2b1k3/8/2p1p1p1/1pPpPpPp/pP1P1P1P/P7/8/1NB1K3 w - - 0 1"
)

func position(t *testing.T, fen string) game.Position {
	t.Helper()
	p, err := game.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// searchNodes is the budget the tests search with: FlagCheckNodes, less
// under the race detector, which makes the search ten times slower. The
// positions proven here need far fewer; the others check that no search
// proves a live position dead.
func searchNodes() int {
	if game.RaceEnabled {
		return game.FlagCheckNodes / 20
	}
	return game.FlagCheckNodes
}

func TestCannotMate(t *testing.T) {
	tests := []struct {
		name         string
		fen          string
		white, black bool // cannot mate
	}{
		{"kings behind a wall", wallKings, true, true},
		{"a king in check behind a wall, proven by search", wallCheck, true, true},
		{"a wall with a way in", wallOpen, false, false},
		{"a pawn lever", wallLever, false, false},
		{"bishops behind a closed chain", wallBishops, true, true},
		{"a bishop that can sacrifice itself", wallSacrifice, false, false},
		{"a bishop inside, too few blockers", wallBishopInside, true, true},
		{"a bishop inside, enough blockers", wallOneSided, false, true},
		{"a knight over the wall", wallKnight, false, false},
		{"K+R v K", "8/8/8/3k4/8/3K4/8/7R w - - 0 1", false, true},
		{"K+N v K+N: helpmates exist", "8/8/8/3k4/8/3K4/8/6Nn w - - 0 1", false, false},
		{"bishops of both colours", "8/3b4/8/3k4/8/3K4/8/6B1 w - - 0 1", false, false},
		{"the start position", game.StartFEN, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := position(t, tt.fen)
			if got := p.CannotMate(game.White, searchNodes()); got != tt.white {
				t.Errorf("White cannot mate = %v, want %v", got, tt.white)
			}
			if got := p.CannotMate(game.Black, searchNodes()); got != tt.black {
				t.Errorf("Black cannot mate = %v, want %v", got, tt.black)
			}
			if got, want := p.IsDead(searchNodes()), tt.white && tt.black; got != want {
				t.Errorf("IsDead = %v, want %v", got, want)
			}
		})
	}
}

// TestDeadPositionEndsTheGame plays into dead positions: the move that
// makes one ends the game as a draw, with the reason DeadPosition; the
// material cases keep InsufficientMaterial.
func TestDeadPositionEndsTheGame(t *testing.T) {
	tests := []struct {
		name, fen, moves string
		want             game.Reason
	}{
		// The black king walks in front of the wall; nothing changes,
		// but the position is dead from the start: New says so.
		{"wall of kings", wallKings, "", game.DeadPosition},
		{"closed chain with bishops", wallBishops, "", game.DeadPosition},
		{"a check behind the wall", wallCheck, "", game.DeadPosition},
		// A white pawn steps into the wall and closes it.
		{"the wall closed", wallOpen, "g4", game.DeadPosition},
		{"K v K", "8/8/8/3k4/8/3K4/2r5/8 w - - 0 1", "Kxc2", game.InsufficientMaterial},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, tt.fen)
			if tt.moves != "" {
				if g.Status().Over() {
					t.Fatalf("over before the moves: %v", g.Status())
				}
				play(t, g, tt.moves)
			}
			if got := g.Status(); got != (game.Status{Result: game.Draw, Reason: tt.want}) {
				t.Errorf("Status = %v, want a draw (%v)", got, tt.want)
			}
		})
	}
	for _, fen := range []string{wallLever, wallSacrifice, wallKnight, wallOneSided} {
		if s := newGame(t, fen).Status(); s.Over() {
			t.Errorf("%s: over (%v), but a mate is still possible", fen, s)
		}
	}
}

// TestFlagAgainstUnwinnable checks FIDE 6.9 at the flag: the flag's owner
// loses, unless the opponent could not mate by any series of legal moves.
func TestFlagAgainstUnwinnable(t *testing.T) {
	// Behind the wall of wallOneSided, Black's king is in the corner and
	// its bishops next to it: 1...Bf7 2.Be7 Bg8 3.Bf6# is the helpmate.
	nearMate := "3B2bk/7b/2p1p1p1/1pPpPpPp/pP1P1P1P/P7/8/4K3"
	tests := []struct {
		name, fen string
		want      game.Status
	}{
		// White's flag: Black, who can never mate, does not win.
		{"White flags, Black cannot mate", nearMate + " w - - 0 1", game.Status{Result: game.Draw, Reason: game.TimeForfeit}},
		// Black's flag: White, who can mate with Black's help, wins.
		{"Black flags, White can mate", nearMate + " b - - 0 1", game.Status{Result: game.WhiteWins, Reason: game.TimeForfeit}},
		{"a lever: a win on time", wallLever, game.Status{Result: game.BlackWins, Reason: game.TimeForfeit}},
		{"K+R v K, White flags", "8/8/8/3k4/8/3K4/8/7R w - - 0 1", game.Status{Result: game.Draw, Reason: game.TimeForfeit}},
		{"K+R v K, Black flags", "8/8/8/3k4/8/3K4/8/7R b - - 0 1", game.Status{Result: game.WhiteWins, Reason: game.TimeForfeit}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, clk := timedGame(t, "60", tt.fen)
			clk.Advance(time.Minute)
			if !g.CheckFlag() {
				t.Fatal("flag did not fall")
			}
			if got := g.Status(); got != tt.want {
				t.Errorf("Status = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestDeadPositionReadBack reads a game whose last position is dead: it
// ends there, and the Termination tag written says so.
func TestDeadPositionReadBack(t *testing.T) {
	text := `[SetUp "1"]
[FEN "` + wallOpen + `"]
[Result "*"]

1. g4 Kc6 2. Kc3 Kb6 *
`
	games, err := game.ReadPGN(strings.NewReader(text))
	if err != nil || len(games) != 1 {
		t.Fatalf("ReadPGN: %d games, %v", len(games), err)
	}
	g := games[0]
	if got := g.Status(); got != (game.Status{Result: game.Draw, Reason: game.DeadPosition}) {
		t.Errorf("Status = %v, want a dead position", got)
	}
	dead := g.DeadAt()
	if dead == nil || dead.Ply() != 1 {
		t.Fatalf("DeadAt = %v, want the node after 1. g4", dead)
	}
	if len(g.MainLine()) != 4 {
		t.Errorf("the main line has %d moves, want the file's 4", len(g.MainLine()))
	}
}
