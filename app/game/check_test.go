package game_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/internal/shared"
	"github.com/echiquier/echiquier/app/pgn"
)

// raceOrShort reports whether the tests should do less: under -short,
// or under -race (the package's raceDetector constant is internal).
func raceOrShort() bool { return testing.Short() || game.RaceEnabled }

// errorTexts returns the messages of errs.
func errorTexts(errs []error) []string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = e.Error()
	}
	return out
}

// TestCheckPGNAgreesWithReadPGN: on every edge file, CheckPGN, on one to
// three workers, counts every game and reports the same errors as
// ReadPGNWith, in the same order.
func TestCheckPGNAgreesWithReadPGN(t *testing.T) {
	files := shared.Glob(t, "pgn", "edge", "*.pgn")
	files = append(files, "") // and the text below
	reported := 0
	for _, f := range files {
		data := []byte(badGames)
		if f != "" {
			var err error
			if data, err = os.ReadFile(f); err != nil {
				t.Fatal(err)
			}
		}
		games, readErrs := game.ReadPGNWith(bytes.NewReader(data), nil)
		want := errorTexts(readErrs)
		headers := countGames(t, data)
		for workers := 1; workers <= 3; workers++ {
			n, errs := game.CheckPGN(bytes.NewReader(data), workers)
			if got := errorTexts(errs); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s, %d workers: errors\n%s\nwant (ReadPGNWith)\n%s", filepath.Base(f), workers,
					strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if n != headers || n < len(games) {
				t.Errorf("%s, %d workers: %d games, the file has %d (%d read)", filepath.Base(f), workers, n, headers, len(games))
			}
			for _, e := range errs {
				var pe *game.PGNError
				if !errors.As(e, &pe) || pe.Game < 1 || pe.Game > n {
					t.Errorf("%s: error without a good game number: %v", filepath.Base(f), e)
				}
			}
		}
		reported += len(want)
	}
	if reported < 20 {
		t.Errorf("only %d errors in the edge files: the test proves little", reported)
	}
}

// countGames counts the games of data as the PGN reader sees them.
func countGames(t *testing.T, data []byte) int {
	t.Helper()
	rd := pgn.NewReader(bytes.NewReader(data))
	n := 0
	for {
		h, err := rd.NextHeader()
		if err == io.EOF {
			return n
		}
		if err != nil {
			t.Fatal(err)
		}
		if h != nil {
			n++
		}
	}
}

// badGames has errors in main lines and in variations, at several
// depths, between good games.
const badGames = `[White "A"]
[Black "B"]

1. e4 e5 2. Nf3 (2. Ke3 Nc6) Nc6 *

[White "C"]
[Black "D"]

1. d4 d5 2. c4 (2. Nf3 Nf6 (2... Bf5 3. Bf4 (3. Qd3 Bxd3) e6 4. e3 Kd7 5. Bd3 Ke8 6. Ke2 O-O)) e6 *

[White "E"]
[Black "F"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *

[White "G"]
[Black "H"]

1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 5. Nf3 Bf5 6. Ne5 c6 7. g4 Be4 8. f3 Bg6 9. h4 Nbd7 10. Bd2 Qb6 11. Nc4 Qxd4 12. Kf2 *

[White "I"]
[Black "J"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# Ke7 *

[White "K"]
[Black "L"]
[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]
[SetUp "1"]

1. O-O Kd7 2. Rd1+ Kc6 3. Kg2 (3. O-O) Kb5 *

[White "M"]
[Black "N"]

1. Nf3 Nf6 2. Nc3 Nc6 3. Nb5 (3. e4 e5) Nb4 4. a3 (4. Nd4) *
`

// TestCheckPGNErrorsInVariations: an illegal move inside a variation is
// reported with its game, line and text, as FromPGN reports it.
func TestCheckPGNErrorsInVariations(t *testing.T) {
	n, errs := game.CheckPGN(strings.NewReader(badGames), 2)
	if n != 7 {
		t.Errorf("%d games, want 7", n)
	}
	want := []struct {
		game, line int
		text, msg  string
		reason     game.MoveReason
	}{
		{1, 4, "Ke3", "the white king cannot move to e3", game.RefusedNoneCanReach},
		{2, 9, "O-O", "Black can no longer castle kingside", game.RefusedCastlingRightLost},
		{4, 19, "Kf2", "it would leave the white king in check", game.RefusedExposesKing},
		{5, 24, "Ke7", "Black is in check, and this move does not get out of it", game.RefusedStillInCheck},
		{6, 31, "O-O", "White can no longer castle kingside", game.RefusedCastlingRightLost},
		{7, 36, "Nd4", "it could be Nfd4 or Nbd4", game.RefusedAmbiguous},
	}
	if len(errs) != len(want) {
		t.Fatalf("%d errors, want %d: %v", len(errs), len(want), errs)
	}
	for i, w := range want {
		var pe *game.PGNError
		var me *game.MoveError
		if !errors.As(errs[i], &pe) || !errors.As(errs[i], &me) {
			t.Errorf("error %d is not a *PGNError of a *MoveError: %v", i, errs[i])
			continue
		}
		if pe.Game != w.game || pe.Line != w.line || pe.Text != w.text || me.Reason != w.reason ||
			!strings.Contains(errs[i].Error(), w.msg) {
			t.Errorf("error %d: %v; want game %d, line %d, %q: %s", i, errs[i], w.game, w.line, w.text, w.msg)
		}
	}
}

