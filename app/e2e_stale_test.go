//go:build unix

package app_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// menuView is the View menu, counted as menu counts them.
const menuView = 3

// capablanca is a game read from a file, over, between named players.
const capablanca = `[Event "Casual"]
[Date "1901.??.??"]
[White "Corzo y Prinzipe, Juan"]
[Black "Capablanca, Jose Raul"]
[Result "0-1"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 0-1
`

// said is what the window says, by language, as tesseract reads it: a
// few plain words.
type said map[string][]string

// inLanguage is en, or fr where language is French.
func inLanguage(language, en, fr string) string {
	if strings.HasPrefix(language, "fr") {
		return fr
	}
	return en
}

// in is what is said in language.
func (s said) in(language string) []string { return s[language[:2]] }

// statusLacks checks, once the status line says now, that it does not
// say gone.
func (e *e2e) statusLacks(win string, now, gone []string, shot string) {
	e.t.Helper()
	e.statusSays(win, now, shot)
	if text, found := e.ocr(e.screenshot(shot), e.statusRect(win), 6, has(gone...)); found {
		e.t.Errorf("%s: the status line still says %q: %q", shot, gone, text)
	}
}

// staleScreen checks, in the real program, that the screen shows what
// is true: a game read from a file is edited (no "game over" above the
// board, Ctrl+Z takes back at once and Ctrl+Y puts back), the status
// line speaks of the position shown, and a refused move's word goes at
// the next move made on the board.
func (e *e2e) staleScreen(language string) {
	t := e.t
	shot := func(name string) string { return "e2e-" + language[:2] + "-stale-" + name + ".png" }
	home := t.TempDir()
	path := filepath.Join(home, "capablanca.pgn")
	if err := os.WriteFile(path, []byte(capablanca), 0o644); err != nil {
		t.Fatal(err)
	}
	p := e.start(home, language, path)
	defer p.kill()
	win := e.mainWindow(p)
	b := e.findBoard("the game read from a file", brown, shot("read"))
	e.statusSays(win, said{"en": {"Black", "wins"}, "fr": {"Noirs", "gagnent"}}.in(language), shot("read"))
	if img := e.screenshot(shot("read")); e.overShown(img, win, language[:2]) {
		t.Errorf("the game read shows a game-over banner (%s)", shot("read"))
	}

	// Ctrl+Z takes 4... Nf6 back at once, asking no one; Ctrl+Y puts
	// it back.
	e.keys("ctrl+z")
	e.statusSays(win, said{"en": {"Nf6 taken back", "puts it back"}, "fr": {"Cf6 repris", "le remet"}}.in(language), shot("taken-back"))
	if e.dimmed(b, shot("taken-back")) {
		t.Errorf("Ctrl+Z in a game read asks a question (%s)", shot("taken-back"))
	}
	if e.pieceColour(e.screenshot(shot("taken-back")), b, "g8") != "black" {
		t.Errorf("the knight is not back on g8 (%s)", shot("taken-back"))
	}
	e.keys("ctrl+y")
	e.statusSays(win, said{"en": {"Nf6 put back"}, "fr": {"Cf6 remis"}}.in(language), shot("put-back"))
	if e.pieceColour(e.screenshot(shot("put-back")), b, "f6") != "black" {
		t.Errorf("the knight is not on f6 again (%s)", shot("put-back"))
	}

	// Browsing, the status line speaks of the position shown: after
	// 1... e5, White is to move.
	e.keys("Home", "Right", "Right")
	e.statusLacks(win, said{"en": {"White", "to", "move"}, "fr": {"Trait", "Blancs"}}.in(language),
		said{"en": {"Black", "to", "move"}, "fr": {"Trait", "Noirs"}}.in(language), shot("browsing"))
	e.keys("End")

	// A new game: a piece dropped where it cannot go is told under the
	// move box, until a move is made on the board, by hand or by keys.
	e.keys("ctrl+n")
	e.waitDialog(b, true, shot("new-game"))
	e.keys("Return")
	e.waitDialog(b, false, shot("new-game-started"))
	e.drag(b, "e2", "e4")
	e.drag(b, "e7", "e5")
	e.drag(b, "d1", "d5") // the d2 pawn is in the way
	panel := func() image.Rectangle { return e.panelRect(e.screenshot(shot("panel")), win) }
	e.readsIn(panel, 11, []string{"d1d5"}, shot("refused"), "the side panel")
	e.drag(b, "g1", "f3")
	// The cursor starts on Black's king: e8, b8, then c6.
	e.keys("ctrl+b", "Left", "Left", "Left", "space", "Down", "Down", "Right", "space", "Escape")
	e.autosaveHolds(home, "1. e4 e5 2. Nf3 Nc6 *", "")
	img := e.screenshot(shot("refused-gone"))
	if text, found := e.ocr(img, e.panelRect(img, win), 11, has("d1d5")); found {
		t.Errorf("the refused move is still told after two moves (%s): %q", shot("refused-gone"), text)
	}
}

