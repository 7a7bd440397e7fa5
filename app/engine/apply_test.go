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
// already: a comment with a command, an assessment, an evaluation from
// another analysis, which the new one replaces.
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
	want := []string{"[%eval 0.35]", "[%eval 0.30]", "[%eval 0.25]", "[%eval -1.50]", "[%eval #-3]", "[%eval 0.00]"}
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

// analysis is a whole-game result for g's main line with evaluations
// evals, each move judged from them (the start counting +0.15), and the
// best lines given in UCI by the move's index.
func analysis(t *testing.T, g *game.Game, evals []Score, best map[int]string) Result {
	t.Helper()
	r := Result{StartFEN: game.StartFEN}
	before := Score{Centipawns: initialCentipawns}
	for i, n := range g.MainLine() {
		m := MoveResult{Move: n.Move(), SAN: n.SAN(), Eval: evals[i], Judgement: Judge(n.Mover(), before, evals[i])}
		for _, u := range strings.Fields(best[i]) {
			m.Best = append(m.Best, mv(t, u))
		}
		r.Moves = append(r.Moves, m)
		before = evals[i]
	}
	return r
}

// sideLines returns the side lines from the position before n's move, in
// SAN, each with its comments.
func sideLines(n *game.Node) []string {
	var out []string
	for _, k := range n.Parent().Children()[1:] {
		var moves []string
		for m := k; m != nil; {
			moves = append(moves, m.SAN())
			if c := m.Comment(); c != "" {
				moves = append(moves, "{"+c+"}")
			}
			kids := m.Children()
			m = nil
			if len(kids) > 0 {
				m = kids[0]
			}
		}
		out = append(out, strings.Join(moves, " "))
	}
	return out
}

// TestApplyAgain: a second analysis replaces the first one's evaluations
// (one [%eval] a move, never two), marks and lines, and leaves what the
// user wrote: comments, marks other than the analysis's, lines with a
// comment. The first analysis kept the first [%eval] and added lines
// beside the old ones.
func TestApplyAgain(t *testing.T) {
	g := newGame(t, "e4 e5 Nf3 Nc6 Bb5 a6")
	first := analysis(t, g, []Score{{Centipawns: 30}, {Centipawns: 35}, {Centipawns: 30}, {Centipawns: 120}, {Centipawns: 40}, {Centipawns: 45}},
		map[int]string{3: "g8f6 b1c3", 4: "d2d4 e5d4"})
	if first.Moves[3].Judgement != Inaccuracy || first.Moves[4].Judgement != Inaccuracy {
		t.Fatalf("the first analysis judges 2... Nc6 %v and 3. Bb5 %v", first.Moves[3].Judgement, first.Moves[4].Judgement)
	}
	if err := Apply(g, first); err != nil {
		t.Fatal(err)
	}
	line := g.MainLine()
	// What the user does between the two analyses.
	if err := g.SetComment(line[2], "developing"); err != nil {
		t.Fatal(err)
	}
	if err := g.SetNAGs(line[3], []int{4}); err != nil { // ?? for ?!
		t.Fatal(err)
	}
	if err := g.SetNAGs(line[5], []int{1}); err != nil {
		t.Fatal(err)
	}
	bc4, err := g.AddVariation(line[3], "Bc4")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.SetComment(bc4, "Italian"); err != nil {
		t.Fatal(err)
	}

	second := analysis(t, g, []Score{{Centipawns: 25}, {Centipawns: 30}, {Centipawns: 28}, {Centipawns: 35}, {Centipawns: -60}, {Kind: BlackMates, Moves: 9}},
		map[int]string{4: "b1c3 g8f6", 5: "g1h1"})
	if second.Moves[3].Judgement != Good || second.Moves[4].Judgement != Inaccuracy || second.Moves[5].Judgement != Good {
		t.Fatalf("the second analysis judges 2... Nc6 %v, 3. Bb5 %v, 3... a6 %v", second.Moves[3].Judgement, second.Moves[4].Judgement, second.Moves[5].Judgement)
	}
	if err := Apply(g, second); err != nil {
		t.Fatal(err)
	}
	want := []string{"[%eval 0.25]", "[%eval 0.30]", "[%eval 0.28]", "[%eval 0.35]", "[%eval -0.60]", "[%eval #-9]"}
	for i, evals := range evalsOf(g) {
		if len(evals) != 1 || evals[0] != want[i] {
			t.Errorf("move %s: evaluations %q, want %s alone", line[i].SAN(), evals, want[i])
		}
	}
	if got := line[2].Comment(); got != "developing" {
		t.Errorf("the user's comment is %q", got)
	}
	for i, nags := range [][]int{nil, nil, nil, {4}, {6}, {1}} {
		if got := line[i].NAGs(); !equalInts(got, nags) {
			t.Errorf("move %s: NAGs %v, want %v", line[i].SAN(), got, nags)
		}
	}
	if got := sideLines(line[3]); len(got) != 0 {
		t.Errorf("2... Nc6, good now, keeps the first analysis's line: %q", got)
	}
	if got := sideLines(line[4]); strings.Join(got, " | ") != "Bc4 {Italian} | Nc3 Nf6" {
		t.Errorf("3. Bb5: side lines %q, want the user's and the second analysis's", got)
	}
	text := pgnText(t, g)
	if n := strings.Count(text, "[%eval"); n != 6 {
		t.Errorf("%d [%%eval] in the game, want 6:\n%s", n, text)
	}
	// The same analysis again changes nothing, and keeps the line's
	// moves themselves (the position shown may be one of them).
	nc3 := line[3].Children()[2]
	if err := Apply(g, second); err != nil {
		t.Fatal(err)
	}
	if again := pgnText(t, g); again != text {
		t.Errorf("the same analysis twice:\n%s\nonce:\n%s", again, text)
	}
	if kids := line[3].Children(); len(kids) != 3 || kids[2] != nc3 {
		t.Error("the same line, written again, is new moves")
	}
	pgnExtractAccepts(t, text)
}

