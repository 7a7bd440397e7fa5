package game

import (
	"bufio"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/internal/shared"
)

// fullPerft lifts the node budget: go test -run Perft -perft.full (takes
// hours for the deepest counts; use -timeout 0).
var fullPerft = flag.Bool("perft.full", false, "run every perft count, however deep")

// perftBudget bounds the leaves a perft test counts, so that the suite
// runs in seconds: our layer replays each move with notnil/chess and
// checks its own board against notnil's at every inner node. The wide
// suites get a smaller budget than the seven classic positions.
func perftBudget(wide bool) int64 {
	if *fullPerft {
		return 1 << 62
	}
	budget := int64(2_000_000)
	if wide {
		budget = 20_000
	}
	if raceDetector || testing.Short() {
		budget /= 20
	}
	return budget
}

type perftCase struct {
	fen    string
	counts map[int]int64 // leaves at each depth given
	line   int
}

func readPerft(t *testing.T, name string) []perftCase {
	t.Helper()
	f, err := os.Open(shared.Path(t, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		parts := strings.Split(text, ";")
		c := perftCase{fen: strings.TrimSpace(parts[0]), line: line, counts: map[int]int64{}}
		for _, p := range parts[1:] {
			fields := strings.Fields(p)
			if len(fields) != 2 || !strings.HasPrefix(fields[0], "D") {
				continue
			}
			d, err1 := strconv.Atoi(fields[0][1:])
			n, err2 := strconv.ParseInt(fields[1], 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s:%d: bad count %q", name, line, p)
			}
			c.counts[d] = n
		}
		cases = append(cases, c)
	}
	return cases
}

// perft counts the leaves below n at depth d, checking at every node that
// our incremental board agrees with notnil/chess's position.
func perft(t *testing.T, g *Game, n *Node, d int) int64 {
	cp, err := n.chessPos()
	if err != nil {
		t.Fatal(err)
	}
	if want := cp.String(); n.pos.FEN() != want {
		t.Fatalf("board drift after %s: ours %s, notnil %s", n.san, n.pos.FEN(), want)
	}
	if n.pos.Check != n.pos.inCheck(n.pos.Turn) {
		t.Fatalf("check flag wrong at %s", n.pos.FEN())
	}
	legal, err := n.legal()
	if err != nil {
		t.Fatal(err)
	}
	if d == 1 {
		return int64(len(legal))
	}
	var total int64
	for _, cm := range legal {
		child := g.newChild(n, cm)
		total += perft(t, g, child, d-1)
	}
	n.forget()
	return total
}

// forget lets go of what n can rebuild: notnil's position and the legal
// moves (about 2 KB a node).
func (n *Node) forget() { n.cp, n.legalCache = nil, nil }

func runPerftFile(t *testing.T, name string, wide bool) {
	checked := 0
	cases := readPerft(t, name)
	// When no count fits the budget (the wide files under -race), the
	// smallest count of the file is checked all the same.
	budget := perftBudget(wide)
	smallest := int64(1 << 62)
	for _, c := range cases {
		for _, n := range c.counts {
			smallest = min(smallest, n)
		}
	}
	if smallest > budget {
		budget = smallest
	}
	for _, c := range cases {
		g, err := New(Options{FEN: c.fen})
		if err != nil {
			t.Errorf("%s:%d: %v", name, c.line, err)
			continue
		}
		for d := 1; d <= 8; d++ {
			want, ok := c.counts[d]
			if !ok || want > budget {
				continue
			}
			checked++
			if got := perft(t, g, g.root, d); got != want {
				t.Errorf("%s:%d %s depth %d: %d nodes, want %d", name, c.line, c.fen, d, got, want)
			}
		}
	}
	if checked == 0 {
		t.Errorf("%s: no count within the budget was checked", name)
	}
}

func TestPerft(t *testing.T)      { runPerftFile(t, "perft.epd", false) }
func TestPerftSuite(t *testing.T) { runPerftFile(t, "epd/perftsuite.epd", true) }

// TestPerftSuite2 runs Martin Sedlak's tricky positions (illegal en
// passant, discovered checks, castling that gives check).
func TestPerftSuite2(t *testing.T) { runPerftFile(t, "epd/perftsuite2.epd", true) }
