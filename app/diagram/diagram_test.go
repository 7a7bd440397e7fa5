package diagram

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/pieces"
	"github.com/echiquier/echiquier/theme"
)

// afterE4 is the position after 1. e4: Black to move, e2–e4 the last move.
func afterE4(t testing.TB) (*game.Position, Options) {
	t.Helper()
	g, err := game.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Move("e4"); err != nil {
		t.Fatal(err)
	}
	pos := g.Position()
	return &pos, Options{
		Size: DefaultSize, Scheme: theme.Scheme("green"), Pieces: pieces.Cburnett(), Coordinates: true,
		LastMove: g.Live().Move(), HasLastMove: true,
	}
}

// decoded writes the diagram as a PNG and reads it back.
func decoded(t *testing.T, pos *game.Position, o Options) image.Image {
	t.Helper()
	var b bytes.Buffer
	if err := PNG(&b, pos, o); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds() != image.Rect(0, 0, o.Size, o.Size) {
		t.Fatalf("image of %v, want %d px", img.Bounds(), o.Size)
	}
	return img
}

func rgb(img image.Image, x, y int) color.NRGBA {
	return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
}

// corner is the colour just inside a square's top-left corner, clear of
// its piece.
func corner(img image.Image, l Layout, name string, flipped bool) color.NRGBA {
	sq, _ := game.ParseSquare(name)
	x, y := l.SquareAt(sq, flipped)
	return rgb(img, x+2, y+2)
}

// pieceOn says whether a square's middle shows a white piece, a black
// one, or none, as the board tests do.
func pieceOn(img image.Image, l Layout, name string, flipped bool) string {
	sq, _ := game.ParseSquare(name)
	x, y := l.SquareAt(sq, flipped)
	white, black := 0, 0
	for dy := l.Square / 3; dy < 2*l.Square/3; dy++ {
		for dx := l.Square / 3; dx < 2*l.Square/3; dx++ {
			c := rgb(img, x+dx, y+dy)
			switch {
			case c.R > 0xf0 && c.G > 0xf0 && c.B > 0xf0:
				white++
			case c.R < 0x30 && c.G < 0x30 && c.B < 0x30:
				black++
			}
		}
	}
	n := l.Square * l.Square / 9
	switch {
	case white > n/4:
		return "white"
	case black > n/4:
		return "black"
	}
	return "none"
}

func TestPNGShowsThePosition(t *testing.T) {
	pos, o := afterE4(t)
	for _, flipped := range []bool{false, true} {
		o.Flipped = flipped
		img := decoded(t, pos, o)
		l := LayoutOf(o.Size)
		s := o.Scheme
		for name, want := range map[string]color.NRGBA{
			"a1": s.Dark, "h1": s.Light, "a8": s.Light, "d5": s.Light,
			"e2": over(s.LastMove, s.Light), "e4": over(s.LastMove, s.Light), "e3": s.Dark,
		} {
			if got := corner(img, l, name, flipped); got != want {
				t.Errorf("flipped %v: %s is %v, want %v", flipped, name, got, want)
			}
		}
		for name, want := range map[string]string{
			"e4": "white", "e2": "none", "e1": "white", "d8": "black", "e7": "black", "e5": "none", "a3": "none",
		} {
			if got := pieceOn(img, l, name, flipped); got != want {
				t.Errorf("flipped %v: %s shows %s, want %s", flipped, name, got, want)
			}
		}
		// Black to move: the mark is a black disc beside Black's side.
		markX := l.X0 + 8*l.Square + l.X0/2
		top, bottom := rgb(img, markX, l.Y0+l.Square/2), rgb(img, markX, l.Y0+8*l.Square-l.Square/2)
		if flipped {
			top, bottom = bottom, top
		}
		if top != (color.NRGBA{A: 0xff}) || bottom != background {
			t.Errorf("flipped %v: mark of the side to move %v at Black's side, %v at White's", flipped, top, bottom)
		}
	}
}

