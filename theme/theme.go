// Package theme holds Échiquier's look: the Fyne theme of the window and
// the colour schemes of the board.
package theme

import (
	"image/color"

	"fyne.io/fyne/v2"
	fynetheme "fyne.io/fyne/v2/theme"
)

// Colours the app's widgets ask the theme for, on top of Fyne's own.
const (
	// ColorNameClockRunning is the background of the clock that runs.
	ColorNameClockRunning fyne.ThemeColorName = "echiquierClockRunning"
	// ColorNameClockLow is the digits of a clock low on time.
	ColorNameClockLow fyne.ThemeColorName = "echiquierClockLow"
	// ColorNameBrowsing is the tint of the banner that says a past
	// position is shown, or how the game ended, and of the clocks of a
	// past position.
	ColorNameBrowsing fyne.ThemeColorName = "echiquierBrowsing"
)

// Theme is Fyne's default theme, light or dark as the system says, with
// the app's own colours added.
type Theme struct{}

var _ fyne.Theme = Theme{}

// Color returns the app's colours and otherwise Fyne's.
func (Theme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	dark := v == fynetheme.VariantDark
	switch n {
	case ColorNameClockRunning:
		if dark {
			return color.NRGBA{R: 0x2e, G: 0x5e, B: 0x2e, A: 0xff}
		}
		return color.NRGBA{R: 0xc8, G: 0xe6, B: 0xc0, A: 0xff}
	case ColorNameClockLow:
		if dark {
			return color.NRGBA{R: 0xff, G: 0x6b, B: 0x6b, A: 0xff}
		}
		return color.NRGBA{R: 0xc0, G: 0x10, B: 0x10, A: 0xff}
	case ColorNameBrowsing:
		return color.NRGBA{R: 0x1e, G: 0x78, B: 0xd2, A: 0x30}
	}
	return fynetheme.DefaultTheme().Color(n, v)
}

// Font returns Fyne's fonts.
func (Theme) Font(s fyne.TextStyle) fyne.Resource { return fynetheme.DefaultTheme().Font(s) }

// Icon returns Fyne's icons.
func (Theme) Icon(n fyne.ThemeIconName) fyne.Resource { return fynetheme.DefaultTheme().Icon(n) }

// Size returns Fyne's sizes.
func (Theme) Size(n fyne.ThemeSizeName) float32 { return fynetheme.DefaultTheme().Size(n) }
