package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// GameHeader says what game is on screen, in two lines: the players and
// the result, in bold; below, dimmer, where and when it was played and
// its place in its file. Compact, for a small window, it says the same
// on one line. A text too long for the width ends in "…": the header
// keeps its height whatever it says. Change its fields and call Refresh.
type GameHeader struct {
	widget.BaseWidget

	// Players is the first line ("Carlsen (2830) – Nakamura (2780)"),
	// Result what ends it on the right ("1-0").
	Players, Result string
	// Details is the second line ("Event · Site · 2024.01.15"), Place
	// what ends it on the right ("game 12 of 274").
	Details, Place string
	// ShortPlace is Place in a few characters ("12/274"): the compact
	// header's one line leaves the players the rest.
	ShortPlace string
	// Compact puts it all on one line.
	Compact bool
	// OnDoubleTapped is called when the header is double-clicked.
	OnDoubleTapped func()
}

// SizeFor is the header's smallest size, compact or not: a few
// characters wide, one or two lines high, whatever it says.
func (h *GameHeader) SizeFor(compact bool) fyne.Size {
	th := h.Theme()
	pad := th.Size(fynetheme.SizeNamePadding)
	size := th.Size(fynetheme.SizeNameText)
	line := fyne.MeasureText("Ag", size, fyne.TextStyle{Bold: true}).Height
	lines := float32(2)
	if compact {
		lines = 1
	}
	return fyne.NewSize(4*fyne.MeasureText("…", size, fyne.TextStyle{Bold: true}).Width+2*pad, lines*line+2*pad)
}

// FitsOnOneLine reports whether the header says all it says on one line
// of width w, as when compact.
func (h *GameHeader) FitsOnOneLine(w float32) bool {
	th := h.Theme()
	pad := th.Size(fynetheme.SizeNamePadding)
	size := th.Size(fynetheme.SizeNameText)
	bold := fyne.TextStyle{Bold: true}
	left, right := join(h.Players, " · ", h.Details), join(h.ShortPlace, "  ", h.Result)
	if len(left)+len(right) > maxFitRunes {
		return false // wider than any screen: not measured
	}
	need := 2*pad + fyne.MeasureText(left, size, bold).Width
	if right != "" {
		need += 2*pad + fyne.MeasureText(right, size, bold).Width
	}
	return need <= w
}

// NewGameHeader returns an empty header.
func NewGameHeader() *GameHeader {
	h := &GameHeader{}
	h.ExtendBaseWidget(h)
	return h
}

// DoubleTapped is part of fyne.DoubleTappable.
func (h *GameHeader) DoubleTapped(*fyne.PointEvent) {
	if h.OnDoubleTapped != nil {
		h.OnDoubleTapped()
	}
}

// CreateRenderer is part of fyne.Widget.
func (h *GameHeader) CreateRenderer() fyne.WidgetRenderer {
	h.ExtendBaseWidget(h)
	r := &headerRenderer{h: h}
	for i := range r.texts {
		r.texts[i] = canvas.NewText("", nil)
	}
	r.objects = []fyne.CanvasObject{r.texts[0], r.texts[1], r.texts[2], r.texts[3]}
	r.Refresh()
	return r
}

// The texts of the header, in its renderer.
const (
	headerPlayers = iota
	headerResult
	headerDetails
	headerPlace
)

type headerRenderer struct {
	h       *GameHeader
	texts   [4]*canvas.Text
	objects []fyne.CanvasObject
}

func (r *headerRenderer) Destroy()                     {}
func (r *headerRenderer) Objects() []fyne.CanvasObject { return r.objects }

// lineHeight is the height of a line of text.
func (r *headerRenderer) lineHeight() float32 {
	th := r.h.Theme()
	return fyne.MeasureText("Ag", th.Size(fynetheme.SizeNameText), fyne.TextStyle{Bold: true}).Height
}

// MinSize is what SizeFor says: the texts are cut to the width they
// have, so that what the header says never changes the room the window
// needs.
func (r *headerRenderer) MinSize() fyne.Size { return r.h.SizeFor(r.h.Compact) }

// width is the width of a text of the header, whole.
func (r *headerRenderer) width(i int) float32 {
	t := r.texts[i]
	if t.Text == "" {
		return 0
	}
	return fyne.MeasureText(t.Text, t.TextSize, t.TextStyle).Width
}

func (r *headerRenderer) Layout(size fyne.Size) {
	pad := r.h.Theme().Size(fynetheme.SizeNamePadding)
	line := r.lineHeight()
	rows := [][2]int{{headerPlayers, headerResult}, {headerDetails, headerPlace}}
	if r.h.Compact {
		rows = rows[:1]
	}
	top := max((size.Height-float32(len(rows))*line)/2, 0)
	for row, pair := range rows {
		y := top + float32(row)*line
		left, right := r.texts[pair[0]], r.texts[pair[1]]
		rw := r.width(pair[1])
		right.Move(fyne.NewPos(size.Width-pad-rw, y))
		right.Resize(fyne.NewSize(rw, line))
		room := size.Width - 2*pad - rw
		if rw > 0 {
			room -= 2 * pad // a gap between the two
		}
		left.Text = fitText(r.full(pair[0]), room, left.TextSize, left.TextStyle)
		left.Move(fyne.NewPos(pad, y))
		left.Resize(fyne.NewSize(max(room, 0), line))
	}
}

// full is the whole text of one of the header's texts; compact, the
// first line says the second's too, and the second is empty.
func (r *headerRenderer) full(i int) string {
	h := r.h
	texts := [4]string{h.Players, h.Result, h.Details, h.Place}
	if h.Compact {
		texts = [4]string{join(h.Players, " · ", h.Details), join(h.ShortPlace, "  ", h.Result), "", ""}
	}
	return texts[i]
}

// join joins two texts with sep, or gives the one that is not empty.
func join(a, sep, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + sep + b
}

func (r *headerRenderer) Refresh() {
	th := r.h.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	size := th.Size(fynetheme.SizeNameText)
	for i, t := range r.texts {
		t.Text = r.full(i)
		t.TextSize = size
		t.TextStyle = fyne.TextStyle{Bold: i == headerPlayers || i == headerResult}
		t.Color = th.Color(fynetheme.ColorNameForeground, v)
		if i == headerDetails || i == headerPlace {
			t.Color = th.Color(fynetheme.ColorNamePlaceHolder, v)
		}
	}
	r.Layout(r.h.Size())
	canvas.Refresh(r.h)
}
