package iconpng_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"testing"

	"github.com/echiquier/echiquier/resources/internal/iconpng"
)

// readIcon returns icon.svg and the decoded icon.png.
func readIcon(t *testing.T) ([]byte, image.Image) {
	t.Helper()
	svg, err := os.ReadFile("../../icon.svg")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../../icon.png")
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return svg, img
}

// TestIconPNGIsTheSVG checks that icon.png is icon.svg drawn: a change
// to the SVG needs `go generate ./resources/`.
func TestIconPNGIsTheSVG(t *testing.T) {
	svg, got := readIcon(t)
	want, err := iconpng.Render(svg, iconpng.Size)
	if err != nil {
		t.Fatal(err)
	}
	if got.Bounds() != want.Bounds() {
		t.Fatalf("icon.png is %v, icon.svg draws %v", got.Bounds(), want.Bounds())
	}
	// Rounding may differ by a unit between machines; nothing else may.
	const tolerance = 2
	bad := 0
	for y := range want.Bounds().Dy() {
		for x := range want.Bounds().Dx() {
			if !near(got.At(x, y), want.At(x, y), tolerance) {
				bad++
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d pixels of icon.png differ from icon.svg drawn: run go generate ./resources/", bad)
	}
}

// TestIconKnightEye checks where the knight's eye is: on its head, at
// (91, 90) of the SVG's 256×256, and nothing dark above the ears, where
// a misplaced transform once put it.
func TestIconKnightEye(t *testing.T) {
	_, img := readIcon(t)
	scale := float64(img.Bounds().Dx()) / 256
	at := func(x, y float64) color.Color { return img.At(int(x*scale), int(y*scale)) }
	if !dark(at(91, 90)) {
		t.Errorf("the eye's centre (91, 90) is %v, not black", at(91, 90))
	}
	if dark(at(100, 100)) {
		t.Errorf("the head beside the eye, (100, 100), is %v, not white", at(100, 100))
	}
	for y := 12.0; y < 40; y++ {
		for x := 30.0; x < 226; x++ {
			if dark(at(x, y)) {
				t.Fatalf("a dark pixel above the knight's ears at (%v, %v): %v", x, y, at(x, y))
			}
		}
	}
}

func TestRenderRejectsNonSVG(t *testing.T) {
	for _, input := range []string{"", "not an svg", `<svg xmlns="http://www.w3.org/2000/svg"></svg>`} {
		if _, err := iconpng.Render([]byte(input), 16); err == nil {
			t.Errorf("Render(%q) gave no error", input)
		}
	}
}

// dark tells an opaque near-black pixel.
func dark(c color.Color) bool {
	r, g, b, a := c.RGBA()
	return a > 0xf000 && r < 0x4000 && g < 0x4000 && b < 0x4000
}

// near tells two colours within tol of each other in 8-bit units, in
// every channel.
func near(a, b color.Color, tol int) bool {
	ar, ag, ab, aa := a.RGBA()
	br, bg, bb, ba := b.RGBA()
	for _, d := range [][2]uint32{{ar, br}, {ag, bg}, {ab, bb}, {aa, ba}} {
		diff := int(d[0]>>8) - int(d[1]>>8)
		if diff < -tol || diff > tol {
			return false
		}
	}
	return true
}
