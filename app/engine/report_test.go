package engine

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
)

// readGame reads the one game of a PGN text.
func readGame(t *testing.T, text string) *game.Game {
	t.Helper()
	games, err := game.ReadPGN(strings.NewReader(text))
	if err != nil || len(games) != 1 {
		t.Fatalf("reading the game: %v (%d games)", err, len(games))
	}
	return games[0]
}

// checkPlayer compares a player's report with the figures expected,
// the accuracy to a millionth.
func checkPlayer(t *testing.T, who string, got, want PlayerReport) {
	t.Helper()
	if math.Abs(got.Accuracy-want.Accuracy) > 1e-6 {
		t.Errorf("%s: accuracy %.9f, want %.9f", who, got.Accuracy, want.Accuracy)
	}
	got.Accuracy = want.Accuracy
	if got != want {
		t.Errorf("%s: %+v, want %+v", who, got, want)
	}
}

// scholarsGame is a short game analysed by hand: White's 3. Qh5 an
// inaccuracy, Black's 3... Nf6 a blunder that allows mate; the mate
// itself, which has no evaluation (lichess writes none there), is left
// out.
const scholarsGame = `[White "Ann"]
[Black "Bob"]
[Result "1-0"]

1. e4 {[%eval 0.35]} e5 {[%eval 0.30]} 2. Bc4 {[%eval 0.20]} Nc6 {[%eval 0.25]}
3. Qh5 {[%eval -0.40]} Nf6 {[%eval #1]} 4. Qxf7# 1-0
`

// TestGameReportOfAShortGame checks the report against figures worked
// out by hand from lichess's formulas.
//
// Evaluations from White's side, in centipawns, the start counting 15
// and the mate 1000: 15, 35, 30, 20, 25, -40, 1000. White's winning
// chances, win% = 50 + 50·(2/(1+exp(-0.00368208·cp)) - 1):
//
//	cp     15         35         30         20         25         -40        1000
//	win%   51.380429  53.217368  52.758755  51.840208  52.299676  46.324562  97.544744
//
// Six moves, so the window is max(2, min(8, 6/10)) = 2 positions; each
// move's weight is the standard deviation of the two win% around it,
// |a-b|/2, at least 0.5 and at most 12.
//
// A move's accuracy, d being the mover's loss of win%: 100 when d ≤ 0,
// else 103.1668100711649·exp(-0.04354415386753951·d) - 3.166924740191411 + 1.
//
//	move      mover  win% before → after (mover's)  d         accuracy   weight           loss (cp)
//	1. e4     White  51.380429 → 53.217368          -1.84     100        0.918470         0
//	1... e5   Black  46.782632 → 47.241245          -0.46     100        0.229 → 0.5      0 (35 → 30)
//	2. Bc4    White  52.758755 → 51.840208          0.918547  96.954920  0.459 → 0.5      10
//	2... Nc6  Black  48.159792 → 47.700324          0.459468  98.956323  0.230 → 0.5      5
//	3. Qh5    White  52.299676 → 46.324562          5.975114  77.365586  2.987557         65
//	3... Nf6  Black  53.675438 → 2.455256           51.22     8.922675   25.61 → 12       1040
//
// White: weighted mean (100·0.918470 + 96.954920·0.5 + 77.365586·2.987557)
// / (0.918470 + 0.5 + 2.987557) = 84.306916; harmonic mean 3 / (1/100 +
// 1/96.954920 + 1/77.365586) = 90.253480; accuracy (84.306916 +
// 90.253480) / 2 = 87.280198. Average loss (0 + 10 + 65) / 3 = 25.
//
// Black: weighted mean (100·0.5 + 98.956323·0.5 + 8.922675·12) / 13 =
// 15.888482; harmonic mean 3 / (1/100 + 1/98.956323 + 1/8.922675) =
// 22.696412; accuracy 19.292447. Average loss (0 + 5 + 1040) / 3 =
// 348.3, 348.
//
// Judge: 3. Qh5 lost 0.1195 of White's winning chances (0.1 to 0.2: an
// inaccuracy); 3... Nf6 lets a mate be forced against Black: a blunder.
func TestGameReportOfAShortGame(t *testing.T) {
	g := readGame(t, scholarsGame)
	white, black, err := GameReport(g)
	if err != nil {
		t.Fatal(err)
	}
	checkPlayer(t, "White", white, PlayerReport{Accuracy: 87.280198273, AverageLoss: 25, Inaccuracies: 1, Moves: 3})
	checkPlayer(t, "Black", black, PlayerReport{Accuracy: 19.292446902, AverageLoss: 348, Blunders: 1, Moves: 3})

	r, err := NewReport(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Moves) != 6 {
		t.Fatalf("%d moves reported, want the 6 before the mate", len(r.Moves))
	}
	qh5 := r.Moves[4]
	if math.Abs(qh5.Accuracy-77.365586) > 1e-6 || qh5.Loss != 65 || math.Abs(qh5.Drop()-5.975114) > 1e-6 || qh5.Judgement != Inaccuracy {
		t.Errorf("3. Qh5: %+v", qh5)
	}
	tp := r.TurningPoints()
	if len(tp) != 2 || tp[0].Node.SAN() != "Qh5" || tp[1].Node.SAN() != "Nf6" {
		t.Errorf("turning points %v, want 3. Qh5 and 3... Nf6, in the order played", sans(tp))
	}
}

