package explore_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/echiquier/echiquier/app/explore"
	"github.com/echiquier/echiquier/app/game"
)

// small is a file made to test the rules of the tree: results, ratings,
// set-up positions, repetitions, en passant and unreadable games.
const small = `[Result "1-0"]
[WhiteElo "2400"]
[BlackElo "2200"]

1. e4 e5 2. Nf3 Nc6 1-0

[Result "*"]

1. e4 ) e5 *

[Result "*"]

1. e4 c5 *

[Result "1/2-1/2"]

1. e4 e4 1/2-1/2

[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]
[Result "0-1"]
[WhiteElo "1800"]
[BlackElo "2000"]

1... c5 0-1

[Result "1/2-1/2"]

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 1/2-1/2

[Result "1-0"]

1. e4 Nf6 2. e5 d5 3. exd6 1-0

[Result "0-1"]

1. e4 Nf6 2. Qf3 d6 3. Qh5 Nc6 4. Qd1 Nb8 5. e5 d5 6. d4 0-1
`

const (
	startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	afterE4  = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
	// After 1. e4 Nf6 2. e5 d5, with and without the en passant capture.
	withEP    = "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
	withoutEP = "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 6"
)

func writeFile(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func buildSmall(t *testing.T) *explore.Tree {
	t.Helper()
	tree, err := explore.Build(context.Background(), writeFile(t, small), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tree.Close() })
	return tree
}

func movesText(t *testing.T, tree *explore.Tree, fen string) []string {
	t.Helper()
	moves, err := tree.Moves(fen)
	if err != nil {
		t.Fatalf("Moves(%s): %v", fen, err)
	}
	var s []string
	for _, m := range moves {
		s = append(s, fmt.Sprintf("%s %s %d %d/%d/%d %d×%d", m.SAN, m.UCI, m.Games, m.WhiteWins, m.Draws, m.BlackWins, m.AvgElo, m.Rated))
	}
	return s
}

func gamesOf(t *testing.T, tree *explore.Tree, fen string) []int {
	t.Helper()
	games, err := tree.Games(fen)
	if err != nil {
		t.Fatalf("Games(%s): %v", fen, err)
	}
	return games
}

// TestCounts: the counts of the small file, worked out by hand.
func TestCounts(t *testing.T) {
	tree := buildSmall(t)
	if tree.Len() != 8 || tree.Skipped() != 2 {
		t.Errorf("Len %d, Skipped %d; want 8 and 2", tree.Len(), tree.Skipped())
	}
	for _, c := range []struct {
		fen   string
		moves []string
		games []int
	}{
		// Game 6 comes back to the start position: it counts once.
		{startFEN, []string{"e4 e2e4 4 2/0/1 2400×1", "Nf3 g1f3 1 0/1/0 0×0"}, []int{1, 3, 6, 7, 8}},
		// Game 5 starts here with Black to move: its rating is Black's;
		// game 3 ("*") counts in none of the results.
		{afterE4, []string{"c5 c7c5 2 0/0/1 2000×1", "Nf6 g8f6 2 1/0/1 0×0", "e5 e7e5 1 1/0/0 2200×1"}, []int{1, 3, 5, 7, 8}},
		// The en passant square counts only when the capture is legal.
		{withEP, []string{"exd6 e5d6 1 1/0/0 0×0"}, []int{7}},
		{withoutEP, []string{"d4 d2d4 1 0/0/1 0×0"}, []int{8}},
		// The end of a game is a position with games and no moves.
		{"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", nil, []int{1}},
		// No game reached it.
		{"8/8/8/8/8/8/8/K6k w - - 0 1", nil, nil},
	} {
		if got := movesText(t, tree, c.fen); !slices.Equal(got, c.moves) {
			t.Errorf("Moves(%s)\n got %q\nwant %q", c.fen, got, c.moves)
		}
		if got := gamesOf(t, tree, c.fen); !slices.Equal(got, c.games) {
			t.Errorf("Games(%s) = %v, want %v", c.fen, got, c.games)
		}
	}
}

// TestFENFields: only the first four fields of a FEN count, and an en
// passant square no pawn can take on is no different from none.
func TestFENFields(t *testing.T) {
	tree := buildSmall(t)
	want := movesText(t, tree, afterE4)
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 7 40",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3",
	} {
		if got := movesText(t, tree, fen); !slices.Equal(got, want) {
			t.Errorf("Moves(%s) = %q, want %q", fen, got, want)
		}
	}
	if moves := movesText(t, tree, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b Qkq - 0 1"); moves != nil {
		t.Errorf("other castling rights, other position: %q", moves)
	}
}

// TestBadFEN: a FEN that cannot be read is an error of its own kind.
func TestBadFEN(t *testing.T) {
	tree := buildSmall(t)
	for _, fen := range []string{"", "rnbqkbnr/pppppppp w", "8/8/8/8/8/8/8/8 w - - 0 1"} {
		var fe *game.FENError
		if _, err := tree.Moves(fen); !errors.As(err, &fe) {
			t.Errorf("Moves(%q) error %v, want a *game.FENError", fen, err)
		}
		if _, err := tree.Games(fen); !errors.As(err, &fe) {
			t.Errorf("Games(%q) error %v, want a *game.FENError", fen, err)
		}
	}
}

