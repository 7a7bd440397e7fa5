package session_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/safefile"
)

// fiveGames is a file of five games, each with its own first move.
const fiveGames = "[Event \"1\"]\n\n1. a3 *\n\n[Event \"2\"]\n\n1. b3 *\n\n[Event \"3\"]\n\n1. c3 *\n\n" +
	"[Event \"4\"]\n\n1. d3 *\n\n[Event \"5\"]\n\n1. e3 *\n"

func (f *fixture) openFile(path string) *collection.Collection {
	f.t.Helper()
	c, err := f.s.Open(path)
	if err != nil {
		f.t.Fatal(err)
	}
	f.drain(c)
	return c
}

func TestSavingAGameOfSeveralWritesItBackInItsPlace(t *testing.T) {
	// Saving one game of a five-game file turned it into a file of one
	// game.
	path := filepath.Join(t.TempDir(), "five.pgn")
	os.WriteFile(path, []byte(fiveGames), 0o644)
	f := newFixture(t, "")
	c := f.openFile(path)
	if err := f.s.OpenGame(c, 2); err != nil {
		t.Fatal(err)
	}
	f.play("e7e5 d2d4")
	if err := f.s.Save(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	text := string(data)
	for _, kept := range []string{"[Event \"1\"]\n\n1. a3 *\n\n[Event \"2\"]\n\n1. b3 *\n\n", "\n\n[Event \"4\"]\n\n1. d3 *\n\n[Event \"5\"]\n\n1. e3 *\n"} {
		if !strings.Contains(text, kept) {
			t.Fatalf("the other games changed:\n%s", text)
		}
	}
	if !strings.Contains(text, "1. c3 e5 2. d4 *") || strings.Count(text, "[Event") != 5 {
		t.Fatalf("game 3 was not written in its place:\n%s", text)
	}
	if f.s.Dirty() {
		t.Error("still unsaved")
	}
	// The games after it are still found where they are now, and a
	// second save of another game lands in its own place.
	if err := f.s.OpenGame(c, 3); err != nil {
		t.Fatal(err)
	}
	if f.history() != "d3" {
		t.Fatalf("game 4 after the save: %q", f.history())
	}
	f.play("d7d5")
	if err := f.s.Save(); err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"a3", "b3", "c3 e5 d4", "d3 d5", "e3"} {
		if err := f.s.OpenGame(c, i); err != nil {
			t.Fatal(err)
		}
		if got := f.history(); got != want {
			t.Errorf("game %d reads %q, want %q", i+1, got, want)
		}
	}
}

func TestAFileChangedByAnotherProgramIsNotOverwritten(t *testing.T) {
	path := filepath.Join(t.TempDir(), "one.pgn")
	os.WriteFile(path, []byte("[Event \"x\"]\n\n1. e4 *\n"), 0o644)
	f := newFixture(t, "")
	f.openFile(path)
	f.play("e7e5")
	os.WriteFile(path, []byte("[Event \"x\"]\n\n1. d4 *\n"), 0o644) // another program
	err := f.s.Save()
	var se *safefile.Error
	if !errors.As(err, &se) || se.Reason != safefile.ReasonChanged {
		t.Fatalf("save over a changed file: %v", err)
	}
	if data, _ := os.ReadFile(path); !strings.Contains(string(data), "1. d4") {
		t.Fatalf("the other program's change was overwritten: %s", data)
	}
	if err := f.s.SaveOver(); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); !strings.Contains(string(data), "1. e4 e5") {
		t.Errorf("SaveOver did not write: %s", data)
	}
	// Saved again, it is the session's own version: no question.
	f.play("g1f3")
	if err := f.s.Save(); err != nil {
		t.Error(err)
	}
}

func TestSavingThroughALinkKeepsTheLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.pgn")
	link := filepath.Join(dir, "link.pgn")
	os.WriteFile(target, []byte("[Event \"x\"]\n\n1. e4 *\n"), 0o600)
	os.Symlink("real.pgn", link)
	f := newFixture(t, "")
	f.openFile(link)
	f.play("e7e5")
	if err := f.s.Save(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link became a plain file")
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", fi.Mode().Perm())
	}
	if data, _ := os.ReadFile(target); !strings.Contains(string(data), "1. e4 e5") {
		t.Errorf("the target was not written: %s", data)
	}
}

func TestAReadOnlyFileIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ro.pgn")
	os.WriteFile(path, []byte("[Event \"x\"]\n\n1. e4 *\n"), 0o444)
	f := newFixture(t, "")
	f.openFile(path)
	f.play("e7e5")
	var se *safefile.Error
	if err := f.s.Save(); !errors.As(err, &se) || se.Reason != safefile.ReasonReadOnly || !se.Unchanged {
		t.Fatalf("save to a read-only file: %v", err)
	}
	if data, _ := os.ReadFile(path); strings.Contains(string(data), "e5") {
		t.Error("a read-only file was written")
	}
}
