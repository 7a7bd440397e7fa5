//go:build unix

package app_test

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// The layout is checked as a person would look at it: tesseract reads
// the words and the clocks' digits off the screenshots (make test
// installs tesseract-ocr, which CI has). A part of the screen is cut
// out, made grey, scaled up three times by ImageMagick and read: light on
// dark turned dark on light, then, when that did not find what the test
// looks for, the same cut at half brightness (which drops the blue
// outline of the clock of the side to move, a line around the digits
// that tesseract may take for text and lose them in).

// timedGame is a game with clocks, opened from a file: its clocks are
// paused (no move played since it was read) and show the times of its
// last [%clk] comments, different for the two players so that each
// clock is found by its own digits.
const timedGame = `[Event "E2E"]
[White "Ann"]
[Black "Bob"]
[TimeControl "600+5"]
[Result "*"]

1. e4 {[%clk 0:09:41]} e5 {[%clk 0:08:27]} 2. Nf3 {[%clk 0:09:36]} Nc6 {[%clk 0:08:03]} *
`

// The clocks of timedGame as tesseract may read them: "9:36", "9 : 36",
// "936", "9.36" (spaces are taken out before).
var (
	whiteClock = regexp.MustCompile(`9[:.;]?36`)
	blackClock = regexp.MustCompile(`8[:.;]?03`)
)

// buttonGrey is the background of a button in Fyne's dark theme
// (ColorNameButton), the theme the program shows under Xvfb.
var buttonGrey = color.RGBA{0x28, 0x29, 0x2e, 0xff}

// panelWords are words the side panel shows of timedGame, by language:
// the move box's placeholder, a move of the move list (Nc6: the
// placeholder names Nf3 and e4 already), and — with room for their
// words — the play buttons. The disabled Claim draw is too faint for
// tesseract to read; in French, Resume clocks is "Reprendre", which
// "Reprendre le coup" holds already.
var panelWords = map[string]struct{ always, roomy []string }{
	"en": {[]string{"Type a move", "Nc6"}, []string{"Take back", "Offer draw", "Resign", "Flip board", "Resume clocks"}},
	"fr": {[]string{"Tapez un coup", "Cc6"}, []string{"Reprendre le coup", "Proposer nulle", "Abandonner", "Retourner"}},
}

// windowLayout opens timedGame in a language and, for a window of a
// laptop, half of a laptop's screen and a small screen, checks that both
// clocks show their time in full, that the move box, the move list and
// the play buttons are on screen, and that the window keeps the size it
// was given; then that showing the engine's lines (F2) and the opening
// tree (Ctrl+T) does not change the window's size, even in the small
// window. Screenshots are named by language and size.
func (e *e2e) windowLayout(language string) {
	t := e.t
	lang := language[:2]
	shot := func(name string) string { return "e2e-" + lang + "-layout-" + name + ".png" }
	path := filepath.Join(t.TempDir(), "timed.pgn")
	if err := os.WriteFile(path, []byte(timedGame), 0o644); err != nil {
		t.Fatal(err)
	}
	p := e.start(t.TempDir(), language, path)
	defer p.kill()
	win := e.mainWindow(p)
	e.findBoard("the timed game", brown, shot("start"))

	sizes := []struct {
		w, h  int
		roomy bool // the panel has room for its words (board ≥ 400 px beside 340 px)
	}{{1040, 720, true}, {683, 740, false}, {640, 480, false}}
	for _, s := range sizes {
		e.resize(win, s.w, s.h)
		e.panelComplete(win, lang, s.roomy, shot(fmt.Sprintf("%dx%d", s.w, s.h)))
	}

	// The engine's lines and the opening tree take their room from the
	// move list: the window keeps its size (F2 once made it 28 px
	// taller). The game was read from a file: the engine may look at it.
	e.resize(win, 1040, 720)
	from := len(p.log.String())
	e.keys("F2")
	e.waitFor("F2 to show the engine's lines", func() bool {
		if strings.Contains(p.log.String()[from:], "command analyse refused") {
			t.Fatalf("F2 was refused:\n%s", p.log.String()[from:])
		}
		img := e.screenshot(shot("engine"))
		_, ok := e.ocr(img, e.panelRect(img, win), 11, has("Stockfish"))
		return ok
	})
	e.sameSize(win, 1040, 720, "after F2 (engine lines), "+shot("engine"))
	e.keys("ctrl+t")
	e.waitFor("the opening tree to be built", func() bool {
		return strings.Contains(p.log.String()[from:], "opening tree: 1 games")
	})
	title := map[string]string{"en": "Opening tree", "fr": "Arbre des ouvertures"}[lang]
	e.waitFor("the opening tree on screen", func() bool {
		img := e.screenshot(shot("tree"))
		_, ok := e.ocr(img, e.panelRect(img, win), 11, has(title))
		return ok
	})
	e.sameSize(win, 1040, 720, "after Ctrl+T (opening tree), "+shot("tree"))
	// With both shown, the small window is not made larger, and its
	// clocks still show their time.
	e.resize(win, 640, 480)
	e.panelComplete(win, lang, false, shot("640x480-engine-tree"))
}

