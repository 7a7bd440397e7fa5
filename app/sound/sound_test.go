package sound

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"
)

// sounds are the program's sound files.
func sounds() fs.FS { return os.DirFS("../../resources/sounds") }

// fakeOutput records what a Player asks of its output.
type fakeOutput struct {
	mu     sync.Mutex
	events []string
	// gate, when not nil, holds every Start until it is closed.
	gate chan struct{}
	err  error
}

func (f *fakeOutput) Start(pcm []byte, volume float64) func() {
	if f.gate != nil {
		<-f.gate
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	name := fmt.Sprintf("start %d bytes at %.2f", len(pcm), volume)
	f.events = append(f.events, name)
	return func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.events = append(f.events, "stop "+strings.TrimPrefix(name, "start "))
	}
}

func (f *fakeOutput) Rest() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.events = append(f.events, "rest")
}

func (f *fakeOutput) Err() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

func (f *fakeOutput) log() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.events...)
}

// waitFor polls cond for up to five seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// logs collects what a Player logs.
type logs struct {
	mu    sync.Mutex
	lines []string
}

func (l *logs) printf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

func (l *logs) all() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.lines...)
}

func open(t *testing.T, out Output, openErr error) (*Player, *logs) {
	l := &logs{}
	p := Open(sounds(), Options{Open: func() (Output, error) { return out, openErr }, Logf: l.printf})
	t.Cleanup(p.Close)
	return p, l
}

// size is the number of bytes of samples of s.
func size(t *testing.T, s Sound) int {
	data, err := os.ReadFile("../../resources/sounds/" + s.File())
	if err != nil {
		t.Fatal(err)
	}
	pcm, err := decodeWAV(data)
	if err != nil {
		t.Fatal(err)
	}
	return len(pcm)
}

// TestEverySoundIsShippedAndShort: each sound has its file, which
// decodes, lasts less than a second and a half, and the whole set stays
// small in the binary.
func TestEverySoundIsShippedAndShort(t *testing.T) {
	total := 0
	for _, s := range Sounds() {
		n := size(t, s)
		if d := duration(make([]byte, n)); d <= 0 || d > 1500*time.Millisecond {
			t.Errorf("%s lasts %v", s.File(), d)
		}
		total += n
	}
	if total > 300<<10 {
		t.Errorf("the sounds take %d KB", total>>10)
	}
}

