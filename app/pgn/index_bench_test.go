package pgn_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// corpusPaths returns the corpus files and their total size.
func corpusPaths(b *testing.B) ([]string, int64) {
	b.Helper()
	paths := pgnFiles(b, dataDir(b, "corpus"))
	var size int64
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			b.Fatal(err)
		}
		size += info.Size()
	}
	return paths, size
}

// indexFile indexes one file, read from the disk as the app reads it.
func indexFile(b *testing.B, path string) *pgn.Index {
	b.Helper()
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	x, err := pgn.BuildIndex(context.Background(), f)
	if err != nil {
		b.Fatal(err)
	}
	return x
}

// timePGNExtract runs pgn-extract -s -r (read and check every game, write
// nothing) on the files, and returns its wall-clock and CPU seconds, or
// -1 when it is not installed.
func timePGNExtract(b *testing.B, paths []string) (wall, cpu float64) {
	b.Helper()
	exe, err := exec.LookPath(pgnExtract)
	if err != nil {
		b.Logf("pgn-extract is not installed (%s): no comparison", pgnExtract)
		return -1, -1
	}
	cmd := exec.Command(exe, append([]string{"-s", "-r"}, paths...)...)
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("pgn-extract: %v\n%s", err, out)
	}
	wall = time.Since(start).Seconds()
	return wall, (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
}

// BenchmarkIndexCorpus indexes every game of the corpus (32,570 games in
// 23 MB), each file read from the disk, and reports games per second and
// seconds for the whole corpus. pgn-extract -s -r runs on the same files
// in the same run (before and after, the best time kept); ratio is the
// index's time over pgn-extract's, which the target puts under 0.1.
func BenchmarkIndexCorpus(b *testing.B) {
	paths, size := corpusPaths(b)
	extract, extractCPU := timePGNExtract(b, paths)
	b.SetBytes(size)
	b.ReportAllocs()
	games := 0
	for b.Loop() {
		games = 0
		for _, p := range paths {
			games += indexFile(b, p).Len()
		}
	}
	if games != 32570 {
		b.Fatalf("%d games indexed, want 32570", games)
	}
	perCorpus := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(games)/perCorpus, "games/s")
	b.ReportMetric(perCorpus, "s/corpus")
	if extract >= 0 {
		again, againCPU := timePGNExtract(b, paths)
		extract, extractCPU = min(extract, again), min(extractCPU, againCPU)
		b.ReportMetric(extract, "pgn-extract-s")
		b.ReportMetric(extractCPU, "pgn-extract-cpu-s")
		b.ReportMetric(perCorpus/extract, "ratio")
	}
}

// BenchmarkIndexMemory reports the live heap taken by the indexes of all
// the corpus files (index-MB, the target is under 50) and per game.
func BenchmarkIndexMemory(b *testing.B) {
	paths, _ := corpusPaths(b)
	var grew uint64
	games := 0
	for b.Loop() {
		before := heapAfterGC()
		var xs []*pgn.Index
		games = 0
		for _, p := range paths {
			x := indexFile(b, p)
			xs = append(xs, x)
			games += x.Len()
		}
		grew = heapAfterGC() - min(before, heapAfterGC())
		if len(xs) != len(paths) {
			b.Fatal("an index is missing")
		}
	}
	b.ReportMetric(float64(grew)/(1<<20), "index-MB")
	b.ReportMetric(float64(grew)/float64(games), "B/game")
}

// benchmarkOpenFromIndex opens game i of a file's index as the app does:
// its bytes read from the open file, parsed and replayed by FromPGN.
func benchmarkOpenFromIndex(b *testing.B, path string, pick func(*pgn.Index) int) {
	x := indexFile(b, path)
	i := pick(x)
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	b.ReportAllocs()
	for b.Loop() {
		pg, err := x.ReadGame(f, i)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := game.FromPGN(pg, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(x.Plies(i)), "plies")
}

// BenchmarkOpenGameFromIndex opens, from the index of the largest corpus
// file, a game of median length and the longest game (the target is
// under 5 ms).
func BenchmarkOpenGameFromIndex(b *testing.B) {
	path := dataDir(b, "corpus") + "/Carlsen.pgn"
	byPlies := func(x *pgn.Index) []int {
		order := make([]int, x.Len())
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(p, q int) int { return x.Plies(p) - x.Plies(q) })
		return order
	}
	b.Run("median", func(b *testing.B) {
		benchmarkOpenFromIndex(b, path, func(x *pgn.Index) int { o := byPlies(x); return o[len(o)/2] })
	})
	b.Run("longest", func(b *testing.B) {
		benchmarkOpenFromIndex(b, path, func(x *pgn.Index) int { o := byPlies(x); return o[len(o)-1] })
	})
}

// oneFile writes the corpus as one file (23 MB, 32,570 games) into a
// temporary folder and returns its path: a large file read from the page
// cache, as a big file opened again is.
func oneFile(b *testing.B) string {
	b.Helper()
	paths, _ := corpusPaths(b)
	var all []byte
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		all = append(append(all, data...), '\n')
	}
	path := filepath.Join(b.TempDir(), "one.pgn")
	if err := os.WriteFile(path, all, 0o644); err != nil {
		b.Fatal(err)
	}
	return path
}

// benchmarkIndexPath indexes the file at path as the app does, and
// reports games per second.
func benchmarkIndexPath(b *testing.B, path string, index func(f *os.File, size int64) (*pgn.Index, error)) {
	info, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(info.Size())
	b.ReportAllocs()
	games := 0
	for b.Loop() {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		x, err := index(f, info.Size())
		f.Close()
		if err != nil {
			b.Fatal(err)
		}
		games = x.Len()
	}
	b.ReportMetric(float64(games)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// sequentialIndex indexes a file as one stream.
func sequentialIndex(f *os.File, _ int64) (*pgn.Index, error) {
	return pgn.BuildIndex(context.Background(), f)
}

// fileIndex indexes a file in sections on every processor.
func fileIndex(f *os.File, size int64) (*pgn.Index, error) {
	return pgn.BuildFileIndex(context.Background(), f, size)
}

// BenchmarkIndexOneFile indexes the corpus in one file, from the page
// cache: as one stream, and in sections on every processor as the app
// does.
func BenchmarkIndexOneFile(b *testing.B) {
	path := oneFile(b)
	b.Run("sequential", func(b *testing.B) { benchmarkIndexPath(b, path, sequentialIndex) })
	b.Run("sections", func(b *testing.B) { benchmarkIndexPath(b, path, fileIndex) })
}

// BenchmarkIndexBigFile indexes the file named by $ECHIQUIER_BIG_PGN (the
// corpus ×100, 2.3 GB, say), from the page cache, as BenchmarkIndexOneFile
// does: the file is made by hand, being too big to make in a benchmark.
func BenchmarkIndexBigFile(b *testing.B) {
	path := os.Getenv("ECHIQUIER_BIG_PGN")
	if path == "" {
		b.Skip("set ECHIQUIER_BIG_PGN to a large PGN file to index it")
	}
	b.Run("sequential", func(b *testing.B) { benchmarkIndexPath(b, path, sequentialIndex) })
	b.Run("sections", func(b *testing.B) { benchmarkIndexPath(b, path, fileIndex) })
}
