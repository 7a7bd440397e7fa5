package settings

import (
	"slices"
	"strconv"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

// Preference keys of the sounds; each SoundEvent is kept under
// keySoundEvent followed by its name.
const (
	keySounds        = "sound.on"
	keySoundVolume   = "sound.volume"
	keySoundEvent    = "sound.event."
	keySoundBrowsing = "sound.browsing"
	keyLowTime       = "sound.lowTimeSeconds"
)

// DefaultSoundVolume is the volume of the sounds, from 0 to 100, until
// the user chooses another: moderate, below the desktop's own level.
const DefaultSoundVolume = 50

// SoundEvent is something that happens in a game and that may make a
// sound.
type SoundEvent string

// The events that make a sound.
const (
	SoundMove      SoundEvent = "move"
	SoundCapture   SoundEvent = "capture"
	SoundCastle    SoundEvent = "castle"
	SoundCheck     SoundEvent = "check"
	SoundPromotion SoundEvent = "promotion"
	// SoundEnd: the game ends (checkmate, a draw, a resignation, a flag
	// fallen).
	SoundEnd SoundEvent = "end"
	// SoundRefused: a move is refused (an illegal one dropped on the
	// board, or one the touch-move rule or paused clocks forbid).
	SoundRefused   SoundEvent = "refused"
	SoundDrawOffer SoundEvent = "drawOffer"
	// SoundLowTime: the side to move's time goes under LowTime.
	SoundLowTime SoundEvent = "lowTime"
	// SoundTicks: a tick each of the last five seconds of a clock.
	SoundTicks SoundEvent = "ticks"
)

// SoundEvents lists the events, in the order the settings show them.
func SoundEvents() []SoundEvent {
	return []SoundEvent{SoundMove, SoundCapture, SoundCastle, SoundCheck, SoundPromotion, SoundEnd,
		SoundRefused, SoundDrawOffer, SoundLowTime, SoundTicks}
}

// LowTimeChoices lists the low-time thresholds offered; 0 chooses it by
// the time control (LowTime).
func LowTimeChoices() []time.Duration {
	return []time.Duration{0, 5 * time.Second, 10 * time.Second, 20 * time.Second, 30 * time.Second, time.Minute}
}

// Sounds reports whether the program makes sounds at all.
func (s *Settings) Sounds() bool { return s.p.BoolWithFallback(keySounds, true) }

// SetSounds sets Sounds.
func (s *Settings) SetSounds(on bool) { s.p.SetBool(keySounds, on) }

// SoundVolume returns the volume of the sounds, from 0 to 100.
func (s *Settings) SoundVolume() int { return s.number(keySoundVolume, 0, 100, DefaultSoundVolume) }

// SetSoundVolume sets SoundVolume.
func (s *Settings) SetSoundVolume(v int) { s.p.SetString(keySoundVolume, strconv.Itoa(v)) }

// SoundOf reports whether event e makes a sound (when Sounds is on): all
// the SoundEvents do but the ticks of the last seconds, until the user
// chooses.
func (s *Settings) SoundOf(e SoundEvent) bool {
	return slices.Contains(SoundEvents(), e) && s.p.BoolWithFallback(keySoundEvent+string(e), e != SoundTicks)
}

// SetSoundOf sets SoundOf.
func (s *Settings) SetSoundOf(e SoundEvent, on bool) {
	if slices.Contains(SoundEvents(), e) {
		s.p.SetBool(keySoundEvent+string(e), on)
	}
}

// SoundsWhenBrowsing reports whether stepping through a game's moves
// (the move list, the arrow keys, a game read from a file) sounds the
// moves shown, as playing them does.
func (s *Settings) SoundsWhenBrowsing() bool { return s.p.BoolWithFallback(keySoundBrowsing, false) }

// SetSoundsWhenBrowsing sets SoundsWhenBrowsing.
func (s *Settings) SetSoundsWhenBrowsing(on bool) { s.p.SetBool(keySoundBrowsing, on) }

// LowTimeChoice returns the low-time threshold chosen, one of
// LowTimeChoices: 0 lets LowTime choose by the time control.
func (s *Settings) LowTimeChoice() time.Duration {
	d := time.Duration(s.number(keyLowTime, 0, 3600, 0)) * time.Second
	if !slices.Contains(LowTimeChoices(), d) {
		return 0
	}
	return d
}

// SetLowTimeChoice sets LowTimeChoice.
func (s *Settings) SetLowTimeChoice(d time.Duration) {
	s.p.SetString(keyLowTime, strconv.Itoa(int(d/time.Second)))
}

// LowTime is the time left under which the side to move is warned, in a
// game of time control tc: the threshold chosen, or else 10 seconds, 20
// when the game gives more than 10 minutes (a player used to a long
// game needs more warning to play the last moves).
func (s *Settings) LowTime(tc game.TimeControl) time.Duration {
	if d := s.LowTimeChoice(); d > 0 {
		return d
	}
	if !tc.IsZero() && tc.Stages[0].Time > 10*time.Minute {
		return 20 * time.Second
	}
	return 10 * time.Second
}
