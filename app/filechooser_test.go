package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/filechooser/portaltest"
)

// withPortal starts a private session bus, with a fake file chooser
// portal answering as answer says, for the app to use.
func withPortal(t *testing.T, answer func(portaltest.Request) portaltest.Answer) *portaltest.Portal {
	t.Helper()
	bus := portaltest.StartBus(t)
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", bus)
	return portaltest.NewPortal(t, bus, true, answer)
}

// noPortal leaves the app without a session bus: Fyne's dialog asks.
func noPortal(t *testing.T) {
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent")
}

func TestPortalOpensTheGameChosen(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "chosen.pgn")
	writeFile(t, path, "[White \"Anand\"]\n\n1. d4 Nf6 *\n")
	h := newHarness(t)
	fake := withPortal(t, func(portaltest.Request) portaltest.Answer {
		return portaltest.Answer{URI: "file://" + path}
	})
	h.app.settings.SetLastDirectory("/tmp")
	h.app.openDialog()
	// While the chooser is open, a modal dialog stands for it.
	if !h.app.dlg.shown() || !strings.Contains(h.dialogText(), "The file chooser is open") {
		t.Fatalf("no dialog while the chooser is open: %q", h.dialogText())
	}
	h.queue.runOne(t)
	if h.app.dlg.shown() {
		t.Errorf("a dialog stays after the answer: %q", h.dialogText())
	}
	// The file is read in the background, then shown.
	for h.history() != "d4 Nf6" {
		h.queue.runOne(t)
	}
	r := fake.Requests()[0]
	if r.Method != "OpenFile" || r.Folder() != "/tmp" || r.Title != "Open a game" {
		t.Errorf("request %s folder %q title %q", r.Method, r.Folder(), r.Title)
	}
	if got := strings.Join(r.Patterns(), ";"); got != "PGN games: *.pgn *.PGN" {
		t.Errorf("filters %q", got)
	}
}

func TestPortalSavesWhereChosen(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "named") // the extension is added
	h := newHarness(t)
	fake := withPortal(t, func(portaltest.Request) portaltest.Answer {
		return portaltest.Answer{URI: "file://" + path}
	})
	h.play("e2e4 e7e5")
	h.app.saveAs()
	h.queue.runOne(t)
	if got := readFile(t, path+".pgn"); !strings.Contains(got, "1. e4 e5") {
		t.Errorf("saved %q", got)
	}
	r := fake.Requests()[0]
	if r.Method != "SaveFile" || r.Name() != h.app.suggestedFileName() {
		t.Errorf("request %s name %q", r.Method, r.Name())
	}
	if h.app.settings.LastDirectory() != dir {
		t.Errorf("last folder %q", h.app.settings.LastDirectory())
	}
}

func TestPortalCancelDoesNothing(t *testing.T) {
	h := newHarness(t)
	withPortal(t, func(portaltest.Request) portaltest.Answer { return portaltest.Answer{Cancel: true} })
	h.play("e2e4")
	h.app.saveAs()
	h.queue.runOne(t)
	if h.app.dlg.shown() || !h.app.sess.Dirty() {
		t.Errorf("after a cancel: dialog %q, dirty %v", h.dialogText(), h.app.sess.Dirty())
	}
}

func TestEscapeClosesThePortalsChooser(t *testing.T) {
	hold := make(chan struct{})
	defer close(hold)
	h := newHarness(t)
	withPortal(t, func(portaltest.Request) portaltest.Answer {
		return portaltest.Answer{URI: "file:///tmp/x.pgn", After: hold}
	})
	h.app.openDialog()
	h.app.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if h.app.dlg.shown() {
		t.Fatalf("Escape left %q", h.dialogText())
	}
	// The call returns, given up, and its answer changes nothing.
	h.queue.runOne(t)
	if h.app.dlg.shown() || h.app.sess.Path() != "" {
		t.Errorf("after giving up: dialog %q, file %q", h.dialogText(), h.app.sess.Path())
	}
}

