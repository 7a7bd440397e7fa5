package collection

import (
	"errors"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/pgn"
)

func TestSniff(t *testing.T) {
	prose := "Dear club,\nthe tournament is on Friday at 8 pm; bring a board and a clock.\n"
	for text, want := range map[string]error{
		"":                                 nil, // no game, said as such
		" \n\t\n":                          nil,
		"[Event \"Club\"]\n":               nil,
		"  [White\t\"Ann\"]":               nil,
		"1. e4 e5 2. Nf3 *":                nil,
		"1.d4":                             nil,
		"some words, then Nbd7!? and more": nil,
		"exd5":                             nil,
		"e7e8q":                            nil,
		"Ng1-f3":                           nil,
		"O-O-O#":                           nil,
		"Qh4xe1+":                          nil,
		prose:                              &NotPGNError{Whole: true},
		"[link](http://example.com) [x] \"quoted\"": &NotPGNError{Whole: true},
		"e4.":                                 &NotPGNError{Whole: true},
		"x9 i9 Kz8 12... 1-0":                 &NotPGNError{Whole: true},
		"\x00\x00\x00\x00":                    &NotPGNError{Binary: true},
		"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR": &NotPGNError{Binary: true},
		"\x01\x02\x03\x04\x05 1. e4":          &NotPGNError{Binary: true},
		// A NUL in a game, a few control characters further on: the
		// games they fall in are refused, not the text.
		strings.Repeat("1. e4 e5 ", 20) + "\x00" + strings.Repeat("2. Nf3 ", 10): nil,
		strings.Repeat("1. e4 e5 ", 60) + strings.Repeat("\x00\x01\x02", 100):    nil,
		"\xff\xfe[\x00E\x00":   pgn.ErrUTF16,
		"[\x00E\x00v\x00e\x00": pgn.ErrUTF16,
		"\x00[\x00E\x00v\x00e": pgn.ErrUTF16,
	} {
		got := sniff(text, true)
		var np *NotPGNError
		switch w := want.(type) {
		case nil:
			if got != nil {
				t.Errorf("sniff(%q) = %v, want nil", text, got)
			}
		case *NotPGNError:
			if !errors.As(got, &np) || *np != *w {
				t.Errorf("sniff(%q) = %v, want %v", text, got, w)
			}
		default:
			if !errors.Is(got, want) {
				t.Errorf("sniff(%q) = %v, want %v", text, got, want)
			}
		}
	}
	if err := sniff(strings.Repeat(prose, 1<<20/len(prose)), false); err == nil || err.(*NotPGNError).Whole {
		t.Errorf("a megabyte of prose: %v", err)
	}
}
