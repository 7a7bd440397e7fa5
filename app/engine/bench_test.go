package engine

import (
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
)

// A Stockfish info line of a middle-game search, and its line of play.
const benchInfo = "info depth 22 seldepth 30 multipv 1 score cp 31 nodes 2387431 nps 1190384 hashfull 612 tbhits 0 time 2005 " +
	"pv e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1 f6e4 f1e1 e4d6 f3e5 f8e7 b5f1 c6e5 e1e5 e8g8 d2d4 e7f6 e5e1 f8e8"

func BenchmarkParseInfo(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := parseInfo(benchInfo); !ok {
			b.Fatal("not parsed")
		}
	}
}

// BenchmarkPlayLine is the cost of a line in SAN: live analysis pays it
// for each of its lines at each update.
func BenchmarkPlayLine(b *testing.B) {
	in, _ := parseInfo(benchInfo)
	b.ReportAllocs()
	for b.Loop() {
		if _, san := playLine(game.StartFEN, in.pv); len(san) != 20 {
			b.Fatalf("line %q", strings.Join(san, " "))
		}
	}
}
