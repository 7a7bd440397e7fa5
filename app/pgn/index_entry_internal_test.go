package pgn

import (
	"errors"
	"testing"
)

// An entry keeps what a game's header says even where the header's
// numbers are far beyond a small file's, and saturates what it cannot.
func TestEntryKeepsLargeNumbers(t *testing.T) {
	ix := NewIndexer(nil)
	mustAdd(t, ix, &Header{Offset: 5 << 40, Length: 1234, Line: 4_000_000_000, Plies: MaxMoves + 1})
	mustAdd(t, ix, &Header{Offset: MaxFileSize, Length: 5 << 30, Line: 5_000_000_000, Plies: 7})
	x := ix.Index()
	if e := x.Entry(0); e.Offset != 5<<40 || e.Length != 1234 || e.Line != 4_000_000_000 || e.Plies != MaxMoves+1 {
		t.Errorf("first game: %+v", e)
	}
	if e := x.Entry(1); e.Offset != MaxFileSize || e.Length != 1<<32-1 || e.Line != 1<<32-1 || e.Plies != 7 {
		t.Errorf("second game: %+v", e)
	}
	if _, err := x.ReadGame(nil, 1); err == nil {
		t.Error("a game said to be longer than MaxGameBytes was read")
	}
}

// A game past MaxFileSize is not recorded.
func TestIndexStopsPastMaxFileSize(t *testing.T) {
	ix := NewIndexer(nil)
	if err := ix.add(&Header{Offset: MaxFileSize + 1}, nil); !errors.Is(err, ErrFileTooLarge) {
		t.Errorf("add: %v", err)
	}
	if n := ix.Index().Len(); n != 0 {
		t.Errorf("%d games indexed", n)
	}
}

func mustAdd(t *testing.T, ix *Indexer, h *Header) {
	t.Helper()
	if err := ix.add(h, nil); err != nil {
		t.Fatal(err)
	}
}
