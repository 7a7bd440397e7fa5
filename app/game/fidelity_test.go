package game_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/internal/shared"
	"github.com/echiquier/echiquier/app/pgn"
)

func TestSaveKeepsTagsAsRead(t *testing.T) {
	in := "[White \"Tal\"]\n[Event \"Riga\"]\n[Termination \"Normal\"]\n[Opening \"Sicilian\"]\n[White \"Tal, M.\"]\n[PlyCount \"99\"]\n\n" +
		"1. e4 c5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
	g := readOne(t, in)
	if g.Status() != (game.Status{Result: game.WhiteWins, Reason: game.Checkmate}) {
		t.Fatalf("status %v", g.Status())
	}
	// As read: the order, the repeated tag, Normal and the wrong PlyCount
	// the user did not change; no Seven Tag Roster added.
	want := "[White \"Tal\"]\n[Event \"Riga\"]\n[Termination \"Normal\"]\n[Opening \"Sicilian\"]\n[White \"Tal, M.\"]\n[PlyCount \"99\"]\n\n"
	if got := writePGN(t, g); !strings.HasPrefix(got, want) {
		t.Errorf("written:\n%s\nwant the tags\n%s", got, want)
	}
	if g.Tag("White") != "Tal, M." || g.Tag("Termination") != "Normal" {
		t.Errorf("Tag gives %q, %q", g.Tag("White"), g.Tag("Termination"))
	}
	// What the user changes is written: a tag, and a main line that makes
	// PlyCount and Termination follow.
	g.SetTag("White", "Mikhail Tal")
	if err := g.TakeBack(); err != nil {
		t.Fatal(err)
	}
	play(t, g, "Nf3")
	got := writePGN(t, g)
	for _, want := range []string{"[White \"Mikhail Tal\"]\n[Event \"Riga\"]\n[Termination \"unterminated\"]\n[Opening \"Sicilian\"]\n[PlyCount \"7\"]\n\n"} {
		if !strings.HasPrefix(got, want) {
			t.Errorf("after the changes:\n%s\nwant the tags\n%s", got, want)
		}
	}
}

func TestSaveNewGameStandardTags(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "f3 e5 g4 Qh4#")
	text := writePGN(t, g)
	for _, want := range []string{"[Event \"?\"]\n[Site \"?\"]\n", "[Result \"0-1\"]\n", "[Termination \"normal\"]\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("written:\n%s\nlacks %q", text, want)
		}
	}
}

func TestSaveKeepsCommentsAsRead(t *testing.T) {
	in := "[Event \"c\"]\n\n{Start} 1. b3 {good or bad?} $1 {some think this is good} $2 {while others think it is not} " +
		"1... e5 {[%clk 0:03:00.0] [%eval 0.3] a clock as read} 2. Bb2 {[%emt 0:00:05] spent} {two} 2... Nc6 *\n"
	g := readOne(t, in)
	if clk, ok := mainNode(t, g, 2).Clock(); !ok || clk.Seconds() != 180 {
		t.Errorf("clock %v %v", clk, ok)
	}
	if got := oneLine(strings.SplitN(writePGN(t, g), "\n\n", 2)[1]); got != oneLine(strings.SplitN(in, "\n\n", 2)[1]) {
		t.Errorf("written %s\nwant    %s", got, oneLine(in))
	}
}

func TestTimeControlWarning(t *testing.T) {
	g := readOne(t, "[TimeControl \"40 moves in 2 hours\"]\n\n1. e4 *\n")
	warnings := g.Warnings()
	var w *game.TimeControlWarning
	if len(warnings) != 1 || !errors.As(warnings[0], &w) || w.Value != "40 moves in 2 hours" || w.Err == nil {
		t.Fatalf("warnings %v", warnings)
	}
	if want := `the time control "40 moves in 2 hours" could not be read: the game is untimed`; w.Error() != want {
		t.Errorf("warning %q, want %q", w.Error(), want)
	}
	if !g.TimeControl().IsZero() || !strings.Contains(writePGN(t, g), `[TimeControl "40 moves in 2 hours"]`) {
		t.Errorf("the game is timed, or its tag is lost")
	}
	for _, tc := range []string{"", "[TimeControl \"?\"]\n", "[TimeControl \"-\"]\n", "[TimeControl \"300+2\"]\n"} {
		if w := readOne(t, tc+"\n1. e4 *\n").Warnings(); len(w) != 0 {
			t.Errorf("%q: warnings %v", tc, w)
		}
	}
	if w := newGame(t, "").Warnings(); len(w) != 0 {
		t.Errorf("new game: warnings %v", w)
	}
}

