//go:build linux

package explore_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/explore"
)

// mountTmpfs mounts a tmpfs of size (read-only with ro) on a fresh
// folder, for the length of the test.
func mountTmpfs(t *testing.T, size string, ro bool) string {
	t.Helper()
	dir := t.TempDir()
	flags := uintptr(0)
	if ro {
		flags = syscall.MS_RDONLY
	}
	if err := syscall.Mount("tmpfs", dir, "tmpfs", flags, "size="+size); err != nil {
		t.Skipf("a small or read-only file system needs mount, which only root (CAP_SYS_ADMIN) may do: %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	return dir
}

// capablanca is a file of 597 games of the corpus: its tree takes about
// a megabyte in the cache.
func capablanca(t *testing.T) string {
	t.Helper()
	path := filepath.Join(sharedData, "pgn", "corpus", "Capablanca.pgn")
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// sameTree checks that tree answers as the tree Build makes of path.
func sameTree(t *testing.T, what string, tree *explore.Tree, path string) {
	t.Helper()
	want, err := explore.Build(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer want.Close()
	if tree.Len() != want.Len() || tree.Positions() != want.Positions() {
		t.Errorf("%s: %d games, %d positions; Build: %d, %d", what, tree.Len(), tree.Positions(), want.Len(), want.Positions())
	}
	for _, fen := range []string{startFEN, afterE4} {
		if a, b := movesText(t, tree, fen), movesText(t, want, fen); !slices.Equal(a, b) {
			t.Errorf("%s: Moves(%s) = %q, Build: %q", what, fen, a, b)
		}
		if a, b := gamesOf(t, tree, fen), gamesOf(t, want, fen); !slices.Equal(a, b) {
			t.Errorf("%s: Games(%s) differ from Build's", what, fen)
		}
	}
}

// filesIn returns the names in dir.
func filesIn(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// A cache on a full disk, with room neither for the game lists (64 KB)
// nor for the tables after them (256 KB), or in a read-only folder, does
// not keep the tree from being built: it is built without the cache,
// and nothing is left in the cache's folder.
func TestCacheThatCannotBeWritten(t *testing.T) {
	path := capablanca(t)
	for _, c := range []struct {
		name, size string
		ro         bool
	}{{"full at 64 KB", "64k", false}, {"full at 256 KB", "256k", false}, {"read-only", "1m", true}} {
		dir := mountTmpfs(t, c.size, c.ro)
		tree, err := explore.BuildCached(context.Background(), path, dir, nil)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		sameTree(t, c.name, tree, path)
		tree.Close()
		if names := filesIn(t, dir); len(names) != 0 {
			t.Errorf("%s: left %v in the cache", c.name, names)
		}
	}
	// A cache folder that cannot be made (its parent read-only).
	dir := filepath.Join(mountTmpfs(t, "1m", true), "echiquier", "trees")
	tree, err := explore.BuildCached(context.Background(), path, dir, nil)
	if err != nil {
		t.Fatalf("cache folder that cannot be made: %v", err)
	}
	sameTree(t, "cache folder that cannot be made", tree, path)
	tree.Close()
}

// A cache folder behind a symbolic link keeps trees as any other.
func TestCacheBehindASymlink(t *testing.T) {
	path := writeFile(t, small)
	real := t.TempDir()
	link := filepath.Join(t.TempDir(), "trees")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	built, err := explore.BuildCached(context.Background(), path, link, nil)
	if err != nil {
		t.Fatal(err)
	}
	built.Close()
	if names := filesIn(t, real); len(names) != 1 || filepath.Ext(names[0]) != ".tree" {
		t.Fatalf("the linked folder holds %v", names)
	}
	loadCached(t, path, link).Close()
}

// The file of a tree being built by a program killed meanwhile is taken
// away by the next build once an hour old; the file of a build that may
// still run is left.
func TestLeftoversOfAKilledBuild(t *testing.T) {
	path := writeFile(t, small)
	dir := t.TempDir()
	old, fresh := filepath.Join(dir, "building-1.tmp"), filepath.Join(dir, "building-2.tmp")
	for _, n := range []string{old, fresh} {
		if err := os.WriteFile(n, make([]byte, 4096), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	hoursAgo := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(old, hoursAgo, hoursAgo); err != nil {
		t.Fatal(err)
	}
	tree, err := explore.BuildCached(context.Background(), path, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	tree.Close()
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Error("the file of a build killed two hours ago is still there")
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("the file of a build that may still run was taken away: %v", err)
	}
}

// Two programs building the tree of the same file at once each get it,
// and the cache keeps one whole tree.
func TestTwoProgramsBuildTheSameTree(t *testing.T) {
	path := capablanca(t)
	dir := t.TempDir()
	trees := make([]*explore.Tree, 2)
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i := range trees {
		wg.Go(func() { trees[i], errs[i] = explore.BuildCached(context.Background(), path, dir, nil) })
	}
	wg.Wait()
	for i, tree := range trees {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		sameTree(t, "built beside another", tree, path)
		tree.Close()
	}
	if names := filesIn(t, dir); len(names) != 1 || filepath.Ext(names[0]) != ".tree" {
		t.Fatalf("the cache holds %v", names)
	}
	cached := loadCached(t, path, dir)
	sameTree(t, "cached", cached, path)
	cached.Close()
}

// loadCached returns the tree of path kept in dir, which must be there.
func loadCached(t *testing.T, path, dir string) *explore.Tree {
	t.Helper()
	tree, err := explore.LoadCached(path, dir)
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// A file another program changes while its tree is built (a game
// appended) has its tree built again: the tree, and the tree the cache
// keeps, are of the file as it is now, not of neither version.
func TestFileChangedWhileItsTreeIsBuilt(t *testing.T) {
	path := copyOf(t, capablanca(t))
	dir := t.TempDir()
	changes := 0
	tree, err := explore.BuildCached(context.Background(), path, dir, func(done, total int64) {
		if changes == 0 {
			changes++
			appendGame(t, path)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if changes == 0 {
		t.Fatal("the build never told its progress")
	}
	sameTree(t, "built while the file changed", tree, path)
	tree.Close()
	cached := loadCached(t, path, dir)
	sameTree(t, "cached", cached, path)
	cached.Close()
}

// A file that changes whenever its tree is built (a download under way)
// gets a tree with ErrFileChanged, which the cache does not keep.
func TestFileThatKeepsChanging(t *testing.T) {
	path := copyOf(t, capablanca(t))
	dir := t.TempDir()
	for _, c := range []struct {
		name  string
		build func(progress func(done, total int64)) (*explore.Tree, error)
	}{
		{"BuildCached", func(progress func(done, total int64)) (*explore.Tree, error) {
			return explore.BuildCached(context.Background(), path, dir, progress)
		}},
		{"Build", func(progress func(done, total int64)) (*explore.Tree, error) {
			return explore.Build(context.Background(), path, progress)
		}},
	} {
		last := int64(-1)
		tree, err := c.build(func(done, total int64) {
			if done <= last {
				// A build started again: the file changes again.
				appendGame(t, path)
			}
			if last < 0 {
				appendGame(t, path)
			}
			last = done
		})
		if !errors.Is(err, explore.ErrFileChanged) || tree == nil {
			t.Errorf("%s: %v, want a tree and ErrFileChanged", c.name, err)
		}
		if tree != nil {
			tree.Close()
		}
	}
	if names := filesIn(t, dir); len(names) != 0 {
		t.Errorf("the cache keeps %v", names)
	}
	if _, err := explore.LoadCached(path, dir); !errors.Is(err, explore.ErrNotCached) {
		t.Errorf("LoadCached: %v", err)
	}
}

// copyOf copies the file at path to a folder of its own.
func copyOf(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// appendGame appends a game to the file at path.
func appendGame(t *testing.T, path string) {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Error(err)
		return
	}
	f.WriteString("\n[Result \"1-0\"]\n\n1. a4 1-0\n")
	f.Close()
}
