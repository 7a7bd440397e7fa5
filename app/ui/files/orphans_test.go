package files

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/ui/uitest"
)

func TestTwoWindowsKeepTheirOwnAutosaves(t *testing.T) {
	// A second instance deleted the first one's autosave; a file given
	// on the command line deleted it too.
	dir := t.TempDir()
	first := newHarnessIn(t, dir)
	first.Play("e2e4 e7e5")
	first.Autosaved()
	second := newHarnessIn(t, dir)
	path := filepath.Join(t.TempDir(), "given.pgn")
	uitest.WriteFile(t, path, "[White \"X\"]\n\n1. d4 *\n")
	second.open(path) // as the window does with a file given
	second.f.OfferOrphans()
	if got := second.DialogText(); got != "" {
		t.Errorf("a live window's game was offered: %s", got)
	}
	if !strings.Contains(first.Autosaved(), "1. e4 e5") {
		t.Fatal("the first window's autosave is gone")
	}
	// The first window dies without a word: its game is offered at the
	// next start, whatever that start opens.
	first.Autosave.Close()
	third := newHarnessIn(t, dir)
	third.open(path)
	third.f.OfferOrphans()
	third.WantDialog("A game was interrupted after 1... e5")
	third.TapButton("Resume")
	if third.History() != "e4 e5" {
		t.Errorf("resumed %q", third.History())
	}
	if !strings.Contains(third.Autosaved(), "1. e4 e5") {
		t.Error("the resumed game is not autosaved by the window that took it")
	}
}

func TestAFinishedUnsavedGameIsOffered(t *testing.T) {
	dir := t.TempDir()
	first := newHarnessIn(t, dir)
	first.Play("f2f3 e7e5 g2g4 d8h4")
	if !first.s.Game().Status().Over() {
		t.Fatal("the game goes on")
	}
	first.Autosaved()
	first.Autosave.Close() // the program dies at the game over dialog
	next := newHarnessIn(t, dir)
	next.f.OfferOrphans()
	next.WantDialog("A finished game was not saved")
	next.WantDialog("Black wins by checkmate")
	next.TapButton("Resume")
	if next.History() != "f3 e5 g4 Qh4#" || !next.s.Dirty() {
		t.Errorf("opened %q, unsaved %v", next.History(), next.s.Dirty())
	}
}

func TestADamagedAutosaveIsRecoveredAndKept(t *testing.T) {
	h := newHarness(t)
	damaged := "[White \"Ann\"]\n[Black \"Ben\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 Qh9 5. O-O"
	uitest.WriteFile(t, filepath.Join(h.AutosaveDir, "autosave.pgn"), damaged)
	h.f.OfferOrphans()
	h.WantDialog("damaged: 7 moves could be read")
	h.TapButton("Resume")
	if h.History() != "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6" {
		t.Errorf("recovered %q", h.History())
	}
	h.WantDialog("kept, unchanged, in")
	kept, _ := filepath.Glob(filepath.Join(filepath.Dir(filepath.Join(h.AutosaveDir, "autosave.pgn")), "*.damaged"))
	if len(kept) != 1 {
		t.Fatalf("damaged files kept: %v", kept)
	}
	if data, _ := os.ReadFile(kept[0]); string(data) != damaged {
		t.Errorf("the damaged file was changed: %q", data)
	}
}

func TestQuittingWhileOfferedKeepsTheGame(t *testing.T) {
	h := newHarness(t)
	uitest.WriteFile(t, filepath.Join(h.AutosaveDir, "autosave.pgn"), "[White \"Ann\"][Black \"Ben\"]\n\n1. e4 e5 *\n")
	h.f.OfferOrphans()
	h.WantDialog("A game was interrupted")
	h.f.ConfirmDiscard(func() {})
	if _, err := os.Stat(filepath.Join(h.AutosaveDir, "autosave.pgn")); err != nil {
		t.Fatalf("quitting at the offer lost the game: %v", err)
	}
}

func TestAFailingAutosaveIsSaid(t *testing.T) {
	// Autosave failures (a full disk) were only logged.
	full := filepath.Dir(uitest.FullDisk(t, "x", ""))
	h := newHarnessIn(t, full)
	if h.Autosave == nil {
		// Opening the store itself failed on the full disk: said too.
		if !strings.Contains(h.Env.Status.Text(), "Crash protection is off") {
			t.Fatalf("status: %q", h.Env.Status.Text())
		}
		return
	}
	h.Play("e2e4")
	h.Autosave.Flush()
	h.Queue.RunOne(t) // the failure, handed to the UI goroutine
	if got := h.Env.Status.Text(); !strings.Contains(got, "Crash protection is off") || !strings.Contains(got, "the disk is full") {
		t.Errorf("status after a failed autosave: %q", got)
	}
}

func TestEscapeAtTheOfferMeansNotNow(t *testing.T) {
	// Escape deleted the interrupted game for good.
	for _, text := range []string{
		"[White \"Ann\"][Black \"Ben\"]\n\n1. e4 e5 *\n",
		"[White \"Ann\"][Black \"Ben\"][Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, "autosave-1-00000001.pgn")
		uitest.WriteFile(t, path, text)
		h := newHarnessIn(t, dir)
		h.f.OfferOrphans()
		h.WantDialog("Ann – Ben")
		h.Press(fyne.KeyEscape)
		if h.Env.Dialogs.Shown() {
			t.Fatal("Escape left the question on screen")
		}
		if got := uitest.ReadFile(t, path); got != text {
			t.Fatalf("after Escape the autosave holds %q", got)
		}
		h.Autosave.Close()
		next := newHarnessIn(t, dir)
		next.f.OfferOrphans()
		next.WantDialog("Ann – Ben") // offered again at the next start
	}
}

func TestAnInterruptedGameDiscardedGoesToTheTrash(t *testing.T) {
	h := newHarness(t)
	text := "[White \"Ann\"][Black \"Ben\"]\n\n1. e4 e5 *\n"
	uitest.WriteFile(t, filepath.Join(h.AutosaveDir, "autosave.pgn"), text)
	h.f.OfferOrphans()
	h.WantDialog("A game was interrupted")
	h.TapButton("Move to the Trash")
	if got := h.TrashedGames(); len(got) != 1 || got[0] != text {
		t.Errorf("the Trash holds %q", got)
	}
	if _, err := os.Stat(filepath.Join(h.AutosaveDir, "autosave.pgn")); !os.IsNotExist(err) {
		t.Errorf("the autosave is still offered: %v", err)
	}
	if got := h.Env.Status.Text(); got != "The interrupted game was moved to the Trash." {
		t.Errorf("the status line says %q", got)
	}
}

func TestResumingOverAChangedGameMovesThatGameToTheTrash(t *testing.T) {
	h := newHarness(t)
	uitest.WriteFile(t, filepath.Join(h.AutosaveDir, "autosave.pgn"), "[White \"Ann\"][Black \"Ben\"]\n\n1. e4 e5 *\n")
	h.Play("d2d4 d7d5")
	h.Autosaved()
	h.f.OfferOrphans()
	h.TapButton("Resume")
	h.WantDialog("not saved")
	h.TapButton("Don't save")
	if h.History() != "e4 e5" {
		t.Fatalf("resumed %q", h.History())
	}
	if got := h.TrashedGames(); len(got) != 1 || !strings.Contains(got[0], "1. d4 d5") {
		t.Errorf("the Trash holds %q", got)
	}
	if got := h.Autosaved(); !strings.Contains(got, "1. e4 e5") {
		t.Errorf("the resumed game's autosave holds %q", got)
	}
}
