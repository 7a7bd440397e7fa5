//go:build unix

package app_test

import (
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// keys presses keys in the real window, as xdotool names them.
func (e *e2e) keys(names ...string) {
	e.t.Helper()
	for _, k := range names {
		if err := e.x("xdotool", "key", "--delay", "60", k); err != nil {
			e.t.Fatalf("xdotool key %s: %v", k, err)
		}
		time.Sleep(150 * time.Millisecond)
	}
}

// typeText types text in the real window.
func (e *e2e) typeText(text string) {
	e.t.Helper()
	if err := e.x("xdotool", "type", "--delay", "60", text); err != nil {
		e.t.Fatalf("xdotool type: %v", err)
	}
	time.Sleep(150 * time.Millisecond)
}

// dimmed reports whether a modal dialog dims the board: the corner of
// a8 is not in the board's colours.
func (e *e2e) dimmed(b screenBoard, shot string) bool {
	img := e.screenshot(shot)
	x, y := b.corner("a8")
	c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
	return c != brown.light && c != brown.dark
}

// waitDialog waits until a dialog is shown (shown) or gone (!shown).
func (e *e2e) waitDialog(b screenBoard, shown bool, shot string) {
	e.t.Helper()
	what := "a dialog to close (" + shot + ")"
	if shown {
		what = "a dialog to show (" + shot + ")"
	}
	e.waitFor(what, func() bool { return e.dimmed(b, shot) == shown })
}

// autosaveHolds waits until the window's autosave holds the moves given
// (and, with without, not those).
func (e *e2e) autosaveHolds(home, moves, without string) {
	e.t.Helper()
	e.waitFor("the autosave to hold "+moves, func() bool {
		paths, _ := filepath.Glob(filepath.Join(appConfig(home), "autosave-*.pgn"))
		for _, p := range paths {
			data, _ := os.ReadFile(p)
			text := withoutComments(string(data))
			if strings.Contains(text, moves) && (without == "" || !strings.Contains(text, without)) {
				return true
			}
		}
		return false
	})
}

// withoutComments returns PGN text without its comments (the clock
// times) and the "12..." that follow them, its white space folded.
func withoutComments(text string) string {
	var b strings.Builder
	depth := 0
	for _, r := range text {
		switch {
		case r == '{':
			depth++
		case r == '}' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	words := strings.Fields(b.String())
	kept := words[:0]
	for _, w := range words {
		if !strings.HasSuffix(w, "...") {
			kept = append(kept, w)
		}
	}
	return strings.Join(kept, " ")
}

// shortcutsAndDialogs presses the shortcuts the menus and the README
// advertise, and checks that Escape closes each dialog they open, that
// Enter answers a question with its default, and that keys typed while a
// dialog is shown do not reach the game behind it; in a language, the
// settings window's title in it. Screenshots are named by language.
func (e *e2e) shortcutsAndDialogs(language, settingsTitle string) {
	home := e.t.TempDir()
	p := e.start(home, language)
	defer p.kill()
	shot := func(name string) string { return "e2e-" + language[:2] + "-keys-" + name + ".png" }
	b := e.findBoard("the program for the shortcuts", brown, shot("start"))
	e.drag(b, "e2", "e4")
	e.autosaveHolds(home, "1. e4 *", "")

	// Ctrl+Z asks to take the move back; Escape refuses.
	e.keys("ctrl+z")
	e.waitDialog(b, true, shot("takeback"))
	e.typeText("d4") // a modal dialog keeps the keys from the move box
	e.keys("Escape")
	e.waitDialog(b, false, shot("takeback-escaped"))
	// The keys typed under the dialog went nowhere: this move is whole.
	e.typeText("e5")
	e.keys("Return")
	e.autosaveHolds(home, "1. e4 e5 *", "")

	// Ctrl+Z, then Enter: the default answer allows it.
	e.keys("ctrl+z")
	e.waitDialog(b, true, shot("takeback-2"))
	e.keys("Return")
	e.autosaveHolds(home, "1. e4 *", "e5")

	// Every dialog of a shortcut closes with Escape, Fyne's save dialog
	// too (no portal here: DBUS_SESSION_BUS_ADDRESS is empty), though
	// its name field has the keyboard.
	for _, k := range []string{"ctrl+n", "ctrl+o", "ctrl+shift+s", "ctrl+e", "ctrl+q"} {
		e.keys(k)
		e.waitDialog(b, true, shot(k))
		e.keys("Escape")
		e.waitDialog(b, false, shot(k+"-escaped"))
	}
	e.autosaveHolds(home, "1. e4 *", "e5") // nothing happened to the game

	// Ctrl+, opens the settings window; Escape closes it, and so does
	// Ctrl+W.
	for _, closer := range []string{"Escape", "ctrl+w"} {
		e.keys("ctrl+comma")
		e.waitFor("the settings window", func() bool { return e.x("xdotool", "search", "--name", "^"+settingsTitle+"$") == nil })
		e.screenshot(shot("settings-" + closer))
		e.keys(closer)
		e.waitFor("the settings window to close with "+closer, func() bool {
			return e.x("xdotool", "search", "--name", "^"+settingsTitle+"$") != nil
		})
	}

	// Arrows browse, Ctrl+F turns the board, and back.
	e.keys("Left")
	e.waitFor("← to show the start position", func() bool {
		return e.pieceColour(e.screenshot(shot("left")), b, "e2") == "white"
	})
	e.keys("End")
	e.waitFor("End to show the game again", func() bool {
		return e.pieceColour(e.screenshot(shot("end")), b, "e2") == "empty"
	})

	// Typing starts the move box; Tab completes the only move that
	// begins so ("Cf" in French), Enter plays it.
	e.typeText("e5")
	e.keys("Return")
	e.autosaveHolds(home, "1. e4 e5 *", "")
	knight := map[string]string{"en": "Nf", "fr": "Cf"}[language[:2]]
	e.typeText(knight)
	e.keys("Tab")
	e.screenshot(shot("completed"))
	e.keys("Return")
	e.autosaveHolds(home, "1. e4 e5 2. Nf3 *", "")
}
