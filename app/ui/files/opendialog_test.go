package files

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/ui/uitest"
)

// fileItem returns the item of Fyne's open dialog that names name: the
// innermost object a click there reaches.
func (h *harness) fileItem(name string) fyne.Tappable {
	h.t.Helper()
	var found fyne.Tappable
	uitest.Walk(h.Top(), func(o fyne.CanvasObject) {
		tap, ok := o.(fyne.Tappable)
		if !ok || !o.Visible() {
			return
		}
		if _, isButton := o.(*widget.Button); isButton {
			return
		}
		// The grid writes a file's name without its extension.
		if _, ok := uitest.Find(o, func(l *widget.Label) bool { return l.Text == name || l.Text+".pgn" == name }); ok {
			found = tap
		}
	})
	if found == nil {
		h.t.Fatalf("no item %q in the open dialog: %s", name, h.DialogText())
	}
	return found
}

// TestADoubleClickOnAFolderEntersIt: in Fyne's open dialog, a double
// click on a folder opened the file that took its place under the mouse
// once the first click had entered it.
func TestADoubleClickOnAFolderEntersIt(t *testing.T) {
	for _, view := range []string{"grid", "list", "grid turned into a list"} {
		dir := t.TempDir()
		sub := filepath.Join(dir, "a-folder")
		os.Mkdir(sub, 0o755)
		uitest.WriteFile(t, filepath.Join(sub, "b-game.pgn"), "[White \"Inside\"]\n\n1. e4 *\n")
		h := newHarness(t)
		layout := map[string]int{"grid": 2, "list": 1, "grid turned into a list": 2}[view] // Fyne's ViewLayout
		h.Env.App.Preferences().SetInt("fyne:fileDialogViewLayout", layout)
		h.Env.Settings.SetLastDirectory(dir)
		h.f.openDialog()
		if view == "grid turned into a list" {
			toggle, ok := findViewToggle(h.Top())
			if !ok {
				t.Fatal("no button to show the files as a list")
			}
			test.Tap(toggle)
		}
		h.Clock.Advance(time.Second) // a person's first click comes later
		item := h.fileItem("a-folder")
		test.Tap(item)
		test.Tap(item) // the second click of the double click
		h.Queue.RunQueued()
		if h.History() != "" {
			t.Fatalf("%s: a double click on a folder opened a game: %q", view, h.History())
		}
		if !h.Env.Dialogs.Shown() || h.f.fyneDialogFolder() != sub {
			t.Fatalf("%s: after the double click: dialog %v, folder %q", view, h.Env.Dialogs.Shown(), h.f.fyneDialogFolder())
		}
		// The file chosen, by a double click of its own, opens.
		h.Clock.Advance(time.Second)
		game := h.fileItem("b-game.pgn")
		test.Tap(game)
		test.Tap(game)
		for h.History() != "e4" {
			h.Queue.RunOne(t)
		}
	}
}
