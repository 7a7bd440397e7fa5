package pgn_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

// pgnExtract is the path of pgn-extract, which checks PGN and the
// legality of its moves.
const pgnExtract = "/usr/games/pgn-extract"

// lookPGNExtract skips the test when pgn-extract is not installed, and
// checks that its errors can be seen.
func lookPGNExtract(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath(pgnExtract)
	if err != nil {
		if path, err = exec.LookPath("pgn-extract"); err != nil {
			t.Skip("pgn-extract is not installed")
		}
	}
	if n := extractErrors(t, path, []byte("1. e4 e5 2. Ke3 *\n"), []int{1}); n[0] == 0 {
		t.Fatal("pgn-extract reports no error for an illegal move: its diagnostics cannot be read")
	}
	return path
}

// errorLine finds the line numbers in pgn-extract's diagnostics.
var errorLine = regexp.MustCompile(`Line number: (\d+)`)

// extractErrors runs pgn-extract on a file of games whose first lines are
// starts, and returns the number of errors it reports in each game.
func extractErrors(t *testing.T, exe string, text []byte, starts []int) []int {
	t.Helper()
	file := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(file, text, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(exe, "-s", "-r", file).CombinedOutput()
	if err != nil {
		t.Fatalf("pgn-extract: %v\n%s", err, out)
	}
	counts := make([]int, len(starts))
	for _, m := range errorLine.FindAllSubmatch(out, -1) {
		line, _ := strconv.Atoi(string(m[1]))
		i := sort.SearchInts(starts, line+1) - 1
		counts[max(i, 0)]++
	}
	return counts
}

// lineCount returns the number of lines in b.
func lineCount(b []byte) int {
	return bytes.Count(b, []byte("\n"))
}

func TestPGNExtractAcceptsOutput(t *testing.T) {
	exe := lookPGNExtract(t)
	for _, path := range pgnFiles(t, dataDir(t, "edge")) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			// The games read without error, as written and as they were.
			var orig, out bytes.Buffer
			var origStarts, outStarts []int
			r := pgn.NewReader(bytes.NewReader(data))
			for {
				h, err := r.NextHeader()
				if err != nil {
					break
				}
				g, gerr := pgn.ParseGame(data[h.Offset:h.Offset+h.Length], h.Line, h.Offset)
				if gerr != nil || h.Err != nil {
					continue
				}
				origStarts = append(origStarts, lineCount(orig.Bytes())+1)
				orig.Write(data[h.Offset : h.Offset+h.Length])
				orig.WriteString("\n\n")
				outStarts = append(outStarts, lineCount(out.Bytes())+1)
				if err := pgn.Write(&out, g); err != nil {
					t.Fatal(err)
				}
			}
			if len(outStarts) == 0 {
				return
			}
			before := extractErrors(t, exe, orig.Bytes(), origStarts)
			after := extractErrors(t, exe, out.Bytes(), outStarts)
			for i := range after {
				if after[i] > 0 && before[i] == 0 {
					t.Errorf("game %d: pgn-extract finds %d errors in the output, none in the original", i+1, after[i])
				}
			}
		})
	}
}

func TestPGNExtractAcceptsCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and checks 32,570 games")
	}
	exe := lookPGNExtract(t)
	var out bytes.Buffer
	for _, path := range pgnFiles(t, dataDir(t, "corpus")) {
		games, errs := readFile(t, path)
		for i, g := range games {
			if errs[i] != nil {
				t.Fatal(errs[i])
			}
			if err := pgn.Write(&out, g); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n := extractErrors(t, exe, out.Bytes(), []int{1}); n[0] > 0 {
		t.Errorf("pgn-extract finds %d errors in the written corpus", n[0])
	}
}
