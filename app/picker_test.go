package app

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
)

// pickerGames is a file of four games: three good ones, the third one
// with an illegal move (which only shows when it is opened), and one
// with a syntax error.
var pickerGames = pgnGame("White=Anand Black=Kasparov Result=1-0 Date=1995.09.11 Event=PCA_WCh Round=10 ECO=C80", 8) +
	"[White \"Broken\"]\n[Black \"Game\"]\n\n1. e4 ) e5 *\n\n" +
	pgnGame("White=Carlsen Black=Ünal Result=* Date=2019.05.01 Event=Grenke Round=3 TimeControl=300+2", 5) +
	"[White \"Bacrot\"]\n[Black \"Illegal\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n" +
	"[White \"Aronian\"]\n[Black \"Mate\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"

// lineOf returns the line of text where substr first is.
func lineOf(text, substr string) int {
	return strings.Count(text[:strings.Index(text, substr)], "\n") + 1
}

// openGames writes text to a file and opens it.
func (h *harness) openGames(text string) *session.Collection {
	h.t.Helper()
	path := filepath.Join(h.t.TempDir(), "games.pgn")
	writeFile(h.t, path, text)
	return h.open(path)
}

// picked returns the picker of c, which must be shown.
func (h *harness) picked(c *session.Collection) *picker {
	h.t.Helper()
	p := h.app.pickers[c]
	if c == nil || p == nil || !p.visible {
		h.t.Fatalf("no picker shown; dialog: %s", h.dialogText())
	}
	return p
}

// column returns what a column shows, row after row.
func (p *picker) column(c session.Column) []string {
	var out []string
	for row := range p.order.Len() {
		out = append(out, p.cellText(p.order.Game(row), c))
	}
	return out
}

// cells returns the texts of the table's cells as drawn.
func (h *harness) cells() []string {
	var out []string
	walk(h.app.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if c, ok := o.(*gameCell); ok && c.Visible() {
			out = append(out, c.label.Text)
		}
	})
	return out
}

// cellOf returns a drawn cell of a row.
func (h *harness) cellOf(row int) *gameCell {
	h.t.Helper()
	var found *gameCell
	walk(h.app.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if c, ok := o.(*gameCell); ok && c.row == row && c.Visible() && found == nil {
			found = c
		}
	})
	if found == nil {
		h.t.Fatalf("no cell drawn on row %d", row)
	}
	return found
}

func TestPickerListsGames(t *testing.T) {
	h := newHarness(t)
	p := h.picked(h.openGames(pickerGames))
	if got := p.column(session.ColWhite); !slices.Equal(got, []string{"Anand", "Carlsen", "Bacrot", "Aronian"}) {
		t.Errorf("White column: %v", got)
	}
	if got := p.column(session.ColOpening); !slices.Equal(got, []string{"Ruy Lopez: Open", "", "", ""}) {
		t.Errorf("Opening column, named after the ECO tag: %v", got)
	}
	if got := p.column(session.ColNumber); !slices.Equal(got, []string{"1", "3", "4", "5"}) {
		t.Errorf("numbers: %v", got)
	}
	if got := p.column(session.ColMoves); !slices.Equal(got, []string{"4", "3", "2", "4"}) {
		t.Errorf("moves: %v", got)
	}
	drawn := strings.Join(h.cells(), "|")
	for _, want := range []string{"Anand", "Kasparov", "1995.09.11", "PCA WCh", "C80", "Ünal"} {
		if !strings.Contains(drawn, want) {
			t.Errorf("the table does not show %q: %s", want, drawn)
		}
	}
	h.wantDialog("Games: 4")
	where := fmt.Sprintf("game 2, line %d", lineOf(pickerGames, "1. e4 ) e5"))
	if got := p.bad.games; len(got) != 1 || got[0].index != 1 || !strings.Contains(got[0].err.Error(), where) {
		t.Errorf("bad games: %v", got)
	}
	h.wantDialog("Games that cannot be opened: 1")
	h.wantDialog("G" + where[1:]) // the picker words the error as a sentence
	if p.progress.Visible() || p.stopBtn.Visible() {
		t.Error("progress shown for a file read whole")
	}
	if h.history() != "" {
		t.Errorf("the game on screen changed before a game was chosen: %q", h.history())
	}
}

