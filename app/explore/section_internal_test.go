package explore

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/echiquier/echiquier/app/internal/shared"
)

// TestSections: a file read in sections cut anywhere, down to a byte,
// gives the tree of the file read in one section: the same games,
// numbered alike, whatever runs past a cut (comments holding tags, games
// without tags, escape lines). TestEdgeFiles checks the tree of one
// section against an independent count.
func TestSections(t *testing.T) {
	files := shared.Glob(t, "pgn", "edge", "*.pgn")
	corpus := shared.Glob(t, "pgn", "corpus", "*.pgn")
	files = append(files, corpus[0])
	cut := 0
	for _, path := range files {
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := build(context.Background(), path, nil, options{section: st.Size() + 1})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, size := range []int64{1, 97, 4096, 64 << 10} {
			if size >= st.Size() {
				continue
			}
			cut++
			parts, err := build(context.Background(), path, nil, options{section: size})
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if d := sameTree(t, parts, whole, path); d != "" {
				t.Errorf("%s in sections of %d bytes: %s", filepath.Base(path), size, d)
			}
			parts.Close()
		}
		whole.Close()
	}
	if cut < len(files) {
		t.Errorf("only %d files cut", cut)
	}
}
