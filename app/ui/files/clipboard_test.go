package files

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/game/gametest"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/kit"
)

func (h *harness) clipboard() fyne.Clipboard { return h.Env.App.Clipboard() }

// annotated is a game with all that a copy must keep: tags, a side line,
// comments, annotation glyphs and clocks.
const annotated = `[Event "Club"]
[Site "Here"]
[Date "2026.11.23"]
[Round "1"]
[White "Anna"]
[Black "Bruno"]
[Result "*"]
[TimeControl "300"]

1. e4 {[%clk 0:04:58]} e5 {[%clk 0:04:57]} 2. Nf3 $1 {the usual} (2. f4 {the
gambit} exf4) 2... Nc6 {[%clk 0:04:50]} 3. Bb5 *
`

func TestPasteAGameAndCopyItBack(t *testing.T) {
	h := newHarness(t)
	h.clipboard().SetContent(annotated)
	h.Shortcut(kit.Paste)
	if got := h.History(); got != "e4 e5 Nf3 Nc6 Bb5" {
		t.Fatalf("moves after paste %q", got)
	}
	if !h.s.NeedsFile() || h.s.Dirty() {
		t.Error("a pasted game has no file and no changes yet")
	}
	h.clipboard().SetContent("")
	h.Shortcut(kit.CopyGame)
	copied := h.clipboard().Content()
	for _, want := range []string{`[White "Anna"]`, `[Event "Club"]`, "{[%clk 0:04:58]}", "(2. f4", "{the gambit}", "exf4)", "$1", "{the usual}", "3. Bb5"} {
		if !strings.Contains(copied, want) {
			t.Errorf("copied game lacks %q:\n%s", want, copied)
		}
	}
	// Pasted back, the copy is the same game.
	h.Shortcut(kit.Paste)
	var again strings.Builder
	if err := h.s.Game().WritePGN(&again); err != nil || again.String() != copied {
		t.Errorf("the copy pasted back differs (%v):\n%s\n---\n%s", err, again.String(), copied)
	}
}

func TestPasteAPositionAndCopyItBack(t *testing.T) {
	h := newHarness(t)
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	h.clipboard().SetContent("  " + fen + "\n")
	h.Shortcut(kit.Paste)
	if got := h.s.Game().FEN(); got != fen {
		t.Fatalf("position after paste %q", got)
	}
	if h.s.Game().Tag("SetUp") != "1" || h.s.Game().Tag("FEN") != fen {
		t.Error("a game from a pasted position has no SetUp and FEN tags")
	}
	h.Play("f1c4")
	h.s.ShowStart()
	h.Shortcut(kit.CopyPosition)
	if got := h.clipboard().Content(); got != fen {
		t.Errorf("copied position %q, want the one shown %q", got, fen)
	}
	h.s.ShowLive()
	h.Shortcut(kit.CopyPosition)
	if got := h.clipboard().Content(); !strings.HasPrefix(got, "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq") {
		t.Errorf("copied position %q, want the one after Bc4", got)
	}
}

func TestPasteOfNeitherSaysWhereAndChangesNothing(t *testing.T) {
	for name, tc := range map[string]struct{ text, want string }{
		"prose":   {"Dear club,\nsee you on Friday.\n", "neither a position (FEN) nor a game (PGN)"},
		"illegal": {"1. e4 e5\n2. Ke3 Nc6 *\n", "Line 2: 2. Ke3 Nc6 *"},
		"syntax":  {"[White \"A\"\n\n1. e4 *\n", "Line 1: [White \"A\""},
		"fen":     {"8/8/8/8/8/8/8/8 w - - 0 1", "invalid FEN"},
		"empty":   {"  \n", "The clipboard is empty."},
	} {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t)
			h.Play("e2e4")
			h.clipboard().SetContent(tc.text)
			h.Shortcut(kit.Paste)
			h.WantDialog(tc.want)
			if h.History() != "e4" || !h.s.Dirty() {
				t.Errorf("the game changed: %q", h.History())
			}
		})
	}
}

func TestPasteAsksAboutUnsavedChangesFirst(t *testing.T) {
	h := newHarness(t)
	h.Play("e2e4")
	h.clipboard().SetContent("1. d4 d5 *")
	h.Shortcut(kit.Paste)
	h.WantDialog("not saved")
	h.TapButton("Cancel")
	if h.History() != "e4" {
		t.Fatalf("cancelled, yet the game changed: %q", h.History())
	}
	h.Shortcut(kit.Paste)
	h.TapButton("Don't save")
	if h.History() != "d4 d5" {
		t.Errorf("moves %q after the paste", h.History())
	}
}

func TestPasteOfSeveralGamesShowsThePicker(t *testing.T) {
	h := newHarness(t)
	h.clipboard().SetContent(gametest.PGNGame("White=A Black=B", 4) + gametest.PGNGame("White=C Black=D", 6))
	h.Shortcut(kit.Paste)
	// The session tells the window of the games pasted, for the list of
	// games (the picker room) to show them.
	var c *collection.Collection
	for _, ev := range h.events {
		if ev.Change.Has(session.CollectionOpened) {
			c = ev.Collection
		}
	}
	if c == nil || !c.Pasted() || c.Index().Len() != 2 {
		t.Fatalf("games pasted: %v", c)
	}
	if err := h.s.OpenGame(c, 1); err != nil || len(h.s.Game().History()) != 6 {
		t.Errorf("the second pasted game did not open (%v): %q", err, h.History())
	}
}

func TestClipboardShortcutsKeepTheirMeaningInATextField(t *testing.T) {
	h := newHarness(t)
	// The main window's one text field, the move box.
	entry := kit.NewEntry(h.Env.Keys)
	entry.OnSubmitted = func(string) {}
	h.Env.Window.SetContent(entry)
	h.Env.Window.Canvas().Focus(entry)
	h.clipboard().SetContent("Nf3")
	h.Shortcut(kit.Paste)
	if entry.Text != "Nf3" || h.History() != "" {
		t.Fatalf("Ctrl+V in the move box: box %q, moves %q", entry.Text, h.History())
	}
	entry.SetText("e4 is best")
	entry.TypedShortcut(&fyne.ShortcutSelectAll{})
	h.Shortcut(kit.CopyGame)
	if got := h.clipboard().Content(); got != "e4 is best" {
		t.Errorf("Ctrl+C in the move box copied %q", got)
	}
	// With nothing selected, or out of the text field, it copies the game.
	entry.SetText("")
	h.Shortcut(kit.CopyGame)
	if got := h.clipboard().Content(); !strings.Contains(got, "[Result \"*\"]") {
		t.Errorf("Copy game copied %q", got)
	}
	// The move box keeps the focus after a move typed: a game pasted there
	// is opened, not typed into it.
	h.clipboard().SetContent("1. d4 d5 2. c4 *")
	h.Shortcut(kit.Paste)
	if entry.Text != "" || h.History() != "d4 d5 c4" {
		t.Errorf("a game pasted with the focus in the move box: box %q, moves %q", entry.Text, h.History())
	}
}
