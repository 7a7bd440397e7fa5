package sounds

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/sound"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/app/ui/words"
	"github.com/echiquier/echiquier/settings"
)

// names are the sounds as the tests write them.
func name(s sound.Sound) string {
	return strings.TrimSuffix(s.File(), ".wav")
}

// player records the sounds played.
type player struct {
	played  []string
	volumes []float64
	problem error
}

func (p *player) Play(s sound.Sound, volume float64) {
	p.played = append(p.played, name(s))
	p.volumes = append(p.volumes, volume)
}

func (p *player) Problem() error { return p.problem }

// take returns the sounds played since it was last called.
func (p *player) take() string {
	s := strings.Join(p.played, " ")
	p.played = nil
	return s
}

type harness struct {
	*uitest.Harness
	r *Sounds
	p *player
	s *session.Session
}

func newHarness(t *testing.T) *harness {
	u := uitest.New(t)
	h := &harness{Harness: u, p: &player{}, s: u.Env.Session}
	h.r = New(u.Env, h.p)
	u.Follow(h.r.Follow)
	return h
}

// want checks the sounds played since the last check.
func (h *harness) want(what, sounds string) {
	h.T.Helper()
	if got := h.p.take(); got != sounds {
		h.T.Errorf("%s: sounds %q, want %q", what, got, sounds)
	}
}

// playEach plays moves one at a time, and returns what each sounded.
func (h *harness) playEach(moves string) string {
	h.T.Helper()
	var heard []string
	for _, m := range strings.Fields(moves) {
		h.Play(m)
		heard = append(heard, h.p.take())
	}
	return strings.Join(heard, " ")
}

// TestEachMoveHasItsSound: a move, a capture, castling, a check, a
// promotion (which captures too) and checkmate sound each their own,
// the rarest kind winning.
func TestEachMoveHasItsSound(t *testing.T) {
	for _, c := range []struct{ moves, want string }{
		{"e2e4 d7d5 e4d5 c7c6 d5c6 d8d7 c6b7 e8d8 b7a8q", "move move capture move capture move capture move promotion"},
		{"e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 f6e4 c4f7", "move move move move move move castle capture check"},
		{"f2f3 e7e5 g2g4 d8h4", "move move move win"},
	} {
		h := newHarness(t)
		if got := h.playEach(c.moves); got != c.want {
			t.Errorf("%s sounds %q, want %q", c.moves, got, c.want)
		}
	}
}

// TestEventsTurnedOffFallBackOrStaySilent: a check that captures is
// heard as a capture when checks are silent, and as nothing once captures
// and moves are silent too; with sounds off (Ctrl+M, the menu's
// command) nothing sounds; on again, the next move does.
func TestEventsTurnedOffFallBackOrStaySilent(t *testing.T) {
	h := newHarness(t)
	s := h.Env.Settings
	h.Play("e2e4 e7e5 f1c4 b8c6")
	h.p.take()
	s.SetSoundOf(settings.SoundCheck, false)
	h.Play("c4f7")
	h.want("Bxf7+ with checks silent", "capture")
	h.s.TakeBack()
	s.SetSoundOf(settings.SoundCapture, false)
	s.SetSoundOf(settings.SoundMove, false)
	h.Play("c4f7")
	h.want("Bxf7+ with checks, captures and moves silent", "")
	s.SetSoundOf(settings.SoundMove, true)
	h.Env.Commands.Run(kit.Sounds)
	if s.Sounds() {
		t.Fatal("the Sounds command did not turn the sounds off")
	}
	h.Play("e8f7")
	h.want("Kxf7 with sounds off", "")
	h.Env.Commands.Run(kit.Sounds)
	h.Play("d2d3")
	h.want("d3 with sounds on again", "move")
}

