package widgets

import (
	"fmt"
	"image/color"
	"strings"
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

// clockDigitsScale is the size of the digits against the theme's text,
// and compactDigitsScale in a compact face.
const (
	clockDigitsScale   = 2
	compactDigitsScale = 1.5
)

// ClockFace shows one player's clock on one line: a marker of the
// player's colour and the name on the left, the time left in large
// digits on the right; under the name, smaller, the delay and the moves
// to the next time control while there is something to say. Change its
// fields and call Refresh; a refresh only updates texts and colours, so
// the app may call it several times a second. Its size depends on none
// of the fields but Untimed and Compact: a long name is cut short with
// "…".
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
	// ToMove marks the side to move with a frame and its name in bold,
	// timed or untimed, the clocks running or not.
	ToMove bool
	// Paused shows a pause sign: the game's clocks are stopped.
	Paused bool
	// Recorded says that Remaining is the time the game's record gives
	// at a past position, not the clock of the game being played: the
	// face is tinted as the strip of a past position, with a clock mark
	// beside the digits.
	Recorded bool
	// Untimed shows only the name: the game has no clock.
	Untimed bool
	// LowTime is the time left below which the digits turn to the
	// low-time colour; zero means DefaultLowTime.
	LowTime time.Duration
	// Delay is what is left of a simple (US) delay, the time the side to
	// move may think before its clock starts to run down: the face shows
	// it counting down beside the frozen digits. Zero shows nothing.
	Delay time.Duration
	// Bronstein is what a Bronstein delay will give back when the player
	// moves now: the time used on this move, up to the delay. Zero shows
	// nothing.
	Bronstein time.Duration
	// MovesToControl is the number of moves the player still has to make
	// before the next time control of a multi-stage time control; zero
	// shows nothing.
	MovesToControl int
	// Decimal writes the decimal point of the tenths ("9.7") as the
	// user's language does; nil leaves it.
	Decimal func(number string) string
	// Compact shows smaller digits, for a small window, and the delay
	// and the moves to the control in the name's place while they have
	// something to say.
	Compact bool
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
		face:     f,
		bg:       canvas.NewRectangle(color.Transparent),
		tint:     canvas.NewRectangle(color.Transparent),
		marker:   canvas.NewCircle(color.Transparent),
		name:     canvas.NewText("", color.Transparent),
		digits:   canvas.NewText("", color.Transparent),
		info:     canvas.NewText("", color.Transparent),
		pause:    canvas.NewImageFromResource(fynetheme.MediaPauseIcon()),
		recorded: canvas.NewImageFromResource(fynetheme.HistoryIcon()),
	}
	r.marker.StrokeWidth = 1
	r.digits.Alignment = fyne.TextAlignTrailing
	r.digits.TextStyle = fyne.TextStyle{Monospace: true}
	r.pause.FillMode = canvas.ImageFillContain
	r.recorded.FillMode = canvas.ImageFillContain
	r.objects = []fyne.CanvasObject{r.bg, r.tint, r.marker, r.name, r.pause, r.recorded, r.digits, r.info}
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

// infoText is the line below the digits: the delay running down or what
// Bronstein will give back, and the moves to the next time control.
func (f *ClockFace) infoText() string {
	var parts []string
	if f.Delay > 0 {
		parts = append(parts, lang.L("Delay {{.Time}}", map[string]any{"Time": f.format(f.Delay)}))
	}
	if f.Bronstein > 0 {
		parts = append(parts, lang.L("{{.Time}} back", map[string]any{"Time": "+" + f.format(f.Bronstein)}))
	}
	switch {
	case f.MovesToControl == 1:
		parts = append(parts, lang.L("1 move to time control"))
	case f.MovesToControl > 1:
		parts = append(parts, lang.L("{{.Moves}} moves to time control", map[string]any{"Moves": f.MovesToControl}))
	}
	return strings.Join(parts, " · ")
}

// format writes d as FormatClock does, with the decimal point of Decimal.
func (f *ClockFace) format(d time.Duration) string {
	if f.Decimal == nil {
		return FormatClock(d)
	}
	return f.Decimal(FormatClock(d))
}

