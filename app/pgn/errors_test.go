package pgn_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

func TestSyntaxErrors(t *testing.T) {
	tests := []struct {
		name, in string
		want     pgn.SyntaxError
		msg      string // what Message says
	}{
		{"unbalanced close", "[Event \"a\"]\n\n1. e4 e5 ) 2. Nf3 *",
			pgn.SyntaxError{Line: 3, Col: 10, Text: ")", Kind: pgn.SyntaxNoVariationOpen, Unexpected: true}, `unexpected ")" (no variation is open)`},
		{"unclosed variation", "1. e4\ne5 (1... c5\n2. Nf3 *",
			pgn.SyntaxError{Line: 2, Col: 4, Text: "(", Kind: pgn.SyntaxVariationNotClosed}, "variation is not closed"},
		{"unclosed variation at end", "1. e4 (1. d4 (1. c4",
			pgn.SyntaxError{Line: 1, Col: 7, Text: "(", Kind: pgn.SyntaxVariationNotClosed}, "variation is not closed"},
		{"variation before any move", "( 1. e4 ) *",
			pgn.SyntaxError{Line: 1, Col: 1, Text: "(", Kind: pgn.SyntaxNoMoveBeforeVariation, Unexpected: true}, `unexpected "(" (no move before the variation)`},
		{"variation without moves", "1. e4 ({just a comment}) *",
			pgn.SyntaxError{Line: 1, Col: 7, Text: "(", Kind: pgn.SyntaxEmptyVariation}, "variation has no moves"},
		{"nag without move", "$1 *",
			pgn.SyntaxError{Line: 1, Col: 1, Text: "$1", Kind: pgn.SyntaxNoMoveBeforeNAG, Unexpected: true}, `unexpected "$1" (no move before it)`},
		{"unterminated comment", "[Event \"a\"]\n\n1. e4 {never\nclosed\n",
			pgn.SyntaxError{Line: 3, Col: 7, Text: "{never…", Kind: pgn.SyntaxCommentNotClosed}, "comment is not closed"},
		{"stray close brace", "1. e4 } e5 *",
			pgn.SyntaxError{Line: 1, Col: 7, Text: "}", Kind: pgn.SyntaxNoCommentOpen, Unexpected: true}, `unexpected "}" (no comment is open)`},
		{"stray bracket", "1. e4 ] e5 *",
			pgn.SyntaxError{Line: 1, Col: 7, Text: "]", Kind: pgn.SyntaxNoTagOpen, Unexpected: true}, `unexpected "]" (no tag pair is open)`},
		{"angle bracket", "1. e4 </p> e5 *",
			pgn.SyntaxError{Line: 1, Col: 7, Text: "</p>", Kind: pgn.SyntaxUnexpectedText, Unexpected: true}, `unexpected "</p>" (unexpected text)`},
		{"greater than", "1. e4 > e5 *",
			pgn.SyntaxError{Line: 1, Col: 7, Text: ">", Kind: pgn.SyntaxNotPGN, Unexpected: true}, `unexpected ">" (not PGN)`},
		{"bad word", "1. e4 cd5, *",
			pgn.SyntaxError{Line: 1, Col: 7, Text: "cd5,", Kind: pgn.SyntaxNotAMove, Unexpected: true}, `unexpected "cd5," (not a move)`},
		{"bad suffix", "1. e4!!! *",
			pgn.SyntaxError{Line: 1, Col: 4, Text: "e4!!!", Kind: pgn.SyntaxUnknownAnnotation, Unexpected: true}, `unexpected "e4!!!" (unknown annotation)`},
		{"dollar alone", "1. e4 $ *",
			pgn.SyntaxError{Line: 1, Col: 7, Text: "$", Kind: pgn.SyntaxNAGNoNumber, Unexpected: true}, `unexpected "$" (a NAG needs a number)`},
		{"nag too large", "1. e4 $256 *",
			pgn.SyntaxError{Line: 1, Col: 7, Text: "$256", Kind: pgn.SyntaxNAGRange, Unexpected: true}, `unexpected "$256" (NAG out of range (0-255))`},
		{"string in movetext", "1. e4 \"x\" *",
			pgn.SyntaxError{Line: 1, Col: 7, Text: `"x"`, Kind: pgn.SyntaxStringOutsideTag, Unexpected: true}, `unexpected "\"x\"" (string outside a tag pair)`},
		{"percent inside a line", "1. e4 %x *",
			pgn.SyntaxError{Line: 1, Col: 7, Text: "%x", Kind: pgn.SyntaxNotAMove, Unexpected: true}, `unexpected "%x" (not a move)`},
		{"word too long", "1. e4 B" + strings.Repeat("m", 2000) + " *",
			pgn.SyntaxError{Line: 1, Col: 7, Text: "B" + strings.Repeat("m", 59) + "…", Kind: pgn.SyntaxWordTooLong, Unexpected: true}, `unexpected "B` + strings.Repeat("m", 59) + `…" (word too long)`},
		{"control character", "1. e4 \x01 *",
			pgn.SyntaxError{Line: 1, Col: 7, Text: "\x01", Kind: pgn.SyntaxControlChar, Unexpected: true}, `unexpected "\x01" (control character)`},
		{"text after result", "1. e4 1-0 ff\n",
			pgn.SyntaxError{Line: 1, Col: 11, Text: "ff", Kind: pgn.SyntaxAfterResult, Unexpected: true}, `unexpected "ff" (after the game result)`},
		{"second marker", "[Event \"a\"]\n\n* *\n",
			pgn.SyntaxError{Line: 3, Col: 3, Text: "*", Kind: pgn.SyntaxAfterResult, Unexpected: true}, `unexpected "*" (after the game result)`},
		{"unclosed tag value", "[Event \"a\"]\n[Site \"b\n\n*",
			pgn.SyntaxError{Line: 2, Col: 9, Text: `[Site "b`, Kind: pgn.SyntaxTagValueNotClosed, Tag: "Site"}, `value of tag "Site" is not closed on its line`},
		{"missing value", "[Event \"a\"]\n[Site]\n\n*",
			pgn.SyntaxError{Line: 2, Col: 6, Text: "[Site]", Kind: pgn.SyntaxTagNoValue, Tag: "Site"}, `tag "Site" has no quoted value`},
		{"unquoted value", "[Site Paris]\n*",
			pgn.SyntaxError{Line: 1, Col: 7, Text: "[Site Paris]", Kind: pgn.SyntaxTagNoValue, Tag: "Site"}, `tag "Site" has no quoted value`},
		{"missing name", "[\"Paris\"]\n*",
			pgn.SyntaxError{Line: 1, Col: 2, Text: `["Paris"]`, Kind: pgn.SyntaxTagNoName}, "tag has no name"},
		{"missing bracket", "[Site \"Paris\"\n*",
			pgn.SyntaxError{Line: 1, Col: 14, Text: `[Site "Paris"`, Kind: pgn.SyntaxTagNotClosed, Tag: "Site"}, `missing "]" after tag "Site"`},
		{"junk before bracket", "[Site \"Paris\" x]\n*",
			pgn.SyntaxError{Line: 1, Col: 15, Text: `[Site "Paris" x]`, Kind: pgn.SyntaxTagNotClosed, Tag: "Site"}, `missing "]" after tag "Site"`},
		{"tag too long", "[Event \"" + strings.Repeat("\xe9", 200<<10) + "\"]\n*",
			pgn.SyntaxError{Line: 1, Col: 1, Text: "[Event \"" + strings.Repeat("é", 52) + "…", Kind: pgn.SyntaxTagTooLong, Tag: "Event"}, `tag "Event" is too long`},
		{"bracket comment in movetext", "1. e4 [%clk 0:00:30] e5 *",
			pgn.SyntaxError{Line: 1, Col: 7, Text: "[%clk 0:00:30]", Kind: pgn.SyntaxTagNoValue, Tag: "%clk", Unexpected: true}, `unexpected "[%clk 0:00:30]" (tag "%clk" has no quoted value)`},
		{"too deep", "1. e4 " + strings.Repeat("(1. d4 ", 300) + strings.Repeat(")", 300) + " *",
			pgn.SyntaxError{Line: 1, Col: 7 + 7*256, Text: "(", Kind: pgn.SyntaxTooDeep, Unexpected: true}, `unexpected "(" (variations nested too deeply)`},
		{"crlf lines", "[Event \"a\"]\r\n\r\n1. e4\r\n)",
			pgn.SyntaxError{Line: 4, Col: 1, Text: ")", Kind: pgn.SyntaxNoVariationOpen, Unexpected: true}, `unexpected ")" (no variation is open)`},
		{"cr lines", "[Event \"a\"]\r\r1. e4\r)",
			pgn.SyntaxError{Line: 4, Col: 1, Text: ")", Kind: pgn.SyntaxNoVariationOpen, Unexpected: true}, `unexpected ")" (no variation is open)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := "1. d4 *\n" + tt.in // the error is in game 2, one line down
			want := tt.want
			want.Game, want.Line = 2, want.Line+1
			games, errs := pgn.ReadAll(strings.NewReader(in))
			if len(errs) != 1 {
				t.Fatalf("errors %v, want one", errs)
			}
			var se *pgn.SyntaxError
			if !errors.As(errs[0], &se) || *se != want {
				t.Fatalf("error %#v\nwant %#v", errs[0], want)
			}
			if se.Message() != tt.msg {
				t.Errorf("message %q, want %q", se.Message(), tt.msg)
			}
			if len(games) != 2 {
				t.Fatalf("%d games, want 2", len(games))
			}
			// The same error from ParseGame, without the game number.
			_, err := pgn.ParseGame([]byte(in[8:]), 2, 8)
			want.Game = 0
			if !errors.As(err, &se) || *se != want {
				t.Errorf("ParseGame error %#v\nwant %#v", err, want)
			}
		})
	}
}

func TestSyntaxErrorMessage(t *testing.T) {
	_, errs := pgn.ReadAll(strings.NewReader("1. e4 *\n1. d4 *\n\n[Event \"x\"]\n\n1. c4 e5\n2. g3 ) *"))
	if len(errs) != 1 || errs[0].Error() != `game 3, line 7: unexpected ")" (no variation is open)` {
		t.Errorf("errors %v", errs)
	}
	e := &pgn.SyntaxError{Line: 4, Kind: pgn.SyntaxCommentNotClosed}
	if e.Error() != "line 4: comment is not closed" {
		t.Errorf("without a game number: %q", e.Error())
	}
}

func TestErrorKeepsGame(t *testing.T) {
	in := "[Event \"a\"]\n[White \"W\"]\n\n1. e4 e5 2. Nf3 ) Nc6 3. Bb5 *\n\n[Event \"b\"]\n\n1. d4 *\n"
	r := pgn.NewReader(strings.NewReader(in))
	g, err := r.Next()
	if err == nil || g == nil || g.Tag("White") != "W" {
		t.Fatalf("bad game: %v, %v", g, err)
	}
	if got := dumpGame(g); got != "e4 e5 Nf3 Nc6 Bb5 => *" {
		t.Errorf("bad game read as %s", got)
	}
	g, err = r.Next()
	if err != nil || g.Tag("Event") != "b" {
		t.Fatalf("next game: %v, %v", g, err)
	}
}

func TestErrorRecovery(t *testing.T) {
	tests := []struct {
		name, in string
		events   []string // Event tag of each game
		bad      []int    // games with errors, 1-based
	}{
		{"unterminated comment resumes at next tags",
			"[Event \"a\"]\n\n1. e4 {oops\n\n[Event \"b\"]\n\n1. d4 *\n", []string{"a", "b"}, []int{1}},
		{"comment with brackets is not cut",
			"[Event \"a\"]\n\n1. e4 {see\n\n[this] and\n[x \"y\"]} *\n\n[Event \"b\"]\n*", []string{"a", "b"}, nil},
		{"broken value continues on next line",
			"[Event \"a\"]\n[Site \"one\ntwo\"]\n[Round \"1\"]\n\n1. e4 1-0\n\n[Event \"b\"]\n*", []string{"a", "b"}, []int{1}},
		{"missing bracket keeps moves",
			"[Event \"a\" 1. e4 *\n[Event \"b\"] *", []string{"a", "b"}, []int{1}},
		{"junk after result",
			"[Event \"a\"]\n1. e4 1-0 ff\n[Event \"b\"]\n*", []string{"a", "b"}, []int{1}},
		{"html junk",
			"[Event \"a\"]\n1. e4 1-0 </p>\n<p></p>\n[Event \"b\"]\n*", []string{"a", "", "b"}, []int{1, 2}},
		{"stray bracket text in movetext",
			"[Event \"a\"]\n1. e4 [%clk 0:00:30] e5 *\n[Event \"b\"]\n*", []string{"a", "b"}, []int{1}},
		{"nesting cap",
			"[Event \"a\"]\n1. e4 " + strings.Repeat("(", 100000) + "\n[Event \"b\"]\n*", []string{"a", "b"}, []int{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, errs := readAllErrs(t, tt.in)
			var events []string
			var bad []int
			for i, g := range games {
				events = append(events, g.Tag("Event"))
				if errs[i] != nil {
					bad = append(bad, i+1)
				}
			}
			if strings.Join(events, ",") != strings.Join(tt.events, ",") || !equalInts(bad, tt.bad) {
				t.Errorf("games %q with errors in %v, want %q with errors in %v (%v)", events, bad, tt.events, tt.bad, errs)
			}
		})
	}
}

// readAllErrs reads every game of in, with the error of each.
func readAllErrs(t *testing.T, in string) ([]*pgn.Game, []error) {
	t.Helper()
	r := pgn.NewReader(strings.NewReader(in))
	var games []*pgn.Game
	var errs []error
	for {
		g, err := r.Next()
		if g == nil {
			return games, errs
		}
		games, errs = append(games, g), append(errs, err)
	}
}

// equalInts compares two lists, nil and empty being equal.
func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestSyntaxErrorAfterTheGame(t *testing.T) {
	_, err := pgn.ParseGame([]byte("1. e4 e5 *\n2. Nf3 *\n"), 5, 100)
	want := pgn.SyntaxError{Line: 6, Col: 1, Text: "2.", Kind: pgn.SyntaxAfterGame, Unexpected: true}
	var se *pgn.SyntaxError
	if !errors.As(err, &se) || *se != want || se.Message() != `unexpected "2." (after the end of the game)` {
		t.Errorf("error %#v\nwant %#v", err, want)
	}
}
