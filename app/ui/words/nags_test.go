package words

import (
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

// TestEveryStandardNAGShown: every NAG of the PGN standard's table shows
// as a symbol or as words, in English and in French, never as "$24";
// White's and Black's differ; words name their side.
func TestEveryStandardNAGShown(t *testing.T) {
	inLanguages(t, func(language string) {
		if got := NAG(0); got != "" {
			t.Errorf("%s: $0 shows %q", language, got)
		}
		for n := 1; n <= 139; n++ {
			got := NAG(n)
			if got == "" || strings.HasPrefix(got, "$") {
				t.Errorf("%s: $%d shows %q", language, n, got)
			}
			if pgn.NAGGlyph(n) == "" && n >= 10 {
				side := map[bool]string{true: "Black", false: "White"}[n%2 == 1]
				if language == "fr" {
					side = map[bool]string{true: "Noirs", false: "Blancs"}[n%2 == 1]
				}
				if !strings.HasPrefix(got, side) {
					t.Errorf("%s: $%d shows %q, which does not name %s", language, n, got, side)
				}
			}
		}
		if got := NAG(24); language == "fr" && got != "Blancs\u00a0: léger avantage d’espace" || language == "en" && got != "White: slight space advantage" {
			t.Errorf("%s: $24 shows %q", language, got)
		}
		if got := NAG(200); got != "$200" {
			t.Errorf("%s: $200 shows %q", language, got)
		}
		if got := NAG(16); got != "±" {
			t.Errorf("%s: $16 shows %q", language, got)
		}
	})
}
