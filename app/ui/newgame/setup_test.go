package newgame

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
)

// leaver stands for the files room: the game on screen is always safe to
// leave; it counts how often it was asked.
type leaver struct{ asked int }

func (l *leaver) ConfirmDiscard(then func()) { l.asked++; then() }

// harness is the room in Fyne's test driver.
type harness struct {
	*uitest.Harness
	r     *NewGame
	leave *leaver
	// engine is what the fake engine offers, or engineErr why it cannot
	// play; probes counts the times it was asked.
	engine    engine.EngineInfo
	engineErr error
	probes    atomic.Int32
}

func newHarness(t *testing.T) *harness {
	u := uitest.New(t)
	h := &harness{Harness: u, leave: &leaver{}}
	h.engine = engine.EngineInfo{Name: "Fakefish 2", Levels: fakeLevels()}
	h.r = New(u.Env, h.leave, func(context.Context) (engine.EngineInfo, error) {
		h.probes.Add(1)
		return h.engine, h.engineErr
	})
	u.Show(u.Env.Status.Widget())
	u.Env.Window.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) { u.Env.Dialogs.Key(ev) })
	return h
}

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
	h.Env.Commands.Run(kit.SetUp)
	h.WantDialog("Set up a position")
	h.TapButton("Cancel")
	h.Play("e2e4")
	h.Env.Commands.Run(kit.EditPosition)
	h.WantDialog("Set up a position")
	h.TapButton("Cancel")
	e := h.r.showSetup(h.Env.Session.Shown().Position())
	if shown := h.Env.Session.Game().Position(); e.pos.Board != shown.Board || e.pos.Turn != game.Black {
		t.Fatalf("the editor starts from %q, not the position shown", e.pos.FEN())
	}
	h.TapButton("Empty board")
	if !e.play.Disabled() || e.reason.Text == "" {
		t.Fatalf("an empty board can be played: %q", e.reason.Text)
	}
	e.selectBrush(game.NewPiece(game.White, game.King))
	e.tap(uitest.Square("e1"))
	e.selectBrush(game.NewPiece(game.Black, game.King))
	e.tap(uitest.Square("e8"))
	e.selectBrush(game.NewPiece(game.White, game.Rook))
	e.tap(uitest.Square("a2"))
	e.drag(uitest.Square("a2"), uitest.Square("h1")) // moved by drag
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
	e.tap(uitest.Square("e4"))
	if !e.play.Disabled() || e.reason.Text == "" {
		t.Errorf("White in check with Black to move accepted (reason %q)", e.reason.Text)
	}
	e.tap(uitest.Square("e4")) // the same piece clicked again goes
	const fen = "4k3/8/8/8/8/8/8/4K2R b K - 0 1"
	if got := e.pos.FEN(); got != fen || e.play.Disabled() {
		t.Fatalf("position %q (play disabled %v), want %q", got, e.play.Disabled(), fen)
	}
	e.play.OnTapped()
	if h.leave.asked != 1 {
		t.Errorf("the game on screen was asked about %d times before the new one", h.leave.asked)
	}
	h.WantDialog("New game")
	h.TapButton("Start")
	g := h.Env.Session.Game()
	if g.FEN() != fen || g.Tag("SetUp") != "1" || g.Tag("FEN") != fen {
		t.Errorf("game from %q, tags SetUp %q FEN %q", g.FEN(), g.Tag("SetUp"), g.Tag("FEN"))
	}
}

func TestASetUpPositionCanBeStudiedWithTheEngine(t *testing.T) {
	// "Any position the players set up for study" may be analysed; a
	// game being played may not.
	h := newHarness(t)
	h.r.showSetup(position(t, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"))
	h.TapButton("Study this position")
	s := h.Env.Session
	if got := s.Game().FEN(); got != "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1" {
		t.Fatalf("studying %s", got)
	}
	if err := s.AnalysisRefused(); err != nil {
		t.Errorf("analysis of a study refused: %v", err)
	}
	m, _ := s.Shown().ParseMove("e2e4")
	p, _ := s.Propose(m)
	if err := s.Play(p, game.NoReason); err != nil {
		t.Fatal(err)
	}
	if err := s.AnalysisRefused(); err != nil {
		t.Errorf("after a move in the study: %v", err)
	}
}

func TestPiecesDragFromThePaletteOntoTheBoard(t *testing.T) {
	h := newHarness(t)
	e := h.r.showSetup(position(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"))
	c := h.Env.Window.Canvas()
	abs := func(o fyne.CanvasObject) fyne.Position {
		return h.Env.App.Driver().AbsolutePositionForObject(o)
	}
	queen := e.brushes[game.NewPiece(game.White, game.Queen)]
	from := abs(queen).Add(fyne.NewPos(queen.Size().Width/2, queen.Size().Height/2))
	to := abs(e.board).Add(e.board.SquareCenter(uitest.Square("d4")))
	test.Drag(c, from, to.X-from.X, to.Y-from.Y)
	if got := e.pos.Board[uitest.Square("d4")]; got != game.NewPiece(game.White, game.Queen) {
		t.Fatalf("d4 holds %v after a queen was dragged there", got)
	}
	if e.brush == game.NewPiece(game.White, game.Queen) {
		t.Error("a drag chose the queen as the brush: only a click does")
	}
	eraser := e.brushes[game.NoPiece]
	from = abs(eraser).Add(fyne.NewPos(eraser.Size().Width/2, eraser.Size().Height/2))
	test.Drag(c, from, to.X-from.X, to.Y-from.Y)
	if got := e.pos.Board[uitest.Square("d4")]; got != game.NoPiece {
		t.Errorf("the eraser dragged onto d4 left %v", got)
	}
}

// TestThePalettesPiecesAreLargeEnoughToTellApart: a button's icon is the
// size of a letter; the palette's pieces are drawn larger.
func TestThePalettesPiecesAreLargeEnoughToTellApart(t *testing.T) {
	h := newHarness(t)
	e := h.r.showSetup(position(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"))
	queen := e.brushes[game.NewPiece(game.White, game.Queen)]
	icon, ok := uitest.Find(queen, func(*canvas.Image) bool { return true })
	if !ok {
		t.Fatal("the queen's button has no icon")
	}
	if s := icon.Size(); s.Width < 32 || s.Height < 32 {
		t.Errorf("the queen in the palette is %v", s)
	}
}

// TestTheHalfMoveFieldSaysItCountsHalfMoves: the field said "moves" and
// counted half-moves: 120 made a fifty-move claim possible at once.
func TestTheHalfMoveFieldSaysItCountsHalfMoves(t *testing.T) {
	h := newHarness(t)
	e := h.r.showSetup(position(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1"))
	var label string
	uitest.Walk(h.Top(), func(o fyne.CanvasObject) {
		if f, ok := o.(*widget.Form); ok {
			for _, it := range f.Items {
				if it.Widget == e.half {
					label = it.Text + " | " + it.HintText
				}
			}
		}
	})
	if !strings.HasPrefix(label, "Half-moves since a capture or a pawn move") || !strings.Contains(label, "100") {
		t.Errorf("the field is labelled %q", label)
	}
	e.half.SetText("99")
	if got := e.pos.FEN(); got != "4k3/8/8/8/8/8/8/4K2R w K - 99 1" {
		t.Errorf("99 half-moves give %q", got)
	}
}
