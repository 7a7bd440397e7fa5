package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/echiquier/echiquier/resources"
)

// glyphFont returns the font that text in style draws in: the bundled
// chess glyph font when text holds a figurine or an annotation symbol,
// else nil, the theme's font. Fyne's own text font has none of the
// figurines and few of the symbols, and a system may have no font to
// fall back on; the bundled font draws the whole text, so that a move
// keeps one look ("♘f3", not a DejaVu knight beside Noto letters).
func glyphFont(text string, style fyne.TextStyle) fyne.Resource {
	for _, r := range text {
		if isGlyphRune(r) {
			if style.Bold {
				return resources.ChessGlyphBoldFont()
			}
			return resources.ChessGlyphFont()
		}
	}
	return nil
}

// isGlyphRune tells the runes that send a text to the glyph font: the
// blocks from Arrows to Supplemental Mathematical Operators, which hold
// the figurines (♔–♟) and the annotation symbols (→ ∞ ∓ ⌓ □ ⊕ ⨀ ⩲…).
// The glyphs of the theme's font outside them (± ‼ …) stay there.
func isGlyphRune(r rune) bool { return r >= 0x2190 && r <= 0x2AFF }

// textTop returns where t goes in a box of height h: centred, as the
// theme's font would be, with its baseline on that of the theme's font.
// The glyph font's ascent and descent differ from the theme's; centring
// it on its own height would lift or drop it against its neighbours.
func textTop(t *canvas.Text, h float32) float32 {
	if t.FontSource == nil {
		return (h - t.MinSize().Height) / 2
	}
	d := fyne.CurrentApp().Driver()
	theme, themeBase := d.RenderedTextSize(" ", t.TextSize, t.TextStyle, nil)
	_, base := d.RenderedTextSize(" ", t.TextSize, t.TextStyle, t.FontSource)
	return (h-theme.Height)/2 + themeBase - base
}
