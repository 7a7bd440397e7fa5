package explore

import (
	"bytes"
	"cmp"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/echiquier/echiquier/app/internal/shared"
)

// TestSpill: records spilled to disk in many small runs and merged, and
// lists of repeats spilled as well, give the tree of a build that holds
// them all in memory, for every position of a file of three copies of a
// corpus file; the spill files are gone once the tree is built.
// (Their files differ: the moves of a position come in another order.)
func TestSpill(t *testing.T) {
	data, err := os.ReadFile(shared.Path(t, "pgn", "corpus", "Capablanca.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "thrice.pgn")
	if err := os.WriteFile(path, bytes.Repeat(append(data, '\n'), 3), 0o644); err != nil {
		t.Fatal(err)
	}
	inMemory, err := Build(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer inMemory.Close()
	dir := t.TempDir()
	spilled, err := build(context.Background(), path, nil, options{dir: dir, maxRecords: 1000, maxPairs: 100})
	if err != nil {
		t.Fatal(err)
	}
	defer spilled.Close()
	if d := sameTree(t, spilled, inMemory, path); d != "" {
		t.Error(d)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("files left behind: %v", left)
	}
}

// TestGameBlocks: a file of more games than the static functions name
// blocks has blocks of two games, four..., and its positions reached by
// one game are found by replaying their block: the tree is that of
// blocks of one game.
func TestGameBlocks(t *testing.T) {
	path := shared.Path(t, "pgn", "corpus", "Capablanca.pgn")
	whole, err := Build(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer whole.Close()
	if whole.shift != 0 {
		t.Fatalf("blocks of %d games", 1<<whole.shift)
	}
	for _, blocks := range []int{1, 7, 64} {
		tree, err := build(context.Background(), path, nil, options{maxBlocks: blocks})
		if err != nil {
			t.Fatal(err)
		}
		if len(tree.gameAt) > blocks || tree.shift == 0 {
			t.Errorf("at most %d blocks: %d blocks of %d games", blocks, len(tree.gameAt), 1<<tree.shift)
		}
		if d := sameTree(t, tree, whole, path); d != "" {
			t.Errorf("at most %d blocks: %s", blocks, d)
		}
		tree.Close()
	}
}

// TestRunsSort: a buffer of records, many of the same positions, added
// in game order, is sorted by position, each position's records in game
// order: as a sort by comparisons would.
func TestRunsSort(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for _, n := range []int{0, 1, 2, 1000, 100_000} {
		rs := newRuns(n+1, t.TempDir())
		hashes := []uint64{1, 1 << 63, ^uint64(0), 0x123456789}
		for g := range n {
			h := hashes[r.IntN(len(hashes))]
			if r.IntN(2) == 0 {
				h = r.Uint64()
			}
			if err := rs.add(plyRec{hash: h, game: uint32(g / 3), move: uint16(g)}); err != nil {
				t.Fatal(err)
			}
		}
		want := slices.Clone(rs.buf)
		slices.SortStableFunc(want, func(a, b plyRec) int { return cmp.Compare(a.hash, b.hash) })
		rs.sort()
		if !slices.Equal(rs.buf, want) {
			t.Errorf("%d records sorted otherwise", n)
		}
		rs.close()
	}
}
