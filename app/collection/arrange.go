package collection

import (
	"context"
	"slices"
	"strings"

	"github.com/echiquier/echiquier/app/pgn"
)

// plan is what the list of games shows: the games that pass a filter,
// sorted by a column.
type plan struct {
	by    Column
	desc  bool
	words []string // the filter, folded, one word each
	only  []uint64 // the games SetOnly keeps, a bit each; nil for all
}

// checkEvery is how many games are looked at between two looks at
// whether the work was called off.
const checkEvery = 1 << 16

// arrange lists the good games among the first n of x that pass p's
// filter, sorted as p says, games alike by number: the order Order's
// compare gives, found without comparing strings game by game. Tag
// values are folded and compared once each, then the games sorted on
// their values' ranks by a radix sort. have are the values folded
// before (see foldAll); arrange returns them with the ones it folded. It
// writes to nothing but what it makes, and may run on any goroutine; it
// returns ctx's error when ctx is done first.
func arrange(ctx context.Context, x *pgn.Index, n int, p plan, have []string) (rows []int32, folded []string, err error) {
	folded = have
	if len(p.words) > 0 || p.by != ColNumber && p.by != ColMoves {
		if folded, err = foldAll(ctx, x, have); err != nil {
			return nil, nil, err
		}
	}
	var in [][]bool // by filter word, by value id: the word is in the value
	if len(p.words) > 0 {
		in = make([][]bool, len(p.words))
		for w, word := range p.words {
			in[w] = make([]bool, len(folded))
			for id, v := range folded {
				in[w][id] = strings.Contains(v, word)
			}
		}
	}
	rows = make([]int32, 0, n)
	errs := x.Errors()
	for i := range n {
		if i%checkEvery == 0 && ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		for len(errs) > 0 && errs[0].Index < i {
			errs = errs[1:]
		}
		if len(errs) > 0 && errs[0].Index == i || !inSet(p.only, i) || !hasWords(x, i, in) {
			continue
		}
		rows = append(rows, int32(i))
	}
	if err := sortRows(ctx, x, rows, p.by, p.desc, folded); err != nil {
		return nil, nil, err
	}
	return rows, folded, nil
}

// foldAll returns the folded values of x by id, those of have kept as
// they are. A slice of folded values is never written to once made: a
// longer one is a new slice, and the old one may be read on another
// goroutine meanwhile.
func foldAll(ctx context.Context, x *pgn.Index, have []string) ([]string, error) {
	n := x.NumValues()
	if len(have) >= n {
		return have, nil
	}
	out := make([]string, n)
	copy(out, have)
	for id := len(have); id < n; id++ {
		if id%checkEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		out[id] = fold(x.Value(id))
	}
	return out, nil
}

// hasWords reports whether every filter word is in one of game i's
// filtered tags.
func hasWords(x *pgn.Index, i int, in [][]bool) bool {
	for _, word := range in {
		found := false
		for _, f := range filterFields {
			if word[x.TagID(i, f)] {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// inSet reports whether bit i of set is set, or set is nil.
func inSet(set []uint64, i int) bool {
	return set == nil || (i/64 < len(set) && set[i/64]&(1<<(i%64)) != 0)
}

// sortRows sorts rows, games of x in ascending order, by a column as
// Order's compare does: games alike stay in ascending order, whichever
// the direction. folded are x's values folded (foldAll), for the columns
// of tags.
func sortRows(ctx context.Context, x *pgn.Index, rows []int32, by Column, desc bool, folded []string) error {
	if by == ColNumber {
		if desc {
			slices.Reverse(rows)
		}
		return nil
	}
	keys := make([]uint32, len(rows))
	if by == ColMoves {
		for k, i := range rows {
			keys[k] = uint32(x.Plies(int(i)))
		}
	} else {
		f := by.Field()
		ranks := rankValues(x, rows, f, folded)
		for k, i := range rows {
			keys[k] = ranks[x.TagID(int(i), f)]
		}
	}
	if desc {
		for k := range keys {
			keys[k] = ^keys[k]
		}
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	radixSort(keys, rows)
	return nil
}

// rankValues ranks the values that field f takes in rows by their folded
// form: values that fold alike have the same rank. It returns the ranks
// by value id.
func rankValues(x *pgn.Index, rows []int32, f pgn.Field, folded []string) []uint32 {
	ranks := make([]uint32, x.NumValues())
	used := make([]bool, x.NumValues())
	var ids []int
	for _, i := range rows {
		if id := x.TagID(int(i), f); !used[id] {
			used[id] = true
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(a, b int) int { return strings.Compare(folded[a], folded[b]) })
	rank := uint32(0)
	for k, id := range ids {
		if k > 0 && folded[id] != folded[ids[k-1]] {
			rank++
		}
		ranks[id] = rank
	}
	return ranks
}

// radixSort sorts rows by keys, a key a row, keeping the order of rows
// with the same key: a pass a byte of the keys, skipping the bytes that
// all keys share.
func radixSort(keys []uint32, rows []int32) {
	n := len(keys)
	if n < 2 {
		return
	}
	ks, rs := keys, rows
	tk, tr := make([]uint32, n), make([]int32, n)
	for shift := 0; shift < 32; shift += 8 {
		var at [256]int
		for _, k := range ks {
			at[k>>shift&0xff]++
		}
		if at[ks[0]>>shift&0xff] == n {
			continue
		}
		sum := 0
		for d, c := range at {
			at[d] = sum
			sum += c
		}
		for j, k := range ks {
			d := k >> shift & 0xff
			tk[at[d]], tr[at[d]] = k, rs[j]
			at[d]++
		}
		ks, tk = tk, ks
		rs, tr = tr, rs
	}
	if &rs[0] != &rows[0] {
		copy(rows, rs)
	}
}
