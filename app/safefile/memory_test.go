package safefile_test

import (
	"crypto/sha256"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/safefile"
)

// sparseGames makes a file of size bytes, sparse but for a first and a
// last game, and returns its path.
func sparseGames(t testing.TB, dir string, size int64) (path, head, tail string) {
	t.Helper()
	path = filepath.Join(dir, "big.pgn")
	head = "[Event \"First\"]\n\n1. e4 *\n\n"
	tail = "\n[Event \"Last\"]\n\n1. c4 *\n"
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(head); err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt([]byte(tail), size-int64(len(tail))); err != nil {
		t.Fatal(err)
	}
	return path, head, tail
}

// zeros reads as endless zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// The rest of the file goes from file to file: what Splice allocates does
// not grow with the file.
func TestSpliceMemoryIsBounded(t *testing.T) {
	const size = 64 << 20
	path, head, tail := sparseGames(t, t.TempDir(), size)
	game := []byte("[Event \"Second\"]\n\n" + strings.Repeat("1. d4 d5 ", 100) + "*\n\n")
	at := int64(len(head))
	s := stamp(t, path)

	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	s, err := safefile.Splice(path, at, at+1000, game, s)
	if err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("Splice of a %d MiB file allocated %d bytes in %d allocations", size>>20, allocated, after.Mallocs-before.Mallocs)
	if allocated > 1<<20 {
		t.Errorf("Splice of a %d MiB file allocated %d bytes, want at most 1 MiB", size>>20, allocated)
	}

	want := sha256.New()
	io.WriteString(want, head)
	want.Write(game)
	io.Copy(want, io.LimitReader(zeros{}, size-at-1000-int64(len(tail))))
	io.WriteString(want, tail)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got := sha256.New()
	if _, err := io.Copy(got, f); err != nil {
		t.Fatal(err)
	}
	if string(got.Sum(nil)) != string(want.Sum(nil)) {
		t.Error("the file is not its first game, the new game and the rest")
	}
	// A file this large is stamped on its edges, its time and its inode.
	if changed, err := safefile.Changed(path, s); err != nil || changed {
		t.Errorf("the stamp Splice returned is not the file's: changed %v, %v", changed, err)
	}
}
