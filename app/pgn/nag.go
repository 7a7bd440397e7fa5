package pgn

// suffixNAGs maps move suffixes to their NAGs.
var suffixNAGs = map[string]int{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

// glyphNAGs maps the annotation glyphs read after a move to their NAGs.
var glyphNAGs = map[string]int{
	"‼": 3, "⁇": 4, "⁉": 5, "⁈": 6, "□": 7,
	"=": 10, "∞": 13, "inf": 13,
	"+=": 14, "+/=": 14, "⩲": 14,
	"=+": 15, "=/+": 15, "⩱": 15,
	"+/-": 16, "±": 16, "-/+": 17, "∓": 17,
	"+-": 18, "+−": 18, "-+": 19, "−+": 19,
	"⨀": 22, "↑↑": 32, "↑": 36, "→": 40, "=/∞": 44, "=∞": 44,
	"⇆": 132, "⊕": 138, "∆": 140, "∇": 141, "⌓": 142,
	"RR": 145, "N": 146,
}

// glyphNAG returns the NAG of the glyph w, if it is one.
func glyphNAG[T text](w T) (int, bool) {
	if len(w) > 6 {
		return 0, false
	}
	n, ok := glyphNAGs[string(w)]
	return n, ok
}

// nagGlyphs holds the glyph shown for each NAG that has one.
var nagGlyphs = map[int]string{
	1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!", 7: "□", 8: "□",
	10: "=", 11: "=", 12: "=", 13: "∞",
	14: "⩲", 15: "⩱", 16: "±", 17: "∓", 18: "+−", 19: "−+", 20: "+−", 21: "−+",
	22: "⨀", 23: "⨀", 32: "↑↑", 33: "↑↑", 36: "↑", 37: "↑", 40: "→", 41: "→",
	44: "=∞", 45: "=∞", 132: "⇆", 133: "⇆", 138: "⊕", 139: "⊕",
	140: "∆", 141: "∇", 142: "⌓", 145: "RR", 146: "N",
}

// NAGGlyph returns the usual symbol of a numeric annotation glyph: "!" for
// 1, "?!" for 6, "±" for 16, "N" for 146 and so on. It returns "" for a NAG
// without a common symbol; show it as "$n" then.
func NAGGlyph(n int) string {
	return nagGlyphs[n]
}

// MoveAssessment reports whether NAG n judges the move itself, $1 ("!")
// to $9 (the worst move): the PGN standard's first group. A move carries
// one such judgement at most.
func MoveAssessment(n int) bool { return n >= 1 && n <= 9 }

// PositionAssessment reports whether NAG n judges the position the move
// leaves, $10 ("=") to $21 (a crushing advantage for Black): the PGN
// standard's second group. A move carries one such judgement at most.
func PositionAssessment(n int) bool { return n >= 10 && n <= 21 }
