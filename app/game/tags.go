package game

import "github.com/echiquier/echiquier/app/pgn"

// tagList keeps a game's tags in the order they were set or read.
type tagList []pgn.Tag

func (t tagList) get(name string) (string, bool) {
	for _, tag := range t {
		if tag.Name == name {
			return tag.Value, true
		}
	}
	return "", false
}

func (t *tagList) set(name, value string) {
	for i := range *t {
		if (*t)[i].Name == name {
			(*t)[i].Value = value
			return
		}
	}
	*t = append(*t, pgn.Tag{Name: name, Value: value})
}

func (t *tagList) remove(name string) {
	for i := range *t {
		if (*t)[i].Name == name {
			*t = append((*t)[:i], (*t)[i+1:]...)
			return
		}
	}
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

// SetTag sets a PGN tag, such as White, Black, Event or Date. An empty
// value removes the tag. Result and Termination follow the game's status
// and cannot be set; FEN, SetUp and TimeControl describe how the game was
// created and cannot be changed either.
func (g *Game) SetTag(name, value string) {
	switch name {
	case "Result", "Termination", "FEN", "SetUp", "TimeControl", "":
		return
	}
	if value == "" {
		g.tags.remove(name)
		return
	}
	g.tags.set(name, value)
}
