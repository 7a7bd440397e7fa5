package explore_test

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/explore"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/internal/shared"
	"github.com/echiquier/echiquier/app/pgn"
)

// opening is the start of a game of the corpus: its tags and the first
// moves of its main line, with the length of the line.
type opening struct {
	tags  []pgn.Tag
	moves []game.Move
	plies int
}

// openingPlies is how many moves of a corpus game an opening keeps at
// most.
const openingPlies = 24

// corpusOpenings reads the openings of the corpus's readable games from
// the standard start position.
func corpusOpenings(tb testing.TB) []opening {
	tb.Helper()
	files := shared.Glob(tb, "pgn", "corpus", "*.pgn")
	var out []opening
	var w game.Walker
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			tb.Fatal(err)
		}
		games, _ := pgn.ReadAll(f)
		f.Close()
		for _, g := range games {
			if _, setUp := g.LookupTag("FEN"); setUp || len(g.Moves) < 8 {
				continue
			}
			o := opening{plies: len(g.Moves)}
			for _, name := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "WhiteElo", "BlackElo", "ECO"} {
				if v, ok := g.LookupTag(name); ok {
					o.tags = append(o.tags, pgn.Tag{Name: name, Value: v})
				}
			}
			if _, err := w.Walk(g, func(_ *game.Position, m game.Move) {
				if len(o.moves) < openingPlies {
					o.moves = append(o.moves, m)
				}
			}); err != nil {
				continue
			}
			out = append(out, o)
		}
	}
	return out
}

// differentGame writes game number i of a file of different games: the
// opening of a corpus game, its first 4 to 24 moves, then legal moves
// drawn at random until the game is as long as the corpus game was (20
// to 200 plies) or has no move left.
func differentGame(w *strings.Builder, openings []opening, i int, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, uint64(i)))
	o := openings[rng.IntN(len(openings))]
	result := "*"
	for _, t := range o.tags {
		fmt.Fprintf(w, "[%s %q]\n", t.Name, t.Value)
		if t.Name == "Result" {
			result = t.Value
		}
	}
	w.WriteString("\n")
	p, err := game.ParseFEN(game.StartFEN)
	if err != nil {
		return err
	}
	var legal []game.Move
	keep := min(len(o.moves), 4+rng.IntN(openingPlies-3))
	length := min(max(o.plies, 20), 200)
	line := 0
	for ply := 0; ply < length; ply++ {
		var m game.Move
		if ply < keep {
			m = o.moves[ply]
		} else {
			legal = p.AppendLegal(legal[:0])
			if len(legal) == 0 {
				break
			}
			m = legal[rng.IntN(len(legal))]
		}
		word := p.SAN(m)
		if ply%2 == 0 {
			word = strconv.Itoa(ply/2+1) + ". " + word
		}
		if line+len(word) > 78 {
			w.WriteString("\n")
			line = 0
		} else if line > 0 {
			w.WriteString(" ")
			line++
		}
		w.WriteString(word)
		line += len(word)
		p = p.Play(m)
	}
	fmt.Fprintf(w, " %s\n\n", result)
	return nil
}

// writeDifferentGames writes a file of n games that begin as real games
// (the corpus's) and go on differently, drawn from seed: a database of
// different games, whose every game reaches positions no other game
// reaches. The same n and seed give the same file.
func writeDifferentGames(tb testing.TB, path string, n int, seed uint64) {
	tb.Helper()
	openings := corpusOpenings(tb)
	out, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriterSize(out, 1<<20)
	// Chunks of games are written by several goroutines, and in order.
	const chunk = 1000
	workers := runtime.GOMAXPROCS(0)
	texts := make([]chan string, workers)
	for k := range texts {
		texts[k] = make(chan string, 1)
	}
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	for k := range workers {
		wg.Go(func() {
			defer close(texts[k])
			for from := k * chunk; from < n; from += workers * chunk {
				var b strings.Builder
				for i := from; i < min(n, from+chunk); i++ {
					if err := differentGame(&b, openings, i, seed); err != nil {
						mu.Lock()
						firstErr = cmp.Or(firstErr, fmt.Errorf("game %d: %w", i+1, err))
						mu.Unlock()
					}
				}
				texts[k] <- b.String()
			}
		})
	}
	for c := 0; c*chunk < n; c++ {
		w.WriteString(<-texts[c%workers])
	}
	wg.Wait()
	if firstErr != nil {
		tb.Fatal(firstErr)
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	if err := out.Close(); err != nil {
		tb.Fatal(err)
	}
}

// TestDifferentGames: on a file of games that each go their own way
// after a real opening, every position, move, count, result, rating and
// game list agrees with the independent count, and the tree has every
// position the games reach.
func TestDifferentGames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "different.pgn")
	writeDifferentGames(t, path, differentGames, 35)
	tree, err := explore.Build(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Close()
	ref, skipped := reference(t, path, func(int) bool { return true })
	compare(t, "different games", tree, ref)
	if tree.Len() != differentGames || tree.Skipped() != skipped || skipped != 0 || tree.Positions() != len(ref) {
		t.Errorf("%d games, %d skipped, %d positions; the reference has %d, %d, %d",
			tree.Len(), tree.Skipped(), tree.Positions(), differentGames, skipped, len(ref))
	}
}

// differentGames is how many games TestDifferentGames makes: enough for
// positions of every kind (reached by one game or by many, at any
// depth), few enough for the race detector.
const differentGames = 600

// TestWriteDifferentGames writes a file of ECHIQUIER_DIFFERENT_GAMES
// different games (as TestDifferentGames has) to ECHIQUIER_DIFFERENT_FILE,
// for measuring the tree of a large database of different games, and
// logs the time pgn-extract takes to check it.
func TestWriteDifferentGames(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ECHIQUIER_DIFFERENT_GAMES"))
	path := os.Getenv("ECHIQUIER_DIFFERENT_FILE")
	if n <= 0 || path == "" {
		t.Skip("set ECHIQUIER_DIFFERENT_GAMES (500000: about 300 MB) and ECHIQUIER_DIFFERENT_FILE to write the file")
	}
	start := time.Now()
	writeDifferentGames(t, path, n, 35)
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d games, %d bytes in %v", n, st.Size(), time.Since(start).Round(time.Millisecond))
	if wall, cpu := extractSeconds(t, path); wall >= 0 {
		t.Logf("pgn-extract -s: %.1f s, %.1f cpu-s", wall, cpu)
	}
}
