package app

import (
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/game/gametest"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
)

// benchApp is the whole window in Fyne's test driver showing an
// annotated game of plies moves: each carries a comment and a one-move
// side line. What the background hands to the UI goroutine is queued.
func benchApp(b *testing.B, plies int) (*App, uitest.Queue) {
	b.Helper()
	fa := test.NewTempApp(b)
	q := make(uitest.Queue, 100000)
	a := New(fa, Options{NoTicker: true, AutosaveDir: b.TempDir(), Post: q.Do, Sound: &soundLog{}})
	a.env.Window.Resize(fyne.NewSize(1040, 720))
	b.Cleanup(func() {
		a.stop()
		a.env.Window.Close()
	})
	a.env.Session.NewGame(gametest.AnnotatedGame(b, plies))
	return a, q
}

// BenchmarkStepThroughTheGame steps back and forth through a 200-ply
// annotated game, as ← and → do.
func BenchmarkStepThroughTheGame(b *testing.B) {
	a, _ := benchApp(b, 200)
	s := a.env.Session
	s.Show(s.Game().MainLine()[100])
	b.ReportAllocs()
	for b.Loop() {
		s.Step(-1)
		s.Step(1)
	}
}

// BenchmarkTick looks at the clocks of a running game, as the ticker does
// ten times a second.
func BenchmarkTick(b *testing.B) {
	a, _ := benchApp(b, 40)
	b.ReportAllocs()
	for b.Loop() {
		a.Tick()
	}
}

// BenchmarkApplySettings applies a change made in the settings window.
func BenchmarkApplySettings(b *testing.B) {
	a, _ := benchApp(b, 200)
	b.ReportAllocs()
	for b.Loop() {
		a.SettingsChanged()
	}
}

// BenchmarkBoardMove makes a move as the board hands it over when a piece
// is dropped, through to the refreshed window (autosave handed over and
// the commands' states included), along a random game that is started
// again when it ends.
func BenchmarkBoardMove(b *testing.B) {
	a, _ := benchApp(b, 0)
	moves := gametest.RandomMoves(b, 300)
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		if i == len(moves) {
			b.StopTimer()
			g, _ := game.New(game.Options{})
			a.env.Session.NewGame(g)
			i = 0
			b.StartTimer()
		}
		a.play.Move(moves[i])
		i++
	}
}

// BenchmarkPasteAnnotatedGame is Ctrl+V of a game of 300 plies, each with
// a comment and a side line, to the board and the move list showing it.
func BenchmarkPasteAnnotatedGame(b *testing.B) {
	a, _ := benchApp(b, 300)
	var text strings.Builder
	if err := a.env.Session.Game().WritePGN(&text); err != nil {
		b.Fatal(err)
	}
	a.fyne.Clipboard().SetContent(text.String())
	b.Logf("%d bytes", text.Len())
	for b.Loop() {
		a.env.Commands.Run(kit.Paste)
		if len(a.env.Session.Game().History()) != 300 {
			b.Fatal("not pasted")
		}
	}
}

// benchStockfish is the engine of the benchmarks; they are skipped
// without it.
const benchStockfish = "/usr/games/stockfish"

// analysingApp is benchApp with the game over (White resigned) and the
// live analysis on with Stockfish.
func analysingApp(b *testing.B, plies int) (*App, uitest.Queue) {
	b.Helper()
	if _, err := os.Stat(benchStockfish); err != nil {
		b.Skip("Stockfish is not installed:", err)
	}
	a, q := benchApp(b, plies)
	a.env.Settings.SetEnginePath(benchStockfish)
	if err := a.env.Session.Resign(game.White); err != nil {
		b.Fatal(err)
	}
	a.env.Commands.Run(kit.Analyse)
	if c, _ := a.env.Commands.Get(kit.Analyse); !c.Checked() {
		b.Fatalf("no analysis: %s", a.env.Status.Text())
	}
	return a, q
}

// BenchmarkStepWhileAnalysing is BenchmarkStepThroughTheGame with the
// live analysis on: each step gives the engine a new position (stop,
// position, go) while it searches on all the cores but one, and the
// engine's updates are shown as they come.
func BenchmarkStepWhileAnalysing(b *testing.B) {
	a, q := analysingApp(b, 200)
	s := a.env.Session
	s.Show(s.Game().MainLine()[100])
	b.ReportAllocs()
	for b.Loop() {
		s.Step(-1)
		s.Step(1)
		q.RunQueued()
	}
}

// BenchmarkRefreshWhileAnalysing redraws the whole window while the
// engine searches one position: a frame's work on the UI goroutine
// with the cores shared with the engine.
func BenchmarkRefreshWhileAnalysing(b *testing.B) {
	a, q := analysingApp(b, 200)
	a.env.Session.Show(a.env.Session.Game().MainLine()[100])
	b.ReportAllocs()
	for b.Loop() {
		a.SettingsChanged()
		q.RunQueued()
	}
}

// BenchmarkRefreshIdle is BenchmarkRefreshWhileAnalysing without the
// engine, to compare.
func BenchmarkRefreshIdle(b *testing.B) {
	a, _ := benchApp(b, 200)
	a.env.Session.Show(a.env.Session.Game().MainLine()[100])
	b.ReportAllocs()
	for b.Loop() {
		a.SettingsChanged()
	}
}
