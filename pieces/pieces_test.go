package pieces_test

import (
	"image"
	"testing"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/pieces"
)

func TestCburnettHasAllPieces(t *testing.T) {
	s := pieces.Cburnett()
	for _, c := range []game.Color{game.White, game.Black} {
		for k := game.Pawn; k <= game.King; k++ {
			p := game.NewPiece(c, k)
			img := s.Image(p, 64)
			if img == nil || img.Bounds() != image.Rect(0, 0, 64, 64) {
				t.Fatalf("%v: image %v", p, img)
			}
			if opaque(img) < 200 {
				t.Errorf("%s%s: only %d opaque pixels: not drawn", c, k.Letter(), opaque(img))
			}
		}
	}
	if s.Image(game.NoPiece, 64) != nil {
		t.Error("an image for an empty square")
	}
}

func TestImagesAreCachedPerSize(t *testing.T) {
	s := pieces.Cburnett()
	wk := game.NewPiece(game.White, game.King)
	a := s.Image(wk, 48)
	if b := s.Image(wk, 48); a != b {
		t.Error("the same size was rasterised twice")
	}
	if c := s.Image(wk, 96); c == a || c.Bounds().Dx() != 96 {
		t.Error("a new size did not get its own image")
	}
}

// TestWhiteAndBlackDiffer: a white piece is mostly light, a black one mostly
// dark.
func TestWhiteAndBlackDiffer(t *testing.T) {
	s := pieces.Cburnett()
	w := brightness(s.Image(game.NewPiece(game.White, game.Queen), 64))
	b := brightness(s.Image(game.NewPiece(game.Black, game.Queen), 64))
	if w <= b {
		t.Errorf("white queen brightness %d <= black queen %d", w, b)
	}
}

func opaque(img image.Image) int {
	n := 0
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if _, _, _, a := img.At(x, y).RGBA(); a > 0x8000 {
				n++
			}
		}
	}
	return n
}

func brightness(img image.Image) int {
	sum, n := 0, 0
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, a := img.At(x, y).RGBA()
			if a > 0x8000 {
				sum += int(cr+cg+cb) / 3
				n++
			}
		}
	}
	return sum / max(n, 1)
}

func BenchmarkRasterise(b *testing.B) {
	wq := game.NewPiece(game.White, game.Queen)
	for i := 0; i < b.N; i++ {
		s := pieces.Cburnett()
		s.Image(wq, 80)
	}
}
