package safefile_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/safefile"
)

// homeTrash makes the test's own $XDG_DATA_HOME and returns the Trash in
// it.
func homeTrash(t *testing.T) string {
	t.Helper()
	data := t.TempDir()
	t.Setenv("XDG_DATA_HOME", data)
	return filepath.Join(data, "Trash")
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// trashInfo reads what the Trash says of the file it calls name.
func trashInfo(t *testing.T, trash, name string) (path string, when time.Time) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(trash, "info", name+".trashinfo"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 3 || lines[0] != "[Trash Info]" || !strings.HasPrefix(lines[1], "Path=") || !strings.HasPrefix(lines[2], "DeletionDate=") {
		t.Fatalf("trash info: %q", data)
	}
	when, err = time.ParseInLocation("2006-01-02T15:04:05", strings.TrimPrefix(lines[2], "DeletionDate="), time.Local)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(lines[1], "Path="), when
}

func TestTrashMovesTheFileWhereTheDesktopRestoresIt(t *testing.T) {
	trash := homeTrash(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "my game é.pgn")
	writeFile(t, path, "1. e4 *")
	before := time.Now().Truncate(time.Second)
	got, err := safefile.Trash(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(trash, "files", "my game é.pgn"); got != want {
		t.Errorf("trashed to %s, want %s", got, want)
	}
	if data, err := os.ReadFile(got); err != nil || string(data) != "1. e4 *" {
		t.Errorf("in the Trash: %q, %v", data, err)
	}
	if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the file is still where it was: %v", err)
	}
	where, when := trashInfo(t, trash, "my game é.pgn")
	if want := filepath.Dir(path) + "/my%20game%20%C3%A9.pgn"; where != want {
		t.Errorf("Path=%s, want %s", where, want)
	}
	if when.Before(before) || when.After(time.Now()) {
		t.Errorf("DeletionDate %v, not now", when)
	}
	if fi, err := os.Stat(filepath.Join(trash, "files")); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("the Trash's folder: %v, %v", fi.Mode(), err)
	}

	// A second file of that name does not take the first one's place.
	writeFile(t, path, "1. d4 *")
	second, err := safefile.Trash(path)
	if err != nil || filepath.Base(second) != "my game é.2.pgn" {
		t.Fatalf("the second file: %s, %v", second, err)
	}
	if where, _ := trashInfo(t, trash, "my game é.2.pgn"); !strings.HasSuffix(where, "/my%20game%20%C3%A9.pgn") {
		t.Errorf("the second file came from %s", where)
	}
	if data, _ := os.ReadFile(got); string(data) != "1. e4 *" {
		t.Errorf("the first file now holds %q", data)
	}
}

func TestTrashMovesALinkNotItsTarget(t *testing.T) {
	trash := homeTrash(t)
	dir := t.TempDir()
	target, link := filepath.Join(dir, "target.pgn"), filepath.Join(dir, "link.pgn")
	writeFile(t, target, "kept")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if _, err := safefile.Trash(link); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(target); err != nil || string(data) != "kept" {
		t.Errorf("the link's target: %q, %v", data, err)
	}
	if fi, err := os.Lstat(filepath.Join(trash, "files", "link.pgn")); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the Trash does not hold the link: %v", err)
	}
}

func TestTrashRacesLeaveOneWinnerAndNoStrayInfo(t *testing.T) {
	trash := homeTrash(t)
	path := filepath.Join(t.TempDir(), "g.pgn")
	writeFile(t, path, "1. e4 *")
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() { _, errs[i] = safefile.Trash(path) })
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, fs.ErrNotExist):
			t.Errorf("a loser's error: %v", err)
		}
	}
	infos, _ := os.ReadDir(filepath.Join(trash, "info"))
	files, _ := os.ReadDir(filepath.Join(trash, "files"))
	if won != 1 || len(infos) != 1 || len(files) != 1 {
		t.Errorf("%d won; the Trash has %d info files and %d files", won, len(infos), len(files))
	}
	if _, err := safefile.Trash(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("trashing a file that is gone: %v", err)
	}
}

func TestTrashOfAnotherDiskIsOnThatDisk(t *testing.T) {
	homeTrash(t)
	disk := smallDisk(t)
	path := filepath.Join(disk, "sub", "g.pgn")
	if err := os.Mkdir(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, "1. e4 *")
	got, err := safefile.Trash(path)
	if err != nil {
		t.Fatal(err)
	}
	trash := filepath.Join(disk, ".Trash-"+strconv.Itoa(os.Getuid()))
	if got != filepath.Join(trash, "files", "g.pgn") {
		t.Errorf("trashed to %s", got)
	}
	if where, _ := trashInfo(t, trash, "g.pgn"); where != "sub/g.pgn" {
		t.Errorf("Path=%s, want the path on the disk", where)
	}
}

func TestTrashOnAFullDiskLeavesTheFile(t *testing.T) {
	homeTrash(t)
	disk := smallDisk(t)
	path := filepath.Join(disk, "g.pgn")
	writeFile(t, path, "1. e4 *")
	if err := os.Mkdir(filepath.Join(disk, ".Trash-"+strconv.Itoa(os.Getuid())), 0o700); err != nil {
		t.Fatal(err)
	}
	fill := filepath.Join(disk, "fill")
	data := make([]byte, 1<<20)
	os.WriteFile(fill, data, 0o644) // fails half-way: the disk is full
	if _, err := safefile.Trash(path); err == nil {
		t.Fatal("trashed on a full disk")
	}
	if data, err := os.ReadFile(path); err != nil || string(data) != "1. e4 *" {
		t.Errorf("after the failure: %q, %v", data, err)
	}
	readOnly(t, disk)
	if _, err := safefile.Trash(path); err == nil {
		t.Fatal("trashed on a read-only disk")
	}
	if data, err := os.ReadFile(path); err != nil || string(data) != "1. e4 *" {
		t.Errorf("after the failure on a read-only disk: %q, %v", data, err)
	}
}
