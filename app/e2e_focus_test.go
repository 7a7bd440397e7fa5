//go:build unix

package app_test

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// cursorBlue is the keyboard cursor's outline on the board: the primary
// colour of Fyne's theme (blue), which the board's renderer draws it in.
var cursorBlue = color.RGBA{0x29, 0x6f, 0xf6, 0xff}

// keyboardWords are words of the status line while the board has the
// keyboard, by language, as tesseract reads them (no accented word);
// toMove begins the status line of a new game.
var (
	keyboardWords = map[string][]string{
		"en": {"The board has the keyboard", "Space picks up and puts down"},
		"fr": {"a le clavier", "Espace prend et pose"},
	}
	toMove = map[string]string{"en": "White to move", "fr": "Trait aux Blancs"}
)

// promotionGame is a position where White promotes on a8 (the game goes
// on after a knight: pawns are left).
const promotionGame = `[Event "E2E"]
[SetUp "1"]
[FEN "4k3/P6p/8/8/8/8/7P/4K3 w - - 0 1"]
[Result "*"]

*
`

// focusRule checks the keyboard's rule in the real window, in a
// language: Ctrl+B gives the board the keyboard (the status line says so
// and a cursor square is drawn) and a click on the board gives typing
// back; the promotion chooser opened by the mouse takes a piece's
// letter; Return in the New game dialog's first field starts the game;
// Escape closes the settings window after a click on one of its check
// boxes.
func (e *e2e) focusRule(language, settingsTitle string) {
	lang := language[:2]
	shot := func(name string) string { return "e2e-" + lang + "-focus-" + name + ".png" }
	e.keyboardBoard(lang, language, shot)
	e.promotionByLetter(lang, language, shot)
	e.newGameByReturn(lang, language, shot)
	e.settingsEscape(language, settingsTitle, shot)
}

// keyboardBoard: Ctrl+B, the status line and the cursor, then a click on
// an empty square, and e4 typed is played.
func (e *e2e) keyboardBoard(lang, language string, shot func(string) string) {
	t := e.t
	home := t.TempDir()
	p := e.start(home, language)
	defer p.kill()
	win := e.mainWindow(p)
	b := e.findBoard("the program for the keyboard board", brown, shot("start"))
	if n, _ := cursorBox(e.screenshot(shot("start")), b); n > 0 {
		t.Errorf("a cursor is drawn before Ctrl+B (%d pixels, %s)", n, shot("start"))
	}
	e.keys("ctrl+b")
	var text string
	var n int
	var box image.Rectangle
	if !e.poll(func() bool {
		img := e.screenshot(shot("keyboard"))
		var said bool
		text, said = e.ocr(img, e.statusRect(win), 6, has(keyboardWords[lang]...))
		n, box = cursorBox(img, b)
		return said && n > 0
	}) {
		t.Fatalf("after Ctrl+B: the status line read %q, %d pixels of the cursor on the board (%s)", text, n, shot("keyboard"))
	}
	// The cursor outlines one square, White's king's (where it starts):
	// a box of one square's size around e1's centre, its four sides
	// drawn.
	sq := b.side / 8
	x, y := b.center("e1")
	if box.Dx() < sq*3/4 || box.Dx() > sq+2 || box.Dy() < sq*3/4 || box.Dy() > sq+2 || n < 2*sq ||
		!image.Pt(x, y).In(box) {
		t.Errorf("the cursor is not the outline of e1 (squares of %d px): %d pixels in %v (%s)", sq, n, box, shot("keyboard"))
	}
	// A click on an empty square gives typing back: the status line says
	// whose move it is, no longer that the board has the keyboard; the
	// cursor goes; e4 typed is played.
	x, y = b.center("e4")
	if err := e.x("xdotool", "mousemove", fmt.Sprint(x), fmt.Sprint(y), "click", "1"); err != nil {
		t.Fatal(err)
	}
	if !e.poll(func() bool {
		img := e.screenshot(shot("clicked"))
		var said bool
		text, said = e.ocr(img, e.statusRect(win), 6, func(flat string) bool {
			return has(toMove[lang])(flat) && !strings.Contains(flat, compact(keyboardWords[lang][0]))
		})
		n, _ = cursorBox(img, b)
		return said && n == 0
	}) {
		t.Fatalf("after a click on the board: the status line read %q, %d pixels of the cursor (%s)", text, n, shot("clicked"))
	}
	e.typeText("e4")
	e.keys("Return")
	e.autosaveHolds(home, "1. e4 *", "")
}

