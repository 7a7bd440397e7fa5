package theme

import (
	"image/color"
	"math"
	"testing"
)

// The contrast every board scheme must keep, as WCAG 2.1's contrast
// ratio (1:1 for one colour, 21:1 for black on white).
const (
	// minSquareContrast is between the light and the dark squares. The
	// squares only need to be told apart, not read as text: lichess's
	// brown, the default here, has 2.29:1 and chess.com's green 2.84:1;
	// the old grey, 1.67:1, looked washed out. 2:1 keeps a margin above
	// that.
	minSquareContrast = 2.0
	// minPieceContrast is between black, the body of the black pieces and
	// the outline of the white ones in every piece set, and each square:
	// 3:1 is WCAG 2.1's minimum for graphical objects (1.4.11).
	minPieceContrast = 3.0
	// minHighContrast is between the squares of the high-contrast
	// scheme, which promises more: WCAG's 4.5:1 for text (1.4.3).
	minHighContrast = 4.5
)

// luminance is the relative luminance of c, as WCAG 2.1 defines it.
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		s := float64(v) / 0xffff
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// contrast is WCAG 2.1's contrast ratio of two opaque colours, from 1 to
// 21.
func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func TestContrast(t *testing.T) {
	for _, tc := range []struct {
		a, b color.Color
		want float64
	}{
		{color.White, color.Black, 21},
		{color.Black, color.White, 21},
		{rgb(0x80, 0x80, 0x80), rgb(0x80, 0x80, 0x80), 1},
		{color.White, rgb(0x76, 0x76, 0x76), 4.54}, // WCAG's lightest grey for text on white
	} {
		if got := contrast(tc.a, tc.b); math.Abs(got-tc.want) > 0.01 {
			t.Errorf("contrast(%v, %v) = %.3f, want %.2f", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestSchemesContrast(t *testing.T) {
	for _, s := range Schemes() {
		squares := contrast(s.Light, s.Dark)
		t.Logf("%-13s squares %.2f:1, black on light %.2f:1, black on dark %.2f:1",
			s.Name, squares, contrast(color.Black, s.Light), contrast(color.Black, s.Dark))
		want := minSquareContrast
		if s.Name == "high-contrast" {
			want = minHighContrast
		}
		if squares < want {
			t.Errorf("%s: light and dark squares %.2f:1, want at least %.1f:1", s.Name, squares, want)
		}
		for name, sq := range map[string]color.NRGBA{"light": s.Light, "dark": s.Dark} {
			if c := contrast(color.Black, sq); c < minPieceContrast {
				t.Errorf("%s: black pieces on the %s squares %.2f:1, want at least %.1f:1", s.Name, name, c, minPieceContrast)
			}
		}
		if s.Light.A != 0xff || s.Dark.A != 0xff {
			t.Errorf("%s: squares not opaque; their contrast depends on what is behind", s.Name)
		}
	}
}