// TestCheckPGNCorpus: every game of the real-game corpus is legal, and
// CheckPGN on two workers finds no error in it (two files under -short
// or -race).
func TestCheckPGNCorpus(t *testing.T) {
	files := shared.Glob(t, "pgn", "corpus", "*.pgn")
	want := 32570
	if raceOrShort() {
		files = []string{filepath.Join(filepath.Dir(files[0]), "Capablanca.pgn"), filepath.Join(filepath.Dir(files[0]), "Fischer.pgn")}
		want = 0
	}
	total := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n, errs := game.CheckPGN(bytes.NewReader(data), 2)
		for _, e := range errs {
			t.Errorf("%s: %v", filepath.Base(f), e)
		}
		if n < 100 {
			t.Errorf("%s: only %d games", filepath.Base(f), n)
		}
		total += n
	}
	if want > 0 && total != want {
		t.Errorf("%d games in the corpus, want %d", total, want)
	}
}

// TestCheckPGNReadError: a read error ends the check; it is reported
// after the errors of the games before it, as ReadPGNWith reports it.
func TestCheckPGNReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	text := badGames + "\n[White \"X\"]\n\n1. e4 e5 2. Nf3"
	_, want := game.ReadPGNWith(failingReader([]byte(text), boom), nil)
	n, errs := game.CheckPGN(failingReader([]byte(text), boom), 2)
	if strings.Join(errorTexts(errs), "\n") != strings.Join(errorTexts(want), "\n") {
		t.Errorf("errors\n%s\nwant\n%s", strings.Join(errorTexts(errs), "\n"), strings.Join(errorTexts(want), "\n"))
	}
	if len(errs) == 0 || !errors.Is(errs[len(errs)-1], boom) {
		t.Errorf("the read error is not last: %v", errs)
	}
	if n < 7 {
		t.Errorf("%d games", n)
	}
}

// repeatReader yields the same text count times, without holding more
// than one copy. With a probe, it calls it before every copy whose index
// is a multiple of every: at the same points of the stream on every run.
type repeatReader struct {
	text  string
	count int
	rest  string
	read  int
	every int
	probe func()
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.rest == "" {
		if r.count == 0 {
			return 0, io.EOF
		}
		if r.probe != nil && r.read%r.every == 0 {
			r.probe()
		}
		r.count--
		r.read++
		r.rest = r.text
	}
	n := copy(p, r.rest)
	r.rest = r.rest[n:]
	return n, nil
}

// TestCheckPGNBoundedMemory checks a stream far larger than the memory
// CheckPGN may keep: the live heap, measured by a collection every 2,000
// games read (at the same points of the stream on every run, whatever
// the speed of the machine), grows by a few megabytes at most throughout
// (what the workers allocate while a collection runs counts as live:
// hence the margin). Under -race or -short the stream is smaller, 24 MB
// instead of 60 MB, still three times the bound.
func TestCheckPGNBoundedMemory(t *testing.T) {
	games := 100_000 // about 60 MB
	if raceOrShort() {
		games = 40_000
	}
	const every = 2000
	base := liveHeap()
	var peak uint64
	samples := 0
	stream := &repeatReader{text: typicalGame + "\n", count: games, every: every, probe: func() {
		peak = max(peak, liveHeap())
		samples++
	}}
	n, errs := game.CheckPGN(stream, 2)
	if n != games || len(errs) != 0 {
		t.Fatalf("%d games, errors %v", n, errs)
	}
	const limit = 8 << 20
	grew := peak - min(base, peak)
	size := games * (len(typicalGame) + 1) >> 20
	if grew > limit {
		t.Errorf("live heap grew by %d MB reading %d MB", grew>>20, size)
	}
	if samples != games/every {
		t.Errorf("%d samples of the heap, want %d", samples, games/every)
	}
	t.Logf("live heap grew by %.1f MB at most over %d samples, reading %d MB of PGN", float64(grew)/(1<<20), samples, size)
}

// liveHeap returns the bytes of the heap that a collection, run here,
// found still in use: what is allocated after it does not count.
func liveHeap() uint64 {
	runtime.GC()
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(live)
	return live[0].Value.Uint64()
}

// failingReader returns data, then err: a read error part-way.
func failingReader(data []byte, err error) io.Reader {
	return io.MultiReader(bytes.NewReader(data), iotest.ErrReader(err))
}
