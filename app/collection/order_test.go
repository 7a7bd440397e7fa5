package collection

import (
	"context"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game/gametest"
	"github.com/echiquier/echiquier/app/internal/shared"
	"github.com/echiquier/echiquier/app/pgn"
)

func buildIndex(t *testing.T, text string) *pgn.Index {
	t.Helper()
	x, err := pgn.BuildIndex(context.Background(), strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// orderGames is a file of five games; game 4 has a syntax error.
var orderGames = gametest.PGNGame("White=Ünal Black=Carlsen Date=2019.05.01 Event=Grenke", 10) +
	gametest.PGNGame("White=Anand Black=Kasparov Date=1995.09.11 Event=PCA_World_Championship", 40) +
	gametest.PGNGame("White=carlsen Black=Łukasz Date=2021.??.?? Event=Olympiad", 3) +
	"[White \"Broken\"]\n\n1. e4 ) *\n\n" +
	gametest.PGNGame("White=Bacrot Black=Anand Date=2019.12.30 Event=Rapid", 20)

func newTestOrder(t *testing.T) *Order {
	x := buildIndex(t, orderGames)
	return newOrder(x)
}

func TestGameOrderLeavesBadGamesOut(t *testing.T) {
	o := newTestOrder(t)
	if !slices.Equal(o.rows, []int32{0, 1, 2, 4}) {
		t.Errorf("rows %v", o.rows)
	}
}

func TestGameOrderSorts(t *testing.T) {
	o := newTestOrder(t)
	for _, tt := range []struct {
		by   Column
		want []int32
		what string
	}{
		{ColWhite, []int32{1, 4, 2, 0}, "by White (Anand, Bacrot, carlsen, Ünal)"},
		{ColWhite, []int32{0, 2, 4, 1}, "by White, reversed"},
		{ColMoves, []int32{2, 0, 4, 1}, "by moves"},
		{ColDate, []int32{1, 0, 4, 2}, "by date"},
	} {
		o.sortBy(tt.by)
		if !slices.Equal(o.rows, tt.want) {
			t.Errorf("%s: %v, want %v", tt.what, o.rows, tt.want)
		}
	}
}

func TestGameOrderFilters(t *testing.T) {
	o := newTestOrder(t)
	for _, tt := range []struct {
		filter string
		want   []int32
	}{
		{"carlsen", []int32{0, 2}},
		{"CARLSEN 2019", []int32{0}},
		{"unal", []int32{0}},
		{"lukasz", []int32{2}},
		{"anand", []int32{1, 4}},
		{"world championship", []int32{1}},
		{"2019", []int32{0, 4}},
		{"nobody", nil},
		{"", []int32{0, 1, 2, 4}},
	} {
		o.setFilter(tt.filter)
		if !slices.Equal(o.rows, tt.want) {
			t.Errorf("filter %q: %v, want %v", tt.filter, o.rows, tt.want)
		}
	}
}

func TestGameOrderGrowsInPlace(t *testing.T) {
	// The index arrives in two parts while sorted and filtered: the new
	// games go where they belong.
	all := orderGames + gametest.PGNGame("White=Aronian Black=Carlsen Date=2020.01.01", 6)
	ix := pgn.NewIndexer(strings.NewReader(all))
	n := 0
	if err := ix.Run(context.Background(), func() bool { n++; return n == 2 }); err != nil {
		t.Fatal(err)
	}
	part := ix.Index()
	o := newOrder(part)
	o.sortBy(ColWhite)
	o.setFilter("carlsen")
	if !slices.Equal(o.rows, []int32{0}) {
		t.Fatalf("first part: %v", o.rows)
	}
	if err := ix.Run(context.Background(), nil); err.Error() != "EOF" {
		t.Fatal(err)
	}
	o.grow(ix.Index())
	if !slices.Equal(o.rows, []int32{5, 2, 0}) {
		t.Errorf("after the rest: %v (Aronian, carlsen, Ünal)", o.rows)
	}
}

func TestGameOrderNeighbour(t *testing.T) {
	o := newTestOrder(t)
	o.sortBy(ColWhite) // 1 4 2 0
	none := func(int) bool { return false }
	for _, tt := range []struct{ from, dir, want int }{
		{4, 1, 2}, {4, -1, 1}, {3, 1, 1}, {3, -1, 0}, {0, 1, -1}, {1, -1, -1},
	} {
		got, ok := o.neighbour(tt.from, tt.dir, none)
		if !ok {
			got = -1
		}
		if got != tt.want {
			t.Errorf("from game %d in direction %d: %d, want %d", tt.from, tt.dir, got, tt.want)
		}
	}
	if got, _ := o.neighbour(4, 1, func(i int) bool { return i == 2 }); got != 0 {
		t.Errorf("skipping game 2: %d", got)
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"Carlsen": "carlsen", "Ünal": "unal", "Łukasz Świercz": "lukasz swiercz",
		"Straße": "strasse", "Ørnulf": "ornulf", "Nguyễn": "nguyen",
		// Marks go in every script; what is typed is folded the same way.
		"Алексей": "алексеи",
	} {
		if got := fold(in); got != want {
			t.Errorf("fold(%q) = %q, want %q", in, got, want)
		}
	}
}

// corpusIndex indexes the whole shared corpus as one file, or skips.
func corpusIndex(b testing.TB) *pgn.Index {
	b.Helper()
	paths := shared.Glob(b, "pgn", "corpus", "*.pgn")
	var readers []io.Reader
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		readers = append(readers, f, strings.NewReader("\n\n"))
	}
	x, err := pgn.BuildIndex(context.Background(), io.MultiReader(readers...))
	if err != nil {
		b.Fatal(err)
	}
	return x
}

// BenchmarkPickerFilterCorpus filters the 32,570 games of the corpus as
// a name is typed, one letter more each time.
func BenchmarkPickerFilterCorpus(b *testing.B) {
	x := corpusIndex(b)
	o := newOrder(x)
	typed := "carlsen 2019"
	for b.Loop() {
		for n := 1; n <= len(typed); n++ {
			o.setFilter(typed[:n])
		}
		o.setFilter("")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(typed)+1)/1e6, "ms/keystroke")
}

