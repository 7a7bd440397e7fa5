// Package sound plays Échiquier's sounds through the desktop's audio
// (ALSA on Linux, WASAPI on Windows, by github.com/ebitengine/oto).
//
// A Player opens the audio output in the background, so that the program
// starts as fast without it, and decodes the sounds once. It plays one
// sound at a time: a new sound cuts the one playing, and a sound asked for
// while another waits takes its place, so that sounds never pile up.
// Play never waits: what it asks is done by the Player's own goroutine.
// With no audio device, a device taken by another program or a broken
// audio library, the Player is silent and says why once in the log; it
// never fails otherwise.
package sound

import (
	"errors"
	"fmt"
	"io/fs"
	"log"
	"sync"
	"sync/atomic"
	"time"
)

// Sound is one of the program's sounds.
type Sound int

// The sounds.
const (
	// Move is a move that is none of those below.
	Move Sound = iota
	Capture
	Castle
	// Check is a move that gives check.
	Check
	Promotion
	// Win is the end of a game that someone won: checkmate,
	// resignation, time forfeit.
	Win
	// Draw is the end of a drawn game.
	Draw
	// Refused is a move refused: an illegal one, or one the rules of
	// touch-move or the paused clocks do not allow.
	Refused
	// DrawOffer is a draw offered.
	DrawOffer
	// LowTime warns that the side to move is short of time.
	LowTime
	// Tick counts the last seconds of a clock.
	Tick
	// count is the number of sounds.
	count
)

// Sounds lists every sound.
func Sounds() []Sound {
	all := make([]Sound, count)
	for i := range all {
		all[i] = Sound(i)
	}
	return all
}

// File is the name of the WAV file that holds s.
func (s Sound) File() string {
	switch s {
	case Move:
		return "move.wav"
	case Capture:
		return "capture.wav"
	case Castle:
		return "castle.wav"
	case Check:
		return "check.wav"
	case Promotion:
		return "promotion.wav"
	case Win:
		return "win.wav"
	case Draw:
		return "draw.wav"
	case Refused:
		return "refused.wav"
	case DrawOffer:
		return "offer.wav"
	case LowTime:
		return "lowtime.wav"
	case Tick:
		return "tick.wav"
	}
	return ""
}

// staleAfter is how old a request may be and still be played: a sound
// asked for while the audio output was still opening, or while the
// Player's goroutine could not run, is dropped rather than played late.
const staleAfter = 500 * time.Millisecond

// restAfter is how long the output keeps running after a sound ends,
// before it rests (stops writing silence to the device). Short: a sound
// that wakes the output starts at once (see otoOutput), while one that
// finds it running waits behind what it has queued.
const restAfter = 300 * time.Millisecond

// Output is where sounds are played: the desktop's audio (OpenOutput),
// or a test's.
type Output interface {
	// Start plays pcm (Rate samples a second, mono, signed 16 bits,
	// little-endian) at amplitude volume (0–1), and returns what stops
	// it.
	Start(pcm []byte, volume float64) (stop func())
	// Rest is told that nothing plays: the output may stop writing to
	// the device until the next Start.
	Rest()
	// Err returns the error that stopped the output (the device was
	// lost), or nil.
	Err() error
}

// Why no sound can be played: a Player's Problem matches one of them
// (errors.Is), and says what went wrong in the words of the library.
var (
	// ErrNoOutput: the desktop's audio output could not be opened (no
	// sound card, no sound server).
	ErrNoOutput = errors.New("no audio output could be opened")
	// ErrOutputLost: the audio output stopped working while sounds
	// played (a device unplugged, a server stopped).
	ErrOutputLost = errors.New("the audio output was lost")
	// ErrSoundFiles: the program's own sounds could not be read.
	ErrSoundFiles = errors.New("the sounds could not be read")
)

// problem is why no sound can be played: its kind (ErrNoOutput…), and
// the error met, whose words it has.
type problem struct{ kind, err error }

func (p *problem) Error() string { return p.err.Error() }

func (p *problem) Unwrap() []error { return []error{p.kind, p.err} }

// Player plays the sounds. Its methods may be called from any goroutine.
type Player struct {
	requests chan request
	done     chan struct{}
	closing  sync.Once
	logf     func(format string, args ...any)
	// failed is set once the output could not be opened or was lost:
	// Play does nothing from then on.
	failed atomic.Bool
	mu     sync.Mutex
	// problem is why no sound can be played, or nil.
	problem error
	// restAfter is restAfter, shorter in tests.
	restAfter time.Duration
}

