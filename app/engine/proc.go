package engine

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"time"
)

// maxOptions bounds the options kept of an engine: Stockfish offers 21.
const maxOptions = 256

// quitGrace is how long an engine told to quit may take before it is
// killed.
const quitGrace = 500 * time.Millisecond

// proc is a running engine: its process, the lines it writes, and how it
// ended. One goroutine talks to it; close may be called from any.
type proc struct {
	path    string
	timeout time.Duration
	cmd     *exec.Cmd
	in      *os.File // the engine's standard input
	out     *os.File // its standard output (and error)

	lines      chan string   // its lines, closed when it closes its output
	exited     chan struct{} // closed once the process is waited for
	stopRead   chan struct{} // closed by close: the reader stops
	readerDone chan struct{}
	closeOnce  sync.Once
	state      *os.ProcessState // set before exited is closed
	words      lastWords        // what it said outside the protocol

	name    string            // from "id name"
	options map[string]option // the options it offers, by name in lower case
}

// startProc runs the engine at path with its standard input and output
// connected to pipes of ours. The pipes are os.Pipe files, not exec's
// copying goroutines, so that writes and reads can have deadlines and
// Wait never waits for output held open by something the engine started.
// The engine runs in a process group of its own, ended with it (see
// keep), and on Linux it is killed when this program ends, however it
// ends.
func startProc(path string, timeout time.Duration) (*proc, error) {
	cmd := exec.Command(path)
	cmd.Env = os.Environ()
	ownGroup(cmd)
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, &Error{Kind: CannotStart, Path: path, Detail: err.Error(), Err: err}
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, &Error{Kind: CannotStart, Path: path, Detail: err.Error(), Err: err}
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, outW
	p := &proc{
		path: path, timeout: timeout, cmd: cmd, in: inW, out: outR,
		lines:      make(chan string, 64),
		exited:     make(chan struct{}),
		stopRead:   make(chan struct{}),
		readerDone: make(chan struct{}),
		options:    map[string]option{},
	}
	started := make(chan error, 1)
	go p.keep(started)
	err = <-started
	// The engine has its own copies of its ends now, or none.
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, &Error{Kind: CannotStart, Path: path, Detail: startDetail(err), Err: err}
	}
	go p.read()
	return p, nil
}

// keep starts the engine, says on started whether it could, and stays
// with it until it has exited: then it ends the engine's process group,
// so that nothing the engine started outlives it, and waits for the
// process, so that no zombie is left behind.
//
// It holds its OS thread until then. On Linux the engine is started to
// be killed when its parent dies (Pdeathsig), and its parent is the
// thread that started it, not the program. Go ends a thread only when a
// goroutine locked to it returns without unlocking it, which any code of
// the program's may do on any thread it is given; locked to keep, the
// thread is given to no other goroutine, and lives while the engine
// does.
func (p *proc) keep(started chan<- error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := p.cmd.Start(); err != nil {
		started <- err
		return
	}
	started <- nil
	waitAndEnd(p.cmd)
	p.state = p.cmd.ProcessState
	close(p.exited)
	// Output still held open by a process that escaped the group must
	// not keep the reader waiting.
	_ = p.out.SetReadDeadline(time.Now().Add(quitGrace))
}

// startDetail words why a program could not be run.
func startDetail(err error) string {
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "there is no such file"
	case errors.Is(err, os.ErrPermission):
		return "it is not an executable program"
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// read passes the engine's lines on until it closes its output or close
// stops it.
func (p *proc) read() {
	defer close(p.readerDone)
	defer close(p.lines)
	r := bufio.NewReaderSize(p.out, maxLine)
	for {
		line, err := readLine(r)
		if errors.Is(err, errLineTooLong) {
			continue
		}
		if err != nil {
			return
		}
		p.words.note(line)
		select {
		case p.lines <- line:
		case <-p.stopRead:
			return
		}
	}
}

// send writes a command to the engine. An engine that does not read its
// input in time is hung.
func (p *proc) send(cmd string) error {
	_ = p.in.SetWriteDeadline(time.Now().Add(p.timeout))
	if _, err := p.in.WriteString(cmd + "\n"); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return p.hung(fmt.Sprintf("it reads no more commands (%q)", cmd))
		}
		return p.gone()
	}
	return nil
}

// gone returns the error for an engine that went away: crashed, with how
// it ended when that is known within a moment, and why in its own words
// when it said why.
func (p *proc) gone() error {
	select {
	case <-p.exited:
	case <-time.After(quitGrace):
		return &Error{Kind: Crashed, Path: p.path, Detail: p.saying("it closed its output")}
	}
	p.drain()
	return &Error{Kind: Crashed, Path: p.path, Detail: p.saying(p.state.String())}
}

