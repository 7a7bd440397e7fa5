package collection

// SetOnly keeps only the games whose bits are set in games, bit i (of
// word i/64, from the lowest) for game index i (0 = the file's first
// game), and the text filter's too: the games that reach a position, say.
// A set of bits costs a few hundred kilobytes for a file of millions of
// games, and each game is looked up at once. The set is the Order's from
// then on. nil lists every game again.
func (o *Order) SetOnly(games []uint64) {
	p := o.want
	p.only = games
	o.ask(p, Filtering)
}

// Only reports whether the list is kept to a set of games (SetOnly), or
// is being.
func (o *Order) Only() bool { return o.want.only != nil }
