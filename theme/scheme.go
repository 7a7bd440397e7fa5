package theme

import "image/color"

// BoardScheme is the colours a board is drawn in. The board keeps its own
// colours in light and dark mode.
type BoardScheme struct {
	// Name identifies the scheme in settings: "brown", "green"...
	Name string
	// Light and Dark are the two square colours.
	Light, Dark color.NRGBA
	// LastMove tints the two squares of the last move, Selected the square
	// of the piece picked up, Check the square of a king in check (all
	// drawn over the square colour).
	LastMove, Selected, Check color.NRGBA
	// Hint marks the squares the picked-up piece can go to.
	Hint color.NRGBA
	// Coordinates colours the a–h and 1–8 labels beside the board.
	Coordinates color.NRGBA
}

func rgb(r, g, b uint8) color.NRGBA     { return color.NRGBA{R: r, G: g, B: b, A: 0xff} }
func rgba(r, g, b, a uint8) color.NRGBA { return color.NRGBA{R: r, G: g, B: b, A: a} }

// Schemes returns the board colour schemes, the default first. Their
// squares keep a contrast that scheme_test.go checks: 2:1 between light
// and dark (4.5:1 for high-contrast), 3:1 between black pieces and either
// square.
func Schemes() []BoardScheme {
	common := func(name string, light, dark color.NRGBA) BoardScheme {
		return BoardScheme{
			Name: name, Light: light, Dark: dark,
			LastMove:    rgba(205, 210, 60, 0x80),
			Selected:    rgba(20, 85, 30, 0x80),
			Check:       rgba(230, 30, 30, 0xb0),
			Hint:        rgba(20, 85, 30, 0x70),
			Coordinates: rgb(0x80, 0x80, 0x80),
		}
	}
	// The dark blue is light enough for black pieces (3.6:1; the older
	// 0x2b4f8c had 2.6:1) and still 5.9:1 against white.
	highContrast := common("high-contrast", rgb(0xff, 0xff, 0xff), rgb(0x36, 0x64, 0xaa))
	highContrast.LastMove = rgba(255, 200, 0, 0xc0)
	highContrast.Selected = rgba(255, 120, 0, 0xd0)
	highContrast.Hint = rgba(255, 120, 0, 0xe0)
	highContrast.Check = rgba(255, 0, 0, 0xff)
	return []BoardScheme{
		common("brown", rgb(0xf0, 0xd9, 0xb5), rgb(0xb5, 0x88, 0x63)),
		common("green", rgb(0xee, 0xee, 0xd2), rgb(0x76, 0x96, 0x56)),
		common("blue", rgb(0xde, 0xe3, 0xe6), rgb(0x8c, 0xa2, 0xad)),
		// 2.2:1 between the squares; the older 0xababab had 1.67:1.
		common("grey", rgb(0xdc, 0xdc, 0xdc), rgb(0x94, 0x94, 0x94)),
		highContrast,
	}
}

// Scheme returns the scheme of that name, or the default one.
func Scheme(name string) BoardScheme {
	all := Schemes()
	for _, s := range all {
		if s.Name == name {
			return s
		}
	}
	return all[0]
}
