//go:build unix

package app_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The end-to-end test starts the real program under Xvfb and plays with
// xdotool's real mouse. It needs Xvfb, xdotool, ImageMagick and
// tesseract, which `make test` installs and which CI has; a plain `go
// test` skips it.
const e2eEnv = "ECHIQUIER_E2E"

// squareColours are the two square colours of a board scheme, which the
// test looks for in screenshots to find the board.
type squareColours struct{ light, dark color.RGBA }

// The brown (default) and green schemes.
var (
	brown = squareColours{color.RGBA{0xf0, 0xd9, 0xb5, 0xff}, color.RGBA{0xb5, 0x88, 0x63, 0xff}}
	green = squareColours{color.RGBA{0xee, 0xee, 0xd2, 0xff}, color.RGBA{0x76, 0x96, 0x56, 0xff}}
)

// appConfig is where the program keeps its preferences and autosave
// under a home folder.
func appConfig(home string) string {
	return filepath.Join(home, ".config", "fyne", "org.echiquier.Echiquier")
}

type e2e struct {
	t       *testing.T
	bin     string
	display string
	shots   string
	bus     string // the session bus the program is started with, or none
}

func TestEndToEnd(t *testing.T) {
	if os.Getenv(e2eEnv) == "" {
		t.Skipf("end-to-end test: set %s=1 (make test does) to run the real program under Xvfb", e2eEnv)
	}
	e := &e2e{t: t, shots: filepath.Join("..", "testoutput")}
	if err := os.MkdirAll(e.shots, 0o755); err != nil {
		t.Fatal(err)
	}
	e.build()
	e.startX()
	// Each step starts the program it needs, in a home of its own, and
	// fails alone: go test -run 'TestEndToEnd/fr/marks' runs one.
	step := func(name string, run func(e *e2e)) {
		t.Run(name, func(t *testing.T) { run(e.in(t)) })
	}
	step("start", (*e2e).firstStart)
	step("settings", (*e2e).frenchAndSettings)
	cmds := commandTable(t)
	for _, l := range []struct{ name, language, settings string }{
		{"en", "en_US.UTF-8", "Settings"},
		{"fr", "fr_FR.UTF-8", "Préférences"},
	} {
		t.Run(l.name, func(t *testing.T) {
			for _, s := range []struct {
				name string
				run  func(e *e2e)
			}{
				{"shortcuts", func(e *e2e) { e.shortcutsAndDialogs(l.language, l.settings) }},
				{"dialogs", func(e *e2e) { e.dialogsOneByOne(l.language) }},
				{"fields", func(e *e2e) { e.fieldsKeepTheirBounds(l.language) }},
				{"analysis", func(e *e2e) { e.wholeGameAnalysis(l.language) }},
				{"report", func(e *e2e) { e.gameReport(l.language) }},
				{"clipboard", func(e *e2e) { e.clipboardRoundTrip(l.language) }},
				{"tree", func(e *e2e) { e.openingTree(l.language) }},
				{"layout", func(e *e2e) { e.windowLayout(l.language) }},
				{"every-shortcut", func(e *e2e) { e.everyShortcut(l.language, cmds) }},
				{"markup", func(e *e2e) { e.markup(l.language) }},
				{"focus", func(e *e2e) { e.focusRule(l.language, l.settings) }},
				{"lost", func(e *e2e) { e.nothingLost(l.language) }},
				{"odd-files", func(e *e2e) { e.oddFiles(l.language) }},
				{"saved-as-read", func(e *e2e) { e.savedAsRead(l.language) }},
				{"marks", func(e *e2e) { e.marks(l.language) }},
				{"sound", func(e *e2e) { e.soundStep(l.language) }},
				{"stale", func(e *e2e) { e.staleScreen(l.language) }},
				{"moot", func(e *e2e) { e.mootQuestion(l.language) }},
				{"saving", func(e *e2e) { e.savingSafely(l.language) }},
				{"open-dialog", func(e *e2e) { e.openDialogDoubleClick(l.language) }},
				{"words", func(e *e2e) { e.wordsAndKeys(l.language, l.settings) }},
				{"computer", func(e *e2e) { e.computerGames(l.language) }},
			} {
				t.Run(s.name, func(t *testing.T) { s.run(e.in(t)) })
			}
		})
	}
	step("elision", (*e2e).elision)
	step("tree-cache", (*e2e).damagedTreeCache)
	step("file-chooser", (*e2e).fileChooser)
}