// TestProgress: progress goes up to the file's size, never backwards.
func TestProgress(t *testing.T) {
	path := writeFile(t, small)
	var calls [][2]int64
	if _, err := explore.Build(context.Background(), path, func(done, total int64) {
		calls = append(calls, [2]int64{done, total})
	}); err != nil {
		t.Fatal(err)
	}
	if len(calls) == 0 || calls[len(calls)-1] != [2]int64{int64(len(small)), int64(len(small))} {
		t.Fatalf("progress calls %v, want to end with the size %d", calls, len(small))
	}
	for i := 1; i < len(calls); i++ {
		if calls[i][0] < calls[i-1][0] {
			t.Errorf("progress goes back: %v", calls)
		}
	}
}

// TestCancel: a build whose context is done stops with its error.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tree, err := explore.Build(ctx, writeFile(t, small), nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if tree == nil || tree.Len() > 8 {
		t.Fatalf("tree %v: want the part built", tree)
	}
}

// TestMissingFile: the error of the file system.
func TestMissingFile(t *testing.T) {
	if _, err := explore.Build(context.Background(), filepath.Join(t.TempDir(), "none.pgn"), nil); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("error %v, want os.ErrNotExist", err)
	}
}

// TestCache: a tree read back from the cache answers as the one built,
// without reading the PGN file again; a changed file is read again.
func TestCache(t *testing.T) {
	path := writeFile(t, small)
	dir := t.TempDir()
	built, err := explore.BuildCached(context.Background(), path, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer built.Close()
	calls := 0
	cached, err := explore.BuildCached(context.Background(), path, dir, func(done, total int64) { calls++ })
	if err != nil {
		t.Fatal(err)
	}
	defer cached.Close()
	if calls != 1 {
		t.Errorf("progress called %d times for a cached tree, want once", calls)
	}
	for _, fen := range []string{startFEN, afterE4, withEP, withoutEP} {
		if a, b := movesText(t, built, fen), movesText(t, cached, fen); !slices.Equal(a, b) {
			t.Errorf("Moves(%s): %q built, %q cached", fen, a, b)
		}
		if a, b := gamesOf(t, built, fen), gamesOf(t, cached, fen); !slices.Equal(a, b) {
			t.Errorf("Games(%s): %v built, %v cached", fen, a, b)
		}
	}
	if cached.Len() != built.Len() || cached.Skipped() != built.Skipped() || cached.Positions() != built.Positions() {
		t.Errorf("cached tree: %d games, %d skipped, %d positions; built: %d, %d, %d",
			cached.Len(), cached.Skipped(), cached.Positions(), built.Len(), built.Skipped(), built.Positions())
	}
	files, _ := os.ReadDir(dir)
	if len(files) != 1 {
		t.Errorf("cache directory holds %d files, want 1", len(files))
	}

	// The same size, another game: 1. d4 instead of 1. e4 in the
	// first game.
	changed := []byte(small)
	copy(changed[len("[Result \"1-0\"]\n[WhiteElo \"2400\"]\n[BlackElo \"2200\"]\n\n1. "):], "d4")
	if err := os.WriteFile(path, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	again, err := explore.BuildCached(context.Background(), path, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if got := movesText(t, again, startFEN); !slices.Contains(got, "d4 d2d4 1 1/0/0 2400×1") {
		t.Errorf("after the change, Moves(start) = %q: the old tree was used", got)
	}
}

// TestLoadCached: LoadCached gives the tree BuildCached kept, and
// ErrNotCached, without building, before it was kept or once the file
// changed.
func TestLoadCached(t *testing.T) {
	path := writeFile(t, small)
	dir := t.TempDir()
	if tree, err := explore.LoadCached(path, dir); !errors.Is(err, explore.ErrNotCached) {
		t.Fatalf("nothing cached yet: %v, %v", tree, err)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("LoadCached wrote %d files in the cache", len(files))
	}
	built, err := explore.BuildCached(context.Background(), path, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer built.Close()
	cached, err := explore.LoadCached(path, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer cached.Close()
	if a, b := movesText(t, built, startFEN), movesText(t, cached, startFEN); !slices.Equal(a, b) {
		t.Errorf("Moves(start): %q built, %q cached", a, b)
	}
	if a, b := gamesOf(t, built, afterE4), gamesOf(t, cached, afterE4); !slices.Equal(a, b) {
		t.Errorf("Games(1. e4): %v built, %v cached", a, b)
	}
	if err := os.WriteFile(path, []byte(small+"\n[Result \"*\"]\n\n1. d4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if tree, err := explore.LoadCached(path, dir); !errors.Is(err, explore.ErrNotCached) {
		t.Errorf("the file changed: %v, %v", tree, err)
	}
	if _, err := explore.LoadCached(filepath.Join(dir, "missing.pgn"), dir); err == nil || errors.Is(err, explore.ErrNotCached) {
		t.Errorf("a missing file: %v, want the error of opening it", err)
	}
}

// TestDamagedCache: a cache file that was cut short or overwritten is
// built again, not trusted.
func TestDamagedCache(t *testing.T) {
	path := writeFile(t, small)
	dir := t.TempDir()
	built, err := explore.BuildCached(context.Background(), path, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := movesText(t, built, afterE4)
	built.Close()
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, damaged := range [][]byte{data[:len(data)/2], append(append([]byte{}, data[:200]...), make([]byte, len(data)-200)...)} {
		if err := os.WriteFile(files[0], damaged, 0o644); err != nil {
			t.Fatal(err)
		}
		tree, err := explore.BuildCached(context.Background(), path, dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := movesText(t, tree, afterE4); !slices.Equal(got, want) {
			t.Errorf("from a damaged cache: %q, want %q", got, want)
		}
		tree.Close()
	}
}
