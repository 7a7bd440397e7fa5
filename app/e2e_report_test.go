//go:build unix

package app_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/echiquier/echiquier/app/game"
)

// reportWords are words of the game report, by language, as tesseract
// reads them (no accented letter).
var reportWords = map[string][]string{
	"en": {"Accuracy", "Average loss"},
	"fr": {"cision", "Perte moyenne"},
}

// gameReport analyses a finished game with the real engine (Ctrl+Shift+A,
// Enter) and reads the report under the graph: none before, then its
// words and a percentage, the accuracy. It saves the game (Ctrl+S),
// analyses it a second time and saves it again: the file has one
// [%eval] after each move of the main line, not two. Then the same game
// with the evaluations of an earlier analysis: the new analysis replaces
// them. The program runs in language; screenshots are named by it.
func (e *e2e) gameReport(language string) {
	lang := language[:2]
	shot := func(name string) string { return "e2e-" + lang + "-report-" + name + ".png" }
	t := e.t
	percent := regexp.MustCompile(`\d{1,3} ?%`)
	reads := func(flat string) bool { return has(reportWords[lang]...)(flat) && percent.MatchString(flat) }

	a := e.analysedGame(language, finishedGame, shot)
	img := e.screenshot(shot("before"))
	if text, ok := e.ocr(img, e.panelRect(img, a.win), 6, has(reportWords[lang][1])); ok {
		t.Errorf("%s: a game never analysed has a report (%s): %q", lang, shot("before"), text)
	}
	a.analyse("first")
	var read string
	e.waitFor("the report under the graph ("+shot("first")+")", func() bool {
		img := e.screenshot(shot("first"))
		var ok bool
		read, ok = e.ocr(img, e.panelRect(img, a.win), 6, reads)
		return ok
	})
	t.Logf("%s: the report reads %q", lang, compact(read))
	a.save("first")
	a.analyse("second")
	e.screenshot(shot("second"))
	e.oneEvalAMove(lang, a.save("second"), "")
	a.p.kill()

	// The evaluations of an earlier analysis, written by another
	// program: the new analysis replaces them.
	stale := strings.Replace(finishedGame, "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#",
		"1. e4 {[%eval 7.77]} e5 {[%eval 7.77]} 2. Bc4 {[%eval 7.77]} Nc6 {[%eval 7.77]} 3. Qh5 {[%eval 7.77]} Nf6 {[%eval 7.77]} 4. Qxf7#", 1)
	if stale == finishedGame {
		t.Fatal("the finished game is not the one this step knows")
	}
	b := e.analysedGame(language, stale, func(name string) string { return shot("stale-" + name) })
	b.analyse("third")
	e.oneEvalAMove(lang, b.save("third"), "7.77")
	b.p.kill()
}

// analysed is a program that analyses a game of its file.
type analysed struct {
	e    *e2e
	p    *process
	pid  string
	win  string
	path string
	// board is where the board is; shot names a screenshot.
	board screenBoard
	shot  func(string) string
}

// analysedGame starts the program in language on a file holding text,
// the engine's time 0.1 s a move.
func (e *e2e) analysedGame(language, text string, shot func(string) string) *analysed {
	t := e.t
	home := homeWithPreferences(t, `{"engine.moveTimeMs":"100"}`)
	path := filepath.Join(t.TempDir(), "finished.pgn")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	p := e.start(home, language, path)
	t.Cleanup(p.kill)
	a := &analysed{e: e, p: p, pid: fmt.Sprint(p.cmd.Process.Pid), path: path, shot: shot}
	a.board = e.findBoard("the finished game", brown, shot("start"))
	a.win = e.mainWindow(p)
	return a
}

// analyse analyses the game whole (Ctrl+Shift+A, Enter) and waits for
// the analysis to be written into it: "•" in the title.
func (a *analysed) analyse(round string) {
	e := a.e
	e.keys("ctrl+shift+a")
	e.waitDialog(a.board, true, a.shot(round+"-dialog"))
	e.keys("Return")
	e.waitFor("the "+round+" analysis to be written into the game", func() bool {
		return strings.HasPrefix(e.windowName(a.pid), "• ")
	})
}

// save saves the game (Ctrl+S) and returns the file.
func (a *analysed) save(round string) string {
	e := a.e
	e.keys("ctrl+s")
	e.waitFor("the game saved after the "+round+" analysis", func() bool {
		return !strings.HasPrefix(e.windowName(a.pid), "• ")
	})
	data, err := os.ReadFile(a.path)
	if err != nil {
		e.t.Fatal(err)
	}
	return string(data)
}

// oneEvalAMove checks a saved game: one [%eval] after each move of its
// main line, and none with the value stale.
func (e *e2e) oneEvalAMove(lang, text, stale string) {
	t := e.t
	games, err := game.ReadPGN(strings.NewReader(text))
	if err != nil || len(games) != 1 {
		t.Fatalf("%s: the saved game does not read back (%v):\n%s", lang, err, text)
	}
	for _, n := range games[0].MainLine() {
		_, after := n.Comments()
		comment := strings.Join(after, " ")
		if k := strings.Count(comment, "[%eval"); k != 1 || stale != "" && strings.Contains(comment, stale) {
			t.Errorf("%s: after %d. %s the saved file has %q, want one [%%eval] of the new analysis:\n%s", lang, n.MoveNumber(), n.SAN(), comment, text)
		}
	}
}
