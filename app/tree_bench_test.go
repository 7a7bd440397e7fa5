package app

import (
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/session"
)

// corpusFile concatenates the corpus's files into one file of 32,570
// games.
func corpusFile(b *testing.B) string {
	b.Helper()
	dir := filepath.Join("..", "..", "shared", "data", "pgn", "corpus")
	names, err := filepath.Glob(filepath.Join(dir, "*.pgn"))
	if err != nil || len(names) == 0 {
		b.Fatalf("no corpus in %s: %v", dir, err)
	}
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
	test.NewTempApp(b)
	queue := make(uiQueue, 100000)
	a := New(fyne.CurrentApp(), Options{NoTicker: true, AutosaveDir: b.TempDir(), Post: queue.do})
	a.win.Resize(fyne.NewSize(1040, 720))
	b.Cleanup(func() {
		a.win.Close()
		if a.autosave != nil {
			a.autosave.Close()
		}
	})
	var longest time.Duration
	run := func(done func() bool) {
		for !done() {
			select {
			case f := <-queue:
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
		c := a.openPath(path)
		run(func() bool { state, _, _, _ := c.State(); return state != session.Indexing })
		if err := a.sess.OpenGame(c, 0); err != nil {
			b.Fatal(err)
		}
		if !a.tree.shown {
			a.toggleTree()
		}
		run(func() bool { return a.tree.build == nil })
		a.showStart() // the game opens at its end, where no game went on
		if a.tree.tree == nil || len(a.tree.table.Rows()) == 0 {
			b.Fatalf("no tree shown: %s", a.tree.status.Text)
		}
		return time.Since(start)
	}
	var built, cached time.Duration
	for b.Loop() {
		a.tree.cacheDir = b.TempDir()
		built += open()
		a.sess.NewGame(a.newDefaultGame()) // leaves the file: the tree is closed
		cached += open()
		a.sess.NewGame(a.newDefaultGame())
	}
	b.ReportMetric(float64(built.Milliseconds())/float64(b.N), "ms-to-tree")
	b.ReportMetric(float64(cached.Milliseconds())/float64(b.N), "ms-cached")
	b.ReportMetric(float64(longest.Microseconds())/1000, "max-ui-ms")
}