type request struct {
	sound  Sound
	volume float64
	at     time.Time
}

// Options configure a Player. The zero value plays the desktop's sounds
// and logs with the log package.
type Options struct {
	// Open opens the output, in the Player's goroutine; nil means
	// OpenOutput.
	Open func() (Output, error)
	// Logf says why the Player is silent, once; nil means log.Printf.
	Logf func(format string, args ...any)
}

// Open returns a Player of the sounds held in files (by Sound.File). The
// output opens and the sounds are decoded in the background.
func Open(files fs.FS, o Options) *Player {
	if o.Open == nil {
		o.Open = OpenOutput
	}
	if o.Logf == nil {
		o.Logf = log.Printf
	}
	p := &Player{requests: make(chan request, 1), done: make(chan struct{}), logf: o.Logf, restAfter: restAfter}
	go p.run(files, o.Open)
	return p
}

// Play plays s at volume, from 0 (silent) to 1 (the sound as recorded),
// cutting the sound playing. It never waits.
func (p *Player) Play(s Sound, volume float64) {
	if p.failed.Load() || s < 0 || s >= count {
		return
	}
	r := request{sound: s, volume: max(0, min(1, volume)), at: time.Now()}
	for {
		select {
		case p.requests <- r:
			return
		default:
		}
		select { // the sound waiting gives its place to this one
		case <-p.requests:
		default:
		}
	}
}

// Problem returns why no sound can be played (no audio device, a sound
// that could not be read), or nil.
func (p *Player) Problem() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.problem
}

// Close stops the Player's goroutine; the sound playing stops.
func (p *Player) Close() { p.closing.Do(func() { close(p.done) }) }

// fail makes the Player silent for err, said once.
func (p *Player) fail(err error) {
	p.mu.Lock()
	p.problem = err
	p.mu.Unlock()
	p.failed.Store(true)
	p.logf("sound: no sounds will be played: %v", err)
}

// run decodes the sounds, opens the output, then plays what is asked.
func (p *Player) run(files fs.FS, open func() (Output, error)) {
	pcm, err := decodeAll(files)
	if err != nil {
		p.fail(&problem{kind: ErrSoundFiles, err: err})
		return
	}
	out, err := openSafely(open)
	if err != nil {
		p.fail(&problem{kind: ErrNoOutput, err: err})
		return
	}
	var stop func()
	rest := time.NewTimer(time.Hour)
	rest.Stop()
	for {
		select {
		case <-p.done:
			if stop != nil {
				stop()
			}
			return
		case r := <-p.requests:
			if time.Since(r.at) > staleAfter {
				continue
			}
			if err := out.Err(); err != nil {
				p.fail(&problem{kind: ErrOutputLost, err: err})
				return
			}
			if stop != nil {
				stop()
			}
			stop = out.Start(pcm[r.sound], amplitude(r.volume))
			rest.Reset(duration(pcm[r.sound]) + p.restAfter)
		case <-rest.C:
			if stop != nil {
				stop()
				stop = nil
			}
			out.Rest()
		}
	}
}

// openSafely opens the output; a panic in the audio library is an error
// like another: the program goes on, silent.
func openSafely(open func() (Output, error)) (out Output, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("the audio library failed: %v", r)
		}
	}()
	out, err = open()
	if err == nil && out == nil {
		err = errors.New("no audio output")
	}
	return out, err
}

// amplitude is the factor of a volume set by the user: the ear hears
// loudness logarithmically, and the square of the setting is close enough
// to that over the range of a slider, so that half way sounds half as
// loud rather than barely softer.
func amplitude(volume float64) float64 { return volume * volume }

// duration is how long pcm plays.
func duration(pcm []byte) time.Duration {
	return time.Duration(len(pcm)/bytesPerSample) * time.Second / Rate
}

// decodeAll reads every sound from files.
func decodeAll(files fs.FS) ([count][]byte, error) {
	var pcm [count][]byte
	for _, s := range Sounds() {
		data, err := fs.ReadFile(files, s.File())
		if err != nil {
			return pcm, err
		}
		if pcm[s], err = decodeWAV(data); err != nil {
			return pcm, fmt.Errorf("%s: %w", s.File(), err)
		}
	}
	return pcm, nil
}
