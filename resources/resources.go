// Package resources gathers the files bundled into Échiquier: the app
// icon, the chess glyph fonts, the sounds and the translations of every
// visible string.
package resources

import (
	"embed"
	"io/fs"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

//go:embed translations/*.json
var translations embed.FS

//go:generate go run ./internal/mkicon
//go:generate go run ./internal/mksounds

//go:embed icon.png
var iconPNG []byte

//go:embed sounds/*.wav
var sounds embed.FS

// The chess glyph fonts are handed out as these same two resources every
// time, never changed: Fyne caches a parsed font by its resource, so a new
// resource per call would parse the font again and grow that cache.
var (
	//go:embed fonts/DejaVuSans-chess-subset.ttf
	chessGlyphTTF  []byte
	chessGlyphFont = fyne.NewStaticResource("DejaVuSans-chess-subset.ttf", chessGlyphTTF)

	//go:embed fonts/DejaVuSans-Bold-chess-subset.ttf
	chessGlyphBoldTTF  []byte
	chessGlyphBoldFont = fyne.NewStaticResource("DejaVuSans-Bold-chess-subset.ttf", chessGlyphBoldTTF)
)

// Icon returns the application icon.
func Icon() fyne.Resource { return fyne.NewStaticResource("icon.png", iconPNG) }

// ChessGlyphFont returns a small sans-serif font, a subset of DejaVu Sans,
// that draws what Fyne's own text font lacks: the figurines ♔–♟ and the
// annotation symbols (⩲ ± ∓ ∞ ⨀ → ⇆ ⌓ …), with printable ASCII beside them
// so that a whole move ("♘xe5+!?") or glyph ("+−") draws in it. Use it
// as a canvas.Text's FontSource; see fonts/README.md for how it was made.
func ChessGlyphFont() fyne.Resource { return chessGlyphFont }

// ChessGlyphBoldFont is the bold of ChessGlyphFont, from DejaVu Sans Bold,
// for a highlighted move: the figurines, ASCII and the same symbols but
// ⩲, ⩱ and ⌓, which a move never holds.
func ChessGlyphBoldFont() fyne.Resource { return chessGlyphBoldFont }

// Sounds returns the sound files (see sounds/README.md), by their names:
// "move.wav", "capture.wav"…
func Sounds() fs.FS {
	sub, err := fs.Sub(sounds, "sounds")
	if err != nil {
		panic(err) // "sounds" is a valid path: fs.Sub cannot fail
	}
	return sub
}

// LoadTranslations registers the English and French translations with
// Fyne's lang package; the language then follows the system.
func LoadTranslations() error { return lang.AddTranslationsFS(translations, "translations") }

// TranslationFiles returns the embedded translation files, for tests that
// check them.
func TranslationFiles() embed.FS { return translations }