// BenchmarkPickerSortCorpus sorts the corpus by White, then by date.
func BenchmarkPickerSortCorpus(b *testing.B) {
	x := corpusIndex(b)
	o := newOrder(x)
	for b.Loop() {
		o.sortBy(ColWhite)
		o.sortBy(ColDate)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/2/1e6, "ms/sort")
}

// BenchmarkPickerBigFile sorts and filters the games of the file named by
// $ECHIQUIER_BIG_PGN (the corpus ×100: 3,257,000 games, say), as the
// list does off the window's goroutine: by White, by Event, by date, by
// number the other way, and filtered on a name.
func BenchmarkPickerBigFile(b *testing.B) {
	path := os.Getenv("ECHIQUIER_BIG_PGN")
	if path == "" {
		b.Skip("set ECHIQUIER_BIG_PGN to a large PGN file to sort its games")
	}
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		b.Fatal(err)
	}
	x, err := pgn.BuildFileIndex(context.Background(), f, info.Size())
	if err != nil {
		b.Fatal(err)
	}
	for _, step := range []struct {
		name string
		do   func(o *Order)
	}{
		{"White", func(o *Order) { o.sortBy(ColWhite) }},
		{"Event", func(o *Order) { o.sortBy(ColEvent) }},
		{"Date", func(o *Order) { o.sortBy(ColDate) }},
		{"Number", func(o *Order) { o.sortBy(ColNumber); o.sortBy(ColNumber) }},
		{"filter", func(o *Order) { o.setFilter("carlsen") }},
	} {
		b.Run(step.name, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				o := newOrder(x)
				b.StartTimer()
				step.do(o)
			}
		})
	}
}
