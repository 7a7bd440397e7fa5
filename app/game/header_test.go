package game_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

func TestSetAssessmentKeepsOneOfEachKind(t *testing.T) {
	g := readOne(t, "1. e4 $1 $14 $146 {text} e5 *")
	e4 := mainNode(t, g, 1)
	steps := []struct {
		set  int // 0 clears
		want []int
	}{
		{2, []int{2, 14, 146}},  // "?" in the place of "!"
		{16, []int{2, 16, 146}}, // "±" in the place of "⩲"
		{5, []int{5, 16, 146}},  // "!?"
		{0, []int{146}},         // cleared: the novelty stays
		{13, []int{146, 13}},    // "∞" added at the end
		{3, []int{146, 3, 13}},  // "!!", before the position's
		{19, []int{146, 3, 19}}, // "−+"
		{7, []int{146, 7, 19}},  // "□" is a judgement of the move too
		{21, []int{146, 7, 21}}, // a crushing advantage, a judgement of the position
		{0, []int{146}},         // cleared again
	}
	for _, s := range steps {
		var err error
		if s.set == 0 {
			err = g.ClearAssessments(e4)
		} else {
			err = g.SetAssessment(e4, s.set)
		}
		if err != nil {
			t.Fatalf("set $%d: %v", s.set, err)
		}
		if got := e4.NAGs(); !slices.Equal(got, s.want) {
			t.Errorf("after $%d: NAGs %v, want %v", s.set, got, s.want)
		}
	}
	if err := g.SetAssessment(e4, 146); err == nil {
		t.Error("$146 set as an assessment")
	}
	if err := g.SetAssessment(g.Root(), 1); err == nil {
		t.Error("the start position took an assessment")
	}
	if err := g.SetAssessment(e4, 6); err != nil {
		t.Fatal(err)
	}
	if got := oneLine(writePGN(t, g)); !strings.Contains(got, "1. e4 $146 $6 {text} 1... e5 *") {
		t.Errorf("written: %s", got)
	}
}

func TestEditableTags(t *testing.T) {
	g := readOne(t, `[Event "Club"]
[Site "Paris"]
[Date "2024.??.??"]
[Round "3"]
[White "Anna"]
[Black "Bob"]
[Result "1-0"]
[WhiteElo "1800"]
[Annotator "Me"]
[Annotator "Me again"]
[TimeControl "600+5"]
[Termination "normal"]

1. e4 e5 1-0
`)
	got := g.EditableTags()
	want := []pgn.Tag{{Name: "Event", Value: "Club"}, {Name: "Site", Value: "Paris"}, {Name: "Date", Value: "2024.??.??"},
		{Name: "Round", Value: "3"}, {Name: "White", Value: "Anna"}, {Name: "Black", Value: "Bob"},
		{Name: "WhiteElo", Value: "1800"}, {Name: "Annotator", Value: "Me again"}}
	if !slices.Equal(got, want) {
		t.Fatalf("EditableTags = %v\nwant %v", got, want)
	}
	edited := []pgn.Tag{{Name: "Event", Value: "Club championship"}, {Name: "White", Value: "Anna"},
		{Name: "Black", Value: "Bob"}, {Name: "Round", Value: ""}, {Name: "BlackElo", Value: "1750"},
		{Name: "Result", Value: "0-1"}, {Name: "Date", Value: "2024.05.??"}}
	if err := g.SetEditableTags(edited); err != nil {
		t.Fatal(err)
	}
	text := writePGN(t, g)
	for _, w := range []string{`[Event "Club championship"]`, `[Date "2024.05.??"]`, `[BlackElo "1750"]`,
		`[Result "1-0"]`, `[TimeControl "600+5"]`, `[Termination "normal"]`} {
		if !strings.Contains(text, w) {
			t.Errorf("written without %s:\n%s", w, text)
		}
	}
	for _, gone := range []string{"Site", "Round", "WhiteElo", "Annotator"} {
		if strings.Contains(text, "["+gone+" ") {
			t.Errorf("%s is still written:\n%s", gone, text)
		}
	}
	for _, bad := range [][]pgn.Tag{
		{{Name: "White Elo", Value: "1"}},
		{{Name: "", Value: "x"}},
		{{Name: "Event", Value: "a"}, {Name: "Event", Value: "b"}},
		{{Name: "Event", Value: strings.Repeat("x", 1<<20)}},
	} {
		var te *game.TagError
		if err := g.SetEditableTags(bad); !errors.As(err, &te) {
			t.Errorf("SetEditableTags(%.40v) = %v, want a *TagError", bad, err)
		}
	}
	if after := writePGN(t, g); after != text {
		t.Errorf("a refused edit changed the game:\n%s", after)
	}
}