// TestSaveStripsControlCharacters: a NUL or an escape sequence read in a
// tag's value is written as a space, as a PGN string holds it.
func TestSaveStripsControlCharacters(t *testing.T) {
	g := readOne(t, "[White \"Bad\x00Name\x1b[31m\"]\n\n1. e4 *\n")
	if text := writePGN(t, g); !strings.Contains(text, "[White \"Bad Name [31m\"]") {
		t.Errorf("written:\n%q", text)
	}
}

func TestReadWindows1252(t *testing.T) {
	g := readOne(t, "[White \"Dvoretsk\x9a, \x93Mark\x94\"]\n\n1. e4 {\x80 5} *\n")
	if g.Tag("White") != "Dvoretskš, “Mark”" || mainNode(t, g, 1).Comment() != "€ 5" {
		t.Errorf("read %q, %q", g.Tag("White"), mainNode(t, g, 1).Comment())
	}
}

func TestImpossibleChecks(t *testing.T) {
	for _, tt := range []struct {
		name, fen string
		reason    game.FENReason
	}{
		{"triple check", "4k3/8/8/8/8/5n2/3p4/r3K3 w - - 0 1", game.BadFENTripleCheck},
		{"two pawns", "4k3/8/8/8/8/8/3p1p2/4K3 w - - 0 1", game.BadFENImpossibleDoubleCheck},
		{"two knights", "4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1", game.BadFENImpossibleDoubleCheck},
		{"pawn and knight", "4k3/8/8/8/8/5n2/3p4/4K3 w - - 0 1", game.BadFENImpossibleDoubleCheck},
		{"black in triple check", "4k3/3P4/5N2/8/8/8/8/K3R3 b - - 0 1", game.BadFENTripleCheck},
	} {
		_, err := game.ParseFEN(tt.fen)
		var fe *game.FENError
		if !errors.As(err, &fe) || fe.Reason != tt.reason {
			t.Errorf("%s: %v, want reason %d", tt.name, err, tt.reason)
		}
	}
	// Double checks that a move gives: a knight moves and uncovers a
	// rook; a rook and a bishop, which an en-passant capture can uncover.
	for _, fen := range []string{"4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1", "k7/8/8/8/8/8/8/R3K2B b - - 0 1"} {
		if _, err := game.ParseFEN(fen); err != nil {
			t.Errorf("%s: %v", fen, err)
		}
	}
}

// extractErrors runs pgn-extract over text, games starting at the lines
// starts, and returns how many errors it finds in each game; the test is
// skipped where pgn-extract is not installed.
func extractErrors(t *testing.T, text []byte, starts []int) []int {
	t.Helper()
	exe, err := exec.LookPath("/usr/games/pgn-extract")
	if err != nil {
		if exe, err = exec.LookPath("pgn-extract"); err != nil {
			t.Skip("pgn-extract is not installed (apt-get install pgn-extract)")
		}
	}
	file := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(file, text, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(exe, "-s", "-r", file).CombinedOutput()
	if err != nil {
		t.Fatalf("pgn-extract: %v\n%s", err, out)
	}
	counts := make([]int, len(starts))
	for _, m := range regexp.MustCompile(`Line number: (\d+)`).FindAllSubmatch(out, -1) {
		line, _ := strconv.Atoi(string(m[1]))
		counts[max(sort.SearchInts(starts, line+1)-1, 0)]++
	}
	return counts
}

// TestSaveChangesNothing opens and saves, unchanged, every game of the
// edge files and every tenth game of the corpus that pgn-extract accepts
// and ReadPGN reads: the tags (names, values, order), the comments (text
// and place, NAGs among them) and the moves come back as they were.
func TestSaveChangesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 3,300 games")
	}
	var texts [][]byte
	var text bytes.Buffer
	var starts []int
	sampleGames(t, func(_ string, _ int, in []byte) {
		starts = append(starts, bytes.Count(text.Bytes(), []byte("\n"))+1)
		texts = append(texts, in)
		text.Write(in)
		text.WriteString("\n\n")
	})
	errs := extractErrors(t, text.Bytes(), starts)
	checked := 0
	for i, in := range texts {
		if errs[i] > 0 {
			continue
		}
		games, err := game.ReadPGN(bytes.NewReader(in))
		if err != nil || len(games) != 1 {
			continue // a variant, a null move...
		}
		checked++
		if d := savedAsRead(t, in, games[0]); d != "" {
			t.Errorf("game at line %d of the test file: %s", starts[i], d)
		}
	}
	t.Logf("%d games of %d checked", checked, len(texts))
	if checked < 3000 {
		t.Errorf("only %d games checked", checked)
	}
}