func TestPickerSortsByColumnHeading(t *testing.T) {
	h := newHarness(t)
	p := h.picked(h.openGames(pickerGames))
	h.tapButton("White")
	if got := p.column(session.ColWhite); !slices.Equal(got, []string{"Anand", "Aronian", "Bacrot", "Carlsen"}) {
		t.Errorf("sorted by White: %v", got)
	}
	h.tapButton("White ▲")
	if got := p.column(session.ColWhite); !slices.Equal(got, []string{"Carlsen", "Bacrot", "Aronian", "Anand"}) {
		t.Errorf("sorted by White the other way: %v", got)
	}
	h.tapButton("Moves")
	if got := p.column(session.ColNumber); !slices.Equal(got, []string{"4", "3", "5", "1"}) { // 3, 5, 7, 8 plies
		t.Errorf("sorted by moves: %v", got)
	}
	if drawn := h.cells(); len(drawn) < 9 || drawn[0] == "" {
		t.Errorf("cells drawn: %v", drawn)
	}
}

func TestPickerFiltersAsYouType(t *testing.T) {
	h := newHarness(t)
	p := h.picked(h.openGames(pickerGames))
	test.Type(p.filter, "unal")
	if got := p.column(session.ColWhite); !slices.Equal(got, []string{"Carlsen"}) {
		t.Errorf("filtered on unal: %v", got)
	}
	h.wantDialog("Games: 1 of 4")
	p.filter.SetText("1995")
	if got := p.column(session.ColWhite); !slices.Equal(got, []string{"Anand"}) {
		t.Errorf("filtered on 1995: %v", got)
	}
	p.filter.SetText("")
	if p.order.Len() != 4 {
		t.Errorf("%d rows without a filter", p.order.Len())
	}
}

func TestPickerOpensTheSelectedGame(t *testing.T) {
	h := newHarness(t)
	c := h.openGames(pickerGames)
	p := h.picked(c)
	h.tapButton("White") // Anand, Aronian, Bacrot, Carlsen
	test.Tap(h.cellOf(1))
	if p.selected != 4 {
		t.Fatalf("selected game %d, want 4 (game 5)", p.selected)
	}
	h.tapButton("Open")
	g := h.app.sess.Game()
	if g.Tag("White") != "Aronian" || g.Status().Reason != game.Checkmate {
		t.Fatalf("opened %q, %v", g.Tag("White"), g.Status())
	}
	if p.visible {
		t.Error("the picker stays open")
	}
	if !h.app.sess.InCollection() || !h.app.hasCollection() || c.Current() != 4 {
		t.Error("the game is not known to come from a collection: saving would replace the file")
	}
	if h.app.ui.board.Legal != nil {
		t.Error("a finished game must open for browsing only")
	}
	h.app.step(-2)
	if !h.app.sess.Browsing() || h.app.sess.Shown().SAN() != "Bc4" {
		t.Errorf("browsing back two moves shows %q", h.app.sess.Shown().SAN())
	}
}

func TestPickerDoubleClickOpens(t *testing.T) {
	h := newHarness(t)
	h.picked(h.openGames(pickerGames))
	cell := h.cellOf(1)
	test.Tap(cell)
	if h.history() != "" {
		t.Fatal("one click opened the game")
	}
	test.Tap(cell)
	if g := h.app.sess.Game(); g.Tag("White") != "Carlsen" {
		t.Fatalf("double click opened %q", g.Tag("White"))
	}
	if g := h.app.sess.Game(); g.Status().Over() || h.app.ui.board.Legal == nil || !g.Paused() {
		t.Error("a game in progress must open ready to go on, its clocks paused")
	}
}

