package picker

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/game/gametest"
	"github.com/echiquier/echiquier/app/pgn"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/app/ui/words"
)

// pickerGames is a file of five games: three good ones, one with a
// syntax error, and one with an illegal move, which the list finds
// before it is chosen.
var pickerGames = gametest.PGNGame("White=Anand Black=Kasparov Result=1-0 Date=1995.09.11 Event=PCA_WCh Round=10 ECO=C80", 8) +
	"[White \"Broken\"]\n[Black \"Game\"]\n\n1. e4 ) e5 *\n\n" +
	gametest.PGNGame("White=Carlsen Black=Ünal Result=* Date=2019.05.01 Event=Grenke Round=3 TimeControl=300+2", 5) +
	"[White \"Bacrot\"]\n[Black \"Illegal\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n" +
	"[White \"Aronian\"]\n[Black \"Mate\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"

// TestPickerListsGames: the list counts and offers only the games that
// can be opened. Game 4's illegal move was found when it was opened:
// until then the list offered it and counted it ("Games: 4").
func TestPickerListsGames(t *testing.T) {
	h := newHarness(t)
	p := h.picked(h.openGames(pickerGames))
	if got := p.column(collection.ColWhite); !slices.Equal(got, []string{"Anand", "Carlsen", "Aronian"}) {
		t.Errorf("White column: %v", got)
	}
	if got := p.column(collection.ColOpening); !slices.Equal(got, []string{"Ruy Lopez: Open", "", ""}) {
		t.Errorf("Opening column, named after the ECO tag: %v", got)
	}
	if got := p.column(collection.ColNumber); !slices.Equal(got, []string{"1", "3", "5"}) {
		t.Errorf("numbers: %v", got)
	}
	if got := p.column(collection.ColMoves); !slices.Equal(got, []string{"4", "3", "4"}) {
		t.Errorf("moves: %v", got)
	}
	drawn := strings.Join(h.cells(), "|")
	for _, want := range []string{"Anand", "Kasparov", "1995.09.11", "PCA WCh", "C80", "Ünal"} {
		if !strings.Contains(drawn, want) {
			t.Errorf("the table does not show %q: %s", want, drawn)
		}
	}
	h.WantDialog("Games: 3")
	where := fmt.Sprintf("game 2, line %d", lineOf(pickerGames, "1. e4 ) e5"))
	illegal := fmt.Sprintf("game 4 (Bacrot – Illegal), line %d, \"Ke3\"", lineOf(pickerGames, "2. Ke3"))
	if got := p.bad.games; len(got) != 2 || got[0].Index != 1 || !strings.Contains(got[0].Err.Error(), where) ||
		got[1].Index != 3 || !strings.Contains(got[1].Err.Error(), illegal) {
		t.Errorf("bad games: %v", got)
	}
	h.WantDialog("Games that cannot be opened: 2")
	h.WantDialog("G" + where[1:]) // the picker words the error as a sentence
	h.WantDialog("“Ke3”")
	if p.progress.Visible() || p.stopBtn.Visible() {
		t.Error("progress shown for a file read whole")
	}
	if h.History() != "" {
		t.Errorf("the game on screen changed before a game was chosen: %q", h.History())
	}
}

