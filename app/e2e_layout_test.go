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
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/echiquier/echiquier/app/ui/uitest"
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

// clockDigits matches a clock's time as tesseract may read it: "9:36",
// "9 : 36", "936", "9.36" (spaces are taken out before).
func clockDigits(minutes, seconds int) *regexp.Regexp {
	return regexp.MustCompile(fmt.Sprintf(`%d[:.;]?%02d`, minutes, seconds))
}

// The clocks of timedGame.
var (
	whiteClock = clockDigits(9, 36)
	blackClock = clockDigits(8, 3)
)

// buttonGrey is the background of a button in Fyne's dark theme
// (ColorNameButton), the theme the program shows under Xvfb.
var buttonGrey = color.RGBA{0x28, 0x29, 0x2e, 0xff}

// panelWords are words the window shows beside the board of the game of
// forty moves at its end, by language: the move box's placeholder and
// the last move of the move list, 41... Ke6.
var panelWords = map[string][]string{
	"en": {"Type a move", "Ke6"},
	"fr": {"Tapez un coup", "Re6"},
}

// takeBackWords is the name the first play button's icon shows under the
// pointer, by language.
var takeBackWords = map[string]string{"en": "Take back", "fr": "Reprendre le coup"}

// windowLayout checks the window as a person sees it, in a language,
// with a window manager: a game of 40 moves with its clocks, in a
// laptop's window (1040×720), where the move list shows 14 rows at least
// and follows the moves stepped through while the clocks show the times
// of each move; the play buttons' icons name themselves under the
// pointer; half a laptop's screen (683×768), where the board, 600 px
// wide at least, takes the width over the rest; a small window
// (640×480), where both clocks, the move list, the move box and the
// buttons show whole. The window keeps the size it was given when the
// engine's lines (F2) and the opening tree (Ctrl+T) show, even small.
// Then the game is analysed whole: the move list keeps 8 rows beside the
// report at 1040×720, and in the window maximised (double click on its
// title) the report shows its accuracy and counts whole. Screenshots are
// named by language and size.
func (e *e2e) windowLayout(language string) {
	t := e.t
	lang := language[:2]
	shot := func(name string) string { return "e2e-" + lang + "-layout-" + name + ".png" }
	home := homeWithPreferences(t, `{"engine.moveTimeMs":"100"}`)
	path := filepath.Join(t.TempDir(), "forty.pgn")
	if err := os.WriteFile(path, []byte(uitest.FortyMoveGame()), 0o644); err != nil {
		t.Fatal(err)
	}
	p := e.start(home, language, path)
	defer p.kill()
	win := e.mainWindow(p)
	e.findBoard("the game of forty moves", brown, shot("start"))

	// A laptop's window, nothing but the game: its end shown, 41... Ke6,
	// the clocks at 8:39 and 8:38.
	e.resize(win, 1040, 720)
	live := []*regexp.Regexp{clockDigits(8, 39), clockDigits(8, 38)}
	e.panelComplete(win, lang, live, shot("1040x720"))
	rows, board := e.measure(win, shot("1040x720"), 41, 14)
	t.Logf("%s: at 1040×720, %d rows of moves, the board %d px", lang, rows, board)
	if rows < 14 {
		t.Errorf("%s: at 1040×720 the move list shows %d rows, want 14 at least (%s)", lang, rows, shot("1040x720"))
	}

	// Browsing follows: Home shows the start, the list its first row,
	// the clocks 10:00 marked as the record's; → → → after 2. Nf3, the
	// times of that move (9:57 and 9:58); End, the game's own again.
	e.keys("Home")
	e.clocksRead(win, []*regexp.Regexp{clockDigits(10, 0)}, 1, shot("home"))
	e.keys("Right", "Right", "Right")
	e.clocksRead(win, []*regexp.Regexp{clockDigits(9, 57), clockDigits(9, 58)}, 2, shot("move-3"))
	e.keys("End")
	e.clocksRead(win, live, 41, shot("end"))

	// The pointer on the first play button's icon names it.
	e.hover(win, lang, shot("tip"))

	// Half a laptop's screen: the board on top, as wide as the window.
	e.resize(win, 683, 768)
	e.panelComplete(win, lang, live, shot("683x768"))
	rows, board = e.measure(win, shot("683x768"), 41, 1)
	t.Logf("%s: at 683×768, %d rows of moves, the board %d px", lang, rows, board)
	if board < 600 {
		t.Errorf("%s: at 683×768 the board is %d px wide, want 600 at least (%s)", lang, board, shot("683x768"))
	}
	e.resize(win, 640, 480)
	e.panelComplete(win, lang, live, shot("640x480"))
	rows, board = e.measure(win, shot("640x480"), 41, 1)
	t.Logf("%s: at 640×480, %d rows of moves, the board %d px", lang, rows, board)

	// The engine's lines and the opening tree take their room beside
	// the moves: the window keeps its size (F2 once made it 28 px
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
	e.panelComplete(win, lang, live, shot("640x480-engine-tree"))
	e.keys("ctrl+t", "F2")

	// The whole game analysed: the report beside the moves.
	e.resize(win, 1040, 720)
	e.keys("ctrl+shift+a")
	time.Sleep(dialogWait)
	e.keys("Return")
	pid := fmt.Sprint(p.cmd.Process.Pid)
	e.waitFor("the analysis to be written into the game", func() bool {
		return strings.HasPrefix(e.windowName(pid), "• ")
	})
	e.waitFor("the report beside the moves", func() bool {
		img := e.screenshot(shot("1040x720-report"))
		_, ok := e.ocr(img, e.panelRect(img, win), 11, has(reportCounts[lang][0]))
		return ok
	})
	rows, board = e.measure(win, shot("1040x720-report"), 41, 8)
	t.Logf("%s: at 1040×720 with the report, %d rows of moves, the board %d px", lang, rows, board)
	if rows < 8 {
		t.Errorf("%s: at 1040×720 with the report the move list shows %d rows, want 8 at least (%s)", lang, rows, shot("1040x720-report"))
	}
	e.maximise(win)
	rows, board = e.measure(win, shot("1366x768-maximised"), 41, 8)
	t.Logf("%s: maximised (1366×768) with the report, %d rows of moves, the board %d px", lang, rows, board)
	if rows < 8 {
		t.Errorf("%s: maximised, with the report, the move list shows %d rows, want 8 at least (%s)", lang, rows, shot("1366x768-maximised"))
	}
	percent := regexp.MustCompile(`\d{1,3} ?%`)
	var read string
	if !e.poll(func() bool {
		img := e.screenshot(shot("1366x768-maximised"))
		study := e.panelRect(img, win) // its right half, the report's column
		study.Min.X += study.Dx() / 2
		var ok bool
		read, ok = e.ocr(img, study, 11, func(flat string) bool {
			return has(reportCounts[lang]...)(flat) && percent.MatchString(flat)
		})
		return ok
	}) {
		t.Errorf("%s: maximised, the report's accuracy and counts are not all on screen (%s): %q", lang, shot("1366x768-maximised"), read)
	}
}

