//go:build !darwin

package app

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/widgets"
)

// The program's application says not to animate, to the widgets that
// ask the application Fyne holds: a text field that has the keyboard
// shows a steady cursor, which costs no redrawing while the program
// waits. Its other settings are the application's own.
func TestSteadyApplicationDoesNotAnimate(t *testing.T) {
	a := test.NewApp()
	t.Cleanup(func() { fyne.SetCurrentApp(a) })
	if !a.Settings().ShowAnimations() {
		t.Fatal("the test application does not animate to begin with: nothing to check")
	}
	s := Steady(a)
	if fyne.CurrentApp() != s || s.Settings().ShowAnimations() || fyne.CurrentApp().Settings().ShowAnimations() {
		t.Error("the application Fyne holds still animates")
	}
	if s.Settings().Theme() != a.Settings().Theme() || s.Settings().Scale() != a.Settings().Scale() {
		t.Error("the steady application has other settings")
	}
}

// TestTheBoardOfASteadyApplicationStillSlides: Fyne's widgets are told
// not to animate, the board's moves still slide as the system allows.
func TestTheBoardOfASteadyApplicationStillSlides(t *testing.T) {
	a := test.NewTempApp(t)
	for _, fa := range []fyne.App{a, Steady(a)} {
		w := New(fa, Options{NoTicker: true, AutosaveDir: t.TempDir(), Sound: &soundLog{}})
		b := uitest.MustFind(t, w.env.Window.Content(), "board", func(*widgets.Board) bool { return true })
		if !b.Animate {
			t.Errorf("%T: the board's moves do not slide", fa)
		}
		w.env.Window.Close()
		w.stop()
	}
}
