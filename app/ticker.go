package app

import (
	"time"

	"fyne.io/fyne/v2"
)

// ticker calls a function on the UI goroutine at a fixed interval, from a
// goroutine of its own, until stopped.
type ticker struct {
	done chan struct{}
}

func startTicker(every time.Duration, f func()) *ticker {
	t := &ticker{done: make(chan struct{})}
	go func() {
		tk := time.NewTicker(every)
		defer tk.Stop()
		for {
			select {
			case <-tk.C:
				fyne.Do(f)
			case <-t.done:
				return
			}
		}
	}()
	return t
}

func (t *ticker) stop() { close(t.done) }