// panelComplete waits until a screenshot shows, right of the board, both
// clocks with their time, the move box's placeholder and a move of the
// list, and the play buttons: their words when the panel is roomy, else
// their row of icons. It fails the test, saying what it did not find.
func (e *e2e) panelComplete(win, lang string, roomy bool, shot string) {
	e.t.Helper()
	want := panelWords[lang]
	words := want.always
	if roomy {
		words = append(words[:len(words):len(words)], want.roomy...)
	}
	// lacks says what a compacted text lacks.
	lacks := func(flat string) []string {
		var out []string
		if !whiteClock.MatchString(flat) {
			out = append(out, "White's clock (9:36)")
		}
		if !blackClock.MatchString(flat) {
			out = append(out, "Black's clock (8:03)")
		}
		for _, w := range words {
			if !strings.Contains(flat, compact(w)) {
				out = append(out, fmt.Sprintf("%q", w))
			}
		}
		return out
	}
	var missing []string
	var text string
	ok := e.poll(func() bool {
		img := e.screenshot(shot)
		panel := e.panelRect(img, win)
		text, _ = e.ocr(img, panel, 11, func(flat string) bool { return len(lacks(flat)) == 0 })
		missing = lacks(compact(text))
		if !roomy {
			if err := buttonRow(img, panel); err != nil {
				missing = append(missing, err.Error())
			}
		}
		return len(missing) == 0
	})
	if !ok {
		e.t.Errorf("%s: not on screen right of the board: %s\n(tesseract read: %q)", shot, strings.Join(missing, ", "), text)
	}
}

// compactButtons is how many play buttons the compact panel shows as
// icons in one row: take back, offer draw, claim draw, resign, flip the
// board, pause or resume the clocks.
const compactButtons = 6

// buttonRow looks, in the rectangle r of a screenshot, for the compact
// panel's play buttons: a line of pixels that crosses compactButtons
// boxes of the button colour side by side, each at least 24 px wide and
// tall (enough to be clicked), each with an icon drawn in it (pixels of
// another colour inside its box — the disabled Claim draw's icon too,
// though faint). A row cut by the window's edge, or a button missing,
// fails.
func buttonRow(img image.Image, r image.Rectangle) error {
	const least = 24
	r = r.Intersect(img.Bounds())
	grey := func(x, y int) bool { return color.RGBAModel.Convert(img.At(x, y)) == buttonGrey }
	best := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		type run struct{ x0, x1 int }
		var runs []run
		for x := r.Min.X; x < r.Max.X; {
			if !grey(x, y) {
				x++
				continue
			}
			x0 := x
			for x < r.Max.X && grey(x, y) {
				x++
			}
			if x-x0 >= least {
				runs = append(runs, run{x0, x})
			}
		}
		best = max(best, len(runs))
		if len(runs) != compactButtons {
			continue
		}
		// The boxes' height, down from this line; their icons.
		whole := true
		for _, b := range runs {
			h := 0
			for yy := y; yy < r.Max.Y && grey(b.x0+1, yy); yy++ {
				h++
			}
			icon := 0
			for yy := y; yy < y+h; yy++ {
				for x := b.x0; x < b.x1; x++ {
					c := color.RGBAModel.Convert(img.At(x, yy)).(color.RGBA)
					if absDiff(c.R, buttonGrey.R) > 8 || absDiff(c.G, buttonGrey.G) > 8 || absDiff(c.B, buttonGrey.B) > 8 {
						icon++
					}
				}
			}
			if h < least || icon < 10 {
				whole = false
			}
		}
		if whole {
			return nil
		}
	}
	return fmt.Errorf("the row of %d play buttons (at most %d buttons side by side)", compactButtons, best)
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// mainWindow returns the X window of the program's main window.
func (e *e2e) mainWindow(p *process) string {
	e.t.Helper()
	cmd := exec.Command("xdotool", "search", "--pid", fmt.Sprint(p.cmd.Process.Pid), "--name", "Échiquier")
	cmd.Env = append(os.Environ(), "DISPLAY="+e.display)
	out, err := cmd.Output()
	if err != nil || len(strings.Fields(string(out))) == 0 {
		e.t.Fatalf("no window of the program: %v", err)
	}
	return strings.Fields(string(out))[0]
}

