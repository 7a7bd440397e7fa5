package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
)

// These tests play against the real Stockfish, with one thread and a
// small hash: the machines that run them are shared.

func TestProbeStockfish(t *testing.T) {
	path := stockfish(t)
	clean(t)
	info, err := Probe(context.Background(), Settings{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(info.Name, "Stockfish") || !info.Limited() || len(info.Levels) != int(FullStrength) {
		t.Fatalf("Probe: %+v", info)
	}
	for _, st := range info.Levels {
		t.Logf("level %d: about %d, by Elo %v, options %v, %v a move", st.Level, st.Elo, st.ByElo, st.Options, st.MoveTime)
	}
	// Stockfish takes ratings from 1350 (15) or 1320 (16 on) to 2850 or
	// more: the levels from 1350 to 2600 are its own.
	for _, st := range info.Levels[2:9] {
		if !st.ByElo {
			t.Errorf("level %d: not played by Stockfish's own rating", st.Level)
		}
	}
}

func TestOpponentStockfish(t *testing.T) {
	path := stockfish(t)
	clean(t)
	// A beginner, a club player without clocks; full strength on the
	// clocks (a minute each), which it shares out itself.
	tc, _ := game.ParseTimeControl("60")
	for _, c := range []struct {
		level Level
		tc    game.TimeControl
	}{{MinLevel, game.TimeControl{}}, {4, game.TimeControl{}}, {FullStrength, tc}} {
		r := newReplies()
		o := NewOpponent(Settings{Path: path, Threads: 1, Hash: 16}, Play{Level: c.level}, r.add)
		g, err := game.New(game.Options{TimeControl: c.tc})
		if err != nil {
			t.Fatal(err)
		}
		for ply := range 6 {
			x := think(t, o, r, g)
			if x.Err != nil {
				t.Fatal(x.Err)
			}
			if x.Answer != PlayMove || x.FEN != g.FEN() || !strings.HasPrefix(x.Engine, "Stockfish") || x.Strength.Level != c.level || !x.HasScore {
				t.Fatalf("level %d, ply %d: %+v", c.level, ply, x)
			}
			if err := g.PlayMove(x.Move); err != nil {
				t.Fatalf("level %d: %s: %v", c.level, x.SAN, err)
			}
		}
		t.Logf("level %d: %s", c.level, strings.Join(g.History(), " "))
		closeOpponent(t, o)
	}

	// At full strength, it mates in one.
	r := newReplies()
	o := NewOpponent(Settings{Path: path, Threads: 1, Hash: 16}, Play{Level: FullStrength}, r.add)
	g, err := game.New(game.Options{FEN: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", TimeControl: tc})
	if err != nil {
		t.Fatal(err)
	}
	if x := think(t, o, r, g); x.Err != nil || x.SAN != "Ra8#" || x.Score.String() != "#1" {
		t.Errorf("mate in one: %+v", x)
	}
	closeOpponent(t, o)
}
