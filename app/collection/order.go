package collection

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/echiquier/echiquier/app/pgn"
)

// Column is a Column of the list of a file's games: what its games can be
// sorted by.
type Column int

// The columns, in the order the list shows them.
const (
	ColNumber Column = iota
	ColWhite
	ColBlack
	ColResult
	ColDate
	ColEvent
	ColRound
	ColECO
	ColOpening // named after the ECO tag, sorted by it
	ColMoves
	NumColumns
)

// Field returns the index field a Column shows. ColNumber and ColMoves
// show none: their callers deal with them first.
func (c Column) Field() pgn.Field {
	return [NumColumns]pgn.Field{
		ColWhite: pgn.FieldWhite, ColBlack: pgn.FieldBlack, ColResult: pgn.FieldResult, ColDate: pgn.FieldDate,
		ColEvent: pgn.FieldEvent, ColRound: pgn.FieldRound, ColECO: pgn.FieldECO,
		ColOpening: pgn.FieldECO,
	}[c]
}

// filterFields are the tags the filter looks in: the players, the event
// and site, and the date for a year.
var filterFields = [...]pgn.Field{pgn.FieldWhite, pgn.FieldBlack, pgn.FieldEvent, pgn.FieldSite, pgn.FieldDate}

// Order is the list of games the picker shows: the games of an index
// that can be opened (without a syntax error, not left out) and match
// the filter, sorted by a Column. It is extended as the index grows
// while the file is read.
//
// A long list is sorted and filtered on a goroutine of its own (see
// arrange), the list as it was shown meanwhile: the result comes back
// through post, and a newer sort or filter calls off an older one.
type Order struct {
	x    *pgn.Index
	seen int     // games of x looked at so far
	rows []int32 // game indexes, in display order: 4 bytes a game
	plan         // what rows shows
	hint int     // the row position found last

	// leftOut are the games found unplayable (leaveOut), a bit each,
	// never listed; nLeftOut counts them.
	leftOut  []uint64
	nLeftOut int

	folded []string  // folded tag values by value id, of the first values (foldAll)
	match  [][]uint8 // per filter word, per value id: 0 unknown, 1 no, 2 yes

	// post runs a function on the host's goroutine, later; nil sorts
	// and filters at once. changed tells the host that the list changed.
	post    func(func())
	changed func()
	// arrange lists and sorts the games off the host's goroutine.
	arrange func(ctx context.Context, x *pgn.Index, n int, p plan, folded []string) ([]int32, []string, error)
	atOnce  int                // the longest list arranged at once (atOnce)
	want    plan               // what was asked last
	gen     int                // counts what was asked
	cancel  context.CancelFunc // calls off the work under way, if any
	busy    Busy               // the work under way, once it took long
}

// Busy tells what the list is busy with, once it takes long enough to
// say.
type Busy int

// What the list may be busy with.
const (
	NotBusy Busy = iota
	Sorting
	Filtering
)

// atOnce is the length of a list sorted and filtered on the host's
// goroutine: done in a few milliseconds, without the list flickering.
const atOnce = 50_000

// slowWork is how long the list may be sorted or filtered before it
// says so.
const slowWork = 100 * time.Millisecond

// newOrder returns the order of the games of x in file order, without
// the games that have errors.
func newOrder(x *pgn.Index) *Order {
	o := &Order{arrange: arrange, atOnce: atOnce}
	o.grow(x)
	return o
}

// attach lets a long list of c's games be sorted and filtered in the
// background once c has a host, the results handed to it.
func (o *Order) attach(c *Collection) {
	if c.host == nil {
		return
	}
	o.post = c.host.Post
	o.changed = func() { c.host.Changed(c, nil) }
}

// Len returns the number of games listed.
func (o *Order) Len() int { return len(o.rows) }

// Game returns the game listed on a row.
func (o *Order) Game(row int) int { return int(o.rows[row]) }

// Row returns the row of game i, or -1 when it is not listed.
func (o *Order) Row(i int) int { return o.position(i) }

// SortedBy returns the column the games are sorted by, and whether the
// order is descending: the one asked last, which the list may still be
// busy with.
func (o *Order) SortedBy() (Column, bool) { return o.want.by, o.want.desc }

// SortBy sorts by a column, or reverses the order when the games are
// sorted by it already.
func (o *Order) SortBy(c Column) { o.sortBy(c) }

// SetFilter keeps only the games where every word of text is found, in
// any case and with or without accents, in a player's name, the event,
// the site or the date.
func (o *Order) SetFilter(text string) { o.setFilter(text) }

