//go:build unix

package app_test

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// fischerBisguier is a long game (86 moves): opened from a file, the
// move shown, its last, is far below the top of the move list.
const fischerBisguier = `[Event "USA-ch"]
[Site "New York"]
[Date "1958.??.??"]
[Round "10"]
[White "Fischer, Robert James"]
[Black "Bisguier, Arthur Bernard"]
[Result "1-0"]

1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 O-O 8.c3 d6
9.h3 Na5 10.Bc2 c5 11.d4 Qc7 12.Nbd2 cxd4 13.cxd4 Bd7 14.Nf1 Rfc8 15.Ne3 Nc6
16.a3 a5 17.d5 Nd8 18.Bd2 a4 19.Bb4 Bf8 20.Bd3 Nb7 21.Qe2 Qb6 22.Nd2 Nc5
23.Kh2 g6 24.Rac1 Bh6 25.Bb1 Rc7 26.Qf3 Bg5 27.g3 h5 28.Kg2 Kg7 29.Rf1 h4
30.Qe2 Rh8 31.Rh1 Nh5 32.Nf3 hxg3 33.fxg3 Bf4 34.Be1 Qb8 35.Bf2 Qc8 36.h4 Bg4
37.Rc3 Bd7 38.Nf1 Bh6 39.N1d2 Nf6 40.Be3 Bxe3 41.Qxe3 Ng4 42.Qe2 Nb3 43.Rxc7 Qxc7
44.Nxb3 axb3 45.Nh2 Qc4 46.Bd3 Qd4 47.Nxg4 Bxg4 48.Qxg4 Qxd3 49.Rf1 Rf8 50.h5 Rh8
51.Qf3 Qxf3+ 52.Rxf3 gxh5 53.Rxb3 Rb8 54.Rb4 f5 55.exf5 Kf6 56.a4 Ra8 57.axb5 Kxf5
58.b6 e4 59.Kf2 Ke5 60.Ke3 Kxd5 61.Rxe4 Rb8 62.Rh4 Rxb6 63.Rxh5+ Ke6 64.Rh2 Ke5
65.Kd3 Rb3+ 66.Kc4 Rxg3 67.Re2+ Kf5 68.Kd5 Rd3+ 69.Kc6 d5 70.b4 d4 71.Kd5 Rd1
72.Rf2+ Kg4 73.Kc4 d3 74.Kc3 Rb1 75.Rd2 Kf4 76.Rxd3 Ke4 77.Rd8 Rc1+ 78.Kb3 Ke5
79.Ka4 Ke6 80.Rd2 Rc7 81.b5 Rd7 82.Rxd7 Kxd7 83.Ka5 Kc7 84.Ka6 Kb8 85.Kb6 Kc8
86.Ka7  1-0
`

// The menus, in the order of the menu bar, and the items the test
// presses, counted from 1 as the Down key reaches them (separators do
// not count, disabled items do).
const (
	menuGame, menuPlay = 0, 2

	itemExport, itemSetUp     = 5, 6
	itemOfferDraw, itemResign = 3, 5
	dialogWait                = 600 * time.Millisecond
	selectionPixels           = 1000
)

// selection is the colour of the move list's highlighted move (Fyne's
// selection colour over the dark background).
var selection = color.RGBA{17, 44, 82, 0xff}

// menu opens menu m of the menu bar (0 is Game) and presses its item-th
// item, with the keyboard as a user may: a click on the first menu,
// Right to the next menus, Down to the item, Enter.
func (e *e2e) menu(m, item int) {
	e.t.Helper()
	e.openMenu(m)
	for range item {
		e.keys("Down")
	}
	e.keys("Return")
}

// openMenu opens menu m of the menu bar (0 is Game): a click on the
// first menu, Right to the next menus.
func (e *e2e) openMenu(m int) {
	e.t.Helper()
	closed := e.screenshot("e2e-menu-closed.png")
	if err := e.x("xdotool", "mousemove", "25", "14", "click", "1"); err != nil {
		e.t.Fatalf("xdotool click on the menu bar: %v", err)
	}
	e.waitFor("the first menu to open", func() bool {
		return differentPixels(closed, e.screenshot("e2e-menu-open.png"), 0, 30, 250, 90) > 500
	})
	for range m {
		e.keys("Right")
	}
}

