package main

import (
	"context"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// The memory limit follows what is live: the floor for a program that
// holds little, half as much again for one that holds more.
func TestTheMemoryLimitFollowsTheLiveHeap(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go limitMemory(ctx, 10*time.Millisecond)

	// Pages of a large allocation never written cost no memory of the
	// system, but count as live.
	held := make([]byte, 1<<30)
	runtime.GC()
	waitForLimit(t, func(l int64) bool { return l >= 3<<29 })
	runtime.KeepAlive(held)

	held = nil
	runtime.GC()
	waitForLimit(t, func(l int64) bool { return l == memoryFloor })
}

func waitForLimit(t *testing.T, ok func(int64) bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !ok(debug.SetMemoryLimit(-1)) {
		if time.Now().After(deadline) {
			t.Fatalf("memory limit %d MiB", debug.SetMemoryLimit(-1)>>20)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
