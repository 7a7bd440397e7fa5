package widgets_test

import (
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/widgets"
)

func TestEvalBar(t *testing.T) {
	test.NewTempApp(t)
	bar := widgets.NewEvalBar()
	bar.Chances = 0.5 // White's three quarters, from the bottom
	win := test.NewTempWindow(t, bar)
	win.SetPadded(false)
	win.Resize(fyne.NewSize(20, 100))
	test.AssertRendersToImage(t, "evalbar_white_better.png", win.Canvas())
	bar.Flipped = true
	bar.Refresh()
	test.AssertRendersToImage(t, "evalbar_white_better_flipped.png", win.Canvas())
	bar.Flipped, bar.Chances = false, math.NaN()
	bar.Refresh()
	test.AssertRendersToImage(t, "evalbar_even.png", win.Canvas())
}

func TestEvalGraph(t *testing.T) {
	test.NewTempApp(t)
	g := widgets.NewEvalGraph()
	g.Points = []float64{0.1, 0.2, -0.3, math.NaN(), 0.9, -1}
	g.Current = 2
	var chosen []int
	g.OnSelect = func(i int) { chosen = append(chosen, i) }
	win := test.NewTempWindow(t, container.NewStack(g))
	win.SetPadded(false)
	win.Resize(fyne.NewSize(120, 60))
	test.AssertRendersToImage(t, "evalgraph.png", win.Canvas())
	g.SetCurrent(4)
	test.AssertRendersToImage(t, "evalgraph_current_moved.png", win.Canvas())
	g.SetCurrent(2)
	test.AssertRendersToImage(t, "evalgraph.png", win.Canvas())
	// Six moves in 120 units: 20 each.
	for _, x := range []float32{1, 45, 119} {
		test.TapAt(g, fyne.NewPos(x, 30))
	}
	if want := []int{0, 2, 5}; !equalInts(chosen, want) {
		t.Errorf("clicks chose moves %v, want %v", chosen, want)
	}
	g.Points, chosen = nil, nil
	g.Refresh()
	test.TapAt(g, fyne.NewPos(50, 30))
	if len(chosen) != 0 {
		t.Errorf("a click on an empty graph chose %v", chosen)
	}
}

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