// TestVolumeFollowsTheSetting: the player is given the volume set, from
// 0 to 1.
func TestVolumeFollowsTheSetting(t *testing.T) {
	h := newHarness(t)
	h.Play("e2e4")
	h.Env.Settings.SetSoundVolume(80)
	h.Play("e7e5")
	if fmt.Sprint(h.p.volumes) != "[0.5 0.8]" {
		t.Errorf("volumes %v, want the default 0.5, then 0.8", h.p.volumes)
	}
}

// TestTheEndOfTheGameSounds: a resignation and a draw agreed end the
// game with their sound; a draw offered has its own; a move taken back,
// another game put on screen and a comment written make none.
func TestTheEndOfTheGameSounds(t *testing.T) {
	h := newHarness(t)
	h.Play("e2e4 e7e5")
	h.p.take()
	h.s.TakeBack()
	h.want("a move taken back", "")
	h.s.SetComment(h.s.Game().Live(), "a comment")
	h.want("a comment", "")
	if _, err := h.s.OfferDraw(); err != nil {
		t.Fatal(err)
	}
	h.want("a draw offered", "offer")
	if err := h.s.AnswerDraw(true); err != nil {
		t.Fatal(err)
	}
	h.want("a draw agreed", "draw")

	g, _ := game.New(game.Options{Now: h.Clock.Now})
	h.s.NewGame(g)
	h.want("a new game", "")
	h.Play("d2d4")
	h.p.take()
	if err := h.s.Resign(game.Black); err != nil {
		t.Fatal(err)
	}
	h.want("Black resigns", "win")
}

// TestAnalysisWrittenIntoTheGameIsSilent: the whole-game analysis changes
// the game without a move: no sound.
func TestAnalysisWrittenIntoTheGameIsSilent(t *testing.T) {
	h := newHarness(t)
	path := t.TempDir() + "/g.pgn"
	uitest.WriteFile(t, path, "[Event \"x\"]\n\n1. e4 e5 2. Nf3 1-0\n")
	h.Open(path)
	h.p.take()
	g := h.s.Game()
	root := g.Root().Position()
	r := engine.Result{StartFEN: root.FEN()}
	for _, n := range g.MainLine() {
		r.Moves = append(r.Moves, engine.MoveResult{Move: n.Move(), SAN: n.SAN()})
	}
	if err := h.s.ApplyAnalysis(r); err != nil {
		t.Fatal(err)
	}
	h.want("the analysis written into the game", "")
}

// TestBrowsingIsSilentUnlessChosen: stepping through a game read from a
// file sounds nothing by default; chosen, each step forward sounds the
// move shown (a capture as a capture), a step back or a jump nothing.
func TestBrowsingIsSilentUnlessChosen(t *testing.T) {
	h := newHarness(t)
	path := t.TempDir() + "/g.pgn"
	uitest.WriteFile(t, path, "[Event \"x\"]\n\n1. e4 d5 2. exd5 Qxd5 *\n")
	h.Open(path)
	h.want("a game opened", "")
	h.s.ShowStart()
	h.s.Step(1)
	h.s.Step(1)
	h.want("browsing, not chosen", "")
	h.Env.Settings.SetSoundsWhenBrowsing(true)
	h.s.Step(1)
	h.s.Step(-1)
	h.s.Step(1)
	h.s.Step(1)
	h.want("browsing: exd5, back, exd5, Qxd5", "capture capture capture")
	h.s.ShowStart()
	h.s.ShowLive()
	h.want("jumping to the start and the end", "")
}

// TestAMoveAtAPastPositionSounds: a move made at an earlier position
// starts a side line: it sounds as a move does.
func TestAMoveAtAPastPositionSounds(t *testing.T) {
	h := newHarness(t)
	h.Play("e2e4 e7e5")
	h.s.Step(-1)
	h.p.take()
	h.Play("c7c5")
	h.want("a side line 1... c5", "move")
}