func TestCoordinatesAreWrittenOnlyWhenAsked(t *testing.T) {
	pos, o := afterE4(t)
	l := LayoutOf(o.Size)
	count := func(img image.Image) int {
		n := 0
		for y := l.Y0 + 8*l.Square; y < o.Size; y++ { // under the board
			for x := l.X0; x < l.X0+8*l.Square; x++ {
				if rgb(img, x, y) != background {
					n++
				}
			}
		}
		return n
	}
	if n := count(decoded(t, pos, o)); n < 8*50 {
		t.Errorf("%d pixels of the files' letters under the board", n)
	}
	o.Coordinates = false
	if n := count(decoded(t, pos, o)); n != 0 {
		t.Errorf("%d pixels under the board without coordinates", n)
	}
}

func TestSizeIsBounded(t *testing.T) {
	pos, o := afterE4(t)
	for _, size := range []int{0, MinSize - 1, MaxSize + 1} {
		o.Size = size
		if err := PNG(&bytes.Buffer{}, pos, o); err != ErrSize {
			t.Errorf("size %d: %v", size, err)
		}
		if err := SVG(&bytes.Buffer{}, pos, o); err != ErrSize {
			t.Errorf("size %d: %v", size, err)
		}
	}
}

// TestSVGRendersAsThePNG renders the SVG with librsvg and compares it
// with the PNG: the squares exactly, the whole within antialiasing.
func TestSVGRendersAsThePNG(t *testing.T) {
	rsvg, err := exec.LookPath("rsvg-convert")
	if err != nil {
		t.Skip("rsvg-convert (Debian's librsvg2-bin, which make test-deps installs) is not installed")
	}
	pos, o := afterE4(t)
	o.Marks = testMarks(t)
	for _, set := range pieces.Names() {
		o.Pieces = pieces.ByName(set)
		o.Flipped = set != "cburnett"
		dir := t.TempDir()
		svgPath := filepath.Join(dir, "d.svg")
		var svg bytes.Buffer
		if err := SVG(&svg, pos, o); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(svgPath, svg.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(rsvg, "-b", "white", svgPath).Output()
		if err != nil {
			t.Fatalf("%s: rsvg-convert: %v", set, err)
		}
		theirs, err := png.Decode(bytes.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		ours := decoded(t, pos, o)
		if theirs.Bounds() != ours.Bounds() {
			t.Fatalf("%s: rsvg drew %v, the PNG is %v", set, theirs.Bounds(), ours.Bounds())
		}
		l := LayoutOf(o.Size)
		for sq := game.Square(0); sq < 64; sq++ {
			if a, b := corner(theirs, l, sq.String(), o.Flipped), corner(ours, l, sq.String(), o.Flipped); a != b {
				t.Errorf("%s: %s is %v in the SVG, %v in the PNG", set, sq, a, b)
			}
			if a, b := pieceOn(theirs, l, sq.String(), o.Flipped), pieceOn(ours, l, sq.String(), o.Flipped); a != b {
				t.Errorf("%s: %s shows %s in the SVG, %s in the PNG", set, sq, a, b)
			}
		}
		var sum, far int
		for y := range o.Size {
			for x := range o.Size {
				a, b := rgb(theirs, x, y), rgb(ours, x, y)
				d := max(absDiff(a.R, b.R), absDiff(a.G, b.G), absDiff(a.B, b.B))
				sum += d
				if d > 64 {
					far++
				}
			}
		}
		mean := float64(sum) / float64(o.Size*o.Size)
		t.Logf("%s: mean difference %.2f, %d pixels far apart", set, mean, far)
		if mean > 1.5 || far > o.Size*o.Size/200 {
			os.WriteFile(filepath.Join(os.TempDir(), "diagram-"+set+"-rsvg.png"), out, 0o644)
			t.Errorf("%s: the SVG renders unlike the PNG: mean difference %.2f, %d pixels far apart", set, mean, far)
		}
	}
}

// testMarks are an arrow of each colour and a circle, over pieces and
// bare squares.
func testMarks(t *testing.T) []game.Mark {
	sq := func(name string) game.Square {
		s, ok := game.ParseSquare(name)
		if !ok {
			t.Fatalf("square %q", name)
		}
		return s
	}
	return []game.Mark{
		game.NewCircle(game.MarkRed, sq("e5")),
		game.NewCircle(game.MarkGreen, sq("e4")),
		game.NewArrow(game.MarkGreen, sq("d2"), sq("d4")),
		game.NewArrow(game.MarkRed, sq("g8"), sq("f6")),
		game.NewArrow(game.MarkBlue, sq("a3"), sq("a6")),
		game.NewArrow(game.MarkYellow, sq("h3"), sq("f3")),
	}
}

func TestMarksAreDrawnTranslucentOverTheBoard(t *testing.T) {
	pos, o := afterE4(t)
	o.Marks = testMarks(t)
	for _, flipped := range []bool{false, true} {
		o.Flipped = flipped
		img := decoded(t, pos, o)
		l := LayoutOf(o.Size)
		at := func(name string, fx, fy float64) color.NRGBA {
			sq, _ := game.ParseSquare(name)
			x, y := l.SquareAt(sq, flipped)
			return rgb(img, x+int(fx*float64(l.Square)), y+int(fy*float64(l.Square)))
		}
		near := func(a, b color.NRGBA) bool {
			return absDiff(a.R, b.R) <= 1 && absDiff(a.G, b.G) <= 1 && absDiff(a.B, b.B) <= 1
		}
		s := o.Scheme
		for _, c := range []struct {
			what string
			got  color.NRGBA
			want color.NRGBA
		}{
			// The green arrow's shaft on d3, a bare light square.
			{"the arrow d2-d4 on d3", at("d3", 0.5, 0.5), over(MarkColour(game.MarkGreen), s.Light)},
			// Beside the shaft, d3 is bare.
			{"d3 beside the arrow", at("d3", 0.2, 0.5), s.Light},
			// The red ring at the edge of e5, not in its middle.
			{"the ring of e5", at("e5", 0.5, 0.5-ringOuter+ringWidth/2), over(MarkColour(game.MarkRed), s.Dark)},
			{"the middle of e5", at("e5", 0.5, 0.5), s.Dark},
			// The yellow and blue arrows' shafts.
			{"the arrow h3-f3 on g3", at("g3", 0.5, 0.5), over(MarkColour(game.MarkYellow), s.Dark)},
			{"the arrow a3-a6 on a4", at("a4", 0.5, 0.5), over(MarkColour(game.MarkBlue), s.Light)},
		} {
			if flipped && c.what == "the ring of e5" {
				// Turned, the ring's top edge is at the other side.
				c.got = at("e5", 0.5, 0.5+ringOuter-ringWidth/2)
			}
			if !near(c.got, c.want) {
				t.Errorf("flipped %v: %s is %v, want %v", flipped, c.what, c.got, c.want)
			}
		}
		// The pieces show through: the knight on g8, under the red
		// arrow, is still black, and the pawn on e4 in its ring white.
		if got := pieceOn(img, l, "g8", flipped); got != "black" {
			t.Errorf("flipped %v: g8 shows %s", flipped, got)
		}
		if got := pieceOn(img, l, "e4", flipped); got != "white" {
			t.Errorf("flipped %v: e4 shows %s", flipped, got)
		}
	}
	// Without marks, d3 is bare.
	o.Marks, o.Flipped = nil, false
	img := decoded(t, pos, o)
	if c := corner(img, LayoutOf(o.Size), "d3", false); c != o.Scheme.Light {
		t.Errorf("d3 without marks is %v", c)
	}
}

// BenchmarkMarks draws 128 marks (a circle on every square, an arrow
// from each across the board) over a diagram of 800 px, as the board
// draws them when they change: 26 ms on the 2-core test machine; every
// mark a position can hold (4,096) takes 190 ms.
func BenchmarkMarks(b *testing.B) {
	var marks []game.Mark
	for i := range 64 {
		marks = append(marks, game.NewCircle(game.MarkGreen, game.Square(i)), game.NewArrow(game.MarkRed, game.Square(i), game.Square(63-i)))
	}
	l := LayoutOf(DefaultSize)
	img := image.NewRGBA(image.Rect(0, 0, DefaultSize, DefaultSize))
	for b.Loop() {
		DrawMarks(img, marks, l, false)
	}
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// BenchmarkPNG800 exports a diagram of 800 px, the default, piece images
// cached as they are after the first export.
func BenchmarkPNG800(b *testing.B) {
	pos, o := afterE4(b)
	for b.Loop() {
		if err := PNG(&bytes.Buffer{}, pos, o); err != nil {
			b.Fatal(err)
		}
	}
}
