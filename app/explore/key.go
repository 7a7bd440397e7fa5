package explore

import (
	"strings"

	"github.com/echiquier/echiquier/app/game"
)

// A position is known by a 64-bit Zobrist hash of what makes it the same
// position for repetition (FIDE 9.2.3): the pieces on their squares, the
// side to move, the castling rights and the en passant file when an en
// passant capture is legal. Two different positions share a hash with a
// chance of about n²/2⁶⁵ for n positions: less than one in a million for
// the 10⁷ distinct positions of a very large file.

// zobrist holds the random numbers the hashes are made of: one for each
// piece on each square, then the side to move, the castling rights and
// the en passant files. It is computed once and never changed.
var zobrist = func() (z struct {
	piece    [16][64]uint64
	black    uint64
	castling [16]uint64
	epFile   [8]uint64
}) {
	// splitmix64 from a fixed seed: the hashes, and so the cache files,
	// are the same from run to run.
	s := uint64(0x6563686971756965) // "echiquie"
	next := func() uint64 {
		s += 0x9e3779b97f4a7c15
		x := s
		x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
		x = (x ^ (x >> 27)) * 0x94d049bb133111eb
		return x ^ (x >> 31)
	}
	for p := range z.piece {
		for sq := range z.piece[p] {
			z.piece[p][sq] = next()
		}
	}
	// An empty square adds nothing: a board's hash can then be updated
	// square by square, whatever was there before (boardHasher).
	z.piece[game.NoPiece] = [64]uint64{}
	z.black = next()
	for c := range z.castling {
		z.castling[c] = next()
	}
	for f := range z.epFile {
		z.epFile[f] = next()
	}
	return z
}()

// hashOf returns the hash of p. It is never 0, which marks an empty slot
// of a table.
func hashOf(p *game.Position) uint64 {
	return withState(boardHash(&p.Board), p)
}

// boardHash returns the part of a position's hash that its pieces make.
func boardHash(b *[64]game.Piece) uint64 {
	var h uint64
	for sq, pc := range b {
		h ^= zobrist.piece[pc&15][sq]
	}
	return h
}

// boardHasher hashes the positions of a game one after the other: only
// the squares a move changed count again, a few of 64.
type boardHasher struct {
	board [64]game.Piece
	h     uint64 // boardHash(&board)
	ok    bool   // board holds the previous position
}

// hash returns the hash of p, a position that follows the last one hashed
// (or any, after reset).
func (z *boardHasher) hash(p *game.Position) uint64 {
	if !z.ok {
		z.board, z.h, z.ok = p.Board, boardHash(&p.Board), true
		return withState(z.h, p)
	}
	for i := 0; i < 64; i += 8 {
		if [8]game.Piece(z.board[i:i+8]) == [8]game.Piece(p.Board[i:i+8]) {
			continue
		}
		for sq := i; sq < i+8; sq++ {
			if was, is := z.board[sq], p.Board[sq]; was != is {
				z.h ^= zobrist.piece[was&15][sq] ^ zobrist.piece[is&15][sq]
				z.board[sq] = is
			}
		}
	}
	return withState(z.h, p)
}

// reset makes the next position hashed start afresh.
func (z *boardHasher) reset() { z.ok = false }

// withState returns the hash of p whose board's hash is h.
func withState(h uint64, p *game.Position) uint64 {
	if p.Turn == game.Black {
		h ^= zobrist.black
	}
	h ^= zobrist.castling[p.Castling&15]
	if p.EnPassant != game.NoSquare && p.CanCaptureEnPassant() {
		h ^= zobrist.epFile[p.EnPassant.File()]
	}
	if h == 0 {
		h = 1
	}
	return h
}

// A move is kept in 16 bits: from and to squares, and the promotion.
func encodeMove(m game.Move) uint16 {
	return uint16(m.From) | uint16(m.To)<<6 | uint16(m.Promotion)<<12
}

func decodeMove(c uint16) game.Move {
	return game.Move{From: game.Square(c & 63), To: game.Square(c >> 6 & 63), Promotion: game.Kind(c >> 12)}
}

// parseFEN reads the position of a query. Only the first four fields
// count: the move counters may be missing or anything.
func parseFEN(fen string) (game.Position, error) {
	f := strings.Fields(fen)
	if len(f) >= 4 {
		fen = strings.Join(f[:4], " ") + " 0 1"
	}
	return game.ParseFEN(fen)
}

// mix spreads the bits of a key.
func mix(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	return k ^ k>>29
}