// reportCounts are the report's words for its accuracy and counts, by
// language.
var reportCounts = map[string][]string{
	"en": {"Accuracy", "Inaccuracies", "Mistakes", "Blunders"},
	"fr": {"Précision", "Imprécisions", "Erreurs", "Gaffes"},
}

// panelComplete waits until a screenshot shows, beside or under the
// board, both clocks with their time (clocks, one expression each, or
// one for both), the move box's placeholder and a move of the list, and
// the play buttons as a row of icons. It fails the test, saying what it
// did not find.
func (e *e2e) panelComplete(win, lang string, clocks []*regexp.Regexp, shot string) {
	e.t.Helper()
	words := panelWords[lang]
	// lacks says what a compacted text lacks.
	lacks := func(flat string) []string {
		var out []string
		for _, c := range clocks {
			if n := len(c.FindAllString(flat, -1)); n == 0 || len(clocks) == 1 && n < 2 {
				out = append(out, "a clock's "+c.String())
			}
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
		if err := buttonRow(img, panel); err != nil {
			missing = append(missing, err.Error())
		}
		return len(missing) == 0
	})
	if !ok {
		e.t.Errorf("%s: not on screen beside the board: %s\n(tesseract read: %q)", shot, strings.Join(missing, ", "), text)
	}
}