func TestSetResult(t *testing.T) {
	// A game without clocks, from a score sheet: any result, and back.
	g := newGame(t, "")
	play(t, g, "e4 e5 Nf3")
	if got := g.ResultChoices(); !slices.Equal(got, []string{"1-0", "0-1", "1/2-1/2", "*"}) {
		t.Errorf("choices of an untimed game: %v", got)
	}
	if err := g.SetResult("1/2-1/2"); err != nil {
		t.Fatal(err)
	}
	if s := g.Status(); s.Result != game.Draw || s.Reason != game.NoReason || !s.Over() {
		t.Errorf("status after 1/2-1/2: %v", s)
	}
	if err := g.Move("Nc6"); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("a move after the result was set: %v", err)
	}
	text := writePGN(t, g)
	if !strings.Contains(text, `[Result "1/2-1/2"]`) || strings.Contains(text, "Termination") || !strings.HasSuffix(strings.TrimSpace(text), "2. Nf3 1/2-1/2") {
		t.Errorf("written:\n%s", text)
	}
	if err := g.SetResult("*"); err != nil {
		t.Fatal(err)
	}
	play(t, g, "Nc6")
	if err := g.SetResult("2-0"); err == nil {
		t.Error("2-0 taken as a result")
	}

	// Checkmate decides.
	mate := newGame(t, "")
	play(t, mate, "f3 e5 g4 Qh4#")
	if err := mate.SetResult("1-0"); !errors.Is(err, game.ErrResultOnBoard) {
		t.Errorf("result of a checkmate changed: %v", err)
	}
	if got := mate.ResultChoices(); !slices.Equal(got, []string{"0-1"}) {
		t.Errorf("choices after a checkmate: %v", got)
	}

	// A game on the clocks ends by play; once over, it may be scored
	// otherwise but does not go on.
	clock := newFakeClock()
	tc, _ := game.ParseTimeControl("300+0")
	timed, err := game.New(game.Options{TimeControl: tc, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	play(t, timed, "e4")
	if err := timed.SetResult("1-0"); !errors.Is(err, game.ErrResultInPlay) {
		t.Errorf("result of a game on the clocks set: %v", err)
	}
	clock.Advance(time.Second)
	if err := timed.Resign(game.White); err != nil {
		t.Fatal(err)
	}
	if got := timed.ResultChoices(); !slices.Equal(got, []string{"1-0", "0-1", "1/2-1/2"}) {
		t.Errorf("choices of a timed game over: %v", got)
	}
	if err := timed.SetResult("*"); err == nil {
		t.Error("a timed game over made to go on")
	}

	// A game read keeps its status as read when its result comes back.
	read := readOne(t, "[Result \"1-0\"]\n[Termination \"time forfeit\"]\n\n1. e4 e5 {White wins on time.} 1-0\n")
	before := writePGN(t, read)
	if err := read.SetResult("0-1"); err != nil {
		t.Fatal(err)
	}
	if got := writePGN(t, read); strings.Contains(got, "on time") || !strings.Contains(got, `[Result "0-1"]`) {
		t.Errorf("written after 0-1:\n%s", got)
	}
	if err := read.SetResult("1-0"); err != nil {
		t.Fatal(err)
	}
	if got := writePGN(t, read); got != before {
		t.Errorf("back to 1-0:\n%s\nwant\n%s", got, before)
	}
}

// TestSetTagWritesAValueAsAPGNStringHoldsIt: a tab, a line break or
// another control character set into a value becomes a space, in the
// game and in the file written ("a\tb" was written raw, which the
// standard forbids); a value read and set again unchanged stays as read.
func TestSetTagWritesAValueAsAPGNStringHoldsIt(t *testing.T) {
	g := readOne(t, "[Event \"read\twith a tab\"]\n\n1. e4 *")
	g.SetTag("Event", "read\twith a tab")
	if got := g.Tag("Event"); got != "read\twith a tab" {
		t.Errorf("a value set again as read became %q", got)
	}
	g.SetTag("Site", "Paris\tFrance\r\nhall\x1b2\u0085")
	if got := g.Tag("Site"); got != "Paris France hall 2 " {
		t.Errorf("Site = %q", got)
	}
	var b strings.Builder
	if err := g.WritePGN(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `[Site "Paris France hall 2 "]`) || strings.ContainsAny(b.String(), "\t\x1b") {
		t.Errorf("written:\n%s", b.String())
	}
}
