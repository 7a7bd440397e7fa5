package autosave

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"time"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// maxFileBytes bounds what is read of an autosave. It holds one game: a
// long game with clocks and comments takes tens of KiB, a deeply analysed
// one hundreds, so anything beyond this is damage, not a game.
const maxFileBytes = 8 << 20

// Problems of an autosave found by reading it, besides the errors of
// app/pgn and app/game.
var (
	errEmpty    = errors.New("the autosave holds no game")
	errCutShort = errors.New("the autosave ends before the game's result: its end was cut off")
	errTooBig   = fmt.Errorf("the autosave is larger than %d MiB: only its beginning was read", maxFileBytes>>20)
)

// Recovered is what could be read of an autosave.
type Recovered struct {
	// Game is the game read, paused; nil when not even its start position
	// could be read.
	Game *game.Game
	// Moves is the number of moves (plies) of the main line recovered, and
	// Lost the number written after them that could not be: after the
	// first illegal move, or after text that is not PGN.
	Moves, Lost int
	// Damaged is set when the file was not a whole autosave as this
	// package writes it, and Problem then says what was wrong first.
	Damaged bool
	Problem error
	// KeptAt is where the damaged file was kept, renamed, once the
	// orphan is adopted or discarded; "" otherwise.
	KeptAt string
}

// load reads and recovers the orphan's file.
func (o Orphan) load(now func() time.Time) (Recovered, error) {
	f, err := os.Open(o.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return Recovered{}, ErrClaimed
	}
	if err != nil {
		return Recovered{}, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxFileBytes+1))
	if err != nil {
		return Recovered{}, err
	}
	return recoverPGN(data, maxFileBytes, now), nil
}

// recoverPGN reads the one game of an autosave, of which only limit
// bytes are trusted. A whole game is read as it was written, with its
// comments, clocks and variations. From a damaged one it keeps the tags
// and the longest start of the main line that reads and plays, with the
// comments and clocks of those moves.
func recoverPGN(data []byte, limit int, now func() time.Time) Recovered {
	var cut error
	if len(data) > limit {
		data, cut = data[:limit], errTooBig
	}
	pg, syntax := pgn.ParseGame(data, 1, 0)
	if pg == nil {
		return Recovered{Damaged: true, Problem: errEmpty}
	}
	var whole error // why the game does not read whole
	if syntax == nil && cut == nil {
		g, err := game.FromPGN(pg, now)
		if err == nil {
			if pg.Result != "" {
				return Recovered{Game: g, Moves: len(pg.Moves)}
			}
			return Recovered{Game: g, Moves: len(pg.Moves), Damaged: true, Problem: errCutShort}
		}
		whole = err
	}
	main := readableMoves(pg.Moves, syntax)
	// The Result and Termination of a game cut short no longer apply.
	trial := &pgn.Game{Tags: withoutTags(pg.Tags, "Result", "Termination"), Result: game.InProgress}
	replay := func(k int) (*game.Game, error) {
		trial.Moves = main[:k]
		return game.FromPGN(trial, now)
	}
	// Whether a start of the main line plays is monotone in its length:
	// the longest that does is found in a logarithmic number of replays.
	good := sort.Search(len(main)+1, func(k int) bool {
		_, err := replay(k)
		return err != nil
	}) - 1
	rec := Recovered{Damaged: true, Lost: len(pg.Moves) - max(good, 0)}
	if good >= 0 {
		rec.Game, _ = replay(good)
		rec.Moves = good
	}
	// The problem named is the first in the file.
	switch {
	case good < len(main):
		_, rec.Problem = replay(good + 1)
	case syntax != nil:
		rec.Problem = syntax
	case cut != nil:
		rec.Problem = cut
	default: // the main line plays: a variation does not
		rec.Problem = whole
	}
	return rec
}

// readableMoves copies the main line without its variations, up to the
// syntax error if there is one: a move after it is not trusted.
func readableMoves(moves []*pgn.Move, syntax error) []*pgn.Move {
	line, col := -1, -1
	var se *pgn.SyntaxError
	if errors.As(syntax, &se) {
		line, col = se.Line, se.Col
	}
	out := make([]*pgn.Move, 0, len(moves))
	for _, m := range moves {
		if line >= 0 && (m.Line > line || m.Line == line && m.Col >= col) {
			break
		}
		c := *m
		c.Variations = nil
		out = append(out, &c)
	}
	return out
}

// withoutTags is a copy of tags without the named ones.
func withoutTags(tags []pgn.Tag, names ...string) []pgn.Tag {
	g := pgn.Game{Tags: append([]pgn.Tag(nil), tags...)}
	for _, n := range names {
		g.DeleteTag(n)
	}
	return g.Tags
}
