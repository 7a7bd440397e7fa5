package app

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// inEnglish shows the app's text in English for the test.
func inEnglish(t *testing.T) {
	t.Helper()
	locale := readSystemLocale()
	if err := locale.useLanguage("en"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { locale.useLanguage("") })
}

// refusal returns the error of playing move s in a new game from fen.
func refusal(t *testing.T, fen, s string) error {
	t.Helper()
	g, err := game.New(game.Options{FEN: fen})
	if err != nil {
		t.Fatal(err)
	}
	err = g.Move(s)
	if err == nil {
		t.Fatalf("%s: %s was played", fen, s)
	}
	return err
}

func TestMoveErrorText(t *testing.T) {
	inEnglish(t)
	tests := []struct{ fen, move, want string }{
		{"", "hello", "“hello” is not a move"},
		{"", "e3e4", "Illegal move “e3e4”: there is no piece on e3"},
		{"", "Nb2-b4", "Illegal move “Nb2-b4”: there is no knight on b2"},
		{"", "Qd1-d4", "Illegal move “Qd1-d4”: the queen on d1 cannot move to d4"},
		{"", "e7e5", "Illegal move “e7e5”: the piece on e7 is Black's and it is White's move"},
		{"", "Nf4", "Illegal move “Nf4”: no white knight can move to f4"},
		{"", "Rh3", "Illegal move “Rh3”: no white rook can move to h3"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "Qd5",
			"Illegal move “Qd5”: no black queen can move to d5"},
		{"", "g1g3", "Illegal move “g1g3”: the knight on g1 cannot move to g3"},
		{"4k3/8/8/8/8/8/8/4K2r w - - 0 1", "Kf1",
			"Illegal move “Kf1”: White is in check, and this move does not get out of it"},
		{"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nc3", "Illegal move “Nc3”: it would leave the white king in check"},
		{"4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1", "Nc3", "Ambiguous move “Nc3”: it could be Nbc3 or Ndc3"},
		{"4k3/8/8/1N6/8/8/8/1N1NK3 w - - 0 1", "Nc3", "Ambiguous move “Nc3”: it could be Nb1c3, Ndc3 or N5c3"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8",
			"Illegal move “a8”: a pawn reaching the last rank must be promoted: add =Q, =R, =B or =N"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O",
			"Illegal move “O-O”: castling kingside is no longer allowed (the king or that rook has moved)"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b - - 0 1", "O-O-O",
			"Illegal move “O-O-O”: castling queenside is no longer allowed (the king or that rook has moved)"},
		{"", "O-O", "Illegal move “O-O”: castling kingside is not possible with pieces between the king and the rook"},
		{"4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "O-O-O", "Illegal move “O-O-O”: castling is not allowed out of check"},
		{"4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "O-O",
			"Illegal move “O-O”: castling kingside, the king would cross or land on an attacked square"},
		{"4k3/8/8/8/8/8/3r4/R3K2R w KQ - 0 1", "O-O-O",
			"Illegal move “O-O-O”: castling queenside, the king would cross or land on an attacked square"},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "O-O-O",
			"Illegal move “O-O-O”: castling queenside is no longer allowed (the king or that rook has moved)"},
		{"7k/5QQ1/8/8/8/8/8/4K3 b - - 0 1", "Kh7", "Move “Kh7” refused: the game is over (White wins by checkmate)"},
	}
	for _, tt := range tests {
		if got := errorText(refusal(t, tt.fen, tt.move)); got != tt.want {
			t.Errorf("%s %s:\n got %s\nwant %s", tt.fen, tt.move, got, tt.want)
		}
	}
}

func TestMoveErrorTextOfOtherSources(t *testing.T) {
	inEnglish(t)
	g, _ := game.New(game.Options{FEN: "4k3/8/8/8/8/8/8/1N1NK2R w K - 0 1"})
	_, err := g.Live().SANOf(game.Move{From: square("e1"), To: square("h1")})
	if got, want := errorText(err), "Illegal move “e1h1”: it is not one of the legal moves here"; got != want {
		t.Errorf("SANOf: %s, want %s", got, want)
	}
	_, err = g.Live().ParseMove("Cc3")
	if got, want := errorTextIn(err, game.FrenchSAN), "Ambiguous move “Cc3”: it could be Cbc3 or Cdc3"; got != want {
		t.Errorf("ambiguous in French SAN: %s, want %s", got, want)
	}
	mated := game.Status{Result: game.WhiteWins, Reason: game.Checkmate}
	tests := []struct {
		err  error
		want string
	}{
		{&game.MoveError{Input: "Bc4", Problem: game.MoveGameOver, Reason: game.RefusedNoTimeLeft, Color: game.Black},
			"Move “Bc4” refused: Black had no time left in this position"},
		{&game.MoveError{Input: "e4", Problem: game.MoveGameOver, Reason: game.RefusedGameOver, Status: mated},
			"Move “e4” refused: the game is over (White wins by checkmate)"},
	}
	for _, tt := range tests {
		if got := errorText(tt.err); got != tt.want {
			t.Errorf("%v:\n got %s\nwant %s", tt.err, got, tt.want)
		}
	}
}

