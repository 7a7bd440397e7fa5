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
// xdotool's real mouse. It needs Xvfb, xdotool and ImageMagick's import,
// which `make test` installs and which CI has; a plain `go test` skips it.
const e2eEnv = "ECHIQUIER_E2E"

// Colours of the brown board's squares, which the test looks for in
// screenshots to find the board.
var (
	lightSquare = color.RGBA{0xf0, 0xd9, 0xb5, 0xff}
	darkSquare  = color.RGBA{0xb5, 0x88, 0x63, 0xff}
)

type e2e struct {
	t       *testing.T
	bin     string
	home    string
	display string
	shots   string
}

func TestEndToEnd(t *testing.T) {
	if os.Getenv(e2eEnv) == "" {
		t.Skipf("end-to-end test: set %s=1 (make test does) to run the real program under Xvfb", e2eEnv)
	}
	e := &e2e{t: t, home: t.TempDir(), shots: filepath.Join("..", "testoutput")}
	if err := os.MkdirAll(e.shots, 0o755); err != nil {
		t.Fatal(err)
	}
	e.build()
	e.startX()

	app := e.start()
	board := e.findBoard("first frame")
	e.drag(board, "e2", "e4")
	e.drag(board, "e7", "e5")
	autosave := filepath.Join(e.home, ".config", "fyne", "org.echiquier.Echiquier", "autosave.pgn")
	e.waitFor("the autosave to hold 1. e4 e5", func() bool {
		data, _ := os.ReadFile(autosave)
		return strings.Contains(string(data), "1. e4 e5")
	})
	e.screenshot("e2e-after-e4-e5.png")
	if sq := e.pieceColour(e.screenshot("e2e-check.png"), board, "e4"); sq != "white" {
		t.Errorf("no white piece seen on e4 (%s)", sq)
	}
	app.kill()

	again := e.start()
	defer again.kill()
	e.waitFor("the offer to resume the interrupted game", func() bool {
		return strings.Contains(again.log.String(), "offering to resume the interrupted game")
	})
	// The offer is a modal dialog: it dims the board behind it.
	e.waitFor("the resume dialog to dim the board", func() bool {
		img := e.screenshot("e2e-resume-offer.png")
		return color.RGBAModel.Convert(img.At(board.corner("a8"))).(color.RGBA) != lightSquare
	})
}

func (e *e2e) build() {
	e.bin = filepath.Join(e.t.TempDir(), "echiquier")
	cmd := exec.Command("go", "build", "-o", e.bin, "..")
	if out, err := cmd.CombinedOutput(); err != nil {
		e.t.Fatalf("go build: %v\n%s", err, out)
	}
}

// startX starts a private Xvfb server.
func (e *e2e) startX() {
	for n := 77; n < 99; n++ {
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n)); err == nil {
			continue
		}
		e.display = fmt.Sprintf(":%d", n)
		break
	}
	x := exec.Command("Xvfb", e.display, "-screen", "0", "1280x800x24", "-nolisten", "tcp")
	if err := x.Start(); err != nil {
		e.t.Fatalf("Xvfb: %v", err)
	}
	e.t.Cleanup(func() { x.Process.Kill(); x.Wait() })
	e.waitFor("Xvfb", func() bool {
		return exec.Command("xdotool", "-v").Run() == nil && e.x("xdotool", "getmouselocation") == nil
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
}

func (p *process) kill() {
	p.cmd.Process.Signal(syscall.SIGKILL)
	p.cmd.Wait()
}

// start runs the program, as a new user would, in its own home.
func (e *e2e) start() *process {
	p := &process{cmd: exec.Command(e.bin), log: &syncBuffer{}}
	p.cmd.Env = append(os.Environ(), "DISPLAY="+e.display, "HOME="+e.home, "XDG_CONFIG_HOME=", "LANG=en_US.UTF-8")
	p.cmd.Stdout, p.cmd.Stderr = p.log, p.log
	if err := p.cmd.Start(); err != nil {
		e.t.Fatal(err)
	}
	e.waitFor("the window", func() bool { return e.x("xdotool", "search", "--name", "Échiquier") == nil })
	return p
}

// waitFor polls cond for up to 30 seconds.
func (e *e2e) waitFor(what string, cond func() bool) {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
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
func (e *e2e) findBoard(what string) screenBoard {
	var b screenBoard
	e.waitFor("the board on screen ("+what+")", func() bool {
		img := e.screenshot("e2e-start.png")
		r := img.Bounds()
		minX, minY, maxX, maxY := r.Max.X, r.Max.Y, -1, -1
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
				if c == lightSquare || c == darkSquare {
					minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
				}
			}
		}
		b = screenBoard{x0: minX, y0: minY, side: min(maxX-minX, maxY-minY) + 1}
		return maxX > 0 && b.side > 200
	})
	return b
}

// drag moves the real mouse from one square to another with the button
// held, in small steps, as a hand would.
func (e *e2e) drag(b screenBoard, from, to string) {
	e.t.Helper()
	x0, y0 := b.center(from)
	x1, y1 := b.center(to)
	run := func(args ...string) {
		if err := e.x("xdotool", args...); err != nil {
			e.t.Fatalf("xdotool %v: %v", args, err)
		}
		time.Sleep(40 * time.Millisecond)
	}
	run("mousemove", fmt.Sprint(x0), fmt.Sprint(y0))
	run("mousedown", "1")
	for i := 1; i <= 8; i++ {
		run("mousemove", fmt.Sprint(x0+(x1-x0)*i/8), fmt.Sprint(y0+(y1-y0)*i/8))
	}
	run("mouseup", "1")
	time.Sleep(300 * time.Millisecond)
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
	switch {
	case white > 40:
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
