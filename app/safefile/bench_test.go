package safefile_test

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/safefile"
)

// BenchmarkWrite saves a typical game of 5 KB, with its syncs.
func BenchmarkWrite(b *testing.B) {
	path := filepath.Join(b.TempDir(), "game.pgn")
	game := "[Event \"Club\"]\n\n" + strings.Repeat("1. e4 e5 2. Nf3 Nc6 {a comment} ", 160) + "*\n"
	b.SetBytes(int64(len(game)))
	for b.Loop() {
		if _, err := safefile.Write(path, writeString(game), nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSplice writes one game back into a file of 100 MB.
func BenchmarkSplice(b *testing.B) {
	const size = 100 << 20
	path, head, _ := sparseGames(b, b.TempDir(), size)
	game := []byte("[Event \"Second\"]\n\n1. d4 d5 *\n\n")
	at := int64(len(head))
	s := stamp(b, path)
	b.SetBytes(size)
	for b.Loop() {
		var err error
		if s, err = safefile.Splice(path, at, at+int64(len(game)), game, s); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStampOf stamps a game, the largest file hashed whole, and a
// file of 2 GiB hashed on its edges.
func BenchmarkStampOf(b *testing.B) {
	for _, size := range []int64{5 << 10, 8 << 20, 2 << 30} {
		b.Run(strconv.FormatInt(size>>10, 10)+"KiB", func(b *testing.B) {
			path, _, _ := sparseGames(b, b.TempDir(), size)
			for b.Loop() {
				stamp(b, path)
			}
		})
	}
}
