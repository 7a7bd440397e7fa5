package engine

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
)

// mv reads a move in UCI.
func mv(t *testing.T, uci string) game.Move {
	t.Helper()
	from, ok1 := game.ParseSquare(uci[:2])
	to, ok2 := game.ParseSquare(uci[2:4])
	if !ok1 || !ok2 {
		t.Fatalf("bad move %q", uci)
	}
	return game.Move{From: from, To: to}
}

// pgnText writes g in PGN.
func pgnText(t *testing.T, g *game.Game) string {
	t.Helper()
	var b bytes.Buffer
	if err := g.WritePGN(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// evalsOf returns the [%eval] commands after each move of g's main line.
func evalsOf(g *game.Game) [][]string {
	var out [][]string
	re := regexp.MustCompile(`\[%eval [^\]]*\]`)
	for _, n := range g.MainLine() {
		_, after := n.Comments()
		out = append(out, re.FindAllString(strings.Join(after, " "), -1))
	}
	return out
}

// annotatedGame is a game with what a user may have written in it
// already: a comment with a command, an assessment, an old evaluation.
func annotatedGame(t *testing.T) *game.Game {
	t.Helper()
	g := newGame(t, "e4 e5 Nf3 Nc6 Bb5 a6")
	line := g.MainLine()
	if err := g.SetComment(line[1], "[%csl Gd4] a classic"); err != nil {
		t.Fatal(err)
	}
	if err := g.SetNAGs(line[2], []int{1, 14}); err != nil {
		t.Fatal(err)
	}
	if err := g.SetComment(line[3], "[%eval 0.5] from another analysis"); err != nil {
		t.Fatal(err)
	}
	return g
}

// handResult is a whole-game result for annotatedGame's moves.
func handResult(t *testing.T, g *game.Game) Result {
	t.Helper()
	r := Result{StartFEN: game.StartFEN}
	evals := []Score{
		{Centipawns: 35}, {Centipawns: 30}, {Centipawns: 25},
		{Centipawns: -150}, {Kind: BlackMates, Moves: 3}, {Centipawns: 0},
	}
	for i, n := range g.MainLine() {
		r.Moves = append(r.Moves, MoveResult{Move: n.Move(), SAN: n.SAN(), Eval: evals[i]})
	}
	r.Moves[2].Judgement = Inaccuracy // it keeps the user's "!"
	r.Moves[2].Best = []game.Move{mv(t, "f1c4")}
	r.Moves[3].Judgement = Mistake
	r.Moves[3].Best = []game.Move{mv(t, "d7d6"), mv(t, "d2d4")}
	r.Moves[4].Judgement = Blunder
	r.Moves[4].Best = []game.Move{mv(t, "f1b5")} // the move played: no side line
	return r
}

func TestApply(t *testing.T) {
	g := annotatedGame(t)
	r := handResult(t, g)
	if err := Apply(g, r); err != nil {
		t.Fatal(err)
	}
	line := g.MainLine()
	want := []string{"[%eval 0.35]", "[%eval 0.30]", "[%eval 0.25]", "[%eval 0.5]", "[%eval #-3]", "[%eval 0.00]"}
	for i, evals := range evalsOf(g) {
		if len(evals) != 1 || evals[0] != want[i] {
			t.Errorf("move %s: evaluations %q, want %s alone", line[i].SAN(), evals, want[i])
		}
	}
	if got := line[1].Comment(); got != "a classic" {
		t.Errorf("comment %q, want the user's text kept", got)
	}
	if _, after := line[1].Comments(); !strings.Contains(strings.Join(after, " "), "[%csl Gd4]") {
		t.Errorf("comment %q lost its [%%csl]", after)
	}
	if got := line[3].Comment(); got != "from another analysis" {
		t.Errorf("comment %q", got)
	}
	for i, nags := range [][]int{nil, nil, {1, 14}, {2}, {4}, nil} {
		if got := line[i].NAGs(); !equalInts(got, nags) {
			t.Errorf("move %s: NAGs %v, want %v", line[i].SAN(), got, nags)
		}
	}
	// The best lines, as side lines from the position before the move.
	if kids := line[1].Children(); len(kids) != 2 || kids[1].SAN() != "Bc4" {
		t.Errorf("after 1... e5: %d moves, want Nf3 and the side line Bc4", len(kids))
	}
	kids := line[2].Children()
	if len(kids) != 2 || kids[1].SAN() != "d6" || len(kids[1].Children()) != 1 || kids[1].Children()[0].SAN() != "d4" {
		t.Errorf("after 2. Nf3: no side line 2... d6 3. d4")
	}
	if kids := line[3].Children(); len(kids) != 1 {
		t.Errorf("a side line at a blunder whose best move was played")
	}
	// Applied twice, the result is the same: nothing is added twice.
	before := pgnText(t, g)
	if err := Apply(g, r); err != nil {
		t.Fatal(err)
	}
	if after := pgnText(t, g); after != before {
		t.Errorf("applied twice:\n%s\nonce:\n%s", after, before)
	}
	// Saved and read back, it is all there.
	games, err := game.ReadPGN(strings.NewReader(before))
	if err != nil || len(games) != 1 {
		t.Fatalf("reading back: %v", err)
	}
	for i, evals := range evalsOf(games[0]) {
		if len(evals) != 1 || evals[0] != want[i] {
			t.Errorf("read back, move %d: evaluations %q, want %s", i+1, evals, want[i])
		}
	}
	if nags := games[0].MainLine()[3].NAGs(); !equalInts(nags, []int{2}) {
		t.Errorf("read back: NAGs %v on 2... Nc6", nags)
	}
	pgnExtractAccepts(t, before)
}

func TestApplyToAnotherGame(t *testing.T) {
	g := annotatedGame(t)
	r := handResult(t, g)
	before := pgnText(t, g)
	other := newGame(t, "e4 e5 Nf3 Nc6 Bc4")
	longer := r
	longer.Moves = append(longer.Moves, MoveResult{})
	fromFEN, err := game.New(game.Options{FEN: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"})
	if err != nil {
		t.Fatal(err)
	}
	for name, g := range map[string]*game.Game{"another move": other, "another start": fromFEN} {
		if err := Apply(g, r); !errors.Is(err, ErrGameChanged) {
			t.Errorf("%s: Apply: %v", name, err)
		}
	}
	if err := Apply(g, longer); !errors.Is(err, ErrGameChanged) {
		t.Errorf("more moves than the game: %v", err)
	}
	if got := pgnText(t, other); strings.Contains(got, "%eval 0.35") {
		t.Errorf("a refused Apply wrote into the game:\n%s", got)
	}
	if pgnText(t, g) != before {
		t.Error("a refused Apply changed the game")
	}
	// A result cut short by a cancel or a crash applies to its moves.
	short := r
	short.Moves = r.Moves[:2]
	if err := Apply(g, short); err != nil {
		t.Fatal(err)
	}
	if evals := evalsOf(g); len(evals[1]) != 1 || len(evals[2]) != 0 {
		t.Errorf("partial result: evaluations %q", evals)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// pgnExtractAccepts checks text with pgn-extract, an independent PGN
// reader that replays every move. The check is skipped where pgn-extract
// is not installed (make test installs it).
func pgnExtractAccepts(t *testing.T, text string) {
	t.Helper()
	exe, err := exec.LookPath("pgn-extract")
	if err != nil {
		if exe, err = exec.LookPath("/usr/games/pgn-extract"); err != nil {
			t.Log("pgn-extract is not installed (make test installs it): not checked")
			return
		}
	}
	file := filepath.Join(t.TempDir(), "game.pgn")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(exe, "-s", "-r", file).CombinedOutput()
	if err != nil {
		t.Fatalf("pgn-extract: %v\n%s", err, out)
	}
	if bad := regexp.MustCompile(`(?m)^.*Line number: \d+.*$`).FindAllString(string(out), -1); len(bad) > 0 {
		t.Errorf("pgn-extract rejects the file: %q\n%s", bad, text)
	}
}
