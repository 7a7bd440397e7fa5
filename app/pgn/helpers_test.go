package pgn_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/internal/shared"
	"github.com/echiquier/echiquier/app/pgn"
)

// dataDir returns the shared PGN data folder sub ("edge" or "corpus"),
// which lives outside the repository; the test is skipped without it.
func dataDir(t testing.TB, sub string) string {
	t.Helper()
	return shared.Path(t, "pgn", sub)
}

// pgnFiles returns the .pgn files of dir.
func pgnFiles(t testing.TB, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.pgn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no PGN files in %s: %v", dir, err)
	}
	return files
}

// parse reads one game that must be valid.
func parse(t testing.TB, s string) *pgn.Game {
	t.Helper()
	g, err := pgn.ParseGame([]byte(s), 1, 0)
	if err != nil {
		t.Fatalf("ParseGame(%q): %v", s, err)
	}
	return g
}

// written returns g in export format.
func written(t testing.TB, g *pgn.Game) string {
	t.Helper()
	var b bytes.Buffer
	if err := pgn.Write(&b, g); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return b.String()
}

// exportTags returns the tags that writing g must give: g's tags in their
// order, names as read, values without control
// characters, and the Result tag set to the result when it holds one.
func exportTags(g *pgn.Game) []pgn.Tag {
	var out []pgn.Tag
	for _, t := range g.Tags {
		v := exportValue(t.Value)
		if t.Name == "Result" && (v == "1-0" || v == "0-1" || v == "1/2-1/2" || v == "*") {
			v = exportResult(g.Result)
		}
		out = append(out, pgn.Tag{Name: t.Name, Value: v})
	}
	return out
}

// exportValue is a tag value as written: line breaks (CR LF as one),
// tabs and other control characters become spaces.
func exportValue(v string) string {
	v = strings.ReplaceAll(v, "\r\n", " ")
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r >= 0x7F && r <= 0x9F {
			return ' '
		}
		return r
	}, v)
}

// exportComments returns comments as writing keeps them: without "}",
// ASCII white space collapsed, the empty ones gone.
func exportComments(cs []string) []string {
	var out []string
	for _, c := range cs {
		words := strings.FieldsFunc(strings.ReplaceAll(c, "}", ""), func(r rune) bool {
			return r < 0x80 && strings.ContainsRune(" \t\n\v\f\r\x1a", r)
		})
		if c = strings.Join(words, " "); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// exportNAGAt returns the NAG positions that reading back the export of
// m gives: those of m, nil when no NAG follows a comment (written or not).
func exportNAGAt(m *pgn.Move) []int {
	kept := exportComments(m.After[:0:0])
	at := make([]int, len(m.NAGAt))
	after := false
	for i, n := range m.NAGAt {
		kept = exportComments(m.After[:min(n, len(m.After))])
		at[i] = len(kept)
		after = after || at[i] > 0
	}
	if !after {
		return nil
	}
	return at
}

// exportResult returns the termination marker written for r.
func exportResult(r string) string {
	if r == "" {
		return "*"
	}
	return r
}

// roundTrip writes g, reads it back and reports how the result differs
// from g, or "" when it does not.
func roundTrip(g *pgn.Game) string {
	var b bytes.Buffer
	if err := pgn.Write(&b, g); err != nil {
		return "Write: " + err.Error()
	}
	h, err := pgn.ParseGame(b.Bytes(), 1, 0)
	if err != nil {
		return fmt.Sprintf("reading back: %v\n%s", err, b.String())
	}
	if d := diffGames(g, h); d != "" {
		return d + "\n" + b.String()
	}
	return ""
}

// diffGames compares a game with the game read back from its export.
func diffGames(g, h *pgn.Game) string {
	if want := exportTags(g); !slices.Equal(want, h.Tags) {
		return fmt.Sprintf("tags: got %q, want %q", h.Tags, want)
	}
	if h.Result != exportResult(g.Result) {
		return fmt.Sprintf("result: got %q, want %q", h.Result, g.Result)
	}
	if !slices.Equal(exportComments(g.Comments), h.Comments) {
		return fmt.Sprintf("game comments: got %q, want %q", h.Comments, g.Comments)
	}
	return diffLines("main line", g.Moves, h.Moves)
}

// diffLines compares two lines of moves, recursively.
func diffLines(where string, a, b []*pgn.Move) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%s: %d moves, want %d", where, len(b), len(a))
	}
	for i := range a {
		x, y := a[i], b[i]
		at := fmt.Sprintf("%s, move %d (%s)", where, i+1, x.SAN)
		switch {
		case x.SAN != y.SAN:
			return fmt.Sprintf("%s: SAN %q", at, y.SAN)
		case !slices.Equal(x.NAGs, y.NAGs):
			return fmt.Sprintf("%s: NAGs %v, want %v", at, y.NAGs, x.NAGs)
		case !slices.Equal(exportNAGAt(x), y.NAGAt):
			return fmt.Sprintf("%s: NAGAt %v, want %v", at, y.NAGAt, x.NAGAt)
		case !slices.Equal(exportComments(x.Before), y.Before):
			return fmt.Sprintf("%s: Before %q, want %q", at, y.Before, x.Before)
		case !slices.Equal(exportComments(x.After), y.After):
			return fmt.Sprintf("%s: After %q, want %q", at, y.After, x.After)
		case len(x.Variations) != len(y.Variations):
			return fmt.Sprintf("%s: %d variations, want %d", at, len(y.Variations), len(x.Variations))
		}
		for j := range x.Variations {
			if d := diffLines(fmt.Sprintf("%s, variation %d", at, j+1), x.Variations[j], y.Variations[j]); d != "" {
				return d
			}
		}
	}
	return ""
}

// dump writes a line of moves compactly, to compare trees in tests:
// Before comments as {<text}, then the SAN, NAGs as $n, After comments as
// {text} and variations in parentheses.
func dump(moves []*pgn.Move) string {
	var b bytes.Buffer
	dumpLine(&b, moves)
	return b.String()
}

// dumpLine writes moves to b for dump.
func dumpLine(b *bytes.Buffer, moves []*pgn.Move) {
	for i, m := range moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		for _, c := range m.Before {
			fmt.Fprintf(b, "{<%s} ", c)
		}
		b.WriteString(m.SAN)
		for _, n := range m.NAGs {
			fmt.Fprintf(b, " $%d", n)
		}
		for _, c := range m.After {
			fmt.Fprintf(b, " {%s}", c)
		}
		for _, v := range m.Variations {
			b.WriteString(" (")
			dumpLine(b, v)
			b.WriteByte(')')
		}
	}
}

// dumpGame writes a whole game for dump: its moves, then its game comments
// and result.
func dumpGame(g *pgn.Game) string {
	s := dump(g.Moves)
	for _, c := range g.Comments {
		s += fmt.Sprintf(" {game:%s}", c)
	}
	return s + " => " + g.Result
}
