//go:build unix

package app_test

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"

	"github.com/echiquier/echiquier/app/diagram"
	"github.com/echiquier/echiquier/app/game"
)

// itemRestoreMarks is "Bring back the arrows and circles" in the Play
// menu (see menu).
const itemRestoreMarks = 11

// marks draws arrows and circles with the real mouse's right button,
// saves them with Ctrl+S and opens the file again; clears them with a
// click and brings them back from the Play menu; and opens a file
// written as lichess writes marks. The program runs in language;
// screenshots are named by it.
func (e *e2e) marks(language string) {
	t := e.t
	shot := func(name string) string { return "e2e-" + language[:2] + "-marks-" + name + ".png" }
	fr := strings.HasPrefix(language, "fr")
	path := filepath.Join(t.TempDir(), "game.pgn")
	if err := os.WriteFile(path, []byte("[Event \"Club\"]\n[White \"Anna\"]\n[Black \"Bruno\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := e.start(t.TempDir(), language, path)
	b := e.findBoard("the game to mark", brown, shot("start"))
	e.pieceAt(b, "f3", "white", shot("opened"))

	// A right-drag from d2 to d4 draws a green arrow, a right-click on
	// e5 a green circle, with Shift on c6 a red one.
	e.rightDrag(b, "d2", "d4")
	e.rightDrag(b, "e5", "e5")
	e.rightDrag(b, "c6", "c6", "shift")
	drawn := []shownMark{
		{"the green arrow on d3", "d3", 0, 0, game.MarkGreen, brown.light},
		{"the green ring of e5", "e5", 0, -ringProbe, game.MarkGreen, brown.dark},
		{"the red ring of c6", "c6", 0, -ringProbe, game.MarkRed, brown.light},
	}
	e.marksShown(b, drawn, true, shot("drawn"))

	// Ctrl+S writes them in the comment of the move, strictly.
	e.keys("ctrl+s")
	want := "2. Nf3 {[%csl Ge5,Rc6] [%cal Gd2d4]} *"
	e.waitFor("the marks saved", func() bool {
		data, _ := os.ReadFile(path)
		return strings.Contains(string(data), want)
	})

	// A click on the board clears them, and says how to bring them back;
	// the Play menu brings them back.
	x, y := b.center("a6")
	if err := e.x("xdotool", "mousemove", fmt.Sprint(x), fmt.Sprint(y), "click", "1"); err != nil {
		t.Fatal(err)
	}
	e.marksShown(b, drawn, false, shot("cleared"))
	said := "Arrows and circles cleared (Play ▸ Bring back the arrows and circles)."
	if fr {
		said = "Flèches et cercles effacés (Jeu ▸ Remettre les flèches et les cercles)."
	}
	e.statusSays(e.mainWindow(p), reasonWords(said), shot("cleared-said"))
	e.menu(menuPlay, itemRestoreMarks)
	e.marksShown(b, drawn, true, shot("brought-back"))
	p.kill()

	// The file opened again shows them.
	again := e.start(t.TempDir(), language, path)
	b = e.findBoard("the marked game opened again", brown, shot("again"))
	e.marksShown(b, drawn, true, shot("again-shown"))
	again.kill()

	// A file written as lichess writes marks, with spaces and other
	// commands about them, shows them.
	lichess, err := filepath.Abs(filepath.Join("testdata", "marks-lichess.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	l := e.start(t.TempDir(), language, lichess)
	b = e.findBoard("the game from lichess", brown, shot("lichess"))
	e.marksShown(b, []shownMark{
		{"the red arrow on e3", "e3", 0, 0, game.MarkRed, brown.dark},
		{"the green arrow's head on f3", "f3", 0.1, 0.2, game.MarkGreen, brown.light},
		{"the red ring of d5", "d5", 0, -ringProbe, game.MarkRed, brown.light},
	}, true, shot("lichess-shown"))
	l.kill()
}

// ringProbe is how far from a square's centre, in squares, the middle of
// a circle's ring is.
const ringProbe = 0.44

// shownMark is a point of the board where a mark shows: on a square, at
// dx, dy squares from its centre on screen (y downwards), the colour of
// the mark over the square's.
type shownMark struct {
	what   string
	square string
	dx, dy float64
	colour game.MarkColor
	under  color.RGBA
}

// marksShown waits until every mark is shown (shown) or none is.
func (e *e2e) marksShown(b screenBoard, marks []shownMark, shown bool, shot string) {
	e.t.Helper()
	var img image.Image
	var wrong string
	if !e.poll(func() bool {
		img = e.screenshot(shot)
		wrong = ""
		for _, m := range marks {
			x, y := b.center(m.square)
			sq := float64(b.side) / 8
			c := color.RGBAModel.Convert(img.At(x+int(m.dx*sq), y+int(m.dy*sq))).(color.RGBA)
			k := diagram.MarkColour(m.colour)
			a := float64(k.A) / 255
			mix := func(top, under uint8) int { return int(float64(top)*a + float64(under)*(1-a) + 0.5) }
			want := color.RGBA{uint8(mix(k.R, m.under.R)), uint8(mix(k.G, m.under.G)), uint8(mix(k.B, m.under.B)), 0xff}
			near := func(p, q color.RGBA) bool {
				d := func(u, v uint8) bool { return int(u)-int(v) <= 8 && int(v)-int(u) <= 8 }
				return d(p.R, q.R) && d(p.G, q.G) && d(p.B, q.B)
			}
			if shown && !near(c, want) || !shown && c != m.under {
				wrong += fmt.Sprintf(" %s: %v (marked %v, bare %v);", m.what, c, want, m.under)
			}
		}
		return wrong == ""
	}) {
		e.t.Errorf("%s: the marks are not as they should be (shown %v):%s", shot, shown, wrong)
	}
}

// rightDrag draws a mark with the real mouse's right button from one
// square to another (the same one for a circle), the keys mods held.
func (e *e2e) rightDrag(b screenBoard, from, to string, mods ...string) {
	e.t.Helper()
	e.dragWith(b, "3", from, to, mods...)
}
