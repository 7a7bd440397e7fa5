package app

import (
	"time"
)

// ticker calls a function on the UI goroutine (through post) at a fixed
// interval, from a goroutine of its own, until stopped.
type ticker struct {
	done chan struct{}
}

func startTicker(every time.Duration, post func(func()), f func()) *ticker {
	t := &ticker{done: make(chan struct{})}
	go func() {
		tk := time.NewTicker(every)
		defer tk.Stop()
		for {
			select {
			case <-tk.C:
				post(f)
			case <-t.done:
				return
			}
		}
	}()
	return t
}

func (t *ticker) stop() { close(t.done) }
