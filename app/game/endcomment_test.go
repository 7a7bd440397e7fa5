package game_test

import (
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

// endCase is a way for a game to end, made with the game's own API.
type endCase struct {
	name string
	// fen and moves set the game up; end, if set, ends it.
	fen, moves string
	end        func(t *testing.T, g *game.Game)
	// timed games are given a clock (one minute) and run out of time.
	timed bool
	want  game.Status
	// tail is how the written movetext ends, on one line.
	tail string
}

func resign(c game.Color) func(*testing.T, *game.Game) {
	return func(t *testing.T, g *game.Game) {
		if err := g.Resign(c); err != nil {
			t.Fatal(err)
		}
	}
}

func claim(r game.Reason) func(*testing.T, *game.Game) {
	return func(t *testing.T, g *game.Game) {
		if err := g.ClaimDraw(r); err != nil {
			t.Fatal(err)
		}
	}
}

// endCases ends a game in every way the game can end by play, and says
// what the written PGN ends with.
var endCases = []endCase{
	{name: "White mates", fen: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", moves: "Ra8#",
		want: game.Status{Result: game.WhiteWins, Reason: game.Checkmate}, tail: "1. Ra8# {White wins by checkmate.} 1-0"},
	{name: "Black mates", moves: "f3 e5 g4 Qh4#",
		want: game.Status{Result: game.BlackWins, Reason: game.Checkmate}, tail: "2. g4 Qh4# {Black wins by checkmate.} 0-1"},
	{name: "stalemate", fen: "7k/8/6K1/8/8/8/5Q2/8 w - - 0 1", moves: "Qf7",
		want: game.Status{Result: game.Draw, Reason: game.Stalemate}, tail: "1. Qf7 {Draw by stalemate.} 1/2-1/2"},
	{name: "insufficient material", fen: "8/8/8/3k4/8/3K4/2r5/8 w - - 0 1", moves: "Kxc2",
		want: game.Status{Result: game.Draw, Reason: game.InsufficientMaterial}, tail: "1. Kxc2 {Draw by insufficient material.} 1/2-1/2"},
	{name: "dead position", fen: "8/8/1k6/p1p1p1p1/P1P1P3/6P1/3K4/8 w - - 0 1", moves: "g4",
		want: game.Status{Result: game.Draw, Reason: game.DeadPosition}, tail: "1. g4 {Draw by dead position.} 1/2-1/2"},
	{name: "fivefold repetition", moves: strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 4),
		want: game.Status{Result: game.Draw, Reason: game.FivefoldRepetition}, tail: "8. Ng1 Ng8 {Draw by fivefold repetition.} 1/2-1/2"},
	{name: "seventy-five-move rule", fen: "7k/8/8/8/8/8/8/R6K w - - 148 100", moves: "Ra2 Kg8",
		want: game.Status{Result: game.Draw, Reason: game.SeventyFiveMoveRule}, tail: "100. Ra2 Kg8 {Draw by the seventy-five-move rule.} 1/2-1/2"},
	{name: "threefold repetition claimed", moves: "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", end: claim(game.ThreefoldRepetition),
		want: game.Status{Result: game.Draw, Reason: game.ThreefoldRepetition}, tail: "4. Ng1 Ng8 {Draw by threefold repetition.} 1/2-1/2"},
	{name: "threefold repetition claimed with the move", moves: "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1", end: func(t *testing.T, g *game.Game) {
		if err := g.ClaimDrawWithMove("Ng8", game.ThreefoldRepetition); err != nil {
			t.Fatal(err)
		}
	}, want: game.Status{Result: game.Draw, Reason: game.ThreefoldRepetition}, tail: "4. Ng1 Ng8 {Draw by threefold repetition.} 1/2-1/2"},
	{name: "fifty-move rule claimed", fen: "4k3/8/8/8/8/8/8/4K2R w - - 99 80", moves: "Rh2", end: claim(game.FiftyMoveRule),
		want: game.Status{Result: game.Draw, Reason: game.FiftyMoveRule}, tail: "80. Rh2 {Draw by the fifty-move rule.} 1/2-1/2"},
	{name: "agreement", moves: "e4 e5", end: func(t *testing.T, g *game.Game) {
		if err := g.OfferDraw(game.White); err != nil {
			t.Fatal(err)
		}
		if err := g.AcceptDraw(game.Black); err != nil {
			t.Fatal(err)
		}
	}, want: game.Status{Result: game.Draw, Reason: game.Agreement}, tail: "1. e4 e5 {Draw by agreement.} 1/2-1/2"},
	{name: "Black resigns", moves: "e4 e5", end: resign(game.Black),
		want: game.Status{Result: game.WhiteWins, Reason: game.Resignation}, tail: "1. e4 e5 {Black resigns.} 1-0"},
	{name: "White resigns", moves: "d4", end: resign(game.White),
		want: game.Status{Result: game.BlackWins, Reason: game.Resignation}, tail: "1. d4 {White resigns.} 0-1"},
	{name: "resignation before any move", end: resign(game.White),
		want: game.Status{Result: game.BlackWins, Reason: game.Resignation}, tail: "{White resigns.} 0-1"},
	{name: "White's flag falls", moves: "e4 e5", timed: true,
		want: game.Status{Result: game.BlackWins, Reason: game.TimeForfeit}, tail: "{[%clk 0:01:00] [%emt 0:00:00]} {Black wins on time.} 0-1"},
	{name: "Black's flag falls", fen: "8/8/8/3k4/8/3K4/8/7R b - - 0 1", timed: true,
		want: game.Status{Result: game.WhiteWins, Reason: game.TimeForfeit}, tail: "{White wins on time.} 1-0"},
	{name: "a flag falls against a bare king", fen: "8/8/8/3k4/8/3K4/8/7R w - - 0 1", timed: true,
		want: game.Status{Result: game.Draw, Reason: game.TimeForfeit}, tail: "{Draw on time: the opponent cannot checkmate.} 1/2-1/2"},
}

