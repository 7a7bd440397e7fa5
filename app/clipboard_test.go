package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/session"
)

// menuAction runs the menu item with that label, as its shortcut or a
// click does.
func (h *harness) menuAction(label string) {
	h.t.Helper()
	for _, m := range h.app.win.MainMenu().Items {
		for _, it := range m.Items {
			if it.Label == label {
				it.Action()
				return
			}
		}
	}
	h.t.Fatalf("no menu item %q", label)
}

func (h *harness) clipboard() fyne.Clipboard { return h.app.fyne.Clipboard() }

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
	h.menuAction("Paste game or position")
	if got := h.history(); got != "e4 e5 Nf3 Nc6 Bb5" {
		t.Fatalf("moves after paste %q", got)
	}
	if !h.app.sess.NeedsFile() || h.app.sess.Dirty() {
		t.Error("a pasted game has no file and no changes yet")
	}
	h.clipboard().SetContent("")
	h.menuAction("Copy game")
	copied := h.clipboard().Content()
	for _, want := range []string{`[White "Anna"]`, `[Event "Club"]`, "{[%clk 0:04:58]}", "(2. f4", "{the gambit}", "exf4)", "$1", "{the usual}", "3. Bb5"} {
		if !strings.Contains(copied, want) {
			t.Errorf("copied game lacks %q:\n%s", want, copied)
		}
	}
	// Pasted back, the copy is the same game.
	h.menuAction("Paste game or position")
	var again strings.Builder
	if err := h.app.sess.Game().WritePGN(&again); err != nil || again.String() != copied {
		t.Errorf("the copy pasted back differs (%v):\n%s\n---\n%s", err, again.String(), copied)
	}
}

func TestPasteAPositionAndCopyItBack(t *testing.T) {
	h := newHarness(t)
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	h.clipboard().SetContent("  " + fen + "\n")
	h.menuAction("Paste game or position")
	if got := h.app.sess.Game().FEN(); got != fen {
		t.Fatalf("position after paste %q", got)
	}
	if h.app.sess.Game().Tag("SetUp") != "1" || h.app.sess.Game().Tag("FEN") != fen {
		t.Error("a game from a pasted position has no SetUp and FEN tags")
	}
	h.play("f1c4")
	h.app.showStart()
	h.menuAction("Copy position")
	if got := h.clipboard().Content(); got != fen {
		t.Errorf("copied position %q, want the one shown %q", got, fen)
	}
	h.app.showLive()
	h.menuAction("Copy position")
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
			h.play("e2e4")
			h.clipboard().SetContent(tc.text)
			h.menuAction("Paste game or position")
			h.wantDialog(tc.want)
			if h.history() != "e4" || !h.app.sess.Dirty() {
				t.Errorf("the game changed: %q", h.history())
			}
		})
	}
}

func TestPasteAsksAboutUnsavedChangesFirst(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	h.clipboard().SetContent("1. d4 d5 *")
	h.menuAction("Paste game or position")
	h.wantDialog("not saved")
	h.tapButton("Cancel")
	if h.history() != "e4" {
		t.Fatalf("cancelled, yet the game changed: %q", h.history())
	}
	h.menuAction("Paste game or position")
	h.tapButton("Don't save")
	if h.history() != "d4 d5" {
		t.Errorf("moves %q after the paste", h.history())
	}
}

func TestPasteOfSeveralGamesShowsThePicker(t *testing.T) {
	h := newHarness(t)
	h.clipboard().SetContent(pgnGame("White=A Black=B", 4) + pgnGame("White=C Black=D", 6))
	h.menuAction("Paste game or position")
	h.wantDialog("Choose a pasted game")
	var c *session.Collection
	for col := range h.app.pickers {
		c = col
	}
	if c == nil || !c.Pasted() || c.Index().Len() != 2 {
		t.Fatalf("picker of %v", c)
	}
	if !h.app.openGame(c, 1) || len(h.app.sess.Game().History()) != 6 {
		t.Errorf("the second pasted game did not open: %q", h.history())
	}
}

func TestClipboardShortcutsKeepTheirMeaningInATextField(t *testing.T) {
	h := newHarness(t)
	entry := h.app.ui.moveBox.entry
	h.app.win.Canvas().Focus(entry)
	h.clipboard().SetContent("Nf3")
	h.menuAction("Paste game or position")
	if entry.Text != "Nf3" || h.history() != "" {
		t.Fatalf("Ctrl+V in the move box: box %q, moves %q", entry.Text, h.history())
	}
	entry.SetText("e4 is best")
	entry.TypedShortcut(&fyne.ShortcutSelectAll{})
	h.menuAction("Copy game")
	if got := h.clipboard().Content(); got != "e4 is best" {
		t.Errorf("Ctrl+C in the move box copied %q", got)
	}
	// With nothing selected, or out of the text field, it copies the game.
	entry.SetText("")
	h.menuAction("Copy game")
	if got := h.clipboard().Content(); !strings.Contains(got, "[Result \"*\"]") {
		t.Errorf("Copy game copied %q", got)
	}
	// The move box keeps the focus after a move typed: a game pasted there
	// is opened, not typed into it.
	h.clipboard().SetContent("1. d4 d5 2. c4 *")
	h.menuAction("Paste game or position")
	if entry.Text != "" || h.history() != "d4 d5 c4" {
		t.Errorf("a game pasted with the focus in the move box: box %q, moves %q", entry.Text, h.history())
	}
}

// BenchmarkPasteAnnotatedGame is Ctrl+V of a game of 300 plies, each with
// a comment and a side line, to the board and the move list showing it.
func BenchmarkPasteAnnotatedGame(b *testing.B) {
	a := benchApp(b, 300)
	var text strings.Builder
	if err := a.sess.Game().WritePGN(&text); err != nil {
		b.Fatal(err)
	}
	a.fyne.Clipboard().SetContent(text.String())
	b.Logf("%d bytes", text.Len())
	for b.Loop() {
		a.paste()
		if len(a.sess.Game().History()) != 300 {
			b.Fatal("not pasted")
		}
	}
}
