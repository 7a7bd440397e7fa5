package session

import "github.com/echiquier/echiquier/app/collection"

// host is the session as the host of the collections it opens: what
// their background work finds is told to the window as CollectionOpened
// and CollectionChanged.
type host struct{ s *Session }

func (h host) Post(f func()) { h.s.post(f) }

func (h host) Listed(c *collection.Collection) {
	h.s.onChange(Event{Change: CollectionOpened, Collection: c})
}

func (h host) Changed(c *collection.Collection, problem error) {
	h.s.onChange(Event{Change: CollectionChanged, Collection: c, Problem: problem})
}

func (h host) OpenOnly(c *collection.Collection) error { return h.s.OpenGame(c, 0) }

// Open opens a PGN file. Its games are indexed in the background, not
// read: a file of one game then opens at once; a file of several is told
// with CollectionOpened (the window lists its games) and grows with
// CollectionChanged while the rest of the file is indexed. The game on
// screen stays until a game of the file is opened: the window asks about
// unsaved changes first. An error here is a file that cannot be opened;
// later ones come as an Event's Problem.
func (s *Session) Open(path string) (*collection.Collection, error) {
	c, err := collection.Open(path, host{s})
	if err != nil {
		return nil, err
	}
	s.offerInstead(c)
	return c, nil
}

// OpenGame makes game i of c the game on screen. A game that cannot be
// read is remembered (the list shows why) and its error returned; the
// game on screen stays as it was. The window asks about unsaved changes
// first.
func (s *Session) OpenGame(c *collection.Collection, i int) error {
	g, err := c.OpenGame(i, s.now)
	if err != nil {
		s.onChange(Event{Change: CollectionChanged, Collection: c})
		return err
	}
	f := file{path: c.Path(), game: i, stamp: c.Stamp()}
	if c.Single() {
		f.game = -1
		f.at, f.length, _ = c.Span(i)
		s.setCollection(nil)
	} else {
		s.setCollection(c)
	}
	s.dropAutosave()
	s.replace(g, f, true)
	s.notify(GameOpened)
	return nil
}

// OpenPaste puts pasted text read (collection.ReadText) on screen: the
// only game at once (the collection returned is nil); several games are
// told with CollectionOpened, for the window to list them, and the
// collection is returned. The window asks about unsaved changes first.
func (s *Session) OpenPaste(p *collection.Paste) *collection.Collection {
	if g := p.Only(); g != nil {
		s.setCollection(nil)
		s.dropAutosave()
		s.replace(g, file{game: -1}, true)
		return nil
	}
	c := p.List(host{s})
	s.offerInstead(c)
	s.onChange(Event{Change: CollectionOpened, Collection: c})
	return c
}

// setCollection makes c the collection whose games next and previous
// game go through, closing the one before.
func (s *Session) setCollection(c *collection.Collection) {
	if s.coll != nil && s.coll != c {
		s.coll.Stop()
	}
	s.coll = c
}

// offerInstead records c as the file or text offered to choose a game
// from (nil once a game is on screen), and stops reading the one offered
// before, unless a game of it is on screen: another file, text or game
// took its place, and its list would never be shown again.
func (s *Session) offerInstead(c *collection.Collection) {
	if o := s.offered; o != nil && o != c && o != s.coll {
		o.Stop()
	}
	s.offered = c
}

// Collection returns the file of several games the game on screen comes
// from, or nil.
func (s *Session) Collection() *collection.Collection {
	if s.coll != nil && s.InCollection() && s.file.path == s.coll.Path() {
		return s.coll
	}
	return nil
}

// GameAround returns the nearest game after (dir 1) or before (dir -1)
// the one on screen in the list's order (sorted and filtered as it was
// left), leaving out those that could not be opened.
func (s *Session) GameAround(dir int) (int, bool) {
	c := s.Collection()
	if c == nil {
		return 0, false
	}
	return c.GameAround(dir)
}

// StepGame opens the nearest game in direction dir (see GameAround). The
// window asks about unsaved changes first.
func (s *Session) StepGame(dir int) error {
	i, ok := s.GameAround(dir)
	if !ok {
		return nil
	}
	return s.OpenGame(s.coll, i)
}
