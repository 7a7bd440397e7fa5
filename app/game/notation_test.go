package game_test

import (
	"testing"

	"github.com/echiquier/echiquier/app/game"
)

func TestFormatSAN(t *testing.T) {
	tests := []struct {
		san, french, figurine string
	}{
		{"Nxb5", "Cxb5", "♘xb5"},
		{"Bxb5", "Fxb5", "♗xb5"},
		{"Nf3", "Cf3", "♘f3"},
		{"Nbd7", "Cbd7", "♘bd7"},
		{"R1e2", "T1e2", "♖1e2"},
		{"Rae1", "Tae1", "♖ae1"},
		{"Qh4#", "Dh4#", "♕h4#"},
		{"Qh4xe1", "Dh4xe1", "♕h4xe1"},
		{"Kxe2", "Rxe2", "♔xe2"},
		{"e4", "e4", "e4"},
		{"bxc3", "bxc3", "bxc3"},
		{"bxc8=Q", "bxc8=D", "bxc8=♕"},
		{"e8=N+", "e8=C+", "e8=♘+"},
		{"a1=R", "a1=T", "a1=♖"},
		{"hxg1=B#", "hxg1=F#", "hxg1=♗#"},
		{"O-O", "O-O", "O-O"},
		{"O-O-O+", "O-O-O+", "O-O-O+"},
		{"", "", ""},
	}
	for _, tt := range tests {
		for _, c := range []struct {
			n    game.Notation
			want string
		}{{game.EnglishSAN, tt.san}, {game.FrenchSAN, tt.french}, {game.FigurineSAN, tt.figurine}, {game.Notation(7), tt.san}} {
			if got := game.FormatSAN(tt.san, c.n); got != c.want {
				t.Errorf("FormatSAN(%q, %v) = %q, want %q", tt.san, c.n, got, c.want)
			}
		}
	}
}

func TestNotationNames(t *testing.T) {
	for _, n := range []game.Notation{game.EnglishSAN, game.FrenchSAN, game.FigurineSAN} {
		if got := game.ParseNotation(n.String()); got != n {
			t.Errorf("ParseNotation(%q) = %v, want %v", n.String(), got, n)
		}
	}
	tests := []struct {
		name string
		want game.Notation
	}{
		{"english", game.EnglishSAN},
		{"french", game.FrenchSAN},
		{" French ", game.FrenchSAN},
		{"FIGURINE", game.FigurineSAN},
		{"", game.EnglishSAN},
		{"klingon", game.EnglishSAN},
	}
	for _, tt := range tests {
		if got := game.ParseNotation(tt.name); got != tt.want {
			t.Errorf("ParseNotation(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
	if got := game.Notation(9).String(); got != "Notation(9)" {
		t.Errorf("Notation(9).String() = %q", got)
	}
	if got := game.FrenchSAN.String(); got != "french" {
		t.Errorf("FrenchSAN.String() = %q", got)
	}
}
