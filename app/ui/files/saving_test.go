package files

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/app/ui/words"
)

// saveThroughDialog saves the game with Ctrl+Shift+S's dialog (Fyne's:
// the harness has no portal): the name typed in the folder
// given, Save, and Replace when asked about the name typed.
func (h *harness) saveThroughDialog(dir, name string) {
	h.t.Helper()
	h.Env.Settings.SetLastDirectory(dir)
	h.f.saveAs()
	top := h.Top()
	entry, ok := uitest.Find(top, func(e *kit.Entry) bool { return e.Visible() })
	if !ok {
		h.t.Fatal("no file name entry in the save dialog")
	}
	entry.SetText(name)
	save, ok := uitest.Find(top, func(b *widget.Button) bool { return b.Text == "Save" && !b.Disabled() })
	if !ok {
		h.t.Fatal("no Save button in the save dialog")
	}
	test.Tap(save)
	if strings.Contains(h.DialogText(), name+" already exists") {
		h.TapButton("Replace")
	}
}

func TestSaveAsOnAFullDiskKeepsTheFile(t *testing.T) {
	// Fyne's save dialog opened (truncated) the file it was given before
	// the app wrote: on a full disk the file was left empty.
	original := strings.Repeat("[Event \"kept\"]\n\n1. d4 d5 *\n\n", 40)
	path := uitest.FullDisk(t, "game.pgn", original)
	h := newHarness(t)
	h.Play("e2e4 e7e5")
	h.saveThroughDialog(filepath.Dir(path), "game.pgn")
	h.WantDialog("not saved")
	if got, _ := os.ReadFile(path); string(got) != original {
		t.Errorf("the file changed: %d bytes, was %d", len(got), len(original))
	}
	if !h.s.Dirty() {
		t.Error("the game is marked saved")
	}
}

func TestAWriterFromAFileDialogCreatesNothingUnwritten(t *testing.T) {
	newHarness(t) // the room's file writers are in place
	dir := t.TempDir()
	kept := filepath.Join(dir, "kept.txt")
	os.WriteFile(kept, []byte("notes"), 0o644)
	for _, p := range []string{kept, filepath.Join(dir, "new.pgn")} {
		w, err := storage.Writer(storage.NewFileURI(p))
		if err != nil {
			t.Fatal(err)
		}
		w.Close()
	}
	if got, _ := os.ReadFile(kept); string(got) != "notes" {
		t.Errorf("a writer closed unused truncated the file: %q", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "new.pgn")); !os.IsNotExist(err) {
		t.Error("a writer closed unused created a file")
	}
}

func TestSaveAsWithoutExtensionAsksAndDeletesNothing(t *testing.T) {
	// A name typed without ".pgn" replaced name.pgn without a word, and
	// the file of the name typed, if there was one, was deleted.
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes")
	os.WriteFile(notes, []byte("my notes"), 0o644)
	os.WriteFile(notes+".pgn", []byte("[Event \"other\"]\n\n1. c4 *\n"), 0o644)
	h := newHarness(t)
	h.Play("e2e4")
	h.saveThroughDialog(dir, "notes")
	h.WantDialog("notes.pgn already exists. Replace it?")
	h.TapButton("Cancel")
	if got, _ := os.ReadFile(notes); string(got) != "my notes" {
		t.Errorf("the file named was changed: %q", got)
	}
	if got, _ := os.ReadFile(notes + ".pgn"); !strings.Contains(string(got), "1. c4") {
		t.Errorf("notes.pgn was replaced without an answer: %q", got)
	}
	h.saveThroughDialog(dir, "notes")
	h.TapButton("Replace")
	if got, _ := os.ReadFile(notes + ".pgn"); !strings.Contains(string(got), "1. e4") {
		t.Errorf("notes.pgn was not replaced: %q", got)
	}
	if got, _ := os.ReadFile(notes); string(got) != "my notes" {
		t.Errorf("the file named was changed: %q", got)
	}
}

