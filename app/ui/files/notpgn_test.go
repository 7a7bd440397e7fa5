package files

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/ui/kit"
)

// prose is text of words, as a book or a letter holds: no tag pair, no
// move.
const prose = "The tournament is on Friday at eight; bring a board, a clock and a friend.\n"

func TestPastesThatHoldNoGameSayWhatTheyHold(t *testing.T) {
	// 50 MB of words said "more than 100000 moves in the game", and a
	// paste in UTF-16 "the file is in UTF-16".
	for name, tc := range map[string]struct{ text, want string }{
		"50 MB of words":  {strings.Repeat(prose, 50<<20/len(prose)), "Its first megabyte holds no tag pair and no move: the rest was not read."},
		"a page of words": {prose, "It holds no tag pair and no move."},
		"UTF-16":          {"[\x00E\x00v\x00e\x00n\x00t\x00 \x00\"\x00", "The text on the clipboard is in UTF-16, which is not read: only UTF-8 text is."},
	} {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t)
			h.Play("e2e4")
			h.clipboard().SetContent(tc.text)
			h.Shortcut(kit.Paste)
			h.WantDialog("The clipboard holds neither a position (FEN) nor a game (PGN).")
			h.WantDialog(tc.want)
			if got := h.DialogText(); strings.Contains(got, "moves in the game") || strings.Contains(got, "file") {
				t.Errorf("the dialog says %q", got)
			}
			if h.History() != "e4" || !h.s.Dirty() {
				t.Errorf("the game changed: %q", h.History())
			}
		})
	}
}

func TestAPasteTooLongIsRefusedWithoutACopy(t *testing.T) {
	// The text was copied whole before its length was looked at.
	h := newHarness(t)
	h.clipboard().SetContent(strings.Repeat("1. e4 e5 ", (collection.MaxPasteBytes+1)/9+1))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	h.Shortcut(kit.Paste)
	runtime.ReadMemStats(&after)
	h.WantDialog("The text on the clipboard is too long to be pasted.")
	if n := after.TotalAlloc - before.TotalAlloc; n > 8<<20 {
		t.Errorf("%d MB allocated", n>>20)
	}
}

func TestOpeningAFileOfZerosSaysItIsNotPGN(t *testing.T) {
	// 10 GB of zeros were read to their end, with nothing on screen.
	h := newHarness(t)
	h.Play("e2e4")
	path := filepath.Join(t.TempDir(), "d.bin")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(10 << 30); err != nil {
		t.Skip("no sparse file of 10 GB here:", err)
	}
	f.Close()
	h.open(path)
	h.WantDialog("Could not open d.bin:")
	h.WantDialog("It is not a PGN file: it starts with binary data, not text.")
	h.WantDialog("The game on screen is unchanged.")
	if h.History() != "e4" || !h.s.Dirty() {
		t.Errorf("the game changed: %q", h.History())
	}
}

func TestAPasteOfAChessBookSaysItsWordsCountAsMoves(t *testing.T) {
	// Words after a move read as the moves of a game: past 100000 of
	// them, the message said "more than 100000 moves", though they were
	// words.
	h := newHarness(t)
	h.Play("e2e4")
	h.clipboard().SetContent("1. e4 " + strings.Repeat(prose, 50<<20/len(prose)))
	h.Shortcut(kit.Paste)
	h.WantDialog("more than 100000 moves in the game, side lines included (any word among the moves counts as one)")
	h.WantDialog(": The tournament is on Friday at eight") // the line where the limit is reached
	if h.History() != "e4" || !h.s.Dirty() {
		t.Errorf("the game changed: %q", h.History())
	}
}