// TestApplyToALichessAnalysis: analysing a game lichess analysed gives
// one [%eval] a move, and lichess's marks and lines give way to the new
// ones; its comments stay, as text.
func TestApplyToALichessAnalysis(t *testing.T) {
	g := readGame(t, `[Event "Rated Blitz game"]
[Result "1-0"]

1. e4 { [%eval 0.3] [%clk 0:03:00] } 1... e5 { [%eval 0.3] [%clk 0:03:00] } 2. Qh5?! { (0.30 → -0.40) Inaccuracy. Nf3 was best. } { [%eval -0.4] [%clk 0:02:58] } (2. Nf3 Nc6 3. Bb5) 2... Nc6 { [%eval -0.3] [%clk 0:02:57] } 1-0
`)
	line := g.MainLine()
	r := analysis(t, g, []Score{{Centipawns: 30}, {Centipawns: 30}, {Centipawns: 5}, {Centipawns: 0}}, nil)
	if err := Apply(g, r); err != nil {
		t.Fatal(err)
	}
	if evals := evalsOf(g); len(evals[2]) != 1 || evals[2][0] != "[%eval 0.05]" {
		t.Errorf("2. Qh5: %q", evals[2])
	}
	if nags := line[2].NAGs(); len(nags) != 0 {
		t.Errorf("2. Qh5, no inaccuracy now, keeps lichess's mark: %v", nags)
	}
	if got := sideLines(line[2]); len(got) != 0 {
		t.Errorf("2. Qh5 keeps lichess's line: %q", got)
	}
	if got := line[2].Comment(); !strings.Contains(got, "Inaccuracy. Nf3 was best.") {
		t.Errorf("lichess's comment, text now, is %q", got)
	}
	if clk, ok := line[2].Clock(); !ok || clk.Seconds() != 178 {
		t.Errorf("the clock of 2. Qh5: %v %v", clk, ok)
	}
}
