//go:build linux

package explore_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/explore"
	"github.com/echiquier/echiquier/app/internal/shared"
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
// 145 KB in the cache.
func capablanca(t *testing.T) string {
	t.Helper()
	return shared.Path(t, "pgn", "corpus", "Capablanca.pgn")
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

// A cache on a full disk, with room neither for the game lists and the
// parts of the tree written aside while it is merged (64 KB) nor for the
// whole tree (128 KB), or in a read-only folder, does not keep the tree
// from being built: it is built without the cache, and nothing is left
// in the cache's folder.
func TestCacheThatCannotBeWritten(t *testing.T) {
	path := capablanca(t)
	for _, c := range []struct {
		name, size string
		ro         bool
	}{{"full at 64 KB", "64k", false}, {"full at 128 KB", "128k", false}, {"read-only", "1m", true}} {
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
// away by the next build, whether it was killed two hours or a moment
// ago: no program holds it; the file of a build that still runs, which
// its program holds, is left, and its tree kept.
func TestLeftoversOfAKilledBuild(t *testing.T) {
	dir := t.TempDir()
	old, killed := filepath.Join(dir, "building-1.tmp"), filepath.Join(dir, "building-2.tmp")
	for _, n := range []string{old, killed} {
		if err := os.WriteFile(n, make([]byte, 4096), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	hoursAgo := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(old, hoursAgo, hoursAgo); err != nil {
		t.Fatal(err)
	}
	// A build under way, waiting in its progress.
	running := capablanca(t)
	started, resume := make(chan bool), make(chan bool)
	var other *explore.Tree
	var otherErr error
	var wg sync.WaitGroup
	wg.Go(func() {
		once := false
		other, otherErr = explore.BuildCached(context.Background(), running, dir, func(done, total int64) {
			if !once {
				once = true
				started <- true
				<-resume
			}
		})
	})
	<-started
	tree, err := explore.BuildCached(context.Background(), writeFile(t, small), dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	tree.Close()
	for _, n := range []string{old, killed} {
		if _, err := os.Stat(n); !os.IsNotExist(err) {
			t.Errorf("the file of a killed build, %s, is still there", filepath.Base(n))
		}
	}
	close(resume)
	wg.Wait()
	if otherErr != nil {
		t.Fatal(otherErr)
	}
	other.Close()
	loadCached(t, running, dir).Close()
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

// Tidy removes the trees of PGN files that are gone, then those used
// least lately while the folder holds more than its room; the tree used
// last stays, whatever its size, and the files of trees being built are
// left.
func TestTidy(t *testing.T) {
	dir := t.TempDir()
	var names []string
	for i := range 4 {
		path := writeFile(t, small)
		tree, err := explore.BuildCached(context.Background(), path, dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		tree.Close()
		if i == 3 {
			// Its PGN file is gone.
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
		}
		for _, n := range filesIn(t, dir) {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	if len(names) != 4 {
		t.Fatalf("the cache holds %v", names)
	}
	// Trees of 100 MB (sparse: the size is what counts), used an hour
	// apart, the first the least lately.
	for i, n := range names[:3] {
		name := filepath.Join(dir, n)
		if err := os.Truncate(name, 100<<20); err != nil {
			t.Fatal(err)
		}
		used := time.Now().Add(time.Duration(i-3) * time.Hour)
		if err := os.Chtimes(name, used, used); err != nil {
			t.Fatal(err)
		}
	}
	building := filepath.Join(dir, "building-1.tmp")
	if err := os.WriteFile(building, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := explore.Tidy(dir, 250<<20); err != nil {
		t.Fatal(err)
	}
	if got, want := filesIn(t, dir), []string{"building-1.tmp", names[1], names[2]}; !sameNames(got, want) {
		t.Errorf("within 250 MB, the cache holds %v, want %v", got, want)
	}
	if err := explore.Tidy(dir, 1<<20); err != nil {
		t.Fatal(err)
	}
	if got, want := filesIn(t, dir), []string{"building-1.tmp", names[2]}; !sameNames(got, want) {
		t.Errorf("within 1 MB, the cache holds %v, want %v", got, want)
	}
	if err := explore.Tidy(filepath.Join(dir, "none"), 0); err != nil {
		t.Errorf("a cache folder not made yet: %v", err)
	}
}

// sameNames reports whether a and b hold the same names.
func sameNames(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// A build whose tree nobody wants any more (its context canceled with
// ErrUnwanted) stops, returns no tree, and leaves nothing in the cache.
func TestUnwantedBuildStops(t *testing.T) {
	path := capablanca(t)
	dir := t.TempDir()
	ctx, cancel := context.WithCancelCause(context.Background())
	tree, err := explore.BuildCached(ctx, path, dir, func(done, total int64) {
		if done > 0 {
			cancel(explore.ErrUnwanted)
		}
	})
	if tree != nil || !errors.Is(err, explore.ErrUnwanted) {
		t.Errorf("%v, %v; want no tree and ErrUnwanted", tree, err)
	}
	if names := filesIn(t, dir); len(names) != 0 {
		t.Errorf("the cache holds %v", names)
	}
}

// killedEnv makes the test binary a program that builds a tree and
// waits to be killed (TestKilledBuild): its value is the part of the
// build where it waits, "reading" or "merging".
const killedEnv = "ECHIQUIER_KILLED_BUILD"

// TestKilledBuild: a program killed (kill -9) while it reads the file
// or while it merges what it read into the tree's file leaves no tree
// that another program would take, and the next build, in another
// program, takes its leftovers away and keeps a whole tree.
func TestKilledBuild(t *testing.T) {
	if phase := os.Getenv(killedEnv); phase != "" {
		buildUntilKilled(t, phase)
		return
	}
	path := shared.Path(t, "pgn", "corpus", "Carlsen.pgn")
	for _, phase := range []string{"reading", "merging"} {
		dir := t.TempDir()
		cmd := exec.Command(os.Args[0], "-test.run=^TestKilledBuild$")
		cmd.Env = append(os.Environ(), killedEnv+"="+phase, "ECHIQUIER_KILLED_FILE="+path, "ECHIQUIER_KILLED_DIR="+dir)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		line, err := bufio.NewReader(out).ReadString('\n')
		if err != nil || line != phase+"\n" {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("%s: the builder said %q, %v", phase, line, err)
		}
		cmd.Process.Kill() // SIGKILL
		cmd.Wait()
		building, _ := filepath.Glob(filepath.Join(dir, "building-*.tmp"))
		if len(building) != 1 {
			t.Fatalf("%s: the killed build left %v", phase, filesIn(t, dir))
		}
		if _, err := explore.LoadCached(path, dir); !errors.Is(err, explore.ErrNotCached) {
			t.Errorf("%s: the tree of a killed build is taken: %v", phase, err)
		}
		tree, err := explore.BuildCached(context.Background(), path, dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		sameTree(t, phase, tree, path)
		tree.Close()
		if names := filesIn(t, dir); len(names) != 1 || filepath.Ext(names[0]) != ".tree" {
			t.Errorf("%s: the cache holds %v", phase, names)
		}
	}
}

// buildUntilKilled builds the tree the parent test names and, once in
// phase, says so on its output and waits to be killed.
func buildUntilKilled(t *testing.T, phase string) {
	path, dir := os.Getenv("ECHIQUIER_KILLED_FILE"), os.Getenv("ECHIQUIER_KILLED_DIR")
	explore.BuildCached(context.Background(), path, dir, func(done, total int64) {
		// The reading goes to four fifths of the progress, the merge
		// beyond (explore's readShare).
		reading := done > 0 && done < total-total/5
		merging := done > total-total/5 && done < total
		if phase == "reading" && reading || phase == "merging" && merging {
			fmt.Println(phase)
			select {}
		}
	})
	t.Fatalf("the build ended before it was %s", phase)
}
