// Package diagram draws a position as an image for a worksheet: a PNG and
// an SVG of the same drawing, in a board scheme's colours and a piece
// set, with or without coordinates, the last move tinted and the side to
// move marked. The SVG embeds the piece set's own drawings and writes
// the coordinates as strokes, not text, so that any renderer (a browser,
// librsvg) draws what the PNG shows, without depending on its fonts.
// The arrows and circles drawn on the position are drawn over the pieces,
// translucent, as the board shows them.
package diagram

import (
	"bufio"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"regexp"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/pieces"
	"github.com/echiquier/echiquier/theme"
)

// Size limits of a diagram, in pixels: readable, and bounded in memory
// (a 4000 px PNG is 64 MB while drawn).
const (
	MinSize     = 100
	MaxSize     = 4000
	DefaultSize = 800
)

// ErrSize: the size asked for is outside MinSize–MaxSize.
var ErrSize = fmt.Errorf("the size must be from %d to %d pixels", MinSize, MaxSize)

// Options say how a diagram is drawn.
type Options struct {
	// Size is the side of the square image, in pixels.
	Size int
	// Scheme gives the colours, Pieces the piece set.
	Scheme theme.BoardScheme
	Pieces *pieces.Set
	// Coordinates writes a–h and 1–8 beside the board.
	Coordinates bool
	// Flipped draws the board from Black's side.
	Flipped bool
	// LastMove, when HasLastMove, tints the squares of the last move.
	LastMove    game.Move
	HasLastMove bool
	// Marks are arrows and circles drawn over the pieces, translucent,
	// as the board shows them.
	Marks []game.Mark
}

// Layout is where things are in a diagram of a given size: a margin
// around the board holds the coordinates (left and bottom) and the mark
// of the side to move (right).
type Layout struct {
	// X0, Y0 is the board's top-left corner; Square the side of a square.
	X0, Y0, Square int
}

// LayoutOf returns the layout of a diagram of that size.
func LayoutOf(size int) Layout {
	margin := size / 16
	sq := (size - 2*margin) / 8
	off := (size - 8*sq) / 2
	return Layout{X0: off, Y0: off, Square: sq}
}

// SquareAt returns the top-left corner of a square, as drawn.
func (l Layout) SquareAt(sq game.Square, flipped bool) (x, y int) {
	file, rank := sq.File(), sq.Rank()
	if flipped {
		file, rank = 7-file, 7-rank
	}
	return l.X0 + file*l.Square, l.Y0 + (7-rank)*l.Square
}

func (o *Options) check() error {
	if o.Size < MinSize || o.Size > MaxSize {
		return ErrSize
	}
	if o.Pieces == nil {
		return errors.New("diagram: no piece set")
	}
	return nil
}

// squareColour is the colour a square is drawn in: its own, tinted when
// it is a square of the last move.
func (o *Options) squareColour(sq game.Square) color.NRGBA {
	c := o.Scheme.Dark
	if (sq.File()+sq.Rank())%2 == 1 {
		c = o.Scheme.Light
	}
	if o.HasLastMove && (sq == o.LastMove.From || sq == o.LastMove.To) {
		c = over(o.Scheme.LastMove, c)
	}
	return c
}

// over composes a translucent colour over an opaque one, as both the PNG
// and the SVG show it: the SVG is given the result, not the tint.
func over(top, under color.NRGBA) color.NRGBA {
	a := float64(top.A) / 255
	mix := func(t, u uint8) uint8 { return uint8(math.Round(float64(t)*a + float64(u)*(1-a))) }
	return color.NRGBA{R: mix(top.R, under.R), G: mix(top.G, under.G), B: mix(top.B, under.B), A: 0xff}
}

// Background is the colour of the margin: white, as on paper.
var background = color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}

