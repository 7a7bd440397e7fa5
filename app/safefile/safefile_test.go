package safefile_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/safefile"
)

func TestWriteCreatesAndReplaces(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.pgn")
	s, err := safefile.Write(path, writeString("1. e4 *\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	checkContent(t, path, "1. e4 *\n")
	if changed, err := safefile.Changed(path, s); err != nil || changed {
		t.Errorf("the stamp Write returned is not the file's: changed %v, %v", changed, err)
	}
	if _, err := safefile.Write(path, writeString("1. d4 *\n"), &s); err != nil {
		t.Fatal(err)
	}
	checkContent(t, path, "1. d4 *\n")
	checkNoTemp(t, dir)
}

func TestWriteCallbackErrorLeavesFileUnchanged(t *testing.T) {
	dir := t.TempDir()
	path := create(t, dir, "game.pgn", "1. e4 *\n", 0o644)
	bad := errors.New("no game")
	_, err := safefile.Write(path, func(w io.Writer) error {
		io.WriteString(w, "1. d4")
		return bad
	}, nil)
	if !errors.Is(err, bad) {
		t.Errorf("error %v does not wrap the callback's", err)
	}
	wantError(t, err, safefile.ReasonOther)
	checkContent(t, path, "1. e4 *\n")
	checkNoTemp(t, dir)
}

func TestReadOnlyFileIsRefused(t *testing.T) {
	dir := t.TempDir()
	path := create(t, dir, "game.pgn", "1. e4 *\n", 0o444)
	_, err := safefile.Write(path, writeString("1. d4 *\n"), nil)
	wantError(t, err, safefile.ReasonReadOnly)
	_, err = safefile.Splice(path, 3, 5, []byte("d4"), stamp(t, path))
	wantError(t, err, safefile.ReasonReadOnly)
	checkContent(t, path, "1. e4 *\n")
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o444 {
		t.Errorf("mode now %v (%v), want -r--r--r--", info.Mode(), err)
	}
	checkNoTemp(t, dir)
}

func TestWriteFollowsSymbolicLinks(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games")
	if err := os.Mkdir(games, 0o755); err != nil {
		t.Fatal(err)
	}
	target := create(t, games, "game.pgn", "1. e4 *\n", 0o644)
	link := func(name, to string) string {
		path := filepath.Join(dir, name)
		if err := os.Symlink(to, path); err != nil {
			t.Fatal(err)
		}
		return path
	}
	// A relative link through a linked folder: "../games" is read from
	// where the folder really is.
	if err := os.Mkdir(filepath.Join(games, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	link("sublink", filepath.Join(games, "sub"))
	if err := os.Symlink("../game.pgn", filepath.Join(games, "sub", "up.pgn")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, path string }{
		{"absolute", link("abs.pgn", target)},
		{"relative", link("rel.pgn", "games/game.pgn")},
		{"chain", link("chain.pgn", "rel.pgn")},
		{"chain of absolute and relative", link("chain2.pgn", filepath.Join(dir, "chain.pgn"))},
		{"relative through a linked folder", filepath.Join(dir, "sublink", "up.pgn")},
	} {
		t.Run(c.name, func(t *testing.T) {
			before, err := os.Readlink(c.path)
			if err != nil {
				t.Fatal(err)
			}
			content := "[Event \"" + c.name + "\"]\n\n*\n"
			if _, err := safefile.Write(c.path, writeString(content), nil); err != nil {
				t.Fatal(err)
			}
			checkContent(t, target, content)
			if after, err := os.Readlink(c.path); err != nil || after != before {
				t.Errorf("the link is now %q (%v), was %q", after, err, before)
			}
			checkNoTemp(t, dir)
			checkNoTemp(t, games)
		})
	}
}

func TestWriteThroughDanglingLinkCreatesTarget(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "link.pgn")
	if err := os.Symlink("new.pgn", path); err != nil {
		t.Fatal(err)
	}
	if _, err := safefile.Write(path, writeString("*\n"), nil); err != nil {
		t.Fatal(err)
	}
	checkContent(t, filepath.Join(dir, "new.pgn"), "*\n")
	if info, err := os.Lstat(path); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v, %v", info.Mode(), err)
	}
}

func TestLinkLoopIsAnError(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.pgn"), filepath.Join(dir, "b.pgn")
	if err := os.Symlink(b, a); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(a, b); err != nil {
		t.Fatal(err)
	}
	_, err := safefile.Write(a, writeString("*\n"), nil)
	if !errors.Is(err, syscall.ELOOP) {
		t.Errorf("error %v, want ELOOP", err)
	}
	wantError(t, err, safefile.ReasonOther)
}

func TestWriteKeepsMode(t *testing.T) {
	dir := t.TempDir()
	for _, mode := range []os.FileMode{0o600, 0o640, 0o664} {
		path := create(t, dir, "game.pgn", "1. e4 *\n", mode)
		if _, err := safefile.Write(path, writeString("1. d4 *\n"), nil); err != nil {
			t.Fatal(err)
		}
		if info, err := os.Stat(path); err != nil || info.Mode() != mode {
			t.Errorf("mode now %v (%v), want %v", info.Mode(), err, mode)
		}
	}
}

// otherProgram writes content to path as another program would, giving it
// back its modification time when keepTime: a change that only the
// content shows.
func otherProgram(t *testing.T, path, content string, keepTime bool) {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	if keepTime {
		if err := os.Chtimes(path, info.ModTime(), info.ModTime()); err != nil {
			t.Fatal(err)
		}
	}
}

func TestChangedFileIsRefused(t *testing.T) {
	for _, c := range []struct {
		name, content string
		keepTime      bool
	}{
		{"other size", "1. e4 e5 *\n", false},
		{"same size and time", "1. d4 *\n", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := create(t, dir, "game.pgn", "1. e4 *\n", 0o644)
			s := stamp(t, path)
			otherProgram(t, path, c.content, c.keepTime)
			if changed, err := safefile.Changed(path, s); err != nil || !changed {
				t.Errorf("Changed: %v, %v; want true", changed, err)
			}
			_, err := safefile.Write(path, writeString("1. c4 *\n"), &s)
			wantError(t, err, safefile.ReasonChanged)
			_, err = safefile.Splice(path, 3, 5, []byte("c4"), s)
			wantError(t, err, safefile.ReasonChanged)
			checkContent(t, path, c.content)
			// The user said to write anyway.
			if _, err := safefile.Write(path, writeString("1. c4 *\n"), nil); err != nil {
				t.Fatal(err)
			}
			checkContent(t, path, "1. c4 *\n")
		})
	}
}

// A file touched, or saved again as it was, has the content it was read
// with: the user is not asked about it.
func TestTouchedFileIsNotChanged(t *testing.T) {
	dir := t.TempDir()
	path := create(t, dir, "game.pgn", "1. e4 *\n", 0o644)
	s := stamp(t, path)
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
	if changed, err := safefile.Changed(path, s); err != nil || changed {
		t.Errorf("Changed: %v, %v; want false", changed, err)
	}
	if _, err := safefile.Write(path, writeString("1. d4 *\n"), &s); err != nil {
		t.Error(err)
	}
}

// A file too large to be hashed whole is changed when its time is: the
// middle, which the stamp does not read, may have changed.
func TestTouchedLargeFileIsChanged(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "big.pgn")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(9 << 20); err != nil { // sparse: costs no disk
		t.Fatal(err)
	}
	f.Close()
	s := stamp(t, path)
	if changed, err := safefile.Changed(path, s); err != nil || changed {
		t.Errorf("Changed before the touch: %v, %v; want false", changed, err)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
	if changed, err := safefile.Changed(path, s); err != nil || !changed {
		t.Errorf("Changed: %v, %v; want true", changed, err)
	}
}

// TestRemovedFileIsGone: a file removed since it was read is said to be
// gone, not changed ("Another program changed d.pgn" was untrue).
func TestRemovedFileIsGone(t *testing.T) {
	dir := t.TempDir()
	path := create(t, dir, "game.pgn", "1. e4 *\n", 0o644)
	s := stamp(t, path)
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if changed, err := safefile.Changed(path, s); err != nil || !changed {
		t.Errorf("Changed: %v, %v; want true", changed, err)
	}
	_, err := safefile.Write(path, writeString("1. d4 *\n"), &s)
	wantError(t, err, safefile.ReasonGone)
	_, err = safefile.Splice(path, 3, 5, []byte("d4"), s)
	wantError(t, err, safefile.ReasonGone)
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the removed file is back: %v", err)
	}
}

