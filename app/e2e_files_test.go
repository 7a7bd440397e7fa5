//go:build unix

package app_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/echiquier/echiquier/app/filechooser/portaltest"
)

// fileChooser opens and saves through the desktop's file chooser (a
// fake XDG portal on a private session bus), then, without a portal,
// through Fyne's dialog: a full path typed as the name is where the
// game goes, and Escape closes the dialog while its name has the focus.
func (e *e2e) fileChooser() {
	t := e.t
	dir := t.TempDir()
	chosen := filepath.Join(dir, "chosen game.pgn")
	if err := os.WriteFile(chosen, []byte("[White \"Anand\"]\n[Black \"Kramnik\"]\n[Result \"*\"]\n\n1. d4 Nf6 2. c4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(dir, "saved.pgn")
	hold := make(chan struct{})
	defer close(hold)
	var mu sync.Mutex
	asked := 0
	bus := portaltest.StartBus(t)
	fake := portaltest.NewPortal(t, bus, true, func(r portaltest.Request) portaltest.Answer {
		mu.Lock()
		defer mu.Unlock()
		asked++
		switch {
		case asked == 3: // the user takes their time
			return portaltest.Answer{URI: "file://" + chosen, After: hold}
		case r.Method == "OpenFile":
			return portaltest.Answer{URI: "file://" + strings.ReplaceAll(chosen, " ", "%20")}
		}
		return portaltest.Answer{URI: "file://" + saved}
	})

	e.bus = bus
	p := e.start(t.TempDir(), "fr_FR.UTF-8")
	e.bus = ""
	pid := fmt.Sprint(p.cmd.Process.Pid)
	board := e.findBoard("the program with a portal", brown, "e2e-portal-start.png")

	// Ctrl+O asks the portal, as the window's child, for a PGN file; the
	// game chosen opens.
	e.keys("ctrl+o")
	e.waitFor("the portal to be asked for a file to open", func() bool { return len(fake.Requests()) == 1 })
	r := fake.Requests()[0]
	if r.Method != "OpenFile" || r.Title != "Ouvrir une partie" || !slices.Contains(r.Patterns(), "Parties PGN: *.pgn *.PGN") {
		t.Errorf("open request: %s %q %q", r.Method, r.Title, r.Patterns())
	}
	if ids := e.windowIDs(pid); !slices.Contains(ids, r.Parent) {
		t.Errorf("the request's parent %q is not the window (%q)", r.Parent, ids)
	}
	e.waitFor("the chosen game to open", func() bool { return strings.Contains(e.windowName(pid), "chosen game.pgn") })
	e.pieceAt(board, "f6", "black", "e2e-portal-opened.png")

	// Ctrl+Shift+S asks where to save, in the folder used last, and
	// suggests a name; the game goes to the file chosen.
	e.keys("ctrl+shift+s")
	e.waitFor("the portal to be asked where to save", func() bool { return len(fake.Requests()) == 2 })
	r = fake.Requests()[1]
	if r.Method != "SaveFile" || r.Folder() != dir || !strings.HasSuffix(r.Name(), ".pgn") {
		t.Errorf("save request: %s folder %q name %q", r.Method, r.Folder(), r.Name())
	}
	e.waitFor("the game to be saved where the portal said", func() bool {
		data, _ := os.ReadFile(saved)
		return strings.Contains(string(data), "1. d4 Nf6 2. c4")
	})

	// While the chooser is open, the window is under a modal dialog;
	// Escape gives up and nothing is opened.
	e.keys("ctrl+o")
	e.waitFor("the third request", func() bool { return len(fake.Requests()) == 3 })
	e.waitDialog(board, true, "e2e-portal-choosing.png")
	e.keys("Escape")
	e.waitDialog(board, false, "e2e-portal-given-up.png")
	if name := e.windowName(pid); !strings.Contains(name, "saved.pgn") {
		t.Errorf("after giving up the chooser, the window shows %q", name)
	}
	p.kill()

	// Without a portal, Fyne's dialog: Escape closes it from its name
	// entry, and a full path typed as the name is where the game goes.
	q := e.start(t.TempDir(), "fr_FR.UTF-8")
	defer q.kill()
	board = e.findBoard("the program without a portal", brown, "e2e-noportal-start.png")
	e.drag(board, "e2", "e4")
	e.keys("ctrl+shift+s")
	e.waitDialog(board, true, "e2e-fyne-save-fr.png")
	if !strings.Contains(q.log.String(), "file chooser: no file chooser portal") {
		t.Errorf("no word of the missing portal in the log:\n%s", q.log.String())
	}
	e.keys("Escape")
	e.waitDialog(board, false, "e2e-fyne-save-escaped.png")
	typed := filepath.Join(t.TempDir(), "typed")
	e.keys("ctrl+shift+s")
	e.waitDialog(board, true, "e2e-fyne-save-again.png")
	e.keys("ctrl+a")
	e.typeText(typed)
	e.screenshot("e2e-fyne-save-typed.png")
	e.keys("Return")
	e.waitFor("the game to be saved at the path typed", func() bool {
		data, _ := os.ReadFile(typed + ".pgn")
		return strings.Contains(withoutComments(string(data)), "1. e4")
	})
	e.waitDialog(board, false, "e2e-fyne-saved.png")

	// Fyne's open dialog closes with Escape too (the game is saved: no
	// question comes first).
	e.keys("ctrl+o")
	e.waitDialog(board, true, "e2e-fyne-open.png")
	e.keys("Escape")
	e.waitDialog(board, false, "e2e-fyne-open-escaped.png")
}

// windowIDs lists the X windows of the process pid, as the portal names
// a parent ("x11:<XID in hex>").
func (e *e2e) windowIDs(pid string) []string {
	cmd := exec.Command("xdotool", "search", "--all", "--pid", pid, "--name", "Échiquier")
	cmd.Env = append(os.Environ(), "DISPLAY="+e.display)
	out, _ := cmd.Output()
	var ids []string
	for _, f := range strings.Fields(string(out)) {
		if n, err := strconv.ParseUint(f, 10, 64); err == nil {
			ids = append(ids, fmt.Sprintf("x11:%x", n))
		}
	}
	return ids
}

// pieceAt waits until square holds a piece of colour.
func (e *e2e) pieceAt(b screenBoard, square, colour, shot string) {
	e.t.Helper()
	e.waitFor("a "+colour+" piece on "+square, func() bool { return e.pieceColour(e.screenshot(shot), b, square) == colour })
}
