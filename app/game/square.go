package game

// Square is a square of the board: 0 is a1, 7 is h1, 63 is h8.
type Square int8

// NoSquare marks the absence of a square, as for "no en-passant target".
const NoSquare Square = -1

// NewSquare returns the square on a file (0 = a) and rank (0 = 1).
func NewSquare(file, rank int) Square { return Square(rank*8 + file) }

// File returns the square's file, 0 for a to 7 for h.
func (s Square) File() int { return int(s) & 7 }

// Rank returns the square's rank, 0 for 1 to 7 for 8.
func (s Square) Rank() int { return int(s) >> 3 }

// IsLight reports whether the square is a light square (h1 is light).
func (s Square) IsLight() bool { return (s.File()+s.Rank())%2 == 1 }

// String returns the square's name, such as "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s < 0 || s > 63 {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare parses a square name such as "e4".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return NewSquare(int(s[0]-'a'), int(s[1]-'1')), true
}
