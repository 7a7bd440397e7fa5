package session_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/internal/shared"
)

// twicGames is like pgn-read__twic9nn_error.pgn: six games with a
// syntax error (a result the standard does not have) and a seventh whose
// moves are written well but cannot be played.
var twicGames = strings.Repeat("[Event \"Forfeit\"]\n[Result \"1-0 ff\"]\n\n1. e4 1-0 ff\n\n", 6) +
	"[Event \"Mumbai\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 Nc6 3. b1 0-1\n"

// TestAFileNoGameOfWhichCanBeOpenedSaysSo: twic9nn_error.pgn listed "Games:
// 1, cannot be opened: 6" and offered game 7, which failed once chosen
// ("illegal move 'b1'"), and the count became 7. Its games are checked
// before its list is shown: none can be opened, and it says why for each.
func TestAFileNoGameOfWhichCanBeOpenedSaysSo(t *testing.T) {
	// Longer than the first part shown (200 games): listed before it is
	// checked.
	texts := map[string]string{"like twic9nn_error": twicGames, "43 times": strings.Repeat(twicGames+"\n", 43)}
	data, err := os.ReadFile(shared.Path(t, "pgn", "edge", "pgn-read__twic9nn_error.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	texts["twic9nn_error"] = string(data)
	for name, text := range texts {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "twic.pgn")
			os.WriteFile(path, []byte(text), 0o644)
			f := newFixture(t, "")
			f.play("e2e4")
			f.rec.take()
			c := f.openFile(path)
			// Read in a blink, it is checked before its list is shown;
			// read slower, once it is.
			f.runUntil("the check of the games", func() bool { return f.problem() != nil })
			var bad *collection.BadGamesError
			if err := f.problem(); !errors.As(err, &bad) || len(bad.Games) != c.Index().Len() {
				t.Fatalf("told %v, want the %d games that cannot be opened", err, c.Index().Len())
			}
			var pe *game.PGNError
			if !errors.As(bad.Games[6].Err, &pe) || pe.Game != 7 || pe.Text != "b1" {
				t.Errorf("game 7: %v", bad.Games[6].Err)
			}
			if c.GoodGames() != 0 || c.Order().Len() != 0 {
				t.Errorf("a list of %d games is offered, %d counted", c.Order().Len(), c.GoodGames())
			}
			if f.history() != "e4" {
				t.Errorf("the game on screen changed: %q", f.history())
			}
		})
	}
}

// TestAGameThatCannotBeOpenedLeavesTheList: in a file too long to be
// checked before its list is shown, a game with an illegal move is found
// in the background, and leaves the list and its count; one chosen before
// the check reached it does the same once it fails.
func TestAGameThatCannotBeOpenedLeavesTheList(t *testing.T) {
	one := "[White \"Ann\"]\n[Black \"Ben\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
	illegal := "[White \"Bad\"]\n[Black \"Move\"]\n\n1. e4 e5 2. Ke3 *\n\n"
	many := strings.Repeat(one, 3000)
	text := many + illegal + many + illegal + many
	path := filepath.Join(t.TempDir(), "many.pgn")
	os.WriteFile(path, []byte(text), 0o644)
	f := newFixture(t, "")
	c := f.openFile(path)
	if n := c.Index().Len(); n != 9002 || c.GoodGames() != n || c.Order().Len() != n {
		t.Fatalf("indexed: %d games, %d good, %d listed", n, c.GoodGames(), c.Order().Len())
	}
	// Chosen before the check reached it: it fails, and leaves the list.
	if err := f.s.OpenGame(c, 3000); err == nil {
		t.Fatal("the game with an illegal move opened")
	}
	if c.GoodGames() != 9001 || c.Order().Row(3000) >= 0 || c.Order().Len() != 9001 {
		t.Errorf("after it failed: %d good, row %d, %d listed", c.GoodGames(), c.Order().Row(3000), c.Order().Len())
	}
	// The check finds both, before the second is chosen.
	f.runUntil("the check of the games", func() bool { return len(c.Failed()) == 2 })
	if c.GoodGames() != 9000 || c.Order().Row(6001) >= 0 || c.Order().Len() != 9000 || len(c.BadGames()) != 2 {
		t.Errorf("after the check: %d good, row %d, %d listed, bad %v", c.GoodGames(), c.Order().Row(6001), c.Order().Len(), c.BadGames())
	}
	var pe *game.PGNError
	if err := c.Failed()[6001]; !errors.As(err, &pe) || pe.Game != 6002 || pe.Text != "Ke3" || pe.Line != strings.Count(many+illegal+many, "\n")+4 {
		t.Errorf("game 6002: %v", err)
	}
	f.stopped("checked", c)
}

// TestAFileOfAVariantCostsLittle: a file of games of a chess variant,
// none of which can be opened, is counted whole, while only the first
// thousand keep why: a file of millions would have held millions.
func TestAFileOfAVariantCostsLittle(t *testing.T) {
	one := "[Variant \"Crazyhouse\"]\n[White \"Ann\"]\n\n1. e4 e5 *\n\n"
	path := filepath.Join(t.TempDir(), "zh.pgn")
	os.WriteFile(path, []byte(strings.Repeat(one, 3000)), 0o644)
	f := newFixture(t, "")
	c := f.openFile(path)
	f.runUntil("the check of the games", func() bool { return c.BadCount() == 3000 })
	if c.GoodGames() != 0 || c.Order().Len() != 0 || len(c.Failed()) != 1000 || len(c.BadGames()) != 1000 {
		t.Errorf("%d good, %d listed, %d reasons kept", c.GoodGames(), c.Order().Len(), len(c.Failed()))
	}
	if err := c.BadGames()[0].Err; !errors.Is(err, game.ErrVariant) {
		t.Errorf("game 1: %v", err)
	}
	f.stopped("checked", c)
}
