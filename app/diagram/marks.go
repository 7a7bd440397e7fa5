package diagram

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"io"
	"math"
	"slices"
	"strings"

	"golang.org/x/image/vector"

	"github.com/echiquier/echiquier/app/game"
)

// markColours are the colours of the arrows and circles a user draws,
// lichess's, by game.MarkColor. They are drawn at markOpacity, so that
// the pieces show through.
var markColours = [...]color.NRGBA{
	game.MarkGreen:  {R: 0x15, G: 0x78, B: 0x1b, A: 0xff},
	game.MarkRed:    {R: 0x88, G: 0x20, B: 0x20, A: 0xff},
	game.MarkYellow: {R: 0xe6, G: 0x8f, B: 0x00, A: 0xff},
	game.MarkBlue:   {R: 0x00, G: 0x30, B: 0x88, A: 0xff},
}

// markOpacity is how opaque a mark is drawn: lichess's.
const markOpacity = 0.6

// MarkColour returns the colour a mark of colour c is drawn in, its
// opacity included.
func MarkColour(c game.MarkColor) color.NRGBA {
	k := markColours[game.MarkGreen]
	if int(c) < len(markColours) {
		k = markColours[c]
	}
	k.A = uint8(math.Round(markOpacity * 255))
	return k
}

// The shape of the marks, in squares: an arrow's shaft is as wide as
// lichess's, its head a filled triangle whose tip is the centre of the
// target square; a circle is a ring just inside its square.
const (
	arrowWidth      = 10.0 / 64
	arrowHeadWidth  = 0.6
	arrowHeadLength = 0.45
	ringOuter       = 0.48
	ringWidth       = 0.08
)

// markShape is a mark as drawn, in pixels: an arrow's outline, or a
// ring's centre and radii.
type markShape struct {
	colour color.NRGBA // with its opacity
	// outline is an arrow's, a closed polygon.
	outline []point
	// centre, outer and inner are a ring's.
	centre       point
	outer, inner float64
}

// markShapes returns the shapes of marks on a board of layout l.
func markShapes(marks []game.Mark, l Layout, flipped bool) []markShape {
	sq := float64(l.Square)
	centre := func(s game.Square) point {
		x, y := l.SquareAt(s, flipped)
		return point{float64(x) + sq/2, float64(y) + sq/2}
	}
	var out []markShape
	for _, m := range marks {
		if m.From < 0 || m.From > 63 || m.To < 0 || m.To > 63 {
			continue
		}
		s := markShape{colour: MarkColour(m.Color)}
		if m.Kind == game.Circle || m.From == m.To {
			s.centre, s.outer, s.inner = centre(m.From), ringOuter*sq, (ringOuter-ringWidth)*sq
			out = append(out, s)
			continue
		}
		from, tip := centre(m.From), centre(m.To)
		dx, dy := tip.x-from.x, tip.y-from.y
		length := math.Hypot(dx, dy)
		ux, uy := dx/length, dy/length
		nx, ny := -uy, ux
		base := point{tip.x - ux*arrowHeadLength*sq, tip.y - uy*arrowHeadLength*sq}
		side := func(p point, d float64) point { return point{p.x + nx*d*sq, p.y + ny*d*sq} }
		w, h := arrowWidth/2, arrowHeadWidth/2
		s.outline = []point{side(from, w), side(base, w), side(base, h), tip, side(base, -h), side(base, -w), side(from, -w)}
		out = append(out, s)
	}
	return out
}

// DrawMarks draws the arrows and circles marks over dst, a board of
// layout l, as the diagrams draw them: the board window draws them this
// way too, so that both look the same.
//
// The marks of a colour are drawn as one shape, at markOpacity: where
// two of them cross, the colour is no darker (an arrow ending in a ring
// of its colour shows as one drawing). It also bounds the time taken:
// four passes over the board at most, however many marks a file holds.
func DrawMarks(dst draw.Image, marks []game.Mark, l Layout, flipped bool) {
	var z vector.Rasterizer
	for _, layer := range markLayers(markShapes(marks, l, flipped)) {
		paintLayer(dst, &z, layer)
	}
}

// markLayers groups shapes by colour, the colours in the order they
// first come.
func markLayers(shapes []markShape) [][]markShape {
	var layers [][]markShape
	for _, s := range shapes {
		i := slices.IndexFunc(layers, func(l []markShape) bool { return l[0].colour == s.colour })
		if i < 0 {
			layers = append(layers, nil)
			i = len(layers) - 1
		}
		layers[i] = append(layers[i], s)
	}
	return layers
}

