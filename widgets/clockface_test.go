package widgets_test

import (
	"image/color"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	fynetheme "fyne.io/fyne/v2/theme"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/theme"
	"github.com/echiquier/echiquier/widgets"
)

func TestFormatClock(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{time.Hour + 5*time.Minute + 23*time.Second, "1:05:23"},
		{10*time.Hour + 59*time.Second, "10:00:59"},
		{time.Hour, "1:00:00"},
		{59*time.Minute + 59*time.Second + 999*time.Millisecond, "59:59"},
		{4*time.Minute + 59*time.Second, "4:59"},
		{5*time.Minute - time.Millisecond, "4:59"},
		{42 * time.Second, "0:42"},
		{10 * time.Second, "0:10"},
		{10*time.Second - time.Millisecond, "9.9"},
		{9960 * time.Millisecond, "9.9"},
		{9700 * time.Millisecond, "9.7"},
		{1050 * time.Millisecond, "1.0"},
		{99 * time.Millisecond, "0.0"},
		{0, "0.0"},
		{-time.Second, "0.0"},
		{-time.Hour, "0.0"},
	} {
		if got := widgets.FormatClock(tc.d); got != tc.want {
			t.Errorf("FormatClock(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

// variantTheme is a theme in one variant: the test app asks for none of
// the two, which the app's own colours and Fyne's resolve differently.
type variantTheme struct {
	fyne.Theme
	variant fyne.ThemeVariant
}

func (t variantTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.variant)
}

// showClock shows a clock face, in the app's light theme, in a 220×90
// window.
func showClock(t *testing.T, f *widgets.ClockFace) fyne.Window {
	t.Helper()
	a := test.NewTempApp(t)
	a.Settings().SetTheme(variantTheme{theme.Theme{}, fynetheme.VariantLight})
	w := test.NewTempWindow(t, f)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(220, 90))
	return w
}

func TestClockFace_Looks(t *testing.T) {
	for _, tc := range []struct {
		golden string
		set    func(*widgets.ClockFace)
	}{
		{"clockface_idle.png", func(f *widgets.ClockFace) {}},
		{"clockface_running.png", func(f *widgets.ClockFace) { f.Running = true }},
		{"clockface_low.png", func(f *widgets.ClockFace) {
			f.Running, f.Remaining = true, 9700*time.Millisecond
		}},
		{"clockface_paused.png", func(f *widgets.ClockFace) { f.Running, f.Paused = true, true }},
		{"clockface_untimed.png", func(f *widgets.ClockFace) { f.Untimed = true }},
		{"clockface_black.png", func(f *widgets.ClockFace) { f.Color, f.Name = game.Black, "" }},
		{"clockface_dark_running.png", func(f *widgets.ClockFace) {
			fyne.CurrentApp().Settings().SetTheme(variantTheme{theme.Theme{}, fynetheme.VariantDark})
			f.Color, f.Running = game.Black, true
		}},
		{"clockface_dark_low.png", func(f *widgets.ClockFace) {
			fyne.CurrentApp().Settings().SetTheme(variantTheme{theme.Theme{}, fynetheme.VariantDark})
			f.Remaining = 15 * time.Second
		}},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			f := widgets.NewClockFace(game.White)
			f.Name, f.Remaining = "Magnus Carlsen", 4*time.Minute+59*time.Second
			w := showClock(t, f)
			tc.set(f)
			f.Refresh()
			test.AssertRendersToImage(t, tc.golden, w.Canvas())
		})
	}
}

func TestClockFace_LowTimeThreshold(t *testing.T) {
	f := widgets.NewClockFace(game.White)
	f.Remaining, f.LowTime = 50*time.Second, time.Minute
	w := showClock(t, f)
	test.AssertRendersToImage(t, "clockface_low_threshold.png", w.Canvas(), "50 s left, low below 1 min")

	f.LowTime = 30 * time.Second
	f.Refresh()
	test.AssertRendersToImage(t, "clockface_not_low.png", w.Canvas(), "50 s left, low below 30 s")

	f.LowTime, f.Remaining = 0, 19*time.Second
	f.Refresh()
	test.AssertRendersToImage(t, "clockface_low_default.png", w.Canvas(), "19 s left, low below 20 s by default")
}

func TestClockFace_DefaultNames(t *testing.T) {
	for c, want := range map[game.Color]string{game.White: ">White<", game.Black: ">Black<"} {
		f := widgets.NewClockFace(c)
		showClock(t, f)
		if markup := test.RenderObjectToMarkup(f); !strings.Contains(markup, want) {
			t.Errorf("the %v clock without a name does not show %q:\n%s", c, want, markup)
		}
	}
}

func TestClockFace_RefreshUpdatesText(t *testing.T) {
	f := widgets.NewClockFace(game.Black)
	f.Name, f.Remaining, f.Running = "Judit Polgár", 5*time.Minute, true
	showClock(t, f)
	test.AssertObjectRendersToMarkup(t, "clockface_5min.xml", f)
	before := append([]fyne.CanvasObject(nil), test.WidgetRenderer(f).Objects()...)

	f.Remaining = 4*time.Minute + 59*time.Second
	f.Refresh()
	test.AssertObjectRendersToMarkup(t, "clockface_4min59.xml", f)

	after := test.WidgetRenderer(f).Objects()
	if len(after) != len(before) {
		t.Fatalf("Refresh changed the number of objects from %d to %d", len(before), len(after))
	}
	for i := range before {
		if before[i] != after[i] {
			t.Errorf("Refresh replaced object %d (%T); it should update it", i, before[i])
		}
	}
}

// TestClockFace_OtherTheme shows the clock in a theme that lacks the
// app's clock colours: the running clock and the low time still stand out.
func TestClockFace_OtherTheme(t *testing.T) {
	test.NewTempApp(t)
	f := widgets.NewClockFace(game.White)
	f.Running, f.Remaining = true, 3*time.Second
	w := test.NewTempWindow(t, f)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(220, 90))
	test.AssertRendersToImage(t, "clockface_fyne_theme.png", w.Canvas())
}

func TestClockFace_MinSizeSteady(t *testing.T) {
	f := widgets.NewClockFace(game.White)
	f.Remaining = time.Hour
	showClock(t, f)
	want := f.MinSize()
	for _, d := range []time.Duration{59 * time.Minute, 42 * time.Second, 9 * time.Second, 0} {
		f.Remaining = d
		f.Refresh()
		if got := f.MinSize(); got != want {
			t.Errorf("MinSize at %v = %v, want %v as at 1:00:00", d, got, want)
		}
	}
	f.Untimed = true
	f.Refresh()
	if got := f.MinSize(); got.Height >= want.Height {
		t.Errorf("untimed MinSize %v is not smaller than timed %v", got, want)
	}
}

func BenchmarkClockFaceRefresh(b *testing.B) {
	a := test.NewTempApp(b)
	a.Settings().SetTheme(variantTheme{theme.Theme{}, fynetheme.VariantLight})
	f := widgets.NewClockFace(game.White)
	f.Running, f.Remaining = true, time.Hour
	w := test.NewTempWindow(b, f)
	w.Resize(fyne.NewSize(220, 90))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		f.Remaining = time.Duration(i%36000) * 100 * time.Millisecond
		f.Refresh()
	}
}