// FormatClock writes the time left on a clock: "1:05:23", "4:59", "0:42",
// and with tenths under ten seconds, "9.7". It rounds
// down, so that a clock never shows more time than it has, and shows a
// negative time as "0.0".
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
//	● Name                          ⏸ 4:59
//	  Delay 4.3 · 12 moves to time control
type clockRenderer struct {
	face *ClockFace
	// bg is the face's background, tint the colour of a past position
	// over it.
	bg, tint *canvas.Rectangle
	marker   *canvas.Circle
	name     *canvas.Text
	digits   *canvas.Text
	info     *canvas.Text
	// pause and recorded are the marks beside the digits: the clocks
	// stopped, the time of a past position.
	pause, recorded *canvas.Image
	objects         []fyne.CanvasObject

	// The texts as the face has them and as cut to fit, remembered: the
	// app refreshes the face several times a second, and a name does not
	// change that often.
	nameFit, infoFit fittedText
}

func (r *clockRenderer) Destroy() {}

func (r *clockRenderer) Objects() []fyne.CanvasObject { return r.objects }

// Layout puts the marker and the name on the left, the digits on the
// right with the mark beside them, and the info line under the name, or
// compact in its place, while it says something.
func (r *clockRenderer) Layout(size fyne.Size) {
	th := r.face.Theme()
	inner := th.Size(fynetheme.SizeNameInnerPadding)
	pad := th.Size(fynetheme.SizeNamePadding)
	r.bg.Resize(size)
	r.tint.Resize(size)
	digits := r.digits.MinSize()
	r.digits.Move(fyne.NewPos(size.Width-inner-digits.Width, (size.Height-digits.Height)/2))
	r.digits.Resize(digits)
	if r.digits.Hidden {
		digits.Width = 0
	}
	iconD := r.name.TextSize * 1.2
	iconX := size.Width - inner - digits.Width - pad - iconD
	for _, mark := range []*canvas.Image{r.pause, r.recorded} {
		mark.Move(fyne.NewPos(iconX, (size.Height-iconD)/2))
		mark.Resize(fyne.NewSquareSize(iconD))
	}
	if r.pause.Hidden && r.recorded.Hidden {
		iconX += iconD + pad
	}

	markerD := r.name.TextSize * 0.8
	r.marker.Move(fyne.NewPos(inner, (size.Height-markerD)/2))
	r.marker.Resize(fyne.NewSquareSize(markerD))
	left := inner + markerD + pad
	textW := max(iconX-pad-left, 0)
	info := r.face.infoText()
	if r.face.Untimed {
		info = ""
	}
	r.info.Hidden = info == ""
	r.name.Hidden = r.face.Compact && !r.info.Hidden
	r.name.Text = r.nameFit.fit(r.face.displayName(), textW, r.name.TextSize, r.name.TextStyle)
	r.info.Text = r.infoFit.fit(info, textW, r.info.TextSize, r.info.TextStyle)
	nameH, infoH := r.name.MinSize().Height, r.info.MinSize().Height
	nameY, infoY := (size.Height-nameH)/2, (size.Height-infoH)/2
	if !r.name.Hidden && !r.info.Hidden {
		nameY = (size.Height - nameH - infoH) / 2
		infoY = nameY + nameH
		r.marker.Move(fyne.NewPos(inner, nameY+(nameH-markerD)/2))
	}
	r.name.Move(fyne.NewPos(left, nameY))
	r.name.Resize(fyne.NewSize(textW, nameH))
	r.info.Move(fyne.NewPos(left, infoY))
	r.info.Resize(fyne.NewSize(textW, infoH))
}

// MinSize is what SizeFor says: neither the ticking digits nor the texts
// change the face's size; the name is cut to the width it has.
func (r *clockRenderer) MinSize() fyne.Size {
	return r.face.SizeFor(r.face.Compact)
}

// SizeFor is the face's smallest size, compact or not, whichever it is
// now: one line, as high as the digits, or as the name with the info
// line under it; wide enough for the widest time ("0:00:00") and a few
// letters of the name. An untimed face, the name alone, is less high.
func (f *ClockFace) SizeFor(compact bool) fyne.Size { return f.sizeFor(compact, f.Untimed) }

// TimedSize is SizeFor of the face with a clock, the larger: the room a
// clock may need, whatever game it shows.
func (f *ClockFace) TimedSize(compact bool) fyne.Size { return f.sizeFor(compact, false) }