// bounds returns the box that holds the shape.
func (s markShape) bounds() (minX, minY, maxX, maxY float64) {
	if s.outline == nil {
		return s.centre.x - s.outer, s.centre.y - s.outer, s.centre.x + s.outer, s.centre.y + s.outer
	}
	minX, minY, maxX, maxY = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range s.outline {
		minX, minY, maxX, maxY = min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y)
	}
	return minX, minY, maxX, maxY
}

// paintLayer draws shapes of one colour over dst with z, anti-aliased,
// as one shape: every outline goes the same way round, so that where
// they cross the rasterizer counts them once.
func paintLayer(dst draw.Image, z *vector.Rasterizer, shapes []markShape) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, s := range shapes {
		x0, y0, x1, y1 := s.bounds()
		minX, minY, maxX, maxY = min(minX, x0), min(minY, y0), max(maxX, x1), max(maxY, y1)
	}
	// The rasterizer covers the shapes' box only: its cost is theirs,
	// not the board's.
	box := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX)), int(math.Ceil(maxY))).Intersect(dst.Bounds())
	if box.Empty() {
		return
	}
	z.Reset(box.Dx(), box.Dy())
	at := func(p point) (float32, float32) {
		return float32(p.x - float64(box.Min.X)), float32(p.y - float64(box.Min.Y))
	}
	for _, s := range shapes {
		if s.outline == nil {
			circlePath(z, at, s.centre, s.outer, false)
			circlePath(z, at, s.centre, s.inner, true)
			continue
		}
		outline := s.outline
		if signedArea(outline) < 0 {
			outline = slices.Clone(outline)
			slices.Reverse(outline)
		}
		z.MoveTo(at(outline[0]))
		for _, p := range outline[1:] {
			z.LineTo(at(p))
		}
		z.ClosePath()
	}
	z.Draw(dst, box, image.NewUniform(shapes[0].colour), image.Point{})
}

// signedArea is the area of a polygon, positive when it goes the way
// circlePath draws an outer circle (clockwise on screen).
func signedArea(ps []point) float64 {
	a := 0.0
	for i, p := range ps {
		q := ps[(i+1)%len(ps)]
		a += p.x*q.y - q.x*p.y
	}
	return a / 2
}

// circlePath adds a circle to z as four cubic Béziers, the other way
// round when reverse: a ring is a circle with the reversed inner one,
// whose area cancels.
func circlePath(z *vector.Rasterizer, at func(point) (float32, float32), c point, r float64, reverse bool) {
	const k = 0.5522847498 // the control distance of a quarter circle, in radii
	dir := 1.0
	if reverse {
		dir = -1
	}
	pt := func(x, y float64) (float32, float32) { return at(point{c.x + x*r, c.y + y*dir*r}) }
	z.MoveTo(pt(1, 0))
	quarters := [4][3][2]float64{
		{{1, k}, {k, 1}, {0, 1}},
		{{-k, 1}, {-1, k}, {-1, 0}},
		{{-1, -k}, {-k, -1}, {0, -1}},
		{{k, -1}, {1, -k}, {1, 0}},
	}
	for _, q := range quarters {
		ax, ay := pt(q[0][0], q[0][1])
		bx, by := pt(q[1][0], q[1][1])
		cx, cy := pt(q[2][0], q[2][1])
		z.CubeTo(ax, ay, bx, by, cx, cy)
	}
	z.ClosePath()
}

// writeMarksSVG writes the marks as SVG elements, a group for each
// colour made translucent as a whole, as DrawMarks draws them.
func writeMarksSVG(w io.Writer, marks []game.Mark, l Layout, flipped bool) {
	for _, layer := range markLayers(markShapes(marks, l, flipped)) {
		c := layer[0].colour
		fmt.Fprintf(w, "<g opacity=\"%.3f\" fill=\"%s\" stroke=\"%s\">\n", float64(c.A)/255, hex(c), hex(c))
		for _, s := range layer {
			s.writeSVG(w)
		}
		io.WriteString(w, "</g>\n")
	}
}

// writeSVG writes the shape as an SVG element, in its group's colour.
func (s markShape) writeSVG(w io.Writer) {
	if s.outline == nil {
		fmt.Fprintf(w, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"none\" stroke-width=\"%.2f\"/>\n",
			s.centre.x, s.centre.y, (s.outer+s.inner)/2, s.outer-s.inner)
		return
	}
	pts := make([]string, len(s.outline))
	for i, p := range s.outline {
		pts[i] = fmt.Sprintf("%.2f,%.2f", p.x, p.y)
	}
	fmt.Fprintf(w, "<polygon points=\"%s\" stroke=\"none\"/>\n", strings.Join(pts, " "))
}