// Filtered reports whether a filter leaves games out.
func (o *Order) Filtered() bool { return len(o.words) > 0 || o.only != nil }

// Busy tells whether the list is being sorted or filtered for long: the
// list shows the games as they were until it is done.
func (o *Order) Busy() Busy { return o.busy }

// Arranged reports whether the list shows what was asked last.
func (o *Order) Arranged() bool { return o.cancel == nil }

// grow takes a newer snapshot of the index (the same file read further)
// and adds its new games in their place.
func (o *Order) grow(x *pgn.Index) {
	o.x = x
	inOrder := o.by == ColNumber && !o.desc
	// Games in file order are added where they go: the room of the list
	// doubles when it runs out, so that a large file's is copied seldom.
	n := x.Len() - o.seen
	var added []int32
	switch {
	case !inOrder:
		added = make([]int32, 0, n)
	case cap(o.rows)-len(o.rows) >= n:
		added = o.rows
	default:
		added = make([]int32, len(o.rows), max(2*cap(o.rows), len(o.rows)+n))
		copy(added, o.rows)
	}
	for i := o.seen; i < x.Len(); i++ {
		if x.Err(i) == nil && !o.isLeftOut(i) && o.matches(i) {
			added = append(added, int32(i))
		}
	}
	o.seen = x.Len()
	if inOrder {
		o.rows = added
		return
	}
	if o.by != ColMoves {
		o.folded, _ = foldAll(context.Background(), x, o.folded)
	}
	sortRows(context.Background(), x, added, o.by, o.desc, o.folded)
	o.rows = mergeSorted(o.rows, added, o.compareRows)
}

// leaveOut takes game i off the list for good: it cannot be opened.
func (o *Order) leaveOut(i int) {
	if o.isLeftOut(i) {
		return
	}
	for len(o.leftOut) <= i/64 {
		o.leftOut = append(o.leftOut, 0)
	}
	o.leftOut[i/64] |= 1 << (i % 64)
	o.nLeftOut++
	if p := o.position(i); p >= 0 {
		o.rows = slices.Delete(o.rows, p, p+1)
	}
}

// isLeftOut reports whether game i was left out (leaveOut).
func (o *Order) isLeftOut(i int) bool { return o.leftOut != nil && inSet(o.leftOut, i) }

// compareRows is compare for rows.
func (o *Order) compareRows(p, q int32) int { return o.compare(int(p), int(q)) }

// mergeSorted merges b, a short sorted list, into a, a long one, in
// place: each game of b goes before the first game of a that comes after
// it, found by bisection, and a's games move up once, from the back.
func mergeSorted(a, b []int32, compare func(p, q int32) int) []int32 {
	if len(b) == 0 {
		return a
	}
	at := make([]int, len(b)) // how many games of a come before b[j]
	lo := 0
	for j, g := range b {
		k, _ := slices.BinarySearchFunc(a[lo:], g, func(e, g int32) int {
			if compare(g, e) < 0 {
				return 1
			}
			return -1
		})
		lo += k
		at[j] = lo
	}
	end := len(a)
	a = slices.Grow(a, len(b))[:len(a)+len(b)]
	for j := len(b) - 1; j >= 0; j-- {
		k := at[j]
		copy(a[k+j+1:end+j+1], a[k:end])
		a[k+j] = b[j]
		end = k
	}
	return a
}

// sortBy sorts by a Column, or reverses the order when the games are
// sorted by it already.
func (o *Order) sortBy(c Column) {
	p := o.want
	if p.by == c {
		p.desc = !p.desc
	} else {
		p.by, p.desc = c, false
	}
	o.ask(p, Sorting)
}

// setFilter keeps only the games where every word of text is found, in
// any case and with or without accents, in a player's name, the event,
// the site or the date.
func (o *Order) setFilter(text string) {
	p := o.want
	p.words = strings.Fields(fold(text))
	o.ask(p, Filtering)
}

