package widgets_test

import (
	"image"
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// slideApp is the test app with a driver that keeps the animations it is
// given for the test to tick (the test driver runs them to the end at
// once), and settings that may ask for fewer animations.
type slideApp struct {
	fyne.App
	driver   *slideDriver
	settings slideSettings
}

func (a *slideApp) Driver() fyne.Driver     { return a.driver }
func (a *slideApp) Settings() fyne.Settings { return a.settings }

type slideDriver struct {
	fyne.Driver
	started, stopped []*fyne.Animation
}

func (d *slideDriver) StartAnimation(a *fyne.Animation) { d.started = append(d.started, a) }
func (d *slideDriver) StopAnimation(a *fyne.Animation)  { d.stopped = append(d.stopped, a) }

type slideSettings struct {
	fyne.Settings
	noMotion bool
}

func (s slideSettings) ShowAnimations() bool { return !s.noMotion }

// newSlideFixture is a board fixture that animates and plays the moves it
// sends, with the animations held for the test.
func newSlideFixture(t *testing.T, fen string, noMotion bool) (*boardFixture, *slideDriver) {
	f := newBoardFixture(t, fen)
	app := fyne.CurrentApp()
	d := &slideDriver{Driver: app.Driver()}
	fyne.SetCurrentApp(&slideApp{App: app, driver: d, settings: slideSettings{app.Settings(), noMotion}})
	f.board.Animate = true
	f.playMoves()
	return f, d
}

func (d *slideDriver) wantStarted(t *testing.T, n int, what string) {
	t.Helper()
	if len(d.started) != n {
		t.Fatalf("%s: %d animations started, want %d", what, len(d.started), n)
	}
}

func TestBoardSlidesClickedMove(t *testing.T) {
	f, d := newSlideFixture(t, "", false)
	f.tap("e2")
	f.tap("e4")
	f.wantMoves("e2e4")
	d.wantStarted(t, 1, "e2e4 by clicks")
	a := d.started[0]
	if a.Duration <= 0 || a.Duration > 300e6 {
		t.Errorf("the slide lasts %v", a.Duration)
	}
	a.Tick(0.5)
	test.AssertRendersToImage(t, "board_slide_half.png", f.win.Canvas())
	a.Tick(1)
	test.AssertRendersToImage(t, "board_after_e4.png", f.win.Canvas())

	static := newBoardWindow(t, "")
	static.play("e2e4")
	test.AssertRendersToImage(t, "board_after_e4.png", static.win.Canvas())
}

func TestBoardNoSlideForDroppedMove(t *testing.T) {
	f, d := newSlideFixture(t, "", false)
	f.realDrag("e2", "e4")
	f.testDrag("e7", "e5")
	f.wantMoves("e2e4", "e7e5")
	d.wantStarted(t, 0, "dropped moves")
	f.play("g1f3") // played by the app: slides
	d.wantStarted(t, 1, "a move the app plays")
}

// TestBoardSlidesWhateverFyneSays: the program tells Fyne's widgets not
// to animate (a steady text cursor); the board slides as Animate says,
// which its owner sets from the system's wish.
func TestBoardSlidesWhateverFyneSays(t *testing.T) {
	f, d := newSlideFixture(t, "", true)
	f.tap("e2")
	f.tap("e4")
	f.wantMoves("e2e4")
	d.wantStarted(t, 1, "a clicked move while Fyne's settings say not to animate")
}

func TestBoardNoSlideWhenNotAnimated(t *testing.T) {
	f, d := newSlideFixture(t, "", false)
	f.board.Animate = false
	f.play("e2e4")
	d.wantStarted(t, 0, "Animate off")
}

func TestBoardNoSlideStepBack(t *testing.T) {
	f, d := newSlideFixture(t, "", false)
	start := f.board.Pos
	f.play("e2e4")
	d.started[0].Tick(1)
	f.board.Pos, f.board.HasLastMove = start, false // back to the start
	f.board.Refresh()
	f.board.Pos = f.game.Position() // forward again, with a wrong last move
	f.board.LastMove, f.board.HasLastMove = move("d2d4"), true
	f.board.Refresh()
	d.wantStarted(t, 1, "a step back and a wrong last move")
}

func TestBoardRefreshEndsSlide(t *testing.T) {
	f, d := newSlideFixture(t, "", false)
	f.play("e2e4")
	first := d.started[0]
	first.Tick(0.3)
	f.board.Refresh() // nothing changed: it slides on
	if len(d.stopped) != 0 {
		t.Fatal("a refresh of the same position stopped the slide")
	}
	f.play("e7e5") // a new move before the first arrived
	if len(d.stopped) != 1 || d.stopped[0] != first {
		t.Fatalf("the first slide was not stopped (stopped %d)", len(d.stopped))
	}
	second := d.started[1]
	second.Tick(0.5)
	first.Tick(1) // a late tick of the stopped slide does nothing
	test.AssertRendersToImage(t, "board_slide_e5_half.png", f.win.Canvas())
	second.Tick(1)
	test.AssertRendersToImage(t, "board_after_e4_e5.png", f.win.Canvas())
}

func TestBoardSlidesSpecialMoves(t *testing.T) {
	for _, c := range []struct{ name, fen, move string }{
		{"castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"},
		{"long castling", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"},
		{"promotion with capture", "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7d8q"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, d := newSlideFixture(t, c.fen, false)
			f.play(c.move)
			d.wantStarted(t, 1, c.move)
			d.started[0].Tick(0.5)
			d.started[0].Tick(1)
			static := newBoardWindow(t, c.fen)
			static.play(c.move)
			if !sameImage(f.win.Canvas().Capture(), static.win.Canvas().Capture()) {
				t.Error("the board after the slide differs from the board drawn at once")
			}
		})
	}
}

func sameImage(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if color.NRGBAModel.Convert(a.At(x, y)) != color.NRGBAModel.Convert(b.At(x, y)) {
				return false
			}
		}
	}
	return true
}

// The test driver runs an animation to its end as it starts: the board
// must end up drawn as without animation.
func TestBoardSlideEndsLikeStatic(t *testing.T) {
	f := newBoardFixture(t, "")
	f.board.Animate = true
	f.play("e2e4")
	test.AssertRendersToImage(t, "board_after_e4.png", f.win.Canvas())
}

func TestBoardPickEndsSlide(t *testing.T) {
	f, d := newSlideFixture(t, "", false)
	f.play("e2e4")
	f.tap("e7")
	if len(d.stopped) != 1 || d.stopped[0] != d.started[0] {
		t.Fatal("picking a piece up did not end the slide")
	}
	if f.board.Selected() != sq("e7") {
		t.Errorf("selected %v, want e7", f.board.Selected())
	}
}