func TestSaveErrorsSayWhatHappenedInFrench(t *testing.T) {
	// Errors when saving were raw English ("open …: permission denied")
	// and did not say that the game was not saved.
	h := newHarness(t)
	locale := words.SystemLocale()
	t.Cleanup(func() { locale.Use("") })
	h.Env.Language, _ = locale.Use("fr")
	path := filepath.Join(t.TempDir(), "lecture.pgn")
	os.WriteFile(path, []byte("[Event \"x\"]\n\n1. e4 *\n"), 0o444)
	h.open(path)
	h.Play("e7e5")
	h.f.save()
	for _, want := range []string{"La partie n’a pas été enregistrée\u00a0; le fichier lecture.pgn est intact.",
		"Le fichier ou son dossier est en lecture seule.", "rien n’en est perdu"} {
		h.WantDialog(want)
	}
	if strings.Contains(h.DialogText(), "permission") || strings.Contains(h.DialogText(), "read-only") {
		t.Errorf("English in the French message: %s", h.DialogText())
	}
}

func TestSaveOverAFileChangedByAnotherProgramAsks(t *testing.T) {
	h := newHarness(t)
	path := filepath.Join(t.TempDir(), "g.pgn")
	os.WriteFile(path, []byte("[Event \"x\"]\n\n1. e4 *\n"), 0o644)
	h.open(path)
	h.Play("e7e5")
	os.WriteFile(path, []byte("[Event \"x\"]\n\n1. d4 *\n"), 0o644)
	h.f.save()
	h.WantDialog("Another program changed g.pgn")
	h.TapButton("Cancel")
	if data, _ := os.ReadFile(path); !strings.Contains(string(data), "1. d4") {
		t.Fatalf("overwritten without an answer: %s", data)
	}
	h.f.save()
	h.TapButton("Replace")
	if data, _ := os.ReadFile(path); !strings.Contains(string(data), "1. e4 e5") || h.s.Dirty() {
		t.Errorf("not replaced after the answer: %s", data)
	}
}

func TestABadTimeControlIsSaid(t *testing.T) {
	// A bad [TimeControl] silently made the game untimed.
	h := newHarness(t)
	path := filepath.Join(t.TempDir(), "tc.pgn")
	os.WriteFile(path, []byte("[TimeControl \"40/90min\"]\n\n1. e4 *\n"), 0o644)
	h.open(path)
	h.WantDialog("could not be read: the game is untimed")
	if h.History() != "e4" {
		t.Errorf("the game was not opened: %q", h.History())
	}
}

// TestCtrlSSaysWhatOfTheGameCouldNotBeKept: a game of a CR LF file with
// an escape line among its moves, a move added and Ctrl+S pressed, is
// written back with CR LF line breaks, and the status line says, in
// both languages, that the escape line was not kept, and why. Saved
// unchanged, a game is written back byte for byte, and nothing more is
// said.
func TestCtrlSSaysWhatOfTheGameCouldNotBeKept(t *testing.T) {
	text := "[Event \"1\"]\r\n\r\n1. a3 *\r\n\r\n[Event \"2\"]\r\n[Best? \"yes\"]\r\n% KNIGHTS_CMD DONE\r\n\r\n1. c3 e5\r\n% among the moves\r\n2. d4 *\r\n"
	uitest.InLanguages(t, func(l words.Language) {
		h := newHarness(t)
		h.Env.Language = l
		h.openGames(text)
		var c *collection.Collection
		for _, ev := range h.events {
			if ev.Change.Has(session.CollectionOpened) {
				c = ev.Collection
			}
		}
		if c == nil {
			t.Fatal("no list of games")
		}
		if err := h.s.OpenGame(c, 1); err != nil {
			t.Fatal(err)
		}
		path := h.s.Path()
		h.Shortcut(kit.Save)
		if got := uitest.ReadFile(t, path); got != text {
			t.Errorf("%s: saved unchanged: %q", l, got)
		}
		said := map[words.Language]string{words.English: "Saved to games.pgn", words.French: "Enregistrée dans games.pgn"}[l]
		if got := h.Env.Status.Text(); got != said {
			t.Errorf("%s: saved unchanged, the status line says %q", l, got)
		}
		h.Play("d7d5")
		h.Shortcut(kit.Save)
		want := strings.Replace(text, "1. c3 e5\r\n% among the moves\r\n2. d4 *", "1. c3 e5 2. d4 d5 *", 1)
		if got := uitest.ReadFile(t, path); got != want {
			t.Errorf("%s: saved after a move: %q", l, got)
		}
		said = map[words.Language]string{
			words.English: "Saved to games.pgn, without the escape line (“%”) among the moves, which changed",
			words.French:  "Enregistrée dans games.pgn, sans la ligne d’échappement («\u00a0%\u00a0») parmi les coups, qui ont changé",
		}[l]
		if got := h.Env.Status.Text(); got != said {
			t.Errorf("%s: the status line says %q, want %q", l, got, said)
		}
	})
}