func TestPickerSortsByColumnHeading(t *testing.T) {
	h := newHarness(t)
	p := h.picked(h.openGames(pickerGames))
	h.TapButton("White")
	if got := p.column(collection.ColWhite); !slices.Equal(got, []string{"Anand", "Aronian", "Carlsen"}) {
		t.Errorf("sorted by White: %v", got)
	}
	h.TapButton("White ▲")
	if got := p.column(collection.ColWhite); !slices.Equal(got, []string{"Carlsen", "Aronian", "Anand"}) {
		t.Errorf("sorted by White the other way: %v", got)
	}
	h.TapButton("Moves")
	if got := p.column(collection.ColNumber); !slices.Equal(got, []string{"3", "5", "1"}) { // 5, 7, 8 plies
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
	if got := p.column(collection.ColWhite); !slices.Equal(got, []string{"Carlsen"}) {
		t.Errorf("filtered on unal: %v", got)
	}
	h.WantDialog("Games: 1 of 3")
	p.filter.SetText("1995")
	if got := p.column(collection.ColWhite); !slices.Equal(got, []string{"Anand"}) {
		t.Errorf("filtered on 1995: %v", got)
	}
	p.filter.SetText("")
	if p.order.Len() != 3 {
		t.Errorf("%d rows without a filter", p.order.Len())
	}
}

func TestPickerOpensTheSelectedGame(t *testing.T) {
	h := newHarness(t)
	c := h.openGames(pickerGames)
	p := h.picked(c)
	h.TapButton("White") // Anand, Aronian, Carlsen
	test.Tap(h.cellOf(1))
	if p.selected != 4 {
		t.Fatalf("selected game %d, want 4 (game 5)", p.selected)
	}
	h.TapButton("Open")
	g := h.s.Game()
	if g.Tag("White") != "Aronian" || g.Status().Reason != game.Checkmate {
		t.Fatalf("opened %q, %v", g.Tag("White"), g.Status())
	}
	if p.visible {
		t.Error("the picker stays open")
	}
	if !h.s.InCollection() || !(h.s.Collection() != nil) || c.Current() != 4 {
		t.Error("the game is not known to come from a collection: saving would replace the file")
	}
	if h.s.CanMoveHere() {
		t.Error("a finished game must open for browsing only")
	}
	h.s.Step(-2)
	if !h.s.Browsing() || h.s.Shown().SAN() != "Bc4" {
		t.Errorf("browsing back two moves shows %q", h.s.Shown().SAN())
	}
}

func TestPickerDoubleClickOpens(t *testing.T) {
	h := newHarness(t)
	h.picked(h.openGames(pickerGames))
	cell := h.cellOf(1)
	test.Tap(cell)
	if h.History() != "" {
		t.Fatal("one click opened the game")
	}
	test.Tap(cell)
	if g := h.s.Game(); g.Tag("White") != "Carlsen" {
		t.Fatalf("double click opened %q", g.Tag("White"))
	}
	if g := h.s.Game(); g.Status().Over() || !h.s.CanMoveHere() || !g.Paused() {
		t.Error("a game in progress must open ready to go on, its clocks paused")
	}
}

func TestPickerKeyboard(t *testing.T) {
	h := newHarness(t)
	p := h.picked(h.openGames(pickerGames))
	focused := h.Env.Window.Canvas().Focused()
	if focused != p.filter {
		t.Fatalf("the keyboard is not in the filter box: %T", focused)
	}
	test.Type(p.filter, "a")
	if p.selected != 0 {
		t.Fatalf("game %d selected at first, want the first one", p.selected)
	}
	for _, k := range []fyne.KeyName{fyne.KeyDown, fyne.KeyDown, fyne.KeyDown, fyne.KeyUp} {
		focused.TypedKey(&fyne.KeyEvent{Name: k})
	}
	if p.selected != 2 {
		t.Fatalf("selected game %d after ↓↓↓↑, want 2", p.selected)
	}
	focused.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if h.s.Game().Tag("White") != "Carlsen" {
		t.Fatalf("Enter opened %q", h.s.Game().Tag("White"))
	}
}

func TestPickerCancelKeepsTheGame(t *testing.T) {
	h := newHarness(t)
	h.Play("e2e4")
	c := h.openGames(pickerGames)
	h.picked(c)
	h.TapButton("Cancel")
	if h.r.lists[c].visible || h.History() != "e4" || (h.s.Collection() != nil) {
		t.Errorf("after Cancel: picker shown %v, history %q", h.r.lists[c].visible, h.History())
	}
}

// TestPickerSaysWhyAGameCannotBeOpenedBeforeItIsChosen: the game with an
// illegal move is not offered (it was, and failed once chosen): the list
// of the games that cannot be opened names it, its line and its move.
func TestPickerSaysWhyAGameCannotBeOpenedBeforeItIsChosen(t *testing.T) {
	h := newHarness(t)
	h.Play("d2d4")
	p := h.picked(h.openGames(pickerGames))
	p.filter.SetText("bacrot")
	if p.order.Len() != 0 || !p.openBtn.Disabled() {
		t.Errorf("the game with an illegal move is offered: %d listed", p.order.Len())
	}
	line := fmt.Sprintf("line %d", lineOf(pickerGames, "2. Ke3"))
	for _, want := range []string{"Game 4", line, "“Ke3”", "Bacrot"} {
		h.WantDialog(want)
	}
	if h.History() != "d4" {
		t.Errorf("the current game changed: %q", h.History())
	}
}

func TestPickerRefusesVariants(t *testing.T) {
	h := newHarness(t)
	text := pickerGames + "[Variant \"Chess960\"]\n[White \"Fischer\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n1. e4 *\n"
	p := h.picked(h.openGames(text))
	p.filter.SetText("fischer")
	h.TapButton("Open")
	h.WantDialog("Game 6")
	h.WantDialog(game.ErrVariant.Error())
}

func TestNextAndPreviousGame(t *testing.T) {
	h := newHarness(t)
	c := h.openGames(pickerGames)
	p := h.picked(c)
	h.TapButton("White") // Anand 0, Aronian 4, Carlsen 2 (Bacrot's game, illegal, is not listed)
	test.Tap(h.cellOf(0))
	h.TapButton("Open")
	white := func() string { return h.s.Game().Tag("White") }
	if white() != "Anand" || (h.Env.Commands.Refused(kit.PreviousGame) == "") || !(h.Env.Commands.Refused(kit.NextGame) == "") {
		t.Fatalf("opened %q; previous %v", white(), (h.Env.Commands.Refused(kit.PreviousGame) == ""))
	}
	h.r.stepGame(1)
	if white() != "Aronian" {
		t.Fatalf("next game: %q", white())
	}
	h.r.stepGame(1)
	if white() != "Carlsen" || (h.Env.Commands.Refused(kit.NextGame) == "") {
		t.Fatalf("next game after Aronian's: %q", white())
	}
	h.r.stepGame(-1)
	if white() != "Aronian" || p.selected != 4 {
		t.Errorf("previous game: %q, selected %d", white(), p.selected)
	}
	h.r.showCollection()
	if !p.visible || p.order.Game(p.order.Row(p.selected)) != 4 {
		t.Error("the list does not show again with the game on screen selected")
	}
}

func TestNextGameAsksToSaveChanges(t *testing.T) {
	h := newHarness(t)
	p := h.picked(h.openGames(pickerGames))
	p.filter.SetText("carlsen")
	h.TapButton("Open")
	p.filter.SetText("")
	h.s.TogglePause() // a timed game read from a file waits, paused
	h.Play("e7e5")
	h.leave.refuse = true // Cancel in the question
	h.r.stepGame(1)
	if h.s.Game().Tag("White") != "Carlsen" || h.leave.asked != 1 {
		t.Error("the changed game was left without asking")
	}
	h.leave.refuse = false
	h.r.stepGame(1)
	if h.s.Game().Tag("White") != "Aronian" {
		t.Errorf("next game after saving: %q", h.s.Game().Tag("White"))
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
	c := h.openGames(gametest.PGNGame("White=Solo Result=*", 4))
	if h.r.lists[c] != nil || h.s.Game().Tag("White") != "Solo" {
		t.Fatalf("picker %v, game %q", h.r.lists[c] != nil, h.s.Game().Tag("White"))
	}
	if h.s.InCollection() || (h.s.Collection() != nil) {
		t.Error("a file of one game is that game's file: it saves back to it")
	}
}

func TestMenusFollowTheGameOpenedFromThePicker(t *testing.T) {
	h := newHarness(t)
	c := h.openGames(pickerGames)
	h.picked(c)
	h.TapButton("White") // Anand first
	test.Tap(h.cellOf(0))
	h.TapButton("Open")
	refused := func(id kit.ID) bool { return h.Env.Commands.Refused(id) != "" }
	if refused(kit.GamesInFile) || refused(kit.NextGame) || !refused(kit.PreviousGame) {
		t.Errorf("menus right after opening the first game: list %v, next %v, previous %v (disabled)",
			refused(kit.GamesInFile), refused(kit.NextGame), refused(kit.PreviousGame))
	}
}

func TestPickerHasTheKeyboardWhenAFileOpens(t *testing.T) {
	// Opened from the command line or Ctrl+O, the picker did not get the
	// keyboard: the filter went into the hidden move box.
	h := newHarness(t)
	p := h.picked(h.openGames(pickerGames))
	if h.Env.Window.Canvas().Focused() != p.filter {
		t.Fatalf("the keyboard is on %T", h.Env.Window.Canvas().Focused())
	}
	h.Env.Window.Canvas().Focused().TypedRune('x')
	if p.filter.Text != "x" {
		t.Errorf("filter %q", p.filter.Text)
	}
}

func TestPickerNumbersAreNotCut(t *testing.T) {
	h := newHarness(t)
	p := h.picked(h.openGames(pickerGames))
	cell := newGameCell(p.tapRow)
	cell.set(0, "3257000", false, fyne.TextAlignTrailing)
	if w := cell.label.MinSize().Width; w > columnWidths[collection.ColNumber] {
		t.Errorf("a seven-digit number needs %v, the column is %v", w, columnWidths[collection.ColNumber])
	}
}

// TestPickerHeadingsAreNotCut: in French "Résultat ▲" was wider than its
// column.
func TestPickerHeadingsAreNotCut(t *testing.T) {
	h := newHarness(t)
	locale := words.SystemLocale()
	t.Cleanup(func() { locale.Use("") })
	h.Env.Language, _ = locale.Use("fr")
	p := h.picked(h.openGames(pickerGames))
	p.sortBy(collection.ColResult)
	uitest.Walk(p.table, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Visible() && strings.HasPrefix(b.Text, "Résultat") {
			if b.Size().Width < b.MinSize().Width {
				t.Errorf("the heading %q is %v wide, needs %v", b.Text, b.Size().Width, b.MinSize().Width)
			}
		}
	})
}

// TestShowOnlyTheGamesOfAPosition: the opening tree's "Games with this
// position" lists only those games, says so above the list, and gives
// the whole list back.
func TestShowOnlyTheGamesOfAPosition(t *testing.T) {
	h := newHarness(t)
	c := h.openGames(pickerGames)
	h.TapButton("Cancel")
	if err := h.s.OpenGame(c, 0); err != nil {
		t.Fatal(err)
	}
	h.r.ShowOnly([]uint64{1<<0 | 1<<4}, "the position after 1... e5")
	p := h.picked(c)
	if got := p.column(collection.ColWhite); !slices.Equal(got, []string{"Anand", "Aronian"}) {
		t.Errorf("games listed: %v", got)
	}
	h.WantDialog("Only the games that reach the position after 1... e5")
	h.WantDialog("Games: 2 of 3")
	h.TapButton("Show all games")
	if got := p.column(collection.ColWhite); len(got) != 3 {
		t.Errorf("all games again: %v", got)
	}
	if p.only.box.Visible() {
		t.Error("the list still says it is kept to some games")
	}
}

func TestPickerWritesADrawAsTheScreenDoes(t *testing.T) {
	h := newHarness(t)
	p := h.picked(h.openGames("[White \"A\"]\n[Result \"1/2-1/2\"]\n\n1. e4 1/2-1/2\n\n[White \"B\"]\n[Result \"1-0\"]\n\n1. d4 1-0\n"))
	if got := strings.Join(p.column(collection.ColResult), " "); got != "½-½ 1-0" {
		t.Errorf("results %q", got)
	}
}

// TestPickerFilterTakesATagsValue: a megabyte pasted into the filter
// leaves as much as a tag's value holds, and the field says why.
func TestPickerFilterTakesATagsValue(t *testing.T) {
	h := newHarness(t)
	p := h.picked(h.openGames(pickerGames))
	h.Paste(p.filter, strings.Repeat("abcdefg ", 1<<17))
	uitest.WantFull(t, "the filter", &p.filter.Entry, pgn.MaxString)
}
