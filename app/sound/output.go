package sound

import (
	"bytes"
	"time"

	"github.com/ebitengine/oto/v3"
)

// outputLatency is the audio buffer: short, for a click that follows the
// move, and long enough for a busy machine not to stutter.
const outputLatency = 80 * time.Millisecond

// wakeUp is how long a resting output takes to play again.
const wakeUp = 100 * time.Millisecond

// otoOutput is the desktop's audio, through oto. Oto keeps writing
// silence to the device while nothing plays; resting suspends it, so that
// an idle program neither holds the device busy nor costs processor time
// (4% of a core, else). Only the Player's goroutine uses it.
type otoOutput struct {
	ctx     *oto.Context
	resting bool
}

// OpenOutput opens the desktop's audio output; it waits until the device
// is open, or fails.
func OpenOutput() (Output, error) {
	quietLibrary()
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{
		SampleRate:   Rate,
		ChannelCount: 1,
		Format:       oto.FormatSignedInt16LE,
		BufferSize:   outputLatency,
	})
	if err != nil {
		return nil, err
	}
	<-ready
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	o := &otoOutput{ctx: ctx}
	o.Rest()
	return o, nil
}

func (o *otoOutput) Start(pcm []byte, volume float64) func() {
	if o.resting {
		o.resting = false
		o.ctx.Resume()
		// The device ran dry while resting: the first writes only
		// wake it up (the library recovers from the underrun), and a
		// sound written among them is lost, in part or whole.
		time.Sleep(wakeUp)
	}
	p := o.ctx.NewPlayer(bytes.NewReader(pcm))
	p.SetVolume(volume)
	p.Play()
	return func() { p.Close() }
}

func (o *otoOutput) Rest() {
	if !o.resting {
		o.resting = true
		o.ctx.Suspend()
	}
}

func (o *otoOutput) Err() error { return o.ctx.Err() }
