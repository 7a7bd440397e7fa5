package diagram

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"strings"

	"github.com/echiquier/echiquier/app/game"
)

// point is a point of a glyph or a stroke.
type point struct{ x, y float64 }

// glyphs are the coordinates' characters as strokes, on a grid 4 units
// wide and 6 high (g goes down to 8), drawn with round caps and joins.
// Strokes, not text, so that every renderer draws them the same.
var glyphs = map[byte][][]point{
	'1': {{{1, 1}, {2, 0}, {2, 6}}, {{1, 6}, {3, 6}}},
	'2': {{{0, 1}, {1, 0}, {3, 0}, {4, 1}, {4, 2}, {0, 6}, {4, 6}}},
	'3': {{{0, 0}, {4, 0}, {2, 2.5}, {3, 2.5}, {4, 3.5}, {4, 5}, {3, 6}, {1, 6}, {0, 5}}},
	'4': {{{3, 6}, {3, 0}, {0, 4}, {4, 4}}},
	'5': {{{4, 0}, {0, 0}, {0, 2.5}, {3, 2.5}, {4, 3.5}, {4, 5}, {3, 6}, {0, 6}}},
	'6': {{{3.5, 0}, {1.5, 0}, {0, 2}, {0, 5}, {1, 6}, {3, 6}, {4, 5}, {4, 3.5}, {3, 2.5}, {0, 2.5}}},
	'7': {{{0, 0}, {4, 0}, {1.5, 6}}},
	'8': {{{1, 0}, {3, 0}, {4, 1}, {4, 2}, {3, 3}, {1, 3}, {0, 4}, {0, 5}, {1, 6}, {3, 6}, {4, 5}, {4, 4}, {3, 3}, {1, 3}, {0, 2}, {0, 1}, {1, 0}}},
	'a': {{{4, 2}, {4, 6}}, {{4, 3}, {3, 2}, {1, 2}, {0, 3}, {0, 5}, {1, 6}, {3, 6}, {4, 5}}},
	'b': {{{0, 0}, {0, 6}}, {{0, 3}, {1, 2}, {3, 2}, {4, 3}, {4, 5}, {3, 6}, {1, 6}, {0, 5}}},
	'c': {{{4, 3}, {3, 2}, {1, 2}, {0, 3}, {0, 5}, {1, 6}, {3, 6}, {4, 5}}},
	'd': {{{4, 0}, {4, 6}}, {{4, 3}, {3, 2}, {1, 2}, {0, 3}, {0, 5}, {1, 6}, {3, 6}, {4, 5}}},
	'e': {{{0, 4}, {4, 4}, {4, 3}, {3, 2}, {1, 2}, {0, 3}, {0, 5}, {1, 6}, {3.5, 6}}},
	'f': {{{3.5, 0}, {2.5, 0}, {1.5, 1}, {1.5, 6}}, {{0, 2}, {3, 2}}},
	'g': {{{4, 3}, {3, 2}, {1, 2}, {0, 3}, {0, 4}, {1, 5}, {3, 5}, {4, 4}}, {{4, 2}, {4, 7}, {3, 8}, {0.5, 8}}},
	'h': {{{0, 0}, {0, 6}}, {{0, 3}, {1, 2}, {3, 2}, {4, 3}, {4, 6}}},
}

// stroke is a line of a glyph, or the mark of the side to move (a disc
// with an outline) when radius is set.
type stroke struct {
	points []point
	width  float64
	colour color.NRGBA
	// radius, fill: the disc's outer radius and inside colour; the
	// outline is width wide, in colour.
	radius float64
	fill   color.NRGBA
}

