//go:build unix

package app_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"time"
)

// The sound step's levels, as fractions of full scale. The sounds play at
// the default volume, half way, a quarter of their amplitude: their peaks
// are 0.1 to 0.2. Nothing playing, the null sink's monitor gives zeros.
const (
	soundPeak = 0.02  // a peak above this is a sound
	quietPeak = 0.002 // a stretch whose peak is below this is silence
	// recordRate is the rate the monitor is recorded at (the program's).
	recordRate = 22050
)

// level is what sox says of a stretch of recording, and how much of it
// was loud.
type level struct {
	peak, rms float64
	// loud is how long the samples louder than quietPeak/2 last, together.
	loud time.Duration
}

func (l level) String() string {
	return fmt.Sprintf("peak %.4f, RMS %.4f, loud %v", l.peak, l.rms, l.loud.Round(time.Millisecond))
}

// pulse is a PulseAudio server of the test's own, with one sink that
// plays nothing (a null sink) and whose monitor the test records.
type pulse struct {
	e      *e2e
	socket string
}

const nullSink = "echiquier_test"

// startPulse starts a PulseAudio server in a folder of the test's,
// reached through its socket alone (no session bus, no other client).
// It runs as root in CI: pulseaudio then needs --system=false to agree.
func (e *e2e) startPulse() *pulse {
	t := e.t
	dir, err := os.MkdirTemp("", "echiquier-pulse-") // short: a socket path has at most 108 bytes
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	p := &pulse{e: e, socket: filepath.Join(dir, "native")}
	cmd := exec.Command("pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit",
		"--use-pid-file=no", "--system=false", "--log-target=stderr",
		"-L", "module-null-sink sink_name="+nullSink,
		"-L", "module-native-protocol-unix auth-anonymous=1 socket="+p.socket)
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_RUNTIME_DIR="+dir, "PULSE_RUNTIME_PATH="+dir,
		"XDG_CONFIG_HOME="+dir, "DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent")
	out := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatalf("pulseaudio (make test installs it): %v", err)
	}
	ended := make(chan struct{})
	go func() { cmd.Wait(); close(ended) }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-ended
		if t.Failed() {
			t.Logf("pulseaudio said:\n%s", out.String())
		}
	})
	e.waitFor("PulseAudio", func() bool {
		select {
		case <-ended:
			t.Fatalf("pulseaudio ended:\n%s", out.String())
		default:
		}
		return exec.Command("pactl", "--server=unix:"+p.socket, "info").Run() == nil
	})
	return p
}

// homeWithSound writes, in a home folder, the ALSA configuration that
// sends the program's sound to the server (libasound2-plugins' pulse
// plugin), as a desktop with PulseAudio or PipeWire does.
func (p *pulse) homeWithSound(home string) {
	conf := fmt.Sprintf("pcm.!default { type pulse server \"unix:%[1]s\" }\nctl.!default { type pulse server \"unix:%[1]s\" }\n", p.socket)
	if err := os.WriteFile(filepath.Join(home, ".asoundrc"), []byte(conf), 0o644); err != nil {
		p.e.t.Fatal(err)
	}
}

// recording is parec recording the null sink's monitor into a file, raw:
// 16-bit mono samples. The monitor gives nothing while no program
// plays, so the file is no clock: the test only ever looks at what came
// after a mark.
type recording struct {
	p    *pulse
	path string
	mark int64
}

func (p *pulse) record() *recording {
	t := p.e.t
	r := &recording{p: p, path: filepath.Join(t.TempDir(), "monitor.raw")}
	f, err := os.Create(r.path)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("parec", "--server=unix:"+p.socket, "-d", nullSink+".monitor", "--latency-msec=20",
		"--raw", "--format=s16le", "--channels=1", fmt.Sprintf("--rate=%d", recordRate))
	cmd.Stdout = f
	if err := cmd.Start(); err != nil {
		t.Fatalf("parec (make test installs pulseaudio-utils): %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		f.Close()
	})
	return r
}

// since returns the samples recorded since the mark.
func (r *recording) since() []byte {
	data, err := os.ReadFile(r.path)
	if err != nil {
		r.p.e.t.Fatal(err)
	}
	data = data[min(r.mark, int64(len(data))):]
	return data[:len(data)/2*2]
}

// markNow makes what is recorded from now on the next to be looked at.
func (r *recording) markNow() {
	info, err := os.Stat(r.path)
	if err != nil {
		r.p.e.t.Fatal(err)
	}
	r.mark = info.Size() / 2 * 2
}