// clocksRead waits until both clocks show the times clocks matches (one
// expression for each, or one for both) and the move list the row of
// move number row.
func (e *e2e) clocksRead(win string, clocks []*regexp.Regexp, row int, shot string) {
	e.t.Helper()
	var text string
	var numbers []int
	if !e.poll(func() bool {
		img := e.screenshot(shot)
		panel := e.panelRect(img, win)
		text, _ = e.ocr(img, panel, 11, func(flat string) bool {
			for _, c := range clocks {
				if n := len(c.FindAllString(flat, -1)); n == 0 || len(clocks) == 1 && n < 2 {
					return false
				}
			}
			return true
		})
		numbers = moveNumbers(e.readLines(img, panel))
		return slices.Contains(numbers, row)
	}) {
		e.t.Errorf("%s: the clocks (%v) or the row of move %d are not on screen: the clocks read %q, the rows %v", shot, clocks, row, text, numbers)
	}
}

// hover puts the pointer on the first play button, an icon, and reads
// its name beside it.
func (e *e2e) hover(win, lang, shot string) {
	e.t.Helper()
	img := e.screenshot(shot)
	panel := e.panelRect(img, win)
	x, y, ok := firstButton(img, panel)
	if !ok {
		e.t.Errorf("%s: no row of play buttons", shot)
		return
	}
	if err := e.x("xdotool", "mousemove", fmt.Sprint(x), fmt.Sprint(y)); err != nil {
		e.t.Fatal(err)
	}
	var text string
	if !e.poll(func() bool {
		img := e.screenshot(shot)
		r := image.Rect(x-30, y+10, x+300, y+70) // under the button, or over it
		if y+70 > panel.Max.Y {
			r = image.Rect(x-30, y-70, x+300, y-10)
		}
		var ok bool
		text, ok = e.ocr(img, r, 11, has(takeBackWords[lang]))
		return ok
	}) {
		e.t.Errorf("%s: the pointer on the first play button does not show %q: %q", shot, takeBackWords[lang], text)
	}
	if err := e.x("xdotool", "mousemove", "1", "1"); err != nil {
		e.t.Fatal(err)
	}
}

// measure reads, in a screenshot of the window win, the board's width
// and how many rows of the move list show, as a person would: the
// numbers that start the rows, read by tesseract, from the first to the
// last, when most of those between are read too; or the lines of the
// list over the row of its last move, side lines among them (an
// analysis writes some where the engine, given a tenth of a second a
// move, finds mistakes: not the same ones from one run to the next).
// last is the number of the game's last move, which a row is not
// beyond. It reads until it finds want rows, a minute at most.
func (e *e2e) measure(win, shot string, last, want int) (rows, board int) {
	e.t.Helper()
	var numbers []int
	var lines int
	e.poll(func() bool {
		img := e.screenshot(shot)
		b, ok := boardIn(img.(subImager).SubImage(e.geometry(win)), brown)
		if !ok {
			return false
		}
		board = b.side
		text := e.readLines(img, e.panelRect(img, win))
		numbers = moveNumbers(text)
		lines = listLines(text, last)
		rows = max(countRows(numbers, last), lines)
		return rows >= want
	})
	e.t.Logf("%s: move numbers read %v, %d lines of the list", shot, numbers, lines)
	return rows, board
}

// readLines reads the text in r of a screenshot, a block of lines.
func (e *e2e) readLines(img image.Image, r image.Rectangle) string {
	text, _ := e.ocr(img, r, 6, func(string) bool { return false })
	return text
}

// rowNumber is a move number as it starts a row of the move list, at
// the start of a line, or after the clock in a tall window's one row.
var rowNumber = regexp.MustCompile(`(?m)(?:^|\s)\W?(\d{1,3})\s?[.,](?:\s|$)`)

