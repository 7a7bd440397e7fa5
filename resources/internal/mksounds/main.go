// Command mksounds synthesises the sounds of resources/sounds that are
// not PyChess's: the low-time warning, the tick of the last seconds and
// the draw offer (see resources/sounds/README.md). `go generate
// ./resources/` runs it from the resources folder; the files it writes
// are committed, and its test checks that they are what it makes.
package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
)

// rate is the sample rate of every sound of the program: 22,050 samples a
// second, mono, 16 bits.
const rate = 22050

// note is a sine tone and its overtones, shaped by an envelope.
type note struct {
	start, length float64 // seconds
	freq          float64 // Hz
	// harmonics are the amplitudes of the fundamental and the overtones
	// above it.
	harmonics []float64
	// attack is how long the note takes to rise; after it the note
	// decays exponentially, by decay a second (1/s), and ends with a
	// 5 ms fade so that it never stops with a click.
	attack, decay float64
	gain          float64
}

// sounds are the synthesised files, by name.
var sounds = map[string][]note{
	// Three short beeps at A5, the pitch of a kitchen timer: clear over
	// a quiet room without being shrill.
	"lowtime.wav": {
		{start: 0.00, length: 0.09, freq: 880, harmonics: []float64{1, 0.3}, attack: 0.004, decay: 4, gain: 0.55},
		{start: 0.15, length: 0.09, freq: 880, harmonics: []float64{1, 0.3}, attack: 0.004, decay: 4, gain: 0.55},
		{start: 0.30, length: 0.09, freq: 880, harmonics: []float64{1, 0.3}, attack: 0.004, decay: 4, gain: 0.55},
	},
	// A dry, woody tick, shorter than a move's click.
	"tick.wav": {
		{start: 0, length: 0.03, freq: 1600, harmonics: []float64{1, 0.4, 0.2}, attack: 0.001, decay: 120, gain: 0.5},
	},
	// Two soft bell notes rising a fourth (G5, C6): a question.
	"offer.wav": {
		{start: 0.00, length: 0.22, freq: 784, harmonics: []float64{1, 0.25, 0.1}, attack: 0.005, decay: 9, gain: 0.45},
		{start: 0.16, length: 0.30, freq: 1047, harmonics: []float64{1, 0.25, 0.1}, attack: 0.005, decay: 7, gain: 0.45},
	},
}

func main() {
	for name, notes := range sounds {
		if err := os.WriteFile(filepath.Join("sounds", name), wav(render(notes)), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "mksounds:", err)
			os.Exit(1)
		}
	}
}

// render mixes notes into 16-bit samples.
func render(notes []note) []int16 {
	end := 0.0
	for _, n := range notes {
		end = max(end, n.start+n.length)
	}
	mix := make([]float64, int(math.Ceil(end*rate)))
	for _, n := range notes {
		first := int(n.start * rate)
		count := int(n.length * rate)
		for i := range count {
			t := float64(i) / rate
			env := math.Exp(-n.decay * max(t-n.attack, 0))
			if t < n.attack {
				env = t / n.attack
			}
			if fade := n.length - t; fade < 0.005 {
				env *= fade / 0.005
			}
			v := 0.0
			for h, a := range n.harmonics {
				v += a * math.Sin(2*math.Pi*n.freq*float64(h+1)*t)
			}
			mix[first+i] += n.gain * env * v
		}
	}
	out := make([]int16, len(mix))
	for i, v := range mix {
		out[i] = int16(math.Round(max(-1, min(1, v)) * 32767))
	}
	return out
}

// wav writes samples as a WAV file: RIFF, a PCM "fmt " chunk, the data.
func wav(samples []int16) []byte {
	var b bytes.Buffer
	data := uint32(2 * len(samples))
	le := func(v any) { binary.Write(&b, binary.LittleEndian, v) }
	b.WriteString("RIFF")
	le(36 + data)
	b.WriteString("WAVEfmt ")
	le(uint32(16))
	le(uint16(1))        // PCM
	le(uint16(1))        // mono
	le(uint32(rate))     // samples a second
	le(uint32(rate * 2)) // bytes a second
	le(uint16(2))        // bytes a sample
	le(uint16(16))       // bits a sample
	b.WriteString("data")
	le(data)
	le(samples)
	return b.Bytes()
}
