package session_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
	"github.com/echiquier/echiquier/app/session"
)

func TestReadTextOneGame(t *testing.T) {
	f := newFixture(t, "")
	f.play("e2e4")
	f.rec.take()
	text := "[White \"A\"]\n[Black \"B\"]\n\n1. d4 {a comment} d5 (1... Nf6 2. c4) 2. c4 {[%clk 0:05:00]} *\n"
	p, err := collection.ReadText(text, f.clock.now)
	if err != nil || p.Games() != 1 {
		t.Fatalf("ReadText = %v, %v; want one game", p, err)
	}
	if f.history() != "e4" || f.rec.take() != 0 {
		t.Fatal("reading the text changed the game on screen")
	}
	if c := f.s.OpenPaste(p); c != nil {
		t.Fatalf("OpenPaste = %v; want the game opened", c)
	}
	if got := f.history(); got != "d4 d5 c4" {
		t.Errorf("moves %q, want the pasted game's", got)
	}
	if f.s.Dirty() || !f.s.NeedsFile() || f.s.Collection() != nil {
		t.Errorf("dirty %v, needs a file %v, collection %v: want a clean game with no file", f.s.Dirty(), f.s.NeedsFile(), f.s.Collection())
	}
	if err := f.s.Save(); !errors.Is(err, session.ErrNoFile) {
		t.Errorf("Save = %v, want ErrNoFile (a file is asked for)", err)
	}
	if f.rec.take()&session.GameChanged == 0 {
		t.Error("the new game was not told")
	}
}

func TestReadTextSeveralGames(t *testing.T) {
	f := newFixture(t, "")
	text := "[White \"A\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 *\n\n[White \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n1. e4 e5 2. Kxe8 *\n"
	p, err := collection.ReadText(text, f.clock.now)
	if err != nil || p.Games() != 3 {
		t.Fatalf("ReadText = %v, %v; want 3 games", p, err)
	}
	c := f.s.OpenPaste(p)
	if !c.Pasted() || c.Index().Len() != 3 {
		t.Fatalf("pasted %v, %d games; want a pasted collection of 3", c.Pasted(), c.Index().Len())
	}
	if f.rec.take()&session.CollectionOpened == 0 {
		t.Error("the collection was not told")
	}
	if f.s.OpenGame(c, 1) != nil || len(f.s.Game().History()) != 6 {
		t.Fatalf("game 2 not opened: %q", f.history())
	}
	if f.s.Collection() != c || !f.s.NeedsFile() {
		t.Error("a pasted game must be in its collection and have no file")
	}
	var pe *game.PGNError
	if err := f.s.OpenGame(c, 2); !errors.As(err, &pe) || pe.Game != 3 {
		t.Errorf("game 3, illegal: %v, want a PGN error naming it", err)
	}
	// Save as writes it to a file of its own, out of the pasted text.
	path := filepath.Join(t.TempDir(), "g.pgn")
	if err := f.s.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	if f.s.Collection() != nil || f.s.Path() != path {
		t.Errorf("after Save as: collection %v, path %q", f.s.Collection(), f.s.Path())
	}
}

func TestReadTextThatIsNoGameChangesNothing(t *testing.T) {
	for name, tc := range map[string]struct {
		text string
		want func(error) bool
	}{
		"empty": {"   \n", func(err error) bool { return errors.Is(err, collection.ErrNoGame) }},
		"syntax": {"[White \"A\"]\n\n1. e4 e5 2. Nf3 {open\n", func(err error) bool {
			var bad *collection.BadGamesError
			var se *pgn.SyntaxError
			return errors.As(err, &bad) && errors.As(bad.Games[0].Err, &se) && se.Line > 0
		}},
		"illegal": {"1. e4 e5\n2. Ke3 *\n", func(err error) bool {
			var pe *game.PGNError
			return errors.As(err, &pe) && pe.Line == 2 && strings.Contains(pe.Error(), "Ke3")
		}},
		"too long": {strings.Repeat(" ", collection.MaxPasteBytes+1), func(err error) bool { return errors.Is(err, collection.ErrPasteTooLong) }},
	} {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, "")
			f.play("e2e4")
			f.rec.take()
			p, err := collection.ReadText(tc.text, f.clock.now)
			if p != nil || !tc.want(err) {
				t.Errorf("ReadText = %v, %v", p, err)
			}
			if f.history() != "e4" || !f.s.Dirty() || f.rec.take() != 0 {
				t.Errorf("the game on screen changed: %q", f.history())
			}
		})
	}
}
