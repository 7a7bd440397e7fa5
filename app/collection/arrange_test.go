package collection

import (
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game/gametest"
	"github.com/echiquier/echiquier/app/pgn"
)

// compared lists the good games of x that pass p's filter and sorts them
// with Order's compare, as the list did before it was sorted by ranks.
func compared(x *pgn.Index, p plan) []int32 {
	o := &Order{x: x, plan: p, match: make([][]uint8, len(p.words))}
	var rows []int32
	for i := range x.Len() {
		if x.Err(i) == nil && o.matches(i) {
			rows = append(rows, int32(i))
		}
	}
	slices.SortFunc(rows, o.compareRows)
	return rows
}

// checkArrange checks that arrange gives the order of compare, for every
// column both ways, with and without the filters.
func checkArrange(t *testing.T, x *pgn.Index, filters ...[]string) {
	t.Helper()
	for _, words := range append(filters, nil) {
		for by := range NumColumns {
			for _, desc := range []bool{false, true} {
				p := plan{by: by, desc: desc, words: words}
				got, _, err := arrange(context.Background(), x, x.Len(), p, nil)
				if err != nil {
					t.Fatal(err)
				}
				if want := compared(x, p); !slices.Equal(got, want) {
					t.Fatalf("%+v: %d rows, %v…, want %d rows, %v…", p, len(got), got[:min(8, len(got))], len(want), want[:min(8, len(want))])
				}
			}
		}
	}
}

func TestArrangeSortsAsCompare(t *testing.T) {
	// Values that fold alike (carlsen, Carlsen), missing tags, a bad
	// game, equal plies.
	text := orderGames + gametest.PGNGame("White=Carlsen Black=Anand Date=2019.05.01", 10) + gametest.PGNGame("Black=Ünal", 3)
	checkArrange(t, buildIndex(t, text), []string{"carlsen"}, []string{"2019", "anand"})
}

func TestArrangeSortsTheCorpusAsCompare(t *testing.T) {
	x := corpusIndex(t)
	checkArrange(t, x, []string{"carlsen"}, []string{"2019"})
}

func TestArrangeKeepsOnlyTheSetGiven(t *testing.T) {
	x := buildIndex(t, orderGames)
	got, _, err := arrange(context.Background(), x, x.Len(), plan{by: ColWhite, only: setOf(0, 3, 4, 99)}, nil)
	if err != nil || !slices.Equal(got, []int32{4, 0}) {
		t.Errorf("rows %v (%v), want [4 0]", got, err)
	}
}

func TestArrangeIsCalledOff(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	x := buildIndex(t, orderGames)
	if _, _, err := arrange(ctx, x, x.Len(), plan{by: ColWhite}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("arrange after the cancel: %v", err)
	}
}

func TestRadixSortIsStable(t *testing.T) {
	keys := []uint32{3, 1 << 20, 3, 0, 1 << 31, 1 << 20, 0, 7}
	rows := []int32{0, 1, 2, 3, 4, 5, 6, 7}
	radixSort(keys, rows)
	if want := []int32{3, 6, 0, 2, 7, 1, 5, 4}; !slices.Equal(rows, want) {
		t.Errorf("rows %v, want %v", rows, want)
	}
}

// TestALongListIsSortedInTheBackground: the list stays as it was while a
// long list is sorted, says it is busy once it takes long, and a newer
// sort calls off an older one, whose result never shows.
func TestALongListIsSortedInTheBackground(t *testing.T) {
	x := buildIndex(t, orderGames)
	o := newOrder(x)
	queue := make(chan func(), 16)
	changes := 0
	o.post, o.changed, o.atOnce = func(f func()) { queue <- f }, func() { changes++ }, 0
	gate := make(chan struct{})
	started := make(chan plan, 2)
	o.arrange = func(ctx context.Context, x *pgn.Index, n int, p plan, folded []string) ([]int32, []string, error) {
		started <- p
		select {
		case <-gate:
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		}
		return arrange(ctx, x, n, p, folded)
	}
	o.SortBy(ColWhite)
	<-started
	if by, _ := o.SortedBy(); by != ColWhite || !slices.Equal(o.rows, []int32{0, 1, 2, 4}) || o.Busy() != NotBusy {
		t.Fatalf("while sorting: by %v, rows %v, busy %v", by, o.rows, o.Busy())
	}
	(<-queue)() // the work takes long
	if o.Busy() != Sorting || changes != 1 || !slices.Equal(o.rows, []int32{0, 1, 2, 4}) {
		t.Fatalf("after a while: busy %v, %d changes told, rows %v", o.Busy(), changes, o.rows)
	}
	o.SortBy(ColMoves)
	<-started
	close(gate)
	for o.Busy() != NotBusy || changes < 2 {
		(<-queue)()
	}
	if !slices.Equal(o.rows, []int32{2, 0, 4, 1}) {
		t.Errorf("sorted by moves: %v", o.rows)
	}
	select {
	case f := <-queue:
		f()
		if !slices.Equal(o.rows, []int32{2, 0, 4, 1}) {
			t.Errorf("the sort called off showed: %v", o.rows)
		}
	default:
	}
}

// TestGameOrderLeavesOutBadGamesIndexedLater: a bad game read after the
// first part of the file is not listed either (it was: the games left out
// were those of the first part's index).
func TestGameOrderLeavesOutBadGamesIndexedLater(t *testing.T) {
	ix := pgn.NewIndexer(strings.NewReader(orderGames))
	n := 0
	if err := ix.Run(context.Background(), func() bool { n++; return n == 2 }); err != nil {
		t.Fatal(err)
	}
	o := newOrder(ix.Index())
	if err := ix.Run(context.Background(), nil); err != io.EOF {
		t.Fatal(err)
	}
	o.grow(ix.Index())
	if !slices.Equal(o.rows, []int32{0, 1, 2, 4}) {
		t.Errorf("rows %v, want [0 1 2 4]", o.rows)
	}
}

func TestMergeSorted(t *testing.T) {
	compare := func(p, q int32) int { return int(p/10 - q/10) } // alike by tens
	for _, tc := range []struct{ a, b, want []int32 }{
		{[]int32{10, 20, 30}, []int32{5, 25, 35}, []int32{5, 10, 20, 25, 30, 35}},
		{[]int32{10, 11, 20}, []int32{12, 13}, []int32{10, 11, 12, 13, 20}},
		{nil, []int32{1, 2}, []int32{1, 2}},
		{[]int32{1, 2}, nil, []int32{1, 2}},
		{[]int32{50}, []int32{1, 2, 3}, []int32{1, 2, 3, 50}},
	} {
		if got := mergeSorted(slices.Clone(tc.a), tc.b, compare); !slices.Equal(got, tc.want) {
			t.Errorf("merge %v and %v: %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
