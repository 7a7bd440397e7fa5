package widgets_test

import (
	"bytes"
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	fynetheme "fyne.io/fyne/v2/theme"
	"github.com/go-text/typesetting/font"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
	"github.com/echiquier/echiquier/resources"
	"github.com/echiquier/echiquier/widgets"
)

// glyphPGN carries most of the annotation symbols Fyne's own font lacks,
// on main-line and side-line moves, and moves of every piece.
const glyphPGN = `[Event "Glyphs"]
[Result "*"]

1. e4 e5 2. Nf3 $14 Nc6 $13 3. Bb5 $1 a6 4. Ba4 $16 Nf6 5. O-O Be7 $17
(5... Nxe4 $5 6. d4 $36 b5 $15 7. Bb3 d5 $132 8. Qe2 $40 Bd6 $22) 6. Re1 b5
7. Bb3 d6 $142 8. c3 O-O $18 9. h3 $7 Nb8 $140 10. d4 Nbd7 $138 $44 11. Kh1
$19 *
`

// figurines shows SAN moves with figurines, as the app's setting does.
func figurines(san string) string { return game.FormatSAN(san, game.FigurineSAN) }

// showFigurineList shows the glyph game in figurine notation.
func showFigurineList(t *testing.T) (*widgets.MoveList, fyne.Window, *game.Game) {
	t.Helper()
	g := readGame(t, glyphPGN)
	test.NewTempApp(t)
	l := widgets.NewMoveList()
	l.Notation = figurines
	l.SetRoot(g.Root())
	w := test.NewTempWindow(t, l)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(280, 720))
	return l, w, g
}

func TestMoveList_FigurinesAndSymbols(t *testing.T) {
	l, w, g := showFigurineList(t)
	l.SetCurrent(nodeAt(t, g.Root(), "e4", "e5", "Nf3")) // a bold figurine

	// Rows "2. ♘f3 ♞c6" (♞ drawn as ♘: figurines are the same for both
	// sides), "3. ♗b5! a6", below the moves their symbols ⩲ ∞ ± ∓, the
	// side line "(5… ♘xe4!? 6. d4 ↑ b5 ⩱ …)", then ⌓ +− □ ∆ ⊕ =∞ −+.
	test.AssertRendersToImage(t, "movelist_figurines.png", w.Canvas())
}

// TestMoveList_TextsHaveTheirGlyphs checks that every text the list draws
// has all its runes in the font it draws in: no box for a missing glyph,
// whatever fonts the system has.
func TestMoveList_TextsHaveTheirGlyphs(t *testing.T) {
	l, w, g := showFigurineList(t)
	l.SetCurrent(nodeAt(t, g.Root(), "e4", "e5", "Nf3"))
	fonts := map[fyne.Resource]*font.Face{}
	texts := 0
	for _, o := range test.LaidOutObjects(w.Canvas().Content()) {
		txt, ok := o.(*canvas.Text)
		if !ok || !txt.Visible() || txt.Text == "" {
			continue
		}
		texts++
		res := txt.FontSource
		if res == nil {
			res = fyne.CurrentApp().Settings().Theme().Font(txt.TextStyle)
		}
		if fonts[res] == nil {
			fonts[res] = parseFont(t, res)
		}
		for _, r := range txt.Text {
			if _, ok := fonts[res].NominalGlyph(r); !ok {
				t.Errorf("%q draws in %s, which lacks %q", txt.Text, res.Name(), r)
			}
		}
	}
	if texts == 0 || fonts[resources.ChessGlyphFont()] == nil || fonts[resources.ChessGlyphBoldFont()] == nil {
		t.Errorf("drew %d texts in %d fonts; want both glyph fonts among them", texts, len(fonts))
	}
}

// TestChessGlyphFontCoversNotation checks that every rune of every NAG's
// glyph and of the figurines is in Fyne's text font or in the glyph
// font, the bold one too for what a move may hold.
func TestChessGlyphFontCoversNotation(t *testing.T) {
	theme := parseFont(t, fynetheme.DefaultTextFont())
	glyph := parseFont(t, resources.ChessGlyphFont())
	bold := parseFont(t, resources.ChessGlyphBoldFont())
	has := func(f *font.Face, r rune) bool { _, ok := f.NominalGlyph(r); return ok }

	var texts []string
	for n := 1; n <= 255; n++ {
		texts = append(texts, pgn.NAGGlyph(n))
	}
	for r := '♔'; r <= '♟'; r++ {
		texts = append(texts, string(r))
	}
	checked := 0
	for _, s := range texts {
		for _, r := range s {
			checked++
			if !has(theme, r) && !has(glyph, r) {
				t.Errorf("neither Fyne's font nor the glyph font has %q (U+%04X)", r, r)
			}
		}
	}
	if checked < 50 {
		t.Fatalf("checked only %d runes: NAGGlyph or the figurines lost their symbols", checked)
	}

	// A move: figurines, SAN's letters and signs, a move-quality glyph.
	move := figurines("Kxe8=Q+") + figurines("Nbd7#") + "O-O-O!!??!?abcdefgh12345678"
	for _, r := range move {
		if !has(glyph, r) || !has(bold, r) {
			t.Errorf("a glyph font lacks %q of a move", r)
		}
	}
}

func parseFont(t *testing.T, res fyne.Resource) *font.Face {
	t.Helper()
	f, err := font.ParseTTF(bytes.NewReader(res.Content()))
	if err != nil {
		t.Fatal(fmt.Errorf("%s: %w", res.Name(), err))
	}
	return f
}