// ask lists the games as p says: at once for a short list, otherwise on
// a goroutine of its own, calling off the work asked before. Once the
// work takes slowWork, Busy says what it does.
func (o *Order) ask(p plan, what Busy) {
	o.want = p
	o.gen++
	if o.cancel != nil {
		o.cancel()
		o.cancel = nil
	}
	x, n, have := o.x, o.seen, o.folded
	if o.post == nil || n <= o.atOnce {
		rows, folded, _ := o.arrange(context.Background(), x, n, p, have)
		o.show(p, rows, n, folded)
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	o.cancel = cancel
	gen, post, work := o.gen, o.post, o.arrange
	go func() {
		slow := time.AfterFunc(slowWork, func() {
			post(func() {
				if o.gen == gen && o.busy != what {
					o.busy = what
					o.changed()
				}
			})
		})
		rows, folded, err := work(ctx, x, n, p, have)
		slow.Stop()
		if err != nil {
			return // called off: a newer work took its place
		}
		post(func() {
			if o.gen != gen {
				return
			}
			o.cancel()
			o.cancel = nil
			o.show(p, rows, n, folded)
			o.changed()
		})
	}()
}

// show makes rows, the first n games of the index listed as p says, the
// list, with the games indexed since; folded are the values folded
// meanwhile.
func (o *Order) show(p plan, rows []int32, n int, folded []string) {
	if o.nLeftOut > 0 {
		rows = slices.DeleteFunc(rows, func(g int32) bool { return o.isLeftOut(int(g)) })
	}
	o.plan, o.rows, o.seen, o.busy = p, rows, n, NotBusy
	if len(folded) > len(o.folded) {
		o.folded = folded
	}
	o.match = make([][]uint8, len(p.words))
	o.grow(o.x)
}

// compare orders games by the sort Column, games alike by number.
func (o *Order) compare(p, q int) int {
	c := o.compareBy(p, q)
	if o.desc {
		c = -c
	}
	if c == 0 {
		return cmp.Compare(p, q)
	}
	return c
}

func (o *Order) compareBy(p, q int) int {
	switch o.by {
	case ColNumber:
		return cmp.Compare(p, q)
	case ColMoves:
		return cmp.Compare(o.x.Plies(p), o.x.Plies(q))
	}
	f := o.by.Field()
	a, b := o.x.TagID(p, f), o.x.TagID(q, f)
	if a == b {
		return 0
	}
	return strings.Compare(o.foldedValue(a), o.foldedValue(b))
}

// matches reports whether game i passes the filter.
func (o *Order) matches(i int) bool {
	if !inSet(o.only, i) {
		return false
	}
	for w := range o.words {
		if !o.wordMatches(w, i) {
			return false
		}
	}
	return true
}

// wordMatches reports whether filter word w is in one of game i's
// filtered tags. What a value gives is kept: values repeat.
func (o *Order) wordMatches(w, i int) bool {
	for _, f := range filterFields {
		id := o.x.TagID(i, f)
		if id >= len(o.match[w]) {
			o.match[w] = append(o.match[w], make([]uint8, o.x.NumValues()-len(o.match[w]))...)
		}
		m := &o.match[w][id]
		if *m == 0 {
			*m = 1
			if strings.Contains(o.foldedValue(id), o.words[w]) {
				*m = 2
			}
		}
		if *m == 2 {
			return true
		}
	}
	return false
}

// foldedValue returns the folded form of a tag value, computed once.
func (o *Order) foldedValue(id int) string {
	if id >= len(o.folded) {
		o.folded, _ = foldAll(context.Background(), o.x, o.folded)
	}
	return o.folded[id]
}

// position returns the row of game i, or -1 when it is not listed. It
// looks first where it found a game last: the menus ask for the row of
// the game on screen after every move.
func (o *Order) position(i int) int {
	if o.hint < len(o.rows) && int(o.rows[o.hint]) == i {
		return o.hint
	}
	p := slices.Index(o.rows, int32(i))
	if p >= 0 {
		o.hint = p
	}
	return p
}

// neighbour returns the nearest game listed after (dir 1) or before
// (dir -1) game i that skip does not leave out. When i is not listed, it
// is the first (or the last) game listed.
func (o *Order) neighbour(i, dir int, skip func(int) bool) (int, bool) {
	p := o.position(i)
	if p < 0 && dir < 0 {
		p = len(o.rows)
	}
	for p += dir; p >= 0 && p < len(o.rows); p += dir {
		if g := int(o.rows[p]); !skip(g) {
			return g, true
		}
	}
	return 0, false
}

// fold returns s in lower case without accents, to compare names as
// people type them: "Ünal" and "unal", "Łukasz" and "lukasz".
func fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		if s, ok := foldSpecial[r]; ok {
			b.WriteString(s)
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// foldSpecial are letters that Unicode does not decompose into a base
// letter and an accent.
var foldSpecial = map[rune]string{
	'ß': "ss", 'ẞ': "ss", 'Æ': "ae", 'æ': "ae", 'Œ': "oe", 'œ': "oe",
	'Ø': "o", 'ø': "o", 'Ł': "l", 'ł': "l", 'Đ': "d", 'đ': "d", 'Ð': "d", 'ð': "d",
	'Þ': "th", 'þ': "th", 'ı': "i", 'Ħ': "h", 'ħ': "h",
}
