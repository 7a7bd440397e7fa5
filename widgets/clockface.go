package widgets

import (
	"fmt"
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/lang"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/theme"
)

// DefaultLowTime is the low-time threshold of a ClockFace whose LowTime is
// zero.
const DefaultLowTime = 20 * time.Second

// clockDigitsScale is the size of the digits against the theme's text.
const clockDigitsScale = 2

// ClockFace shows one player's clock: a marker of the player's colour,
// the name, and the time left in large digits. Change its fields and call
// Refresh; a refresh only updates texts and colours, so the app may call
// it several times a second.
type ClockFace struct {
	widget.BaseWidget

	// Name is the player's name; "" shows "White" or "Black".
	Name string
	// Color is the side whose clock this is.
	Color game.Color
	// Remaining is the time left on the clock.
	Remaining time.Duration
	// Running marks the clock that ticks, with a highlighted background.
	Running bool
	// Paused shows a pause sign: the game's clocks are stopped.
	Paused bool
	// Untimed shows only the name: the game has no clock.
	Untimed bool
	// LowTime is the time left below which the digits turn to the
	// low-time colour; zero means DefaultLowTime.
	LowTime time.Duration
}

// NewClockFace returns the clock face of side c, showing 0.0.
func NewClockFace(c game.Color) *ClockFace {
	f := &ClockFace{Color: c}
	f.ExtendBaseWidget(f)
	return f
}

// CreateRenderer is part of fyne.Widget.
func (f *ClockFace) CreateRenderer() fyne.WidgetRenderer {
	f.ExtendBaseWidget(f)
	r := &clockRenderer{
		face:   f,
		bg:     canvas.NewRectangle(color.Transparent),
		marker: canvas.NewCircle(color.Transparent),
		name:   canvas.NewText("", color.Transparent),
		digits: canvas.NewText("", color.Transparent),
		pause:  canvas.NewImageFromResource(fynetheme.MediaPauseIcon()),
	}
	r.marker.StrokeWidth = 1
	r.digits.Alignment = fyne.TextAlignTrailing
	r.digits.TextStyle = fyne.TextStyle{Monospace: true}
	r.pause.FillMode = canvas.ImageFillContain
	r.objects = []fyne.CanvasObject{r.bg, r.marker, r.name, r.pause, r.digits}
	r.Refresh()
	return r
}

// displayName is the name shown.
func (f *ClockFace) displayName() string {
	switch {
	case f.Name != "":
		return f.Name
	case f.Color == game.Black:
		return lang.L("Black")
	}
	return lang.L("White")
}

// low reports whether the clock is below its low-time threshold.
func (f *ClockFace) low() bool {
	limit := f.LowTime
	if limit == 0 {
		limit = DefaultLowTime
	}
	return f.Remaining < limit
}

// FormatClock writes the time left on a clock: "1:05:23", "4:59", "0:42",
// and with tenths under ten seconds, "9.7". It rounds down, so that a clock
// never shows more time than it has, and shows a negative time as "0.0".
func FormatClock(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	if d < 10*time.Second {
		tenths := d / (100 * time.Millisecond)
		return fmt.Sprintf("%d.%d", tenths/10, tenths%10)
	}
	s := int64(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// clockRenderer draws a ClockFace. Its objects are made once; Refresh
// only changes their texts, colours and visibility.
//
//	● Name
//	⏸       4:59
type clockRenderer struct {
	face    *ClockFace
	bg      *canvas.Rectangle
	marker  *canvas.Circle
	name    *canvas.Text
	digits  *canvas.Text
	pause   *canvas.Image
	objects []fyne.CanvasObject
}

func (r *clockRenderer) Destroy() {}

func (r *clockRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *clockRenderer) Layout(size fyne.Size) {
	th := r.face.Theme()
	inner := th.Size(fynetheme.SizeNameInnerPadding)
	pad := th.Size(fynetheme.SizeNamePadding)
	r.bg.Resize(size)

	nameH := r.name.MinSize().Height
	markerD := r.name.TextSize * 0.8
	r.marker.Move(fyne.NewPos(inner, inner+(nameH-markerD)/2))
	r.marker.Resize(fyne.NewSquareSize(markerD))
	r.name.Move(fyne.NewPos(inner+markerD+pad, inner))
	r.name.Resize(fyne.NewSize(size.Width-2*inner-markerD-pad, nameH))

	top := inner + nameH + pad
	digitsH := r.digits.MinSize().Height
	r.digits.Move(fyne.NewPos(inner, top))
	r.digits.Resize(fyne.NewSize(size.Width-2*inner, digitsH))
	iconD := r.name.TextSize * 1.5
	r.pause.Move(fyne.NewPos(inner, top+(digitsH-iconD)/2))
	r.pause.Resize(fyne.NewSquareSize(iconD))
}

// MinSize fits the name, and unless untimed the widest time ("0:00:00"),
// so that the ticking digits never change the face's size.
func (r *clockRenderer) MinSize() fyne.Size {
	th := r.face.Theme()
	inner := th.Size(fynetheme.SizeNameInnerPadding)
	pad := th.Size(fynetheme.SizeNamePadding)
	name := r.name.MinSize()
	w := r.name.TextSize*0.8 + pad + name.Width
	h := name.Height
	if !r.face.Untimed {
		digits := fyne.MeasureText("0:00:00", r.digits.TextSize, r.digits.TextStyle)
		w = max(w, r.name.TextSize*1.5+pad+digits.Width)
		h += pad + digits.Height
	}
	return fyne.NewSize(w+2*inner, h+2*inner)
}

func (r *clockRenderer) Refresh() {
	th := r.face.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	r.refreshTexts(th)
	r.refreshColors(th, v)
	r.Layout(r.face.Size())
	canvas.Refresh(r.face)
}

func (r *clockRenderer) refreshTexts(th fyne.Theme) {
	f := r.face
	r.name.Text = f.displayName()
	r.name.TextSize = th.Size(fynetheme.SizeNameText)
	r.digits.Text = FormatClock(f.Remaining)
	r.digits.TextSize = clockDigitsScale * r.name.TextSize
	r.digits.Hidden = f.Untimed
	r.pause.Hidden = f.Untimed || !f.Paused
}

func (r *clockRenderer) refreshColors(th fyne.Theme, v fyne.ThemeVariant) {
	f := r.face
	r.bg.CornerRadius = th.Size(fynetheme.SizeNameInputRadius)
	r.bg.FillColor = th.Color(fynetheme.ColorNameInputBackground, v)
	if f.Running {
		r.bg.FillColor = themeColor(th, v, theme.ColorNameClockRunning, fynetheme.ColorNameSelection)
	}
	r.name.Color = th.Color(fynetheme.ColorNameForeground, v)
	r.digits.Color = r.name.Color
	if f.low() {
		r.digits.Color = themeColor(th, v, theme.ColorNameClockLow, fynetheme.ColorNameError)
	}
	r.marker.FillColor = color.White
	if f.Color == game.Black {
		r.marker.FillColor = color.Black
	}
	r.marker.StrokeColor = r.name.Color
}

// themeColor returns the theme's colour called name, or its fallback
// colour when the theme does not know name (a theme other than the app's).
func themeColor(th fyne.Theme, v fyne.ThemeVariant, name, fallback fyne.ThemeColorName) color.Color {
	if c := th.Color(name, v); c != nil {
		if _, _, _, a := c.RGBA(); a != 0 {
			return c
		}
	}
	return th.Color(fallback, v)
}
