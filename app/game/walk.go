package game

import "github.com/echiquier/echiquier/app/pgn"

// This file lets other packages follow the main line of a game read from
// a file position by position without building the game's tree: an
// opening tree of a whole file replays millions of games and keeps only
// their positions and moves.

// Walker replays the main lines of PGN games. It keeps scratch space from
// game to game, so one Walker serves one goroutine at a time; the zero
// Walker is ready to use.
type Walker struct {
	r replayer
}

// Walk checks game pg as FromPGN reads it — every move of the main line
// and of its variations against its own position, with the same rules
// and errors — and calls visit, when not nil, with each position of the
// main line in turn and the move played from it. It returns the position
// at the end of the main line. visit must not keep p, and sees the moves
// of a game that turns out to be unreadable further on: the error, a
// *PGNError numbered as game 1, comes after.
func (w *Walker) Walk(pg *pgn.Game, visit func(p *Position, m Move)) (Position, error) {
	return w.WalkKnown(pg, nil, visit)
}

// WalkKnown is Walk for a game whose first moves are known already:
// known[i] is the move that the main line's move i was found to be, in
// the same position, by an earlier Walk (a cache of moves by position
// and text). Those moves are played without being looked for among the
// legal moves, which is most of the work; their variations are checked
// all the same. A wrong known move gives wrong positions, not an error.
func (w *Walker) WalkKnown(pg *pgn.Game, known []Move, visit func(p *Position, m Move)) (Position, error) {
	pos, err := readStart(pg)
	if err != nil {
		return Position{}, err
	}
	if pos != startPos {
		// As in FromPGN: a set-up position that live play refuses
		// cannot be played from.
		if _, err := chessPosition(&pos); err != nil {
			return Position{}, gameError(pg, pg.TagLine("FEN"), pg.Tag("FEN"), err)
		}
	}
	r := &w.r
	kings := [2]Square{pos.KingSquare(White), pos.KingSquare(Black)}
	for i, pm := range pg.Moves {
		if pm.SAN == "--" {
			return Position{}, gameError(pg, pm.Line, pm.SAN, ErrNullMove)
		}
		us := pos.Turn
		var m Move
		if i < len(known) {
			m = known[i]
		} else if m, err = r.resolve(&pos, pm.SAN, kings[us]); err != nil {
			return Position{}, gameError(pg, pm.Line, pm.SAN, err)
		}
		for _, v := range pm.Variations {
			if bad, err := r.line(nil, nil, pos, kings, v); err != nil {
				return Position{}, gameError(pg, bad.Line, bad.SAN, err)
			}
		}
		if visit != nil {
			visit(&pos, m)
		}
		next := pos.play(m, false)
		next.Check = pos.givesCheck(m, &next.Board, kings[us.Other()])
		if m.From == kings[us] {
			kings[us] = m.To
		}
		pos = next
	}
	return pos, nil
}

// CanCaptureEnPassant reports whether the side to move has a legal en
// passant capture. Only then does the en passant square make a position
// different from the same one without it (FIDE 9.2.3), as for
// repetitions.
func (p *Position) CanCaptureEnPassant() bool { return p.hasLegalEnPassant() }

// SAN writes legal move m of p in SAN, with this package's own generator
// (fast: for bulk work such as the opening tree).
func (p *Position) SAN(m Move) string { return p.san(m) }

// AppendLegal appends the legal moves of the side to move to buf, with
// the same generator, and returns the extended slice. p's Check need not
// be set, as after Play.
func (p Position) AppendLegal(buf []Move) []Move {
	p.Check = p.inCheck(p.Turn)
	return p.appendLegal(buf)
}
