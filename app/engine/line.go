package engine

import (
	"github.com/echiquier/echiquier/app/game"
)

// Line is a line of play an engine found in a position.
type Line struct {
	// Score is the line's evaluation, from White's side.
	Score Score
	// Depth and SelDepth are the search's nominal and selective depths,
	// in plies.
	Depth, SelDepth int
	// Moves are the line's moves, the best first; empty when the position
	// has no legal move.
	Moves []game.Move
	// SAN are the same moves in English SAN; game.FormatSAN shows them in
	// other notations.
	SAN []string
}

// playLine replays moves given in UCI from the position fen and returns
// them as moves and in SAN. It stops at the first move that is not legal
// there: an engine's line is checked, not trusted.
func playLine(fen string, uci []string) ([]game.Move, []string) {
	if len(uci) == 0 {
		return nil, nil
	}
	g, err := game.New(game.Options{FEN: fen})
	if err != nil {
		return nil, nil
	}
	moves := make([]game.Move, 0, len(uci))
	sans := make([]string, 0, len(uci))
	for _, u := range uci {
		n := g.Live()
		if !isUCIMove(u) {
			break
		}
		m, err := n.ParseMove(u)
		if err != nil || m.UCI() != u {
			break
		}
		san, err := n.SANOf(m)
		if err != nil {
			break
		}
		moves = append(moves, m)
		sans = append(sans, san)
		if g.PlayMove(m) != nil {
			break
		}
	}
	return moves, sans
}

// isCheckmate reports whether the side to move at n is checkmated.
func isCheckmate(n *game.Node) bool {
	return n.Position().Check && len(n.Legal()) == 0
}

// turnOf returns the side to move in a FEN position.
func turnOf(fen string) (game.Color, error) {
	pos, err := game.ParseFEN(fen)
	if err != nil {
		return game.White, err
	}
	return pos.Turn, nil
}
