//go:build unix

package app_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/echiquier/echiquier/app/engine"
)

// mirrored names the square that shows where name would on a board
// turned round (Black at the bottom).
func mirrored(name string) string {
	return string(rune('h'-(name[0]-'a'))) + string(rune('8'-(name[1]-'1')))
}

// autosaveMatches waits until the autosave's moves match re, and returns
// them.
func (e *e2e) autosaveMatches(home string, re *regexp.Regexp) string {
	e.t.Helper()
	var found string
	e.waitFor("the autosave to match "+re.String(), func() bool {
		paths, _ := filepath.Glob(filepath.Join(appConfig(home), "autosave-*.pgn"))
		for _, p := range paths {
			data, _ := os.ReadFile(p)
			if text := withoutComments(string(data)); re.MatchString(text) {
				found = text
				return true
			}
		}
		return false
	})
	return found
}

// computerGames plays Stockfish at the lowest level in the real program,
// as White then as Black: the New game dialog remembers the choice (the
// preferences say it), Start with Return; a draw offered before the first
// move is declined by the computer's move; moves with the mouse and the
// keyboard, each answered on the board; a take-back takes back the
// person's move and the computer's answer, with no question; the game
// saved names the engine, its side and its level.
func (e *e2e) computerGames(language string) {
	t := e.t
	lang := language[:2]
	shot := func(name string) string { return "e2e-" + lang + "-computer-" + name + ".png" }
	if _, err := engine.Detect(); err != nil {
		t.Fatalf("the end-to-end test needs Stockfish (make test installs it): %v", err)
	}
	saveDir := t.TempDir()

	// As White: the computer plays Black.
	home := homeWithPreferences(t, `{"computer.black":true,"computer.white":false,"computer.level":"1","files.lastDirectory":"`+saveDir+`"}`)
	p := e.start(home, language)
	win := e.mainWindow(p)
	b := e.findBoard("the program for a game against the computer", brown, shot("white-start"))
	e.keys("ctrl+n")
	e.waitDialog(b, true, shot("white-dialog"))
	time.Sleep(dialogWait) // the engine answers the dialog
	e.screenshot(shot("white-dialog-levels"))
	e.keys("Tab")
	e.keys("Return")
	e.waitDialog(b, false, shot("white-started"))
	e.menu(menuPlay, itemOfferDraw)
	e.statusSays(win, map[string][]string{"en": {"accept,", "decline"}, "fr": {"acceptez,", "refusez"}}[lang], shot("white-offered"))
	e.drag(b, "e2", "e4") // the mouse
	e.autosaveMatches(home, regexp.MustCompile(`1\. e4 [a-hNBRQKO]\S* `))
	e.statusSays(win, []string{toMove[lang]}, shot("white-answered"))
	e.typeText("Nf3") // the keyboard
	e.keys("Return")
	e.autosaveMatches(home, regexp.MustCompile(`2\. Nf3 [a-hNBRQKO]\S* \*`))
	e.keys("ctrl+z") // no question to a machine
	e.autosaveMatches(home, regexp.MustCompile(`1\. e4 [a-hNBRQKO]\S* \*`))
	e.screenshot(shot("white-taken-back"))
	e.keys("ctrl+s")
	e.waitDialog(b, true, shot("white-save"))
	e.keys("Return")
	saved := e.savedGame(saveDir)
	for _, want := range []string{`[Black "Stockfish`, `[BlackType "program"]`, `[BlackLevel "1"]`} {
		if !strings.Contains(saved, want) {
			t.Errorf("the saved game has no %s:\n%s", want, saved)
		}
	}
	if strings.Contains(saved, "BlackElo") || strings.Contains(saved, "2. Nf3") {
		t.Errorf("the saved game has a rating for the lowest level, or the move taken back:\n%s", saved)
	}
	p.kill()

	// As Black: the computer plays White, and moves first; the board
	// faces the person.
	home = homeWithPreferences(t, `{"computer.black":false,"computer.white":true,"computer.level":"1"}`)
	q := e.start(home, language)
	defer q.kill()
	b = e.findBoard("the program for a game as Black", brown, shot("black-start"))
	e.keys("ctrl+n")
	e.waitDialog(b, true, shot("black-dialog"))
	time.Sleep(dialogWait)
	e.keys("Tab", "Tab") // White's name is the computer's: Black's takes Return
	e.keys("Return")
	e.waitDialog(b, false, shot("black-started"))
	e.autosaveMatches(home, regexp.MustCompile(`1\. [a-hN]\S* \*`))
	e.waitFor("the board to face Black", func() bool {
		return e.pieceColour(e.screenshot(shot("black-facing")), b, "a1") == "black"
	})
	e.typeText("Nf6")
	e.keys("Return")
	e.autosaveMatches(home, regexp.MustCompile(`1\. \S+ Nf6 2\. [a-hNBRQKO]\S* \*`))
	e.drag(b, mirrored("b8"), mirrored("c6"))
	e.autosaveMatches(home, regexp.MustCompile(`2\. \S+ Nc6 3\. [a-hNBRQKO]\S* \*`))
	e.keys("ctrl+z")
	e.autosaveMatches(home, regexp.MustCompile(`1\. \S+ Nf6 2\. \S+ \*`))
	text := e.autosaveMatches(home, regexp.MustCompile(`\[White "Stockfish`))
	if !strings.Contains(text, `[WhiteType "program"]`) {
		t.Errorf("the autosave does not keep who plays White:\n%s", text)
	}
}

// savedGame waits for the game saved in dir, and returns its text.
func (e *e2e) savedGame(dir string) string {
	var text string
	e.waitFor("a game saved in "+dir, func() bool {
		paths, _ := filepath.Glob(filepath.Join(dir, "*.pgn"))
		if len(paths) == 0 {
			return false
		}
		data, _ := os.ReadFile(paths[0])
		text = string(data)
		return strings.Contains(text, "*")
	})
	return text
}
