package session_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
	"github.com/echiquier/echiquier/app/session"
)

func TestAssessmentsAreAutosavedAndShownWhereTheyWere(t *testing.T) {
	f := newFixture(t, "")
	f.play("e2e4 e7e5 g1f3")
	e4 := f.s.Game().MainLine()[0]
	f.s.Show(e4.Children()[0])
	f.rec.take()
	if err := f.s.SetAssessment(e4, 3); err != nil {
		t.Fatal(err)
	}
	if err := f.s.SetAssessment(e4, 16); err != nil {
		t.Fatal(err)
	}
	if c := f.rec.take(); !c.Has(session.GameChanged) || !c.Has(session.FileChanged) {
		t.Errorf("changes told: %b", c)
	}
	if !f.s.Dirty() || f.s.Shown() != e4.Children()[0] {
		t.Errorf("dirty %v, shown %v", f.s.Dirty(), f.s.Shown().SAN())
	}
	if last := f.rec.saves[len(f.rec.saves)-1]; !strings.Contains(last, "1. e4 $3 $16 e5") {
		t.Errorf("autosaved: %s", last)
	}
	if err := f.s.ClearAssessments(e4); err != nil {
		t.Fatal(err)
	}
	if last := f.rec.saves[len(f.rec.saves)-1]; !strings.Contains(last, "1. e4 e5") {
		t.Errorf("autosaved after clearing: %s", last)
	}
	if err := f.s.SetAssessment(f.s.Game().Root(), 1); err == nil {
		t.Error("the start position took a symbol")
	}
}

func TestSetHeader(t *testing.T) {
	f := newFixture(t, "")
	f.play("e2e4 e7e5")
	f.rec.take()
	saves := len(f.rec.saves)
	tags := f.s.Game().EditableTags()
	if err := f.s.SetHeader(tags, "*"); err != nil {
		t.Fatal(err)
	}
	if f.rec.take() != 0 || len(f.rec.saves) != saves {
		t.Error("a header left as it was was told as a change")
	}
	tags = append(tags, pgn.Tag{Name: "Event", Value: "Club night"})
	if err := f.s.SetHeader(tags, "1-0"); err != nil {
		t.Fatal(err)
	}
	if c := f.rec.take(); !c.Has(session.GameChanged) || !c.Has(session.GameOver) {
		t.Errorf("changes told: %b", c)
	}
	last := f.rec.saves[len(f.rec.saves)-1]
	if !strings.Contains(last, `[Event "Club night"]`) || !strings.Contains(last, "1. e4 e5 1-0") {
		t.Errorf("autosaved: %s", last)
	}
	if err := f.s.SetHeader([]pgn.Tag{{Name: "Bad name", Value: "x"}}, "*"); err == nil {
		t.Error("a bad tag name taken")
	}
	if f.s.Game().Status().Result != "1-0" || f.s.Game().Tag("Event") != "Club night" {
		t.Error("a refused header changed the game")
	}
}

func TestSetHeaderOfAGameOnTheClocks(t *testing.T) {
	f := newFixture(t, "5+0")
	f.play("e2e4 e7e5")
	tags := append(f.s.Game().EditableTags(), pgn.Tag{Name: "Event", Value: "Blitz"})
	if err := f.s.SetHeader(tags, "1-0"); !errors.Is(err, game.ErrResultInPlay) {
		t.Errorf("the result of a game on the clocks set: %v", err)
	}
	if f.s.Game().Tag("Event") != "" || f.s.Game().Status().Over() {
		t.Error("a refused result changed the game")
	}
	if err := f.s.SetHeader(tags, "*"); err != nil || f.s.Game().Tag("Event") != "Blitz" {
		t.Errorf("the tags of a game on the clocks: %v", err)
	}
}