// in is the test's state for one step, which reports to t.
func (e *e2e) in(t *testing.T) *e2e {
	c := *e
	c.t = t
	return &c
}

// firstStart plays two moves, kills the program and starts it again: the
// interrupted game is offered back, and the turned board is kept.
func (e *e2e) firstStart() {
	t := e.t
	home := t.TempDir()
	app := e.start(home, "en_US.UTF-8")
	board := e.findBoard("first frame", brown, "e2e-start.png")
	e.drag(board, "e2", "e4")
	e.drag(board, "e7", "e5")
	autosaves := filepath.Join(appConfig(home), "autosave-*.pgn")
	e.waitFor("the autosave to hold 1. e4 e5", func() bool {
		paths, _ := filepath.Glob(autosaves)
		for _, p := range paths {
			if data, _ := os.ReadFile(p); strings.Contains(withoutComments(string(data)), "1. e4 e5") {
				return true
			}
		}
		return false
	})
	e.screenshot("e2e-after-e4-e5.png")
	if sq := e.pieceColour(e.screenshot("e2e-check.png"), board, "e4"); sq != "white" {
		t.Errorf("no white piece seen on e4 (%s)", sq)
	}
	// Ctrl+F turns the board; the setting must outlive the program.
	if err := e.x("xdotool", "key", "ctrl+f"); err != nil {
		t.Fatal(err)
	}
	e.waitFor("the board to turn", func() bool {
		return e.pieceColour(e.screenshot("e2e-flipped.png"), board, "a1") == "black"
	})
	app.kill()

	again := e.start(home, "en_US.UTF-8")
	e.waitFor("the offer to resume the interrupted game", func() bool {
		return strings.Contains(again.log.String(), "offering to resume the interrupted game")
	})
	// The offer is a modal dialog: it dims the board behind it.
	e.waitFor("the resume dialog to dim the board", func() bool {
		img := e.screenshot("e2e-resume-offer.png")
		x, y := board.corner("a8")
		c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
		return c != brown.light && c != brown.dark
	})
	again.kill()
	// Unanswered, the interrupted game is still there for the next start.
	paths, _ := filepath.Glob(autosaves)
	if len(paths) != 1 {
		t.Fatalf("autosaves after the unanswered offer: %v", paths)
	}

	// Without the autosave, the next start shows the board as it was left:
	// turned, Black at the bottom.
	if err := os.Remove(paths[0]); err != nil {
		t.Fatal(err)
	}
	third := e.start(home, "en_US.UTF-8")
	board = e.findBoard("the restarted program", brown, "e2e-restart.png")
	if got := e.pieceColour(e.screenshot("e2e-restart.png"), board, "a1"); got != "black" {
		t.Errorf("the turned board was not kept: %s piece in the bottom-left corner", got)
	}
	third.kill()
}

// frenchAndSettings starts the program in French with preferences
// already stored (the green board), then with a corrupt preferences file.
func (e *e2e) frenchAndSettings() {
	t := e.t
	home := homeWithPreferences(t, `{"board.scheme":"green","board.flipped":false}`)
	en := e.start(home, "en_US.UTF-8")
	e.findBoard("the English program with the green board", green, "e2e-english.png")
	english := e.screenshot("e2e-english.png")
	en.kill()
	fr := e.start(home, "fr_FR.UTF-8")
	e.findBoard("the French program with the green board", green, "e2e-french.png")
	french := e.screenshot("e2e-french.png")
	fr.kill()
	// The menus and the status line are words: they differ between the
	// two languages, while the board (same size, same place) does not.
	if n := differentPixels(english, french, 0, 0, 400, 28); n < 100 {
		t.Errorf("the menu bar looks the same in French and English (%d pixels differ)", n)
	}
	if !strings.Contains(fr.log.String(), "language: fr") {
		t.Errorf("the program did not start in French:\n%s", fr.log.String())
	}

	// A corrupt preferences file, and one that made Fyne panic at every
	// start: set aside, the program starts with the default settings and
	// says so once, then not again.
	for i, prefs := range []string{"{not json", `{"k":[true,"a"]}`} {
		home := homeWithPreferences(t, prefs)
		p := e.start(home, "en_US.UTF-8")
		e.waitFor("the program to say the settings were set aside", func() bool {
			return strings.Contains(p.log.String(), "settings: the stored settings could not be read")
		})
		e.screenshot(fmt.Sprintf("e2e-corrupt-preferences-%d-said.png", i))
		// Escape closes the notice, once the window has the keyboard.
		var board screenBoard
		e.waitFor("Escape to close the notice", func() bool {
			e.keys("Escape")
			var ok bool
			board, ok = boardIn(e.screenshot(fmt.Sprintf("e2e-corrupt-preferences-%d.png", i)), brown)
			return ok
		})
		p.kill()
		kept, _ := filepath.Glob(filepath.Join(appConfig(home), "preferences.json.*"))
		if len(kept) != 1 {
			t.Errorf("the corrupt preferences file was not kept aside: %v", kept)
		}
		again := e.start(home, "en_US.UTF-8")
		board = e.findBoard("the program started again", brown, fmt.Sprintf("e2e-corrupt-preferences-%d-again.png", i))
		if e.dimmed(board, fmt.Sprintf("e2e-corrupt-preferences-%d-again.png", i)) {
			t.Error("the corrupt settings are told again at the next start")
		}
		again.kill()
	}
}

