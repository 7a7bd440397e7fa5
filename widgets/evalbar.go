package widgets

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"
)

// evalBarWidth is the evaluation bar's width, in Fyne units.
const evalBarWidth = 18

// The evaluation widgets' colours: White's share light, Black's dark,
// whatever the theme, as the pieces are.
var (
	evalWhite = color.NRGBA{R: 0xf0, G: 0xf0, B: 0xf0, A: 0xff}
	evalBlack = color.NRGBA{R: 0x40, G: 0x40, B: 0x40, A: 0xff}
	evalMid   = color.NRGBA{R: 0xc0, G: 0x30, B: 0x30, A: 0xc0}
)

// EvalBar is an upright bar beside the board that shows who stands
// better: White's share of it grows from White's side of the board.
// Change its fields and call Refresh.
type EvalBar struct {
	widget.BaseWidget

	// Chances are White's winning chances, from -1 (Black wins) to +1
	// (White wins); 0 splits the bar in two. NaN or a value outside
	// shows an even bar.
	Chances float64
	// Flipped puts White's share at the top, as Black sits at the
	// bottom of a flipped board.
	Flipped bool
}

// NewEvalBar returns an even evaluation bar.
func NewEvalBar() *EvalBar {
	b := &EvalBar{}
	b.ExtendBaseWidget(b)
	return b
}

// CreateRenderer is part of fyne.Widget.
func (b *EvalBar) CreateRenderer() fyne.WidgetRenderer {
	b.ExtendBaseWidget(b)
	r := &evalBarRenderer{bar: b, black: canvas.NewRectangle(evalBlack), white: canvas.NewRectangle(evalWhite),
		mid: canvas.NewRectangle(evalMid)}
	r.objects = []fyne.CanvasObject{r.black, r.white, r.mid}
	return r
}

// whiteShare is the part of the bar White's, from 0 to 1.
func (b *EvalBar) whiteShare() float32 {
	c := b.Chances
	if math.IsNaN(c) || c < -1 || c > 1 {
		c = 0
	}
	return float32((c + 1) / 2)
}

type evalBarRenderer struct {
	bar               *EvalBar
	black, white, mid *canvas.Rectangle
	objects           []fyne.CanvasObject
}

func (r *evalBarRenderer) Layout(size fyne.Size) {
	r.black.Move(fyne.NewPos(0, 0))
	r.black.Resize(size)
	h := size.Height * r.bar.whiteShare()
	y := size.Height - h
	if r.bar.Flipped {
		y = 0
	}
	r.white.Move(fyne.NewPos(0, y))
	r.white.Resize(fyne.NewSize(size.Width, h))
	r.mid.Move(fyne.NewPos(0, size.Height/2-0.5))
	r.mid.Resize(fyne.NewSize(size.Width, 1))
}

func (r *evalBarRenderer) MinSize() fyne.Size { return fyne.NewSize(evalBarWidth, evalBarWidth) }

func (r *evalBarRenderer) Refresh() {
	r.Layout(r.bar.Size())
	canvas.Refresh(r.bar)
}

func (r *evalBarRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *evalBarRenderer) Destroy() {}
