// Échiquier is a desktop chess board for two players at one computer.
package main

import (
	"context"
	"fmt"
	"log"
	"maps"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"github.com/echiquier/echiquier/app"
	"github.com/echiquier/echiquier/settings"
)

func main() {
	if err := app.DisplayProblem(); err != nil {
		fmt.Fprintf(os.Stderr, "Échiquier needs a graphical display: %v\n", err)
		os.Exit(1)
	}
	// One thread more than processors runs Go code: the list of a large
	// file, read on every processor, then leaves none idle while its
	// goroutines hand sections on and the window draws (the ×100 file's
	// list comes 3 % sooner).
	runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + 1)
	if os.Getenv("GOMEMLIMIT") == "" {
		go limitMemory(context.Background(), time.Second)
	}
	// Fyne reads its own preferences file as it starts, and panics on
	// some broken ones: a broken one is set aside first. The settings
	// live in a file of their own, written safely.
	fynePrefs := settings.FynePreferencesPath(app.ID)
	var notices []settings.Notice
	if n := settings.GuardFynePreferences(fynePrefs); n != nil {
		notices = append(notices, *n)
	}
	store, more := settings.OpenFile(settings.DefaultPath(app.ID), settings.Options{Import: fynePrefs})
	notices = append(notices, more...)
	fa := fyneapp.NewWithID(app.ID)
	declareFyneDo(fa)
	app.New(app.Steady(fa), app.Options{Settings: store, SettingsNotices: notices}).Run(os.Args[1:])
	if err := store.Close(); err != nil {
		log.Print(err)
	}
}

// declareFyneDo tells Fyne that what the program's goroutines change in
// the window goes through fyne.Do: Fyne then no longer looks up the
// calling goroutine (a runtime.Stack) at every refresh, a fifth of the
// window's work while a large file is read.
func declareFyneDo(fa fyne.App) {
	m := fa.Metadata()
	m.Migrations = maps.Clone(m.Migrations)
	if m.Migrations == nil {
		m.Migrations = map[string]bool{}
	}
	m.Migrations["fyneDo"] = true
	fyneapp.SetMetadata(m)
}

// memoryFloor is the soft memory limit of a program that holds little.
const memoryFloor = 256 << 20

// limitMemory keeps the runtime's soft memory limit at a quarter as much
// again as the live heap, and at least memoryFloor, checking every
// interval until ctx is done. What the program keeps of a large file
// (the games' index, the opening tree) is large, lives long and holds
// few pointers: the collector's default lets garbage grow to as much
// again, hundreds of megabytes, and keeps memory freed in pieces instead
// of giving it back. Near the limit it collects sooner and gives memory
// back; the limit grows with what is live, so a larger file costs more
// memory, never a collector that runs without end.
func limitMemory(ctx context.Context, interval time.Duration) {
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		metrics.Read(live)
		n := live[0].Value.Uint64()
		debug.SetMemoryLimit(int64(max(memoryFloor, n+n/4)))
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
