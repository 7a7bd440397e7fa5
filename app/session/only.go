package session

// SetOnly keeps only the games whose bits are set in games, bit i (of
// word i/64, from the lowest) for game index i (0 = the file's first
// game), and the text filter's too: the games that reach a position, say.
// A set of bits costs a few hundred kilobytes for a file of millions of
// games, and each game is looked up at once. The set is the Order's from
// then on. nil lists every game again.
func (o *Order) SetOnly(games []uint64) {
	o.only = games
	o.rebuild()
}

// Only reports whether the list is kept to a set of games (SetOnly).
func (o *Order) Only() bool { return o.only != nil }

// inOnly reports whether game i is in the set SetOnly gave, or no set
// was given.
func (o *Order) inOnly(i int) bool {
	return o.only == nil || (i/64 < len(o.only) && o.only[i/64]&(1<<(i%64)) != 0)
}
