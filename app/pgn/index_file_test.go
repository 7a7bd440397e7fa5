package pgn_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/pgn"
)

// checkFileIndex checks that indexing data in sections of about section
// bytes gives the index of a sequential reading: the same games, entries,
// errors and tag ids.
func checkFileIndex(t *testing.T, data []byte, section int64) {
	t.Helper()
	want, wantErr := pgn.BuildIndex(context.Background(), bytes.NewReader(data))
	ix := pgn.NewFileIndexerSections(context.Background(), bytes.NewReader(data), int64(len(data)), section)
	err := ix.Run(context.Background(), nil)
	if err == io.EOF {
		err = nil
	}
	if err != wantErr {
		t.Fatalf("sections of %d: error %v, sequential %v", section, err, wantErr)
	}
	got := ix.Index()
	sameIndex(t, got, want, section)
	if err == nil && ix.BytesRead() != int64(len(data)) {
		t.Errorf("sections of %d: %d bytes read of %d", section, ix.BytesRead(), len(data))
	}
}

// sameIndex compares two indexes of the same file.
func sameIndex(t *testing.T, got, want *pgn.Index, section int64) {
	t.Helper()
	if got.Len() != want.Len() || got.NumValues() != want.NumValues() {
		t.Fatalf("sections of %d: %d games and %d values, sequential %d and %d", section, got.Len(), got.NumValues(), want.Len(), want.NumValues())
	}
	for i := range want.Len() {
		if g, w := got.Entry(i), want.Entry(i); !reflect.DeepEqual(g, w) {
			t.Fatalf("sections of %d: game %d is\n%+v, sequential\n%+v", section, i+1, g, w)
		}
		for f := range pgn.NumFields {
			if got.TagID(i, f) != want.TagID(i, f) {
				t.Fatalf("sections of %d: game %d, %s has id %d, sequential %d", section, i+1, f.Name(), got.TagID(i, f), want.TagID(i, f))
			}
		}
	}
	if !reflect.DeepEqual(got.Errors(), want.Errors()) {
		t.Fatalf("sections of %d: errors %v, sequential %v", section, got.Errors(), want.Errors())
	}
}

func TestFileIndexEdgeFiles(t *testing.T) {
	for _, path := range pgnFiles(t, dataDir(t, "edge")) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, section := range []int64{1, 2, 3, 7, 50, 333, 4096, 0} {
				checkFileIndex(t, data, section)
			}
		})
	}
}

func TestFileIndexCorpus(t *testing.T) {
	for _, path := range pgnFiles(t, dataDir(t, "corpus")) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, section := range []int64{4096, 64 << 10, 0} {
				checkFileIndex(t, data, section)
			}
		})
	}
}

// The tricky places to cut of the splitting's tests, and more: a "[Event"
// inside a comment before other tags, bad games on either side of a cut.
func TestFileIndexTrickyCuts(t *testing.T) {
	for _, s := range append(trickyCuts(),
		"[Event \"a\"]\n\n1. e4 {note\n\n[Event \"x\"]\n\n[White \"y\"]\n\n} e5 *\n\n[Event \"b\"]\n\n1. d4 ) *\n",
		"[Event \"a\"]\n\n1. e4 )) *\n\n[Event \"b\"]\n\n1. Zz9 *\n\n[Event \"c\"]\n\n1. d4 *\n",
		threeGames+threeGames+threeGames,
	) {
		for section := int64(1); section < int64(len(s)); section++ {
			checkFileIndex(t, []byte(s), section)
		}
	}
}

func TestFileIndexUTF16(t *testing.T) {
	data := []byte("\xff\xfe[\x00E\x00v\x00e\x00n\x00t\x00 \x00\"\x00a\x00\"\x00]\x00\n\x00\n\x00[\x00E\x00")
	checkFileIndex(t, data, 1)
	checkFileIndex(t, data, 0)
}

