package autosave

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// snapshots plays up to plies moves of a game, always the same, and
// returns its PGN text after each one, as the app would hand them over.
func snapshots(tb testing.TB, plies int) [][]byte {
	tb.Helper()
	out, err := playSnapshots(plies)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

func playSnapshots(plies int) ([][]byte, error) {
	start := time.Date(2026, 11, 22, 14, 0, 0, 0, time.UTC)
	g, err := game.New(game.Options{Now: func() time.Time { return start }})
	if err != nil {
		return nil, err
	}
	g.SetTag("White", "Ann")
	g.SetTag("Black", "Ben")
	var out [][]byte
	for i := range plies {
		legal := g.LegalMoves()
		if len(legal) == 0 {
			break
		}
		if err := g.Move(legal[(i*31+7)%len(legal)]); err != nil {
			return nil, err
		}
		var b bytes.Buffer
		if err := g.WritePGN(&b); err != nil {
			return nil, err
		}
		out = append(out, b.Bytes())
	}
	return out, nil
}

// openStore opens a Store in dir, closed at the end of the test.
func openStore(tb testing.TB, dir string, o Options) *Store {
	tb.Helper()
	s, err := Open(dir, o)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

// orphanOf leaves in dir the autosave of an instance that closed with
// data saved, and returns it as Orphans lists it.
func orphanOf(tb testing.TB, dir string, data []byte) Orphan {
	tb.Helper()
	s, err := Open(dir, Options{})
	if err != nil {
		tb.Fatal(err)
	}
	s.Save(data)
	if err := s.Close(); err != nil {
		tb.Fatal(err)
	}
	for _, o := range mustOrphans(tb, dir) {
		if o.Path == s.Path() {
			return o
		}
	}
	tb.Fatalf("the closed instance's %s is not an orphan", s.Path())
	return Orphan{}
}

func mustOrphans(tb testing.TB, dir string) []Orphan {
	tb.Helper()
	list, err := Orphans(dir)
	if err != nil {
		tb.Fatal(err)
	}
	return list
}

func readFile(tb testing.TB, path string) string {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return string(data)
}

func exists(tb testing.TB, path string) bool {
	tb.Helper()
	_, err := os.Stat(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		tb.Fatal(err)
	}
	return err == nil
}

// files lists the names in dir, sorted.
func files(tb testing.TB, dir string) []string {
	tb.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		tb.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

// pliesIn reads the main line of a whole game as this package writes it,
// failing the test on anything else.
func pliesIn(tb testing.TB, data []byte) int {
	tb.Helper()
	pg, err := pgn.ParseGame(data, 1, 0)
	if err != nil || pg.Result == "" {
		tb.Fatalf("not a whole game (%v):\n%s", err, data)
	}
	if _, err := game.FromPGN(pg, nil); err != nil {
		tb.Fatalf("the game does not play: %v", err)
	}
	return len(pg.Moves)
}

func name(path string) string { return filepath.Base(path) }

func sorted(names ...string) []string {
	sort.Strings(names)
	return names
}
