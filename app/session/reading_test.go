package session_test

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/internal/shared"
	"github.com/echiquier/echiquier/app/pgn"
	"github.com/echiquier/echiquier/app/session"
)

// bound is far beyond what any step of these tests takes: a step that
// has not happened then never will.
const bound = 10 * time.Second

// prose is text of words, as a book or a letter holds: no tag pair, no
// move.
const prose = "The tournament is on Friday at eight; bring a board, a clock and a friend.\n"

// holey writes head to a file, then makes it 10 GB long: the rest is a
// hole, read as NUL bytes at no cost on the disk. Read to its end, such a
// file takes minutes.
func holey(t *testing.T, name, head string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(head); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(10 << 30); err != nil {
		t.Skip("no sparse file of 10 GB here:", err)
	}
	return path
}

// runUntil runs what the background work hands over until done reports
// true, and fails the test if it does not within bound.
func (f *fixture) runUntil(what string, done func() bool) {
	f.t.Helper()
	deadline := time.After(bound)
	for !done() {
		select {
		case fn := <-f.queue:
			fn()
		case <-deadline:
			f.t.Fatalf("%s: not after %v", what, bound)
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// stopped waits until the file of c is no longer read, and fails the
// test if it still is after bound.
func (f *fixture) stopped(what string, c *collection.Collection) {
	f.t.Helper()
	select {
	case <-c.ReadingDone():
	case <-time.After(bound):
		c.Stop() // so that the rest of the tests do not pay for it
		f.t.Fatalf("%s: the file is still read after %v", what, bound)
	}
	if state, _, _, _ := c.State(); state == collection.Indexing {
		f.t.Errorf("%s: the list still says it is read", what)
	}
}

// problem returns the problem told since the last call, or nil.
func (f *fixture) problem() error {
	for _, e := range f.rec.events {
		if e.Problem != nil {
			return e.Problem
		}
	}
	return nil
}

// TestAFileThatIsNotPGNIsRefusedAtOnce: a file of zeros or of prose,
// however large, is refused once its first megabyte is read, and says
// why; it was read to its end first, with nothing on screen, at some
// tens of megabytes a second.
func TestAFileThatIsNotPGNIsRefusedAtOnce(t *testing.T) {
	words := strings.Repeat(prose, 3<<20/len(prose))
	for name, tc := range map[string]struct {
		path func(t *testing.T) string
		want collection.NotPGNError
	}{
		"10 GB of zeros": {func(t *testing.T) string { return holey(t, "d.bin", "") }, collection.NotPGNError{Binary: true}},
		"a megabyte of words, then 10 GB of zeros": {func(t *testing.T) string { return holey(t, "book.pgn", words) },
			collection.NotPGNError{}},
		"3 MB of words": {func(t *testing.T) string {
			path := filepath.Join(t.TempDir(), "book.txt")
			os.WriteFile(path, []byte(words), 0o644)
			return path
		}, collection.NotPGNError{}},
		"a page of words": {func(t *testing.T) string {
			path := filepath.Join(t.TempDir(), "letter.pgn")
			os.WriteFile(path, []byte(prose), 0o644)
			return path
		}, collection.NotPGNError{Whole: true}},
	} {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, "")
			f.play("e2e4")
			f.rec.take()
			c, err := f.s.Open(tc.path(t))
			if err != nil {
				t.Fatal(err)
			}
			f.runUntil("the refusal", func() bool { return f.problem() != nil || f.rec.take()&session.CollectionOpened != 0 })
			var fe *collection.FileError
			var np *collection.NotPGNError
			if err := f.problem(); !errors.As(err, &fe) || !errors.As(err, &np) || *np != tc.want {
				t.Errorf("told %v, want a *FileError of %+v", err, tc.want)
			}
			f.stopped("refused", c)
			if state, _, read, _ := c.State(); state != collection.Failed || read > 2<<20 {
				t.Errorf("state %d after %d bytes read", state, read)
			}
			if f.history() != "e4" || !f.s.Dirty() {
				t.Errorf("the game on screen changed: %q", f.history())
			}
		})
	}
}

// games is more than a megabyte of games: their list is shown while the
// rest of the file is read.
func games() string {
	one := "[White \"Ann\"]\n[Black \"Ben\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
	return strings.Repeat(one, 2<<20/len(one))
}

// openListed opens a file of many games that reads for minutes, and
// runs what its indexing hands over until its list is shown.
func (f *fixture) openListed() *collection.Collection {
	f.t.Helper()
	c, err := f.s.Open(holey(f.t, "many.pgn", games()))
	if err != nil {
		f.t.Fatal(err)
	}
	f.runUntil("the list", func() bool { return f.rec.take()&session.CollectionOpened != 0 })
	if state, _, _, _ := c.State(); state != collection.Indexing {
		f.t.Fatalf("state %d: the file should still be read", state)
	}
	return c
}