// TestARefusedMoveSounds: the play room tells of a move refused.
func TestARefusedMoveSounds(t *testing.T) {
	h := newHarness(t)
	h.r.MoveRefused()
	h.want("a move refused", "refused")
	h.Env.Settings.SetSoundOf(settings.SoundRefused, false)
	h.r.MoveRefused()
	h.want("a move refused, its sound off", "")
}

// timed puts on screen a game of time control tc, and plays its first
// move, which starts the clocks.
func (h *harness) timed(tc string) {
	h.T.Helper()
	c, err := game.ParseTimeControl(tc)
	if err != nil {
		h.T.Fatal(err)
	}
	g, err := game.New(game.Options{Now: h.Clock.Now, TimeControl: c})
	if err != nil {
		h.T.Fatal(err)
	}
	h.s.NewGame(g)
	h.Play("e2e4")
	h.p.take()
}

// tickFor moves the clock by d in ticks of 100 ms, as the window does,
// and returns what sounded.
func (h *harness) tickFor(d time.Duration) string {
	for range int(d / (100 * time.Millisecond)) {
		h.Clock.Advance(100 * time.Millisecond)
		h.s.Tick()
		h.r.Tick()
	}
	return h.p.take()
}

// TestLowTimeWarnsOnceThenTicks: the side to move is warned once when
// its time goes under 10 seconds; with the ticks chosen, each of its last
// five seconds ticks, then its flag falls.
func TestLowTimeWarnsOnceThenTicks(t *testing.T) {
	h := newHarness(t)
	h.timed("15+0")
	if got := h.tickFor(4 * time.Second); got != "" {
		t.Errorf("Black at 11 s: %q", got)
	}
	if got := h.tickFor(2 * time.Second); got != "lowtime" {
		t.Errorf("Black from 11 s to 9 s: %q, want the warning", got)
	}
	if got := h.tickFor(2 * time.Second); got != "" {
		t.Errorf("Black from 9 s to 7 s: %q, want nothing more", got)
	}
	h.Play("e7e5")
	h.p.take()
	if got := h.tickFor(3 * time.Second); got != "" {
		t.Errorf("White, 15 s to 12 s: %q", got)
	}
	h.Play("g1f3")
	h.p.take()
	h.Env.Settings.SetSoundOf(settings.SoundTicks, true)
	if got := h.tickFor(7500 * time.Millisecond); got != "tick tick tick tick tick win" {
		t.Errorf("Black's last 7.5 s: %q, want five ticks, then the flag", got)
	}
}

// TestLowTimeFollowsTheSettings: in a game of more than 10 minutes the
// warning comes at 20 seconds; a threshold chosen replaces it; paused
// clocks and a game without clocks never warn.
func TestLowTimeFollowsTheSettings(t *testing.T) {
	h := newHarness(t)
	h.timed("660+0")
	if got := h.tickFor(639 * time.Second); got != "" {
		t.Errorf("Black at 21 s of 11 min: %q", got)
	}
	if got := h.tickFor(2 * time.Second); got != "lowtime" {
		t.Errorf("Black at 19 s of 11 min: %q, want the warning", got)
	}
	h.Env.Settings.SetLowTimeChoice(30 * time.Second)
	h.timed("60+0")
	h.s.TogglePause()
	if got := h.tickFor(40 * time.Second); got != "" {
		t.Errorf("paused clocks: %q", got)
	}
	h.s.TogglePause()
	if got := h.tickFor(31 * time.Second); got != "lowtime" {
		t.Errorf("Black from 60 s to 29 s, 30 s chosen: %q", got)
	}
	g, _ := game.New(game.Options{Now: h.Clock.Now})
	h.s.NewGame(g)
	h.Play("e2e4")
	if got := h.tickFor(time.Minute); got != "move" {
		t.Errorf("an untimed game: %q", got)
	}
}

