package words

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
	locale := SystemLocale()
	if _, err := locale.Use("en"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { locale.Use("") })
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
		if got := Error(refusal(t, tt.fen, tt.move)); got != tt.want {
			t.Errorf("%s %s:\n got %s\nwant %s", tt.fen, tt.move, got, tt.want)
		}
	}
}

func TestMoveErrorTextOfOtherSources(t *testing.T) {
	inEnglish(t)
	g, _ := game.New(game.Options{FEN: "4k3/8/8/8/8/8/8/1N1NK2R w K - 0 1"})
	_, err := g.PrepareMove(game.Move{From: square("e1"), To: square("h1")})
	if got, want := Error(err), "Illegal move “e1h1”: it is not one of the legal moves here"; got != want {
		t.Errorf("PrepareMove: %s, want %s", got, want)
	}
	_, err = g.Live().ParseMoveIn("Cc3", game.FrenchSAN)
	if got, want := ErrorIn(err, game.FrenchSAN), "Ambiguous move “Cc3”: it could be Cbc3 or Cdc3"; got != want {
		t.Errorf("ambiguous in French SAN: %s, want %s", got, want)
	}
	mated := game.Status{Result: game.WhiteWins, Reason: game.Checkmate}
	tests := []struct {
		err  error
		want string
	}{
		{&game.MoveError{Input: "Bc4", Reason: game.RefusedNoTimeLeft, Color: game.Black},
			"Move “Bc4” refused: Black had no time left in this position"},
		{&game.MoveError{Input: "e4", Reason: game.RefusedGameOver, Status: mated},
			"Move “e4” refused: the game is over (White wins by checkmate)"},
	}
	for _, tt := range tests {
		if got := Error(tt.err); got != tt.want {
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
		if got, want := Error(err), "Invalid FEN: "+tt.want; got != want {
			t.Errorf("%s:\n got %s\nwant %s", tt.fen, got, want)
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
		if got := Error(tt.err); got != tt.want {
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
	if got := Error(err); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	_, errs := pgn.ReadAll(strings.NewReader("1. e4 *\n[Site Paris]\n\n1. d4 {never closed\n"))
	want = "Game 2, line 2: the tag “Site” has no value in quotes"
	if len(errs) != 1 || Error(errs[0]) != want {
		t.Errorf("syntax errors %v: %q, want %q", errs, Error(errs[0]), want)
	}
	_, err = pgn.ParseGame([]byte("1. e4 { open"), 4, 0)
	if got, want := Error(err), "Line 4: the comment is not closed"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestOtherErrorsKeepTheirText(t *testing.T) {
	inEnglish(t)
	_, err := os.Open("/nonexistent/game.pgn")
	if got := Error(err); got != err.Error() {
		t.Errorf("an error of the system reads %q, want %q", got, err.Error())
	}
	if got := Error(errors.New("already worded")); got != "already worded" {
		t.Errorf("another error reads %q", got)
	}
}

func TestErrorTextInFrench(t *testing.T) {
	locale := SystemLocale()
	if _, err := locale.Use("fr"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { locale.Use("") })
	nbsp := "\u00a0"
	if got, want := Error(refusal(t, "", "Nf4")), "Coup illégal «"+nbsp+"Nf4"+nbsp+"»"+nbsp+": aucun cavalier blanc ne peut aller en f4"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got := ErrorIn(refusal(t, "", "Nf4"), game.FrenchSAN); !strings.Contains(got, "aucun cavalier blanc") {
		t.Errorf("French notation: %q", got)
	}
	_, err := game.ParseFEN("8/8/8/8/8/8/8/KK5k w - - 0 1")
	if got := Error(err); !strings.Contains(got, "les Blancs ont 2 rois") {
		t.Errorf("FEN error in French: %q", got)
	}
}

// inLanguages runs check in English and in French.
func inLanguages(t *testing.T, check func(language string)) {
	t.Helper()
	locale := SystemLocale()
	t.Cleanup(func() { locale.Use("") })
	for _, code := range []string{"en", "fr"} {
		if _, err := locale.Use(code); err != nil {
			t.Fatal(err)
		}
		check(code)
	}
}

// TestEveryReasonWorded walks every value of every reason the rules
// layer and the PGN reader give, up to their count constants, so that a
// new value cannot be left without words: each has a text of its own in
// English and in French, not the fallback.
func TestEveryReasonWorded(t *testing.T) {
	inLanguages(t, func(language string) {
		for r := range game.NumReasons {
			name := reasonText(r)
			if name == "" || name == unknownReasonText() {
				t.Errorf("%s: Reason %d (%q) has no name", language, r, r)
			}
			for _, s := range []game.Status{{Result: game.WhiteWins, Reason: r}, {Result: game.BlackWins, Reason: r},
				{Result: game.Draw, Reason: r}} {
				if text := Result(s); text == "" || strings.Contains(text, unknownReasonText()) {
					t.Errorf("%s: %v reads %q", language, s, text)
				}
			}
		}
		for r := range game.NumMoveReasons {
			for _, c := range []game.Color{game.White, game.Black} {
				for _, k := range []game.Kind{game.NoKind, game.Pawn, game.Knight, game.Bishop, game.Rook, game.Queen, game.King} {
					e := &game.MoveError{Input: "x", Reason: r, Color: c, Kind: k, Piece: game.NewPiece(c.Other(), k),
						Square: 12, To: 28, Candidates: []string{"Nbd2", "Nfd2"}}
					if text, ok := moveReasonText(e, game.EnglishSAN); !ok || text == "" {
						t.Errorf("%s: MoveReason %d (%v) has no text", language, r, e)
					}
				}
			}
		}
		for r := range game.NumFENReasons {
			for _, c := range []game.Color{game.White, game.Black} {
				for _, count := range []int{0, 2} {
					e := &game.FENError{FEN: "x", Reason: r, Color: c, Count: count, Text: "x"}
					if text, ok := fenReasonText(e); !ok || text == "" {
						t.Errorf("%s: FENReason %d (%v) has no text", language, r, e)
					}
				}
			}
		}
		for k := pgn.SyntaxKind(1); k < pgn.NumSyntaxKinds; k++ {
			if text, ok := syntaxKindText(k, "Site"); !ok || text == "" {
				t.Errorf("%s: SyntaxKind %d (%v) has no text", language, k, (&pgn.SyntaxError{Kind: k}).Message())
			}
		}
	})
}

// TestFrenchDiffersFromEnglish: the whole messages of every reason read
// differently in French, their words translated.
func TestFrenchDiffersFromEnglish(t *testing.T) {
	texts := map[string][]string{}
	inLanguages(t, func(language string) {
		var list []string
		for r := range game.NumReasons {
			list = append(list, Result(game.Status{Result: game.Draw, Reason: r}))
		}
		for r := range game.NumMoveReasons {
			list = append(list, moveErrorText(&game.MoveError{Input: "x", Reason: r, Kind: game.Knight}, game.EnglishSAN))
		}
		for r := range game.NumFENReasons {
			list = append(list, FENError(&game.FENError{Reason: r, Text: "x"}))
		}
		for k := pgn.SyntaxKind(1); k < pgn.NumSyntaxKinds; k++ {
			list = append(list, syntaxErrorText(&pgn.SyntaxError{Line: 1, Kind: k, Tag: "Site"}))
		}
		texts[language] = list
	})
	for i, en := range texts["en"] {
		if texts["fr"][i] == en {
			t.Errorf("message %d reads %q in French as in English", i, en)
		}
	}
}

// TestUnknownReasonsFallBack: values beyond the count constants fall back
// to a text of their own, without one text function calling another in
// a loop.
func TestUnknownReasonsFallBack(t *testing.T) {
	inEnglish(t)
	r := game.NumReasons + 3
	for _, s := range []game.Status{{Result: game.WhiteWins, Reason: r}, {Result: game.BlackWins, Reason: r},
		{Result: game.Draw, Reason: r}} {
		if text := Result(s); !strings.Contains(text, "unknown reason") {
			t.Errorf("%v reads %q", s, text)
		}
	}
	me := &game.MoveError{Input: "x", Reason: game.NumMoveReasons}
	if got := Error(me); got != capitalized(me.Error()) {
		t.Errorf("unknown move reason: %q", got)
	}
	fe := &game.FENError{FEN: "x", Reason: game.NumFENReasons}
	if got := Error(fe); got != capitalized(fe.Error()) {
		t.Errorf("unknown FEN reason: %q", got)
	}
	se := &pgn.SyntaxError{Line: 2, Kind: pgn.NumSyntaxKinds}
	if got := Error(se); got != "Line 2: "+se.Message() {
		t.Errorf("unknown syntax kind: %q", got)
	}
}

// TestHugeInputShortMessage: a game whose [FEN] holds a megabyte reads
// as a short message of one line.
func TestHugeInputShortMessage(t *testing.T) {
	inEnglish(t)
	text := "[FEN \"" + strings.Repeat("rnbqkbnr/", 1<<20/9) + " w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 *\n"
	_, err := game.ReadPGN(strings.NewReader(text))
	if msg := Error(err); err == nil || len(msg) > 400 || strings.Contains(msg, "\n") {
		t.Errorf("a message of %d bytes: %.200q", len(msg), msg)
	}
	_, err = game.New(game.Options{FEN: strings.Repeat("x", 1<<20)})
	if msg := Error(err); err == nil || len(msg) > 200 {
		t.Errorf("a message of %d bytes: %.200q", len(msg), msg)
	}
	g, _ := game.New(game.Options{})
	if msg := Error(g.Move(strings.Repeat("N", 1<<20))); len(msg) > 200 {
		t.Errorf("a message of %d bytes: %.200q", len(msg), msg)
	}
}

func square(name string) game.Square {
	sq, ok := game.ParseSquare(name)
	if !ok {
		panic(name)
	}
	return sq
}

func TestNamesAreShownOnOneLineAndTrue(t *testing.T) {
	for name, want := range map[string]string{
		"game.pgn":               "game.pgn",
		"two\nlines.pgn":         "two⏎lines.pgn",
		"bad\xffbyte.pgn":        "bad�byte.pgn",
		"bell\a.pgn":             "bell�.pgn",
		"é à ü.pgn":              "é à ü.pgn",
		strings.Repeat("a", 150): strings.Repeat("a", 99) + "…",
	} {
		if got := Shown(name); got != want {
			t.Errorf("Shown(%q) = %q, want %q", name, got, want)
		}
	}
	if got := FileName("/tmp/x\ny/two\nlines.pgn"); got != "two⏎lines.pgn" {
		t.Errorf("FileName = %q", got)
	}
}
