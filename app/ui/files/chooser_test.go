package files

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/filechooser/portaltest"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/app/ui/words"
)

// withPortal starts a private session bus, with a fake file chooser
// portal answering as answer says, for the app to use.
func withPortal(t *testing.T, answer func(portaltest.Request) portaltest.Answer) *portaltest.Portal {
	t.Helper()
	bus := portaltest.StartBus(t)
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", bus)
	return portaltest.NewPortal(t, bus, true, answer)
}

func TestPortalOpensTheGameChosen(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "chosen.pgn")
	uitest.WriteFile(t, path, "[White \"Anand\"]\n\n1. d4 Nf6 *\n")
	h := newHarness(t)
	fake := withPortal(t, func(portaltest.Request) portaltest.Answer {
		return portaltest.Answer{URI: "file://" + path}
	})
	h.Env.Settings.SetLastDirectory("/tmp")
	h.f.openDialog()
	// While the chooser is open, a modal dialog stands for it.
	if !h.Env.Dialogs.Shown() || !strings.Contains(h.DialogText(), "The file chooser is open") {
		t.Fatalf("no dialog while the chooser is open: %q", h.DialogText())
	}
	h.Queue.RunOne(t)
	if h.Env.Dialogs.Shown() {
		t.Errorf("a dialog stays after the answer: %q", h.DialogText())
	}
	// The file is read in the background, then shown.
	for h.History() != "d4 Nf6" {
		h.Queue.RunOne(t)
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
	h.Play("e2e4 e7e5")
	h.f.saveAs()
	h.Queue.RunOne(t)
	if got := uitest.ReadFile(t, path+".pgn"); !strings.Contains(got, "1. e4 e5") {
		t.Errorf("saved %q", got)
	}
	r := fake.Requests()[0]
	if r.Method != "SaveFile" || r.Name() != h.f.suggestedFileName() {
		t.Errorf("request %s name %q", r.Method, r.Name())
	}
	if h.Env.Settings.LastDirectory() != dir {
		t.Errorf("last folder %q", h.Env.Settings.LastDirectory())
	}
}

func TestPortalCancelDoesNothing(t *testing.T) {
	h := newHarness(t)
	withPortal(t, func(portaltest.Request) portaltest.Answer { return portaltest.Answer{Cancel: true} })
	h.Play("e2e4")
	h.f.saveAs()
	h.Queue.RunOne(t)
	if h.Env.Dialogs.Shown() || !h.s.Dirty() {
		t.Errorf("after a cancel: dialog %q, dirty %v", h.DialogText(), h.s.Dirty())
	}
}

func TestEscapeClosesThePortalsChooser(t *testing.T) {
	hold := make(chan struct{})
	defer close(hold)
	h := newHarness(t)
	withPortal(t, func(portaltest.Request) portaltest.Answer {
		return portaltest.Answer{URI: "file:///tmp/x.pgn", After: hold}
	})
	h.f.openDialog()
	h.Press(fyne.KeyEscape)
	if h.Env.Dialogs.Shown() {
		t.Fatalf("Escape left %q", h.DialogText())
	}
	// The call returns, given up, and its answer changes nothing.
	h.Queue.RunOne(t)
	if h.Env.Dialogs.Shown() || h.s.Path() != "" {
		t.Errorf("after giving up: dialog %q, file %q", h.DialogText(), h.s.Path())
	}
}

func TestAFailingPortalFallsBackToFynesDialog(t *testing.T) {
	h := newHarness(t)
	withPortal(t, func(portaltest.Request) portaltest.Answer { return portaltest.Answer{Fail: true} })
	h.f.saveAs()
	h.Queue.RunOne(t)
	if _, ok := uitest.Find(h.Env.Window.Canvas().Overlays().Top(), func(e *kit.Entry) bool { return e.Visible() }); !ok {
		t.Errorf("no Fyne save dialog after the portal failed: %q", h.DialogText())
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
			h.f.openDialog()
			took := time.Since(start)
			if _, ok := uitest.Find(h.Env.Window.Canvas().Overlays().Top(), func(b *widget.Button) bool { return b.Text == "Open" }); !ok {
				t.Errorf("no Fyne open dialog: %q", h.DialogText())
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
		h.Play("e2e4")
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
	h.Play("e2e4")
	h.saveThroughDialog(dir, sub)
	if !h.Env.Dialogs.Shown() || h.f.fyneDialogFolder() != sub {
		t.Errorf("a folder typed: dialog shown %v, in %q", h.Env.Dialogs.Shown(), h.f.fyneDialogFolder())
	}
}

func TestEscapeInFynesSaveDialogNameClosesIt(t *testing.T) {
	h := newHarness(t)
	h.Play("e2e4")
	h.f.saveAs()
	f, ok := h.Env.Window.Canvas().Focused().(*kit.Entry)
	if !ok {
		t.Fatalf("the name does not have the keyboard: %T", h.Env.Window.Canvas().Focused())
	}
	if f.Text != h.f.suggestedFileName() {
		t.Errorf("name %q", f.Text)
	}
	h.Press(fyne.KeyEscape)
	if h.Env.Dialogs.Shown() {
		t.Errorf("Escape left the save dialog open")
	}
}

func TestFynesDialogNamesPlacesInFrench(t *testing.T) {
	h := newHarness(t)
	locale := words.SystemLocale()
	t.Cleanup(func() { locale.Use("") })
	h.Env.Language, _ = locale.Use("fr")
	h.f.openDialog()
	var labels []string
	uitest.Walk(h.Env.Window.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
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
