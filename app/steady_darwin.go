package app

import "fyne.io/fyne/v2"

// Steady returns a as it is: on macOS, Fyne needs the settings of the
// application to be its own (it changes them as the system's theme
// changes), and the window is drawn by the graphics processor, where a
// blinking cursor costs little.
func Steady(a fyne.App) fyne.App { return a }

// motion is whether the system allows animations.
func motion(a fyne.App) bool { return a.Settings().ShowAnimations() }
