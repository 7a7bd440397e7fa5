package explore

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestSpill: game lists spilled to disk in many small runs and merged
// read back the same as lists kept in memory, for every position of a
// corpus file, and the spill file is gone once the tree is built.
func TestSpill(t *testing.T) {
	path := filepath.Join("..", "..", "..", "shared", "data", "pgn", "corpus", "Fischer.pgn")
	inMemory, err := Build(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	spilled, err := build(context.Background(), path, nil, options{dir: dir, maxPairs: 1000})
	if err != nil {
		t.Fatal(err)
	}
	defer spilled.Close()
	if spilled.closer == nil || inMemory.closer != nil {
		t.Fatal("the lists should be in a file for one tree, in memory for the other")
	}
	if !slices.Equal(spilled.pos.slots, inMemory.pos.slots) || !slices.Equal(spilled.count, inMemory.count) {
		t.Fatal("the two trees have different positions")
	}
	for i := range spilled.count {
		a, err := spilled.gamesAt(i)
		if err != nil {
			t.Fatal(err)
		}
		b, err := inMemory.gamesAt(i)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(a, b) || len(a) != int(inMemory.count[i]) {
			t.Fatalf("position %d: games %v spilled, %v in memory", i, a, b)
		}
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("files left behind: %v", left)
	}
}