func TestPickerKeyboard(t *testing.T) {
	h := newHarness(t)
	p := h.picked(h.openGames(pickerGames))
	focused := h.app.win.Canvas().Focused()
	if focused != p.filter {
		t.Fatalf("the keyboard is not in the filter box: %T", focused)
	}
	test.Type(p.filter, "a")
	if p.selected != 0 {
		t.Fatalf("game %d selected at first, want the first one", p.selected)
	}
	for _, k := range []fyne.KeyName{fyne.KeyDown, fyne.KeyDown, fyne.KeyDown, fyne.KeyUp, fyne.KeyUp} {
		focused.TypedKey(&fyne.KeyEvent{Name: k})
	}
	if p.selected != 2 {
		t.Fatalf("selected game %d after ↓↓↓↑↑, want 2", p.selected)
	}
	focused.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if h.app.sess.Game().Tag("White") != "Carlsen" {
		t.Fatalf("Enter opened %q", h.app.sess.Game().Tag("White"))
	}
}

func TestPickerCancelKeepsTheGame(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	c := h.openGames(pickerGames)
	h.picked(c)
	h.tapButton("Cancel")
	if h.app.pickers[c].visible || h.history() != "e4" || h.app.hasCollection() {
		t.Errorf("after Cancel: picker shown %v, history %q", h.app.pickers[c].visible, h.history())
	}
}

func TestPickerIllegalGameFails(t *testing.T) {
	h := newHarness(t)
	h.play("d2d4")
	p := h.picked(h.openGames(pickerGames))
	test.Tap(h.cellOf(2))
	h.tapButton("Open")
	line := fmt.Sprintf("line %d", lineOf(pickerGames, "2. Ke3"))
	for _, want := range []string{"Game 4", line, "“Ke3”", "Bacrot"} {
		h.wantDialog(want)
	}
	if h.history() != "d4" {
		t.Errorf("the current game changed: %q", h.history())
	}
	if !p.visible {
		t.Error("the picker closed on a game that failed")
	}
	if n := len(p.bad.games); n != 2 {
		t.Errorf("%d bad games listed, want 2", n)
	}
}

func TestPickerRefusesVariants(t *testing.T) {
	h := newHarness(t)
	text := pickerGames + "[Variant \"Chess960\"]\n[White \"Fischer\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n1. e4 *\n"
	p := h.picked(h.openGames(text))
	p.filter.SetText("fischer")
	h.tapButton("Open")
	h.wantDialog("Game 6")
	h.wantDialog(game.ErrVariant.Error())
}

func TestNextAndPreviousGame(t *testing.T) {
	h := newHarness(t)
	c := h.openGames(pickerGames)
	p := h.picked(c)
	h.tapButton("White") // Anand 0, Aronian 4, Bacrot 3 (illegal), Carlsen 2
	test.Tap(h.cellOf(0))
	h.tapButton("Open")
	white := func() string { return h.app.sess.Game().Tag("White") }
	if white() != "Anand" || !h.app.collectionItems.previous.Disabled || !!h.app.collectionItems.next.Disabled {
		t.Fatalf("opened %q; previous %v", white(), !h.app.collectionItems.previous.Disabled)
	}
	h.app.nextGame()
	if white() != "Aronian" {
		t.Fatalf("next game: %q", white())
	}
	h.app.nextGame() // Bacrot's game fails
	h.wantDialog("“Ke3”")
	if white() != "Aronian" {
		t.Fatalf("a failed game replaced the game: %q", white())
	}
	h.app.nextGame() // skips it now
	if white() != "Carlsen" || !h.app.collectionItems.next.Disabled {
		t.Fatalf("next game after the failed one: %q", white())
	}
	h.app.previousGame()
	if white() != "Aronian" || p.selected != 4 {
		t.Errorf("previous game: %q, selected %d", white(), p.selected)
	}
	h.app.showCollection()
	if !p.visible || p.order.Game(p.order.Row(p.selected)) != 4 {
		t.Error("the list does not show again with the game on screen selected")
	}
}

func TestNextGameAsksToSaveChanges(t *testing.T) {
	h := newHarness(t)
	p := h.picked(h.openGames(pickerGames))
	p.filter.SetText("carlsen")
	h.tapButton("Open")
	p.filter.SetText("")
	h.play("e7e5")
	h.app.nextGame()
	h.wantDialog("Unsaved game")
	h.tapButton("Cancel")
	if h.app.sess.Game().Tag("White") != "Carlsen" {
		t.Error("the changed game was left without asking")
	}
	h.app.nextGame()
	h.tapButton("Don't save")
	if h.app.sess.Game().Tag("White") != "Bacrot" && !strings.Contains(h.dialogText(), "Ke3") {
		t.Errorf("next game after saving: %q", h.app.sess.Game().Tag("White"))
	}
}