// Image draws the diagram.
func Image(pos *game.Position, o Options) (*image.RGBA, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	l := LayoutOf(o.Size)
	img := image.NewRGBA(image.Rect(0, 0, o.Size, o.Size))
	draw.Draw(img, img.Bounds(), image.NewUniform(background), image.Point{}, draw.Src)
	for sq := game.Square(0); sq < 64; sq++ {
		x, y := l.SquareAt(sq, o.Flipped)
		r := image.Rect(x, y, x+l.Square, y+l.Square)
		draw.Draw(img, r, image.NewUniform(o.squareColour(sq)), image.Point{}, draw.Src)
		if p := pos.Board[sq]; p != game.NoPiece {
			if pi := o.Pieces.Image(p, l.Square); pi != nil {
				draw.Draw(img, r, pi, image.Point{}, draw.Over)
			}
		}
	}
	DrawMarks(img, o.Marks, l, o.Flipped)
	for _, s := range o.strokes(pos, l) {
		s.paint(img)
	}
	return img, nil
}

// PNG writes the diagram as a PNG.
func PNG(w io.Writer, pos *game.Position, o Options) error {
	img, err := Image(pos, o)
	if err != nil {
		return err
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	return enc.Encode(w, img)
}

// svgRoot matches the opening tag of a piece's drawing, which the
// diagram replaces with one that places it on its square.
var svgRoot = regexp.MustCompile(`(?s)<svg\b.*?>`)

// xmlHeader matches what comes before a piece drawing's root element.
var xmlHeader = regexp.MustCompile(`(?s)^.*?(<svg\b)`)

// SVG writes the diagram as an SVG document.
func SVG(w io.Writer, pos *game.Position, o Options) error {
	if err := o.check(); err != nil {
		return err
	}
	l := LayoutOf(o.Size)
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%d" height="%d" viewBox="0 0 %d %d">
<g shape-rendering="crispEdges">
<rect x="0" y="0" width="%d" height="%d" fill="%s"/>
`, o.Size, o.Size, o.Size, o.Size, o.Size, o.Size, hex(background))
	for sq := game.Square(0); sq < 64; sq++ {
		x, y := l.SquareAt(sq, o.Flipped)
		fmt.Fprintf(bw, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", x, y, l.Square, l.Square, hex(o.squareColour(sq)))
	}
	bw.WriteString("</g>\n")
	for sq := game.Square(0); sq < 64; sq++ {
		p := pos.Board[sq]
		if p == game.NoPiece {
			continue
		}
		x, y := l.SquareAt(sq, o.Flipped)
		drawing := xmlHeader.ReplaceAll(o.Pieces.SVG(p), []byte("$1"))
		root := svgRoot.Find(drawing)
		if root == nil {
			continue
		}
		vb := viewBoxOf(root)
		fmt.Fprintf(bw, `<svg x="%d" y="%d" width="%d" height="%d" viewBox="%s">`, x, y, l.Square, l.Square, vb)
		bw.Write(drawing[len(root):])
		bw.WriteString("\n")
	}
	writeMarksSVG(bw, o.Marks, l, o.Flipped)
	for _, s := range o.strokes(pos, l) {
		s.writeSVG(bw)
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

var (
	viewBoxAttr = regexp.MustCompile(`\bviewBox="([^"]*)"`)
	widthAttr   = regexp.MustCompile(`\swidth="([0-9.]+)`)
	heightAttr  = regexp.MustCompile(`\sheight="([0-9.]+)`)
)

// viewBoxOf returns a drawing's view box: its own, or its width and
// height.
func viewBoxOf(root []byte) string {
	if m := viewBoxAttr.FindSubmatch(root); m != nil {
		return string(m[1])
	}
	w, h := "45", "45"
	if m := widthAttr.FindSubmatch(root); m != nil {
		w = string(m[1])
	}
	if m := heightAttr.FindSubmatch(root); m != nil {
		h = string(m[1])
	}
	return "0 0 " + w + " " + h
}

func hex(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
