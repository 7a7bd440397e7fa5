package pgn_test

import (
	"bytes"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

// gameStream is an endless-looking input: the same game over and over,
// made up as it is read, up to size bytes.
type gameStream struct {
	game []byte
	size int64
	off  int64
}

func (s *gameStream) Read(p []byte) (int, error) {
	if s.off >= s.size {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && s.off < s.size {
		c := copy(p[n:], s.game[s.off%int64(len(s.game)):])
		n += c
		s.off += int64(c)
	}
	return n, nil
}

func TestMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 32 MB")
	}
	game := []byte("[Event \"e\"]\n[White \"w\"]\n\n1. e4 {a comment} e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n")
	for _, headers := range []bool{true, false} {
		in := &gameStream{game: game, size: 32 << 20}
		r := pgn.NewReader(in)
		// What the reader keeps is measured after a collection: the
		// garbage waiting for one depends on how busy the machine is.
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		base, peak, n := ms.HeapAlloc, uint64(0), 0
		for ; ; n++ {
			var err error
			if headers {
				_, err = r.NextHeader()
			} else {
				_, err = r.Next()
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if n%20000 == 0 {
				runtime.GC()
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapAlloc)
			}
		}
		if want := (int(in.size) + len(game) - 1) / len(game); n != want { // the last one cut short
			t.Errorf("%d games, want %d", n, want)
		}
		t.Logf("heap grew by %d KB at most", (peak-min(base, peak))>>10)
		if peak > base+16<<20 {
			t.Errorf("heap grew by %d MB reading 32 MB", (peak-base)>>20)
		}
	}
}

// TestLongInputs reads inputs that a parser with a quadratic step or an
// endless loop would not get through: such a parser hangs here until
// `go test -timeout` stops it. How fast the reader is, the benchmarks
// measure; no wall-clock limit is tested, as a busy machine would break it.
func TestLongInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("reads large inputs")
	}
	const n = 200_000
	tests := []struct{ name, in string }{
		{"one-line game", strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", n) + "*"},
		{"long comment", "1. e4 {" + strings.Repeat("word ", 2*n) + "} *"},
		{"unterminated comment", "1. e4 {" + strings.Repeat("word\n", 2*n)},
		{"long tag value", "[Event \"" + strings.Repeat("x", 900_000) + "\"] *"},
		{"unterminated tag value", "[Event \"" + strings.Repeat("x\\", 2*n)},
		{"many tags on a line", strings.Repeat("[A \"1\"]", n) + " *"},
		{"many games on a line", strings.Repeat("[A \"1\"] e4 * ", n/2)},
		{"long garbage", strings.Repeat("@#<&", n)},
		{"deep nesting", "1. e4 " + strings.Repeat("(1. d4 ", n/2) + strings.Repeat(")", n/2) + " *"},
		{"unclosed nesting", "1. e4 " + strings.Repeat("(1. d4 ", n/2)},
		{"many variations", "1. e4 " + strings.Repeat("(1. d4) ", n) + "*"},
		{"many NAGs", "1. e4 " + strings.Repeat("$1 ", n) + "*"},
		{"long word", "1. e" + strings.Repeat("4", 2*n) + " *"},
		{"backslashes", "{" + strings.Repeat("\\", 2*n)},
		{"many blank lines", "1. e4" + strings.Repeat("\r\n", 2*n) + "*"},
		{"many escape lines", strings.Repeat("%x\n", n) + "*"},
		{"many duplicate tags", strings.Repeat("[A \"1\"]\n", n) + "*"},
		{"many different tags", func() string {
			var b strings.Builder
			for i := range n / 5 {
				b.WriteString("[T" + strings.Repeat("x", i%50) + string(rune('a'+i%26)) + " \"v\"]\n\n")
			}
			return b.String()
		}()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := pgn.NewReader(strings.NewReader(tt.in))
			for {
				if g, _ := r.Next(); g == nil {
					break
				}
			}
			r = pgn.NewReader(strings.NewReader(tt.in))
			for {
				if h, _ := r.NextHeader(); h == nil {
					break
				}
			}
		})
	}
}

func TestWriteLongGame(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a large game")
	}
	g := parse(t, strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", pgn.MaxMoves/4)+"*")
	var b bytes.Buffer
	if err := pgn.Write(&b, g); err != nil {
		t.Fatal(err)
	}
	h := parse(t, b.String())
	if len(h.Moves) != pgn.MaxMoves {
		t.Errorf("%d moves read back", len(h.Moves))
	}
}
