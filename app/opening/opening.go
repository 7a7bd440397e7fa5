// Package opening names the opening of a position: its ECO code and its
// name, from the lichess opening table (github.com/lichess-org/
// chess-openings, CC0), the copy that github.com/notnil/chess v1.10.0
// ships as eco_lichess.tsv. Positions are found by where the pieces
// stand, the side to move, castling and en passant, not by the moves
// that led there, so that transpositions are named too. The names are
// English, as the table has them.
package opening

import (
	"bufio"
	"bytes"
	_ "embed"
	"strings"
	"sync"

	"github.com/echiquier/echiquier/app/game"
)

//go:embed eco_lichess.tsv
var table []byte

// Opening is a named opening.
type Opening struct {
	// ECO is the code of the Encyclopaedia of Chess Openings ("C50").
	ECO string
	// Name is the opening's name and variation ("Italian Game: Giuoco
	// Piano").
	Name string
}

// key is what tells positions apart for the table: the board, the side
// to move, castling, and the en passant square only when a capture there
// is possible (the table's EPD writes it only then).
type key struct {
	board     [64]game.Piece
	turn      game.Color
	castling  game.Castling
	enPassant game.Square
}

func keyOf(p *game.Position) key {
	k := key{board: p.Board, turn: p.Turn, castling: p.Castling, enPassant: game.NoSquare}
	if p.EnPassant != game.NoSquare && p.CanCaptureEnPassant() {
		k.enPassant = p.EnPassant
	}
	return k
}

// Book is the table, read once, on first use: from any goroutine, Load
// reads it ahead, so that the first lookup does not wait.
type Book struct {
	once sync.Once
	// byPosition names each position of the table.
	byPosition map[key]Opening
	// byECO names each code after its shortest line: the most general
	// name the code covers.
	byECO map[string]string
}

// NewBook returns the book; the table is read at the first Load or
// lookup.
func NewBook() *Book { return &Book{} }

// Load reads the table, unless it was read already. It may be called
// from any goroutine; lookups wait for it.
func (b *Book) Load() { b.once.Do(b.read) }

// read builds the maps from the table: one row a line, "eco, name, pgn,
// uci, epd" separated by tabs, after a heading line. A row whose EPD is
// not a legal position is left out (the table has none).
func (b *Book) read() {
	b.byPosition = make(map[key]Opening, 3500)
	b.byECO = make(map[string]string, 500)
	shortest := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(table))
	sc.Scan() // the heading
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 5 {
			continue
		}
		eco, name, uci, epd := f[0], f[1], f[3], f[4]
		pos, err := game.ParseFEN(epd)
		if err != nil {
			continue
		}
		o := Opening{ECO: eco, Name: name}
		b.byPosition[keyOf(&pos)] = o
		plies := len(strings.Fields(uci))
		if n, ok := shortest[eco]; !ok || plies < n {
			shortest[eco] = plies
			b.byECO[eco] = name
		}
	}
}

// Find returns the opening of position p, if the table has it.
func (b *Book) Find(p *game.Position) (Opening, bool) {
	b.Load()
	o, ok := b.byPosition[keyOf(p)]
	return o, ok
}

// Line returns the opening of the deepest position of the table on the
// way from the game's start to n, n included: a line that has left the
// book keeps the name of where it left. Every position on the way is
// looked at, however deep: a transposition with tempi lost (Nf3 and Ng1)
// reaches a position of the table later than its line there does.
func (b *Book) Line(n *game.Node) (Opening, bool) {
	b.Load()
	for ; n != nil; n = n.Parent() {
		pos := n.Position()
		if o, ok := b.byPosition[keyOf(&pos)]; ok {
			return o, true
		}
	}
	return Opening{}, false
}

// NameOfECO returns the most general name of an ECO code ("" for a code
// the table does not have).
func (b *Book) NameOfECO(code string) string {
	b.Load()
	return b.byECO[strings.TrimSpace(code)]
}