// sampleGames calls f on the text of every game of the edge files and
// of every tenth game of the corpus that the index reads, with its file's
// name and its number in the file, from 0.
func sampleGames(t *testing.T, f func(file string, i int, text []byte)) {
	t.Helper()
	for _, dir := range []string{"edge", "corpus"} {
		files := shared.Glob(t, "pgn", dir, "*.pgn")
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			r := pgn.NewReader(bytes.NewReader(data))
			for i := 0; ; i++ {
				h, err := r.NextHeader()
				if err != nil {
					break
				}
				if h.Err != nil || dir == "corpus" && i%10 != 0 {
					continue
				}
				f(filepath.Base(name), i, data[h.Offset:h.Offset+h.Length])
			}
		}
	}
}

// savedAsRead writes g, read from in, and tells how the result differs
// from in, or "".
func savedAsRead(t *testing.T, in []byte, g *game.Game) string {
	orig, err := pgn.ParseGame(in, 1, 0)
	if err != nil {
		return err.Error()
	}
	out := writePGN(t, g)
	back, err := pgn.ParseGame([]byte(out), 1, 0)
	if err != nil {
		return "written text: " + err.Error()
	}
	if !slices.Equal(orig.Tags, back.Tags) {
		return fmt.Sprintf("tags\n%q\nwritten as\n%q", orig.Tags, back.Tags)
	}
	if !slices.Equal(orig.Comments, back.Comments) {
		return fmt.Sprintf("game comments %q written as %q", orig.Comments, back.Comments)
	}
	again, err := game.ReadPGN(strings.NewReader(out))
	if err != nil {
		return "written game: " + err.Error()
	}
	if d := sameNotes("", hoist(orig.Moves), back.Moves); d != "" {
		return d + "\n" + out
	}
	return sameMoves(g.Root(), again[0].Root())
}

// hoist returns moves with the variations of the first move of each
// variation made variations of the move that variation replaces, after
// it: both are moves from the same position, which a game's tree keeps as
// one list.
func hoist(moves []*pgn.Move) []*pgn.Move {
	out := make([]*pgn.Move, len(moves))
	for i, m := range moves {
		c := *m
		c.Variations = nil
		for _, v := range m.Variations {
			c.Variations = append(c.Variations, hoistLine(v)...)
		}
		out[i] = &c
	}
	return out
}

// hoistLine returns variation v, its first move without its variations,
// followed by those variations.
func hoistLine(v []*pgn.Move) [][]*pgn.Move {
	v = hoist(v)
	first := *v[0]
	first.Variations = nil
	lines := [][]*pgn.Move{append([]*pgn.Move{&first}, v[1:]...)}
	for _, w := range v[0].Variations {
		lines = append(lines, hoistLine(w)...)
	}
	return lines
}

// sameNotes compares the comments, NAGs and lines of two trees of moves.
func sameNotes(at string, a, b []*pgn.Move) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%s: %d moves written as %d", at, len(a), len(b))
	}
	for i, x := range a {
		y := b[i]
		where := fmt.Sprintf("%s %s", at, x.SAN)
		switch {
		case !slices.Equal(x.Before, y.Before), !slices.Equal(x.After, y.After):
			return fmt.Sprintf("%s: comments %q %q written as %q %q", where, x.Before, x.After, y.Before, y.After)
		case !slices.Equal(x.NAGs, y.NAGs), !slices.Equal(x.NAGAt, y.NAGAt):
			return fmt.Sprintf("%s: NAGs %v at %v written as %v at %v", where, x.NAGs, x.NAGAt, y.NAGs, y.NAGAt)
		case len(x.Variations) != len(y.Variations):
			return fmt.Sprintf("%s: %d variations written as %d", where, len(x.Variations), len(y.Variations))
		}
		for j := range x.Variations {
			if d := sameNotes(where+" (", x.Variations[j], y.Variations[j]); d != "" {
				return d
			}
		}
	}
	return ""
}

// sameMoves compares two trees of positions, move by move.
func sameMoves(a, b *game.Node) string {
	ka, kb := a.Children(), b.Children()
	if len(ka) != len(kb) {
		return fmt.Sprintf("after %s: %d moves, then %d", a.SAN(), len(ka), len(kb))
	}
	for i := range ka {
		if ka[i].Move() != kb[i].Move() {
			return fmt.Sprintf("after %s: %s, then %s", a.SAN(), ka[i].SAN(), kb[i].SAN())
		}
		if d := sameMoves(ka[i], kb[i]); d != "" {
			return d
		}
	}
	return ""
}
