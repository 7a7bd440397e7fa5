package opening

import (
	"bufio"
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/internal/shared"
)

// played returns a game after moves given in UCI.
func played(t testing.TB, moves string) *game.Game {
	t.Helper()
	g, err := game.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range strings.Fields(moves) {
		if err := g.Move(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	return g
}

// TestEveryRowIsFound replays every line of the table and finds its
// own name at its end: the table is read whole, and positions reached by
// moves are keyed as the table's EPD is (en passant only when possible).
func TestEveryRowIsFound(t *testing.T) {
	b := NewBook()
	sc := bufio.NewScanner(bytes.NewReader(table))
	sc.Scan()
	rows, withEP := 0, 0
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		g := played(t, f[3])
		pos := g.Position()
		o, ok := b.Find(&pos)
		if !ok || o.ECO != f[0] || o.Name != f[1] {
			t.Errorf("%s %s: found %v, %v", f[0], f[1], o, ok)
		}
		if !strings.HasSuffix(f[4], " -") {
			withEP++
		}
		rows++
	}
	if rows < 3000 || withEP == 0 {
		t.Errorf("%d rows, %d with en passant: the table is not the one expected", rows, withEP)
	}
}

func TestTranspositionsAreNamed(t *testing.T) {
	b := NewBook()
	for _, moves := range []string{"d2d4 d7d5 g1f3", "g1f3 d7d5 d2d4"} {
		o, ok := b.Line(played(t, moves).Live())
		if !ok || o.ECO != "D02" || o.Name != "Queen's Pawn Game: Zukertort Variation" {
			t.Errorf("%s: %v, %v", moves, o, ok)
		}
	}
	// With tempi lost on the way, the position is still the table's.
	o, ok := b.Line(played(t, "g1f3 g8f6 f3g1 f6g8 e2e4 e7e5 g1f3 b8c6 f1c4").Live())
	if !ok || o.Name != "Italian Game" {
		t.Errorf("after knights back and forth: %v, %v", o, ok)
	}
}

func TestTheDeepestKnownPositionStaysNamed(t *testing.T) {
	b := NewBook()
	g := played(t, "e2e4 e7e5 g1f3 b8c6 f1c4 h7h6 a2a3 a7a6")
	pos := g.Position()
	if _, ok := b.Find(&pos); ok {
		t.Fatal("the position out of the book is in the table")
	}
	o, ok := b.Line(g.Live())
	if !ok || o.ECO != "C50" || o.Name != "Italian Game: Anti-Fried Liver Defense" {
		t.Errorf("out of the book: %v, %v; want the name of 3... h6, where it left", o, ok)
	}
	if _, ok := b.Line(played(t, "").Live()); ok {
		t.Error("the start position is named")
	}
	if _, ok := b.Line(played(t, "h2h3 a7a6 h3h4 a6a5").Live()); !ok {
		t.Error("1. h3 is in the table")
	}
}

func TestNameOfECO(t *testing.T) {
	b := NewBook()
	for code, want := range map[string]string{"C50": "Italian Game", " B00 ": "King's Pawn", "Z99": "", "": ""} {
		if got := b.NameOfECO(code); got != want {
			t.Errorf("NameOfECO(%q) = %q, want %q", code, got, want)
		}
	}
}

// BenchmarkLoad reads the table.
func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		NewBook().Load()
	}
}

// BenchmarkLineAtEachMove names the opening at every position of a long
// game of the corpus, as stepping through it does: the cost per position.
func BenchmarkLineAtEachMove(b *testing.B) {
	f, err := os.Open(shared.Path(b, "pgn", "corpus", "Carlsen.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	games, _ := game.ReadPGNWith(f, nil)
	var longest *game.Game
	for _, g := range games {
		if longest == nil || len(g.MainLine()) > len(longest.MainLine()) {
			longest = g
		}
	}
	nodes := longest.MainLine()
	b.Logf("%d plies", len(nodes))
	book := NewBook()
	book.Load()
	i := 0
	for b.Loop() {
		book.Line(nodes[i%len(nodes)])
		i++
	}
}
