package explore

import (
	"bytes"
	"context"
	"hash/crc64"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/internal/shared"
)

// A tree's hash of its file is the CRC-64 of the file's bytes, whatever
// its sections: each reader sums its own, which crcShift puts together.
func TestContentSum(t *testing.T) {
	files := shared.Glob(t, "pgn", "edge", "*.pgn")
	corpus := shared.Glob(t, "pgn", "corpus", "*.pgn")
	for _, path := range append(files[:3], corpus[0], writeGames(t, "")) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want := crc64.Checksum(data, crcTable)
		for _, size := range []int64{1, 97, 4096, 64 << 10, int64(len(data)) + 1} {
			tree, err := build(context.Background(), path, nil, options{section: size})
			if err != nil {
				t.Fatal(err)
			}
			if tree.content != want {
				t.Errorf("%s in sections of %d bytes: %x, want %x", filepath.Base(path), size, tree.content, want)
			}
			tree.Close()
		}
	}
	// crcShift on its own, against the bytes put together.
	r := rand.New(rand.NewPCG(1, 2))
	data := make([]byte, 100_000)
	for i := range data {
		data[i] = byte(r.Uint32())
	}
	for range 50 {
		a, b := r.IntN(len(data)), r.IntN(len(data))
		a, b = min(a, b), max(a, b)
		parts := crcShift(crc64.Checksum(data[:a], crcTable), int64(len(data)-a)) ^
			crcShift(crc64.Checksum(data[a:b], crcTable), int64(len(data)-b)) ^
			crc64.Checksum(data[b:], crcTable)
		if want := crc64.Checksum(data, crcTable); parts != want {
			t.Fatalf("cut at %d and %d: %x, want %x", a, b, parts, want)
		}
	}
}

// writeGames writes text as a PGN file and returns its path.
func writeGames(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A section whose reader stopped before its end (a read error, ctx
// done) has its share of the file's hash all the same: what was not
// read is read for it. Reads before what is summed, or past the end, sum
// nothing more.
func TestSectionSumReadsTheRest(t *testing.T) {
	data := []byte(strings.Repeat("1. e4 e5 2. Nf3 Nc6 1-0\n\n", 4000))
	for _, read := range [][2]int64{{10, 10}, {10, 50}, {0, 30}, {40, 70_000}, {10, 90_000}} {
		s := newSectionSum(bytes.NewReader(data), 10, 60_000)
		for at := read[0]; at < read[1]; at += 1000 {
			s.ReadAt(make([]byte, min(1000, read[1]-at)), at)
		}
		got, err := s.part(int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		if want := crcShift(crc64.Checksum(data[10:60_000], crcTable), int64(len(data)-60_000)); got != want {
			t.Errorf("read from %d to %d: %x, want %x", read[0], read[1], got, want)
		}
	}
}
