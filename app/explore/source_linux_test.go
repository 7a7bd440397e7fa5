//go:build linux

package explore_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/explore"
	"github.com/echiquier/echiquier/app/internal/shared"
)

// carlsen copies a file of 2,500 games of the corpus (4 MB: sixteen
// sections, read a few at a time) to a folder of its own, and returns
// its path and its bytes.
func carlsen(t *testing.T) (string, []byte) {
	t.Helper()
	data, err := os.ReadFile(shared.Path(t, "pgn", "corpus", "Carlsen.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, data
}

// rewriteMiddle rewrites in place the bytes of the file at path from
// from to 64 KB before its end, data being its bytes: White's wins
// become Black's. The file keeps its size, its first and last 64 KB;
// with keepTime, its modification time too.
func rewriteMiddle(t *testing.T, path string, data []byte, from int, keepTime bool) {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	to := len(data) - 64<<10
	middle := bytes.ReplaceAll(data[from:to], []byte(`[Result "1-0"]`), []byte(`[Result "0-1"]`))
	if bytes.Equal(middle, data[from:to]) {
		t.Fatal("the middle of the file has no game won by White")
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(middle, int64(from)); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if keepTime {
		if err := os.Chtimes(path, time.Time{}, st.ModTime()); err != nil {
			t.Fatal(err)
		}
		if now, _ := os.Stat(path); now.Size() != st.Size() || !now.ModTime().Equal(st.ModTime()) {
			t.Fatal("the file's size or time changed")
		}
	}
}

// A cached tree is not used once its file changed, even keeping its
// size, its modification time (set back) and its first and last 64 KB:
// the file's change time, which no program sets back, tells.
func TestFileChangedKeepingSizeAndTime(t *testing.T) {
	path, data := carlsen(t)
	dir := t.TempDir()
	built, err := explore.BuildCached(context.Background(), path, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	built.Close()
	rewriteMiddle(t, path, data, 128<<10, true)
	if tree, err := explore.LoadCached(path, dir); !errors.Is(err, explore.ErrNotCached) {
		if err == nil {
			tree.Close()
		}
		t.Errorf("LoadCached after the change: %v, want ErrNotCached", err)
	}
	tree, err := explore.BuildCached(context.Background(), path, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	sameTree(t, "after the change", tree, path)
	tree.Close()
}

// A file rewritten in place while its tree is built, keeping its size
// and its time, never gives a tree of mixed counts: the tree is built
// again, of the file as it is now, or comes with ErrFileChanged; the
// cache keeps a tree of the file as it is now or none.
func TestFileRewrittenWhileItsTreeIsBuilt(t *testing.T) {
	for _, cached := range []bool{true, false} {
		path, data := carlsen(t)
		dir := t.TempDir()
		changed := false
		progress := func(done, total int64) {
			if !changed {
				changed = true
				rewriteMiddle(t, path, data, 64<<10, true)
			}
		}
		var tree *explore.Tree
		var err error
		if cached {
			tree, err = explore.BuildCached(context.Background(), path, dir, progress)
		} else {
			tree, err = explore.Build(context.Background(), path, progress)
		}
		if !changed {
			t.Fatal("the build never told its progress")
		}
		switch {
		case errors.Is(err, explore.ErrFileChanged):
			tree.Close()
		case err != nil:
			t.Fatal(err)
		default:
			sameTree(t, "built while the file was rewritten", tree, path)
			tree.Close()
		}
		if tree, err := explore.LoadCached(path, dir); err == nil {
			sameTree(t, "cached", tree, path)
			tree.Close()
		}
	}
}

// A file touched, or copied back over itself, keeps its cached tree:
// its key changed, but not its bytes, which are read to be hashed and
// not built again; the cache file takes the file's new key.
func TestTouchedFileKeepsItsTree(t *testing.T) {
	path, data := carlsen(t)
	dir := t.TempDir()
	built, err := explore.BuildCached(context.Background(), path, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	built.Close()
	names := filesIn(t, dir)
	if len(names) != 1 {
		t.Fatalf("the cache holds %v", names)
	}
	name := filepath.Join(dir, names[0])
	kept, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	for _, change := range []struct {
		name string
		do   func() error
	}{
		{"touched", func() error { return os.Chtimes(path, later, later) }},
		{"copied back", func() error {
			copied := path + ".new"
			if err := os.WriteFile(copied, data, 0o644); err != nil {
				return err
			}
			return os.Rename(copied, path)
		}},
	} {
		if err := change.do(); err != nil {
			t.Fatal(err)
		}
		if _, err := explore.LoadCached(path, dir); !errors.Is(err, explore.ErrNotCached) {
			t.Errorf("%s: LoadCached, which reads no PGN file: %v, want ErrNotCached", change.name, err)
		}
		tree, err := explore.BuildCached(context.Background(), path, dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		sameTree(t, change.name, tree, path)
		tree.Close()
		if now, err := os.Stat(name); err != nil || !os.SameFile(now, kept) {
			t.Errorf("%s: the cache file was replaced: the tree was built again", change.name)
		}
		loadCached(t, path, dir).Close()
	}
}

// TestAPipeIsNeverWaitedOn: a file replaced by a named pipe after it was
// opened in the window would have kept the tree's reader waiting for
// ever.
func TestAPipeIsNeverWaitedOn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := explore.BuildCached(context.Background(), path, t.TempDir(), nil)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil {
			t.Error("a tree was built of a pipe")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the tree waits on the pipe")
	}
}
