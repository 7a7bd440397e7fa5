package pgn

import (
	"reflect"
	"strings"
	"testing"
)

// Games whose tags come in the same order, or another, with the same
// values as the game before or others, in UTF-8 or in Windows-1252, some
// with more tags than the game before.
const reusedTags = "[Event \"Open\"]\n[White \"Müller\"]\n[Black \"Ng\"]\n\n1. e4 *\n\n" +
	"[Event \"Open\"]\n[White \"M\xfcller\"]\n[Black \"Ng\"]\n\n1. d4 *\n\n" +
	"[White \"Open\"]\n[Event \"Müller\"]\n[Black \"\"]\n[ECO \"A00\"]\n[Round \"1\"]\n\n1. c4 *\n\n" +
	"[Event \"Open\"]\n[White \"Müller\"]\n\n1. Nf3 *\n\n" +
	"[Event \"Open\"]\n[White \"Müller\"]\n[Black \"Ng\"]\n[Site \"Ng\"]\n\n1. b3 *\n\n" +
	"[White \"A\"]\n[WhiteElo \"2100\"]\n[White \"B \\\"C\\\"\"]\n[Black \"Ng\"]\n\n1. g3 *\n"

// The headers a reader reads into the room of the game before, to index
// them, have the tags' names a full reading gives each game, and the
// values of the index's fields: the last of a tag read twice.
func TestReusedHeadersHaveTheTagsRead(t *testing.T) {
	games, errs := ReadAll(strings.NewReader(reusedTags))
	if len(errs) > 0 || len(games) != 6 {
		t.Fatalf("%d games, errors %v", len(games), errs)
	}
	rd := NewReader(strings.NewReader(reusedTags))
	var h Header
	for i, g := range games {
		if ok, err := rd.readHeader(&h, true); !ok || err != nil {
			t.Fatalf("game %d: %v", i+1, err)
		}
		var names, want []string
		for _, tag := range g.Tags {
			names = append(names, tag.Name)
		}
		for f := range NumFields {
			want = append(want, g.Tag(f.Name()))
		}
		var gotNames, got []string
		for _, tag := range h.Tags {
			gotNames = append(gotNames, tag.Name)
		}
		for _, v := range h.fields {
			got = append(got, string(v))
		}
		if !reflect.DeepEqual(gotNames, names) || !reflect.DeepEqual(got, want) {
			t.Errorf("game %d: tags %q, fields %q; read in full %q, %q", i+1, gotNames, got, names, want)
		}
	}
}

// The tags of a game handed out (Next, NextHeader) are never the room
// the next header read takes.
func TestHeadersHandedOutKeepTheirTags(t *testing.T) {
	rd := NewReader(strings.NewReader(reusedTags))
	g, err := rd.Next()
	if err != nil {
		t.Fatal(err)
	}
	h, err := rd.NextHeader()
	if err != nil {
		t.Fatal(err)
	}
	want, wantH := append([]Tag(nil), g.Tags...), append([]Tag(nil), h.Tags...)
	var room Header
	for n := 3; ; n++ {
		if ok, _ := rd.readHeader(&room, true); !ok {
			break
		}
		if !reflect.DeepEqual(g.Tags, want) || !reflect.DeepEqual(h.Tags, wantH) {
			t.Fatalf("game %d read: the tags handed out are %q and %q, were %q and %q", n, g.Tags, h.Tags, want, wantH)
		}
	}
	// And a game read in full after headers read into the room keeps
	// its tags when more headers are read.
	rd = NewReader(strings.NewReader(reusedTags))
	rd.readHeader(&room, true)
	if g, err = rd.Next(); err != nil {
		t.Fatal(err)
	}
	want = append([]Tag(nil), g.Tags...)
	rd.readHeader(&room, true)
	if !reflect.DeepEqual(g.Tags, want) {
		t.Errorf("the tags of a game read in full are %q, were %q", g.Tags, want)
	}
}