// geometry returns where the window win is on the screen.
func (e *e2e) geometry(win string) image.Rectangle {
	e.t.Helper()
	cmd := exec.Command("xdotool", "getwindowgeometry", "--shell", win)
	cmd.Env = append(os.Environ(), "DISPLAY="+e.display)
	out, err := cmd.Output()
	if err != nil {
		e.t.Fatalf("xdotool getwindowgeometry %s: %v", win, err)
	}
	v := map[string]int{}
	for _, line := range strings.Fields(string(out)) {
		if k, n, ok := strings.Cut(line, "="); ok {
			v[k], _ = strconv.Atoi(n)
		}
	}
	return image.Rect(v["X"], v["Y"], v["X"]+v["WIDTH"], v["Y"]+v["HEIGHT"])
}

// resize gives the window win a size, as a window manager would, and
// waits until it has it: a window that will not be that small fails the
// test.
func (e *e2e) resize(win string, w, h int) {
	e.t.Helper()
	if err := e.x("xdotool", "windowsize", win, fmt.Sprint(w), fmt.Sprint(h)); err != nil {
		e.t.Fatalf("xdotool windowsize: %v", err)
	}
	var got image.Rectangle
	if !e.poll(func() bool {
		got = e.geometry(win)
		return got.Dx() == w && got.Dy() == h
	}) {
		e.t.Fatalf("the window was resized to %d×%d but is %d×%d", w, h, got.Dx(), got.Dy())
	}
}

// sameSize checks that the window win is still w×h.
func (e *e2e) sameSize(win string, w, h int, when string) {
	e.t.Helper()
	if got := e.geometry(win); got.Dx() != w || got.Dy() != h {
		e.t.Errorf("the window changed its own size from %d×%d to %d×%d %s", w, h, got.Dx(), got.Dy(), when)
	}
}

// panelRect is the part of the window win right of the board in a
// screenshot: the side panel, from the window's top to its bottom. The
// board is found again (it changes with the window's size); without it,
// the whole window.
func (e *e2e) panelRect(img image.Image, win string) image.Rectangle {
	g := e.geometry(win)
	if b, ok := boardIn(img.(subImager).SubImage(g), brown); ok {
		g.Min.X = b.x0 + b.side
	}
	return g
}

// statusRect is the bottom of the window win: the status line.
func (e *e2e) statusRect(win string) image.Rectangle {
	g := e.geometry(win)
	g.Min.Y = g.Max.Y - 48
	return g
}

type subImager interface {
	SubImage(image.Rectangle) image.Image
}

// ocr reads the text in the rectangle r of a screenshot with tesseract,
// in page segmentation mode psm (11: words anywhere; 6: a block of
// lines), until found is true of what it read (compacted): first light
// on dark turned dark on light, then, if need be, the same cut at half
// brightness. It returns all it read, and whether found was true of it.
func (e *e2e) ocr(img image.Image, r image.Rectangle, psm int, found func(string) bool) (string, bool) {
	e.t.Helper()
	dir, err := os.MkdirTemp("", "echiquier-ocr-")
	if err != nil {
		e.t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	part := filepath.Join(dir, "part.png")
	f, err := os.Create(part)
	if err != nil {
		e.t.Fatal(err)
	}
	err = png.Encode(f, img.(subImager).SubImage(r.Intersect(img.Bounds())))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		e.t.Fatal(err)
	}
	var texts []string
	for i, prepare := range [][]string{
		{"-colorspace", "Gray", "-negate", "-resize", "300%"},
		{"-colorspace", "Gray", "-resize", "300%", "-threshold", "50%", "-negate"},
	} {
		big := filepath.Join(dir, fmt.Sprintf("big%d.png", i))
		if out, err := exec.Command("convert", append(append([]string{part}, prepare...), big)...).CombinedOutput(); err != nil {
			// Seen once on a loaded machine (exit status 15): a reading
			// missed, which the caller's polling tries again.
			e.t.Logf("convert: %v\n%s", err, out)
			return strings.Join(texts, "\n"), false
		}
		cmd := exec.Command("tesseract", big, "-", "--psm", fmt.Sprint(psm))
		// One thread: as fast on a small picture, and fair to a machine
		// that runs other tests.
		cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
		out, err := cmd.Output()
		if err != nil {
			e.t.Fatalf("tesseract (make test installs tesseract-ocr): %v", err)
		}
		texts = append(texts, string(out))
		if text := strings.Join(texts, "\n"); found(compact(text)) {
			return text, true
		}
	}
	return strings.Join(texts, "\n"), false
}

// has is true of a compacted text that holds all the words given.
func has(words ...string) func(string) bool {
	return func(flat string) bool {
		for _, w := range words {
			if !strings.Contains(flat, compact(w)) {
				return false
			}
		}
		return true
	}
}

// compact is text as the test compares what tesseract read: lower case,
// without spaces, typographic apostrophes as plain ones.
func compact(s string) string {
	s = strings.ReplaceAll(strings.ToLower(s), "’", "'")
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// poll is waitFor that tells a timeout to its caller, which says what
// was wrong.
func (e *e2e) poll(cond func() bool) bool {
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(100 * time.Millisecond)
	}
	return true
}
