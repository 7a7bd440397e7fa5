//go:build !darwin

package app

import "fyne.io/fyne/v2"

// Steady makes a, the program's application, the one whose widgets ask
// the settings, and returns it: its settings say not to animate. A text
// field that has the keyboard then shows a steady cursor instead of one
// that blinks: each blink redraws the whole window, a fifth to a third of
// a processor under software OpenGL (many laptops without a graphics
// driver) while the program merely waits for typing. Fyne's widgets read
// the settings of the application it holds (fyne.CurrentApp), which is
// the one thing set here.
func Steady(a fyne.App) fyne.App {
	s := steadyApp{App: a, settings: steadySettings{a.Settings()}, motion: a.Settings().ShowAnimations()}
	fyne.SetCurrentApp(s)
	return s
}

// steadyApp is an application whose settings say not to animate.
type steadyApp struct {
	fyne.App
	settings steadySettings
	// motion is whether the system allows animations, as the
	// application's own settings said: the board's moves still slide.
	motion bool
}

// motion is whether the system allows animations, whatever Steady told
// Fyne's widgets.
func motion(a fyne.App) bool {
	if s, ok := a.(steadyApp); ok {
		return s.motion
	}
	return a.Settings().ShowAnimations()
}

func (a steadyApp) Settings() fyne.Settings { return a.settings }

// steadySettings are the settings of an application, but for
// animations.
type steadySettings struct{ fyne.Settings }

func (steadySettings) ShowAnimations() bool { return false }
