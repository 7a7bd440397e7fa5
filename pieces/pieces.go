// Package pieces holds the chess piece sets Échiquier draws with, as SVG
// files embedded in the binary, and renders them to images.
//
// Fyne re-parses an SVG image each time it is resized; a board redraws its
// pieces on every resize and every move, so a Set rasterises each piece once
// per size and keeps the images of the last few sizes.
package pieces

import (
	"bytes"
	"embed"
	"fmt"
	"image"
	"io/fs"
	"sync"

	"fyne.io/fyne/v2"
	"github.com/fyne-io/oksvg"
	"github.com/srwiley/rasterx"

	"github.com/echiquier/echiquier/app/game"
)

//go:embed cburnett/*.svg
var cburnett embed.FS

// keptSizes is how many sizes a Set keeps images for: resizing a window
// goes through many sizes, and only the last ones are drawn again.
const keptSizes = 3

// Set is a piece set: one drawing per piece, rasterised on demand.
type Set struct {
	// Name identifies the set, such as "cburnett".
	Name string

	svg   map[game.Piece][]byte
	mu    sync.Mutex
	sizes []int // sizes cached, oldest first
	cache map[cacheKey]image.Image
}

type cacheKey struct {
	piece game.Piece
	px    int
}

// Cburnett returns the Cburnett set (GPL-2.0-or-later, by Colin M. L.
// Burnett).
func Cburnett() *Set {
	s, err := load("cburnett", cburnett)
	if err != nil {
		// The files are embedded at build time; a missing one is a bug.
		panic(err)
	}
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

// rasterise draws an SVG into a px×px image. A drawing that cannot be read
// gives a transparent image rather than no image.
func rasterise(svg []byte, px int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, px, px))
	icon, err := oksvg.ReadIconStream(bytes.NewReader(svg), oksvg.WarnErrorMode)
	if err != nil {
		fyne.LogError("piece drawing unreadable", err)
		return img
	}
	icon.SetTarget(0, 0, float64(px), float64(px))
	scanner := rasterx.NewScannerGV(px, px, img, img.Bounds())
	icon.Draw(rasterx.NewDasher(px, px, scanner), 1)
	return img
}