// TestFileIndexPausesAndGoesOn: the games come as Run pauses, a
// section at a time, and the snapshots may be read while Run goes on.
func TestFileIndexPausesAndGoesOn(t *testing.T) {
	data := []byte(strings.Repeat(threeGames, 500))
	want, err := pgn.BuildIndex(context.Background(), bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	ix := pgn.NewFileIndexerSections(context.Background(), bytes.NewReader(data), int64(len(data)), 1000)
	snaps := make(chan *pgn.Index)
	go func() {
		defer close(snaps)
		for {
			err := ix.Run(context.Background(), func() bool { return true })
			snaps <- ix.Index()
			if err != nil {
				return
			}
		}
	}()
	var last *pgn.Index
	parts := 0
	for x := range snaps {
		if last != nil && x.Len() < last.Len() {
			t.Fatalf("%d games after %d", x.Len(), last.Len())
		}
		for i := range x.Len() {
			if x.Tag(i, pgn.FieldWhite) != want.Tag(i, pgn.FieldWhite) {
				t.Fatalf("game %d: White %q, want %q", i+1, x.Tag(i, pgn.FieldWhite), want.Tag(i, pgn.FieldWhite))
			}
		}
		last = x
		parts++
	}
	// A section is 1000 bytes and the rest of its last game.
	if parts < len(data)/2000 {
		t.Errorf("%d pauses for %d games in sections of 1000 bytes", parts, want.Len())
	}
	sameIndex(t, last, want, 1000)
}

func TestFileIndexCancelled(t *testing.T) {
	data := []byte(strings.Repeat(threeGames, 2000))
	ctx, cancel := context.WithCancel(context.Background())
	ix := pgn.NewFileIndexerSections(ctx, bytes.NewReader(data), int64(len(data)), 10000)
	n := 0
	err := ix.Run(ctx, func() bool {
		if n++; n == 10 {
			cancel()
		}
		return false
	})
	if err != context.Canceled {
		t.Fatalf("Run returned %v", err)
	}
	// A section is 10,000 bytes and the rest of its last game.
	if got := ix.Index().Len(); got == 0 || got > 2*10*10000*3/len(threeGames) {
		t.Errorf("%d games indexed before the cancel, after 10 sections of 10,000 bytes", got)
	}
}

// errorAt is a file whose bytes from off on cannot be read.
type errorAt struct {
	r   io.ReaderAt
	off int64
	err error
}

func (e errorAt) ReadAt(p []byte, off int64) (int, error) {
	if off >= e.off {
		return 0, e.err
	}
	n, err := e.r.ReadAt(p[:min(int64(len(p)), e.off-off)], off)
	if err == nil && n < len(p) {
		err = e.err
	}
	return n, err
}

func TestFileIndexReadError(t *testing.T) {
	broken := errors.New("disk on fire")
	data := []byte(strings.Repeat(threeGames, 100))
	at := int64(len(data) / 2)
	want, wantErr := pgn.BuildIndex(context.Background(), failingReader(data[:at], broken))
	for _, section := range []int64{100, 1000, 0} {
		ix := pgn.NewFileIndexerSections(context.Background(), errorAt{bytes.NewReader(data), at, broken}, int64(len(data)), section)
		err := ix.Run(context.Background(), nil)
		if !errors.Is(err, broken) || !errors.Is(wantErr, broken) {
			t.Fatalf("Run returned %v, sequential %v", err, wantErr)
		}
		sameIndex(t, ix.Index(), want, section)
	}
}

func TestFileIndexMemoryPerGame(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes 100,000 games")
	}
	const n = 100_000
	in := &playerStream{n: n}
	path := filepath.Join(t.TempDir(), "games.pgn")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := io.Copy(f, in); err != nil {
		t.Fatal(err)
	}
	// As read as one stream: the sections' readers are gone.
	checkIndexMemory(t, in, " read in sections", func() (*pgn.Index, error) {
		return pgn.BuildFileIndex(context.Background(), f, in.read)
	})
}

// gate is a file whose bytes from at on can be read once open is closed:
// a game that runs on for gigabytes, say.
type gate struct {
	r    io.ReaderAt
	at   int64
	open chan struct{}
}

func (g gate) ReadAt(p []byte, off int64) (int, error) {
	if off+int64(len(p)) > g.at {
		<-g.open
	}
	return g.r.ReadAt(p, off)
}

// TestFileIndexPausesWhileASectionIsRead: Run asks pause while it waits
// for a section, and hands over the games before. (A section's reader
// reads 64 kB and more at a time.)
func TestFileIndexPausesWhileASectionIsRead(t *testing.T) {
	data := []byte(strings.Repeat(threeGames, 20000))
	want, err := pgn.BuildIndex(context.Background(), bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	g := gate{r: bytes.NewReader(data), at: int64(len(data) / 2), open: make(chan struct{})}
	ix := pgn.NewFileIndexerSections(context.Background(), g, int64(len(data)), 100_000)
	// Asked after each section too: the sections before the gate are
	// all taken long before the pause, as in the app.
	start := time.Now()
	paused := make(chan error)
	go func() {
		paused <- ix.Run(context.Background(), func() bool { return time.Since(start) > 100*time.Millisecond })
	}()
	select {
	case err := <-paused:
		if err != nil {
			t.Fatalf("Run returned %v, want a pause", err)
		}
	case <-time.After(10 * time.Second):
		close(g.open)
		t.Fatal("Run waits for the section without asking to pause")
	}
	if n := ix.Index().Len(); n == 0 || n >= want.Len() {
		t.Errorf("%d games before the pause, of %d", n, want.Len())
	}
	close(g.open)
	if err := ix.Run(context.Background(), nil); err != io.EOF {
		t.Fatalf("Run returned %v", err)
	}
	sameIndex(t, ix.Index(), want, 100_000)
}
