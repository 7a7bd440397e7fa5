package widgets_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/widgets"
)

// benchMoveList shows an empty move list in a window the size of the
// app's.
func benchMoveList(b *testing.B) (*widgets.MoveList, fyne.Window) {
	b.Helper()
	test.NewTempApp(b)
	l := widgets.NewMoveList()
	w := test.NewTempWindow(b, l)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(260, 600))
	return l, w
}

// annotatedBenchGame is a 300-ply game whose every third move has a
// comment, a glyph and a side line of 18 moves with a comment and a
// nested side line: 2,000 side-line moves.
func annotatedBenchGame(b *testing.B) *game.Game {
	return sideLineGame(b, 300, 3, 18)
}

// BenchmarkMoveList_SetRootPlain300 reads a 300-ply game without
// annotations into a shown list, as after each move of a game.
func BenchmarkMoveList_SetRootPlain300(b *testing.B) { benchSetRoot(b, longGame(b, 300)) }

// BenchmarkMoveList_SetRootAnnotated reads a 300-ply game with 2,000
// side-line moves and comments into a shown list.
func BenchmarkMoveList_SetRootAnnotated(b *testing.B) { benchSetRoot(b, annotatedBenchGame(b)) }

// benchSetRoot reads g into a shown list and highlights its last move,
// as the app does after each move.
func benchSetRoot(b *testing.B, g *game.Game) {
	l, _ := benchMoveList(b)
	main := g.MainLine()
	last := main[len(main)-1]
	b.ReportAllocs()
	for b.Loop() {
		l.SetRoot(g.Root())
		l.SetCurrent(last)
	}
}

// BenchmarkMoveList_RefreshAnnotated refreshes the list of the annotated
// game, as a change of theme or notation does: everything is read,
// measured and wrapped again.
func BenchmarkMoveList_RefreshAnnotated(b *testing.B) {
	g := annotatedBenchGame(b)
	l, _ := benchMoveList(b)
	l.SetRoot(g.Root())
	b.ReportAllocs()
	for b.Loop() {
		l.Refresh()
	}
}

// BenchmarkMoveList_ResizeAnnotated changes the list's width: the side
// lines and comments wrap anew.
func BenchmarkMoveList_ResizeAnnotated(b *testing.B) {
	g := annotatedBenchGame(b)
	l, w := benchMoveList(b)
	l.SetRoot(g.Root())
	widths := []float32{240, 280}
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		i++
		w.Resize(fyne.NewSize(widths[i%2], 600))
	}
}

// BenchmarkMoveList_ScrollAnnotated scrolls the annotated game's list
// by a wheel step.
func BenchmarkMoveList_ScrollAnnotated(b *testing.B) {
	g := annotatedBenchGame(b)
	l, w := benchMoveList(b)
	l.SetRoot(g.Root())
	c := w.Canvas()
	at := fyne.NewPos(100, 100)
	step := float32(-40)
	main := g.MainLine()
	b.ReportAllocs()
	for b.Loop() {
		if pos, _ := l.MovePosition(main[299]); pos.Y < 600 {
			step = 40
		} else if pos, _ := l.MovePosition(main[0]); pos.Y > 0 {
			step = -40
		}
		test.Scroll(c, at, 0, step)
	}
}

// BenchmarkMoveList_SetCurrentInView moves the highlight between two
// moves in view of a 300-ply game, as a click in the list or a step
// through the game does.
func BenchmarkMoveList_SetCurrentInView(b *testing.B) {
	g := longGame(b, 300)
	l, _ := benchMoveList(b)
	l.SetRoot(g.Root())
	main := g.MainLine()
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		i++
		l.SetCurrent(main[200+i%2])
	}
}