func TestDirectoryInTheWay(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.pgn")
	create(t, dir, "game.pgn.keep", "", 0o644)
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	inside := create(t, path, "inside.pgn", "*\n", 0o644)
	link := filepath.Join(dir, "link.pgn")
	if err := os.Symlink("game.pgn", link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, link} {
		_, err := safefile.Write(p, writeString("1. e4 *\n"), nil)
		wantError(t, err, safefile.ReasonIsDir)
	}
	if _, err := safefile.StampOf(path); !errors.Is(err, syscall.EISDIR) {
		t.Errorf("StampOf a folder: %v", err)
	}
	checkContent(t, inside, "*\n")
	checkNoTemp(t, dir)
}

func TestMissingFolderIsNotFound(t *testing.T) {
	dir := t.TempDir()
	_, err := safefile.Write(filepath.Join(dir, "none", "game.pgn"), writeString("*\n"), nil)
	wantError(t, err, safefile.ReasonNotFound)
}

func TestSpliceReplacesOneGame(t *testing.T) {
	text, at := games(5)
	for _, game3 := range []string{
		"[Event \"Longer\"]\n\n" + strings.Repeat("1. d4 d5 ", 50) + "*\n",
		"*\n",
		"",
	} {
		dir := t.TempDir()
		path := create(t, dir, "games.pgn", text, 0o640)
		s, err := safefile.Splice(path, at[2][0], at[2][1], []byte(game3), stamp(t, path))
		if err != nil {
			t.Fatal(err)
		}
		want := text[:at[2][0]] + game3 + text[at[2][1]:]
		checkContent(t, path, want)
		got, _ := os.ReadFile(path)
		shift := int64(len(game3)) - (at[2][1] - at[2][0])
		for i, g := range at {
			if i == 2 {
				continue
			}
			start, end := g[0], g[1]
			if i > 2 {
				start, end = start+shift, end+shift
			}
			if string(got[start:end]) != text[g[0]:g[1]] {
				t.Errorf("game %d is now %q, was %q", i+1, got[start:end], text[g[0]:g[1]])
			}
		}
		if changed, err := safefile.Changed(path, s); err != nil || changed {
			t.Errorf("the stamp Splice returned is not the file's: changed %v, %v", changed, err)
		}
		if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o640 {
			t.Errorf("mode now %v (%v), want 0640", info.Mode(), err)
		}
		checkNoTemp(t, dir)
	}
}

func TestSpliceRangeOutsideFile(t *testing.T) {
	dir := t.TempDir()
	path := create(t, dir, "games.pgn", "1. e4 *\n", 0o644)
	s := stamp(t, path)
	for _, r := range [][2]int64{{-1, 2}, {3, 2}, {0, 9}} {
		_, err := safefile.Splice(path, r[0], r[1], nil, s)
		wantError(t, err, safefile.ReasonOther)
	}
	checkContent(t, path, "1. e4 *\n")
	checkNoTemp(t, dir)
}

func TestSpliceOfUnstampedFileIsRefused(t *testing.T) {
	dir := t.TempDir()
	path := create(t, dir, "games.pgn", "", 0o644)
	_, err := safefile.Splice(path, 0, 0, []byte("*\n"), safefile.Stamp{})
	wantError(t, err, safefile.ReasonChanged)
	checkContent(t, path, "")
}