// TestANewSoundCutsThePrevious: the sound playing stops before the next
// starts, at the volume asked, the loudness a square of the setting.
func TestANewSoundCutsThePrevious(t *testing.T) {
	out := &fakeOutput{}
	p, l := open(t, out, nil)
	p.Play(Check, 1)
	waitFor(t, "the check", func() bool { return len(out.log()) == 1 })
	p.Play(Capture, 0.5)
	waitFor(t, "the capture", func() bool { return len(out.log()) == 3 })
	check, capture := size(t, Check), size(t, Capture)
	want := []string{
		fmt.Sprintf("start %d bytes at 1.00", check),
		fmt.Sprintf("stop %d bytes at 1.00", check),
		fmt.Sprintf("start %d bytes at 0.25", capture),
	}
	if got := out.log(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the output was asked:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(l.all()) != 0 {
		t.Errorf("a working Player logged %q", l.all())
	}
}

// TestPlayNeverWaitsAndSoundsDoNotPileUp: while the output is held up,
// Play returns at once however often it is called, and once the output
// is free only the last sound asked for is played, not every one.
func TestPlayNeverWaitsAndSoundsDoNotPileUp(t *testing.T) {
	out := &fakeOutput{gate: make(chan struct{})}
	p, _ := open(t, out, nil)
	p.Play(Move, 1) // taken by the goroutine, held by the gate
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	for range 1000 {
		p.Play(Capture, 1)
	}
	p.Play(Check, 1)
	if d := time.Since(start); d > time.Second {
		t.Fatalf("1,001 calls of Play took %v while the output was busy", d)
	}
	close(out.gate)
	waitFor(t, "the last sound", func() bool { return len(out.log()) >= 3 })
	time.Sleep(100 * time.Millisecond)
	want := []string{
		fmt.Sprintf("start %d bytes at 1.00", size(t, Move)),
		fmt.Sprintf("stop %d bytes at 1.00", size(t, Move)),
		fmt.Sprintf("start %d bytes at 1.00", size(t, Check)),
	}
	if got := out.log(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the output was asked:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestNoDeviceIsSilenceSaidOnce: an output that cannot open (no device,
// a device taken, a library that panics) makes the Player silent: Play
// still returns at once, the reason is logged once and told by Problem.
func TestNoDeviceIsSilenceSaidOnce(t *testing.T) {
	for _, tc := range []struct {
		name string
		open func() (Output, error)
		says string
	}{
		{"no device", func() (Output, error) { return nil, errors.New("ALSA: no such device") }, "ALSA: no such device"},
		{"a panic", func() (Output, error) { panic("libasound.so.2: cannot open") }, "the audio library failed: libasound.so.2: cannot open"},
		{"nothing", func() (Output, error) { return nil, nil }, "no audio output"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := &logs{}
			p := Open(sounds(), Options{Open: tc.open, Logf: l.printf})
			defer p.Close()
			waitFor(t, "the failure", func() bool { return p.Problem() != nil })
			for range 10 {
				p.Play(Move, 1)
			}
			time.Sleep(50 * time.Millisecond)
			if got := p.Problem().Error(); got != tc.says {
				t.Errorf("Problem() = %q, want %q", got, tc.says)
			}
			if !errors.Is(p.Problem(), ErrNoOutput) {
				t.Errorf("Problem() = %v, not ErrNoOutput", p.Problem())
			}
			if lines := l.all(); len(lines) != 1 || !strings.Contains(lines[0], tc.says) {
				t.Errorf("logged %q, want one line saying %q", lines, tc.says)
			}
		})
	}
}

// TestALostDeviceIsSilenceSaidOnce: a device lost after it opened (the
// output's error) makes the Player silent from the next sound on.
func TestALostDeviceIsSilenceSaidOnce(t *testing.T) {
	out := &fakeOutput{}
	p, l := open(t, out, nil)
	p.Play(Move, 1)
	waitFor(t, "the move", func() bool { return len(out.log()) == 1 })
	out.mu.Lock()
	out.err = errors.New("device unplugged")
	out.mu.Unlock()
	p.Play(Capture, 1)
	waitFor(t, "the failure", func() bool { return p.Problem() != nil })
	p.Play(Check, 1)
	time.Sleep(50 * time.Millisecond)
	if got := out.log(); len(got) != 1 {
		t.Errorf("the lost output was asked %q", got)
	}
	if lines := l.all(); len(lines) != 1 || !strings.Contains(lines[0], "device unplugged") {
		t.Errorf("logged %q", lines)
	}
	if !errors.Is(p.Problem(), ErrOutputLost) {
		t.Errorf("Problem() = %v, not ErrOutputLost", p.Problem())
	}
}

// TestTheOutputRestsWhenQuiet: once the sound has played and the output
// has been quiet a while, the Player lets it rest.
func TestTheOutputRestsWhenQuiet(t *testing.T) {
	out := &fakeOutput{}
	l := &logs{}
	p := &Player{requests: make(chan request, 1), done: make(chan struct{}), logf: l.printf, restAfter: 20 * time.Millisecond}
	go p.run(sounds(), func() (Output, error) { return out, nil })
	defer p.Close()
	p.Play(Move, 1)
	waitFor(t, "the rest", func() bool { return len(out.log()) == 3 })
	n := size(t, Move)
	want := []string{fmt.Sprintf("start %d bytes at 1.00", n), fmt.Sprintf("stop %d bytes at 1.00", n), "rest"}
	if got := out.log(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the output was asked:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestASoundAskedForLongAgoIsDropped: a sound asked for while the output
// was still opening is not played late.
func TestASoundAskedForLongAgoIsDropped(t *testing.T) {
	out := &fakeOutput{}
	opened := make(chan struct{})
	p := Open(sounds(), Options{Open: func() (Output, error) {
		<-opened
		return out, nil
	}, Logf: t.Logf})
	defer p.Close()
	p.Play(Move, 1)
	time.Sleep(staleAfter + 100*time.Millisecond)
	close(opened)
	time.Sleep(100 * time.Millisecond)
	if got := out.log(); len(got) != 0 {
		t.Errorf("a sound asked for before the output opened was played: %q", got)
	}
	p.Play(Capture, 1)
	waitFor(t, "a sound asked for now", func() bool { return len(out.log()) == 1 })
}

// TestABrokenSoundFileIsSilenceSaidOnce: a sound that does not decode
// makes the Player silent, saying which.
func TestABrokenSoundFileIsSilenceSaidOnce(t *testing.T) {
	files := fstest.MapFS{}
	for _, s := range Sounds() {
		data, err := os.ReadFile("../../resources/sounds/" + s.File())
		if err != nil {
			t.Fatal(err)
		}
		files[s.File()] = &fstest.MapFile{Data: data}
	}
	files[Tick.File()] = &fstest.MapFile{Data: []byte("RIFF....WAVEjunk")}
	l := &logs{}
	p := Open(files, Options{Open: func() (Output, error) { return &fakeOutput{}, nil }, Logf: l.printf})
	defer p.Close()
	waitFor(t, "the failure", func() bool { return p.Problem() != nil })
	if lines := l.all(); len(lines) != 1 || !strings.Contains(lines[0], "tick.wav") {
		t.Errorf("logged %q", lines)
	}
}

// wavFile builds a WAV file: a format chunk with the values given, then
// n bytes of samples.
func wavFile(kind, channels uint16, rate uint32, bits uint16, n int) []byte {
	var b bytes.Buffer
	le := func(v any) { binary.Write(&b, binary.LittleEndian, v) }
	b.WriteString("RIFF")
	le(uint32(36 + n))
	b.WriteString("WAVEfmt ")
	le(uint32(16))
	le(kind)
	le(channels)
	le(rate)
	le(rate * uint32(channels) * uint32(bits/8))
	le(channels * bits / 8)
	le(bits)
	b.WriteString("data")
	le(uint32(n))
	b.Write(make([]byte, n))
	return b.Bytes()
}

// TestDecodeWAVChecksBeforeItTrusts: what is not a short mono 16-bit
// PCM sound at the program's rate is refused with a reason, never read
// past its end.
func TestDecodeWAVChecksBeforeItTrusts(t *testing.T) {
	good := wavFile(1, 1, Rate, 16, 100)
	if pcm, err := decodeWAV(good); err != nil || len(pcm) != 100 {
		t.Fatalf("a good file: %d bytes, %v", len(pcm), err)
	}
	withList := append(append([]byte(nil), good[:12]...), append([]byte("LIST\x03\x00\x00\x00abc\x00"), good[12:]...)...)
	if pcm, err := decodeWAV(withList); err != nil || len(pcm) != 100 {
		t.Errorf("a file with an odd-sized chunk before the format: %d bytes, %v", len(pcm), err)
	}
	huge := append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(huge[40:], 0xFFFFFFF0)
	for name, data := range map[string][]byte{
		"empty":           nil,
		"not RIFF":        []byte("OggS\x00\x02\x00\x00\x00\x00\x00\x00"),
		"stereo":          wavFile(1, 2, Rate, 16, 100),
		"44.1 kHz":        wavFile(1, 1, 44100, 16, 100),
		"8 bits":          wavFile(1, 1, Rate, 8, 100),
		"float":           wavFile(3, 1, Rate, 32, 100),
		"too long":        wavFile(1, 1, Rate, 16, 2*Rate*4),
		"cut short":       good[:60],
		"huge data size":  huge,
		"no format chunk": append([]byte("RIFF\x00\x00\x00\x00WAVE"), good[36:]...),
		"no data":         good[:36],
	} {
		if pcm, err := decodeWAV(data); err == nil {
			t.Errorf("%s: decoded %d bytes, want an error", name, len(pcm))
		}
	}
}

func FuzzDecodeWAV(f *testing.F) {
	f.Add(wavFile(1, 1, Rate, 16, 10))
	f.Add(wavFile(1, 2, 44100, 16, 10))
	f.Fuzz(func(t *testing.T, data []byte) {
		pcm, err := decodeWAV(data)
		if err == nil && (len(pcm) > len(data) || len(pcm)%bytesPerSample != 0) {
			t.Errorf("decoded %d bytes of samples from %d bytes", len(pcm), len(data))
		}
	})
}
