package widgets_test

import (
	"image/color"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
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

// showClock shows a clock face, in the app's light theme, in a 320×60
// window.
func showClock(t *testing.T, f *widgets.ClockFace) fyne.Window {
	t.Helper()
	a := test.NewTempApp(t)
	a.Settings().SetTheme(variantTheme{theme.Theme{}, fynetheme.VariantLight})
	w := test.NewTempWindow(t, f)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(320, 60))
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
		// The simple delay counts down below the frozen digits.
		{"clockface_delay.png", func(f *widgets.ClockFace) {
			f.Running, f.ToMove, f.Delay = true, true, 4300*time.Millisecond
		}},
		{"clockface_bronstein.png", func(f *widgets.ClockFace) {
			f.Running, f.ToMove, f.Bronstein = true, true, 2500*time.Millisecond
		}},
		{"clockface_moves_to_control.png", func(f *widgets.ClockFace) {
			f.Running, f.ToMove, f.Delay, f.MovesToControl = true, true, 5*time.Second, 12
		}},
		// The side to move is framed, whether its clock runs or not.
		{"clockface_to_move_paused.png", func(f *widgets.ClockFace) { f.ToMove, f.Paused = true, true }},
		{"clockface_untimed_to_move.png", func(f *widgets.ClockFace) { f.Untimed, f.ToMove = true, true }},
		{"clockface_long_name.png", func(f *widgets.ClockFace) { f.Name = longName(1000) }},
		// A past position's time, from the game's record: tinted, marked.
		{"clockface_recorded.png", func(f *widgets.ClockFace) { f.Recorded, f.Paused = true, true }},
		{"clockface_compact.png", func(f *widgets.ClockFace) { f.Compact, f.ToMove = true, true }},
		{"clockface_untimed_long_name.png", func(f *widgets.ClockFace) {
			f.Untimed, f.ToMove, f.Name = true, true, longName(120)
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
	w.Resize(fyne.NewSize(320, 60))
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
	for name, set := range map[string]func(){
		"a delay":              func() { f.Delay = 4300 * time.Millisecond },
		"a Bronstein delay":    func() { f.Delay, f.Bronstein = 0, 2*time.Second },
		"moves to the control": func() { f.MovesToControl = 40 },
		"all three":            func() { f.Delay, f.MovesToControl = time.Second, 1 },
		"the move":             func() { f.ToMove, f.Running = true, true },
		"a 1,000-rune name":    func() { f.Name = longName(1000) },
	} {
		set()
		f.Refresh()
		if got := f.MinSize(); got != want {
			t.Errorf("MinSize with %s = %v, want %v as without", name, got, want)
		}
	}
	f.Untimed = true
	f.Refresh()
	untimed := f.MinSize()
	if untimed.Height >= want.Height || untimed.Width != want.Width {
		t.Errorf("untimed MinSize %v is not as wide and less high than timed %v", untimed, want)
	}
	f.Name, f.ToMove = "", false
	f.Refresh()
	if got := f.MinSize(); got != untimed {
		t.Errorf("untimed MinSize without a name nor the move %v, want %v as with", got, untimed)
	}
}

// TestClockFace_LongNameCut shows names far wider than the face: the
// name is cut with "…" to the face's width, and the face does not widen.
func TestClockFace_LongNameCut(t *testing.T) {
	f := widgets.NewClockFace(game.White)
	f.Name = "Magnus Carlsen"
	w := showClock(t, f)
	want := f.MinSize()
	for _, n := range []int{120, 1000, 1_000_000} {
		f.Name = longName(n)
		f.Refresh()
		if got := f.MinSize(); got != want {
			t.Errorf("MinSize with a %d-rune name = %v, want %v as with a short one", n, got, want)
		}
		if got := w.Canvas().Size(); got.Width > 320 {
			t.Errorf("the window widened to %v for a %d-rune name", got, n)
		}
		name := nameText(t, f)
		if !strings.HasSuffix(name.Text, "…") || !strings.HasPrefix(f.Name, strings.TrimSuffix(name.Text, "…")) {
			t.Errorf("a %d-rune name shows as %q, not its start and …", n, name.Text)
		}
		if textW := fyne.MeasureText(name.Text, name.TextSize, name.TextStyle).Width; name.Position().X+textW > f.Size().Width {
			t.Errorf("the cut name %q ends at %v, beyond the face's %v", name.Text, name.Position().X+textW, f.Size().Width)
		}
	}
	f.Name = "Judit Polgár"
	f.Refresh()
	if got := nameText(t, f).Text; got != "Judit Polgár" {
		t.Errorf("a short name after a long one shows as %q", got)
	}
}

// nameText returns the text of f's name: the first text of the face.
func nameText(t *testing.T, f *widgets.ClockFace) *canvas.Text {
	t.Helper()
	for _, o := range test.WidgetRenderer(f).Objects() {
		if txt, ok := o.(*canvas.Text); ok {
			return txt
		}
	}
	t.Fatal("the clock face has no text")
	return nil
}

// TestClockFace_InfoLine checks the words below the digits.
func TestClockFace_InfoLine(t *testing.T) {
	for _, tc := range []struct {
		set  func(*widgets.ClockFace)
		want string
	}{
		{func(f *widgets.ClockFace) {}, ""},
		{func(f *widgets.ClockFace) { f.Delay = 4350 * time.Millisecond }, ">Delay 4.3<"},
		{func(f *widgets.ClockFace) { f.Delay = 15 * time.Second }, ">Delay 0:15<"},
		{func(f *widgets.ClockFace) { f.Bronstein = 2500 * time.Millisecond }, ">+2.5 back<"},
		{func(f *widgets.ClockFace) { f.MovesToControl = 1 }, ">1 move to time control<"},
		{func(f *widgets.ClockFace) { f.MovesToControl = 12 }, ">12 moves to time control<"},
		{func(f *widgets.ClockFace) { f.Delay, f.MovesToControl = time.Second, 3 }, ">Delay 1.0 · 3 moves to time control<"},
		{func(f *widgets.ClockFace) { f.Delay, f.Untimed = time.Second, true }, ""},
	} {
		f := widgets.NewClockFace(game.Black)
		f.Remaining = 5 * time.Minute
		showClock(t, f)
		tc.set(f)
		f.Refresh()
		markup := test.RenderObjectToMarkup(f)
		if tc.want == "" {
			if strings.Contains(markup, "Delay") {
				t.Errorf("an untimed face shows its delay:\n%s", markup)
			}
			continue
		}
		if !strings.Contains(markup, tc.want) {
			t.Errorf("the face does not show %s:\n%s", tc.want, markup)
		}
		if !strings.Contains(markup, ">5:00<") {
			t.Errorf("the digits do not show 5:00 beside %s:\n%s", tc.want, markup)
		}
	}
}

func BenchmarkClockFaceRefresh(b *testing.B) {
	a := test.NewTempApp(b)
	a.Settings().SetTheme(variantTheme{theme.Theme{}, fynetheme.VariantLight})
	f := widgets.NewClockFace(game.White)
	f.Running, f.Remaining = true, time.Hour
	w := test.NewTempWindow(b, f)
	w.Resize(fyne.NewSize(320, 60))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		f.Remaining = time.Duration(i%36000) * 100 * time.Millisecond
		f.Refresh()
	}
}

// longName is a player's name of n runes, words of all widths.
func longName(n int) string {
	const words = "Wolfgang Amadeus Mozart Hubert Blaine Wolfeschlegelsteinhausenbergerdorff Senior "
	var b strings.Builder
	for i := 0; b.Len() < 2*n; i++ {
		b.WriteString(words)
	}
	return string([]rune(b.String())[:n])
}

// BenchmarkClockFaceRefreshLongName refreshes a face with a name cut
// short and a delay running down, as a game against the clock does.
func BenchmarkClockFaceRefreshLongName(b *testing.B) {
	a := test.NewTempApp(b)
	a.Settings().SetTheme(variantTheme{theme.Theme{}, fynetheme.VariantLight})
	f := widgets.NewClockFace(game.White)
	f.Running, f.Remaining, f.Name, f.MovesToControl = true, time.Hour, longName(1000), 12
	w := test.NewTempWindow(b, f)
	w.Resize(fyne.NewSize(320, 60))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		f.Delay = time.Duration(i%50) * 100 * time.Millisecond
		f.Refresh()
	}
}

// TestClockFace_Decimal: the tenths, the delay and the time given back
// are written with the decimal point the face is given.
func TestClockFace_Decimal(t *testing.T) {
	f := widgets.NewClockFace(game.White)
	f.Remaining, f.Delay, f.ToMove = 9700*time.Millisecond, 2500*time.Millisecond, true
	f.Decimal = func(n string) string { return strings.Replace(n, ".", ",", 1) }
	w := showClock(t, f)
	var texts []string
	for _, o := range test.LaidOutObjects(w.Content()) {
		if c, ok := o.(*canvas.Text); ok && c.Visible() && c.Text != "" {
			texts = append(texts, c.Text)
		}
	}
	got := strings.Join(texts, " | ")
	if !strings.Contains(got, "9,7") || !strings.Contains(got, "2,5") || strings.Contains(got, "9.7") {
		t.Errorf("the face shows %q, want 9,7 and a delay of 2,5", got)
	}
}
