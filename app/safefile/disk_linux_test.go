package safefile_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/safefile"
)

func TestWriteOnFullDiskLeavesFileUnchanged(t *testing.T) {
	dir := smallDisk(t)
	old := strings.Repeat("1. e4 e5 2. Nf3 Nc6 ", 400) // 8 KB
	path := create(t, dir, "game.pgn", old, 0o644)
	_, err := safefile.Write(path, writeString(strings.Repeat("x", 200<<10)), nil)
	wantError(t, err, safefile.ReasonNoSpace)
	checkContent(t, path, old)
	checkNoTemp(t, dir)
}

func TestSpliceOnFullDiskLeavesFileUnchanged(t *testing.T) {
	dir := smallDisk(t)
	text, at := games(5)
	text = strings.Repeat(text, 60) // 36 KB: the copy cannot fit beside it
	path := create(t, dir, "games.pgn", text, 0o644)
	_, err := safefile.Splice(path, at[2][0], at[2][1], []byte("[Event \"New\"]\n\n1. d4 *\n"), stamp(t, path))
	wantError(t, err, safefile.ReasonNoSpace)
	checkContent(t, path, text)
	checkNoTemp(t, dir)
}

// A file of two names is rewritten in place, which needs room to grow:
// the room is taken before the file is touched.
func TestHardLinkOnFullDiskIsNotTouched(t *testing.T) {
	dir := smallDisk(t)
	old := strings.Repeat("a", 16<<10)
	path := create(t, dir, "game.pgn", old, 0o644)
	other := filepath.Join(dir, "link.pgn")
	if err := os.Link(path, other); err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	// The new content and the copy of the old fit beside the file (15 of
	// 16 pages); the file growing to the new size does not.
	_, err = safefile.Write(path, writeString(strings.Repeat("b", 28<<10)), nil)
	wantError(t, err, safefile.ReasonNoSpace)
	checkContent(t, path, old)
	checkContent(t, other, old)
	after, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if !after.ModTime().Equal(before.ModTime()) {
		t.Error("the file was written to, then restored")
	}
	checkNoTemp(t, dir)
}

func TestReadOnlyFileSystemIsRefused(t *testing.T) {
	dir := smallDisk(t)
	path := create(t, dir, "game.pgn", "1. e4 *\n", 0o644)
	readOnly(t, dir)
	_, err := safefile.Write(path, writeString("1. d4 *\n"), nil)
	wantError(t, err, safefile.ReasonReadOnly)
	checkContent(t, path, "1. e4 *\n")
	_, err = safefile.Write(filepath.Join(dir, "new.pgn"), writeString("1. d4 *\n"), nil)
	wantError(t, err, safefile.ReasonReadOnly)
	_, err = safefile.Splice(path, 3, 5, []byte("d4"), stamp(t, path))
	wantError(t, err, safefile.ReasonReadOnly)
}
