//go:build unix

package app_test

import (
	"fmt"
	"image"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app"
	"github.com/echiquier/echiquier/app/ui/kit"
)

// commandTable returns the window's table of commands, read in this
// process from a window built in Fyne's test driver: the same table the
// real program has, so that the test presses what the program offers,
// not a list kept by hand.
func commandTable(t *testing.T) []kit.Command {
	fa := test.NewTempApp(t)
	a := app.New(fa, app.Options{NoTicker: true, AutosaveDir: t.TempDir()})
	defer a.Window().Close()
	return a.Commands()
}

// xdotoolKey writes a shortcut as xdotool presses it: "ctrl+shift+s",
// "ctrl+comma", "ctrl+Next", "F2".
func xdotoolKey(sc fyne.Shortcut) (string, error) {
	k, ok := sc.(fyne.KeyboardShortcut)
	if !ok {
		return "", fmt.Errorf("%s is not typed on a keyboard", sc.ShortcutName())
	}
	var mods []string
	for _, m := range []struct {
		mod  fyne.KeyModifier
		name string
	}{{fyne.KeyModifierControl, "ctrl"}, {fyne.KeyModifierAlt, "alt"}, {fyne.KeyModifierShift, "shift"}, {fyne.KeyModifierSuper, "super"}} {
		if k.Mod()&m.mod != 0 {
			mods = append(mods, m.name)
		}
	}
	name := string(k.Key())
	// Fyne names keys as X does (Prior, Next, Home, F1, Return), but for
	// the characters and the letters, which X names in words and in
	// lower case.
	symbols := map[fyne.KeyName]string{
		fyne.KeyComma: "comma", fyne.KeyPeriod: "period", fyne.KeyMinus: "minus", fyne.KeySlash: "slash",
		fyne.KeyBackslash: "backslash", fyne.KeyLeftBracket: "bracketleft", fyne.KeyRightBracket: "bracketright",
		fyne.KeySemicolon: "semicolon", fyne.KeyEqual: "equal", fyne.KeyAsterisk: "asterisk", fyne.KeyPlus: "plus",
		fyne.KeyBackTick: "grave", fyne.KeyApostrophe: "apostrophe", fyne.KeySpace: "space",
	}
	switch s, ok := symbols[k.Key()]; {
	case ok:
		name = s
	case len(name) == 1 && unicode.IsUpper(rune(name[0])):
		name = strings.ToLower(name)
	case name == "":
		return "", fmt.Errorf("%s has no key", sc.ShortcutName())
	}
	return strings.Join(append(mods, name), "+"), nil
}

// What a command pressed opens, when it runs, in the game everyShortcut
// plays (unsaved moves, no file): a dialog over the window, or a window
// of its own. Each closes with Escape. A command not named here opens
// nothing, or the test closes what it opened all the same.
var opens = map[kit.ID]string{
	kit.EditComment: "dialog", kit.TakeBack: "dialog", kit.Open: "dialog", kit.Save: "dialog", kit.SaveAs: "dialog",
	kit.Paste: "dialog", kit.NewGame: "dialog", kit.Shortcuts: "dialog", kit.Quit: "dialog", kit.EditTags: "dialog",
	kit.Settings: "window",
}

