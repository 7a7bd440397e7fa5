package words

import (
	"strconv"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// NAG is a numeric annotation glyph as the move list shows it: its
// symbol ("!", "±", "⇆") when it has one, else a few words ("White:
// slight space advantage"), for every NAG of the PGN standard's table
// ($0 to $139, section 10); "" for $0, the null annotation; "$n" for a
// NAG past the table that has no symbol either, which programs use each
// in their own way.
func NAG(n int) string {
	if g := pgn.NAGGlyph(n); g != "" {
		return g
	}
	if n == 9 {
		return lang.L("worst move")
	}
	if what := nagWhat(n &^ 1); what != "" {
		side := game.White
		if n&1 == 1 {
			side = game.Black
		}
		return lang.L("{{.Side}}: {{.What}}", map[string]any{"Side": SideName(side), "What": what})
	}
	if n == 0 {
		return ""
	}
	return "$" + strconv.Itoa(n)
}

// nagWhat says what the pair of NAGs n (White's) and n+1 (Black's) of
// the standard's table says of a side, for those without a symbol; ""
// for the others.
func nagWhat(n int) string {
	switch n {
	case 24:
		return lang.L("slight space advantage")
	case 26:
		return lang.L("moderate space advantage")
	case 28:
		return lang.L("decisive space advantage")
	case 30:
		return lang.L("slight lead in development")
	case 34:
		return lang.L("decisive lead in development")
	case 38:
		return lang.L("lasting initiative")
	case 42:
		return lang.L("not enough compensation for the material")
	case 46:
		return lang.L("more than enough compensation for the material")
	case 48:
		return lang.L("slight advantage in the centre")
	case 50:
		return lang.L("moderate advantage in the centre")
	case 52:
		return lang.L("decisive advantage in the centre")
	case 54:
		return lang.L("slight advantage on the kingside")
	case 56:
		return lang.L("moderate advantage on the kingside")
	case 58:
		return lang.L("decisive advantage on the kingside")
	case 60:
		return lang.L("slight advantage on the queenside")
	case 62:
		return lang.L("moderate advantage on the queenside")
	case 64:
		return lang.L("decisive advantage on the queenside")
	case 66:
		return lang.L("weak first rank")
	case 68:
		return lang.L("well protected first rank")
	case 70:
		return lang.L("poorly protected king")
	case 72:
		return lang.L("well protected king")
	case 74:
		return lang.L("poorly placed king")
	case 76:
		return lang.L("well placed king")
	case 78:
		return lang.L("very weak pawn structure")
	case 80:
		return lang.L("rather weak pawn structure")
	case 82:
		return lang.L("rather strong pawn structure")
	case 84:
		return lang.L("very strong pawn structure")
	case 86:
		return lang.L("poorly placed knights")
	case 88:
		return lang.L("well placed knights")
	case 90:
		return lang.L("poorly placed bishops")
	case 92:
		return lang.L("well placed bishops")
	case 94:
		return lang.L("poorly placed rooks")
	case 96:
		return lang.L("well placed rooks")
	case 98:
		return lang.L("poorly placed queen")
	case 100:
		return lang.L("well placed queen")
	case 102:
		return lang.L("poorly coordinated pieces")
	case 104:
		return lang.L("well coordinated pieces")
	case 106:
		return lang.L("opening played very poorly")
	case 108:
		return lang.L("opening played poorly")
	case 110:
		return lang.L("opening played well")
	case 112:
		return lang.L("opening played very well")
	case 114:
		return lang.L("middlegame played very poorly")
	case 116:
		return lang.L("middlegame played poorly")
	case 118:
		return lang.L("middlegame played well")
	case 120:
		return lang.L("middlegame played very well")
	case 122:
		return lang.L("ending played very poorly")
	case 124:
		return lang.L("ending played poorly")
	case 126:
		return lang.L("ending played well")
	case 128:
		return lang.L("ending played very well")
	case 130:
		return lang.L("slight counterplay")
	case 134:
		return lang.L("decisive counterplay")
	case 136:
		return lang.L("short of time")
	}
	return ""
}
