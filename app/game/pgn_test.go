package game_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/internal/shared"
	"github.com/echiquier/echiquier/app/pgn"
)

func readOne(t *testing.T, text string) *game.Game {
	t.Helper()
	games, err := game.ReadPGN(strings.NewReader(text))
	if err != nil {
		t.Fatalf("ReadPGN: %v", err)
	}
	if len(games) != 1 {
		t.Fatalf("ReadPGN: %d games, want 1", len(games))
	}
	return games[0]
}

func writePGN(t *testing.T, g *game.Game) string {
	t.Helper()
	var b bytes.Buffer
	if err := g.WritePGN(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

const annotated = `[Event "Annotated"]
[Site "Paris"]
[Date "2024.05.01"]
[Round "1"]
[White "Alice"]
[Black "Bob"]
[Result "*"]
[ZUnknown "kept"]
[Annotator "Me"]

{Before the game.} 1. e4 $1 {Best by test} (1. d4 d5 (1... Nf6 2. c4) 2. c4 $2) 1... e5 2. Nf3 !? Nc6
{[%clk 0:04:58] a comment with a clock} 3. Bb5 *
`

func TestPGNReadKeepsEverything(t *testing.T) {
	g := readOne(t, annotated)
	if got := strings.Join(g.History(), " "); got != "e4 e5 Nf3 Nc6 Bb5" {
		t.Errorf("History = %s", got)
	}
	if g.Tag("ZUnknown") != "kept" || g.Tag("White") != "Alice" {
		t.Errorf("tags lost: %v", g.Tags())
	}
	main := g.MainLine()
	before, after := main[0].Comments()
	if len(before) != 1 || before[0] != "Before the game." || len(after) != 1 || after[0] != "Best by test" {
		t.Errorf("comments of e4 = %q, %q", before, after)
	}
	if nags := main[0].NAGs(); len(nags) != 1 || nags[0] != 1 {
		t.Errorf("NAGs of e4 = %v", nags)
	}
	if nags := main[2].NAGs(); len(nags) != 1 || nags[0] != 5 {
		t.Errorf("NAGs of Nf3 = %v, want [5] for !?", nags)
	}
	root := g.Root()
	if kids := root.Children(); len(kids) != 2 || kids[1].SAN() != "d4" {
		t.Fatalf("variation 1. d4 missing: %v", kids)
	}
	d5 := root.Children()[1].Children()
	if len(d5) != 2 || d5[0].SAN() != "d5" || d5[1].SAN() != "Nf6" {
		t.Errorf("nested variation 1... Nf6 missing")
	}
	if clk, ok := main[3].Clock(); !ok || clk != 4*time.Minute+58*time.Second {
		t.Errorf("clock of Nc6 = %v %v", clk, ok)
	}
	if _, after := main[3].Comments(); len(after) != 1 || after[0] != "[%clk 0:04:58] a comment with a clock" {
		t.Errorf("the comment is not kept as read: %q", after)
	}
	if got := main[3].Comment(); got != "a comment with a clock" {
		t.Errorf("the comment shown is %q", got)
	}
}

func TestPGNRoundTrip(t *testing.T) {
	g := readOne(t, annotated)
	first := writePGN(t, g)
	second := writePGN(t, readOne(t, first))
	if first != second {
		t.Errorf("write(read(write(read))) differs:\n%s\n---\n%s", first, second)
	}
	for _, want := range []string{"{Before the game.} 1. e4 $1 {Best by test}", "(1. d4 d5 (1... Nf6 2. c4) 2. c4 $2)",
		"1... e5 2. Nf3 $5 Nc6 {[%clk 0:04:58] a comment with a clock} 3. Bb5 *", `[ZUnknown "kept"]`} {
		if !strings.Contains(strings.ReplaceAll(first, "\n", " "), want) {
			t.Errorf("written PGN lacks %q:\n%s", want, first)
		}
	}
}

func TestPGNExportFormat(t *testing.T) {
	g := newGame(t, "")
	play(t, g, "e4 e5 Nf3")
	g.SetTag("ZUnknown", "kept")
	g.SetTag("Annotator", "Me")
	g.SetTag("White", "Alice")
	text := writePGN(t, g)
	lines := strings.Split(text, "\n")
	order := []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}
	for i, name := range order {
		if !strings.HasPrefix(lines[i], "["+name+" ") {
			t.Fatalf("line %d = %q, want the %s tag (Seven Tag Roster first)", i+1, lines[i], name)
		}
	}
	var rest []string
	for _, l := range lines[7:] {
		if !strings.HasPrefix(l, "[") {
			break
		}
		rest = append(rest, l)
	}
	for i := 1; i < len(rest); i++ {
		if rest[i-1] > rest[i] {
			t.Errorf("tags not in ASCII order: %s before %s", rest[i-1], rest[i])
		}
	}
	for _, l := range lines {
		if len(l) >= 80 {
			t.Errorf("line of %d characters: %q", len(l), l)
		}
	}
}

func TestPGNWriteTimedGame(t *testing.T) {
	clk := newFakeClock()
	tc, _ := game.ParseTimeControl("300+2")
	g, err := game.New(game.Options{TimeControl: tc, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	g.SetTag("White", `Quote "the" \ Player`)
	clk.Advance(3 * time.Second)
	play(t, g, "e4")
	clk.Advance(10 * time.Second)
	play(t, g, "e5")
	clk.Advance(time.Hour)
	g.CheckFlag()
	text := writePGN(t, g)
	for _, want := range []string{`[TimeControl "300+2"]`, `[Result "0-1"]`, `[Termination "time forfeit"]`,
		`[White "Quote \"the\" \\ Player"]`, "1. e4 {[%clk 0:04:59] [%emt 0:00:03]} 1... e5 {[%clk 0:04:52] [%emt 0:00:10]} {Black wins on time.} 0-1"} {
		if !strings.Contains(strings.ReplaceAll(text, "\n", " "), want) {
			t.Errorf("missing %s in:\n%s", want, text)
		}
	}
	back := readOne(t, text)
	if s := back.Status(); s != (game.Status{Result: "0-1", Reason: game.TimeForfeit}) {
		t.Errorf("read back status = %v", s)
	}
	if back.Tag("White") != `Quote "the" \ Player` {
		t.Errorf("escaped tag read back as %q", back.Tag("White"))
	}
}

func TestPGNStatusRoundTrip(t *testing.T) {
	for _, tt := range []struct {
		name string
		end  func(*game.Game) error
		want game.Status
		term string
	}{
		// The standard's "normal" does not tell a resignation from an
		// agreement: the final comment does.
		{"resignation", func(g *game.Game) error { return g.Resign(game.Black) }, game.Status{Result: "1-0", Reason: game.Resignation}, "normal"},
		{"agreement", func(g *game.Game) error {
			if err := g.OfferDraw(game.White); err != nil {
				return err
			}
			return g.AcceptDraw(game.Black)
		}, game.Status{Result: "1/2-1/2", Reason: game.Agreement}, "normal"},
		{"in progress", func(*game.Game) error { return nil }, game.Status{Result: "*"}, "unterminated"},
	} {
		g := newGame(t, "")
		play(t, g, "e4 e5")
		if err := tt.end(g); err != nil {
			t.Fatal(err)
		}
		text := writePGN(t, g)
		if !strings.Contains(text, `[Termination "`+tt.term+`"]`) {
			t.Errorf("%s: written\n%s", tt.name, text)
		}
		back := readOne(t, text)
		if s := back.Status(); s != tt.want {
			t.Errorf("%s: read back %v, want %v", tt.name, s, tt.want)
		}
	}
}

func TestPGNStatusFromTags(t *testing.T) {
	for _, tt := range []struct {
		tags string
		want game.Status
	}{
		{`[Result "1-0"][Termination "normal"]`, game.Status{Result: "1-0"}},
		{`[Result "0-1"][Termination "White resigned"]`, game.Status{Result: "0-1", Reason: game.Resignation}},
		{`[Result "1/2-1/2"][Termination "Game drawn by repetition"]`, game.Status{Result: "1/2-1/2", Reason: game.ThreefoldRepetition}},
		{`[Result "1-0"][Termination "Time forfeit"]`, game.Status{Result: "1-0", Reason: game.TimeForfeit}},
		{`[Result "1-0"][Termination "abandoned"]`, game.Status{Result: "1-0", Reason: game.Abandoned}},
		{`[Result "*"]`, game.Status{Result: "*"}},
	} {
		g := readOne(t, tt.tags+"\n\n1. e4 e5 "+tt.want.Result+"\n")
		if s := g.Status(); s != tt.want {
			t.Errorf("%s: Status = %v, want %v", tt.tags, s, tt.want)
		}
	}
	// The board wins over the tag: a mate is a mate.
	g := readOne(t, `[Result "1/2-1/2"]`+"\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2\n")
	if s := g.Status(); s != (game.Status{Result: "0-1", Reason: game.Checkmate}) {
		t.Errorf("mate with a wrong Result tag: %v", s)
	}
	if err := g.Move("a3"); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("a finished game took a move: %v", err)
	}
}

func TestPGNBlackMovesFirst(t *testing.T) {
	g := readOne(t, `[SetUp "1"]
[FEN "r1bqk1nr/pppp1ppp/2n5/4p3/1bB1P3/2P2N2/P2P1PPP/RNBQK2R b KQkq - 0 5"]

5... Ba5 6. O-O d6 *
`)
	text := writePGN(t, g)
	if !strings.Contains(text, "5... Ba5 6. O-O d6 *") || !strings.Contains(text, `[SetUp "1"]`) {
		t.Errorf("Black-first game written as:\n%s", text)
	}
	if g.Turn() != game.White || len(g.History()) != 3 {
		t.Errorf("turn %v after %v", g.Turn(), g.History())
	}
}

func TestPGNContinueWithClocks(t *testing.T) {
	clk := newFakeClock()
	games, errs := game.ReadPGNWith(strings.NewReader(`[TimeControl "600+5"]
[Result "*"]

1. e4 {[%clk 0:09:58]} e5 {[%clk 0:09:40]} 2. Nf3 {[%clk 0:09:30]} *
`), clk.Now)
	if len(errs) != 0 || len(games) != 1 {
		t.Fatalf("%v %v", games, errs)
	}
	g := games[0]
	if !g.Paused() {
		t.Error("a game read from a file should wait, paused, for the players")
	}
	clk.Advance(time.Minute)
	if w, b := g.Remaining(game.White), g.Remaining(game.Black); w != 9*time.Minute+30*time.Second || b != 9*time.Minute+40*time.Second {
		t.Fatalf("clocks = %v / %v", w, b)
	}
	g.Resume()
	clk.Advance(10 * time.Second)
	if b := g.Remaining(game.Black); b != 9*time.Minute+30*time.Second {
		t.Errorf("Black's clock after resuming: %v", b)
	}
	play(t, g, "Nc6")
	if err := g.TakeBack(); err != nil {
		t.Fatal(err)
	}
	if err := g.TakeBack(); err != nil {
		t.Fatal(err)
	}
	// Before 2. Nf3 the clocks showed what the file says after 1... e5.
	if w, b := g.Remaining(game.White), g.Remaining(game.Black); w != 9*time.Minute+58*time.Second || b != 9*time.Minute+40*time.Second {
		t.Errorf("clocks after taking back 2. Nf3: %v / %v", w, b)
	}
}

func TestPGNErrorsNameTheGame(t *testing.T) {
	text := `[White "A"]
[Black "B"]

1. e4 e5 2. Ke3 *

[White "C"]
[Black "D"]

1. d4 (1. e4 e5 2. Qh5 Nf6 3. Qxf8) d5 *

[White "E"]
[Black "F"]

1. c4 *
`
	games, err := game.ReadPGN(strings.NewReader(text))
	if len(games) != 1 || games[0].Tag("White") != "E" {
		t.Fatalf("the good game was not read: %v", games)
	}
	msg := err.Error()
	for _, want := range []string{`game 1 (A – B), line 4, "Ke3"`, `game 2 (C – D), line 9, "Qxf8"`} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q lacks %q", msg, want)
		}
	}
	var pe *game.PGNError
	if !errors.As(err, &pe) || pe.Game != 1 {
		t.Errorf("errors.As PGNError: %v", pe)
	}
}