// TestAnIncrementDoesNotWarnAgain: a player warned who gains a few
// seconds by moving is not warned again at each move; one given a new
// period is.
func TestAnIncrementDoesNotWarnAgain(t *testing.T) {
	h := newHarness(t)
	h.timed("12+5")
	h.Play("e7e5")
	h.p.take()
	// White: 17 s after the increment of 1. e4, warned at 10.
	if got := h.tickFor(7500 * time.Millisecond); got != "lowtime" {
		t.Fatalf("White under 10 s: %q", got)
	}
	// White gains 5 s a move and spends 5.5 s thinking: it dips under
	// 10 s at every move.
	for _, m := range []string{"g1f3 b8c6", "f1c4 g8f6", "d2d3 f8c5"} {
		white, black, _ := strings.Cut(m, " ")
		h.Play(white)
		h.tickFor(500 * time.Millisecond)
		h.Play(black)
		h.p.take()
		if got := h.tickFor(5500 * time.Millisecond); got != "" {
			t.Errorf("White under 10 s again after %s: %q, want no second warning", m, got)
		}
	}
	if left := h.s.Game().Remaining(game.White); left >= 10*time.Second {
		t.Fatalf("White has %v: the test does not dip under 10 s", left)
	}
}

// TestANewPeriodWarnsAgain: a side warned, then given a new period of
// the time control, is warned again when that time runs low.
func TestANewPeriodWarnsAgain(t *testing.T) {
	h := newHarness(t)
	h.timed("2/12:60")
	h.Play("e7e5")
	h.p.take()
	if got := h.tickFor(3 * time.Second); got != "lowtime" {
		t.Fatalf("White from 12 s to 9 s: %q", got)
	}
	h.Play("g1f3") // White's second move: 60 s more
	h.Play("b8c6")
	h.p.take()
	if got := h.tickFor(60 * time.Second); got != "lowtime" {
		t.Errorf("White from 69 s to 9 s: %q, want a new warning", got)
	}
}

// TestSettingsTab: in both languages, the tab sets every setting at
// once; "Play sounds" off greys the rest; Test plays a move at the
// volume set.
func TestSettingsTab(t *testing.T) {
	uitest.InLanguages(t, func(language words.Language) {
		h := newHarness(t)
		w := test.NewTempWindow(t, h.r.SettingsTab(&kit.Scope{}))
		w.Resize(fyne.NewSize(600, 500))
		c := w.Content()
		s := h.Env.Settings
		checks := map[string]*kit.Check{}
		uitest.Walk(c, func(o fyne.CanvasObject) {
			if k, ok := o.(*kit.Check); ok {
				checks[k.Text] = k
			}
		})
		if len(checks) != len(settings.SoundEvents())+2 {
			t.Fatalf("%s: %d check boxes: %v", language, len(checks), checks)
		}
		on := checks[lang.L("Play sounds")]
		ticks := checks[lang.L("Each of the last five seconds")]
		browsing := checks[lang.L("Sound the moves when browsing a game (the move list, the arrow keys)")]
		if on == nil || ticks == nil || browsing == nil || !on.Checked || ticks.Checked || browsing.Checked {
			t.Fatalf("%s: the check boxes do not show the defaults: %v", language, checks)
		}
		test.Tap(ticks)
		test.Tap(browsing)
		if !s.SoundOf(settings.SoundTicks) || !s.SoundsWhenBrowsing() {
			t.Errorf("%s: ticks %v, browsing %v after a click on each", language, s.SoundOf(settings.SoundTicks), s.SoundsWhenBrowsing())
		}
		slider := uitest.MustFind(t, c, "the volume", func(*kit.Slider) bool { return true })
		slider.SetValue(70)
		h.p.take()
		testButton := uitest.MustFind(t, c, "Test", func(b *kit.Button) bool { return b.Text == lang.L("Test") })
		test.Tap(testButton)
		if s.SoundVolume() != 70 || h.p.take() != "move" || h.p.volumes[len(h.p.volumes)-1] != 0.7 {
			t.Errorf("%s: volume %d, test played %v", language, s.SoundVolume(), h.p.volumes)
		}
		low := uitest.MustFind(t, c, "the low-time threshold", func(*kit.Select) bool { return true })
		if low.Selected != lang.L("10 seconds (20 above 10 minutes)") {
			t.Errorf("%s: low time shows %q", language, low.Selected)
		}
		low.SetSelectedIndex(3)
		if s.LowTimeChoice() != 20*time.Second {
			t.Errorf("%s: low time chosen %v, want 20 s", language, s.LowTimeChoice())
		}
		test.Tap(on)
		if s.Sounds() || !ticks.Disabled() || !slider.Disabled() || !testButton.Disabled() || !low.Disabled() {
			t.Errorf("%s: with sounds off: setting %v, the rest enabled", language, s.Sounds())
		}
		test.Tap(on)
		if !s.Sounds() || ticks.Disabled() {
			t.Errorf("%s: with sounds on again: setting %v, ticks disabled %v", language, s.Sounds(), ticks.Disabled())
		}
		// Ctrl+M in the main window while the tab is shown.
		h.Env.Commands.Run(kit.Sounds)
		if s.Sounds() || on.Checked || !ticks.Disabled() {
			t.Errorf("%s: after the command: setting %v, the box ticked %v", language, s.Sounds(), on.Checked)
		}
		h.r.SettingsClosed()
		h.Env.Commands.Run(kit.Sounds)
		if !s.Sounds() || on.Checked {
			t.Errorf("%s: once the tab is closed the command still reaches it: setting %v, box %v", language, s.Sounds(), on.Checked)
		}
	})
}

