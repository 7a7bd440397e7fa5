package collection

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// prose is text of words, as a book or a letter holds: no tag pair, no
// move.
const prose = "The tournament is on Friday at eight; bring a board, a clock and a friend.\n"

func TestLooksLikeFEN(t *testing.T) {
	for text, want := range map[string]bool{
		game.StartFEN: true,
		"  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n": true,
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR":                  true,
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1":              true, // wrong, but meant as a FEN
		"1. e4 e5 2. Nf3":                       false,
		"[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]": false,
		"":                                      false,
		"a/b/c/d/e/f/g/h\nsecond line":          false,
		"1/2 1/2":                               false,
		"Nf3/8 is not a board":                  false,
	} {
		if got := LooksLikeFEN(text); got != want {
			t.Errorf("LooksLikeFEN(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestAPasteOfWordsIsRefusedCheaply: 50 MB of words pasted are refused
// once their first megabyte is looked at, without a copy: they were
// copied, indexed as a game of more than 100000 moves, and said to be
// one.
func TestAPasteOfWordsIsRefusedCheaply(t *testing.T) {
	text := strings.Repeat(prose, 50<<20/len(prose))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	p, err := ReadText(text, time.Now)
	runtime.ReadMemStats(&after)
	var np *NotPGNError
	if p != nil || !errors.As(err, &np) || np.Binary || np.Whole {
		t.Errorf("ReadText = %v, %v; want a *NotPGNError of the first megabyte", p, err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("%d bytes allocated", n)
	}
	if _, err := ReadText("[\x00E\x00v\x00e\x00n\x00t\x00", time.Now); !errors.Is(err, pgn.ErrUTF16) {
		t.Errorf("UTF-16: %v", err)
	}
}
