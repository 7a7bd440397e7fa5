package pgn_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
	"testing/iotest"
	"time"

	"github.com/echiquier/echiquier/app/internal/shared"
	"github.com/echiquier/echiquier/app/pgn"
)

// addSeeds adds the edge files, when present, and a few small games to the
// seed corpus.
func addSeeds(f *testing.F) {
	f.Add([]byte("[Event \"a\"]\n\n1. e4 {c} e5 (1... c5 $1) 2. Nf3 1-0\n"))
	f.Add([]byte("1. e4 ;x}\n(1. d4 {y}) *"))
	f.Add([]byte("{a\n\n[Event \"b\"]\n*"))
	f.Add([]byte("[Site \"a\nb\"]\n* *\n"))
	// What reading back as written needs: NAGs among comments, repeated
	// tags, odd names, Windows-1252 and control characters in values,
	// UTF-16 input.
	f.Add([]byte("[A \"1\"]\n[A \"2\"]\n[%x? \"y\"]\n[Result \"\"]\n\n1. b3 {a} $1 {b} $2 e5 $3 {c} *"))
	f.Add([]byte("[White \"Dvoretsk\x9a \x93x\x94\x00\x1b\"]\n\n1. e4 {\x80 \x81} *"))
	f.Add([]byte("\xff\xfe[\x00E\x00"))
	f.Add([]byte("[\x00E\x00v\x00"))
	files, _ := filepath.Glob(filepath.Join(shared.Root(f), "pgn", "edge", "*.pgn")) // seeds where there are some
	for _, path := range files {
		if data, err := os.ReadFile(path); err == nil && len(data) < 4<<10 {
			f.Add(data)
		}
	}
}

func FuzzRead(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := pgn.NewReader(bytes.NewReader(data))
		for n := 0; ; n++ {
			if n > len(data) {
				t.Fatalf("more games than bytes: the reader does not advance")
			}
			g, err := r.Next()
			if err == io.EOF || err == pgn.ErrUTF16 && n == 0 {
				return
			}
			if g == nil {
				t.Fatalf("no game and error %v", err)
			}
			if err != nil {
				continue
			}
			if d := roundTrip(g); d != "" {
				t.Fatalf("game %d does not round-trip: %s", n+1, d)
			}
		}
	})
}

func FuzzHeaders(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		checkHeaders(t, data, iotest.OneByteReader)
	})
}

// FuzzIndex holds the index, whose headers are read in the room of the
// game before and whose tag pairs are read without tokens, to a full
// reading, and to itself read a byte at a time (tag pairs cut by the
// end of the buffer).
func FuzzIndex(f *testing.F) {
	addSeeds(f)
	f.Add([]byte("[Event \"a\"]\r\n[Site \"b\"]\r[White \"c\"]\n[Black \"d\"] \n[Date \"e\"]\n\n1. e4 *\n" +
		"[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n1. e4 *\r\n\r\n[Event \"c\"]\r\n[Event \"d\"]\r\n[Site \"\xe9\"]\r\n\r\n1. e4 e5 *\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		whole, err := pgn.BuildIndex(context.Background(), bytes.NewReader(data))
		if err == pgn.ErrUTF16 {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		checkOffsets(t, data)
		bytewise, err := pgn.BuildIndex(context.Background(), iotest.OneByteReader(bytes.NewReader(data)))
		if err != nil || bytewise.Len() != whole.Len() {
			t.Fatalf("read a byte at a time: %d games, %v; at once: %d games", bytewise.Len(), err, whole.Len())
		}
		for i := range whole.Len() {
			a, b := whole.Entry(i), bytewise.Entry(i)
			if a.Number != b.Number || a.Offset != b.Offset || a.Length != b.Length || a.Line != b.Line ||
				a.Plies != b.Plies || a.Tags != b.Tags || errText(a.Err) != errText(b.Err) {
				t.Fatalf("game %d read a byte at a time: %+v; at once: %+v", i+1, b, a)
			}
		}
	})
}

func FuzzClock(f *testing.F) {
	for _, s := range []string{"1:05:23", "0:00:07.4", "65:00", "7.4", "-0:00:01.25", "999:59:59.9"} {
		f.Add(s, int64(0))
	}
	f.Add("", int64(7400*time.Millisecond))
	f.Add("", int64(-1))
	f.Fuzz(func(t *testing.T, s string, n int64) {
		d := time.Duration(n)
		tenths := d.Truncate(100 * time.Millisecond)
		if got, err := pgn.ParseClock(pgn.FormatClock(d)); err != nil || got != tenths {
			t.Fatalf("ParseClock(FormatClock(%d)) = %v, %v; want %v", n, got, err, tenths)
		}
		c, err := pgn.ParseClock(s)
		if err != nil {
			return
		}
		back := pgn.FormatClock(c)
		if again, err := pgn.ParseClock(back); err != nil || again != c.Truncate(100*time.Millisecond) {
			t.Fatalf("%q reads as %v, written %q, read back as %v, %v", s, c, back, again, err)
		}
	})
}
