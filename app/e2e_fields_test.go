//go:build unix

package app_test

import (
	"bufio"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// fieldsKeepTheirBounds pastes a megabyte into the real program's text
// fields, which take no more than they hold and say why while the window
// goes on answering (a megabyte in the Event field froze it for 20
// seconds and took 2.6 GB); a tab pasted into a tag's value is saved as a
// space; the New game dialog shows the preset's values in its custom
// fields and keeps what was typed when it refuses 0 + 0.
func (e *e2e) fieldsKeepTheirBounds(language string) {
	shot := func(name string) string { return "e2e-" + language[:2] + "-fields-" + name + ".png" }
	t := e.t
	word := func(en, fr string) string { return inLanguage(language, en, fr) }
	home := t.TempDir()
	p := e.start(home, language)
	win := e.mainWindow(p)
	b := e.findBoard("the program for the fields", brown, shot("start"))
	pid := p.cmd.Process.Pid
	start := memory(t, pid, "VmRSS")
	// What a program may take more than at its start after a megabyte
	// pasted: generous, far below the 2.6 GB it took.
	const bound = 400 << 20
	bounded := func(after string) {
		t.Helper()
		if grown := memory(t, pid, "VmHWM") - start; grown > bound {
			t.Errorf("after %s the program took %d MB more than at its start", after, grown>>20)
		}
	}
	megabyte := strings.Repeat("abcdefg ", 1<<17)
	// read reads the window, or the panel beside the board, until it
	// finds what it is told.
	read := func(what, name string, panel bool, found func(string) bool) {
		t.Helper()
		var text string
		if !e.poll(func() bool {
			var ok bool
			img := e.screenshot(shot(name))
			r := e.geometry(win)
			if panel {
				r = e.panelRect(img, win)
			}
			text, ok = e.ocr(redAsGray(img), r, 6, found)
			return ok
		}) {
			t.Errorf("%s: tesseract read %q (%s)", what, text, shot(name))
		}
	}

	// The Event field of the tag editor (Ctrl+I; White has the keyboard,
	// Event is four fields down), then a tab pasted into Site; Enter
	// saves.
	e.keys("ctrl+i")
	e.waitDialog(b, true, shot("tags"))
	e.keys("Tab", "Tab", "Tab", "Tab")
	e.setClipboard(megabyte)
	e.keys("ctrl+v")
	read("the Event field does not say why it took no more", "event", false,
		has(word("holds 255 characters at most", "champ contient 255")))
	bounded("a megabyte pasted into the Event field")
	e.keys("Tab")
	e.setClipboard("Paris\tFrance")
	e.keys("ctrl+v", "Return")
	e.waitDialog(b, false, shot("tags-saved"))
	e.waitFor(`the autosave to hold [Site "Paris France"] and the Event cut`, func() bool {
		text := e.autosaved(home)
		return strings.Contains(text, `[Site "Paris France"]`) && strings.Contains(text, `[Event "`+megabyte[:255]+`"]`)
	})

	// The move box: a megabyte is no move, and is pasted as a game, which
	// it is not either; typed, the box takes a move's length and says so.
	e.setClipboard(megabyte)
	e.typeText("e")
	e.keys("ctrl+v")
	e.waitDialog(b, true, shot("move-box-pasted"))
	bounded("a megabyte pasted with the move box focused")
	e.keys("Escape")
	e.waitDialog(b, false, shot("move-box-pasted-closed"))
	e.typeText(strings.Repeat("e", 20))
	read("the move box does not say why it took no more", "move-box", true,
		has(word("holds 16 characters at most", "champ contient 16")))
	e.keys("Escape")

	// New game: 3 + 2 chosen shows 3 and 2 in the custom fields, which
	// Custom then opens; 0 + 0 keeps the dialog, what was typed, and says
	// why, until the minutes are given.
	e.keys("ctrl+n")
	e.waitDialog(b, true, shot("new-game"))
	e.keys("Tab", "ctrl+a")
	e.typeText("Zelda")
	// Past White's kind, Black's name and kind (the level is greyed
	// while no computer plays): the time control.
	e.keys("Tab", "Tab", "Tab", "Tab", "space", "Down", "Down", "Return") // 3 + 2
	e.keys("space", "Up", "Return")                                       // Custom, the last
	read("the custom fields do not start from 3 + 2", "new-game-custom", false, has("minutes3", word("secondsamove2", "secondesparcoup2")))
	e.keys("Tab", "ctrl+a")
	e.typeText("0")
	e.keys("Tab", "ctrl+a")
	e.typeText("0")
	e.keys("Return")
	read("the New game dialog does not keep 0 + 0 and say why", "new-game-refused", false,
		has("Zelda", word("a timed game needs some time", "pendule demande du temps")))
	if !e.dimmed(b, shot("new-game-refused")) {
		t.Fatalf("the New game dialog closed on 0 + 0 (%s)", shot("new-game-refused"))
	}
	e.keys("ctrl+a") // the minutes have the keyboard
	e.typeText("3")
	e.keys("Return")
	e.waitDialog(b, false, shot("new-game-started"))
	e.drag(b, "e2", "e4")
	e.waitFor(`the autosave to hold [White "Zelda"] and [TimeControl "180"]`, func() bool {
		text := e.autosaved(home)
		return strings.Contains(text, `[White "Zelda"]`) && strings.Contains(text, `[TimeControl "180"]`)
	})
	p.kill()
}

// redAsGray is a screenshot's red channel as grey: the fields' red
// words, dim once grey, stand out there as the white ones do.
func redAsGray(img image.Image) image.Image {
	out := image.NewGray(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			r, _, _, _ := img.At(x, y).RGBA()
			out.SetGray(x, y, color.Gray{Y: uint8(r >> 8)})
		}
	}
	return out
}

// autosaved is what the autosaves in home hold, as written.
func (e *e2e) autosaved(home string) string {
	paths, _ := filepath.Glob(filepath.Join(appConfig(home), "autosave-*.pgn"))
	var all []string
	for _, p := range paths {
		data, _ := os.ReadFile(p)
		all = append(all, string(data))
	}
	return strings.Join(all, "\n")
}

// memory is a line of /proc/PID/status in bytes: VmRSS, VmHWM.
func memory(t interface{ Fatalf(string, ...any) }, pid int, name string) int {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatalf("the program's memory: %v", err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if v, ok := strings.CutPrefix(s.Text(), name+":"); ok {
			if kB, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB")); err == nil {
				return kB << 10
			}
		}
	}
	t.Fatalf("no %s in /proc/%d/status", name, pid)
	return 0
}