// makeEnd plays c's game to its end.
func makeEnd(t *testing.T, c endCase) *game.Game {
	t.Helper()
	var g *game.Game
	if c.timed {
		var clk *fakeClock
		g, clk = timedGame(t, "60", c.fen)
		play(t, g, c.moves)
		clk.Advance(time.Minute)
		if !g.CheckFlag() {
			t.Fatal("the flag did not fall")
		}
	} else {
		g = newGame(t, c.fen)
		play(t, g, c.moves)
	}
	if c.end != nil {
		c.end(t, g)
	}
	if g.Status() != c.want {
		t.Fatalf("the game ended %v, want %v", g.Status(), c.want)
	}
	return g
}

// TestEndReasonSurvivesSaving saves a game ended in each way, reopens it
// and saves it again: the status read back is the status saved, the end
// is said in a final comment after the standard Termination, it is no
// comment of the last move, and the second save is the first one.
func TestEndReasonSurvivesSaving(t *testing.T) {
	for _, c := range endCases {
		t.Run(c.name, func(t *testing.T) {
			g := makeEnd(t, c)
			once := writePGN(t, g)
			if got := movetextOf(once); !strings.HasSuffix(got, " "+c.tail) && got != c.tail {
				t.Errorf("the movetext ends\n%s\nwant\n%s", got, c.tail)
			}
			term := "normal"
			if c.want.Reason == game.TimeForfeit {
				term = "time forfeit"
			}
			if !strings.Contains(once, `[Termination "`+term+`"]`) {
				t.Errorf("Termination is not %q:\n%s", term, once)
			}
			back := readOne(t, once)
			if back.Status() != c.want {
				t.Errorf("read back as %v, want %v", back.Status(), c.want)
			}
			if last := back.Live(); last.Comment() != "" {
				t.Errorf("the end shows as a comment of the last move: %q", last.Comment())
			}
			if twice := writePGN(t, back); twice != once {
				t.Errorf("saved again:\n%s\nwant what was saved first:\n%s", twice, once)
			}
		})
	}
}

// movetextOf returns the movetext of one written game, on one line.
func movetextOf(s string) string {
	if strings.HasPrefix(s, "[") {
		_, s, _ = strings.Cut(s, "\n\n")
	}
	return oneLine(s)
}

