package collection

import (
	"slices"
	"testing"

	"github.com/echiquier/echiquier/app/game/gametest"
)

func TestOrderOnlyKeepsTheGamesGiven(t *testing.T) {
	o := newTestOrder(t)
	// Game 3 has a syntax error: listed in the set, it stays out; 99 is
	// past the end of the file.
	o.SetOnly(setOf(0, 3, 4, 99))
	if !slices.Equal(o.rows, []int32{0, 4}) || !o.Only() || !o.Filtered() {
		t.Fatalf("rows %v, only %v, filtered %v", o.rows, o.Only(), o.Filtered())
	}
	o.SetFilter("anand")
	if !slices.Equal(o.rows, []int32{4}) {
		t.Errorf("with the text filter too: rows %v, want [4]", o.rows)
	}
	o.SetFilter("")
	o.sortBy(ColWhite)
	if !slices.Equal(o.rows, []int32{4, 0}) {
		t.Errorf("sorted by White: rows %v, want [4 0]", o.rows)
	}
	o.SetOnly(nil)
	if !slices.Equal(o.rows, []int32{1, 4, 2, 0}) || o.Only() || o.Filtered() {
		t.Errorf("cleared: rows %v, only %v, filtered %v", o.rows, o.Only(), o.Filtered())
	}
	o.SetOnly([]uint64{})
	if o.Len() != 0 || !o.Only() {
		t.Errorf("an empty set lists %v", o.rows)
	}
}

func TestOrderOnlyAppliesToGamesIndexedLater(t *testing.T) {
	x := buildIndex(t, orderGames)
	first := buildIndex(t, gametest.PGNGame("White=A", 2)+gametest.PGNGame("White=B", 2))
	o := newOrder(first)
	o.SetOnly(setOf(1, 2))
	o.grow(x)
	if !slices.Equal(o.rows, []int32{1, 2}) {
		t.Errorf("rows %v, want [1 2]", o.rows)
	}
}

// setOf returns the set of bits of games.
func setOf(games ...int) []uint64 {
	var set []uint64
	for _, g := range games {
		for len(set) <= g/64 {
			set = append(set, 0)
		}
		set[g/64] |= 1 << (g % 64)
	}
	return set
}
