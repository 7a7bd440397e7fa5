package session

import (
	"context"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

// endless is a file that never ends: a game whose comment goes on for
// ever, as a device or a pipe may. Once more than the start looked at
// before indexing was read, deep is closed.
type endless struct {
	read   int
	deep   chan struct{}
	closed bool
}

func (e *endless) Read(p []byte) (int, error) {
	start := "[Event \"endless\"]\n\n1. e4 {"
	n := 0
	for n < len(p) {
		if e.read < len(start) {
			p[n] = start[e.read]
		} else {
			p[n] = 'a'
		}
		n++
		e.read++
	}
	if e.read > 2*sniffBytes && e.deep != nil {
		close(e.deep)
		e.deep = nil
	}
	return n, nil
}

func (e *endless) Close() error { e.closed = true; return nil }

// TestStopEndsTheReadingInTheMiddleOfAGame: Stop reading ends the
// reading even in a game that does not end; it went on for ever, as the
// reading of /dev/zero did after another game was pasted.
func TestStopEndsTheReadingInTheMiddleOfAGame(t *testing.T) {
	g, err := game.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := New(g, Options{Post: func(func()) {}})
	ctx, cancel := context.WithCancel(context.Background())
	c := &Collection{path: "endless.pgn", current: -1, failed: map[int]error{}, cancel: cancel, done: make(chan struct{})}
	src := &endless{deep: make(chan struct{})}
	deep := src.deep
	go s.index(ctx, c, src)
	select {
	case <-deep:
	case <-time.After(10 * time.Second):
		t.Fatal("the file is not read")
	}
	c.Stop()
	select {
	case <-c.done:
	case <-time.After(10 * time.Second):
		t.Fatal("the file is still read after 10 s")
	}
	if !src.closed {
		t.Error("the file was not closed")
	}
}