// TestReopenedGameSaysWhyItEnded is the case of the report: a resignation
// and a draw claimed by repetition, saved as [Termination "normal"],
// reopen with their reason, not as a bare result.
func TestReopenedGameSaysWhyItEnded(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4 e5 Nf3")
	if err := g.Resign(game.Black); err != nil {
		t.Fatal(err)
	}
	if s := readOne(t, writePGN(t, g)).Status(); s != (game.Status{Result: game.WhiteWins, Reason: game.Resignation}) {
		t.Errorf("a resignation reopens as %v", s)
	}
	g = newGame(t, "")
	play(t, g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8")
	if err := g.ClaimDraw(game.ThreefoldRepetition); err != nil {
		t.Fatal(err)
	}
	if s := readOne(t, writePGN(t, g)).Status(); s != (game.Status{Result: game.Draw, Reason: game.ThreefoldRepetition}) {
		t.Errorf("a draw by repetition reopens as %v", s)
	}
}

// TestEndCommentBesideTheUsersComments: the end is a comment of its own,
// after the last move's comment, its NAGs and its side lines; the user's
// comment stays the last move's, and the end none.
func TestEndCommentBesideTheUsersComments(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4 e5 Nf3")
	last := g.Live()
	if _, err := g.AddVariation(mainNode(t, g, 2), "Bc4"); err != nil {
		t.Fatal(err)
	}
	if err := g.SetComment(last, "Black resigns."); err != nil { // the user's words, however alike
		t.Fatal(err)
	}
	if err := g.SetNAGs(last, []int{1}); err != nil {
		t.Fatal(err)
	}
	if err := g.Resign(game.Black); err != nil {
		t.Fatal(err)
	}
	once := writePGN(t, g)
	want := "1. e4 e5 2. Nf3 $1 {Black resigns.} (2. Bc4) {Black resigns.} 1-0"
	if got := movetextOf(once); got != want {
		t.Errorf("written\n%s\nwant\n%s", got, want)
	}
	back := readOne(t, once)
	if s := back.Status(); s != g.Status() {
		t.Errorf("read back as %v", s)
	}
	if got := back.Live().Comment(); got != "Black resigns." {
		t.Errorf("the user's comment read back as %q", got)
	}
	if _, after := back.Live().Comments(); len(after) != 1 {
		t.Errorf("the last move has the comments %q, want the user's alone", after)
	}
	if twice := writePGN(t, back); twice != once {
		t.Errorf("saved again:\n%s\nwant\n%s", twice, once)
	}
}

// TestEndCommentOnlyForTheEnd: a comment that looks like an end but does
// not match the game's result, or that a NAG follows, or that ends a game
// in progress, is the user's comment and stays one.
func TestEndCommentOnlyForTheEnd(t *testing.T) {
	for _, text := range []string{
		"1. e4 e5 {White resigns.} 1-0\n",       // White won
		"1. e4 e5 {Black resigns.} *\n",         // the game goes on
		"1. e4 e5 {Black resigns.} $2 1-0\n",    // a NAG follows it
		"1. e4 e5 {Draw by agreement.} 1-0\n",   // not a draw
		"1. e4 e5 {Black resigns, soon.} 1-0\n", // not a sentence of the end
	} {
		g := readOne(t, text)
		if got := g.Live().Comment(); got == "" {
			t.Errorf("%q: the comment was taken for the end (status %v)", text, g.Status())
		}
		if g.Status().Reason != game.NoReason {
			t.Errorf("%q: status %v, want no reason", text, g.Status())
		}
		if got := movetextOf(writePGN(t, g)); got != strings.TrimSpace(text) {
			t.Errorf("%q written back as %q", text, got)
		}
	}
	// The board decides a mate: a final comment that says otherwise is a
	// comment.
	g := readOne(t, "1. f3 e5 2. g4 Qh4# {Draw by agreement.} 0-1\n")
	if g.Status() != (game.Status{Result: game.BlackWins, Reason: game.Checkmate}) || g.Live().Comment() != "Draw by agreement." {
		t.Errorf("status %v, comment %q", g.Status(), g.Live().Comment())
	}
}

// TestEndCommentsOfOtherPrograms reads the final comments and Termination
// tags that lichess, cutechess and chess.com write: each gives its
// reason, leaves the last move's comments, and is written back as read.
func TestEndCommentsOfOtherPrograms(t *testing.T) {
	const moves = "1. e4 e5 2. Nf3 "
	tests := []struct {
		text string
		want game.Status
	}{
		// lichess (StatusText, and older exports without the full stop)
		{`[Termination "Normal"]` + "\n\n" + moves + "{ Black resigns. } 1-0", game.Status{Result: game.WhiteWins, Reason: game.Resignation}},
		{`[Termination "Normal"]` + "\n\n" + moves + "{ Black resigns } 1-0", game.Status{Result: game.WhiteWins, Reason: game.Resignation}},
		{`[Termination "Time forfeit"]` + "\n\n" + moves + "{ [%clk 0:00:00] } { White wins on time. } 1-0", game.Status{Result: game.WhiteWins, Reason: game.TimeForfeit}},
		{`[Termination "Time forfeit"]` + "\n\n" + moves + "{ Draw by time and insufficient material. } 1/2-1/2", game.Status{Result: game.Draw, Reason: game.TimeForfeit}},
		{`[Termination "Normal"]` + "\n\n" + moves + "{ The game is a draw. } 1/2-1/2", game.Status{Result: game.Draw}},
		{`[Termination "Time forfeit"]` + "\n\n" + moves + "{ White left the game. } 0-1", game.Status{Result: game.BlackWins, Reason: game.Abandoned}},
		{`[Termination "Abandoned"]` + "\n\n" + moves + "{ Black wins by forfeit. } 0-1", game.Status{Result: game.BlackWins, Reason: game.Abandoned}},
		// cutechess
		{moves + "{Black resigns} 1-0", game.Status{Result: game.WhiteWins, Reason: game.Resignation}},
		{moves + "{Draw by 3-fold repetition} 1/2-1/2", game.Status{Result: game.Draw, Reason: game.ThreefoldRepetition}},
		{moves + "{Draw by fifty moves rule} 1/2-1/2", game.Status{Result: game.Draw, Reason: game.FiftyMoveRule}},
		{moves + "{Draw by adjudication} 1/2-1/2", game.Status{Result: game.Draw, Reason: game.Adjudication}},
		{moves + "{White wins by adjudication} 1-0", game.Status{Result: game.WhiteWins, Reason: game.Adjudication}},
		{moves + "{Black loses on time} 1-0", game.Status{Result: game.WhiteWins, Reason: game.TimeForfeit}},
		{moves + "{Black makes an illegal move: Ke7} 1-0", game.Status{Result: game.WhiteWins, Reason: game.RulesInfraction}},
		{moves + "{Drawn game} 1/2-1/2", game.Status{Result: game.Draw}},
		// chess.com puts the words in the Termination tag.
		{`[Termination "Magnus won by resignation"]` + "\n\n" + moves + "1-0", game.Status{Result: game.WhiteWins, Reason: game.Resignation}},
		{`[Termination "Game drawn by agreement"]` + "\n\n" + moves + "1/2-1/2", game.Status{Result: game.Draw, Reason: game.Agreement}},
		{`[Termination "Magnus won on time"]` + "\n\n" + moves + "0-1", game.Status{Result: game.BlackWins, Reason: game.TimeForfeit}},
	}
	for _, tt := range tests {
		g := readOne(t, tt.text+"\n")
		if g.Status() != tt.want {
			t.Errorf("%s\nread as %v, want %v", tt.text, g.Status(), tt.want)
		}
		if got := g.Live().Comment(); got != "" {
			t.Errorf("%s\nthe end shows as the comment %q", tt.text, got)
		}
		want := strings.ReplaceAll(strings.ReplaceAll(movetextOf(tt.text), "{ ", "{"), " }", "}")
		if got := movetextOf(writePGN(t, g)); got != want {
			t.Errorf("%s\nwritten back as %s", tt.text, got)
		}
	}
}

// TestEveryEndSentenceReadsBack: the sentence written for each status a
// game can end with reads back as that status, the reasons only PGN
// tags give included.
func TestEveryEndSentenceReadsBack(t *testing.T) {
	written := map[string]game.Status{}
	for r := game.Checkmate; r < game.NumReasons; r++ {
		for _, result := range []string{game.WhiteWins, game.BlackWins, game.Draw} {
			s := game.Status{Result: result, Reason: r}
			sentence := game.EndSentence(s)
			if sentence == "" {
				continue
			}
			if other, ok := written[sentence]; ok {
				t.Errorf("%v and %v both end with %q", s, other, sentence)
			}
			written[sentence] = s
			g := readOne(t, "[Termination \"normal\"]\n\n1. e4 e5 {"+sentence+"} "+result+"\n")
			if g.Status() != s {
				t.Errorf("%q reads as %v, want %v", sentence, g.Status(), s)
			}
		}
	}
	for r := game.Checkmate; r < game.NumReasons; r++ {
		var found bool
		for _, s := range written {
			found = found || s.Reason == r
		}
		if !found {
			t.Errorf("no sentence for %v", r)
		}
	}
	if got := game.EndSentence(game.Status{Result: game.InProgress}); got != "" {
		t.Errorf("a game in progress ends with %q", got)
	}
}
