package pieces_test

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/pieces"
)

// allPieces lists the twelve pieces in the order of the golden strips:
// white king to pawn, then black king to pawn.
func allPieces() []game.Piece {
	var ps []game.Piece
	for _, c := range []game.Color{game.White, game.Black} {
		for k := game.King; k >= game.Pawn; k-- {
			ps = append(ps, game.NewPiece(c, k))
		}
	}
	return ps
}

func TestNamesDefaultFirst(t *testing.T) {
	want := []string{"cburnett", "fancy"}
	if got := pieces.Names(); !slices.Equal(got, want) {
		t.Fatalf("Names() = %q, want %q", got, want)
	}
	pieces.Names()[0] = "changed"
	if got := pieces.Names()[0]; got != "cburnett" {
		t.Errorf("changing the returned slice changed the list: %q", got)
	}
}

func TestByNameGivesEachSet(t *testing.T) {
	titles := map[string]string{}
	for _, name := range pieces.Names() {
		s := pieces.ByName(name)
		if s == nil || s.Name != name {
			t.Fatalf("ByName(%q) = %+v", name, s)
		}
		if s.Title == "" {
			t.Errorf("%s: no title", name)
		}
		if other, ok := titles[s.Title]; ok {
			t.Errorf("%s and %s share the title %q", name, other, s.Title)
		}
		titles[s.Title] = name
	}
	if pieces.ByName("fancy").Title != "GNOME Chess fancy" {
		t.Errorf("fancy title %q", pieces.ByName("fancy").Title)
	}
}

func TestByNameFallsBackToDefault(t *testing.T) {
	def := pieces.Names()[0]
	for _, name := range []string{"", "nonsense", "Fancy", " fancy", "../cburnett"} {
		s := pieces.ByName(name)
		if s == nil {
			t.Fatalf("ByName(%q) = nil", name)
		}
		if s.Name != def {
			t.Errorf("ByName(%q) gave %q, want the default %q", name, s.Name, def)
		}
	}
}

func TestConstructorsMatchByName(t *testing.T) {
	for _, tc := range []struct {
		set  *pieces.Set
		name string
	}{{pieces.Cburnett(), "cburnett"}, {pieces.Fancy(), "fancy"}} {
		byName := pieces.ByName(tc.name)
		if tc.set.Name != tc.name || tc.set.Title != byName.Title {
			t.Errorf("%s: constructor gave %q %q", tc.name, tc.set.Name, tc.set.Title)
		}
		for _, p := range allPieces() {
			if string(tc.set.SVG(p)) != string(byName.SVG(p)) {
				t.Errorf("%s %s: constructor and ByName differ", tc.name, pieceName(p))
			}
		}
	}
}

func TestSetsDifferInDrawings(t *testing.T) {
	c, f := pieces.Cburnett(), pieces.Fancy()
	for _, p := range allPieces() {
		if string(c.SVG(p)) == string(f.SVG(p)) {
			t.Errorf("%s: the same drawing in both sets", pieceName(p))
		}
	}
}

// TestEverySetDrawsAllPieces: each piece covers a good part of its
// square, white pieces are mostly light, black pieces mostly dark, and each
// white piece is clearly lighter than its black counterpart. Heavy black
// outlines make a white piece darker than one might think (the Cburnett
// white queen averages 0.41), hence the moderate bounds.
func TestEverySetDrawsAllPieces(t *testing.T) {
	for _, name := range pieces.Names() {
		s := pieces.ByName(name)
		for _, px := range []int{24, 80} {
			for k := game.Pawn; k <= game.King; k++ {
				white := checkPiece(t, s, game.NewPiece(game.White, k), px)
				black := checkPiece(t, s, game.NewPiece(game.Black, k), px)
				if white-black < 0.15 {
					t.Errorf("%s %s at %d px: white %.2f hardly lighter than black %.2f",
						s.Name, k.Letter(), px, white, black)
				}
			}
		}
	}
}

// checkPiece checks one piece's image and returns its mean luminance.
func checkPiece(t *testing.T, s *pieces.Set, p game.Piece, px int) float64 {
	t.Helper()
	img := s.Image(p, px)
	if img == nil || img.Bounds() != image.Rect(0, 0, px, px) {
		t.Fatalf("%s %s at %d px: image %v", s.Name, pieceName(p), px, img)
	}
	n, luma := opaqueLuma(img)
	// The smallest piece, a pawn, covers over a tenth of its square.
	if n < px*px/20 {
		t.Errorf("%s %s at %d px: only %d of %d pixels drawn", s.Name, pieceName(p), px, n, px*px)
	}
	if p.Color() == game.White && luma < 0.38 {
		t.Errorf("%s %s at %d px: mean luminance %.2f, too dark for white", s.Name, pieceName(p), px, luma)
	}
	if p.Color() == game.Black && luma > 0.36 {
		t.Errorf("%s %s at %d px: mean luminance %.2f, too light for black", s.Name, pieceName(p), px, luma)
	}
	return luma
}

