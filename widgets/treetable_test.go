package widgets_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/widgets"
)

// treeRows are the moves of a position: the first with a rating, the
// last without any result.
var treeRows = []widgets.TreeRow{
	{Move: "e4", Games: 120, WhiteWins: 50, Draws: 40, BlackWins: 30, AvgElo: 2405},
	{Move: "d4", Games: 80, WhiteWins: 20, Draws: 50, BlackWins: 10},
	{Move: "Nf3", Games: 3},
}

func newTreeTable(t *testing.T) (*widgets.TreeTable, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	tt := widgets.NewTreeTable(widgets.TreeHeadings{Move: "Move", Games: "Games", Score: "White / draw / Black", Elo: "Elo"})
	tt.SetRows(treeRows)
	w := test.NewTempWindow(t, tt)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(360, 160))
	return tt, w
}

func TestTreeTableDraws(t *testing.T) {
	_, w := newTreeTable(t)
	test.AssertRendersToImage(t, "treetable.png", w.Canvas())
}

func TestTreeTableReportsTheMoveClicked(t *testing.T) {
	tt, w := newTreeTable(t)
	var got []int
	tt.OnSelect = func(row int) { got = append(got, row) }
	for _, row := range []int{1, 2, 0} {
		pos, ok := tt.RowPosition(row)
		if !ok {
			t.Fatalf("row %d not laid out", row)
		}
		test.TapCanvas(w.Canvas(), pos)
	}
	if len(got) != 3 || got[0] != 1 || got[1] != 2 || got[2] != 0 {
		t.Errorf("clicks reported rows %v, want [1 2 0]", got)
	}
	if _, ok := tt.RowPosition(3); ok {
		t.Error("a row past the last has a position")
	}
	tt.SetRows(treeRows[:1])
	got = nil
	pos, _ := tt.RowPosition(0)
	test.TapCanvas(w.Canvas(), pos.AddXY(0, 2*pos.Y))
	if len(got) != 0 {
		t.Errorf("a click under the only row reported %v", got)
	}
}
