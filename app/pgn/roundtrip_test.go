package pgn_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

// readFile reads every game of a file with Next, checking that a syntax
// error never stops the stream.
func readFile(t *testing.T, path string) (games []*pgn.Game, errs []error) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := pgn.NewReader(bytes.NewReader(data))
	for {
		g, err := r.Next()
		if err == io.EOF {
			return games, errs
		}
		var se *pgn.SyntaxError
		if g == nil || err != nil && !errors.As(err, &se) {
			t.Fatalf("%s: game %d: %v, %v", path, len(games)+1, g, err)
		}
		games = append(games, g)
		errs = append(errs, err)
	}
}

func TestRoundTripEdgeFiles(t *testing.T) {
	for _, path := range pgnFiles(t, dataDir(t, "edge")) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			games, errs := readFile(t, path)
			bad := 0
			for i, g := range games {
				if errs[i] != nil {
					bad++
					t.Logf("%v", errs[i])
					continue
				}
				if d := roundTrip(g); d != "" {
					t.Errorf("game %d (line %d): %s", i+1, g.Line, d)
				}
			}
			t.Logf("%d games, %d with errors", len(games), bad)
		})
	}
}

func TestRoundTripCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 32,570 games")
	}
	total := 0
	for _, path := range pgnFiles(t, dataDir(t, "corpus")) {
		games, errs := readFile(t, path)
		for i, g := range games {
			if errs[i] != nil {
				t.Errorf("%s: %v", filepath.Base(path), errs[i])
				continue
			}
			if d := roundTrip(g); d != "" {
				t.Errorf("%s: game %d (line %d): %s", filepath.Base(path), i+1, g.Line, d)
			}
		}
		total += len(games)
	}
	if total != 32570 {
		t.Errorf("read %d games from the corpus, want 32570", total)
	}
}
