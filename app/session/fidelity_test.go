package session_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/internal/shared"
	"github.com/echiquier/echiquier/app/pgn"
)

// sharedPGN returns the .pgn files of the shared test data folder sub
// ("edge" or "corpus"), which lives outside the repository; the test is
// skipped without it.
func sharedPGN(t *testing.T, sub string) []string {
	t.Helper()
	return shared.Glob(t, "pgn", sub, "*.pgn")
}

// saveUnchanged writes data to a file, opens it, and saves every step-th
// game of it as it was read, through Save as Ctrl+S does; after each
// save the file must be data, byte for byte. It returns how many games
// were saved.
func saveUnchanged(t *testing.T, name string, data []byte, step int) int {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f := newFixture(t, "")
	c := f.openFile(path)
	saved := 0
	for i := 0; i < c.Index().Len(); i += step {
		if !c.Single() {
			if err := f.s.OpenGame(c, i); err != nil {
				continue // a game that cannot be opened cannot be saved
			}
		} else if f.s.Path() != path {
			break // its only game cannot be opened
		}
		if err := f.s.Save(); err != nil {
			t.Fatalf("%s, game %d: %v", name, i+1, err)
		}
		saved++
		if got, _ := os.ReadFile(path); !bytes.Equal(got, data) {
			t.Fatalf("%s, game %d saved unchanged changed the file:\n%s", name, i+1, firstDifference(got, data))
		}
		if u := f.s.Unkept(); u != (pgn.Unkept{}) {
			t.Errorf("%s, game %d: unkept %+v", name, i+1, u)
		}
	}
	return saved
}

// firstDifference shows where got and want first differ.
func firstDifference(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	from := max(0, i-80)
	return fmt.Sprintf("at byte %d: got …%q…\nwant …%q…", i, got[from:min(len(got), i+80)], want[from:min(len(want), i+80)])
}

// TestAGameSavedUnchangedIsWrittenBackAsRead: Ctrl+S on a game not
// edited wrote it anew: pychess__3fold.pgn lost its "% KNIGHTS_CMD"
// escape lines, chess.js__0.pgn's tag GreatestGameEverPlayed? became
// GreatestGameEverPlayed_, a game of a CR LF file was written with LF.
// Every game of the 59 edge files that opens is now saved byte for byte
// as read.
func TestAGameSavedUnchangedIsWrittenBackAsRead(t *testing.T) {
	saved := 0
	for _, path := range sharedPGN(t, "edge") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		saved += saveUnchanged(t, filepath.Base(path), data, 1)
	}
	if saved < 100 {
		t.Errorf("only %d games of the edge files saved", saved)
	}
}

// TestEveryTenthCorpusGameSavedUnchangedIsWrittenBackAsRead: every tenth
// game of the corpus, saved unchanged in a file of fifty games of its
// own file (the bytes around it as they are there), leaves the file as
// it was.
func TestEveryTenthCorpusGameSavedUnchangedIsWrittenBackAsRead(t *testing.T) {
	if testing.Short() {
		t.Skip("the corpus takes a while: not with -short")
	}
	var saved, games atomic.Int64
	// A file at a time each, as many at a time as there are processors:
	// each save waits for the disk.
	t.Run("files", func(t *testing.T) {
		for _, path := range sharedPGN(t, "corpus") {
			t.Run(filepath.Base(path), func(t *testing.T) {
				t.Parallel()
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				x, err := pgn.BuildIndex(context.Background(), bytes.NewReader(data))
				if err != nil {
					t.Fatal(err)
				}
				games.Add(int64(x.Len()))
				for first := 0; first < x.Len(); first += 50 {
					end := int64(len(data))
					if first+50 < x.Len() {
						end = x.Entry(first + 50).Offset
					}
					saved.Add(int64(saveUnchanged(t, filepath.Base(path), data[x.Entry(first).Offset:end], 10)))
				}
			})
		}
	})
	if saved.Load() < games.Load()/10-50 {
		t.Errorf("%d games saved of %d", saved.Load(), games.Load())
	}
	t.Logf("%d corpus games saved unchanged", saved.Load())
}