func pieceName(p game.Piece) string { return p.Color().String() + " " + p.Kind().Letter() }

func TestNoImageForNothing(t *testing.T) {
	s := pieces.Fancy()
	if s.Image(game.NoPiece, 64) != nil {
		t.Error("an image for an empty square")
	}
	if s.Image(game.NewPiece(game.White, game.King), 0) != nil {
		t.Error("an image of zero pixels")
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

// TestSetSharedBetweenGoroutines is for the race detector: boards on
// several goroutines ask one Set for images of many sizes at once.
func TestSetSharedBetweenGoroutines(t *testing.T) {
	s := pieces.Fancy()
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i, p := range allPieces() {
				if img := s.Image(p, 16+(g+i)%6); img == nil {
					t.Errorf("%s: no image", pieceName(p))
				}
			}
		})
	}
	wg.Wait()
}

// TestGoldenStrips compares each set's twelve pieces at 48 px with the
// strip in testdata. A strip that differs, or is missing, is written to
// testdata/failed/ to be looked at and, if right, copied to testdata/.
func TestGoldenStrips(t *testing.T) {
	for _, name := range pieces.Names() {
		got := strip(pieces.ByName(name), 48)
		file := name + "_strip.png"
		want, err := readPNG(filepath.Join("testdata", file))
		if err != nil {
			writeFailed(t, file, got)
			t.Errorf("%s: no golden strip (%v)", name, err)
			continue
		}
		if bad, worst := compare(want, got); bad > len(got.Pix)/4/100 {
			writeFailed(t, file, got)
			t.Errorf("%s: %d pixels differ from the golden strip (worst channel off by %d)", name, bad, worst)
		}
	}
}

// strip draws the twelve pieces side by side on a transparent background.
func strip(s *pieces.Set, px int) *image.RGBA {
	ps := allPieces()
	out := image.NewRGBA(image.Rect(0, 0, px*len(ps), px))
	for i, p := range ps {
		r := image.Rect(i*px, 0, (i+1)*px, px)
		draw.Draw(out, r, s.Image(p, px), image.Point{}, draw.Src)
	}
	return out
}

// compare counts the pixels where some channel differs by more than a
// little, which antialiasing on another CPU may cause, and returns the
// largest difference seen. It compares premultiplied colours, as they look
// on a board: the straight colour of a nearly transparent pixel that PNG
// stores is too coarse to compare. Images of different sizes differ
// everywhere.
func compare(want image.Image, got *image.RGBA) (bad, worst int) {
	if want.Bounds() != got.Bounds() {
		return len(got.Pix) / 4, 255
	}
	const slack = 12
	r := got.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			w := color.RGBAModel.Convert(want.At(x, y)).(color.RGBA)
			g := got.RGBAAt(x, y)
			d := maxDiff(w, g)
			worst = max(worst, d)
			if d > slack {
				bad++
			}
		}
	}
	return bad, worst
}

// maxDiff is the largest channel difference of two colours.
func maxDiff(a, b color.RGBA) int {
	d := 0
	for _, pair := range [][2]uint8{{a.R, b.R}, {a.G, b.G}, {a.B, b.B}, {a.A, b.A}} {
		d = max(d, abs(int(pair[0])-int(pair[1])))
	}
	return d
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return png.Decode(f)
}

func writeFailed(t *testing.T, file string, img image.Image) {
	t.Helper()
	path := filepath.Join("testdata", "failed", file)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	t.Logf("image written to %s", path)
}

// opaqueLuma counts the mostly opaque pixels and returns their mean
// luminance (Rec. 709, 0 black to 1 white).
func opaqueLuma(img image.Image) (n int, luma float64) {
	sum := 0.0
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			if c.A < 0x80 {
				continue
			}
			sum += (0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)) / 255
			n++
		}
	}
	return n, sum / float64(max(n, 1))
}

// BenchmarkRasterise measures drawing a queen at 80 px with a new Set, as
// a board does the first time it is shown.
func BenchmarkRasterise(b *testing.B) {
	wq := game.NewPiece(game.White, game.Queen)
	for _, name := range pieces.Names() {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				pieces.ByName(name).Image(wq, 80)
			}
		})
	}
}

// BenchmarkRasteriseSet measures drawing all twelve pieces of a set at
// 80 px, as a board does after each resize.
func BenchmarkRasteriseSet(b *testing.B) {
	for _, name := range pieces.Names() {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				s := pieces.ByName(name)
				for _, p := range allPieces() {
					s.Image(p, 80)
				}
			}
		})
	}
}

// BenchmarkLoad measures making a Set, to show that loading one per board
// costs little next to drawing it.
func BenchmarkLoad(b *testing.B) {
	for _, name := range pieces.Names() {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				pieces.ByName(name)
			}
		})
	}
}