// cursorBox counts the pixels of the keyboard cursor's colour on the
// board, and returns the box they fill.
func cursorBox(img image.Image, b screenBoard) (int, image.Rectangle) {
	n := 0
	box := image.Rectangle{}
	for y := b.y0; y < b.y0+b.side; y++ {
		for x := b.x0; x < b.x0+b.side; x++ {
			if color.RGBAModel.Convert(img.At(x, y)) == cursorBlue {
				n++
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return n, box
}

// promotionByLetter: the pawn dragged to the last rank opens the
// promotion chooser, which dims the board; the knight's letter of the
// language (N, C in French) chooses the knight.
func (e *e2e) promotionByLetter(lang, language string, shot func(string) string) {
	t := e.t
	home := t.TempDir()
	path := filepath.Join(t.TempDir(), "promotion.pgn")
	if err := os.WriteFile(path, []byte(promotionGame), 0o644); err != nil {
		t.Fatal(err)
	}
	p := e.start(home, language, path)
	defer p.kill()
	b := e.findBoard("the promotion position", brown, shot("promotion-start"))
	e.drag(b, "a7", "a8")
	// The chooser dims the board (h8 is far from the pieces it offers).
	e.waitFor("the promotion chooser", func() bool {
		img := e.screenshot(shot("promotion-chooser"))
		x, y := b.corner("h8")
		c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
		return c != brown.light && c != brown.dark
	})
	e.keys(map[string]string{"en": "n", "fr": "c"}[lang])
	e.autosaveHolds(home, "1. a8=N *", "")
	e.pieceAt(b, "a8", "white", shot("promoted"))
}

// newGameByReturn: Ctrl+N opens the New game dialog, with no field that
// has the keyboard; Tab gives it to the first, White's name; a name
// typed there and Return start the game (Return in a field presses the
// dialog's default button).
func (e *e2e) newGameByReturn(lang, language string, shot func(string) string) {
	t := e.t
	home := t.TempDir()
	p := e.start(home, language)
	defer p.kill()
	win := e.mainWindow(p)
	b := e.findBoard("the program for a new game", brown, shot("new-game-start"))
	e.keys("ctrl+n")
	e.waitDialog(b, true, shot("new-game"))
	e.keys("Tab", "ctrl+a")
	e.typeText("Zelda")
	e.screenshot(shot("new-game-typed"))
	e.keys("Return")
	e.waitDialog(b, false, shot("new-game-started"))
	// The status line names the player to move; the game is hers.
	var text string
	if !e.poll(func() bool {
		var ok bool
		text, ok = e.ocr(e.screenshot(shot("new-game-started")), e.statusRect(win), 6, has(toMove[lang]+" (Zelda)"))
		return ok
	}) {
		t.Errorf("the status line does not name Zelda after the new game (tesseract read %q, %s)", text, shot("new-game-started"))
	}
	e.typeText("e4")
	e.keys("Return")
	e.autosaveHolds(home, `[White "Zelda"]`, "")
	e.autosaveHolds(home, "1. e4", "")
}

// settingsEscape: Ctrl+, opens the settings window; a click on its first
// check box with the real mouse turns it off (the box is no longer
// filled); Escape then closes the window: the check box passes Escape
// on.
func (e *e2e) settingsEscape(language, title string, shot func(string) string) {
	t := e.t
	p := e.start(t.TempDir(), language)
	defer p.kill()
	e.findBoard("the program for the settings", brown, shot("settings-start"))
	e.keys("ctrl+comma")
	var win string
	e.waitFor("the settings window", func() bool {
		win = e.windowNamed("^" + title + "$")
		return win != ""
	})
	var box image.Rectangle
	e.waitFor("a check box in the settings window", func() bool {
		var ok bool
		box, ok = checkBox(e.screenshot(shot("settings")), e.geometry(win))
		return ok
	})
	x, y := (box.Min.X+box.Max.X)/2, (box.Min.Y+box.Max.Y)/2
	if err := e.x("xdotool", "mousemove", fmt.Sprint(x), fmt.Sprint(y), "click", "1"); err != nil {
		t.Fatal(err)
	}
	e.waitFor("the check box to be cleared", func() bool {
		img := e.screenshot(shot("settings-clicked"))
		blue := 0
		for yy := box.Min.Y; yy < box.Max.Y; yy++ {
			for xx := box.Min.X; xx < box.Max.X; xx++ {
				if color.RGBAModel.Convert(img.At(xx, yy)) == cursorBlue {
					blue++
				}
			}
		}
		return blue < box.Dx()*box.Dy()/4
	})
	e.keys("Escape")
	e.waitFor("Escape to close the settings window after a click on a check box", func() bool {
		return e.windowNamed("^"+title+"$") == ""
	})
}

// windowNamed returns the X window whose title matches pattern, or "".
func (e *e2e) windowNamed(pattern string) string {
	cmd := exec.Command("xdotool", "search", "--onlyvisible", "--name", pattern)
	cmd.Env = append(os.Environ(), "DISPLAY="+e.display)
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	if f := strings.Fields(string(out)); len(f) > 0 {
		return f[0]
	}
	return ""
}

// checkBox finds, in the rectangle r of a screenshot, the top-most check
// box that is checked: a square of the primary colour (blue), 12 to 28 px
// wide, whose pixels make one connected patch (the tabs' underline is a
// bar, not a square).
func checkBox(img image.Image, r image.Rectangle) (image.Rectangle, bool) {
	r = r.Intersect(img.Bounds())
	blue := func(p image.Point) bool {
		return p.In(r) && color.RGBAModel.Convert(img.At(p.X, p.Y)) == cursorBlue
	}
	seen := map[image.Point]bool{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			start := image.Pt(x, y)
			if seen[start] || !blue(start) {
				continue
			}
			// The patch of blue this pixel is part of (8 neighbours: the
			// check mark cuts the fill).
			box := image.Rectangle{Min: start, Max: start.Add(image.Pt(1, 1))}
			todo := []image.Point{start}
			seen[start] = true
			for len(todo) > 0 {
				q := todo[len(todo)-1]
				todo = todo[:len(todo)-1]
				box = box.Union(image.Rectangle{Min: q, Max: q.Add(image.Pt(1, 1))})
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						n := q.Add(image.Pt(dx, dy))
						if !seen[n] && blue(n) {
							seen[n] = true
							todo = append(todo, n)
						}
					}
				}
			}
			w, h := box.Dx(), box.Dy()
			if w >= 12 && w <= 28 && h >= 12 && h <= 28 && w-h <= 4 && h-w <= 4 {
				return box, true
			}
		}
	}
	return image.Rectangle{}, false
}