// measure has sox measure samples.
func (r *recording) measure(samples []byte) level {
	t := r.p.e.t
	var l level
	if len(samples) == 0 {
		return l
	}
	cmd := exec.Command("sox", "-t", "raw", "-r", strconv.Itoa(recordRate), "-e", "signed-integer", "-b", "16", "-c", "1",
		"-", "-n", "stat")
	cmd.Stdin = bytes.NewReader(samples)
	out, err := cmd.CombinedOutput() // sox writes stat's figures on the standard error
	if err != nil {
		t.Fatalf("sox (make test installs it): %v\n%s", err, out)
	}
	for name, v := range map[string]*float64{"Maximum amplitude": &l.peak, "RMS     amplitude": &l.rms} {
		m := regexp.MustCompile(regexp.QuoteMeta(name) + `:\s+([0-9.]+)`).FindSubmatch(out)
		if m == nil {
			t.Fatalf("sox stat said no %q:\n%s", name, out)
		}
		*v, _ = strconv.ParseFloat(string(m[1]), 64)
	}
	loud := 0
	for i := 0; i+1 < len(samples); i += 2 {
		if v := float64(int16(binary.LittleEndian.Uint16(samples[i:]))) / 32768; v > quietPeak/2 || v < -quietPeak/2 {
			loud++
		}
	}
	l.loud = time.Duration(loud) * time.Second / recordRate
	return l
}

// sound waits until a sound is heard after the mark, then as long again
// for it to end, and returns its level; the mark moves past it.
func (r *recording) sound(what string) level {
	r.p.e.t.Helper()
	var l level
	ok := r.p.e.poll(func() bool {
		l = r.measure(r.since())
		return l.peak > soundPeak
	})
	if !ok {
		r.p.e.t.Fatalf("no sound heard after %s within a minute (%v)", what, l)
	}
	time.Sleep(time.Second) // the rest of the sound
	l = r.measure(r.since())
	r.markNow()
	r.p.e.t.Logf("sound after %s: %v", what, l)
	return l
}

// quiet waits d, then checks that nothing was heard since the mark.
func (r *recording) quiet(what string, d time.Duration) level {
	r.p.e.t.Helper()
	time.Sleep(d)
	l := r.measure(r.since())
	r.markNow()
	r.p.e.t.Logf("%s: %v", what, l)
	if l.peak >= quietPeak {
		r.p.e.t.Errorf("%s: a sound was heard (%v)", what, l)
	}
	return l
}

// soundStep plays in the real program with its sound going to a
// PulseAudio server of the test's, through ALSA as on a desktop, and
// listens to it: silence while nobody moves, a sound after a move, a
// longer one after a capture, the low-time warning while Black thinks,
// and silence once Ctrl+M turned the sounds off.
// The program runs in language; screenshots are named by it.
func (e *e2e) soundStep(language string) {
	shot := func(name string) string { return "e2e-" + language[:2] + "-sound-" + name + ".png" }
	t := e.t
	p := e.startPulse()
	// 45 s each; the warning at 30 s: Black's comes some 13 s after the
	// capture, White's never in the few seconds it thinks.
	home := homeWithPreferences(t, `{"game.timeControl":"45+0","sound.lowTimeSeconds":"30"}`)
	p.homeWithSound(home)
	rec := p.record()
	prog := e.start(home, language)
	defer prog.kill()
	board := e.findBoard("the program with sound", brown, shot("start"))
	rec.markNow()
	rec.quiet("nobody moving, the clocks waiting for the first move", 3*time.Second)

	e.drag(board, "e2", "e4")
	move := rec.sound("1. e4")
	e.drag(board, "d7", "d5")
	rec.sound("1... d5")
	e.drag(board, "e4", "d5")
	captured := time.Now()
	capture := rec.sound("2. exd5")
	if capture.loud <= move.loud {
		t.Errorf("the capture's sound (%v) is no longer than the move's (%v): the same sound?", capture, move)
	}
	rec.quiet("Black thinking, above 30 s", 2*time.Second)
	warning := rec.sound("Black's clock going under 30 s")
	if since := time.Since(captured); since < 8*time.Second {
		t.Errorf("the low-time warning came %v after the capture: Black had some 43 s to think down to 30", since)
	}
	if warning.loud <= move.loud {
		t.Errorf("the low-time warning (%v) is no longer than a move (%v)", warning, move)
	}
	e.screenshot(shot("warned"))

	e.keys("ctrl+m")
	e.drag(board, "d8", "d5")
	e.autosaveHolds(home, "2. exd5 Qxd5", "")
	rec.quiet("2... Qxd5 with the sounds turned off (Ctrl+M)", 3*time.Second)
	e.screenshot(shot("off"))
}
