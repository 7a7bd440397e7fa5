package filechooser_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/filechooser"
	"github.com/echiquier/echiquier/app/filechooser/portaltest"
)

// connect connects to a private bus where a fake portal answers.
func connect(t *testing.T, answer func(portaltest.Request) portaltest.Answer) (*filechooser.Portal, *portaltest.Portal) {
	t.Helper()
	addr := portaltest.StartBus(t)
	fake := portaltest.NewPortal(t, addr, true, answer)
	p, err := filechooser.ConnectAddress(context.Background(), addr)
	if err != nil {
		t.Fatalf("ConnectAddress: %v", err)
	}
	t.Cleanup(func() { p.Close() })
	return p, fake
}

func pgnOptions() filechooser.Options {
	return filechooser.Options{
		Parent:  "x11:1e00007",
		Title:   "Ouvrir une partie",
		Filters: []filechooser.Filter{{Name: "PGN", Patterns: []string{"*.pgn", "*.PGN"}}},
		Folder:  "/home/user/échecs",
		Name:    "Carlsen-Nakamura.pgn",
	}
}

// The chooser receives what the app asks and the app gets the path
// chosen, percent-escapes undone.
func TestOpenFile(t *testing.T) {
	p, fake := connect(t, func(portaltest.Request) portaltest.Answer {
		return portaltest.Answer{URI: "file:///tmp/mes%20parties/%C3%A9t%C3%A9.pgn"}
	})
	path, err := p.OpenFile(context.Background(), pgnOptions())
	if err != nil || path != "/tmp/mes parties/été.pgn" {
		t.Fatalf("OpenFile = %q, %v", path, err)
	}
	reqs := fake.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests", len(reqs))
	}
	r := reqs[0]
	if r.Method != "OpenFile" || r.Parent != "x11:1e00007" || r.Title != "Ouvrir une partie" {
		t.Errorf("request %s(%q, %q)", r.Method, r.Parent, r.Title)
	}
	if got := r.Patterns(); !slices.Equal(got, []string{"PGN: *.pgn *.PGN"}) {
		t.Errorf("filters %q", got)
	}
	if r.Folder() != "/home/user/échecs" {
		t.Errorf("folder %q", r.Folder())
	}
	if modal, _ := r.Options["modal"].Value().(bool); !modal {
		t.Error("not modal")
	}
	if _, ok := r.Options["current_name"]; ok {
		t.Error("a name suggested for opening")
	}
	if _, ok := r.Options["current_filter"]; !ok {
		t.Error("no current filter")
	}
}

// Saving suggests the name and the export's own filter.
func TestSaveFile(t *testing.T) {
	p, fake := connect(t, func(portaltest.Request) portaltest.Answer {
		return portaltest.Answer{URI: "file:///tmp/x.svg"}
	})
	o := pgnOptions()
	o.Filters = []filechooser.Filter{{Name: "SVG", Patterns: []string{"*.svg"}}}
	path, err := p.SaveFile(context.Background(), o)
	if err != nil || path != "/tmp/x.svg" {
		t.Fatalf("SaveFile = %q, %v", path, err)
	}
	r := fake.Requests()[0]
	if r.Method != "SaveFile" || r.Name() != "Carlsen-Nakamura.pgn" || r.Folder() != "/home/user/échecs" {
		t.Errorf("request %s name %q folder %q", r.Method, r.Name(), r.Folder())
	}
	if got := r.Patterns(); !slices.Equal(got, []string{"SVG: *.svg"}) {
		t.Errorf("filters %q", got)
	}
}