func TestOneGoodGameWithBadOnesShowsThePicker(t *testing.T) {
	h := newHarness(t)
	p := h.picked(h.openGames("[White \"A\"]\n\n1. e4 *\n\n[White \"B\"]\n\n1. e4 ) *\n"))
	if p.order.Len() != 1 || len(p.bad.games) != 1 {
		t.Errorf("%d games, %d bad", p.order.Len(), len(p.bad.games))
	}
}

func TestSingleGameOpensAtOnce(t *testing.T) {
	h := newHarness(t)
	c := h.openGames(pgnGame("White=Solo Result=*", 4))
	if h.app.pickers[c] != nil || h.app.sess.Game().Tag("White") != "Solo" {
		t.Fatalf("picker %v, game %q", h.app.pickers[c] != nil, h.app.sess.Game().Tag("White"))
	}
	if h.app.sess.InCollection() || h.app.hasCollection() {
		t.Error("a file of one game is that game's file: it saves back to it")
	}
}

func TestAllBadGamesSaySo(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4")
	h.openGames("[White \"B\"]\n\n1. e4 ) *\n\n[White \"C\"]\n\n1. d4 ) *\n")
	h.wantDialog("Could not open games.pgn")
	h.wantDialog("Game 2, line 7")
	if h.history() != "e4" {
		t.Errorf("the game changed: %q", h.history())
	}
}

func TestMenusFollowTheGameOpenedFromThePicker(t *testing.T) {
	h := newHarness(t)
	c := h.openGames(pickerGames)
	h.picked(c)
	h.tapButton("White") // Anand first
	test.Tap(h.cellOf(0))
	h.tapButton("Open")
	items := h.app.collectionItems
	if items.list.Disabled || items.next.Disabled || !items.previous.Disabled {
		t.Errorf("menus right after opening the first game: list %v, next %v, previous %v (disabled)",
			items.list.Disabled, items.next.Disabled, items.previous.Disabled)
	}
}

func TestPickerHasTheKeyboardWhenAFileOpens(t *testing.T) {
	// Opened from the command line or Ctrl+O, the picker did not get the
	// keyboard: the filter went into the hidden move box.
	h := newHarness(t)
	p := h.picked(h.openGames(pickerGames))
	if h.app.win.Canvas().Focused() != p.filter {
		t.Fatalf("the keyboard is on %T", h.app.win.Canvas().Focused())
	}
	h.app.win.Canvas().Focused().TypedRune('x')
	if p.filter.Text != "x" || h.app.ui.moveBox.entry.Text != "" {
		t.Errorf("filter %q, move box %q", p.filter.Text, h.app.ui.moveBox.entry.Text)
	}
}

func TestPickerNumbersAreNotCut(t *testing.T) {
	h := newHarness(t)
	p := h.picked(h.openGames(pickerGames))
	cell := newGameCell(p.tapRow)
	cell.set(0, "3257000", false, fyne.TextAlignTrailing)
	if w := cell.label.MinSize().Width; w > columnWidths[session.ColNumber] {
		t.Errorf("a seven-digit number needs %v, the column is %v", w, columnWidths[session.ColNumber])
	}
}

// TestPickerHeadingsAreNotCut: in French "Résultat ▲" was wider than its
// column.
func TestPickerHeadingsAreNotCut(t *testing.T) {
	h := newHarness(t)
	t.Cleanup(func() { h.app.locale.Use("") })
	h.app.settings.SetLanguage("fr")
	h.app.changeLanguage()
	p := h.picked(h.openGames(pickerGames))
	p.sortBy(session.ColResult)
	walk(p.table, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Visible() && strings.HasPrefix(b.Text, "Résultat") {
			if b.Size().Width < b.MinSize().Width {
				t.Errorf("the heading %q is %v wide, needs %v", b.Text, b.Size().Width, b.MinSize().Width)
			}
		}
	})
}
