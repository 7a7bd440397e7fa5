package game

// Kind is the kind of a chess piece, without its colour.
type Kind int8

// The piece kinds. NoKind marks an empty square or no promotion.
const (
	NoKind Kind = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Letter returns the English SAN letter of a kind: "N" for a knight, "" for
// a pawn.
func (k Kind) Letter() string {
	return [...]string{"", "", "N", "B", "R", "Q", "K"}[k]
}

// Piece is a piece of one colour, or NoPiece for an empty square.
type Piece int8

// NoPiece is an empty square.
const NoPiece Piece = 0

// NewPiece returns the piece of the given colour and kind.
func NewPiece(c Color, k Kind) Piece {
	if k == NoKind {
		return NoPiece
	}
	return Piece(int8(k) + 8*int8(c))
}

// Kind returns the piece's kind, NoKind for an empty square.
func (p Piece) Kind() Kind { return Kind(p & 7) }

// Color returns the piece's colour; for NoPiece it is White.
func (p Piece) Color() Color { return Color(p >> 3) }

// fenLetter returns the piece as a FEN letter: "N" for a white knight,
// "p" for a black pawn, "" for NoPiece.
func (p Piece) fenLetter() string {
	if p == NoPiece {
		return ""
	}
	l := [...]string{"", "P", "N", "B", "R", "Q", "K"}[p.Kind()]
	if p.Color() == Black {
		return string(l[0] + 'a' - 'A')
	}
	return l
}

// pieceFromFEN returns the piece for a FEN letter.
func pieceFromFEN(b byte) (Piece, bool) {
	c := White
	if b >= 'a' && b <= 'z' {
		c, b = Black, b-'a'+'A'
	}
	k := kindFromLetter(b)
	if k == NoKind {
		return NoPiece, false
	}
	return NewPiece(c, k), true
}

// kindFromLetter maps an upper-case English piece letter, including P, to a
// kind.
func kindFromLetter(b byte) Kind {
	switch b {
	case 'P':
		return Pawn
	case 'N':
		return Knight
	case 'B':
		return Bishop
	case 'R':
		return Rook
	case 'Q':
		return Queen
	case 'K':
		return King
	}
	return NoKind
}