// homeWithPreferences is a new home folder where the program finds a
// preferences file that holds prefs.
func homeWithPreferences(t *testing.T, prefs string) string {
	home := t.TempDir()
	config := appConfig(home)
	if err := os.MkdirAll(config, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(config, "preferences.json"), []byte(prefs), 0o644); err != nil {
		t.Fatal(err)
	}
	return home
}

// differentPixels counts the pixels that differ between two screenshots
// in a rectangle.
func differentPixels(a, b image.Image, x0, y0, x1, y1 int) int {
	n := 0
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			if color.RGBAModel.Convert(a.At(x, y)) != color.RGBAModel.Convert(b.At(x, y)) {
				n++
			}
		}
	}
	return n
}

// e2eBinEnv names a program already built to test (make e2e gives the
// release binary it packages); without it the test builds its own.
const e2eBinEnv = "ECHIQUIER_E2E_BIN"

func (e *e2e) build() {
	if bin := os.Getenv(e2eBinEnv); bin != "" {
		if _, err := os.Stat(bin); err != nil {
			e.t.Fatalf("%s: %v", e2eBinEnv, err)
		}
		e.bin = bin
		return
	}
	e.bin = filepath.Join(e.t.TempDir(), "echiquier")
	cmd := exec.Command("go", "build", "-o", e.bin, "..")
	if out, err := cmd.CombinedOutput(); err != nil {
		e.t.Fatalf("go build: %v\n%s", err, out)
	}
}

// The screen of the test's X server: a laptop's.
const screenWidth, screenHeight = 1366, 768

// startX starts a private Xvfb server, its screen a laptop's, and a
// window manager on it (openbox), which frames the windows, gives them
// the keyboard and maximises them as on a desktop.
func (e *e2e) startX() {
	// Displays below 100 are other people's; a lock file without its
	// socket is a server that the socket listing does not show (another
	// namespace), not a free display.
	for n := 100; n < 200; n++ {
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n)); err == nil {
			continue
		}
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X%d-lock", n)); err == nil {
			continue
		}
		e.display = fmt.Sprintf(":%d", n)
		break
	}
	// -noreset: by default the server resets when its last client goes
	// (a program just killed), and a program started at that moment
	// fails to open the display.
	x := exec.Command("Xvfb", e.display, "-screen", "0", fmt.Sprintf("%dx%dx24", screenWidth, screenHeight), "-nolisten", "tcp", "-noreset")
	xlog := &syncBuffer{}
	x.Stdout, x.Stderr = xlog, xlog
	e.t.Cleanup(func() {
		if e.t.Failed() {
			e.t.Logf("Xvfb %s said:\n%s", e.display, xlog.String())
		}
	})
	if err := x.Start(); err != nil {
		e.t.Fatalf("Xvfb: %v", err)
	}
	ended := make(chan struct{})
	go func() {
		err := x.Wait()
		fmt.Fprintf(xlog, "Xvfb ended at %s: %v\n", time.Now().Format("15:04:05.000"), err)
		close(ended)
	}()
	e.t.Cleanup(func() { x.Process.Kill(); <-ended })
	e.waitFor("Xvfb", func() bool {
		return exec.Command("xdotool", "-v").Run() == nil && e.x("xdotool", "getmouselocation") == nil
	})
	wm := exec.Command("openbox", "--sm-disable")
	wm.Env = append(os.Environ(), "DISPLAY="+e.display, "HOME="+e.t.TempDir())
	wm.Stdout, wm.Stderr = xlog, xlog
	if err := wm.Start(); err != nil {
		e.t.Fatalf("openbox (make test installs it): %v", err)
	}
	wmEnded := make(chan struct{})
	go func() { wm.Wait(); close(wmEnded) }()
	e.t.Cleanup(func() { wm.Process.Kill(); <-wmEnded })
	// The window manager has the screen once it names itself on the root
	// window.
	e.waitFor("openbox", func() bool {
		cmd := exec.Command("xprop", "-root", "_NET_SUPPORTING_WM_CHECK")
		cmd.Env = append(os.Environ(), "DISPLAY="+e.display)
		out, err := cmd.Output()
		return err == nil && strings.Contains(string(out), "window id")
	})
}

