package newgame

import (
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
)

// The drop-down lists of the New game dialog, in order.
const (
	whoWhite = iota
	whoBlack
	level
	preset
	presetKind
)

// fakeLevels are the levels of an engine with Stockfish's options: the
// two weakest below its ratings, then ratings, then full strength.
func fakeLevels() []engine.Strength {
	elos := []int{900, 1050, 1350, 1500, 1700, 1900, 2100, 2300, 2600, 0}
	var out []engine.Strength
	for i, elo := range elos {
		out = append(out, engine.Strength{Level: engine.Level(i + 1), Elo: elo, ByElo: i >= 2 && i < 9})
	}
	return out
}

func TestNewGameAgainstTheComputerAsBlack(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	h.Env.Commands.Run(kit.NewGame)
	entries, selects := h.DialogFields()
	entries[1].SetText("Zoé")
	if h.probes.Load() != 0 || !selects[level].Disabled() {
		t.Fatal("the engine is asked, or a level offered, with two people")
	}
	selects[whoWhite].SetSelectedIndex(byComputer)
	if !strings.Contains(h.DialogText(), "Asking the chess engine") {
		t.Errorf("while the engine is asked, the dialog says %q", h.DialogText())
	}
	h.Queue.RunOne(t) // the engine's answer
	if h.probes.Load() != 1 || selects[level].Disabled() || len(selects[level].Options) != 10 {
		t.Fatalf("probes %d, levels %q", h.probes.Load(), selects[level].Options)
	}
	if got := selects[level].Options[0]; got != "Beginner (about 900)" {
		t.Errorf("the first level reads %q", got)
	}
	if got := selects[level].Options[9]; got != "Full strength" {
		t.Errorf("the last level reads %q", got)
	}
	if got := selects[level].Selected; got != "Casual player (about 1350)" {
		t.Errorf("the level offered first is %q", got)
	}
	if !entries[0].Disabled() || entries[0].Text != "Fakefish 2" {
		t.Errorf("White's name: %q, disabled %v", entries[0].Text, entries[0].Disabled())
	}
	selects[level].SetSelectedIndex(3)
	h.TapButton("Start")
	s, g := h.Env.Session, h.Env.Session.Game()
	if !s.ComputerPlays(game.White) || s.ComputerPlays(game.Black) || s.ComputerLevel(game.White) != 4 {
		t.Fatalf("computer plays White %v, Black %v, at %d", s.ComputerPlays(game.White), s.ComputerPlays(game.Black), s.ComputerLevel(game.White))
	}
	if g.Tag("White") != "Fakefish 2" || g.Tag("WhiteElo") != "1500" || g.Tag("Black") != "Zoé" {
		t.Errorf("tags: White %q (%q), Black %q", g.Tag("White"), g.Tag("WhiteElo"), g.Tag("Black"))
	}
	st := h.Env.Settings
	if st.ComputerSides() != [2]bool{true, false} || st.ComputerLevel() != 4 {
		t.Errorf("remembered: %v, level %d", st.ComputerSides(), st.ComputerLevel())
	}
	if w, _ := st.PlayerNames(); w == "Fakefish 2" {
		t.Error("the engine's name was kept as a person's")
	}
	// The dialog offers the same choice again, the person's name back
	// when a person plays.
	h.Env.Commands.Run(kit.NewGame)
	entries, selects = h.DialogFields()
	if selects[whoWhite].SelectedIndex() != byComputer {
		t.Fatal("the computer's side was not remembered")
	}
	h.Queue.RunOne(t)
	if selects[level].SelectedIndex() != 3 {
		t.Errorf("the level offered again is %q", selects[level].Selected)
	}
	selects[whoWhite].SetSelectedIndex(byPerson)
	if entries[0].Disabled() || entries[0].Text == "Fakefish 2" {
		t.Errorf("a person's name field: %q, disabled %v", entries[0].Text, entries[0].Disabled())
	}
}

func TestAnEngineWithoutLevelsPlaysAtFullStrength(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	h.engine = engine.EngineInfo{Name: "Oldfish", Levels: fakeLevels()[9:]}
	h.Env.Commands.Run(kit.NewGame)
	_, selects := h.DialogFields()
	selects[whoBlack].SetSelectedIndex(byComputer)
	h.Queue.RunOne(t)
	if !strings.Contains(h.DialogText(), "Oldfish cannot play weaker than its full strength") || !selects[level].Disabled() {
		t.Errorf("dialog %q, level disabled %v", h.DialogText(), selects[level].Disabled())
	}
	h.TapButton("Start")
	if h.Env.Session.ComputerLevel(game.Black) != engine.FullStrength || h.Env.Session.Game().Tag("BlackElo") != "" {
		t.Errorf("level %d, Elo %q", h.Env.Session.ComputerLevel(game.Black), h.Env.Session.Game().Tag("BlackElo"))
	}
}

func TestNoEngineNoGameAgainstTheComputer(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	h.Play("e2e4")
	h.engineErr = engine.ErrNoEngine
	h.Env.Commands.Run(kit.NewGame)
	_, selects := h.DialogFields()
	selects[whoBlack].SetSelectedIndex(byComputer)
	h.Queue.RunOne(t)
	if !strings.Contains(h.DialogText(), "No chess engine is installed") {
		t.Errorf("dialog %q", h.DialogText())
	}
	h.TapButton("Start")
	h.WantDialog("No chess engine is installed")
	if h.History() != "e4" || h.Env.Session.AgainstComputer() {
		t.Error("a game against a computer that cannot play replaced the game")
	}
}

func TestTheComputersCommandsNeedAComputer(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	if h.Env.Commands.Refused(kit.RestartComputer) == "" || h.Env.Commands.Refused(kit.PlayAsTwo) == "" {
		t.Error("the computer's commands run with no computer")
	}
}

func TestStartBeforeTheEngineAnswered(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	h.Env.Settings.SetComputerLevel(2)
	h.Env.Commands.Run(kit.NewGame)
	_, selects := h.DialogFields()
	selects[whoBlack].SetSelectedIndex(byComputer)
	h.TapButton("Start")
	s := h.Env.Session
	if !s.ComputerPlays(game.Black) || s.ComputerLevel(game.Black) != 2 || s.Game().Tag("Black") != "" {
		t.Errorf("level %d, Black %q", s.ComputerLevel(game.Black), s.Game().Tag("Black"))
	}
	h.Queue.RunQueued() // the engine's answer, after the dialog closed: nothing to do
}
