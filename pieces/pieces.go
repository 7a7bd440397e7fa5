// Package pieces holds the chess piece sets Échiquier draws with, as SVG
// files embedded in the binary, and renders them to images.
//
// Fyne re-parses an SVG image each time it is resized; a board redraws its
// pieces on every resize and every move, so a Set rasterises each piece once
// per size and keeps the images of the last few sizes.
package pieces

import (
	"embed"
	"fmt"
	"image"
	"io/fs"
	"sync"

	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/game"
)

//go:embed cburnett/*.svg fancy/*.svg
var drawings embed.FS

// keptSizes is how many sizes a Set keeps images for: resizing a window
// goes through many sizes, and only the last ones are drawn again.
const keptSizes = 3

// Set is a piece set: one drawing per piece, rasterised on demand. A Set may
// be used by several goroutines at once; its fields must not be changed.
type Set struct {
	// Name identifies the set in settings, such as "cburnett".
	Name string
	// Title names the set for people, in plain English, such as
	// "Cburnett"; the app translates it for display.
	Title string

	svg   map[game.Piece][]byte
	mu    sync.Mutex
	sizes []int // sizes cached, oldest first
	cache map[cacheKey]image.Image
}

type cacheKey struct {
	piece game.Piece
	px    int
}

// entry is one known set: its folder name and its display title.
type entry struct{ name, title string }

// catalogue lists the known sets, the default first. It is a function
// rather than a variable so that no caller can change the list.
func catalogue() []entry {
	return []entry{
		{"cburnett", "Cburnett"},
		{"fancy", "GNOME Chess fancy"},
	}
}

// Names returns the names of the known sets, the default first.
func Names() []string {
	var names []string
	for _, e := range catalogue() {
		names = append(names, e.name)
	}
	return names
}

// ByName returns a new Set for the set called name, or for the default set
// (Cburnett) when no set has that name, so that a stale or mistyped setting
// still gives the board its pieces. It never returns nil.
func ByName(name string) *Set {
	sets := catalogue()
	for _, e := range sets {
		if e.name == name {
			return mustLoad(e)
		}
	}
	return mustLoad(sets[0])
}

// Cburnett returns a new Set for the Cburnett pieces (GPL-2.0-or-later, by
// Colin M. L. Burnett), the default set.
func Cburnett() *Set { return ByName("cburnett") }

// Fancy returns a new Set for the GNOME Chess "fancy" pieces
// (GPL-2.0-or-later, by Alexey Kryukov).
func Fancy() *Set { return ByName("fancy") }

// mustLoad loads a set embedded in the binary. Each call makes a Set with
// its own image cache rather than sharing one: loading costs tens of
// microseconds (BenchmarkLoad), less than drawing a single piece, and a
// shared Set would keep its images for the life of the program even after
// the board has switched to another set.
func mustLoad(e entry) *Set {
	s, err := load(e.name, drawings)
	if err != nil {
		// The files are embedded at build time; a missing one is a bug.
		panic(err)
	}
	s.Title = e.title
	return s
}

// load reads the twelve SVG files of a set, named like "wk.svg", "bp.svg".
func load(name string, files fs.FS) (*Set, error) {
	s := &Set{Name: name, svg: map[game.Piece][]byte{}, cache: map[cacheKey]image.Image{}}
	for _, c := range []game.Color{game.White, game.Black} {
		for k := game.Pawn; k <= game.King; k++ {
			p := game.NewPiece(c, k)
			data, err := fs.ReadFile(files, name+"/"+fileName(p))
			if err != nil {
				return nil, fmt.Errorf("piece set %s: %w", name, err)
			}
			s.svg[p] = data
		}
	}
	return s, nil
}

// fileName returns the file of a piece: "wn.svg" for a white knight.
func fileName(p game.Piece) string {
	colour := "w"
	if p.Color() == game.Black {
		colour = "b"
	}
	return colour + string("pnbrqk"[p.Kind()-1]) + ".svg"
}

// SVG returns the drawing of a piece.
func (s *Set) SVG(p game.Piece) []byte { return s.svg[p] }

// Resource returns the drawing of a piece as a Fyne resource, for icons.
// Fyne draws it with the same oksvg library but without the stroke
// scaling Image applies, so there Cburnett outlines stay 1 to 1.5 px wide
// whatever the size: too thin on large icons, too thick on small ones.
func (s *Set) Resource(p game.Piece) fyne.Resource {
	return fyne.NewStaticResource(s.Name+"-"+fileName(p), s.svg[p])
}

// Image returns the piece drawn in a square of px pixels, rasterising it
// the first time that size is asked for. It returns nil for NoPiece or a
// size below one pixel.
func (s *Set) Image(p game.Piece, px int) image.Image {
	if p == game.NoPiece || px < 1 || s.svg[p] == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	key := cacheKey{p, px}
	if img, ok := s.cache[key]; ok {
		return img
	}
	s.keepSize(px)
	img := rasterise(s.svg[p], px)
	s.cache[key] = img
	return img
}

// keepSize records px as a cached size, dropping the oldest size's images
// when there are too many.
func (s *Set) keepSize(px int) {
	for _, size := range s.sizes {
		if size == px {
			return
		}
	}
	s.sizes = append(s.sizes, px)
	if len(s.sizes) <= keptSizes {
		return
	}
	old := s.sizes[0]
	s.sizes = s.sizes[1:]
	for key := range s.cache {
		if key.px == old {
			delete(s.cache, key)
		}
	}
}
