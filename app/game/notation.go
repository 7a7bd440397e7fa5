package game

import (
	"fmt"
	"strings"
)

// Notation is a way to show moves in SAN: the piece letters of a
// language, or figurines.
type Notation int

// The notations moves can be shown in. The zero value is English SAN,
// which PGN files use.
const (
	// EnglishSAN: K Q R B N ("Nf3", "e8=Q").
	EnglishSAN Notation = iota
	// FrenchSAN: R (roi) D (dame) T (tour) F (fou) C (cavalier) ("Cf3",
	// "e8=D").
	FrenchSAN
	// FigurineSAN: ♔ ♕ ♖ ♗ ♘, the same for both colours ("♘f3",
	// "e8=♕").
	FigurineSAN
)

var notationNames = [...]string{EnglishSAN: "english", FrenchSAN: "french", FigurineSAN: "figurine"}

// String returns the notation's name as settings store it: "english",
// "french" or "figurine".
func (n Notation) String() string {
	if n < 0 || int(n) >= len(notationNames) {
		return fmt.Sprintf("Notation(%d)", int(n))
	}
	return notationNames[n]
}

// ParseNotation returns the notation String names, in any case; any other
// name gives EnglishSAN, the notation of PGN.
func ParseNotation(name string) Notation {
	name = strings.ToLower(strings.TrimSpace(name))
	for i, s := range notationNames {
		if s == name {
			return Notation(i)
		}
	}
	return EnglishSAN
}

// FormatSAN shows a move written in English SAN in notation n: the piece
// letter that starts a piece move and the piece a pawn promotes to are
// translated; squares, captures, castling and check marks are left as they
// are ("Nxb5" is "Cxb5" in French, "bxc8=Q" is "bxc8=D"). Text that is not
// SAN comes back unchanged, but for what looks like those two letters.
func FormatSAN(san string, n Notation) string {
	if n != FrenchSAN && n != FigurineSAN {
		return san
	}
	var b strings.Builder
	for i := 0; i < len(san); i++ {
		if k := kindFromLetter(san[i]); k > Pawn && (i == 0 || san[i-1] == '=') {
			b.WriteString(pieceSymbol(k, n))
			continue
		}
		b.WriteByte(san[i])
	}
	return b.String()
}

// pieceSymbol returns how notation n shows kind k (not a pawn).
func pieceSymbol(k Kind, n Notation) string {
	if n == FigurineSAN {
		return [...]string{Knight: "♘", Bishop: "♗", Rook: "♖", Queen: "♕", King: "♔"}[k]
	}
	return [...]string{Knight: "C", Bishop: "F", Rook: "T", Queen: "D", King: "R"}[k]
}
