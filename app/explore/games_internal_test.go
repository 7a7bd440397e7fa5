package explore

import (
	"bytes"
	"encoding/binary"
	"io"
	"slices"
	"testing"
)

// listTree returns a tree of a position for each list, whose games are
// those of the list, coded as the builder codes them, one after the
// other in its body, and the positions.
func listTree(lists ...[]int) (*Tree, []position) {
	var buf []byte
	t := &Tree{}
	var positions []position
	for _, games := range lists {
		last := 0
		from := len(buf)
		for _, g := range games {
			buf = binary.AppendUvarint(buf, uint64(g-last))
			last = g
			t.games = max(t.games, g)
		}
		n := uint64(len(games))
		positions = append(positions, position{found: true, count: n, listed: n, listFrom: int64(from), listTo: int64(len(buf))})
	}
	sums := &pageSums{w: io.Discard}
	sums.Write(buf)
	t.body = body{r: bytes.NewReader(buf), end: int64(len(buf)), sums: sums.done()}
	t.listsEnd = int64(len(buf))
	return t, positions
}

// setOf returns games as a set of bits, bit n-1 for game n.
func setOf(games []int, total int) []uint64 {
	set := make([]uint64, (total+63)/64)
	for _, g := range games {
		set[(g-1)/64] |= 1 << ((g - 1) % 64)
	}
	return set
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
		tree, pos := listTree(want)
		got, err := tree.gamesOf(&pos[0])
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("list %v read as %v, %v", want, got, err)
		}
		set, err := tree.gameSetOf(&pos[0])
		if err != nil || !slices.Equal(set, setOf(want, tree.games)) {
			t.Errorf("list %v read as the set %x, %v", want, set, err)
		}
	}
}

// A list is read to its count of games, eight at a time or not: a
// cache file whose count and list disagree gives what the count says,
// never more.
func TestGamesListEndsAtItsCount(t *testing.T) {
	first := []int{1, 2, 3, 4, 5, 6, 7}
	second := []int{8, 9, 10, 11, 12, 13, 14, 15, 16}
	tree, pos := listTree(first, second)
	for i, want := range [][]int{first, second} {
		got, err := tree.gamesOf(&pos[i])
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("list %d: %v, %v", i, got, err)
		}
		set, err := tree.gameSetOf(&pos[i])
		if err != nil || !slices.Equal(set, setOf(want, tree.games)) {
			t.Errorf("list %d as a set: %x, %v", i, set, err)
		}
	}
	tree, pos = listTree([]int{1, 2, 3, 4, 5, 6, 7, 8})
	pos[0].count, pos[0].listed = 7, 7
	if got, err := tree.gamesOf(&pos[0]); err != nil || !slices.Equal(got, first) {
		t.Errorf("a list of eight counted as seven: %v, %v", got, err)
	}
}

// A list that names a game the file does not have is damaged.
func TestGameSetRefusesAGameBeyondTheFile(t *testing.T) {
	tree, pos := listTree([]int{3, 9})
	tree.games = 5
	if _, err := tree.gameSetOf(&pos[0]); !isDamaged(err) {
		t.Errorf("gameSetAt: %v", err)
	}
}

// BenchmarkGamesEveryGame lists the games of a position that 3.26
// million games reach, all of them: the start position of the big file,
// as Games lists them and as a set of bits, which the window asks for.
func BenchmarkGamesEveryGame(b *testing.B) {
	games := make([]int, 3_257_000)
	for i := range games {
		games[i] = i + 1
	}
	tree, pos := listTree(games)
	for _, bm := range []struct {
		name string
		read func(int) error
	}{
		{"list", func(i int) error { _, err := tree.gamesOf(&pos[i]); return err }},
		{"set", func(i int) error { _, err := tree.gameSetOf(&pos[i]); return err }},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := bm.read(0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
