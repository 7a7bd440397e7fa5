package explore

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// A file with more positions than a tree may hold gives the tree of its
// games before the first that would have gone beyond, in sections or
// not, and says why it stopped.
func TestTooManyPositions(t *testing.T) {
	corpus := corpusFiles(t)
	whole, err := Build(context.Background(), corpus[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	defer whole.Close()
	limit := whole.Positions() / 2
	for _, section := range []int64{4096, 1 << 30} {
		part, err := build(context.Background(), corpus[0], nil, options{maxPositions: limit, section: section})
		if !errors.Is(err, ErrTooManyPositions) {
			t.Fatalf("sections of %d bytes: %v", section, err)
		}
		if part.Len() == 0 || part.Len() >= whole.Len() || part.Positions() > limit {
			t.Fatalf("sections of %d bytes: %d games, %d positions (limit %d)", section, part.Len(), part.Positions(), limit)
		}
		// The same tree as the file cut after those games.
		data, err := os.ReadFile(corpus[0])
		if err != nil {
			t.Fatal(err)
		}
		cut := filepath.Join(t.TempDir(), "cut.pgn")
		if err := os.WriteFile(cut, firstGames(data, part.Len()), 0o644); err != nil {
			t.Fatal(err)
		}
		want, err := Build(context.Background(), cut, nil)
		if err != nil {
			t.Fatal(err)
		}
		if d := sameTree(part, want); d != "" {
			t.Errorf("sections of %d bytes: the tree of %d games differs from that of the file cut after them: %s", section, part.Len(), d)
		}
		// It stops at the game that could go beyond: a game has at most
		// a few hundred plies.
		if limit-part.Positions() > 600 {
			t.Errorf("sections of %d bytes: stopped at %d positions, %d short of the limit", section, part.Positions(), limit-part.Positions())
		}
		part.Close()
		want.Close()
	}
}

// firstGames returns the text of the first n games of data, a file whose
// games each start with an Event tag at the start of a line.
func firstGames(data []byte, n int) []byte {
	at := 0
	for range n {
		next := bytes.Index(data[at+1:], []byte("\n[Event "))
		if next < 0 {
			return data
		}
		at += 1 + next
	}
	return data[:at+1]
}

// corpusFiles returns the files of the corpus of games.
func corpusFiles(tb testing.TB) []string {
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "data", "pgn", "corpus", "*.pgn"))
	if len(files) == 0 {
		tb.Fatal("no corpus")
	}
	return files
}
