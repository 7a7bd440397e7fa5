package game

// Color is a side: White or Black.
type Color int8

// The two sides.
const (
	White Color = iota
	Black
)

// Other returns the opponent's colour.
func (c Color) Other() Color { return 1 - c }

// String returns "White" or "Black".
func (c Color) String() string {
	if c == Black {
		return "Black"
	}
	return "White"
}
