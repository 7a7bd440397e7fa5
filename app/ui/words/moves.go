package words

import (
	"strconv"

	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
)

// MoveLabel writes a node's move with its number: "12. Nf3", "12... Nf6".
func MoveLabel(n *game.Node) string {
	dots := ". "
	if n.Mover() == game.Black {
		dots = "... "
	}
	return strconv.Itoa(n.MoveNumber()) + dots + n.SAN()
}

// PositionName names a position by the move that led to it: "after
// 3. Nc3", or the start position.
func PositionName(n *game.Node) string {
	if n.Parent() == nil {
		return lang.L("the start position")
	}
	return lang.L("the position after {{.Move}}", map[string]any{"Move": MoveLabel(n)})
}