// everyShortcut presses the shortcut of every command of the table in
// the real program, in a language, and checks that each reaches its
// command: the program's log says it ran ("command <id>") or why it
// could not ("command <id> refused: <why>"), and then the status line
// says why too. What a command opens is closed with Escape before the
// next key. The game has moves that are not saved, so that Ctrl+Q asks
// and Escape keeps the program: it is pressed last.
func (e *e2e) everyShortcut(language string, cmds []kit.Command) {
	t := e.t
	lang := language[:2]
	shot := func(name string) string { return "e2e-" + lang + "-command-" + name + ".png" }
	home := t.TempDir()
	p := e.start(home, language)
	defer p.kill()
	win := e.mainWindow(p)
	e.findBoard("the program for every shortcut", brown, shot("start"))
	e.typeText("e4")
	e.keys("Return")
	e.typeText("e5")
	e.keys("Return")
	e.autosaveHolds(home, "1. e4 e5 *", "")

	// Quit last; a command without a shortcut is not pressed (the menus
	// and the buttons run it), but is named in the test's output.
	var pressed []kit.Command
	var none []string
	for _, c := range cmds {
		if c.Shortcut == nil {
			none = append(none, string(c.ID))
			continue
		}
		pressed = append(pressed, c)
	}
	slices.SortStableFunc(pressed, func(a, b kit.Command) int {
		switch {
		case a.ID == kit.Quit && b.ID != kit.Quit:
			return 1
		case b.ID == kit.Quit && a.ID != kit.Quit:
			return -1
		}
		return 0
	})
	t.Logf("%s: %d shortcuts to press; without a shortcut (menus and buttons only): %s", lang, len(pressed), strings.Join(none, ", "))

	var ran, refused []string
	for _, c := range pressed {
		key, err := xdotoolKey(c.Shortcut)
		if err != nil {
			t.Errorf("command %s: %v", c.ID, err)
			continue
		}
		e.clear(p, fmt.Sprintf("before %s (%s)", key, c.ID), shot("clear"))
		from := len(p.log.String())
		e.keys(key)
		// The first command the key ran is its own.
		var why string
		done := false
		e.waitFor(fmt.Sprintf("%s to reach the command %s", key, c.ID), func() bool {
			m := commandLine.FindStringSubmatch(p.log.String()[from:])
			if m == nil {
				return false
			}
			if m[1] != string(c.ID) {
				t.Fatalf("%s ran the command %s, not %s:\n%s", key, m[1], c.ID, p.log.String()[from:])
			}
			why, done = m[3], m[2] == ""
			return true
		})
		if !done {
			refused = append(refused, string(c.ID))
			if words := reasonWords(why); len(words) > 0 {
				e.statusSays(win, words, shot(string(c.ID)+"-refused"))
			} else {
				t.Logf("%s: no word of %q that tesseract reads as written: the status line is not read", c.ID, why)
			}
		} else {
			ran = append(ran, string(c.ID))
			switch opens[c.ID] {
			case "dialog":
				e.waitFor(fmt.Sprintf("%s (%s) to open its dialog", key, c.ID), func() bool {
					_, ok := boardIn(e.screenshot(shot(string(c.ID))), brown)
					return !ok
				})
			case "window":
				e.waitFor(fmt.Sprintf("%s (%s) to open its window", key, c.ID), func() bool { return e.windowCount(p) > 1 })
				e.screenshot(shot(string(c.ID)))
			}
		}
		e.keys("Escape")
	}
	// Escape on the question of Ctrl+Q, the last key, keeps the program
	// and its game.
	e.waitFor("the question of Ctrl+Q to close", func() bool {
		if e.x("xdotool", "search", "--pid", fmt.Sprint(p.cmd.Process.Pid), "--name", "Échiquier") != nil {
			t.Fatal("the program is gone after Escape on the question of Ctrl+Q")
		}
		_, ok := boardIn(e.screenshot(shot("end")), brown)
		return ok
	})
	e.autosaveHolds(home, "1. e4 e5 *", "")
	t.Logf("%s: ran %s; refused %s", lang, strings.Join(ran, ", "), strings.Join(refused, ", "))
}

// commandLine is the program's log line of a command run or refused,
// after the log's date and time.
var commandLine = regexp.MustCompile(`(?m)^\S+ \S+ command (\S+)( refused: (.*))?$`)

// clear waits until the window shows no dialog and the program no other
// window, pressing Escape to close what is left open.
func (e *e2e) clear(p *process, when, shot string) {
	e.t.Helper()
	e.waitFor("the window to be clear of dialogs "+when+" ("+shot+")", func() bool {
		_, ok := boardIn(e.screenshot(shot), brown)
		if ok && e.windowCount(p) == 1 {
			return true
		}
		e.keys("Escape")
		return false
	})
}

// windowCount counts the program's windows on screen.
func (e *e2e) windowCount(p *process) int {
	cmd := exec.Command("xdotool", "search", "--onlyvisible", "--pid", fmt.Sprint(p.cmd.Process.Pid))
	cmd.Env = append(os.Environ(), "DISPLAY="+e.display)
	out, _ := cmd.Output()
	return len(strings.Fields(string(out)))
}

// reasonWords are words of a refusal that tesseract reads as written:
// the first three of plain letters, three letters long or more.
func reasonWords(why string) []string {
	var out []string
	for _, w := range strings.Fields(why) {
		w = strings.Trim(w, ".,:;!?()«»\"")
		plain := len(w) >= 3
		for _, r := range w {
			if r > unicode.MaxASCII || !unicode.IsLetter(r) {
				plain = false
			}
		}
		if plain {
			out = append(out, w)
		}
		if len(out) == 3 {
			break
		}
	}
	return out
}

// statusSays waits until the status line of the window win shows the
// words given.
func (e *e2e) statusSays(win string, words []string, shot string) {
	e.t.Helper()
	e.readsIn(func() image.Rectangle { return e.statusRect(win) }, 6, words, shot, "the status line")
}

// readsIn waits until tesseract reads the words given in the rectangle
// of the screen where returns, in page segmentation mode psm; where names
// it when it does not.
func (e *e2e) readsIn(rect func() image.Rectangle, psm int, words []string, shot, where string) {
	e.t.Helper()
	var text string
	if !e.poll(func() bool {
		var ok bool
		text, ok = e.ocr(e.screenshot(shot), rect(), psm, has(words...))
		return ok
	}) {
		e.t.Errorf("%s: %s does not say %q (tesseract read %q)", shot, where, words, text)
	}
}
