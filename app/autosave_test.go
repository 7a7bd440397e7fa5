package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTwoWindowsKeepTheirOwnAutosaves(t *testing.T) {
	// A second instance deleted the first one's autosave; a file given
	// on the command line deleted it too.
	dir := t.TempDir()
	first := newHarnessIn(t, dir)
	first.play("e2e4 e7e5")
	first.autosaved()
	second := newHarnessIn(t, dir)
	path := filepath.Join(t.TempDir(), "given.pgn")
	writeFile(t, path, "[White \"X\"]\n\n1. d4 *\n")
	second.open(path) // as Start does with a file given
	second.app.Start(nil)
	if got := second.dialogText(); got != "" {
		t.Errorf("a live window's game was offered: %s", got)
	}
	if !strings.Contains(first.autosaved(), "1. e4 e5") {
		t.Fatal("the first window's autosave is gone")
	}
	// The first window dies without a word: its game is offered at the
	// next start, whatever that start opens.
	first.app.autosave.Close()
	third := newHarnessIn(t, dir)
	third.open(path)
	third.app.Start(nil)
	third.wantDialog("A game was interrupted after 1... e5")
	third.tapButton("Resume")
	if third.history() != "e4 e5" {
		t.Errorf("resumed %q", third.history())
	}
	if !strings.Contains(third.autosaved(), "1. e4 e5") {
		t.Error("the resumed game is not autosaved by the window that took it")
	}
}

func TestAFinishedUnsavedGameIsOffered(t *testing.T) {
	dir := t.TempDir()
	first := newHarnessIn(t, dir)
	first.play("f2f3 e7e5 g2g4 d8h4")
	first.wantGameOver("Black wins by checkmate")
	first.autosaved()
	first.app.autosave.Close() // the program dies at the game over dialog
	next := newHarnessIn(t, dir)
	next.app.Start(nil)
	next.wantDialog("A finished game was not saved")
	next.wantDialog("Black wins by checkmate")
	next.tapButton("Resume")
	if next.history() != "f3 e5 g4 Qh4#" || !next.app.sess.Dirty() {
		t.Errorf("opened %q, unsaved %v", next.history(), next.app.sess.Dirty())
	}
}

func TestADamagedAutosaveIsRecoveredAndKept(t *testing.T) {
	h := newHarness(t)
	damaged := "[White \"Ann\"]\n[Black \"Ben\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 Qh9 5. O-O"
	writeFile(t, h.legacyAutosave, damaged)
	h.app.Start(nil)
	h.wantDialog("damaged: 7 moves could be read")
	h.tapButton("Resume")
	if h.history() != "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6" {
		t.Errorf("recovered %q", h.history())
	}
	h.wantDialog("kept, unchanged, in")
	kept, _ := filepath.Glob(filepath.Join(filepath.Dir(h.legacyAutosave), "*.damaged"))
	if len(kept) != 1 {
		t.Fatalf("damaged files kept: %v", kept)
	}
	if data, _ := os.ReadFile(kept[0]); string(data) != damaged {
		t.Errorf("the damaged file was changed: %q", data)
	}
}

func TestQuittingWhileOfferedKeepsTheGame(t *testing.T) {
	h := newHarness(t)
	writeFile(t, h.legacyAutosave, "[White \"Ann\"][Black \"Ben\"]\n\n1. e4 e5 *\n")
	h.app.Start(nil)
	h.wantDialog("A game was interrupted")
	h.app.quit()
	if _, err := os.Stat(h.legacyAutosave); err != nil {
		t.Fatalf("quitting at the offer lost the game: %v", err)
	}
}

func TestAFailingAutosaveIsSaid(t *testing.T) {
	// Autosave failures (a full disk) were only logged.
	full := filepath.Dir(fullDisk(t, "x", ""))
	h := newHarnessIn(t, full)
	if h.app.autosave == nil {
		// Opening the store itself failed on the full disk: said too.
		if !strings.Contains(h.app.ui.status.Text, "Crash protection is off") {
			t.Fatalf("status: %q", h.app.ui.status.Text)
		}
		return
	}
	h.play("e2e4")
	h.app.autosave.Flush()
	h.queue.runOne(t) // the failure, handed to the UI goroutine
	if got := h.app.ui.status.Text; !strings.Contains(got, "Crash protection is off") || !strings.Contains(got, "the disk is full") {
		t.Errorf("status after a failed autosave: %q", got)
	}
}