// moveNumbers are the numbers that start rows of moves in text.
func moveNumbers(text string) []int {
	var out []int
	for _, m := range rowNumber.FindAllStringSubmatch(text, -1) {
		if n, err := strconv.Atoi(m[1]); err == nil && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// countRows is how many rows numbers, read off the move list, show:
// from the first to the last of the longest run of them no more than 2
// apart (a number or two misread), all at most last.
func countRows(numbers []int, last int) int {
	best, start := 0, -1
	for i, n := range numbers {
		if n > last {
			break
		}
		if start < 0 || n-numbers[i-1] > 2 {
			start = i
		}
		best = max(best, n-numbers[start]+1)
	}
	return best
}

// listLine is a line of the move list as tesseract reads it: a row that
// starts with its move number ("36. Rf2 f6", "35... Fc2"), or a line of
// a side line, which holds a move ("(35. Ta3 Fd1 36. Rf2", "Fc2 37. Cd7)").
var listLine = regexp.MustCompile(`^\W?\d{1,3}\s?[.,…]|(?:^|\s|\()(?:O-O|[KQRBNDTFC]?[a-h]?[1-8]?x?[a-h][1-8])`)

// lastRow is the row of move last: its number starts the line.
func lastRow(line string, last int) bool {
	n, ok := strings.CutPrefix(line, strconv.Itoa(last))
	return ok && (strings.HasPrefix(n, ".") || strings.HasPrefix(n, " ."))
}

// listLines is how many lines of the move list text, read a line at a
// time, shows: the row of move last and the lines of the list over it,
// up to the first line that is none (the header, or a row cut by the
// list's top and misread). text may hold several readings: the best.
func listLines(text string, last int) int {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	best := 0
	for i, l := range lines {
		if !lastRow(l, last) {
			continue
		}
		n := 1
		for j := i - 1; j >= 0 && listLine.MatchString(lines[j]); j-- {
			n++
		}
		best = max(best, n)
	}
	return best
}

// maximise maximises the window win as a person does, with a double
// click on its title bar, the window manager's, and waits until it fills
// the screen's width.
func (e *e2e) maximise(win string) {
	e.t.Helper()
	if err := e.x("xdotool", "windowmove", win, "100", "100"); err != nil {
		e.t.Fatal(err)
	}
	var g image.Rectangle
	if !e.poll(func() bool { g = e.geometry(win); return g.Min.Y == 100 }) {
		e.t.Fatalf("the window did not move to 100, 100: %v", g)
	}
	title := []string{"mousemove", fmt.Sprint(g.Min.X + 200), fmt.Sprint(g.Min.Y - 8), "click", "--repeat", "2", "--delay", "80", "1"}
	if err := e.x("xdotool", title...); err != nil {
		e.t.Fatal(err)
	}
	if !e.poll(func() bool { g = e.geometry(win); return g.Dx() == screenWidth }) {
		e.t.Fatalf("a double click on the title did not maximise the window: %v", g)
	}
	if err := e.x("xdotool", "mousemove", "1", "1"); err != nil {
		e.t.Fatal(err)
	}
}

// compactButtons is how many play buttons the compact panel shows as
// icons in one row: take back, offer draw, claim draw, resign, flip the
// board, pause or resume the clocks.
const compactButtons = 6

// buttonRow looks, in the rectangle r of a screenshot, for the play
// buttons: a line of pixels that crosses compactButtons boxes of the
// button colour side by side at least (the buttons that step through the
// game may share the line), each at least 24 px wide and tall (enough to
// be clicked), each with an icon drawn in it (pixels of another colour
// inside its box — the disabled Claim draw's icon too, though faint). A
// row cut by the window's edge, or a button missing, fails.
func buttonRow(img image.Image, r image.Rectangle) error {
	_, err := buttonRuns(img, r)
	return err
}

// firstButton is the middle of the first play button, in the row of them
// in the rectangle r of a screenshot.
func firstButton(img image.Image, r image.Rectangle) (x, y int, ok bool) {
	row, err := buttonRuns(img, r)
	if err != nil {
		return 0, 0, false
	}
	first := row.runs[len(row.runs)-compactButtons]
	return (first.x0 + first.x1) / 2, row.y + row.h/2, true
}

// buttonLine is a line of buttons in a screenshot: their boxes' left and
// right, from the line y, h high.
type buttonLine struct {
	runs []struct{ x0, x1 int }
	y, h int
}

func buttonRuns(img image.Image, r image.Rectangle) (buttonLine, error) {
	const least = 24
	r = r.Intersect(img.Bounds())
	grey := func(x, y int) bool { return color.RGBAModel.Convert(img.At(x, y)) == buttonGrey }
	best := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		type run = struct{ x0, x1 int }
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
		if len(runs) < compactButtons {
			continue
		}
		// The boxes' height, down from this line; their icons.
		whole := true
		height := 0
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
			height = h
		}
		if whole {
			return buttonLine{runs: runs, y: y, h: height}, nil
		}
	}
	return buttonLine{}, fmt.Errorf("the row of %d play buttons (at most %d buttons side by side)", compactButtons, best)
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

// geometry returns where the window win is on the screen: its own
// area, inside the window manager's frame (xwininfo says where that is;
// xdotool counts the frame in).
func (e *e2e) geometry(win string) image.Rectangle {
	e.t.Helper()
	cmd := exec.Command("xwininfo", "-id", win)
	cmd.Env = append(os.Environ(), "DISPLAY="+e.display)
	out, err := cmd.Output()
	if err != nil {
		e.t.Fatalf("xwininfo -id %s (make test installs x11-utils): %v", win, err)
	}
	v := map[string]int{}
	for _, line := range strings.Split(string(out), "\n") {
		if k, n, ok := strings.Cut(strings.TrimSpace(line), ":"); ok {
			if i, err := strconv.Atoi(strings.TrimSpace(n)); err == nil {
				v[k] = i
			}
		}
	}
	x, y := v["Absolute upper-left X"], v["Absolute upper-left Y"]
	return image.Rect(x, y, x+v["Width"], y+v["Height"])
}

// resize gives the window win a size, as a window manager would, at the
// screen's top left corner (its title above the screen: the window
// whole on it), and waits until it has it: a window that will not be
// that small fails the test.
func (e *e2e) resize(win string, w, h int) {
	e.t.Helper()
	if err := e.x("xdotool", "windowsize", win, fmt.Sprint(w), fmt.Sprint(h)); err != nil {
		e.t.Fatalf("xdotool windowsize: %v", err)
	}
	if err := e.x("xdotool", "windowmove", win, "0", "0"); err != nil {
		e.t.Fatalf("xdotool windowmove: %v", err)
	}
	var got image.Rectangle
	if !e.poll(func() bool {
		got = e.geometry(win)
		return got.Dx() == w && got.Dy() == h && got.Min == image.Point{}
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

// panelRect is the part of the window win beside the board in a
// screenshot: right of it, from the window's top to its bottom, or under
// it when the window is taller than wide. The board is found again (it
// changes with the window's size); without it, the whole window.
func (e *e2e) panelRect(img image.Image, win string) image.Rectangle {
	g := e.geometry(win)
	b, ok := boardIn(img.(subImager).SubImage(g), brown)
	switch {
	case !ok:
	case g.Max.X-(b.x0+b.side) > 150:
		g.Min.X = b.x0 + b.side
	case g.Max.Y-(b.y0+b.side) > 40:
		g.Min.Y = b.y0 + b.side
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
	if r = r.Intersect(img.Bounds()); r.Empty() {
		return "", false
	}
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

// TestListLinesCountsSideLines holds the count of the move list's rows
// to what tesseract read of a list that shows a side line, from a run
// whose analysis found 35. Ta1 dubious: eight rows, seven numbers.
func TestListLinesCountsSideLines(t *testing.T) {
	read := "O Bob 18:38\nAnn - Bob - Forty\n(35. Ta3 Fd1 36. Rf2 Fc2 37. Cd7)\n35... Fc2\n" +
		"36. Rf2 f6\n37. Cd7 Fd3\n38. Te1 Txe1\n\n39. Rxe1 Fb5\n40. Rd2 Rf7\n41. Cb6 Re6 |\n" +
		"C42 Défense russe (P... I4 co re\nOD Ann Bob\n"
	if got := countRows(moveNumbers(read), 41); got != 7 {
		t.Errorf("the numbers count %d rows, want 7", got)
	}
	if got := listLines(read, 41); got != 8 {
		t.Errorf("listLines = %d, want 8", got)
	}
	if got := listLines(read+"(41... Rd6 42. Cc4)\n", 40); got != 7 {
		t.Errorf("listLines up from 40. = %d, want 7", got)
	}
}
