package pgn_test

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

// corpus returns the contents of the corpus files.
func corpus(b *testing.B) [][]byte {
	b.Helper()
	var files [][]byte
	for _, path := range pgnFiles(b, dataDir(b, "corpus")) {
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, data)
	}
	return files
}

// size returns the total length of files.
func size(files [][]byte) int64 {
	n := 0
	for _, f := range files {
		n += len(f)
	}
	return int64(n)
}

func BenchmarkNextHeaderCorpus(b *testing.B) {
	files := corpus(b)
	b.SetBytes(size(files))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		for _, f := range files {
			r := pgn.NewReader(bytes.NewReader(f))
			for {
				h, err := r.NextHeader()
				if err == io.EOF {
					break
				}
				if err != nil || h.Err != nil {
					b.Fatal(err, h.Err)
				}
				n++
			}
		}
		if n != 32570 {
			b.Fatalf("%d games", n)
		}
	}
}

func BenchmarkNextCorpus(b *testing.B) {
	files := corpus(b)
	b.SetBytes(size(files))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		for _, f := range files {
			r := pgn.NewReader(bytes.NewReader(f))
			for {
				_, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					b.Fatal(err)
				}
				n++
			}
		}
		if n != 32570 {
			b.Fatalf("%d games", n)
		}
	}
}

func BenchmarkWrite(b *testing.B) {
	var games []*pgn.Game
	for _, f := range corpus(b) {
		gs, errs := pgn.ReadAll(bytes.NewReader(f))
		if len(errs) > 0 {
			b.Fatal(errs[0])
		}
		games = append(games, gs...)
	}
	var out bytes.Buffer
	if err := pgn.WriteAll(&out, games); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(out.Len()))
	b.ReportAllocs()
	for b.Loop() {
		out.Reset()
		if err := pgn.WriteAll(&out, games); err != nil {
			b.Fatal(err)
		}
	}
}