// crlfGames is a file of four games with CR LF line breaks, as Windows
// programs write: game 2 has escape lines after its tags and a tag name
// the export format does not allow, an escape line stands before game
// 3, one among game 3's moves, and game 4 has an illegal move on line
// 22.
const crlfGames = "[Event \"1\"]\r\n\r\n1. a3 *\r\n\r\n" +
	"[Event \"2\"]\r\n[Best? \"yes\"]\r\n% KNIGHTS_CMD WhiteType Local\r\n% KNIGHTS_CMD DONE\r\n\r\n1.b3  e5 *\r\n\r\n" +
	"% between games\r\n[Event \"3\"]\r\n\r\n1. c3 e5\r\n% among the moves\r\n2. d4 *\r\n\r\n" +
	"[Event \"4\"]\r\n\r\n1. e4 e5\r\n2. Ke3 *\r\n"

// TestAnEditedGameKeepsWhatItCan: a game of a CR LF file, edited and
// saved, was written with LF line breaks (the file then held both), its
// escape lines dropped and its odd tag name renamed. It keeps them; an
// escape line among moves that changed cannot be kept, and Unkept says
// so. The games after it are still found at their lines.
func TestAnEditedGameKeepsWhatItCan(t *testing.T) {
	path := filepath.Join(t.TempDir(), "crlf.pgn")
	os.WriteFile(path, []byte(crlfGames), 0o644)
	f := newFixture(t, "")
	c := f.openFile(path)
	if err := f.s.OpenGame(c, 1); err != nil {
		t.Fatal(err)
	}
	f.play("g1f3")
	if err := f.s.Save(); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(crlfGames, "1.b3  e5 *", "1. b3 e5 2. Nf3 *", 1)
	if got, _ := os.ReadFile(path); string(got) != want {
		t.Fatalf("game 2 edited and saved:\n%s", firstDifference(got, []byte(want)))
	}
	if u := f.s.Unkept(); u != (pgn.Unkept{}) {
		t.Errorf("unkept %+v", u)
	}

	if err := f.s.OpenGame(c, 2); err != nil {
		t.Fatal(err)
	}
	f.play("d7d5")
	if err := f.s.Save(); err != nil {
		t.Fatal(err)
	}
	want = strings.Replace(want, "1. c3 e5\r\n% among the moves\r\n2. d4 *", "1. c3 e5 2. d4 d5 *", 1)
	if got, _ := os.ReadFile(path); string(got) != want {
		t.Fatalf("game 3 edited and saved:\n%s", firstDifference(got, []byte(want)))
	}
	if u := f.s.Unkept(); u != (pgn.Unkept{EscapeLines: 1}) {
		t.Errorf("unkept %+v, want the escape line among the moves", u)
	}

	// Game 3 is two lines shorter now: game 4's illegal move is on line
	// 20 (it was said to be on line 22, where the index found it).
	var pe *game.PGNError
	if err := f.s.OpenGame(c, 3); !errors.As(err, &pe) || pe.Line != 20 {
		t.Errorf("game 4: %v, want its illegal move at line 20", err)
	}
}

// TestAnEditedGameAloneInItsFileKeepsWhatIsAroundIt: a file of one game
// was written anew whole: its byte-order mark and the escape lines
// before the game were lost.
func TestAnEditedGameAloneInItsFileKeepsWhatIsAroundIt(t *testing.T) {
	text := "\xef\xbb\xbf% saved by Knights\n[Event \"x\"]\n\n1. e4 *\n\n"
	path := filepath.Join(t.TempDir(), "one.pgn")
	os.WriteFile(path, []byte(text), 0o644)
	f := newFixture(t, "")
	f.openFile(path)
	f.play("e7e5")
	if err := f.s.Save(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != "\xef\xbb\xbf% saved by Knights\n[Event \"x\"]\n\n1. e4 e5 *\n\n" {
		t.Errorf("saved %q", got)
	}
	// Saved under another name, it is a file of its own: the game alone,
	// as it is now.
	other := filepath.Join(t.TempDir(), "other.pgn")
	if err := f.s.SaveAs(other); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(other); string(got) != "[Event \"x\"]\n\n1. e4 e5 *\n\n" {
		t.Errorf("saved as %q", got)
	}
}