// x runs an X client on the test's display.
func (e *e2e) x(name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+e.display)
	return cmd.Run()
}

type process struct {
	cmd *exec.Cmd
	log *syncBuffer
	e   *e2e
}

// kill kills the program with SIGKILL and waits until its window is gone
// from the screen.
func (p *process) kill() {
	p.cmd.Process.Signal(syscall.SIGKILL)
	p.cmd.Wait()
	pid := fmt.Sprint(p.cmd.Process.Pid)
	p.e.waitFor("the killed program's window to go", func() bool {
		return p.e.x("xdotool", "search", "--pid", pid, "--name", "Échiquier") != nil
	})
}

// start runs the program, as a new user would, in a home and a language.
func (e *e2e) start(home, language string, args ...string) *process {
	p := &process{cmd: exec.Command(e.bin, args...), log: &syncBuffer{}, e: e}
	p.cmd.Env = append(os.Environ(), "DISPLAY="+e.display, "HOME="+home, "XDG_CONFIG_HOME=", "XDG_CACHE_HOME=", "XDG_DATA_HOME=",
		"LANG="+language, "LC_ALL=", "LANGUAGE=", "DBUS_SESSION_BUS_ADDRESS="+e.bus)
	p.cmd.Stdout, p.cmd.Stderr = p.log, p.log
	if err := p.cmd.Start(); err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() {
		if e.t.Failed() {
			e.t.Logf("output of echiquier %v:\n%s", args, p.log.String())
		}
		// A step that failed before it killed its program: the program's
		// window would cover the next steps' (the window manager puts
		// new windows beside it).
		if p.cmd.ProcessState == nil {
			p.cmd.Process.Kill()
			p.cmd.Wait()
		}
	})
	// This process's window: one of a program just killed may linger.
	pid := fmt.Sprint(p.cmd.Process.Pid)
	e.waitFor("the window of "+strings.Join(append([]string{"echiquier"}, args...), " "), func() bool {
		if e.x("xdotool", "search", "--pid", pid, "--name", "Échiquier") == nil {
			return true
		}
		if p.cmd.ProcessState != nil || syscall.Kill(p.cmd.Process.Pid, 0) != nil {
			e.t.Fatalf("the program ended before showing its window:\n%s", p.log.String())
		}
		return false
	})
	// The window manager placed it: it goes to the screen's top left
	// corner, its title above the screen, where the steps find its menus.
	// The window manager places a window as it is shown, which may be
	// after the program's first frame: it is moved until it stays.
	win := e.mainWindow(p)
	e.waitFor("the window shown", func() bool { return e.viewable(win) })
	stayed := 0
	e.waitFor("the window at the top left corner", func() bool {
		if e.geometry(win).Min != (image.Point{}) {
			stayed = 0
			e.x("xdotool", "windowmove", win, "0", "0")
			return false
		}
		stayed++
		return stayed >= 10 // a second
	})
	return p
}

// viewable reports whether the window win is shown on the screen.
func (e *e2e) viewable(win string) bool {
	cmd := exec.Command("xwininfo", "-id", win)
	cmd.Env = append(os.Environ(), "DISPLAY="+e.display)
	out, err := cmd.Output()
	return err == nil && strings.Contains(string(out), "IsViewable")
}

