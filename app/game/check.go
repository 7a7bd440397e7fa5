package game

import (
	"io"
	"slices"
	"sync"

	"github.com/echiquier/echiquier/app/pgn"
)

// checkPGN checks every game of a PGN file as FromPGN reads it — every
// move of the main line and of every variation against its own position,
// with the same rules and errors — without building the games. It is
// meant for large files: one goroutine reads the games one after the
// other, workers goroutines (at least one) check them, and only a few
// games are held in memory at a time, whatever the size of the file.
//
// It returns the number of games read (with or without errors) and one
// *PGNError for each game that FromPGN or the PGN reader refuses, in the
// order of the games. A read error that stops the file short comes last.
func checkPGN(r io.Reader, workers int) (games int, errs []error) {
	workers = max(workers, 1)
	type job struct {
		number int
		pg     *pgn.Game
	}
	type failure struct {
		number int
		err    error
	}
	// A few games per worker keep the workers busy while the reader
	// parses the next ones, and bound the memory.
	jobs := make(chan job, 4*workers)
	var mu sync.Mutex
	var failures []failure
	fail := func(number int, err error) {
		mu.Lock()
		failures = append(failures, failure{number, err})
		mu.Unlock()
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			var rp replayer
			for j := range jobs {
				if err := rp.game(j.pg, nil); err != nil {
					fail(j.number, renumber(err, j.number))
				}
			}
		})
	}
	games = eachGame(r, func(number int, pg *pgn.Game) { jobs <- job{number, pg} }, fail)
	close(jobs)
	wg.Wait()
	slices.SortStableFunc(failures, func(a, b failure) int { return a.number - b.number })
	for _, f := range failures {
		errs = append(errs, f.err)
	}
	return games, errs
}