func TestFENErrorText(t *testing.T) {
	inEnglish(t)
	const kings = "4k3/8/8/8/8/8/8/4K3"
	tests := []struct{ fen, want string }{
		{"8/8 w", "a FEN has 6 fields separated by spaces, this one has 2"},
		{"8/8/8/8/8/8/4K2k w - - 0 1", "the board must have 8 ranks separated by /, this one has 7"},
		{"4k3/8/8/8/8/8/8/4K2é w - - 0 1", "“é” on rank 1 is not a piece letter or a digit"},
		{"4k4/8/8/8/8/8/8/4K3 w - - 0 1", "the squares of rank 8 add up to 9, not 8"},
		{kings + " x - - 0 1", "the side to move must be w or b, not “x”"},
		{kings + " w HA - 0 1", "castling rights are written with K, Q, k and q (or -), not “HA”; Chess960 is not supported"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w Kk2 - 0 1", "castling rights are written with K, Q, k and q (or -), not “Kk2”; Chess960 is not supported"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w qq - 0 1", "castling right q is given twice"},
		{kings + " w - e9 0 1", "the en-passant field must be a square or -, not “e9”"},
		{kings + " w - - 0 x", "the move counters must be whole numbers, not “0” and “x”"},
		{"8/8/8/8/8/8/8/8 w - - 0 1", "White has no king; each side must have exactly one"},
		{"4k3/8/8/8/8/8/8/K3K3 w - - 0 1", "White has 2 kings; each side must have exactly one"},
		{"8/8/8/8/8/8/8/4K3 w - - 0 1", "Black has no king; each side must have exactly one"},
		{"k3k2k/8/8/8/8/8/8/4K3 w - - 0 1", "Black has 3 kings; each side must have exactly one"},
		{"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "a pawn stands on a1; pawns never stand on rank 1 or 8"},
		{"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "White has more pieces than eight pawns and their promotions allow"},
		{"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "Black has more pieces than eight pawns and their promotions allow"},
		{"4k3/8/8/8/8/8/8/3K3R w K - 0 1", "castling right K needs the king on e1 and a rook on h1"},
		{kings + " w - e6 0 1", "the en-passant square e6 does not follow a double step of a black pawn"},
		{kings + " b - e3 0 1", "the en-passant square e3 does not follow a double step of a white pawn"},
		{"4k3/8/8/8/8/8/8/4Kr2 b - - 0 1", "White is in check but it is Black's move"},
		{"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "Black is in check but it is White's move"},
	}
	for _, tt := range tests {
		_, err := game.ParseFEN(tt.fen)
		if got, want := errorText(err), "Invalid FEN: "+tt.want; got != want {
			t.Errorf("%s:\n got %s\nwant %s", tt.fen, got, want)
		}
		if got := validateFEN(tt.fen); got == nil || got.Error() != "Invalid FEN: "+tt.want {
			t.Errorf("%s: the new game form says %v", tt.fen, got)
		}
	}
}

func TestGameErrorText(t *testing.T) {
	inEnglish(t)
	g, _ := game.New(game.Options{})
	takeBack := g.TakeBack()
	_, mainLineEnd := g.AddVariation(g.Live(), "e4")
	_, notInGame := g.AddVariation(nil, "e4")
	g.Move("e4")
	deleteMain := g.DeleteVariation(g.Live())
	d4, _ := g.AddVariation(g.Root(), "d4")
	_, notMainLine := g.ReplaceFrom(d4, "d5")
	early := g.ClaimDraw(game.FiftyMoveRule)
	g.Move("Nf6")
	g.Move("Nf3")
	g.Move("Ng8")
	g.Move("Ng1")
	threefold := g.ClaimDraw(game.ThreefoldRepetition)
	mate, _ := game.New(game.Options{FEN: "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"})
	withMate := mate.ClaimDrawWithMove("Qg7#", game.ThreefoldRepetition)
	over := mate.OfferDraw(game.White)
	tests := []struct {
		err  error
		want string
	}{
		{takeBack, "There is no move to take back"},
		{mainLineEnd, "The game's moves end here: continue the game by playing the move, not as a side line"},
		{notInGame, "The position is not in this game"},
		{deleteMain, "The moves of the game cannot be changed this way"},
		{notMainLine, "The position is not on the main line"},
		{early, "Incorrect draw claim: fifty moves without a pawn move or a capture have not been played yet (only 0)"},
		{threefold, "Incorrect draw claim: this position has not appeared three times (only 2)"},
		{withMate, "Incorrect draw claim: Qg7# ended the game (White wins by checkmate)"},
		{over, "The game is over"},
		{game.ErrIllegalMove, "Illegal move"},
	}
	for _, tt := range tests {
		if got := errorText(tt.err); got != tt.want {
			t.Errorf("%v:\n got %s\nwant %s", tt.err, got, tt.want)
		}
	}
}

// brokenPGN has a good game, then an illegal move, a stray parenthesis,
// a variant, a null move and a bad FEN.
const brokenPGN = `[White "A"]
[Black "B"]

1. e4 e5 *

[White "Ann"]
[Black "Bob"]

1. e4 e5 2. Nf4 *

[Event "x"]

1. d4 d5 ) 2. c4 *

[Variant "Chess960"]

1. e4 *

[Black "Zoé"]

1. e4 -- 2. d4 *

[FEN "4k3/8/8/8/8/8/8/4K3 w K - 0 1"]
[SetUp "1"]

1. Ke2 *
`

func TestPGNErrorText(t *testing.T) {
	inEnglish(t)
	games, err := game.ReadPGN(strings.NewReader(brokenPGN))
	if len(games) != 1 {
		t.Fatalf("%d games read", len(games))
	}
	want := strings.Join([]string{
		"Game 2 (Ann – Bob), line 9, “Nf4”: illegal move “Nf4”: no white knight can move to f4",
		"Game 3, line 13, “)”: unexpected “)” (no variation is open)",
		"Game 4, line 15, “Chess960”: chess variants are not supported, only standard chess",
		"Game 5 (? – Zoé), line 21, “--”: null moves are not chess moves and are not supported",
		"Game 6, line 23, “4k3/8/8/8/8/8/8/4K3 w K - 0 1”: invalid FEN: castling right K needs the king on e1 and a rook on h1",
	}, "\n")
	if got := errorText(err); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	_, errs := pgn.ReadAll(strings.NewReader("1. e4 *\n[Site Paris]\n\n1. d4 {never closed\n"))
	want = "Game 2, line 2: the tag “Site” has no value in quotes"
	if len(errs) != 1 || errorText(errs[0]) != want {
		t.Errorf("syntax errors %v: %q, want %q", errs, errorText(errs[0]), want)
	}
	_, err = pgn.ParseGame([]byte("1. e4 { open"), 4, 0)
	if got, want := errorText(err), "Line 4: the comment is not closed"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestOtherErrorsKeepTheirText(t *testing.T) {
	inEnglish(t)
	_, err := os.Open("/nonexistent/game.pgn")
	if got := errorText(err); got != err.Error() {
		t.Errorf("an error of the system reads %q, want %q", got, err.Error())
	}
	if got := errorText(errors.New("already worded")); got != "already worded" {
		t.Errorf("another error reads %q", got)
	}
}

func TestErrorsShownInWords(t *testing.T) {
	h := newHarness(t)
	inEnglish(t)
	h.typeMove("Nf4")
	if got, want := h.app.ui.moveBox.hint.Text, "Illegal move “Nf4”: no white knight can move to f4"; got != want {
		t.Errorf("the move box says %q, want %q", got, want)
	}
	h.app.showError(game.ErrNoMoves)
	h.wantDialog("There is no move to take back")
}

func TestErrorTextInFrench(t *testing.T) {
	locale := readSystemLocale()
	if err := locale.useLanguage("fr"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { locale.useLanguage("") })
	nbsp := "\u00a0"
	if got, want := errorText(refusal(t, "", "Nf4")), "Coup illégal «"+nbsp+"Nf4"+nbsp+"»"+nbsp+": aucun cavalier blanc ne peut aller en f4"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got := errorTextIn(refusal(t, "", "Nf4"), game.FrenchSAN); !strings.Contains(got, "aucun cavalier blanc") {
		t.Errorf("French notation: %q", got)
	}
	_, err := game.ParseFEN("8/8/8/8/8/8/8/KK5k w - - 0 1")
	if got := errorText(err); !strings.Contains(got, "les Blancs ont 2 rois") {
		t.Errorf("FEN error in French: %q", got)
	}
}