func TestAFailingPortalFallsBackToFynesDialog(t *testing.T) {
	h := newHarness(t)
	withPortal(t, func(portaltest.Request) portaltest.Answer { return portaltest.Answer{Fail: true} })
	h.app.saveAs()
	h.queue.runOne(t)
	if _, ok := find(h.app.win.Canvas().Overlays().Top(), func(e *escapableEntry) bool { return e.Visible() }); !ok {
		t.Errorf("no Fyne save dialog after the portal failed: %q", h.dialogText())
	}
}

func TestWithoutPortalFynesDialogComesAtOnce(t *testing.T) {
	for name, bus := range map[string]string{
		"no bus":             "unix:path=/nonexistent",
		"no portal on a bus": portaltest.StartBus(t),
	} {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t)
			t.Setenv("DBUS_SESSION_BUS_ADDRESS", bus)
			start := time.Now()
			h.app.openDialog()
			took := time.Since(start)
			if _, ok := find(h.app.win.Canvas().Overlays().Top(), func(b *widget.Button) bool { return b.Text == "Open" }); !ok {
				t.Errorf("no Fyne open dialog: %q", h.dialogText())
			}
			t.Logf("Fyne's dialog after %v", took) // reported, not asserted
		})
	}
}

func TestFynesSaveDialogTakesAFullPath(t *testing.T) {
	elsewhere := t.TempDir()
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, c := range []struct{ typed, want string }{
		{filepath.Join(elsewhere, "typed"), filepath.Join(elsewhere, "typed.pgn")},
		{"~/home game.pgn", filepath.Join(home, "home game.pgn")},
	} {
		h := newHarness(t)
		h.play("e2e4")
		h.saveThroughDialog(t.TempDir(), c.typed)
		if got, _ := os.ReadFile(c.want); !strings.Contains(string(got), "1. e4") {
			t.Errorf("%q: %s holds %q", c.typed, c.want, got)
		}
	}
}

func TestFynesSaveDialogTypedFolderIsOpened(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	h := newHarness(t)
	h.play("e2e4")
	h.saveThroughDialog(dir, sub)
	if !h.app.dlg.shown() || h.app.fyneDialogFolder() != sub {
		t.Errorf("a folder typed: dialog shown %v, in %q", h.app.dlg.shown(), h.app.fyneDialogFolder())
	}
}

func TestEscapeInFynesSaveDialogNameClosesIt(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	h.app.saveAs()
	f, ok := h.app.win.Canvas().Focused().(*escapableEntry)
	if !ok {
		t.Fatalf("the name does not have the keyboard: %T", h.app.win.Canvas().Focused())
	}
	if f.Text != h.app.suggestedFileName() {
		t.Errorf("name %q", f.Text)
	}
	h.press(fyne.KeyEscape)
	if h.app.dlg.shown() {
		t.Errorf("Escape left the save dialog open")
	}
}

func TestFynesDialogNamesPlacesInFrench(t *testing.T) {
	h := newHarness(t)
	h.app.settings.SetLanguage("fr")
	t.Cleanup(func() { h.app.locale.Use("") })
	h.app.changeLanguage()
	h.app.openDialog()
	var labels []string
	walk(h.app.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok {
			labels = append(labels, l.Text)
		}
	})
	got := strings.Join(labels, " | ")
	for _, want := range []string{"Dossier personnel", "Ordinateur"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in the dialog: %s", want, got)
		}
	}
	for _, english := range []string{"| Home |", "| Computer |"} {
		if strings.Contains("| "+got+" |", english) {
			t.Errorf("%q in the French dialog", english)
		}
	}
}

func TestTypedPath(t *testing.T) {
	home, _ := os.UserHomeDir()
	for _, c := range []struct {
		typed, dir, want string
		ok               bool
	}{
		{"/a/b.pgn", "/d", "/a/b.pgn", true},
		{"  /a/../c.pgn ", "/d", "/c.pgn", true},
		{"~/x.pgn", "/d", filepath.Join(home, "x.pgn"), true},
		{"x.pgn", "/d", "/d/x.pgn", true},
		{"s/x.pgn", "/d", "/d/s/x.pgn", true},
		{"", "/d", "", false},
		{"x.pgn", "", "", false},
	} {
		got, ok := typedPath(c.typed, c.dir)
		if got != c.want || ok != c.ok {
			t.Errorf("typedPath(%q, %q) = %q, %v", c.typed, c.dir, got, ok)
		}
	}
}
