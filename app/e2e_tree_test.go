//go:build unix

package app_test

import (
	"image/color"
	"os"
	"path/filepath"
	"strings"
)

// openingTree opens a file of several games given on the command line,
// opens its first game, and shows the opening tree with Ctrl+T: the panel
// beside the board draws the moves' score bars.
// The program runs in language; screenshots are named by it.
func (e *e2e) openingTree(language string) {
	shot := func(name string) string { return "e2e-" + language[:2] + "-" + name + ".png" }
	t := e.t
	path := filepath.Join(t.TempDir(), "games.pgn")
	games := "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Result \"0-1\"]\n\n1. e4 c5 0-1\n\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n"
	if err := os.WriteFile(path, []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	p := e.start(t.TempDir(), language, path)
	defer p.kill()
	// The list of games shows over the board: Return opens the first,
	// and the window's title names the file.
	e.waitFor("the first game of the file to open", func() bool {
		e.x("xdotool", "key", "Return")
		return e.x("xdotool", "search", "--name", "games.pgn") == nil
	})
	board := e.findBoard("the first game of the file", brown, shot("tree-game"))
	e.keys("ctrl+t")
	e.waitFor("the tree to be built", func() bool {
		return strings.Contains(p.log.String(), "opening tree: 3 games")
	})
	// The game opens at its end, where no game went on: Home shows the
	// start, where the bars show White's wins and the draws, right of
	// the board.
	e.keys("Home")
	e.waitFor("the tree's moves on screen", func() bool {
		img := e.screenshot(shot("tree"))
		r := img.Bounds()
		white, draws := 0, 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := board.x0 + board.side; x < r.Max.X; x++ {
				switch color.RGBAModel.Convert(img.At(x, y)).(color.RGBA) {
				case color.RGBA{0xf4, 0xf4, 0xf4, 0xff}:
					white++
				case color.RGBA{0x9e, 0x9e, 0x9e, 0xff}:
					draws++
				}
			}
		}
		return white > 300 && draws > 300
	})

	// Ctrl+PageDown and Ctrl+PageUp go through the games of the file;
	// each opens at its end.
	e.keys("ctrl+Next")
	e.waitFor("Ctrl+PageDown to open the second game (1. e4 c5)", func() bool {
		return e.pieceColour(e.screenshot(shot("next-game")), board, "c5") == "black"
	})
	e.keys("ctrl+Prior")
	e.waitFor("Ctrl+PageUp to open the first game again (1. e4 e5)", func() bool {
		img := e.screenshot(shot("previous-game"))
		return e.pieceColour(img, board, "e5") == "black" && e.pieceColour(img, board, "c5") == "empty"
	})
	// Ctrl+Shift+L lists the games that reach the position shown, the
	// end of the first game (1... e5), which no other reaches: Down has
	// nowhere to go in that list of one (in the whole list it reaches the
	// second game, 1... c5), and Return opens the first game.
	e.keys("ctrl+shift+l")
	e.waitDialog(board, true, shot("games-with-position"))
	e.keys("Escape")
	e.waitDialog(board, false, shot("games-with-position-escaped"))
	e.keys("ctrl+shift+l")
	e.waitDialog(board, true, shot("games-with-position-again"))
	e.keys("Down", "Return")
	e.waitDialog(board, false, shot("games-with-position-closed"))
	img := e.screenshot(shot("games-with-position-opened"))
	if e5, c5 := e.pieceColour(img, board, "e5"), e.pieceColour(img, board, "c5"); e5 != "black" || c5 != "empty" {
		t.Errorf("Ctrl+Shift+L, Down and Return: %s piece on e5, %s on c5; want the first game (1... e5)", e5, c5)
	}
	// Ctrl+L shows the list of games again; Escape closes it.
	e.keys("ctrl+l")
	e.waitDialog(board, true, shot("games-list"))
	e.keys("Escape")
	e.waitDialog(board, false, shot("games-list-closed"))
}