// elision checks, in French, that a name after "de" is elided: "Hugo
// Blanc gagne — abandon d'Émilie Château".
func (e *e2e) elision() {
	home := homeWithPreferences(e.t, `{"game.whiteName":"Émilie Château","game.blackName":"Hugo Blanc","play.confirmResign":false}`)
	p := e.start(home, "fr_FR.UTF-8")
	defer p.kill()
	win := e.mainWindow(p)
	b := e.findBoard("the game of Émilie and Hugo", brown, "e2e-fr-elision.png")
	e.drag(b, "e2", "e4")
	e.drag(b, "e7", "e5")
	e.menu(menuPlay, itemResign) // White, to move, resigns
	e.statusSays(win, []string{"Hugo Blanc gagne", "abandon d'", "Ch"}, "e2e-fr-elision-resigned.png")
}

// mootQuestion checks that a question the game's end makes moot closes:
// Black's flag falls while "Claim a draw with this move?" is asked.
func (e *e2e) mootQuestion(language string) {
	t := e.t
	shot := func(name string) string { return "e2e-" + language[:2] + "-moot-" + name + ".png" }
	home := homeWithPreferences(t, `{"game.timeControl":"40+0"}`)
	p := e.start(home, language)
	defer p.kill()
	win := e.mainWindow(p)
	b := e.findBoard("the game on the clocks", brown, shot("start"))
	for _, m := range [][2]string{{"g1", "f3"}, {"g8", "f6"}, {"f3", "g1"}, {"f6", "g8"}, {"g1", "f3"}, {"g8", "f6"}, {"f3", "g1"}} {
		e.drag(b, m[0], m[1])
	}
	e.autosaveHolds(home, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 *", "")
	e.drag(b, "f6", "g8")
	e.waitDialog(b, true, shot("claim-asked"))
	// Black thinks on: the flag falls within 40 s.
	e.statusSays(win, said{"en": {"ran", "out", "time"}, "fr": {"temps", "Noirs"}}.in(language), shot("flag"))
	e.waitDialog(b, false, shot("question-closed"))
	if e.pieceColour(e.screenshot(shot("question-closed")), b, "f6") != "black" {
		t.Errorf("the knight of the move asked about is not back on f6 (%s)", shot("question-closed"))
	}
}

// savingSafely checks that saving never overwrites by accident: the
// name suggested names no file (" (2)"), with the game's date, and
// Enter in "Replace the file?" keeps the file.
func (e *e2e) savingSafely(language string) {
	t := e.t
	shot := func(name string) string { return "e2e-" + language[:2] + "-saving-" + name + ".png" }
	home := t.TempDir()
	first := filepath.Join(home, "Alice-Bob-2026-11-20.pgn")
	text := "[White \"Alice\"]\n[Black \"Bob\"]\n[Date \"2026.11.20\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"
	if err := os.WriteFile(first, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	p := e.start(home, language, first)
	defer p.kill()
	b := e.findBoard("the game of Alice and Bob", brown, shot("start"))
	// Ctrl+Shift+S, Enter: saved under the name suggested.
	e.keys("ctrl+shift+s")
	e.waitDialog(b, true, shot("save-as"))
	e.keys("Return")
	second := filepath.Join(home, "Alice-Bob-2026-11-20 (2).pgn")
	e.waitFor("the game saved as "+second, func() bool {
		_, err := os.Stat(second)
		return err == nil
	})
	// The first file's name typed, Enter, Enter: the question before
	// replacing it has Cancel as its default.
	e.keys("ctrl+shift+s")
	e.waitDialog(b, true, shot("save-as-2"))
	e.keys("ctrl+a")
	e.typeText(filepath.Base(first))
	e.keys("Return")
	time.Sleep(dialogWait)
	e.keys("Return")
	time.Sleep(dialogWait)
	e.screenshot(shot("enter-enter"))
	if data, _ := os.ReadFile(first); string(data) != text {
		t.Errorf("Enter, Enter replaced %s:\n%s", first, data)
	}
	e.clear(p, "after the question", shot("cleared"))
}

// openDialogDoubleClick checks Fyne's open dialog (no portal): a double
// click on a folder enters it and opens nothing; one on a game opens it.
func (e *e2e) openDialogDoubleClick(language string) {
	t := e.t
	shot := func(name string) string { return "e2e-" + language[:2] + "-open-" + name + ".png" }
	home := homeWithPreferences(t, "{}")
	folder := filepath.Join(home, "afolder")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(folder, "bgame.pgn"), []byte("[White \"Inside\"]\n\n1. d4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	prefs := `{"files.lastDirectory":"` + home + `"}`
	if err := os.WriteFile(filepath.Join(appConfig(home), "preferences.json"), []byte(prefs), 0o644); err != nil {
		t.Fatal(err)
	}
	p := e.start(home, language)
	defer p.kill()
	win := e.mainWindow(p)
	b := e.findBoard("the program", brown, shot("start"))
	e.keys("ctrl+o")
	e.waitDialog(b, true, shot("dialog"))
	doubleClick := func(word string) {
		var x, y int
		e.waitFor("the word "+word+" in the open dialog", func() bool {
			var ok bool
			x, y, ok = e.findWord(e.screenshot(shot(word)), e.geometry(win), word)
			return ok
		})
		// Above the name: the icon.
		if err := e.x("xdotool", "mousemove", strconv.Itoa(x), strconv.Itoa(y-30), "click", "--repeat", "2", "--delay", "80", "1"); err != nil {
			t.Fatal(err)
		}
	}
	doubleClick("afolder")
	e.waitFor("the folder's game in the dialog", func() bool {
		_, _, ok := e.findWord(e.screenshot(shot("in-folder")), e.geometry(win), "bgame")
		return ok
	})
	time.Sleep(dialogWait)
	if !e.dimmed(b, shot("in-folder")) || strings.Contains(e.windowName(strconv.Itoa(p.cmd.Process.Pid)), "bgame") {
		t.Fatalf("a double click on a folder opened a game (%s): %q", shot("in-folder"), e.windowName(strconv.Itoa(p.cmd.Process.Pid)))
	}
	doubleClick("bgame")
	e.waitFor("the game double-clicked to open", func() bool {
		return strings.Contains(e.windowName(strconv.Itoa(p.cmd.Process.Pid)), "bgame.pgn")
	})
}

// wordsAndKeys checks the words of the window in a language: the menus
// name the keys as Help does, and without a sound device (none is set
// up) the Sounds tab says why in words and greys its controls.
func (e *e2e) wordsAndKeys(language, settingsTitle string) {
	t := e.t
	lang := language[:2]
	shot := func(name string) string { return "e2e-" + lang + "-words-" + name + ".png" }
	home := homeWithPreferences(t, "{}")
	p := e.start(home, language)
	defer p.kill()
	b := e.findBoard("the program", brown, shot("start"))
	// Two moves and one back: Home and End are enabled, their keys
	// written in full contrast.
	e.drag(b, "e2", "e4")
	e.drag(b, "e7", "e5")
	e.keys("Left")
	for _, m := range []struct {
		menu int
		keys []string
	}{
		{menuGame, said{"en": {"Ctrl+Shift+S"}, "fr": {"Ctrl+Maj+S"}}.in(language)},
		{menuView, said{"en": {"Home", "End"}, "fr": {"Origine", "Fin"}}.in(language)},
	} {
		closed := e.screenshot(shot("menu-closed"))
		e.openMenu(m.menu)
		time.Sleep(dialogWait)
		open := e.screenshot(shot("menu"))
		text := e.ocrMenu(open, changedRect(closed, open))
		if !has(m.keys...)(compact(text)) {
			t.Errorf("menu %d does not write its keys %q (%s): %q", m.menu, m.keys, shot("menu"), text)
		}
		if lang == "fr" && strings.Contains(compact(text), "shift") {
			t.Errorf("the French menu %d writes Shift: %q", m.menu, text)
		}
		e.keys("Escape", "Escape")
	}

	e.keys("ctrl+comma")
	settings := ""
	e.waitFor("the settings window", func() bool {
		settings = e.windowNamed("^" + settingsTitle + "$")
		return settings != ""
	})
	e.clickWord(settings, said{"en": {"Sounds"}, "fr": {"Sons"}}.in(language)[0], shot("settings"))
	e.windowSays(settings, said{"en": {"No sound can be played", "no audio output"}, "fr": {"Aucun son", "sortie audio"}}.in(language), shot("sounds"))
	// Greyed: no box is drawn checked (blue), "Play sounds" and the
	// events' boxes included.
	if box, ok := checkBox(e.screenshot(shot("sounds")), e.geometry(settings)); ok {
		t.Errorf("a control of the Sounds tab is not greyed: a checked box at %v (%s)", box, shot("sounds"))
	}
	e.keys("Escape")
}

// windowSays waits until the window win shows the words given anywhere.
func (e *e2e) windowSays(win string, words []string, shot string) {
	e.t.Helper()
	e.readsIn(func() image.Rectangle { return e.geometry(win) }, 11, words, shot, "the window")
}

// changedRect is the box of the pixels that differ between two
// screenshots: a menu opened.
func changedRect(a, b image.Image) image.Rectangle {
	var r image.Rectangle
	bounds := a.Bounds().Intersect(b.Bounds())
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			if color.RGBAModel.Convert(a.At(x, y)) != color.RGBAModel.Convert(b.At(x, y)) {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}

// ocrMenu reads an open menu, in the rectangle r of img: its keys are
// drawn in a dim grey, which a hard threshold makes readable.
func (e *e2e) ocrMenu(img image.Image, r image.Rectangle) string {
	e.t.Helper()
	dir := e.t.TempDir()
	part := filepath.Join(dir, "menu.png")
	var b bytes.Buffer
	if err := png.Encode(&b, img.(subImager).SubImage(r.Intersect(img.Bounds()))); err != nil {
		e.t.Fatal(err)
	}
	if err := os.WriteFile(part, b.Bytes(), 0o644); err != nil {
		e.t.Fatal(err)
	}
	var texts []string
	for _, level := range []string{"78%", "74%", "82%"} {
		big := filepath.Join(dir, "big-"+level+".png")
		if out, err := exec.Command("convert", part, "-colorspace", "Gray", "-negate", "-resize", "400%", "-threshold", level, big).CombinedOutput(); err != nil {
			e.t.Fatalf("convert: %v\n%s", err, out)
		}
		cmd := exec.Command("tesseract", big, "-", "--psm", "6")
		cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
		out, err := cmd.Output()
		if err != nil {
			e.t.Fatalf("tesseract: %v", err)
		}
		texts = append(texts, string(out))
	}
	return strings.Join(texts, "\n")
}
