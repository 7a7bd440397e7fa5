package app

import (
	"math/rand/v2"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
)

// benchApp is the app in Fyne's test driver showing an annotated game of
// plies moves: each carries a comment and a one-move side line.
func benchApp(b *testing.B, plies int) *App {
	b.Helper()
	test.NewTempApp(b)
	a := New(fyne.CurrentApp(), Options{NoTicker: true, AutosaveDir: b.TempDir()})
	a.win.Resize(fyne.NewSize(1040, 720))
	b.Cleanup(func() {
		a.win.Close()
		if a.autosave != nil {
			a.autosave.Close()
		}
	})
	a.sess.NewGame(annotatedGame(b, plies))
	return a
}

// annotatedGame plays random moves that keep the game going, each with a
// comment and another move beside it as a side line.
func annotatedGame(b *testing.B, plies int) *game.Game {
	b.Helper()
	g, err := game.New(game.Options{})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for tries := 0; len(g.History()) < plies; tries++ {
		if tries > 100*plies {
			b.Fatalf("no move keeps the game going after %d plies", len(g.History()))
		}
		legal := g.Legal()
		i := rng.IntN(len(legal))
		if err := g.Move(legal[i].UCI()); err != nil {
			b.Fatal(err)
		}
		if g.Status().Over() {
			if err := g.TakeBack(); err != nil {
				b.Fatal(err)
			}
			continue
		}
		n := g.Live()
		if err := g.SetComment(n, "A comment on this move, long enough to wrap over a line or two."); err != nil {
			b.Fatal(err)
		}
		if len(legal) > 1 {
			if _, err := g.AddVariation(n.Parent(), legal[(i+1)%len(legal)].UCI()); err != nil {
				b.Fatal(err)
			}
		}
	}
	return g
}

// BenchmarkStepThroughTheGame steps back and forth through a 200-ply
// annotated game, as ← and → do.
func BenchmarkStepThroughTheGame(b *testing.B) {
	a := benchApp(b, 200)
	a.showNode(a.sess.Game().MainLine()[100])
	b.ReportAllocs()
	for b.Loop() {
		a.step(-1)
		a.step(1)
	}
}

// BenchmarkTick looks at the clocks of a running game, as the ticker does
// ten times a second.
func BenchmarkTick(b *testing.B) {
	a := benchApp(b, 40)
	b.ReportAllocs()
	for b.Loop() {
		a.Tick()
	}
}

// BenchmarkSuggestions lists the moves that begin with a key typed in the
// move box.
func BenchmarkSuggestions(b *testing.B) {
	a := benchApp(b, 40)
	b.ReportAllocs()
	for b.Loop() {
		a.ui.moveBox.entry.SetText("N")
	}
}

// BenchmarkApplySettings applies a change made in the settings window.
func BenchmarkApplySettings(b *testing.B) {
	a := benchApp(b, 200)
	b.ReportAllocs()
	for b.Loop() {
		a.applySettings()
	}
}

// BenchmarkBoardMove makes a move as the board hands it over when a piece
// is dropped, through to the refreshed window (autosave handed over
// included), along a random game that is started again when it ends.
func BenchmarkBoardMove(b *testing.B) {
	a := benchApp(b, 0)
	moves := randomGame(b, 300)
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		if i == len(moves) {
			b.StopTimer()
			g, _ := game.New(game.Options{})
			a.sess.NewGame(g)
			i = 0
			b.StartTimer()
		}
		a.moveFromBoard(moves[i])
		i++
	}
}

// randomGame returns the moves of a random game that goes on for plies
// moves.
func randomGame(b *testing.B, plies int) []game.Move {
	b.Helper()
	g, _ := game.New(game.Options{})
	rng := rand.New(rand.NewPCG(3, 4))
	var out []game.Move
	for len(out) < plies {
		legal := g.Legal()
		m := legal[rng.IntN(len(legal))]
		if claims, _ := g.ClaimableDrawsWithMove(m.UCI()); len(claims) > 0 {
			continue // would ask whether to claim
		}
		if err := g.Move(m.UCI()); err != nil {
			b.Fatal(err)
		}
		if g.Status().Over() {
			g.TakeBack()
			continue
		}
		out = append(out, m)
	}
	return out
}
