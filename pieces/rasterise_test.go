package pieces

import (
	"image"
	"testing"
)

// TestRasteriseBadDrawing: a drawing that cannot be read, or has no size,
// gives a transparent square of the asked size rather than a panic.
func TestRasteriseBadDrawing(t *testing.T) {
	for _, svg := range []string{
		"",
		"not an svg",
		"<svg",
		`<svg xmlns="http://www.w3.org/2000/svg"><path d="M 0 0 L 10 10 L 0 10 z"/></svg>`,
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 0 0"><path d="M 0 0 L 1 1 z"/></svg>`,
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M 0 0 L 1e308 1e308 z" style="stroke:black;stroke-width:1e308"/></svg>`,
	} {
		img := rasterise([]byte(svg), 16)
		if img.Bounds() != image.Rect(0, 0, 16, 16) {
			t.Errorf("%q: bounds %v", svg, img.Bounds())
		}
	}
}

// TestStrokesFollowScale: a stroke one unit wide in a 10-unit drawing is a
// tenth of the square wide at any size.
func TestStrokesFollowScale(t *testing.T) {
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">` +
		`<path d="M 0 5 L 10 5" style="stroke:black;stroke-width:1;fill:none"/></svg>`
	for _, px := range []int{20, 100} {
		img := rasterise([]byte(svg), px)
		inked := 0
		for y := range px {
			if _, _, _, a := img.At(px/2, y).RGBA(); a > 0x8000 {
				inked++
			}
		}
		if want := px / 10; inked < want-1 || inked > want+1 {
			t.Errorf("at %d px the line is %d px thick, want %d", px, inked, want)
		}
	}
}
