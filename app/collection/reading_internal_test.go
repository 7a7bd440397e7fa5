package collection

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/safefile"
)

// postOnly is a host that only posts, as f does: what is posted never
// tells it anything else.
type postOnly func(func())

func (p postOnly) Post(f func())            { p(f) }
func (postOnly) Listed(*Collection)         {}
func (postOnly) Changed(*Collection, error) {}
func (postOnly) OpenOnly(*Collection) error { return nil }

// endless is a file that does not end in a lifetime: a game whose
// comment goes on for a terabyte. Once more than the start looked at
// before indexing was read, deep is closed.
type endless struct {
	mu     sync.Mutex
	read   int
	deep   chan struct{}
	closed bool
}

func (e *endless) ReadAt(p []byte, off int64) (int, error) {
	start := "[Event \"endless\"]\n\n1. e4 {"
	for n := range p {
		if i := off + int64(n); i < int64(len(start)) {
			p[n] = start[i]
		} else {
			p[n] = 'a'
		}
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.read += len(p)
	if e.read > 2*sniffBytes && e.deep != nil {
		close(e.deep)
		e.deep = nil
	}
	return len(p), nil
}

func (e *endless) Close() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.closed = true
	return nil
}

// TestStopEndsTheReadingInTheMiddleOfAGame: Stop reading ends the
// reading even in a game that does not end; it went on for ever, as the
// reading of /dev/zero did after another game was pasted.
func TestStopEndsTheReadingInTheMiddleOfAGame(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	c := &Collection{path: "endless.pgn", current: -1, failed: map[int]error{}, cancel: cancel, done: make(chan struct{}),
		stamp: safefile.Stamp{Size: 1 << 40}, host: postOnly(func(func()) {})}
	src := &endless{deep: make(chan struct{})}
	deep := src.deep
	go c.indexFile(ctx, src)
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
	src.mu.Lock()
	defer src.mu.Unlock()
	if !src.closed {
		t.Error("the file was not closed")
	}
}

// TestByteSize: the log says sizes as file managers do.
func TestByteSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 999: "999 B", 1000: "1.0 kB", 23_316_018: "23.3 MB", 2_331_601_800: "2.3 GB"} {
		if got := byteSize(n); got != want {
			t.Errorf("byteSize(%d) = %q, want %q", n, got, want)
		}
	}
}

// games is a file of the same short game, again and again, for a
// terabyte.
type games struct{ read atomic.Int64 }

const oneGame = "[Event \"again\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"

func (g *games) ReadAt(p []byte, off int64) (int, error) {
	for n := range p {
		p[n] = oneGame[(off+int64(n))%int64(len(oneGame))]
	}
	g.read.Add(int64(len(p)))
	return len(p), nil
}

func (g *games) Close() error { return nil }

// TestAWindowThatDoesNotKeepUpGetsFewerBatches: the games read are
// handed to the window once it took the batch before; a busy window got
// a queue of batches, each one more refresh of the list.
func TestAWindowThatDoesNotKeepUpGetsFewerBatches(t *testing.T) {
	var posted atomic.Int32
	ctx, cancel := context.WithCancel(context.Background())
	c := &Collection{path: "again.pgn", current: -1, failed: map[int]error{}, cancel: cancel, done: make(chan struct{}),
		stamp: safefile.Stamp{Size: 1 << 40}, host: postOnly(func(func()) { posted.Add(1) })} // a window that never gets to them
	src := &games{}
	go c.indexFile(ctx, src)
	// Long enough for several batches, had they been handed over.
	start := time.Now()
	for time.Since(start) < 4*batchInterval || src.read.Load() < 64<<20 {
		time.Sleep(10 * time.Millisecond)
	}
	c.Stop()
	select {
	case <-c.done:
	case <-time.After(10 * time.Second):
		t.Fatal("the file is still read after 10 s")
	}
	// The first part, then the games read until the reading stopped.
	if n := posted.Load(); n != 2 {
		t.Errorf("%d batches handed to a window that took none, want 2", n)
	}
}
