package session_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
)

func arrow(t *testing.T, c game.MarkColor, from, to string) game.Mark {
	return game.NewArrow(c, sq(t, from), sq(t, to))
}

func TestAMarkIsAChangeOfTheGame(t *testing.T) {
	f := newFixture(t, "")
	f.play("d2d4")
	f.rec.take()
	saves := len(f.rec.saves)
	if err := f.s.ToggleMark(arrow(t, game.MarkGreen, "d2", "d4")); err != nil {
		t.Fatal(err)
	}
	if !f.s.Dirty() {
		t.Error("a mark left the game marked as saved")
	}
	if len(f.rec.saves) != saves+1 || !strings.Contains(f.rec.saves[len(f.rec.saves)-1], "1. d4 {[%cal Gd2d4]} *") {
		t.Errorf("autosaves: %q", f.rec.saves[saves:])
	}
	c := f.rec.take()
	if !c.Has(session.MarksChanged) || !c.Has(session.FileChanged) || c.Has(session.GameChanged|session.ViewChanged) {
		t.Errorf("changes told: %b", c)
	}
	// The same marks again are no change.
	if err := f.s.SetMarks(f.s.Shown(), f.s.Shown().Marks()); err != nil {
		t.Fatal(err)
	}
	if c := f.rec.take(); c != 0 || len(f.rec.saves) != saves+1 {
		t.Errorf("the same marks again told %b and autosaved", c)
	}
	if err := f.s.SetMarks(f.s.Game().Root(), []game.Mark{game.NewCircle(game.MarkRed, sq(t, "e5"))}); err != nil {
		t.Fatal(err)
	}
	if c := f.rec.take(); !c.Has(session.MarksChanged) {
		t.Errorf("marks set on the start position told %b", c)
	}
	if err := f.s.ToggleMark(arrow(t, game.MarkGreen, "d4", "d4")); err == nil {
		t.Error("an arrow from d4 to d4 was drawn")
	}
}

func TestClearedMarksComeBack(t *testing.T) {
	f := newFixture(t, "")
	f.play("d2d4 d7d5")
	first := f.s.Game().MainLine()[0]
	f.s.Show(first)
	for _, m := range []game.Mark{arrow(t, game.MarkGreen, "c7", "c5"), game.NewCircle(game.MarkRed, sq(t, "e5"))} {
		if err := f.s.ToggleMark(m); err != nil {
			t.Fatal(err)
		}
	}
	drawn := first.Marks()
	if f.s.CanRestoreMarks() || f.s.RestoreMarks() {
		t.Error("marks to bring back before any was cleared")
	}
	f.rec.take()
	if !f.s.ClearMarks() || len(first.Marks()) != 0 {
		t.Fatalf("not cleared: %v", first.Marks())
	}
	if c := f.rec.take(); !c.Has(session.MarksChanged | session.FileChanged) {
		t.Errorf("clearing told %b", c)
	}
	if f.s.ClearMarks() {
		t.Error("a position without marks was cleared")
	}
	// A move from there, then a mark drawn where they were: they come
	// back beside it, and their position is shown.
	p, err := f.s.Propose(move(t, first, "c7c5"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.s.AddSideLine(p); err != nil {
		t.Fatal(err)
	}
	f.s.Show(first)
	if err := f.s.ToggleMark(arrow(t, game.MarkBlue, "c7", "c5")); err != nil {
		t.Fatal(err)
	}
	f.s.ShowLive()
	if !f.s.CanRestoreMarks() || !f.s.RestoreMarks() {
		t.Fatal("the cleared marks cannot be brought back")
	}
	want := []game.Mark{drawn[0], arrow(t, game.MarkBlue, "c7", "c5")}
	if got := first.Marks(); !slices.Equal(got, want) {
		t.Errorf("brought back %v, want %v", got, want)
	}
	if f.s.Shown() != first {
		t.Errorf("shown %q after bringing the marks back", f.s.Shown().SAN())
	}
	if f.s.CanRestoreMarks() {
		t.Error("the marks can be brought back twice")
	}
	// Cleared on a side line deleted since: nothing to bring back.
	side := first.Children()[1]
	if side.SAN() != "c5" {
		t.Fatalf("side line %q", side.SAN())
	}
	f.s.Show(side)
	if err := f.s.ToggleMark(game.NewCircle(game.MarkGreen, sq(t, "c5"))); err != nil {
		t.Fatal(err)
	}
	f.s.ClearMarks()
	if err := f.s.DeleteSideLine(side); err != nil {
		t.Fatal(err)
	}
	if f.s.CanRestoreMarks() || f.s.RestoreMarks() {
		t.Error("marks of a deleted side line can be brought back")
	}
}

func TestMarksAreSavedAndReadBack(t *testing.T) {
	f := newFixture(t, "")
	path := filepath.Join(t.TempDir(), "marked.pgn")
	if err := os.WriteFile(path, []byte("[Event \"Lesson\"]\n\n1. e4 {[%cal Re2e4,Gg1f3] [%csl Rd5] the centre} e5 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f.openFile(path)
	first := f.s.Game().MainLine()[0]
	if got := first.Marks(); len(got) != 3 || got[0] != game.NewCircle(game.MarkRed, sq(t, "d5")) {
		t.Fatalf("marks read %v", got)
	}
	f.s.Show(first)
	if err := f.s.ToggleMark(arrow(t, game.MarkGreen, "g1", "f3")); err != nil {
		t.Fatal(err)
	}
	if err := f.s.ToggleMark(arrow(t, game.MarkYellow, "d2", "d4")); err != nil {
		t.Fatal(err)
	}
	if err := f.s.Save(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := "1. e4 {[%csl Rd5] [%cal Re2e4,Yd2d4] the centre} 1... e5 *"; !strings.Contains(string(data), want) {
		t.Errorf("saved:\n%s\nwant %s", data, want)
	}
	if f.s.Dirty() {
		t.Error("saved, the game is still marked unsaved")
	}
}
