package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	fyneapp "fyne.io/fyne/v2/app"
)

// The memory limit follows what is live: the floor for a program that
// holds little, a quarter as much again for one that holds more.
func TestTheMemoryLimitFollowsTheLiveHeap(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go limitMemory(ctx, 10*time.Millisecond)

	// Pages of a large allocation never written cost no memory of the
	// system, but count as live.
	held := make([]byte, 1<<30)
	runtime.GC()
	waitForLimit(t, func(l int64) bool { return l >= 5<<28 && l < 3<<29 })
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

// TestWithoutADisplayOneSentence: started without a display, the program
// says so in one line and ends with status 1; it ended with a Go panic
// and 38 lines of stack trace.
func TestWithoutADisplayOneSentence(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the X display is looked for on Linux and the BSDs only")
	}
	bin := filepath.Join(t.TempDir(), "echiquier")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for display, want := range map[string]string{
		"":      "Échiquier needs a graphical display: DISPLAY is not set\n",
		":987":  "Échiquier needs a graphical display: the display :987 cannot be reached\n",
		"weird": "Échiquier needs a graphical display: DISPLAY \"weird\" is not a display's name\n",
	} {
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(), "DISPLAY="+display, "HOME="+t.TempDir(), "LANG=en_US.UTF-8", "LC_ALL=", "LANGUAGE=")
		var stderr, stdout strings.Builder
		cmd.Stderr, cmd.Stdout = &stderr, &stdout
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 || stderr.String() != want || stdout.Len() != 0 {
			t.Errorf("DISPLAY=%q: %v, said %q (and %q)", display, err, stderr.String(), stdout.String())
		}
	}
}

// Fyne is told that the window is changed through fyne.Do only, so that
// it does not look up the calling goroutine at each refresh.
func TestFyneIsToldEveryChangeGoesThroughFyneDo(t *testing.T) {
	fa := fyneapp.NewWithID("org.echiquier.Test")
	declareFyneDo(fa)
	if !fa.Metadata().Migrations["fyneDo"] {
		t.Error("Fyne does not know that the program uses fyne.Do")
	}
}
