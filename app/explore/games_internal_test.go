package explore

import (
	"bytes"
	"encoding/binary"
	"slices"
	"testing"
)

// listTree returns a tree of one position whose games are games, coded
// as the builder codes them.
func listTree(games []int) *Tree {
	var buf []byte
	last := 0
	for _, g := range games {
		buf = binary.AppendUvarint(buf, uint64(g-last))
		last = g
	}
	return &Tree{count: []uint32{uint32(len(games))}, listAt: []uint64{0, uint64(len(buf))}, lists: bytes.NewReader(buf)}
}

// TestGamesListRuns: lists mixing runs of games that follow each other
// (read eight at a time) with gaps of one byte and more read back whole,
// short lists and lists of several blocks.
func TestGamesListRuns(t *testing.T) {
	lists := [][]int{
		{1, 2, 3, 4, 5, 6, 7, 8},
		{1, 2, 3, 4, 5, 6, 7},
		{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 300, 301, 302, 303, 304, 305, 306, 307, 308, 1 << 30},
	}
	var long []int
	for g := 5; len(long) < 1000; g++ {
		if g%97 != 0 && g%13 != 5 {
			long = append(long, g)
		}
	}
	// Longer than the blocks read, with gaps of two bytes and more
	// across their ends.
	var blocks []int
	for g := 1; len(blocks) < 3*listBlock; g++ {
		switch len(blocks) % 3 {
		case 0:
			g += 1000
		case 1:
			g += 100_000
		}
		blocks = append(blocks, g)
	}
	lists = append(lists, long, blocks)
	for _, want := range lists {
		got, err := listTree(want).gamesAt(0)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("list %v read as %v, %v", want, got, err)
		}
	}
}

// BenchmarkGamesEveryGame lists the games of a position that 3.26
// million games reach, all of them: the start position of the big file.
func BenchmarkGamesEveryGame(b *testing.B) {
	games := make([]int, 3_257_000)
	for i := range games {
		games[i] = i + 1
	}
	tree := listTree(games)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tree.gamesAt(0); err != nil {
			b.Fatal(err)
		}
	}
}