// strokes returns the coordinates and the mark of the side to move.
func (o *Options) strokes(pos *game.Position, l Layout) []stroke {
	var out []stroke
	sq := float64(l.Square)
	board := 8 * sq
	x0, y0 := float64(l.X0), float64(l.Y0)
	if o.Coordinates {
		u := float64(l.X0) / 10 // a glyph is 6u high: 60% of the margin
		w := max(u*0.8, 1)
		for i := range 8 {
			file, rank := byte('a'+i), byte('8'-i)
			if o.Flipped {
				file, rank = byte('h'-i), byte('1'+i)
			}
			// Files under the board, ranks left of it, centred.
			out = append(out, glyph(file, x0+float64(i)*sq+sq/2-2*u, y0+board+(x0-6*u)/2, u, w, o.Scheme.Coordinates)...)
			out = append(out, glyph(rank, (x0-4*u)/2, y0+float64(i)*sq+sq/2-3*u, u, w, o.Scheme.Coordinates)...)
		}
	}
	// The mark of the side to move, right of the board beside that
	// side's first rank.
	atBottom := (pos.Turn == game.White) != o.Flipped
	cy := y0 + sq/2
	if atBottom {
		cy = y0 + board - sq/2
	}
	r := min(x0*0.35, sq/4)
	fill := color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
	if pos.Turn == game.Black {
		fill = color.NRGBA{A: 0xff}
	}
	out = append(out, stroke{points: []point{{x0 + board + x0/2, cy}}, width: max(r/5, 1), colour: color.NRGBA{A: 0xff}, radius: r, fill: fill})
	return out
}

// glyph returns the strokes of a character whose top-left is at x, y.
func glyph(c byte, x, y, u, w float64, colour color.NRGBA) []stroke {
	var out []stroke
	for _, line := range glyphs[c] {
		s := stroke{width: w, colour: colour}
		for _, p := range line {
			s.points = append(s.points, point{x + p.x*u, y + p.y*u})
		}
		out = append(out, s)
	}
	return out
}

// writeSVG writes the stroke as an SVG element.
func (s stroke) writeSVG(w io.Writer) {
	if s.radius > 0 {
		c := s.points[0]
		fmt.Fprintf(w, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%.2f\"/>\n",
			c.x, c.y, s.radius-s.width/2, hex(s.fill), hex(s.colour), s.width)
		return
	}
	pts := make([]string, len(s.points))
	for i, p := range s.points {
		pts[i] = fmt.Sprintf("%.2f,%.2f", p.x, p.y)
	}
	fmt.Fprintf(w, "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.2f\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n",
		strings.Join(pts, " "), hex(s.colour), s.width)
}

// paint draws the stroke into img, anti-aliased by the distance of each
// pixel's centre to the shape: the round caps and joins of the SVG.
func (s stroke) paint(img *image.RGBA) {
	reach := s.width/2 + 1
	if s.radius > 0 {
		reach = s.radius + 1
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range s.points {
		minX, minY = min(minX, p.x-reach), min(minY, p.y-reach)
		maxX, maxY = max(maxX, p.x+reach), max(maxY, p.y+reach)
	}
	r := image.Rect(int(minX), int(minY), int(maxX)+1, int(maxY)+1).Intersect(img.Bounds())
	for py := r.Min.Y; py < r.Max.Y; py++ {
		for px := r.Min.X; px < r.Max.X; px++ {
			c := point{float64(px) + 0.5, float64(py) + 0.5}
			if s.radius > 0 {
				d := math.Hypot(c.x-s.points[0].x, c.y-s.points[0].y)
				blend(img, px, py, s.colour, coverage(s.radius-d))
				blend(img, px, py, s.fill, coverage(s.radius-s.width-d))
				continue
			}
			d := math.Inf(1)
			for i := range s.points {
				j := max(i-1, 0)
				d = min(d, segmentDistance(c, s.points[j], s.points[i]))
			}
			blend(img, px, py, s.colour, coverage(s.width/2-d))
		}
	}
}

// coverage turns how far inside a shape a pixel's centre is into how much
// of the pixel the shape covers.
func coverage(inside float64) float64 { return min(max(inside+0.5, 0), 1) }

// segmentDistance is the distance from c to the segment a–b.
func segmentDistance(c, a, b point) float64 {
	dx, dy := b.x-a.x, b.y-a.y
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = min(max(((c.x-a.x)*dx+(c.y-a.y)*dy)/l, 0), 1)
	}
	return math.Hypot(c.x-a.x-t*dx, c.y-a.y-t*dy)
}

// blend lays an opaque colour over a pixel with that coverage.
func blend(img *image.RGBA, x, y int, c color.NRGBA, a float64) {
	if a <= 0 {
		return
	}
	i := img.PixOffset(x, y)
	p := img.Pix[i : i+4 : i+4]
	mix := func(top uint8, under uint8) uint8 { return uint8(math.Round(float64(top)*a + float64(under)*(1-a))) }
	p[0], p[1], p[2], p[3] = mix(c.R, p[0]), mix(c.G, p[1]), mix(c.B, p[2]), 0xff
}
