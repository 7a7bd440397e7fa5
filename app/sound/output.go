package sound

import (
	"bytes"
	"io"
	"time"

	"github.com/ebitengine/oto/v3"
)

// outputLatency is the device's buffer. A sound that wakes a resting
// output fills it in one write, and starts at once; the next writes have
// that long to come, which a busy machine needs: a sound written late is
// lost, in part or whole, by PulseAudio, and a shorter buffer lost sounds
// in the end-to-end test on a loaded machine.
const outputLatency = 300 * time.Millisecond

// wakeUp is the silence played before a sound that wakes the output:
// the device ran dry while resting, and its first milliseconds back are
// lost (about 15 ms under PulseAudio), which would cut the click of a
// move.
const wakeUp = 40 * time.Millisecond

// otoOutput is the desktop's audio, through oto. Oto keeps writing
// silence to the device while nothing plays; resting suspends it, so that
// an idle program neither holds the device busy nor costs processor time
// (4% of a core, else). Only the Player's goroutine uses it.
type otoOutput struct {
	ctx     *oto.Context
	resting bool
	// lead is wakeUp of silence.
	lead []byte
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
	o := &otoOutput{ctx: ctx, lead: make([]byte, int(wakeUp*Rate/time.Second)*bytesPerSample)}
	o.Rest()
	return o, nil
}

// Start plays pcm. Waking the output, the sound is made ready before the
// writing resumes, so that the first write holds it.
func (o *otoOutput) Start(pcm []byte, volume float64) func() {
	var src io.Reader = bytes.NewReader(pcm)
	if o.resting {
		src = io.MultiReader(bytes.NewReader(o.lead), src)
	}
	p := o.ctx.NewPlayer(src)
	p.SetVolume(volume)
	p.Play()
	if o.resting {
		o.resting = false
		o.ctx.Resume()
	}
	return func() { p.Close() }
}

// Rest suspends the writing; what the device holds plays out.
func (o *otoOutput) Rest() {
	if !o.resting {
		o.resting = true
		o.ctx.Suspend()
	}
}

// Err returns the error that stopped oto (the device lost), or nil.
func (o *otoOutput) Err() error { return o.ctx.Err() }