// The context of Connect bounds the connecting only: the portal is
// asked after it ended.
func TestConnectContextEndsBeforeAsking(t *testing.T) {
	addr := portaltest.StartBus(t)
	portaltest.NewPortal(t, addr, true, func(portaltest.Request) portaltest.Answer {
		return portaltest.Answer{URI: "file:///tmp/a.pgn"}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	p, err := filechooser.ConnectAddress(ctx, addr)
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if path, err := p.OpenFile(context.Background(), pgnOptions()); path != "/tmp/a.pgn" || err != nil {
		t.Errorf("OpenFile = %q, %v", path, err)
	}
}

// A cancel gives no path and no error.
func TestCancel(t *testing.T) {
	p, _ := connect(t, func(portaltest.Request) portaltest.Answer { return portaltest.Answer{Cancel: true} })
	for _, ask := range []func(context.Context, filechooser.Options) (string, error){p.OpenFile, p.SaveFile} {
		if path, err := ask(context.Background(), pgnOptions()); path != "" || err != nil {
			t.Errorf("cancelled: %q, %v", path, err)
		}
	}
}

// A URI that is no local file is an error, not a path.
func TestNotLocal(t *testing.T) {
	for _, uri := range []string{"https://example.org/a.pgn", "file://host/a.pgn", "file:", "%zz"} {
		p, _ := connect(t, func(portaltest.Request) portaltest.Answer { return portaltest.Answer{URI: uri} })
		if path, err := p.OpenFile(context.Background(), pgnOptions()); err == nil {
			t.Errorf("%s: %q, no error", uri, path)
		}
	}
}

// A portal that fails the call gives an error (the app falls back).
func TestCallFails(t *testing.T) {
	p, _ := connect(t, func(portaltest.Request) portaltest.Answer { return portaltest.Answer{Fail: true} })
	if _, err := p.OpenFile(context.Background(), pgnOptions()); err == nil {
		t.Error("no error")
	}
}

// Without a portal, or with one lacking a file chooser, Connect says
// ErrNoPortal at once.
func TestNoPortal(t *testing.T) {
	addr := portaltest.StartBus(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := filechooser.ConnectAddress(ctx, addr); !errors.Is(err, filechooser.ErrNoPortal) {
		t.Errorf("nobody owns the name: %v", err)
	}
	portaltest.NewPortal(t, addr, false, nil)
	if _, err := filechooser.ConnectAddress(ctx, addr); !errors.Is(err, filechooser.ErrNoPortal) {
		t.Errorf("no FileChooser: %v", err)
	}
	if _, err := filechooser.ConnectAddress(ctx, "unix:path=/nonexistent/bus"); !errors.Is(err, filechooser.ErrNoPortal) {
		t.Errorf("no bus: %v", err)
	}
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "")
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	if _, err := filechooser.Connect(ctx); !errors.Is(err, filechooser.ErrNoPortal) {
		t.Errorf("no session bus: %v", err)
	}
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", addr)
	if _, err := filechooser.Connect(ctx); !errors.Is(err, filechooser.ErrNoPortal) {
		t.Errorf("environment's bus without a file chooser: %v", err)
	}
}

// A request whose context ends while the user chooses returns at once.
func TestGiveUp(t *testing.T) {
	never := make(chan struct{})
	defer close(never)
	p, _ := connect(t, func(portaltest.Request) portaltest.Answer {
		return portaltest.Answer{URI: "file:///tmp/a.pgn", After: never}
	})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		_, err := p.OpenFile(ctx, pgnOptions())
		done <- err
	}()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("given up: %v", err)
	}
}

// BenchmarkConnect measures the look for the portal, which the window
// makes on its UI goroutine before each file dialog.
func BenchmarkConnect(b *testing.B) {
	addr := portaltest.StartBus(b)
	portaltest.NewPortal(b, addr, true, nil)
	for b.Loop() {
		p, err := filechooser.ConnectAddress(context.Background(), addr)
		if err != nil {
			b.Fatal(err)
		}
		p.Close()
	}
}

// BenchmarkConnectNoPortal measures the same look on a bus without a
// portal: the delay before Fyne's dialog.
func BenchmarkConnectNoPortal(b *testing.B) {
	addr := portaltest.StartBus(b)
	for b.Loop() {
		if _, err := filechooser.ConnectAddress(context.Background(), addr); !errors.Is(err, filechooser.ErrNoPortal) {
			b.Fatal(err)
		}
	}
}