// TestReadingStopsWhenWhatItFeedsIsReplaced: a file whose list was shown
// and none of whose games was opened is read no longer once another
// file, a paste or a new game takes its place; /dev/zero went on being
// read after another game was pasted.
func TestReadingStopsWhenWhatItFeedsIsReplaced(t *testing.T) {
	for name, replace := range map[string]func(f *fixture){
		"another file": func(f *fixture) {
			path := filepath.Join(t.TempDir(), "other.pgn")
			os.WriteFile(path, []byte("[White \"A\"]\n\n1. d4 *\n\n[White \"B\"]\n\n1. c4 *\n"), 0o644)
			if _, err := f.s.Open(path); err != nil {
				f.t.Fatal(err)
			}
		},
		"a game pasted": func(f *fixture) {
			p, err := collection.ReadText("1. d4 d5 *", f.clock.now)
			if err != nil {
				f.t.Fatal(err)
			}
			f.s.OpenPaste(p)
		},
		"games pasted": func(f *fixture) {
			p, err := collection.ReadText("[White \"A\"]\n\n1. d4 *\n\n[White \"B\"]\n\n1. c4 *\n", f.clock.now)
			if err != nil {
				f.t.Fatal(err)
			}
			f.s.OpenPaste(p)
		},
		"a new game": func(f *fixture) {
			g, _ := game.New(game.Options{})
			f.s.NewGame(g)
		},
	} {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, "")
			c := f.openListed()
			replace(f)
			f.stopped(name, c)
		})
	}
}

// TestTheFileOfTheGameOnScreenIsStillRead: the file a game on screen
// comes from goes on being read while another file is only offered,
// for the next and previous games; it stops once a game of another file
// takes its place.
func TestTheFileOfTheGameOnScreenIsStillRead(t *testing.T) {
	f := newFixture(t, "")
	c := f.openListed()
	defer c.Stop()
	if err := f.s.OpenGame(c, 1); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "other.pgn")
	os.WriteFile(path, []byte("[White \"A\"]\n\n1. d4 *\n\n[White \"B\"]\n\n1. c4 *\n"), 0o644)
	other, err := f.s.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	f.drain(other)
	select {
	case <-c.ReadingDone():
		t.Fatal("the file of the game on screen is no longer read")
	default:
	}
	if err := f.s.OpenGame(other, 1); err != nil {
		t.Fatal(err)
	}
	f.stopped("a game of another file opened", c)
}

// TestAHugeCommentIsSaidToBeOne: a game whose one comment is far longer
// than a game may hold is said to have a comment too long (it said "too
// many comments, glyphs and tags"), and reading it costs little memory.
// The comment is a hole of the file, zeros at no cost on the disk, after
// a first megabyte of words.
func TestAHugeCommentIsSaidToBeOne(t *testing.T) {
	f := newFixture(t, "")
	path := filepath.Join(t.TempDir(), "big.pgn")
	file, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	file.WriteString("[Event \"Huge\"]\n\n1. e4 {" + strings.Repeat(prose, 1<<20/len(prose)))
	if _, err := file.WriteAt([]byte("} e5 *\n"), 8*pgn.MaxNotes); err != nil {
		t.Fatal(err)
	}
	file.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	c, err := f.s.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	f.drain(c)
	runtime.ReadMemStats(&after)
	var se *pgn.SyntaxError
	if errs := c.Index().Errors(); len(errs) != 1 || !errors.As(errs[0].Err, &se) || se.Kind != pgn.SyntaxCommentTooLong || se.Line != 3 {
		t.Errorf("errors %v, want the comment of line 3 too long", errs)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 16<<20 {
		t.Errorf("%d MB allocated to index a game of %d MB", n>>20, 8*pgn.MaxNotes>>20)
	}
}

// TestABinaryByteCostsOnlyItsGame: one rule for damaged bytes, whatever
// the size of the file. A NUL at offset 300,000 of a file of 400 kB
// refused the whole file ("it holds binary data"), while the same NUL in
// a file larger than the megabyte looked at first cost one game: now it
// costs the game it falls in, in both. A file whose start is binary is
// refused as binary in both.
func TestABinaryByteCostsOnlyItsGame(t *testing.T) {
	one := "[White \"Ann\"]\n[Black \"Ben\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
	texts := map[string]string{
		"400 kB": strings.Repeat(one, 400_000/len(one)),
		"1.5 MB": strings.Repeat(one, 1_500_000/len(one)),
	}
	data, err := os.ReadFile(shared.Path(t, "pgn", "corpus", "Capablanca.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	texts["Capablanca.pgn"] = string(data)
	for name, text := range texts {
		t.Run(name, func(t *testing.T) {
			damaged := []byte(text)
			damaged[300_000] = 0
			path := filepath.Join(t.TempDir(), "damaged.pgn")
			os.WriteFile(path, damaged, 0o644)
			f := newFixture(t, "")
			c := f.openFile(path)
			if err := f.problem(); err != nil {
				t.Fatalf("the file was refused: %v", err)
			}
			x := c.Index()
			errs := x.Errors()
			if len(errs) != 1 || c.GoodGames() != x.Len()-1 {
				t.Fatalf("%d games, %d refused, %d good; want one refused", x.Len(), len(errs), c.GoodGames())
			}
			if e := x.Entry(errs[0].Index); e.Offset > 300_000 || e.Offset+e.Length <= 300_000 {
				t.Errorf("the game refused is at %d+%d, not where the NUL is", e.Offset, e.Length)
			}

			picture := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00\x00\x00\x01\x00\x08\x06\x00\x00\x00"), text...)
			os.WriteFile(path, picture, 0o644)
			c, err := f.s.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			f.drain(c)
			var np *collection.NotPGNError
			if err := f.problem(); !errors.As(err, &np) || !np.Binary {
				t.Errorf("a file that starts binary: told %v", err)
			}
		})
	}
}
