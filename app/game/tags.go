package game

import "github.com/echiquier/echiquier/app/pgn"

// tagList keeps a game's tags in the order they were set or read. A tag
// read twice is kept twice, to be written back as read; its last value is
// the one that counts.
type tagList []pgn.Tag

func (t tagList) get(name string) (string, bool) {
	for i := len(t) - 1; i >= 0; i-- {
		if t[i].Name == name {
			return t[i].Value, true
		}
	}
	return "", false
}

// set gives the tag its value in place of the first one of that name,
// removing the others, or adds it at the end.
func (t *tagList) set(name, value string) {
	for i := range *t {
		if (*t)[i].Name == name {
			(*t)[i].Value = value
			rest := (*t)[i+1:]
			rest.remove(name)
			*t = (*t)[:i+1+len(rest)]
			return
		}
	}
	*t = append(*t, pgn.Tag{Name: name, Value: value})
}

// remove removes every tag of that name.
func (t *tagList) remove(name string) {
	out := (*t)[:0]
	for _, tag := range *t {
		if tag.Name != name {
			out = append(out, tag)
		}
	}
	*t = out
}

// Tag returns the value of a PGN tag, or "". Result, Termination, FEN and
// SetUp reflect the game as it stands.
func (g *Game) Tag(name string) string {
	switch name {
	case "Result":
		return g.status.Result
	case "Termination":
		return g.termination()
	}
	v, _ := g.tags.get(name)
	return v
}

// SetTag sets a PGN tag, such as White, Black, Event or Date, to value
// as a PGN string holds it: its line breaks, tabs and other control
// characters become spaces (pgn.StringText). The value the tag has
// already is left as it is, as read. An empty value removes the tag.
// Result and Termination follow the game's status and cannot be set;
// FEN, SetUp and TimeControl describe how the game was created and
// cannot be changed either.
func (g *Game) SetTag(name, value string) {
	switch name {
	case "Result", "Termination", "FEN", "SetUp", "TimeControl", "":
		return
	}
	if v, ok := g.tags.get(name); ok && v == value {
		return
	}
	if value == "" {
		g.tags.remove(name)
		return
	}
	g.tags.set(name, pgn.StringText(value))
}