// highlighted counts the pixels of the move list's highlight beside the
// board.
func highlighted(img image.Image, b screenBoard) int {
	n := 0
	for y := b.y0; y < b.y0+b.side; y++ {
		for x := b.x0 + b.side + 20; x < img.Bounds().Max.X; x++ {
			if color.RGBAModel.Convert(img.At(x, y)) == selection {
				n++
			}
		}
	}
	return n
}

// declineWords are the banner's button that declines a draw offer, by
// language.
var declineWords = map[string]string{"en": "Decline", "fr": "Refuser"}

// saveWords are the game-over banner's Save button, by language.
var saveWords = map[string]string{"en": "Save", "fr": "Enregistrer"}

// overShown reads, beside the board in a screenshot of the window win,
// whether the banner says the game is over (it offers to save it).
func (e *e2e) overShown(img image.Image, win, lang string) bool {
	_, ok := e.ocr(img, e.panelRect(img, win), 11, has(saveWords[lang]))
	return ok
}

// offerShown reads, beside the board in a screenshot of the window win,
// whether the banner offers to decline a draw.
func (e *e2e) offerShown(img image.Image, win, lang string) bool {
	_, ok := e.ocr(img, e.panelRect(img, win), 11, has(declineWords[lang]))
	return ok
}

// dialogsOneByOne presses Escape and Enter in the dialogs that moves and
// the menus open — side line, claim with a move, draw offer, resign,
// set-up, export — in a language, and checks that a game opened from a
// file shows its move in the list. Screenshots are named by language.
func (e *e2e) dialogsOneByOne(language string) {
	t := e.t
	shot := func(name string) string { return "e2e-" + language[:2] + "-" + name + ".png" }
	home := homeWithPreferences(t, `{"play.confirmDrawOffer":true}`)
	long := filepath.Join(home, "fischer-bisguier.pgn")
	if err := os.WriteFile(long, []byte(fischerBisguier), 0o644); err != nil {
		t.Fatal(err)
	}
	p := e.start(home, language, long)
	defer p.kill()
	b := e.findBoard("the long game opened from a file", brown, shot("long-game"))

	// The move shown, 86. Ka7, is scrolled into the list's view.
	e.waitFor("the last move highlighted in the move list", func() bool {
		return highlighted(e.screenshot(shot("long-game")), b) > selectionPixels
	})

	// From the start position, 1. d4 on the board with the keyboard
	// (Ctrl+B; the cursor starts on the king) is not the game's move:
	// side line or replace? Escape leaves the game and the board as they
	// were; Enter starts the side line.
	e.keys("Home")
	e.waitFor("Home to show the start position", func() bool {
		return e.pieceColour(e.screenshot(shot("home")), b, "e2") == "white"
	})
	e.keys("ctrl+b", "Left", "Up", "space", "Up", "Up", "space")
	e.waitDialog(b, true, shot("side-line"))
	e.keys("Escape")
	e.waitDialog(b, false, shot("side-line-escaped"))
	img := e.screenshot(shot("side-line-escaped"))
	if e.pieceColour(img, b, "d4") != "empty" || e.pieceColour(img, b, "d2") != "white" {
		t.Errorf("after Escape the board does not show the start position (%s)", shot("side-line-escaped"))
	}
	e.drag(b, "d2", "d4")
	e.waitDialog(b, true, shot("side-line-2"))
	e.keys("Return")
	e.autosaveHolds(home, "(1. d4)", "")

	// A new game: first the question about the changed game, where
	// Enter saves it back into its file; then the New game dialog, where
	// Enter starts.
	e.keys("ctrl+n")
	e.waitDialog(b, true, shot("unsaved"))
	e.keys("Return")
	e.waitFor("the side line saved into the file", func() bool {
		data, _ := os.ReadFile(long)
		return strings.Contains(withoutComments(string(data)), "(1. d4)")
	})
	e.screenshot(shot("new-game"))
	e.keys("Return")
	e.waitDialog(b, false, shot("new-game-started"))

	// White offers a draw after 1. e4 (Play ▸ Offer draw; confirmed, as
	// the settings ask): Escape withdraws it, Enter makes it, the banner
	// over the move list shows it, and Black declines it by moving.
	lang := language[:2]
	win := e.mainWindow(p)
	e.drag(b, "e2", "e4")
	e.autosaveHolds(home, "1. e4 *", "")
	e.menu(menuPlay, itemOfferDraw)
	e.waitDialog(b, true, shot("offer-confirm"))
	e.keys("Escape")
	e.waitDialog(b, false, shot("offer-escaped"))
	if e.offerShown(e.screenshot(shot("offer-escaped")), win, lang) {
		t.Errorf("a draw offer shows though Escape withdrew it (%s)", shot("offer-escaped"))
	}
	e.menu(menuPlay, itemOfferDraw)
	e.waitDialog(b, true, shot("offer-confirm-2"))
	e.keys("Return")
	e.waitFor("the draw offer over the move list", func() bool {
		return e.offerShown(e.screenshot(shot("offer-shown")), win, lang)
	})
	e.drag(b, "e7", "e5")
	e.autosaveHolds(home, "1. e4 e5 *", "")
	e.waitFor("the offer to go once declined", func() bool {
		return !e.offerShown(e.screenshot(shot("offer-declined")), win, lang)
	})

	// Resign asks who resigns: no default, so Enter does nothing;
	// Escape closes the question and the game goes on.
	e.menu(menuPlay, itemResign)
	e.waitDialog(b, true, shot("resign"))
	e.keys("Return")
	time.Sleep(dialogWait)
	if !e.dimmed(b, shot("resign-enter")) {
		t.Errorf("Enter answered the resign question, which has no default (%s)", shot("resign-enter"))
	}
	e.keys("Escape")
	e.waitDialog(b, false, shot("resign-escaped"))

	// A knight's dance to a third repetition, which Black's last move
	// would claim: Escape, the move is not played; Enter claims the draw.
	for _, m := range [][2]string{{"g1", "f3"}, {"g8", "f6"}, {"f3", "g1"}, {"f6", "g8"}, {"g1", "f3"}, {"g8", "f6"}, {"f3", "g1"}} {
		e.drag(b, m[0], m[1])
	}
	e.autosaveHolds(home, "1. e4 e5 2. Nf3 Nf6 3. Ng1 Ng8 4. Nf3 Nf6 5. Ng1 *", "")
	e.drag(b, "f6", "g8")
	e.waitDialog(b, true, shot("claim-with-move"))
	e.keys("Escape")
	e.waitDialog(b, false, shot("claim-with-move-escaped"))
	if e.pieceColour(e.screenshot(shot("claim-with-move-escaped")), b, "f6") != "black" {
		t.Errorf("after Escape the knight is not back on f6 (%s)", shot("claim-with-move-escaped"))
	}
	e.drag(b, "f6", "g8")
	e.waitDialog(b, true, shot("claim-with-move-2"))
	e.keys("Return")
	e.autosaveHolds(home, "5. Ng1 Ng8 1/2-1/2", "")
	e.screenshot(shot("claimed"))

	// The set-up board and the image export close with Escape, the game
	// untouched.
	for _, d := range []struct {
		name string
		item int
	}{{"set-up", itemSetUp}, {"export", itemExport}} {
		e.menu(menuGame, d.item)
		e.waitDialog(b, true, shot(d.name))
		e.keys("Escape")
		e.waitDialog(b, false, shot(d.name+"-escaped"))
	}
	e.autosaveHolds(home, "5. Ng1 Ng8 1/2-1/2", "")
}
