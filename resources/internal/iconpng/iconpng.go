// Package iconpng draws the app's SVG icon into the PNG the package and
// the window use, with oksvg, the SVG library Fyne itself draws with. The
// PNG is made by `go generate ./resources/` and checked against the SVG
// by this package's test.
package iconpng

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"io"

	"github.com/fyne-io/oksvg"
	"github.com/srwiley/rasterx"
)

// Size is the width and height of icon.png in pixels: the largest icon
// the desktops ask for commonly.
const Size = 512

// Render draws an SVG into a px×px image. oksvg scales the paths to the
// image but not the stroke widths, which it takes as pixels: Render
// scales them too, as librsvg would. The icon therefore uses no
// transform, which oksvg would not apply to its strokes either.
func Render(svg []byte, px int) (*image.RGBA, error) {
	icon, err := oksvg.ReadIconStream(bytes.NewReader(svg), oksvg.StrictErrorMode)
	if err != nil {
		return nil, err
	}
	if icon.ViewBox.W <= 0 || icon.ViewBox.H <= 0 {
		return nil, errors.New("icon SVG has no size: neither viewBox nor width and height")
	}
	scale := float64(px) / max(icon.ViewBox.W, icon.ViewBox.H)
	for i := range icon.SVGPaths {
		icon.SVGPaths[i].LineWidth *= scale
	}
	img := image.NewRGBA(image.Rect(0, 0, px, px))
	icon.SetTarget(0, 0, float64(px), float64(px))
	scanner := rasterx.NewScannerGV(px, px, img, img.Bounds())
	icon.Draw(rasterx.NewDasher(px, px, scanner), 1)
	return img, nil
}

// WritePNG writes img as a PNG compressed as much as Go can.
func WritePNG(w io.Writer, img image.Image) error {
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	return enc.Encode(w, img)
}
