package pgn_test

import (
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

// rewritten reads text as one game, changes it with change, and returns
// what Rewrite gives for it.
func rewritten(t *testing.T, text string, change func(g *pgn.Game)) (string, pgn.Unkept) {
	t.Helper()
	g := parse(t, text)
	if string(g.Text) != strings.TrimRight(text, "\r\n") {
		t.Fatalf("Text %q, want the game's text %q", g.Text, text)
	}
	before := written(t, g)
	change(g)
	out, unkept := pgn.Rewrite(g.Text, []byte(before), []byte(written(t, g)))
	return string(out), unkept
}

// knights is a game as pychess and Knights write it: escape lines after
// the tags, CR LF line breaks, a tag name that the export format does not
// allow, and a movetext laid out its own way.
const knights = "[Event \"Knights\"]\r\n[Result \"*\"]\r\n[GreatestGameEverPlayed? \"True\"]\r\n" +
	"% KNIGHTS_CMD WhiteType Local\r\n% KNIGHTS_CMD DONE\r\n\r\n" +
	"1.Nf3   Nf6\r\n2.Ng1 {back}\r\n% an escape line among the moves\r\nNg8 *"

func TestRewriteKeepsAGameUnchangedByteForByte(t *testing.T) {
	out, unkept := rewritten(t, knights, func(*pgn.Game) {})
	if out != knights || unkept != (pgn.Unkept{}) {
		t.Errorf("unchanged: %q, %+v", out, unkept)
	}
}

func TestRewriteOfATagKeepsTheMovesAndTheEscapeLines(t *testing.T) {
	out, unkept := rewritten(t, knights, func(g *pgn.Game) { g.SetTag("Event", "Club") })
	want := "[Event \"Club\"]\r\n[Result \"*\"]\r\n[GreatestGameEverPlayed? \"True\"]\r\n" +
		"% KNIGHTS_CMD WhiteType Local\r\n% KNIGHTS_CMD DONE\r\n\r\n" +
		"1.Nf3   Nf6\r\n2.Ng1 {back}\r\n% an escape line among the moves\r\nNg8 *"
	if out != want || unkept != (pgn.Unkept{}) {
		t.Errorf("a tag changed:\n%q, %+v\nwant\n%q", out, unkept, want)
	}
	// A tag added: the escape lines stay after the tags they followed.
	out, _ = rewritten(t, knights, func(g *pgn.Game) { g.SetTag("Annotator", "Ann") })
	if !strings.HasPrefix(out, "[Event \"Knights\"]\r\n[Result \"*\"]\r\n[GreatestGameEverPlayed? \"True\"]\r\n"+
		"% KNIGHTS_CMD WhiteType Local\r\n% KNIGHTS_CMD DONE\r\n[Annotator \"Ann\"]\r\n\r\n1.Nf3   Nf6") {
		t.Errorf("a tag added:\n%q", out)
	}
}

func TestRewriteOfTheMovesKeepsTheTagsAndSaysWhatItLost(t *testing.T) {
	out, unkept := rewritten(t, knights, func(g *pgn.Game) { g.Moves = g.Moves[:2] })
	want := "[Event \"Knights\"]\r\n[Result \"*\"]\r\n[GreatestGameEverPlayed? \"True\"]\r\n" +
		"% KNIGHTS_CMD WhiteType Local\r\n% KNIGHTS_CMD DONE\r\n\r\n" +
		"1. Nf3 Nf6 *"
	if out != want || unkept != (pgn.Unkept{EscapeLines: 1}) {
		t.Errorf("moves changed:\n%q, %+v\nwant\n%q", out, unkept, want)
	}
	// Both changed: the escape lines of the tags are kept all the same.
	out, _ = rewritten(t, knights, func(g *pgn.Game) { g.Moves = g.Moves[:2]; g.SetTag("Event", "Club") })
	if !strings.HasPrefix(out, "[Event \"Club\"]\r\n[Result \"*\"]\r\n[GreatestGameEverPlayed? \"True\"]\r\n"+
		"% KNIGHTS_CMD WhiteType Local\r\n% KNIGHTS_CMD DONE\r\n\r\n1. Nf3 Nf6 *") {
		t.Errorf("both changed:\n%q", out)
	}
}

func TestRewriteKeepsTheLineBreaksAndTheEncoding(t *testing.T) {
	// CR alone, as old Macs wrote.
	out, _ := rewritten(t, "[White \"A\"]\r[Black \"B\"]\r\r1. e4 e5 *", func(g *pgn.Game) { g.SetTag("Black", "C") })
	if out != "[White \"A\"]\r[Black \"C\"]\r\r1. e4 e5 *" {
		t.Errorf("CR: %q", out)
	}
	// Windows-1252: what is written anew is written in it, when it can be.
	latin := "[White \"R\xe9ti\"]\n[Black \"B\"]\n\n1. e4 {tr\xe8s bien} *"
	out, unkept := rewritten(t, latin, func(g *pgn.Game) { g.SetTag("Black", "Müller") })
	if out != "[White \"R\xe9ti\"]\n[Black \"M\xfcller\"]\n\n1. e4 {tr\xe8s bien} *" || unkept.Encoding {
		t.Errorf("Windows-1252: %q, %+v", out, unkept)
	}
	// One it lacks: that one is written in UTF-8, and said to be.
	out, unkept = rewritten(t, latin, func(g *pgn.Game) { g.SetTag("Black", "Łódź") })
	if out != "[White \"R\xe9ti\"]\n[Black \"Łódź\"]\n\n1. e4 {tr\xe8s bien} *" || !unkept.Encoding {
		t.Errorf("a name Windows-1252 lacks: %q, %+v", out, unkept)
	}
}

func TestRewriteOfOddLayouts(t *testing.T) {
	// A comment among the tags: the tags and the moves cannot be kept one
	// without the other; the game is written anew.
	out, _ := rewritten(t, "[White \"A\"] {c} [Black \"B\"]\n\n1. e4 *", func(g *pgn.Game) { g.SetTag("White", "Z") })
	if out != "[White \"Z\"]\n[Black \"B\"]\n\n{c} 1. e4 *" {
		t.Errorf("a comment among the tags: %q", out)
	}
	// Tags alone, then moves added: a blank line between them.
	out, _ = rewritten(t, "[White \"A\"]", func(g *pgn.Game) { g.Moves = parse(t, "1. d4 *").Moves })
	if out != "[White \"A\"]\n\n1. d4 *" {
		t.Errorf("moves added to tags alone: %q", out)
	}
	// Moves alone, a tag added.
	out, _ = rewritten(t, "1.e4  e5 *", func(g *pgn.Game) { g.SetTag("White", "A") })
	if out != "[White \"A\"]\n\n1.e4  e5 *" {
		t.Errorf("a tag added to moves alone: %q", out)
	}
}