func sans(ms []MoveReport) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Node.SAN())
	}
	return out
}

// TestGameReportOfLichessExports reads games as lichess exports them
// after its analysis ([%eval 0.21], [%eval #-1], clocks, its own
// comments and lines) and checks the figures that its formulas give,
// worked out apart (a short Python program of the formulas above).
func TestGameReportOfLichessExports(t *testing.T) {
	for _, tt := range []struct {
		file         string
		moves        int
		white, black PlayerReport
		turning      []string
	}{
		// A blitz game lost to a trap: White's 4. Nxe5, 5. Nxf7 and 7. Be2
		// blunders (the last lets a mate in 1 be forced), Black's 3... Nd4
		// a mistake; the mate 7... Nf3# has no evaluation and is left out.
		// The turning points lose the most winning chances: 3... Nd4 11.0
		// points, 4. Nxe5 15.3, 5. Nxf7 33.3; 7. Be2 loses 6.1 (from 8.5%
		// to 2.5%: the game was lost already).
		{file: "lichess-blitz-mate.pgn", moves: 13,
			white:   PlayerReport{Accuracy: 52.938782532, AverageLoss: 167, Blunders: 3, Moves: 7},
			black:   PlayerReport{Accuracy: 81.398645895, AverageLoss: 32, Mistakes: 1, Moves: 6},
			turning: []string{"Nd4", "Nxe5", "Nxf7"}},
		// A game from a set-up position, Black to move, with evaluations
		// beyond ten pawns and mates in 5 to 1 (#-5 … #-1), resigned after
		// 40... Nc3+: 59 moves, a window of 5 positions.
		{file: "lichess-from-position.pgn", moves: 59,
			white:   PlayerReport{Accuracy: 93.247301486, AverageLoss: 27, Inaccuracies: 1, Blunders: 1, Moves: 29},
			black:   PlayerReport{Accuracy: 99.097250335, AverageLoss: 9, Moves: 30},
			turning: []string{"Bxb6", "Kf1"}},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		g := readGame(t, string(data))
		white, black, err := GameReport(g)
		if err != nil {
			t.Fatalf("%s: %v", tt.file, err)
		}
		checkPlayer(t, tt.file+", White", white, tt.white)
		checkPlayer(t, tt.file+", Black", black, tt.black)
		r, _ := NewReport(g)
		if len(r.Moves) != tt.moves {
			t.Errorf("%s: %d moves reported, want %d", tt.file, len(r.Moves), tt.moves)
		}
		if got := sans(r.TurningPoints()); strings.Join(got, " ") != strings.Join(tt.turning, " ") {
			t.Errorf("%s: turning points %v, want %v", tt.file, got, tt.turning)
		}
	}
}

// TestGameReportNeedsEveryEvaluation: a move without [%eval] is named;
// a game without moves has no report.
func TestGameReportNeedsEveryEvaluation(t *testing.T) {
	g := readGame(t, "[Result \"*\"]\n\n1. e4 {[%eval 0.3]} e5 {[%eval 0.3]} 2. Nf3 Nc6 {[%eval 0.3]} *\n")
	_, _, err := GameReport(g)
	var missing *MissingEvalError
	if !errors.As(err, &missing) || missing.Move != 2 || missing.Mover != game.White || missing.SAN != "Nf3" {
		t.Fatalf("GameReport: %v, want 2. Nf3 named", err)
	}
	if got := err.Error(); !strings.Contains(got, "2. Nf3") {
		t.Errorf("the error says %q", got)
	}
	// An evaluation there that cannot be read is named as refused.
	g = readGame(t, "[Result \"*\"]\n\n1. e4 {[%eval #999999]} e5 {[%eval 0.3]} *\n")
	_, _, err = GameReport(g)
	if !errors.As(err, &missing) || missing.SAN != "e4" || missing.Refused != "#999999" {
		t.Fatalf("GameReport: %v, want 1. e4 named with its refused evaluation", err)
	}
	if got := err.Error(); !strings.Contains(got, "[%eval #999999], cannot be read") {
		t.Errorf("the error says %q", got)
	}
	empty, _ := game.New(game.Options{})
	if _, _, err := GameReport(empty); !errors.Is(err, ErrNoMoves) {
		t.Errorf("a game without moves: %v", err)
	}
	// One move: Black has none, and figures of nothing.
	one := readGame(t, "[Result \"*\"]\n\n1. e4 {[%eval 0.3]} *\n")
	white, black, err := GameReport(one)
	if err != nil || white.Moves != 1 || white.Accuracy != 100 || black != (PlayerReport{}) {
		t.Errorf("one move: %+v, %+v, %v", white, black, err)
	}
}
