//go:build unix

package app_test

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// markup marks up a game of a file in the real program, in a language:
// the buttons under the move list step through it (and do nothing where
// they cannot act), the keys and the move's menu give its moves symbols,
// a double click on the header opens the editor of its tags, where
// Escape leaves them and Enter saves a new event; Ctrl+S writes it all
// in the file, the symbols as NAGs.
func (e *e2e) markup(language string) {
	t := e.t
	fr := strings.HasPrefix(language, "fr")
	shot := func(name string) string { return "e2e-" + language[:2] + "-markup-" + name + ".png" }
	word := func(en, frWord string) string {
		if fr {
			return frWord
		}
		return en
	}
	home := t.TempDir()
	path := filepath.Join(t.TempDir(), "markup.pgn")
	const pgnText = "[Event \"Zanzibar Open\"]\n[White \"Quixote\"]\n[Black \"Sancho\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n"
	if err := os.WriteFile(path, []byte(pgnText), 0o644); err != nil {
		t.Fatal(err)
	}
	p := e.start(home, language, path)
	defer p.kill()
	win := e.mainWindow(p)
	board := e.findBoard("the game to mark up", brown, shot("start"))
	r := e.geometry(win)

	// The buttons under the move list: |< < > >| and flip, found by
	// their colour to the right of the opening.
	var nav []image.Point
	e.waitFor("the buttons under the move list", func() bool {
		nav = navButtons(e.screenshot(shot("buttons")), r)
		return len(nav) == 5
	})
	start, prev, next, end, flip := nav[0], nav[1], nav[2], nav[3], nav[4]
	click := func(at image.Point, command, name string) {
		t.Helper()
		from := len(p.log.String())
		if err := e.x("xdotool", "mousemove", strconv.Itoa(at.X), strconv.Itoa(at.Y), "click", "1"); err != nil {
			t.Fatal(err)
		}
		if command == "" {
			e.screenshot(shot(name))
			e.keys("Escape") // a key the window takes: the click was handled before it
			if m := commandLine.FindStringSubmatch(p.log.String()[from:]); m != nil {
				t.Errorf("the disabled button %s ran %s", name, m[1])
			}
			return
		}
		e.waitFor("the button "+name+" to run "+command, func() bool {
			return strings.Contains(p.log.String()[from:], "command "+command+"\n")
		})
		e.screenshot(shot(name))
	}
	click(next, "", "next-at-the-end")
	click(end, "", "end-at-the-end")
	click(start, "showStart", "start")
	click(prev, "", "previous-at-the-start")
	click(next, "nextMove", "next")
	click(next, "nextMove", "next-again")
	click(prev, "previousMove", "previous")
	click(end, "backToGame", "end")
	click(flip, "flip", "flip")
	e.waitFor("the board to turn", func() bool {
		return e.pieceColour(e.screenshot(shot("flipped")), board, "a1") == "black"
	})
	click(flip, "flip", "flip-back")

	// The symbols: keys on the move shown (2… Nc6), the move's menu on
	// 2. Nf3.
	e.keys("ctrl+1", "ctrl+alt+2")
	e.autosaveHolds(home, "Nc6 $1 $16", "")
	e.keys("ctrl+4", "ctrl+4", "ctrl+3") // ?? then off, then !!
	e.autosaveHolds(home, "Nc6 $3 $16", "")
	nf3 := word("Nf3", "Cf3")
	var x, y int
	e.waitFor("2. "+nf3+" in the move list", func() bool {
		var ok bool
		x, y, ok = e.findWord(e.screenshot(shot("moves")), r, nf3)
		return ok
	})
	if err := e.x("xdotool", "mousemove", strconv.Itoa(x), strconv.Itoa(y), "click", "3"); err != nil {
		t.Fatal(err)
	}
	e.clickWord(win, word("symbol", "Symbole"), shot("menu"))
	e.clickWord(win, word("Dubious", "douteux"), shot("symbols"))
	e.autosaveHolds(home, "2. Nf3 $6 Nc6 $3 $16", "")
	e.keys("ctrl+s")
	e.waitFor("the file to hold the symbols", func() bool {
		data, _ := os.ReadFile(path)
		return strings.Contains(withoutComments(string(data)), "1. e4 e5 2. Nf3 $6 Nc6 $3 $16 *")
	})

	// The header: a double click opens its editor; Escape leaves the
	// tags, Enter saves a new event.
	edit := func(name string) {
		t.Helper()
		var hx, hy int
		e.waitFor("the header naming Quixote", func() bool {
			var ok bool
			hx, hy, ok = e.findWord(e.screenshot(shot(name)), r, "Quixote")
			return ok
		})
		if err := e.x("xdotool", "mousemove", strconv.Itoa(hx), strconv.Itoa(hy), "click", "--repeat", "2", "--delay", "80", "1"); err != nil {
			t.Fatal(err)
		}
		e.waitDialog(board, true, shot(name+"-dialog"))
		// The event's field, in the dialog: not the header behind it.
		dialog := image.Rect(r.Min.X+r.Dx()/5, r.Min.Y+150, r.Max.X-r.Dx()/5, r.Max.Y)
		var ex, ey int
		e.waitFor("the event's field", func() bool {
			var ok bool
			ex, ey, ok = e.findWord(e.screenshot(shot(name+"-event")), dialog, "Zanzibar")
			return ok
		})
		if err := e.x("xdotool", "mousemove", strconv.Itoa(ex), strconv.Itoa(ey), "click", "1"); err != nil {
			t.Fatal(err)
		}
		e.keys("ctrl+a")
	}
	edit("escape")
	e.typeText("Forgotten")
	e.keys("Escape")
	e.waitDialog(board, false, shot("escaped"))
	edit("enter")
	e.typeText("Candidates")
	e.keys("Return")
	e.waitDialog(board, false, shot("entered"))
	e.keys("ctrl+s")
	e.waitFor("the file to hold the new event", func() bool {
		data, _ := os.ReadFile(path)
		return strings.Contains(string(data), `[Event "Candidates"]`)
	})
	if data, _ := os.ReadFile(path); strings.Contains(string(data), "Forgotten") || !strings.Contains(withoutComments(string(data)), "2. Nf3 $6 Nc6 $3 $16 *") {
		t.Errorf("%s: the file after the editor:\n%s", language, data)
	}
	e.screenshot(shot("end"))
}

