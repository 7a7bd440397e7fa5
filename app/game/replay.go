package game

import (
	"slices"

	"github.com/echiquier/echiquier/app/pgn"
	"github.com/notnil/chess"
)

// This file replays the moves of PGN games with this package's own move
// generator (movegen.go), for FromPGN and checkPGN. It reads moves with
// the same parser, leniency and errors as live play (resolve.go), and
// writes SAN itself. The nodes it builds hold no notnil/chess position:
// Node.chessPos rebuilds one from the FEN when the user browses to a node
// or plays from it.

// replayer replays PGN games. It keeps scratch space from move to move,
// so one replayer serves one goroutine at a time.
type replayer struct {
	moves [64]Move // candidate moves
	found [8]Move  // the moves a text fits
	san   [16]byte // SAN being written
	// cands are the legal moves the last move read could have been: all
	// those of its piece's kind to its square, castling aside.
	cands []Move
}

// startPos is the standard start position, which notnil/chess needs not
// be asked to accept.
var startPos = func() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err)
	}
	return p
}()

// game checks every move of pg, variations included, against its own
// position. With a Game it also builds g's tree from the root (FromPGN);
// with nil it only checks (checkPGN). The error is a *PGNError numbered
// as game 1.
func (r *replayer) game(pg *pgn.Game, g *Game) error {
	if len(pg.Moves) > MaxPlies {
		m := pg.Moves[MaxPlies]
		return gameError(pg, m.Line, m.SAN, ErrGameTooLong)
	}
	pos, err := readStart(pg)
	if err != nil {
		return err
	}
	var cp *chess.Position
	if pos != startPos {
		// Live play goes through notnil/chess: a set-up position it
		// refuses cannot be played from.
		if cp, err = chessPosition(&pos); err != nil {
			return gameError(pg, pg.TagLine("FEN"), pg.Tag("FEN"), err)
		}
	}
	var root *Node
	if g != nil {
		root = &Node{game: g, pos: pos, cp: cp, key: keyOf(&pos), after: pg.Comments}
		g.root, g.live = root, root
	}
	kings := [2]Square{pos.KingSquare(White), pos.KingSquare(Black)}
	if bad, err := r.line(g, root, pos, kings, pg.Moves); err != nil {
		return gameError(pg, bad.Line, bad.SAN, err)
	}
	return nil
}

// line replays the moves of a line played from pos, with their
// variations; kings are the squares of the white and black kings. With
// a Game it adds the nodes below parent, the node of pos. It returns the
// move that could not be played, if any.
func (r *replayer) line(g *Game, parent *Node, pos Position, kings [2]Square, moves []*pgn.Move) (*pgn.Move, error) {
	cur := parent
	for _, pm := range moves {
		if pm.SAN == "--" {
			return pm, ErrNullMove
		}
		us := pos.Turn
		m, err := r.resolve(&pos, pm.SAN, kings[us])
		if err != nil {
			return pm, err
		}
		next := pos.play(m, false)
		next.Check = pos.givesCheck(m, &next.Board, kings[us.Other()])
		nextKings := kings
		if m.From == kings[us] {
			nextKings[us] = m.To
		}
		var child *Node
		if g != nil {
			child = &Node{game: g, parent: cur, move: m, pos: next, ply: cur.ply + 1}
			child.san = r.sanAfter(&pos, m, &next, r.cands, pm.SAN)
			child.key = keyOf(&next)
			cur.children = append(cur.children, child)
			child.annotate(pm)
		}
		for _, v := range pm.Variations {
			if bad, err := r.line(g, cur, pos, kings, v); err != nil {
				return bad, err
			}
		}
		pos, cur, kings = next, child, nextKings
	}
	return nil, nil
}

// resolve finds the legal move of p that s names, or explains why there
// is none, like Node.resolve. king is where the king of the side to move
// stands.
func (r *replayer) resolve(p *Position, s string, king Square) (Move, error) {
	spec, err := p.readMove(s)
	if err != nil {
		return Move{}, err
	}
	// Only the moves that can fit spec: those landing on its square,
	// and castling when spec is castling or names the king's square.
	var cands []Move
	if spec.castle == 0 {
		cands = p.appendLegalToFor(r.moves[:0], spec.to, spec.kind, king)
	}
	r.cands = cands
	if spec.castle != 0 || spec.from != NoSquare {
		cands = p.appendCastles(cands)
	}
	found, err := p.choose(s, spec, cands, r.found[:0])
	if err != nil {
		return Move{}, err
	}
	if len(found) > 1 {
		return Move{}, ambiguous(s, found, p.san)
	}
	return found[0], nil
}