// TestSettingsTabWithoutSound: where no sound can be played, the tab
// says why in a line of words, in either language, and greys every
// control, whatever the audio library said.
func TestSettingsTabWithoutSound(t *testing.T) {
	said := map[words.Language]map[error]string{
		words.English: {
			sound.ErrNoOutput:   "No sound can be played: this computer has no audio output to play them on.",
			sound.ErrOutputLost: "No sound can be played: the audio output stopped working.",
			sound.ErrSoundFiles: "No sound can be played: the program's sounds could not be read.",
		},
		words.French: {
			sound.ErrNoOutput:   "Aucun son ne peut être joué\u00a0: cet ordinateur n’a pas de sortie audio pour les jouer.",
			sound.ErrOutputLost: "Aucun son ne peut être joué\u00a0: la sortie audio a cessé de fonctionner.",
			sound.ErrSoundFiles: "Aucun son ne peut être joué\u00a0: les sons du programme n’ont pas pu être lus.",
		},
	}
	uitest.InLanguages(t, func(language words.Language) {
		for kind, want := range said[language] {
			h := newHarness(t)
			h.p.problem = fmt.Errorf("%w: oto: ALSA error at snd_pcm_open: \"default\": No such file or directory%s", kind, strings.Repeat(", and more", 20))
			w := test.NewTempWindow(t, h.r.SettingsTab(&kit.Scope{}))
			w.Resize(fyne.NewSize(600, 500))
			var labels []string
			enabled := 0
			uitest.Walk(w.Content(), func(o fyne.CanvasObject) {
				switch x := o.(type) {
				case *widget.Label:
					labels = append(labels, x.Text)
				case *widget.Form: // the form of the volume: its own buttons are hidden
				case fyne.Disableable:
					if !x.Disabled() && o.Visible() {
						enabled++
					}
				}
			})
			if len(labels) == 0 || labels[0] != want {
				t.Errorf("%s: the tab says %q first, want %q", language, labels, want)
			}
			for _, l := range labels {
				if strings.Contains(l, "ALSA") || strings.Contains(l, "oto") {
					t.Errorf("%s: the tab shows the library's words %q", language, l)
				}
			}
			if enabled != 0 {
				t.Errorf("%s: %d controls enabled with no sound to play", language, enabled)
			}
		}
	})
}
