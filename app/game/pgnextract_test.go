package game_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/internal/shared"
	"github.com/echiquier/echiquier/app/pgn"
)

// pgnExtractErrors runs pgn-extract, an independent PGN checker that
// replays every move, over text and returns the errors it reports. The
// test is skipped where pgn-extract is not installed (`make test`
// installs it).
func pgnExtractErrors(t *testing.T, text string) []string {
	t.Helper()
	exe, err := exec.LookPath("pgn-extract")
	if err != nil {
		if exe, err = exec.LookPath("/usr/games/pgn-extract"); err != nil {
			t.Skip("pgn-extract is not installed (make test installs it)")
		}
	}
	file := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(exe, "-s", "-r", file).CombinedOutput()
	if err != nil {
		t.Fatalf("pgn-extract: %v\n%s", err, out)
	}
	return regexp.MustCompile(`(?m)^.*Line number: \d+.*$`).FindAllString(string(out), -1)
}

func TestPGNExtractCanSeeErrors(t *testing.T) {
	if errs := pgnExtractErrors(t, "1. e4 e5 2. Ke3 *\n"); len(errs) == 0 {
		t.Fatal("pgn-extract reports no error for an illegal move: its diagnostics cannot be read")
	}
}

func TestPGNExtractAcceptsWhatTheAppWrites(t *testing.T) {
	var out bytes.Buffer
	written := 0
	write := func(g *game.Game) {
		if err := g.WritePGN(&out); err != nil {
			t.Fatal(err)
		}
		out.WriteString("\n")
		written++
	}
	// A game played here, with clocks, side lines, comments and NAGs.
	g := newGame(t, "")
	for _, m := range strings.Fields("e4 e5 Nf3 Nc6 Bb5 a6") {
		if err := g.Move(m); err != nil {
			t.Fatal(err)
		}
	}
	line := g.MainLine()
	side, err := g.AddVariation(line[1], "Bc4")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.AddVariation(side, "Nf6"); err != nil {
		t.Fatal(err)
	}
	if err := g.SetComment(line[2], "the Ruy Lopez {braces and [%eval 0.3]"); err != nil {
		t.Fatal(err)
	}
	if err := g.SetNAGs(line[4], []int{1, 14}); err != nil {
		t.Fatal(err)
	}
	write(g)
	// The same game resigned, and a game ended in every way play ends
	// one: each ends with a comment that says why.
	if err := g.Resign(game.Black); err != nil {
		t.Fatal(err)
	}
	write(g)
	for _, c := range endCases {
		write(makeEnd(t, c))
	}
	// Every game of the edge files that loads, as the app writes it back,
	// but those with a tag name the export format does not allow: it is
	// written back as it was read ("GreatestGameEverPlayed?"), which
	// pgn-extract refuses as it refused the file read.
	files := shared.Glob(t, "pgn", "edge", "*.pgn")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		games, _ := game.ReadPGNWith(bytes.NewReader(data), nil)
		for _, g := range games {
			if !slices.ContainsFunc(g.Tags(), func(tag pgn.Tag) bool { return pgn.CheckTagName(tag.Name) != nil }) {
				write(g)
			}
		}
	}
	if errs := pgnExtractErrors(t, out.String()); len(errs) > 0 {
		t.Errorf("pgn-extract finds %d errors in %d games written by the app, first: %s", len(errs), written, errs[0])
	}
	t.Logf("%d games written and checked", written)
}
