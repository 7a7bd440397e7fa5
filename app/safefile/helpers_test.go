package safefile_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/safefile"
)

// writeString returns a callback of Write that writes s.
func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	}
}

// create makes a file of content in dir and returns its path.
func create(t testing.TB, dir, name, content string, mode os.FileMode) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil { // past the umask
		t.Fatal(err)
	}
	return path
}

// checkContent fails unless the file at path holds want.
func checkContent(t testing.TB, path, want string) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, []byte(want)) {
		t.Errorf("%s holds %d bytes %.40q..., want %d bytes %.40q...", path, len(got), got, len(want), want)
	}
}

// checkNoTemp fails if dir holds a temporary file of the package.
func checkNoTemp(t testing.TB, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") && strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left in %s", e.Name(), dir)
		}
	}
}

// wantError fails unless err is a *safefile.Error of reason with the
// file unchanged, and returns it.
func wantError(t testing.TB, err error, reason safefile.Reason) *safefile.Error {
	t.Helper()
	var e *safefile.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T), want a *safefile.Error", err, err)
	}
	if e.Reason != reason || !e.Unchanged {
		t.Errorf("error %q: reason %v, unchanged %v; want %v, unchanged", e, e.Reason, e.Unchanged, reason)
	}
	if !strings.Contains(e.Error(), "the file is unchanged") {
		t.Errorf("error %q does not say the file is unchanged", e)
	}
	return e
}

// stamp returns the stamp of path.
func stamp(t testing.TB, path string) safefile.Stamp {
	t.Helper()
	s, err := safefile.StampOf(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// games returns a file of n games, and where each starts and ends.
func games(n int) (string, [][2]int64) {
	var b strings.Builder
	var at [][2]int64
	for i := range n {
		start := int64(b.Len())
		b.WriteString("[Event \"Round " + string(rune('1'+i)) + "\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n")
		b.WriteString(strings.Repeat("1. e4 e5 2. Nf3 Nc6 ", i+1) + "*\n")
		at = append(at, [2]int64{start, int64(b.Len())})
		b.WriteString("\n")
	}
	return b.String(), at
}
