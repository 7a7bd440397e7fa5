package session

// SetOnly keeps only the games whose indexes (0 = the file's first game)
// are listed, and the text filter's too: the games that reach a position,
// say. nil lists every game again.
func (o *Order) SetOnly(games []int) {
	o.only = nil
	if games != nil {
		// A set of bits: a file of millions of games costs a few
		// hundred kilobytes, and each game is looked up at once.
		o.only = make([]uint64, 0)
		for _, i := range games {
			if i < 0 {
				continue
			}
			for len(o.only) <= i/64 {
				o.only = append(o.only, 0)
			}
			o.only[i/64] |= 1 << (i % 64)
		}
	}
	o.rebuild()
}

// Only reports whether the list is kept to a set of games (SetOnly).
func (o *Order) Only() bool { return o.only != nil }

// inOnly reports whether game i is in the set SetOnly gave, or no set
// was given.
func (o *Order) inOnly(i int) bool {
	return o.only == nil || (i/64 < len(o.only) && o.only[i/64]&(1<<(i%64)) != 0)
}
