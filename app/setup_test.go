package app

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/words"
)

func position(t *testing.T, fen string) game.Position {
	t.Helper()
	p, err := game.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCastlingOfferedOnlyWhereKingsAndRooksAre(t *testing.T) {
	for fen, want := range map[string]game.Castling{
		game.StartFEN:                     game.WhiteKingside | game.WhiteQueenside | game.BlackKingside | game.BlackQueenside,
		"r3k3/8/8/8/8/8/8/4K2R w - - 0 1": game.WhiteKingside | game.BlackQueenside,
		"4k3/8/8/8/8/8/8/R3K2R w - - 0 1": game.WhiteKingside | game.WhiteQueenside,
		"4k2r/8/8/8/8/8/8/RK5R w - - 0 1": game.BlackKingside,
	} {
		p := position(t, fen)
		if got := allowedCastling(&p.Board); got != want {
			t.Errorf("%s: %v, want %v", fen, got, want)
		}
	}
}

func TestEnPassantOfferedOnlyWhereACaptureIsPossible(t *testing.T) {
	for fen, want := range map[string][]string{
		"4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1":   {"d6"},
		"4k3/8/8/2PpP3/8/8/8/4K3 w - - 0 1":  {"d6"},
		"4k3/8/8/3p4/8/8/8/4K3 w - - 0 1":    nil, // no white pawn beside it
		"4k3/8/3n4/3pP3/8/8/8/4K3 w - - 0 1": nil, // d6 is taken: no double step
		"4k3/8/8/8/4pP2/8/8/4K3 b - - 0 1":   {"f3"},
		"8/8/8/K2pP2r/8/8/8/7k w - - 0 1":    nil, // the capture would leave the king in check
	} {
		var got []string
		for _, sq := range enPassantSquares(position(t, fen)) {
			got = append(got, sq.String())
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", fen, got, want)
		}
	}
}

func TestSetUpAPositionAndPlayFromIt(t *testing.T) {
	h := newHarness(t)
	h.menuAction("Set up a position…")
	h.wantDialog("Set up a position")
	h.tapButton("Cancel")
	h.play("e2e4")
	h.menuAction("Edit this position…")
	if e := h.app.dlg.open[len(h.app.dlg.open)-1]; e.d == nil {
		t.Fatal("no editor")
	}
	h.tapButton("Cancel")
	e := h.app.showSetup(h.app.sess.Shown().Position())
	if shown := h.app.sess.Game().Position(); e.pos.Board != shown.Board || e.pos.Turn != game.Black {
		t.Fatalf("the editor starts from %q, not the position shown", e.pos.FEN())
	}
	h.tapButton("Empty board")
	if !e.play.Disabled() || e.reason.Text == "" {
		t.Fatalf("an empty board can be played: %q", e.reason.Text)
	}
	e.selectBrush(game.NewPiece(game.White, game.King))
	e.tap(square("e1"))
	e.selectBrush(game.NewPiece(game.Black, game.King))
	e.tap(square("e8"))
	e.selectBrush(game.NewPiece(game.White, game.Rook))
	e.tap(square("a2"))
	e.drag(square("a2"), square("h1")) // moved by drag
	if e.play.Disabled() || e.reason.Text != "" {
		t.Fatalf("a legal position refused: %q", e.reason.Text)
	}
	if e.castle[0].Disabled() || !e.castle[1].Disabled() {
		t.Error("castling offered is not what the rook on h1 allows")
	}
	e.castle[0].SetChecked(true)
	e.turn.SetSelected(e.turn.Options[1])
	// The side not to move may not be in check.
	e.selectBrush(game.NewPiece(game.Black, game.Rook))
	e.tap(square("e4"))
	if !e.play.Disabled() || e.reason.Text == "" {
		t.Errorf("White in check with Black to move accepted (reason %q)", e.reason.Text)
	}
	e.tap(square("e4")) // the same piece clicked again goes
	const fen = "4k3/8/8/8/8/8/8/4K2R b K - 0 1"
	if got := e.pos.FEN(); got != fen || e.play.Disabled() {
		t.Fatalf("position %q (play disabled %v), want %q", got, e.play.Disabled(), fen)
	}
	e.play.OnTapped()
	h.tapButton("Don't save") // 1. e4 is not saved
	h.wantDialog("New game")
	h.tapButton("Start")
	g := h.app.sess.Game()
	if g.FEN() != fen || g.Tag("SetUp") != "1" || g.Tag("FEN") != fen {
		t.Errorf("game from %q, tags SetUp %q FEN %q", g.FEN(), g.Tag("SetUp"), g.Tag("FEN"))
	}
}

func TestASetUpPositionCanBeStudiedWithTheEngine(t *testing.T) {
	// "Any position the players set up for study" may be analysed; a
	// game being played may not.
	h := newHarness(t)
	h.app.showSetup(position(t, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"))
	h.tapButton("Study this position")
	if got := h.app.sess.Game().FEN(); got != "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1" {
		t.Fatalf("studying %s", got)
	}
	if err := h.app.sess.AnalysisRefused(); err != nil {
		t.Errorf("analysis of a study refused: %v", err)
	}
	h.play("e2e4")
	if err := h.app.sess.AnalysisRefused(); err != nil {
		t.Errorf("after a move in the study: %v", err)
	}
}

func TestPiecesDragFromThePaletteOntoTheBoard(t *testing.T) {
	h := newHarness(t)
	e := h.app.showSetup(position(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"))
	c := h.app.win.Canvas()
	abs := func(o fyne.CanvasObject) fyne.Position {
		return fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
	}
	queen := e.brushes[game.NewPiece(game.White, game.Queen)]
	from := abs(queen).Add(fyne.NewPos(queen.Size().Width/2, queen.Size().Height/2))
	to := abs(e.board).Add(e.board.SquareCenter(square("d4")))
	test.Drag(c, from, to.X-from.X, to.Y-from.Y)
	if got := e.pos.Board[square("d4")]; got != game.NewPiece(game.White, game.Queen) {
		t.Fatalf("d4 holds %v after a queen was dragged there", got)
	}
	if e.brush == game.NewPiece(game.White, game.Queen) {
		t.Error("a drag chose the queen as the brush: only a click does")
	}
	eraser := e.brushes[game.NoPiece]
	from = abs(eraser).Add(fyne.NewPos(eraser.Size().Width/2, eraser.Size().Height/2))
	test.Drag(c, from, to.X-from.X, to.Y-from.Y)
	if got := e.pos.Board[square("d4")]; got != game.NoPiece {
		t.Errorf("the eraser dragged onto d4 left %v", got)
	}
}

// TestThePalettesPiecesAreLargeEnoughToTellApart: a button's icon is the
// size of a letter; the palette's pieces are drawn larger.
func TestThePalettesPiecesAreLargeEnoughToTellApart(t *testing.T) {
	h := newHarness(t)
	e := h.app.showSetup(position(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"))
	queen := e.brushes[game.NewPiece(game.White, game.Queen)]
	icon, ok := find(queen, func(*canvas.Image) bool { return true })
	if !ok {
		t.Fatal("the queen's button has no icon")
	}
	if s := icon.Size(); s.Width < 32 || s.Height < 32 {
		t.Errorf("the queen in the palette is %v", s)
	}
}

// TestTheNewGameFormSaysWhatIsWrongWithAFEN: the FEN field of the New
// game dialog refuses a position with the words of the error.
func TestTheNewGameFormSaysWhatIsWrongWithAFEN(t *testing.T) {
	inEnglish(t)
	for _, fen := range []string{"8/8 w", "4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"} {
		_, err := game.ParseFEN(fen)
		if got := validateFEN(fen); got == nil || got.Error() != words.Error(err) || !strings.HasPrefix(got.Error(), "Invalid FEN: ") {
			t.Errorf("%s: the new game form says %v", fen, got)
		}
	}
}
