// Package sounds is the room of the sounds: it follows the game and the
// clocks, and chooses what each event sounds like (a move, a capture, a
// check, the end of the game, a draw offered, a move refused, low time);
// its tab of the settings says which events sound, and how loud. The
// sounds themselves are played by a Player (app/sound), which never keeps
// the window waiting.
package sounds

import (
	"strings"
	"time"

	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/sound"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/settings"
)

// lastSeconds are the seconds of a clock that tick, when the ticks are
// chosen.
const lastSeconds = 5 * time.Second

// Player plays the sounds: app/sound's Player.
type Player interface {
	// Play plays s at volume (0–1), cutting the sound playing, without
	// waiting.
	Play(s sound.Sound, volume float64)
	// Problem says why no sound can be played, or is nil.
	Problem() error
}

// Sounds is the sounds room.
type Sounds struct {
	env    *kit.Env
	player Player
	seen   seen
	// warned: the side has been warned of its low time, until its time
	// goes well above the threshold again (a new period of the time
	// control).
	warned [2]bool
	// ticked is the whole second of the side's clock that last ticked.
	ticked [2]time.Duration
	// shownOn is the settings tab's "Play sounds" while the tab is
	// shown, so that it follows the command (Ctrl+M in the main window).
	shownOn *kit.Check
}

// seen is what the room last saw of the session, to tell what changed.
type seen struct {
	game        game.View
	live, shown *game.Node
	offer       bool
}

// New makes the room and adds its command to the table.
func New(env *kit.Env, player Player) *Sounds {
	r := &Sounds{env: env, player: player}
	r.seen = r.look()
	r.clearClocks()
	env.Commands.Add(kit.Command{ID: kit.Sounds, Label: "Sounds", Shortcut: kit.Ctrl(fyne.KeyM),
		Checked: env.Settings.Sounds, Run: r.toggle})
	return r
}

// toggle turns the sounds on or off, and the settings tab's box with them.
func (r *Sounds) toggle() {
	on := !r.env.Settings.Sounds()
	r.env.Settings.SetSounds(on)
	if r.shownOn != nil {
		r.shownOn.SetChecked(on)
	}
}

// SettingsClosed is called when the settings window is closed: its tab is
// gone.
func (r *Sounds) SettingsClosed() { r.shownOn = nil }

// look returns what the session shows now.
func (r *Sounds) look() seen {
	s := r.env.Session
	_, offer := s.Game().DrawOffer()
	return seen{game: s.Game(), live: s.Game().Live(), shown: s.Shown(), offer: offer}
}

// clearClocks forgets the warnings and ticks given: a new game.
func (r *Sounds) clearClocks() {
	r.warned = [2]bool{}
	r.ticked = [2]time.Duration{-1, -1}
}

// Follow sounds what has just happened in the session: a move played
// (by hand, typed, from the opening tree), the end of the game, a draw
// offered, and, when chosen, a step forward through the moves. Another
// game put on screen, a move taken back, the analysis written into the
// game make no sound.
func (r *Sounds) Follow(ev session.Event) {
	before := r.seen
	now := r.look()
	r.seen = now
	if ev.Change.Has(session.Replaced) || now.game != before.game {
		r.clearClocks()
		return
	}
	moved := now.live != before.live && now.live.Parent() != nil && !ancestor(now.live, before.live)
	stepped := now.shown != before.shown && now.shown.Parent() == before.shown && before.shown != nil
	switch {
	case ev.Change.Has(session.GameOver):
		var last *game.Node
		if moved {
			last = now.live
		}
		r.playFirst(append([]choice{endOf(now.game.Status())}, moveChoices(last)...))
	case moved:
		r.playFirst(moveChoices(now.live))
	case stepped && ev.Change.Has(session.GameChanged):
		// A move added to the game at a past position: a side line.
		r.playFirst(moveChoices(now.shown))
	case stepped && r.env.Settings.SoundsWhenBrowsing():
		r.playFirst(moveChoices(now.shown))
	case now.offer && !before.offer:
		r.playFirst([]choice{{settings.SoundDrawOffer, sound.DrawOffer}})
	}
}

// MoveRefused sounds a move refused: a piece dropped where it cannot go,
// a move the touch-move rule or the paused clocks forbid.
func (r *Sounds) MoveRefused() { r.playFirst([]choice{{settings.SoundRefused, sound.Refused}}) }

// Tick looks at the clock of the side to move: the window calls it ten
// times a second. The side is warned once when its time goes under the
// low-time threshold and, when chosen, each of its last five seconds
// ticks.
func (r *Sounds) Tick() {
	g := r.env.Session.Game()
	if g.TimeControl().IsZero() || g.Status().Over() || g.Paused() {
		return
	}
	c := g.Turn()
	left := g.Remaining(c)
	low := r.env.Settings.LowTime(g.TimeControl())
	switch {
	case left >= 2*low:
		r.warned[c] = false
	case left < low && !r.warned[c]:
		r.warned[c] = true
		r.ticked[c] = left.Truncate(time.Second) // the warning stands for this second's tick
		r.playFirst([]choice{{settings.SoundLowTime, sound.LowTime}})
		return
	}
	if second := left.Truncate(time.Second); left < lastSeconds && second != r.ticked[c] {
		r.ticked[c] = second
		r.playFirst([]choice{{settings.SoundTicks, sound.Tick}})
	}
}

// choice is a sound for an event.
type choice struct {
	event settings.SoundEvent
	sound sound.Sound
}

// playFirst plays the first of choices whose event sounds, if sounds are
// on.
func (r *Sounds) playFirst(choices []choice) {
	s := r.env.Settings
	if !s.Sounds() {
		return
	}
	for _, c := range choices {
		if s.SoundOf(c.event) {
			r.player.Play(c.sound, float64(s.SoundVolume())/100)
			return
		}
	}
}

// moveChoices are the sounds the move that led to n may make, the rarest
// first: a capture that gives check is heard as a check, or as a capture
// when checks are silent. Read from its SAN, which the game writes in
// English ("exd5", "O-O", "e8=Q+", "Qxf7#"); none for nil.
func moveChoices(n *game.Node) []choice {
	if n == nil || n.Parent() == nil {
		return nil
	}
	san := n.SAN()
	var cs []choice
	if strings.ContainsAny(san, "+#") {
		cs = append(cs, choice{settings.SoundCheck, sound.Check})
	}
	if n.Move().Promotion != game.NoKind {
		cs = append(cs, choice{settings.SoundPromotion, sound.Promotion})
	}
	if strings.HasPrefix(san, "O-O") {
		cs = append(cs, choice{settings.SoundCastle, sound.Castle})
	}
	if strings.Contains(san, "x") {
		cs = append(cs, choice{settings.SoundCapture, sound.Capture})
	}
	return append(cs, choice{settings.SoundMove, sound.Move})
}

// endOf is the sound of a game ended with status st.
func endOf(st game.Status) choice {
	if _, won := st.Winner(); won {
		return choice{settings.SoundEnd, sound.Win}
	}
	return choice{settings.SoundEnd, sound.Draw}
}

// ancestor reports whether a comes before b in the game tree.
func ancestor(a, b *game.Node) bool {
	for n := b; n != nil; n = n.Parent() {
		if n == a {
			return true
		}
	}
	return false
}