// buttonColour is the face of a button of the dark theme, enabled or
// not.
var buttonColour = color.RGBA{40, 41, 46, 255}

// navButtons finds the five buttons under the move list in a screenshot
// of the window in r: the first row of buttons below the header in the
// panel's right-hand column whose five faces stand side by side at the
// right edge (the play buttons under them are two wide ones a row).
// Their centres, left to right; none when they are not found.
func navButtons(img image.Image, r image.Rectangle) []image.Point {
	near := func(x, y int) bool {
		c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
		d := func(a, b uint8) int {
			if a > b {
				return int(a - b)
			}
			return int(b - a)
		}
		return d(c.R, buttonColour.R) <= 3 && d(c.G, buttonColour.G) <= 3 && d(c.B, buttonColour.B) <= 3
	}
	x := r.Max.X - 12
	for y := r.Min.Y + 60; y < r.Max.Y-40; y++ {
		top := y
		for y < r.Max.Y && near(x, y) {
			y++
		}
		if y-top < 28 {
			continue
		}
		// A row of buttons from top to y: its faces, right to left, along
		// a line above their icons.
		row := top + 4
		var centres []image.Point
		for x2 := r.Max.X - 1; x2 > r.Min.X+r.Dx()/3 && len(centres) < 6; {
			for x2 > r.Min.X && !near(x2, row) {
				x2--
			}
			right := x2
			for x2 > r.Min.X && near(x2, row) {
				x2--
			}
			if right-x2 < 28 {
				break
			}
			centres = append([]image.Point{{(x2 + right) / 2, (top + y) / 2}}, centres...)
		}
		if len(centres) == 5 {
			return centres
		}
	}
	return nil
}
