package engine

import (
	"errors"
	"sync"
)

// worker is what a Live and an Opponent share: the goroutine that owns
// their engine, woken by their callers and ended by Close, and the
// callback it reports through, silent once Close has returned.
type worker struct {
	mu     sync.Mutex // held while a report is delivered
	closed bool       // set by close, under mu: no more reports

	wake      chan struct{} // something is pending
	quit      chan struct{} // closed by close
	done      chan struct{} // closed when the goroutine has ended
	closeOnce sync.Once
}

// start runs serve on the worker's own goroutine. When it ends other than
// by close (errStopped), failed is told why, once the engine is gone.
func (w *worker) start(serve func() error, failed func(error)) {
	w.wake = make(chan struct{}, 1)
	w.quit = make(chan struct{})
	w.done = make(chan struct{})
	go func() {
		defer close(w.done)
		if err := serve(); !errors.Is(err, errStopped) {
			w.deliver(func() { failed(err) })
		}
	}()
}

// signal wakes the goroutine up.
func (w *worker) signal() {
	select {
	case w.wake <- struct{}{}:
	default: // a wake-up is already pending
	}
}

// close ends the goroutine, and returns once a report being delivered has
// been: no report comes after it.
func (w *worker) close() {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
	w.closeOnce.Do(func() { close(w.quit) })
}

// deliver calls report with mu held, unless the worker is closed.
func (w *worker) deliver(report func()) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.closed {
		report()
	}
}

// startEngine starts the engine of s, its settings completed, and does
// the handshake, with s.MultiPV lines: the engine is ready, or gone and
// the error says why. stop gives up the handshake (errStopped).
func startEngine(s Settings, stop <-chan struct{}) (*proc, Settings, error) {
	s, err := s.withDefaults()
	if err != nil {
		return nil, s, err
	}
	p, err := startProc(s.Path, s.Timeout)
	if err != nil {
		return nil, s, err
	}
	if err := p.handshake(stop, s, s.MultiPV); err != nil {
		p.close()
		return nil, s, err
	}
	return p, s, nil
}
