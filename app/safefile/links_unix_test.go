//go:build unix

package safefile_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/echiquier/echiquier/app/safefile"
)

func TestWriteKeepsHardLinks(t *testing.T) {
	dir := t.TempDir()
	path := create(t, dir, "game.pgn", strings.Repeat("1. e4 e5 ", 100), 0o644)
	other := filepath.Join(dir, "copy.pgn")
	if err := os.Link(path, other); err != nil {
		t.Fatal(err)
	}
	for _, content := range []string{"longer: " + strings.Repeat("1. d4 d5 ", 200), "shorter\n"} {
		s, err := safefile.Write(path, writeString(content), nil)
		if err != nil {
			t.Fatal(err)
		}
		checkContent(t, path, content)
		checkContent(t, other, content)
		if changed, err := safefile.Changed(other, s); err != nil || changed {
			t.Errorf("the stamp Write returned is not the file's: changed %v, %v", changed, err)
		}
	}
	a, _ := os.Stat(path)
	b, _ := os.Stat(other)
	if !os.SameFile(a, b) {
		t.Error("the two names are two files now")
	}
	checkNoTemp(t, dir)
}

func TestWriteKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root can give a file to another owner, which the test checks is kept")
	}
	dir := t.TempDir()
	path := create(t, dir, "game.pgn", "1. e4 *\n", 0o644)
	if err := os.Chown(path, 1234, 5678); err != nil {
		t.Fatal(err)
	}
	if _, err := safefile.Write(path, writeString("1. c4 *\n"), nil); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st := info.Sys().(*syscall.Stat_t); st.Uid != 1234 || st.Gid != 5678 {
		t.Errorf("owner now %d:%d, want 1234:5678", st.Uid, st.Gid)
	}
}
