//go:build unix

package app_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// knightsGame is the first game of pychess's test file 3fold.pgn, as
// Knights wrote it: escape lines ("% KNIGHTS_CMD") after the tags, and a
// tag name that the export format does not allow.
const knightsGame = `[Event "Knights Computer Chess Game"]
[Site "localhost.localdomain"]
[Date "2006.12.05"]
[Round "-"]
[White "Thomas Dybdahl Ahle"]
[Black "Thomas Dybdahl Ahle"]
[Result "*"]
[WhiteNA "Unknown"]
[GreatestGameEverPlayed? "True"]
[PlyCount "8"]
% KNIGHTS_CMD WhiteType Local
% KNIGHTS_CMD BlackType Local
% KNIGHTS_CMD DONE

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *
`

// crlfGames is a file of three games as a Windows program writes it,
// CR LF line breaks, with an escape line among the moves of the third.
var crlfGames = strings.ReplaceAll(`[Event "One"]

1. a3 *

[Event "Two"]

1. b3 *

[Event "Three"]

1. c3 e5
% a note among the moves
2. d4 *
`, "\n", "\r\n")

// savedAsRead opens files as other programs write them and saves their
// games with Ctrl+S. Unchanged, a game is written back byte for byte: the
// escape lines of a Knights file and its odd tag name were dropped and
// renamed, a game of a CR LF file was written with LF line breaks. A game
// changed keeps the file's CR LF, and the status line says, in the
// user's language, what could not be kept and why.
func (e *e2e) savedAsRead(language string) {
	shot := func(name string) string { return "e2e-" + language[:2] + "-saved-" + name + ".png" }
	t := e.t
	word := func(en, fr string) string { return inLanguage(language, en, fr) }
	dir := t.TempDir()
	knights := filepath.Join(dir, "knights.pgn")
	crlf := filepath.Join(dir, "windows.pgn")
	for path, text := range map[string]string{knights: knightsGame, crlf: crlfGames} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	same := func(path, want, when string) {
		t.Helper()
		if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, []byte(want)) {
			t.Errorf("%s: %s holds %q (%v), want %q", when, filepath.Base(path), got, err, want)
		}
	}

	p := e.start(t.TempDir(), language, knights)
	win := e.mainWindow(p)
	e.findBoard("the Knights game", brown, shot("knights"))
	e.keys("ctrl+s")
	e.statusSays(win, []string{word("Saved to", "Enregistrée dans"), "knights.pgn"}, shot("knights-saved"))
	same(knights, knightsGame, "the Knights game saved unchanged")
	p.kill()

	home := t.TempDir()
	q := e.start(home, language, crlf)
	defer q.kill()
	// The list of games shows over the board, its filter box with the
	// keyboard: the third game, filtered by its event, opens.
	e.waitFor("the third game of the file to open", func() bool {
		if strings.Contains(e.windowName(fmt.Sprint(q.cmd.Process.Pid)), "windows.pgn") {
			return true
		}
		e.keys("ctrl+a")
		e.typeText("Three")
		e.keys("Return")
		return false
	})
	win = e.mainWindow(q)
	e.findBoard("the third game", brown, shot("crlf"))
	e.keys("ctrl+s")
	e.statusSays(win, []string{word("Saved to", "Enregistrée dans"), "windows.pgn"}, shot("crlf-saved"))
	same(crlf, crlfGames, "the third game saved unchanged")

	// The move box may hold a "Three" typed before the list showed.
	e.keys("ctrl+a")
	e.typeText("d5")
	e.keys("Return")
	e.autosaveHolds(home, "2. d4 d5", "")
	e.keys("ctrl+s")
	e.statusSays(win, []string{word("without the escape line", "sans la ligne d’échappement")}, shot("crlf-edited"))
	same(crlf, strings.Replace(crlfGames, "1. c3 e5\r\n% a note among the moves\r\n2. d4 *", "1. c3 e5 2. d4 d5 *", 1),
		"the third game saved with a move more")
}