func (f *ClockFace) sizeFor(compact, untimed bool) fyne.Size {
	th := f.Theme()
	inner := th.Size(fynetheme.SizeNameInnerPadding)
	pad := th.Size(fynetheme.SizeNamePadding)
	text := th.Size(fynetheme.SizeNameText)
	scale := float32(clockDigitsScale)
	if compact {
		scale = compactDigitsScale
	}
	digits := fyne.MeasureText("0:00:00", scale*text, fyne.TextStyle{Monospace: true})
	name := fyne.MeasureText("Mmmm", text, fyne.TextStyle{Bold: true})
	w := text*0.8 + pad + name.Width + pad + text*1.2 + pad + digits.Width + 2*inner
	if untimed {
		return fyne.NewSize(w, name.Height+2*inner)
	}
	h := max(digits.Height, name.Height)
	if !compact {
		caption := fyne.MeasureText("Mg", th.Size(fynetheme.SizeNameCaptionText), fyne.TextStyle{})
		h = max(digits.Height, name.Height+caption.Height)
	}
	return fyne.NewSize(w, h+2*pad)
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
	r.name.TextSize = th.Size(fynetheme.SizeNameText)
	r.name.TextStyle = fyne.TextStyle{Bold: f.ToMove}
	r.digits.Text = f.format(f.Remaining)
	r.digits.TextSize = clockDigitsScale * r.name.TextSize
	if f.Compact {
		r.digits.TextSize = compactDigitsScale * r.name.TextSize
	}
	r.digits.Hidden = f.Untimed
	r.info.TextSize = th.Size(fynetheme.SizeNameCaptionText)
	r.recorded.Hidden = f.Untimed || !f.Recorded
	r.pause.Hidden = f.Untimed || !f.Paused || f.Recorded
}

func (r *clockRenderer) refreshColors(th fyne.Theme, v fyne.ThemeVariant) {
	f := r.face
	r.bg.CornerRadius = th.Size(fynetheme.SizeNameInputRadius)
	r.bg.FillColor = th.Color(fynetheme.ColorNameInputBackground, v)
	if f.Running {
		r.bg.FillColor = themeColor(th, v, theme.ColorNameClockRunning, fynetheme.ColorNameSelection)
	}
	r.tint.CornerRadius = r.bg.CornerRadius
	r.tint.FillColor = color.Transparent
	if f.Recorded && !f.Untimed {
		r.tint.FillColor = themeColor(th, v, theme.ColorNameBrowsing, fynetheme.ColorNameHover)
	}
	r.bg.StrokeWidth = 0
	if f.ToMove {
		r.bg.StrokeColor = th.Color(fynetheme.ColorNamePrimary, v)
		r.bg.StrokeWidth = clockFrameWidth
	}
	r.name.Color = th.Color(fynetheme.ColorNameForeground, v)
	r.digits.Color = r.name.Color
	if f.low() {
		r.digits.Color = themeColor(th, v, theme.ColorNameClockLow, fynetheme.ColorNameError)
	}
	// The delay running down is the clock that counts: it is as dark as
	// the digits, the rest dimmer.
	r.info.Color = th.Color(fynetheme.ColorNamePlaceHolder, v)
	if f.Delay > 0 {
		r.info.Color = r.name.Color
	}
	r.marker.FillColor = color.White
	if f.Color == game.Black {
		r.marker.FillColor = color.Black
	}
	r.marker.StrokeColor = r.name.Color
}

// clockFrameWidth is the width of the frame of the side to move.
const clockFrameWidth = 2

// maxFitRunes bounds the runes of a text measured to fit: more than a
// screen's width of them is never shown, and a name of a million runes
// read from a file must not be measured whole at every tick.
const maxFitRunes = 300

// fittedText is a text cut to a width, remembered until the text or the
// width changes.
type fittedText struct {
	text, fitted string
	width, size  float32
	style        fyne.TextStyle
}

// fit returns text, or its longest start that fits width with "…"
// after it.
func (t *fittedText) fit(text string, width, size float32, style fyne.TextStyle) string {
	if text == t.text && width == t.width && size == t.size && style == t.style {
		return t.fitted
	}
	*t = fittedText{text: text, width: width, size: size, style: style}
	t.fitted = fitText(text, width, size, style)
	return t.fitted
}

// fitText returns text, or its longest start that fits width with "…"
// after it ("" when not even that fits).
func fitText(text string, width, size float32, style fyne.TextStyle) string {
	runes := []rune(text)
	if len(runes) <= maxFitRunes && fyne.MeasureText(text, size, style).Width <= width {
		return text
	}
	runes = runes[:min(len(runes), maxFitRunes)]
	fits := func(n int) bool {
		return fyne.MeasureText(string(runes[:n])+"…", size, style).Width <= width
	}
	if !fits(0) {
		return ""
	}
	lo, hi := 0, len(runes) // fits(lo); hi is the first that may not
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	if fits(hi) {
		lo = hi
	}
	return strings.TrimRight(string(runes[:lo]), " ") + "…"
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
