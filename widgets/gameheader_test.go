package widgets_test

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/widgets"
)

// TestGameHeader_CutsToItsWidthAndKeepsItsSize: long texts end in "…"
// inside the header, whose smallest size does not follow what it says;
// compact, it says it all on one line; a double click is reported.
func TestGameHeader_CutsToItsWidthAndKeepsItsSize(t *testing.T) {
	test.NewTempApp(t)
	h := widgets.NewGameHeader()
	w := test.NewTempWindow(t, h)
	w.SetPadded(false)
	least := h.MinSize()
	h.Players = strings.Repeat("Wolfeschlegelsteinhausenbergerdorff ", 20) + "– Nakamura"
	h.Result = "1-0"
	h.Details = strings.Repeat("Event ", 100)
	h.Place = "game 12 of 274"
	h.ShortPlace = "12/274"
	h.Refresh()
	if h.MinSize() != least {
		t.Errorf("the header needs %v, was %v", h.MinSize(), least)
	}
	const width = 300
	w.Resize(fyne.NewSize(width, 100))
	var texts []string
	visibleTexts(w.Canvas().Content(), fyne.Position{}, func(txt *canvas.Text, pos fyne.Position) {
		texts = append(texts, txt.Text)
		if end := pos.X + fyne.MeasureText(txt.Text, txt.TextSize, txt.TextStyle).Width; end > width+0.5 {
			t.Errorf("%q ends at %v, past the header's %d", txt.Text, end, width)
		}
	})
	all := strings.Join(texts, "|")
	if !strings.Contains(all, "Wolfeschlegel") || !strings.Contains(all, "…|1-0") || !strings.Contains(all, "game 12 of 274") {
		t.Errorf("the header shows %q", texts)
	}
	h.Compact = true
	h.Refresh()
	if h.MinSize().Height >= least.Height {
		t.Errorf("compact, the header is %v high, as much as on two lines", h.MinSize().Height)
	}
	texts = nil
	visibleTexts(w.Canvas().Content(), fyne.Position{}, func(txt *canvas.Text, _ fyne.Position) {
		if txt.Text != "" {
			texts = append(texts, txt.Text)
		}
	})
	if len(texts) != 2 || texts[1] != "12/274  1-0" {
		t.Errorf("compact, the header shows %q", texts)
	}
	tapped := 0
	h.OnDoubleTapped = func() { tapped++ }
	test.DoubleTap(h)
	if tapped != 1 {
		t.Errorf("a double click reported %d times", tapped)
	}
}