// drain reads the lines of an engine that has exited to their end, or
// for a moment, so that its last words are heard. The lines are of no
// use any more: the engine is gone.
func (p *proc) drain() {
	timer := time.NewTimer(quitGrace)
	defer timer.Stop()
	for {
		select {
		case _, ok := <-p.lines:
			if !ok {
				return
			}
		case <-timer.C:
			return
		}
	}
}

// saying adds to detail the engine's words on why it failed, if it said
// any: exit status 1, saying "Failed to allocate 4096MB for transposition
// table.".
func (p *proc) saying(detail string) string {
	if w := p.words.telling(); w != "" {
		return detail + `, saying "` + w + `"`
	}
	return detail
}

// hung returns the error for an engine that stopped answering.
func (p *proc) hung(detail string) error {
	return &Error{Kind: Hung, Path: p.path, Detail: detail}
}

// await reads lines until want accepts one, returning it. It gives up
// after timeout (hung, saying what went unanswered), when the engine goes
// (crashed) or when stop is closed (errStopped).
func (p *proc) await(stop <-chan struct{}, timeout time.Duration, what string, want func(string) bool) (string, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				return "", p.gone()
			}
			if want(line) {
				return line, nil
			}
		case <-timer.C:
			return "", p.hung(fmt.Sprintf("no answer to %q in %v", what, timeout))
		case <-stop:
			return "", errStopped
		}
	}
}

// errStopped is await's answer when the caller stopped it.
var errStopped = errors.New("stopped")

// handshake does what starts every session with a UCI engine: identify,
// then the options, then "isready" answered by "readyok".
func (p *proc) handshake(stop <-chan struct{}, s Settings, multiPV int) error {
	if err := p.identify(stop); err != nil {
		return err
	}
	p.setOption("Threads", s.Threads)
	p.setOption("Hash", s.Hash)
	p.setOption("MultiPV", multiPV)
	return p.ready(stop)
}

// identify sends "uci" and reads the engine's name and options from the
// "id" and "option" lines that answer it, until "uciok", within the
// timeout.
func (p *proc) identify(stop <-chan struct{}) error {
	if err := p.send("uci"); err != nil {
		return p.notEngine(err)
	}
	_, err := p.await(stop, p.timeout, "uci", func(line string) bool {
		if name, ok := strings.CutPrefix(line, "id name "); ok {
			p.name = strings.TrimSpace(name)
		}
		if name, o, ok := parseOption(line); ok && len(p.options) < maxOptions {
			p.options[name] = o
		}
		return strings.TrimSpace(line) == "uciok"
	})
	if err != nil {
		return p.notEngine(err)
	}
	return nil
}

// notEngine turns a failed "uci" exchange into NotAnEngine.
func (p *proc) notEngine(err error) error {
	var e *Error
	if errors.As(err, &e) {
		detail := e.Detail
		if e.Kind == Crashed {
			detail = "it stopped before answering \"uciok\" (" + detail + ")"
		} else {
			detail = "it did not answer \"uciok\" in " + p.timeout.String()
		}
		return &Error{Kind: NotAnEngine, Path: p.path, Detail: detail, Err: err}
	}
	return err
}

// setOption sets an option the engine offers; it ignores the others, as
// UCI asks.
func (p *proc) setOption(name string, value int) {
	if _, ok := p.options[strings.ToLower(name)]; value > 0 && ok {
		_ = p.send(fmt.Sprintf("setoption name %s value %d", name, value))
	}
}

// ready waits for the engine to be ready: "isready", "readyok".
func (p *proc) ready(stop <-chan struct{}) error {
	if err := p.send("isready"); err != nil {
		return err
	}
	_, err := p.await(stop, p.timeout, "isready", func(line string) bool {
		return strings.TrimSpace(line) == "readyok"
	})
	return err
}

// close ends the engine: "quit", then a kill of its process group if it
// has not quit in a moment, and waits for the process and what it
// started to be gone (see keep), and for the reader. It may be called
// more than once.
func (p *proc) close() {
	p.closeOnce.Do(func() {
		_ = p.in.SetWriteDeadline(time.Now().Add(quitGrace))
		_, _ = p.in.WriteString("quit\n")
		p.in.Close() // end of input: engines quit on it too
		timer := time.NewTimer(quitGrace)
		select {
		case <-p.exited:
		case <-timer.C:
			killGroup(p.cmd)
			<-p.exited
		}
		timer.Stop()
		close(p.stopRead)
		_ = p.out.SetReadDeadline(time.Now())
		<-p.readerDone
		p.out.Close()
	})
}