// waitFor polls cond for up to a minute (a loaded machine starts a
// program slowly).
func (e *e2e) waitFor(what string, cond func() bool) {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for !cond() {
		select {
		case <-ctx.Done():
			e.t.Fatalf("timed out waiting for %s", what)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// screenshot saves the screen under testoutput/ and returns it.
func (e *e2e) screenshot(name string) image.Image {
	e.t.Helper()
	cmd := exec.Command("import", "-window", "root", "png:-")
	cmd.Env = append(os.Environ(), "DISPLAY="+e.display)
	out, err := cmd.Output()
	if err != nil {
		e.t.Fatalf("import: %v", err)
	}
	if err := os.WriteFile(filepath.Join(e.shots, name), out, 0o644); err != nil {
		e.t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		e.t.Fatal(err)
	}
	return img
}

// screenBoard is where the board is on screen.
type screenBoard struct {
	x0, y0, side int
}

func (b screenBoard) center(name string) (int, int) {
	file, rank := int(name[0]-'a'), int(name[1]-'1')
	sq := b.side / 8
	return b.x0 + file*sq + sq/2, b.y0 + (7-rank)*sq + sq/2
}

// corner returns a point just inside a square's top-left corner, clear of
// its piece.
func (b screenBoard) corner(name string) (int, int) {
	x, y := b.center(name)
	return x - b.side/16 + 3, y - b.side/16 + 3
}

// findBoard finds the board in a screenshot: the box of pixels in the
// two square colours.
func (e *e2e) findBoard(what string, sc squareColours, shot string) screenBoard {
	var b screenBoard
	e.waitFor("the board on screen ("+what+")", func() bool {
		var ok bool
		b, ok = boardIn(e.screenshot(shot), sc)
		return ok
	})
	return b
}

// boardIn finds the board in a screenshot: the box of pixels in the two
// square colours.
func boardIn(img image.Image, sc squareColours) (screenBoard, bool) {
	r := img.Bounds()
	minX, minY, maxX, maxY := r.Max.X, r.Max.Y, -1, -1
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			if c == sc.light || c == sc.dark {
				minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
			}
		}
	}
	b := screenBoard{x0: minX, y0: minY, side: min(maxX-minX, maxY-minY) + 1}
	return b, maxX > 0 && b.side > 200
}

// drag moves the real mouse from one square to another with the left
// button held, in small steps, as a hand would.
func (e *e2e) drag(b screenBoard, from, to string) {
	e.t.Helper()
	e.dragWith(b, "1", from, to)
	time.Sleep(100 * time.Millisecond)
}

// dragWith moves the real mouse from one square to another (the same one
// for a click) with button held, and the keys mods, in small steps.
func (e *e2e) dragWith(b screenBoard, button, from, to string, mods ...string) {
	e.t.Helper()
	x0, y0 := b.center(from)
	x1, y1 := b.center(to)
	run := func(args ...string) {
		if err := e.x("xdotool", args...); err != nil {
			e.t.Fatalf("xdotool %v: %v", args, err)
		}
		time.Sleep(40 * time.Millisecond)
	}
	for _, m := range mods {
		run("keydown", m)
	}
	run("mousemove", fmt.Sprint(x0), fmt.Sprint(y0))
	run("mousedown", button)
	for i := 1; i <= 8; i++ {
		run("mousemove", fmt.Sprint(x0+(x1-x0)*i/8), fmt.Sprint(y0+(y1-y0)*i/8))
	}
	run("mouseup", button)
	for _, m := range mods {
		run("keyup", m)
	}
	time.Sleep(200 * time.Millisecond)
}

// pieceColour says whether the square's centre shows a white piece, a
// black piece or the bare square.
func (e *e2e) pieceColour(img image.Image, b screenBoard, name string) string {
	x, y := b.center(name)
	white, black := 0, 0
	for dy := -8; dy <= 8; dy++ {
		for dx := -8; dx <= 8; dx++ {
			c := color.RGBAModel.Convert(img.At(x+dx, y+dy+b.side/32)).(color.RGBA)
			switch {
			case c.R > 0xf8 && c.G > 0xf8 && c.B > 0xf8:
				white++
			case c.R < 0x20 && c.G < 0x20 && c.B < 0x20:
				black++
			}
		}
	}
	// A white piece is drawn with black lines, a black one with white:
	// what the piece is, is what most of its pixels are.
	switch {
	case white > 40 && white > black:
		return "white"
	case black > 40:
		return "black"
	}
	return "empty"
}

// syncBuffer collects a process's output while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
