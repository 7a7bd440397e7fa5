package files

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/uitest"
)

func TestSaveThenOpenGivesTheSameGame(t *testing.T) {
	h := newHarness(t)
	h.Play("e2e4 e7e5 g1f3")
	path := filepath.Join(t.TempDir(), "game.pgn")
	if err := h.s.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	saved := uitest.ReadFile(t, path)
	if h.s.Dirty() {
		t.Error("still marked as changed after saving")
	}
	if h.Autosaved() != "" {
		t.Error("the autosave outlived the save")
	}
	other := newHarness(t)
	other.open(path)
	if got := other.History(); got != "e4 e5 Nf3" {
		t.Fatalf("opened history = %q", got)
	}
	var b strings.Builder
	if err := other.s.Game().WritePGN(&b); err != nil {
		t.Fatal(err)
	}
	if b.String() != saved {
		t.Errorf("open then write differs:\n%s\n---\n%s", saved, b.String())
	}
	other.Play("b8c6")
	if other.History() != "e4 e5 Nf3 Nc6" {
		t.Errorf("a game in progress does not continue: %q", other.History())
	}
}

func TestFailedSaveKeepsTheFile(t *testing.T) {
	h := newHarness(t)
	h.Play("e2e4")
	dir := t.TempDir()
	path := filepath.Join(dir, "keep.pgn")
	uitest.WriteFile(t, path, "original")
	if err := os.Chmod(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o700)
	if os.Geteuid() == 0 {
		// root ignores directory permissions: fail the write another way.
		path = filepath.Join(dir, "missing-folder", "keep.pgn")
	}
	saved := false
	h.f.saveToPath(path, func() { saved = true })
	if saved {
		t.Fatal("save reported success")
	}
	h.WantDialog("not saved")
	if got := uitest.ReadFile(t, filepath.Join(dir, "keep.pgn")); got != "original" {
		t.Errorf("the existing file changed: %q", got)
	}
	if !h.s.Dirty() {
		t.Error("a failed save marked the game as saved")
	}
}

func TestOpenBadFileKeepsTheGame(t *testing.T) {
	h := newHarness(t)
	h.Play("e2e4")
	path := filepath.Join(t.TempDir(), "bad.pgn")
	uitest.WriteFile(t, path, "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nf3 *\n")
	h.open(path)
	h.WantDialog("line 3")
	h.WantDialog("“Nf3”")
	if h.History() != "e4" {
		t.Errorf("the current game changed: %q", h.History())
	}
	uitest.WriteFile(t, path, "\x00\x01 this is not a PGN file \xff")
	h.open(path)
	h.WantDialog("Could not open bad.pgn")
}

func TestUnsavedChangesAsked(t *testing.T) {
	h := newHarness(t)
	h.Play("e2e4")
	asked := 0
	h.f.ConfirmDiscard(func() { asked++ })
	h.WantDialog("not saved")
	h.TapButton("Cancel")
	if h.History() != "e4" || asked != 0 {
		t.Fatal("Cancel lost the game")
	}
	h.f.ConfirmDiscard(func() { asked++ })
	h.TapButton("Don't save")
	if asked != 1 {
		t.Error("what follows Don't save did not run")
	}
	if !strings.Contains(h.Autosaved(), "1. e4") {
		t.Error("Don't save took the autosave away before the game was replaced")
	}
}

func TestAGameGivenUpStaysAutosavedUntilReplacedThenGoesToTheTrash(t *testing.T) {
	// Ctrl+N, Don't save, then Cancel in the New game dialog deleted the
	// autosave of the game left on screen.
	h := newHarness(t)
	path := filepath.Join(t.TempDir(), "mate.pgn")
	uitest.WriteFile(t, path, "[White \"Ann\"]\n[Black \"Ben\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n")
	h.open(path)
	if err := h.s.SetComment(h.s.Game().Live(), "Fool's mate"); err != nil {
		t.Fatal(err)
	}
	h.f.ConfirmDiscard(func() {}) // the follow-up dialog is cancelled: nothing more happens
	h.TapButton("Don't save")
	if got := h.Autosaved(); !strings.Contains(got, "Fool's mate") {
		t.Fatalf("after Don't save and Cancel the autosave holds %q", got)
	}
	if len(h.TrashedGames()) != 0 {
		t.Fatal("the game went to the Trash while still on screen")
	}
	g, _ := game.New(game.Options{Now: h.Clock.Now})
	h.s.NewGame(g) // what the follow-up does when it is not cancelled
	trashed := h.TrashedGames()
	if len(trashed) != 1 || !strings.Contains(trashed[0], "Fool's mate") {
		t.Fatalf("the Trash holds %q", trashed)
	}
	h.Queue.RunOne(t) // OnTrash, handed to the UI goroutine
	if got := h.Env.Status.Text(); !strings.Contains(got, "moved to the Trash") {
		t.Errorf("the status line says %q", got)
	}
	if h.Autosaved() != "" {
		t.Error("the new game's autosave holds the old game")
	}
}

func TestResumeInterruptedGame(t *testing.T) {
	h := newHarness(t)
	uitest.WriteFile(t, filepath.Join(h.AutosaveDir, "autosave.pgn"), "[White \"Ann\"][Black \"Ben\"][TimeControl \"300\"]\n\n1. e4 {[%clk 0:04:50]} e5 {[%clk 0:04:40]} *\n")
	h.f.OfferOrphans()
	h.WantDialog("A game was interrupted after 1... e5 (Ann – Ben)")
	h.TapButton("Resume")
	g := h.s.Game()
	if h.History() != "e4 e5" || !g.Paused() {
		t.Fatalf("resumed %q, paused %v", h.History(), g.Paused())
	}
	if g.Remaining(game.White) != 290*time.Second {
		t.Errorf("White's clock = %v", g.Remaining(game.White))
	}
	if !g.Paused() {
		t.Error("the resumed game's clocks run")
	}
}

func TestAllBadGamesSaySo(t *testing.T) {
	h := newHarness(t)
	h.Play("e2e4")
	h.openGames("[White \"B\"]\n\n1. e4 ) *\n\n[White \"C\"]\n\n1. d4 ) *\n")
	h.WantDialog("Could not open games.pgn")
	h.WantDialog("Game 2, line 7")
	if h.History() != "e4" {
		t.Errorf("the game changed: %q", h.History())
	}
}

// openGames writes text to a file and opens it.
func (h *harness) openGames(text string) {
	h.t.Helper()
	path := filepath.Join(h.t.TempDir(), "games.pgn")
	uitest.WriteFile(h.t, path, text)
	h.open(path)
}

// TestSavingToAFileDeletedMeanwhileSaysSo: Ctrl+S after the file was
// deleted said "Another program changed d.pgn".
func TestSavingToAFileDeletedMeanwhileSaysSo(t *testing.T) {
	h := newHarness(t)
	path := filepath.Join(t.TempDir(), "d.pgn")
	uitest.WriteFile(t, path, "[White \"Ann\"]\n[Black \"Ben\"]\n\n1. e4 *\n")
	h.open(path)
	h.Play("e7e5")
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	h.f.save()
	h.WantDialog("d.pgn was deleted or moved since it was opened")
	if strings.Contains(h.DialogText(), "changed") {
		t.Errorf("the dialog says %q", h.DialogText())
	}
	h.TapButton("Save")
	if got := uitest.ReadFile(t, path); !strings.Contains(got, "1. e4 e5") {
		t.Errorf("saved there again: %q", got)
	}
	if h.s.Dirty() {
		t.Error("the game is still marked unsaved")
	}
}
