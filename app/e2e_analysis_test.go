//go:build unix

package app_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
)

// finishedGame is a short game that ends in checkmate, with a blunder
// for the analysis to find.
const finishedGame = `[Event "E2E"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0
`

// wholeGameAnalysis opens a finished game given on the command line,
// analyses it whole with the real engine (Ctrl+Shift+A, Enter), saves it
// (Ctrl+S), and checks the file: an [%eval] on every move of the main
// line, and pgn-extract reads it.
// The program runs in language; screenshots are named by it.
func (e *e2e) wholeGameAnalysis(language string) {
	shot := func(name string) string { return "e2e-" + language[:2] + "-" + name + ".png" }
	t := e.t
	if _, err := engine.Detect(); err != nil {
		t.Fatalf("the end-to-end test needs Stockfish (make test installs it): %v", err)
	}
	home := homeWithPreferences(t, `{"engine.moveTimeMs":"100"}`)
	path := filepath.Join(t.TempDir(), "finished.pgn")
	if err := os.WriteFile(path, []byte(finishedGame), 0o644); err != nil {
		t.Fatal(err)
	}
	p := e.start(home, language, path)
	defer p.kill()
	board := e.findBoard("the finished game", brown, shot("analysis-start"))
	pid := fmt.Sprint(p.cmd.Process.Pid)
	// Escape closes the dialog and analyses nothing.
	e.keys("ctrl+shift+a")
	e.waitDialog(board, true, shot("analysis-dialog-escape"))
	e.keys("Escape")
	e.waitDialog(board, false, shot("analysis-dialog-escaped"))
	if strings.HasPrefix(e.windowName(pid), "• ") {
		t.Fatal("Escape on the analysis dialog changed the game")
	}
	e.keys("ctrl+shift+a")
	e.waitDialog(board, true, shot("analysis-dialog"))
	e.keys("Return")
	// The analysis written into the game marks it unsaved: "•" in the
	// title.
	e.waitFor("the analysis to be written into the game", func() bool {
		return strings.HasPrefix(e.windowName(pid), "• ")
	})
	e.screenshot(shot("analysis-done"))
	e.keys("ctrl+s")
	var text string
	e.waitFor("the analysed game to be saved", func() bool {
		data, _ := os.ReadFile(path)
		text = string(data)
		return strings.Contains(text, "[%eval")
	})
	games, err := game.ReadPGN(strings.NewReader(text))
	if err != nil || len(games) != 1 {
		t.Fatalf("the saved game does not read back (%v):\n%s", err, text)
	}
	for _, n := range games[0].MainLine() {
		if _, ok := engine.NodeEval(n); !ok {
			t.Errorf("%d. %s has no [%%eval] in the saved file:\n%s", n.MoveNumber(), n.SAN(), text)
		}
	}
	extract, err := exec.LookPath("pgn-extract")
	if err != nil {
		if extract, err = exec.LookPath("/usr/games/pgn-extract"); err != nil {
			t.Fatalf("the end-to-end test needs pgn-extract (make test installs it): %v", err)
		}
	}
	out, err := exec.Command(extract, "-s", "-r", path).CombinedOutput()
	if err != nil || regexp.MustCompile(`Line number: \d+`).Match(out) {
		t.Errorf("pgn-extract rejects the saved game (%v):\n%s\n%s", err, out, text)
	}

	// Home, then → shows the position after 1. e4; F2 analyses it live:
	// the engine's lines show beside the board.
	e.keys("Home", "Right")
	e.waitFor("→ to show the position after 1. e4", func() bool {
		img := e.screenshot(shot("right"))
		return e.pieceColour(img, board, "e4") == "white" && e.pieceColour(img, board, "e2") == "empty"
	})
	before := e.screenshot(shot("before-live"))
	e.keys("F2")
	e.waitFor("F2 to show the engine's lines beside the board", func() bool {
		img := e.screenshot(shot("live"))
		return differentPixels(before, img, board.x0+board.side, board.y0, img.Bounds().Max.X, board.y0+board.side) > 2000
	})
}

// windowName returns the title of the window of the process pid, or "".
// (xdotool's --name cannot match "•": its pattern is not read as UTF-8.)
func (e *e2e) windowName(pid string) string {
	cmd := exec.Command("xdotool", "search", "--all", "--pid", pid, "--name", "Échiquier", "getwindowname")
	cmd.Env = append(os.Environ(), "DISPLAY="+e.display)
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}
