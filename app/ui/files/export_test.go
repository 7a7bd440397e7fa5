package files

import (
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/diagram"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/theme"
)

func TestExportDialogOffersTheDefaults(t *testing.T) {
	h := newHarness(t)
	h.Env.Commands.Run(kit.ExportImage)
	h.WantDialog("Export position as image")
	entries, _ := h.DialogFields()
	if len(entries) != 1 || entries[0].Text != "800" {
		t.Fatalf("size field: %v", entries)
	}
	entries[0].SetText("50")
	if entries[0].Validate() == nil {
		t.Error("a size of 50 px is accepted")
	}
}

func TestExportedPNGShowsTheBoardAsShown(t *testing.T) {
	h := newHarness(t)
	h.Env.Settings.SetBoardScheme("blue")
	h.Play("e2e4 e7e5")
	h.s.Step(-1) // the position after 1. e4 is shown
	h.Env.Settings.SetFlipped(true)
	path := filepath.Join(t.TempDir(), "d.png")
	if err := h.f.writeDiagram(path, diagramChoice{size: 400, format: "PNG", coordinates: true}); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	l := diagram.LayoutOf(400)
	s := theme.Scheme("blue")
	at := func(name string, dx, dy int) color.NRGBA {
		sq := uitest.Square(name)
		x, y := l.SquareAt(sq, true)
		return color.NRGBAModel.Convert(img.At(x+dx, y+dy)).(color.NRGBA)
	}
	if got := at("a1", 2, 2); got != s.Dark {
		t.Errorf("a1 corner %v, want the blue scheme's dark %v", got, s.Dark)
	}
	if got := at("e5", 2, 2); got != s.Dark {
		t.Errorf("e5 corner %v: 1... e5 is not shown yet", got)
	}
	if got := at("e4", l.Square/2, l.Square*2/3); got.R < 0xf0 || got.G < 0xf0 || got.B < 0xf0 {
		t.Errorf("e4 middle %v, want the white pawn", got)
	}
	x, _ := l.SquareAt(uitest.Square("h1"), true) // flipped: h1 is top left
	if x != l.X0 {
		t.Error("the layout is not flipped")
	}
	svg := filepath.Join(t.TempDir(), "d.svg")
	if err := h.f.writeDiagram(svg, diagramChoice{size: 400, format: "SVG"}); err != nil {
		t.Fatal(err)
	}
	if text := uitest.ReadFile(t, svg); !strings.HasPrefix(text, "<?xml") || !strings.Contains(text, "<svg") {
		t.Errorf("SVG file starts %q", text[:min(len(text), 80)])
	}
}

// marksCheck is the export dialog's check of the arrows and circles.
func (h *harness) marksCheck() *kit.Check {
	h.T.Helper()
	return uitest.MustFind(h.T, h.Top(), "the check of the arrows and circles", func(c *kit.Check) bool { return c.Text == "Arrows and circles" })
}

func TestExportDrawsTheArrowsAndCirclesOfThePosition(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	h.Play("d2d4")
	// Without marks, the check is off and cannot be ticked.
	h.Env.Commands.Run(kit.ExportImage)
	if c := h.marksCheck(); c.Checked || !c.Disabled() {
		t.Errorf("without marks: checked %v, disabled %v", c.Checked, c.Disabled())
	}
	h.Press(fyne.KeyEscape)
	if err := h.s.ToggleMark(game.NewArrow(game.MarkGreen, uitest.Square("e2"), uitest.Square("e4"))); err != nil {
		t.Fatal(err)
	}
	h.Env.Commands.Run(kit.ExportImage)
	if c := h.marksCheck(); !c.Checked || c.Disabled() {
		t.Errorf("with marks: checked %v, disabled %v", c.Checked, c.Disabled())
	}
	h.Press(fyne.KeyEscape)
	// e3, a bare dark square, under the arrow's shaft: the arrow's
	// translucent green over it when asked, bare when not.
	l := diagram.LayoutOf(400)
	s := theme.Scheme(h.Env.Settings.BoardScheme())
	for _, marks := range []bool{true, false} {
		path := filepath.Join(t.TempDir(), "d.png")
		if err := h.f.writeDiagram(path, diagramChoice{size: 400, format: "PNG", marks: marks}); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		x, y := l.SquareAt(uitest.Square("e3"), false)
		got := color.NRGBAModel.Convert(img.At(x+l.Square/2, y+l.Square/2)).(color.NRGBA)
		bare := got == s.Dark
		if bare == marks {
			t.Errorf("marks asked %v: e3 is %v (the scheme's dark %v)", marks, got, s.Dark)
		}
	}
}