// TestTheNameSuggestedNamesNoFileAndTheGamesDate: a second game between
// the same players on the same day was offered the first one's name; a
// game of 2026.11.20 was offered today's date.
func TestTheNameSuggestedNamesNoFileAndTheGamesDate(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t)
	game := filepath.Join(t.TempDir(), "game.pgn")
	uitest.WriteFile(t, game, "[White \"Alice Martin\"]\n[Black \"Bob Durand\"]\n[Date \"2026.11.20\"]\n\n1. e4 *\n")
	h.open(game)
	h.Env.Settings.SetLastDirectory(dir) // where the chooser starts
	if got := h.f.suggestedFileName(); got != "Alice Martin-Bob Durand-2026-11-20.pgn" {
		t.Fatalf("suggested %q", got)
	}
	for _, name := range []string{"Alice Martin-Bob Durand-2026-11-20.pgn", "Alice Martin-Bob Durand-2026-11-20 (2).pgn"} {
		uitest.WriteFile(t, filepath.Join(dir, name), "1. d4 *\n")
	}
	if got := h.f.suggestedFileName(); got != "Alice Martin-Bob Durand-2026-11-20 (3).pgn" {
		t.Errorf("with two files of that name: %q", got)
	}
	for date, want := range map[string]string{
		"2026.11.??": "A-B-2026-11.pgn", "2026.??.??": "A-B-2026.pgn", "????.??.??": "A-B.pgn", "": "A-B.pgn",
	} {
		other := filepath.Join(t.TempDir(), "other.pgn")
		uitest.WriteFile(t, other, "[White \"A\"]\n[Black \"B\"]\n[Date \""+date+"\"]\n\n1. e4 *\n")
		h.open(other)
		if got := h.f.suggestedFileName(); got != want {
			t.Errorf("date %q: suggested %q, want %q", date, got, want)
		}
	}
}

// TestEnterDoesNotReplaceAFile: the question before a file is replaced
// has Cancel as its default: Enter, Enter kept nothing of the file.
func TestEnterDoesNotReplaceAFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "kept.pgn")
	uitest.WriteFile(t, path, "1. d4 *\n")
	h := newHarness(t)
	h.Play("e2e4")
	h.Env.Settings.SetLastDirectory(dir)
	h.f.saveAs()
	top := h.Top()
	entry := uitest.MustFind(t, top, "the name", func(e *kit.Entry) bool { return e.Visible() })
	entry.SetText("kept.pgn")
	entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	h.WantDialog("kept.pgn already exists")
	h.Press(fyne.KeyReturn)
	if got := uitest.ReadFile(t, path); got != "1. d4 *\n" {
		t.Errorf("Enter replaced the file: %q", got)
	}
	if h.Env.Dialogs.Shown() && strings.Contains(h.DialogText(), "already exists") {
		t.Error("Enter left the question open")
	}
}