// TestPGNErrorsOfTagsAreAtTheirLines: a FEN or a Variant refused is
// reported at the line of its tag, not at the game's first line; the
// quick check of a file (Walker) says the same.
func TestPGNErrorsOfTagsAreAtTheirLines(t *testing.T) {
	text := "[Event \"E\"]\n[Site \"S\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[SetUp \"1\"]\n" +
		"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n\n" + // line 9
		"[Event \"E\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 *\n" // line 14
	_, errs := game.ReadPGNWith(strings.NewReader(text), nil)
	var lines []int
	for _, err := range errs {
		var pe *game.PGNError
		if errors.As(err, &pe) {
			lines = append(lines, pe.Line)
		}
	}
	if fmt.Sprint(lines) != "[9 14]" {
		t.Errorf("errors at lines %v, want [9 14]: %v", lines, errs)
	}
	pg, err := pgn.ParseGame([]byte(text[:strings.Index(text, "\n\n*")+3]), 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	var w game.Walker
	var pe *game.PGNError
	if _, err := w.Walk(pg, nil); !errors.As(err, &pe) || pe.Line != 9 {
		t.Errorf("Walk: %v, want line 9", err)
	}
}

func TestPGNRefusesVariants(t *testing.T) {
	_, err := game.ReadPGN(strings.NewReader(`[Variant "Chess960"]
[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]

1. e4 *
`))
	if !errors.Is(err, game.ErrVariant) {
		t.Errorf("Chess960: err = %v, want ErrVariant", err)
	}
	_, err = game.ReadPGN(strings.NewReader("[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n*\n"))
	if !errors.Is(err, game.ErrVariant) {
		t.Errorf("Shredder FEN: err = %v, want ErrVariant", err)
	}
}

// TestPGNReadsLichessFromPosition: lichess exports a game of standard
// chess from a set-up position as the variant "From Position".
func TestPGNReadsLichessFromPosition(t *testing.T) {
	games, err := game.ReadPGN(strings.NewReader(`[Variant "From Position"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"]
[SetUp "1"]

1... Kd7 2. e4 *
`))
	if err != nil || len(games) != 1 || len(games[0].MainLine()) != 2 {
		t.Fatalf("a lichess game from a position: %v", err)
	}
}

// TestPGNEdgeFiles reads every tricky file: each game loads or is reported
// with its number, and nothing panics or hangs. What loads writes out and
// reads back the same.
func TestPGNEdgeFiles(t *testing.T) {
	files := shared.Glob(t, "pgn", "edge", "*.pgn")
	loaded := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		games, errs := game.ReadPGNWith(bytes.NewReader(data), nil)
		for _, e := range errs {
			var pe *game.PGNError
			if !errors.As(e, &pe) || pe.Game < 1 {
				t.Errorf("%s: error without a game number: %v", filepath.Base(f), e)
			}
		}
		for i, g := range games {
			once := writePGN(t, g)
			back, errs := game.ReadPGNWith(strings.NewReader(once), nil)
			if len(errs) > 0 || len(back) != 1 {
				t.Errorf("%s game %d: written PGN does not read back: %v\n%s", filepath.Base(f), i+1, errs, once)
				continue
			}
			if twice := writePGN(t, back[0]); twice != once {
				t.Errorf("%s game %d: round trip changed the game:\n%s\n---\n%s", filepath.Base(f), i+1, once, twice)
			}
		}
		loaded += len(games)
	}
	if loaded < 700 {
		t.Errorf("only %d games loaded from the edge files", loaded)
	}
}

func TestPGNNoPanicOnOddInput(t *testing.T) {
	for _, s := range []string{"", "{", "(", ")", "[", "1.", "[Event \"x\"]", "1. e4 (", "1. e4 {", "\x00\xff", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 15. a4 c5 16. d5 c4 17. Bg5 h6 18. Be3 Nc5 19. Qd2 h5 20. Bg5 Bg7 21. Rf1 Qb6 *"} {
		games, _ := game.ReadPGN(strings.NewReader(s))
		for _, g := range games {
			writePGN(t, g)
		}
	}
}

func TestPGNWriterUsesSAN(t *testing.T) {
	g := readOne(t, "1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. 0-0 *\n")
	if text := writePGN(t, g); !strings.Contains(text, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O *") {
		t.Errorf("moves not written in SAN:\n%s", text)
	}
}