// givesCheck reports whether legal move m of p, which leaves the board
// after, attacks the opponent's king, which stands on king.
func (p *Position) givesCheck(m Move, after *[64]Piece, king Square) bool {
	if king == NoSquare {
		return false
	}
	pc := p.Board[m.From]
	if (pc.Kind() == Pawn && m.To == p.EnPassant) || isCastle(pc, m) || rayTo[king][m.From] >= 0 {
		// A second piece moved, or a check may be uncovered: look at
		// every attacker.
		return attackedOn(after, king, p.Turn)
	}
	return attacks(after, m.To, king)
}

// attacks reports whether the piece on from attacks to on board b.
func attacks(b *[64]Piece, from, to Square) bool {
	pc := b[from]
	switch pc.Kind() {
	case Pawn:
		return slices.Contains(pawnAttackers[pc.Color()][to].list(), from)
	case Knight:
		return slices.Contains(knightTo[to].list(), from)
	case King:
		return slices.Contains(kingTo[to].list(), from)
	}
	d := rayTo[from][to]
	switch {
	case d < 0, pc.Kind() == Rook && d >= firstDiagonalRay, pc.Kind() == Bishop && d < firstDiagonalRay:
		return false
	}
	return clearBetween(b, from, to)
}

// san returns legal move m of p in Standard Algebraic Notation, as the
// PGN standard (8.2.3) writes it: piece letter, the origin file, rank or
// square when another piece of the same kind could go to the same
// square (the file if it tells them apart, else the rank, else both),
// "x" for a capture (after the origin file for a pawn), the square, "=Q"
// for a promotion, "+" for check and "#" for checkmate; "O-O" and
// "O-O-O" for castling. m must be a legal move of p: san does not check
// it.
func (p *Position) san(m Move) string {
	var r replayer
	next := p.play(m, false)
	next.Check = p.givesCheck(m, &next.Board, p.KingSquare(p.Turn.Other()))
	return r.sanAfter(p, m, &next, p.appendLegalTo(r.moves[:0], m.To, p.Board[m.From].Kind()), "")
}

// sanAfter writes the SAN of legal move m of p, next being the position
// after it; others holds at least the legal moves of m's piece kind to
// its square. When written (the move as the PGN text has it) is that
// same SAN, it is returned instead of a new string.
func (r *replayer) sanAfter(p *Position, m Move, next *Position, others []Move, written string) string {
	b := p.appendSAN(r.san[:0], m, others)
	if next.Check {
		if next.hasLegalMove() {
			b = append(b, '+')
		} else {
			b = append(b, '#')
		}
	}
	if string(b) == written {
		return written
	}
	return string(b)
}

// appendSAN appends the SAN of legal move m of p, without its check or
// mate mark, to dst. others holds at least the legal moves of m's piece
// kind to its square (castling aside), from which a piece move's origin
// must be told apart.
func (p *Position) appendSAN(dst []byte, m Move, others []Move) []byte {
	pc := p.Board[m.From]
	kind := pc.Kind()
	if isCastle(pc, m) {
		if m.To.File() == 6 {
			return append(dst, "O-O"...)
		}
		return append(dst, "O-O-O"...)
	}
	capture := p.Board[m.To] != NoPiece || (kind == Pawn && m.To == p.EnPassant)
	if kind == Pawn {
		if capture {
			dst = append(dst, byte('a'+m.From.File()))
		}
	} else {
		dst = append(dst, kind.Letter()...)
		dst = p.appendOrigin(dst, m, others)
	}
	if capture {
		dst = append(dst, 'x')
	}
	dst = append(dst, byte('a'+m.To.File()), byte('1'+m.To.Rank()))
	if m.Promotion != NoKind {
		dst = append(dst, '=')
		dst = append(dst, m.Promotion.Letter()...)
	}
	return dst
}

// appendOrigin appends what SAN needs of a piece move's origin to tell it
// from the legal moves of other pieces of the same kind to the same
// square, among legal: nothing, the file, the rank, or both.
func (p *Position) appendOrigin(dst []byte, m Move, legal []Move) []byte {
	others, sameFile, sameRank := false, false, false
	kind := p.Board[m.From].Kind()
	for _, o := range legal {
		if o.From == m.From || o.To != m.To || p.Board[o.From].Kind() != kind {
			continue
		}
		others = true
		sameFile = sameFile || o.From.File() == m.From.File()
		sameRank = sameRank || o.From.Rank() == m.From.Rank()
	}
	file, rank := byte('a'+m.From.File()), byte('1'+m.From.Rank())
	switch {
	case !others:
		return dst
	case !sameFile:
		return append(dst, file)
	case !sameRank:
		return append(dst, rank)
	}
	return append(dst, file, rank)
}
