package tree

import (
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/internal/shared"
)

// corpusFile concatenates the corpus's files into one file of 32,570
// games.
func corpusFile(b *testing.B) string {
	b.Helper()
	names := shared.Glob(b, "pgn", "corpus", "*.pgn")
	path := filepath.Join(b.TempDir(), "corpus.pgn")
	out, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer out.Close()
	for _, name := range names {
		in, err := os.Open(name)
		if err != nil {
			b.Fatal(err)
		}
		_, err = io.Copy(out, in)
		in.Close()
		if err != nil {
			b.Fatal(err)
		}
		out.WriteString("\n\n")
	}
	return path
}

// BenchmarkTreeOfTheCorpus opens the corpus as one file, its first game
// and the opening tree, in Fyne's test driver, and reports the time from
// opening the file to the tree shown (ms-to-tree; the index, then the
// tree), the same with the tree in the cache (ms-cached), and the longest
// the window's goroutine was kept busy by one piece of work meanwhile
// (max-ui-ms): what the user could feel.
func BenchmarkTreeOfTheCorpus(b *testing.B) {
	path := corpusFile(b)
	h := newHarness(b)
	var longest time.Duration
	run := func(done func() bool) {
		for !done() {
			select {
			case f := <-h.Queue:
				start := time.Now()
				f()
				longest = max(longest, time.Since(start))
			case <-time.After(5 * time.Minute):
				b.Fatal("nothing was handed to the UI goroutine")
			}
		}
	}
	open := func() time.Duration {
		start := time.Now()
		c, err := h.s.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		h.lister.opened = append(h.lister.opened, c)
		run(func() bool { state, _, _, _ := c.State(); return state != collection.Indexing })
		if err := h.s.OpenGame(c, 0); err != nil {
			b.Fatal(err)
		}
		if !h.p.shown {
			h.p.toggle()
		}
		run(func() bool { return h.p.build == nil })
		h.s.ShowStart() // the game opens at its end, where no game went on
		if h.p.tree == nil || len(h.p.table.Rows()) == 0 {
			b.Fatalf("no tree shown: %s", h.p.status.Text)
		}
		return time.Since(start)
	}
	leave := func() {
		g, _ := game.New(game.Options{})
		h.s.NewGame(g) // leaves the file: the tree is closed
	}
	var built, cached time.Duration
	for b.Loop() {
		h.p.cacheDir = b.TempDir()
		built += open()
		leave()
		cached += open()
		leave()
	}
	b.ReportMetric(float64(built.Milliseconds())/float64(b.N), "ms-to-tree")
	b.ReportMetric(float64(cached.Milliseconds())/float64(b.N), "ms-cached")
	b.ReportMetric(float64(longest.Microseconds())/1000, "max-ui-ms")
}
