// Package portaltest runs a private session bus with a fake file
// chooser portal on it, for tests: the fake records what each request
// asked and answers as the test says.
package portaltest

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
)

// busConfig is a session bus that starts no service: a name nobody owns
// stays unowned.
const busConfig = `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=%s</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`

// StartBus runs a private dbus-daemon for the test's life and returns
// its address.
func StartBus(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	conf := filepath.Join(dir, "bus.conf")
	if err := os.WriteFile(conf, []byte(fmt.Sprintf(busConfig, dir)), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("dbus-daemon", "--nofork", "--print-address", "--config-file="+conf)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder // its complaints, told if the test fails
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("dbus-daemon: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() && stderr.Len() > 0 {
			t.Logf("dbus-daemon said:\n%s", stderr.String())
		}
	})
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("dbus-daemon gave no address: %v", err)
	}
	return strings.TrimSpace(line)
}

// Request is what the fake portal received.
type Request struct {
	Method  string // OpenFile or SaveFile
	Parent  string
	Title   string
	Options map[string]dbus.Variant
}

// Folder is the request's current_folder, without its final NUL.
func (r Request) Folder() string {
	b, _ := r.Options["current_folder"].Value().([]byte)
	return strings.TrimSuffix(string(b), "\x00")
}

// Name is the request's current_name.
func (r Request) Name() string {
	s, _ := r.Options["current_name"].Value().(string)
	return s
}

// Patterns lists each filter's name and glob patterns, as
// "PGN: *.pgn *.PGN".
func (r Request) Patterns() []string {
	var fs []struct {
		Name  string
		Rules []struct {
			Kind    uint32
			Pattern string
		}
	}
	if err := dbus.Store([]any{r.Options["filters"].Value()}, &fs); err != nil {
		return nil
	}
	var out []string
	for _, f := range fs {
		var pats []string
		for _, rl := range f.Rules {
			pats = append(pats, rl.Pattern)
		}
		out = append(out, f.Name+": "+strings.Join(pats, " "))
	}
	return out
}

// Answer is how the fake answers a request: URI chosen, or Cancel.
type Answer struct {
	URI    string
	Cancel bool
	// Fail makes the call itself fail, as a broken portal's would.
	Fail bool
	// After, when not nil, holds the answer back until it is closed,
	// as a user takes time to choose.
	After <-chan struct{}
}

// Portal is a fake org.freedesktop.portal.Desktop with a FileChooser.
type Portal struct {
	conn   *dbus.Conn
	answer func(Request) Answer

	mu       sync.Mutex
	requests []Request
}

// NewPortal owns the portal's name on the bus at address and answers
// each request with answer. FileChooser says whether it has that
// interface at all.
func NewPortal(t testing.TB, address string, fileChooser bool, answer func(Request) Answer) *Portal {
	t.Helper()
	conn, err := dbus.Connect(address)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	p := &Portal{conn: conn, answer: answer}
	const path = "/org/freedesktop/portal/desktop"
	if fileChooser {
		err = conn.ExportMethodTable(map[string]any{
			"OpenFile": func(s dbus.Sender, parent, title string, opts map[string]dbus.Variant) (dbus.ObjectPath, *dbus.Error) {
				return p.request(s, "OpenFile", parent, title, opts)
			},
			"SaveFile": func(s dbus.Sender, parent, title string, opts map[string]dbus.Variant) (dbus.ObjectPath, *dbus.Error) {
				return p.request(s, "SaveFile", parent, title, opts)
			},
		}, path, "org.freedesktop.portal.FileChooser")
		if err == nil {
			err = conn.ExportMethodTable(map[string]any{
				"Get": func(iface, prop string) (dbus.Variant, *dbus.Error) {
					if iface == "org.freedesktop.portal.FileChooser" && prop == "version" {
						return dbus.MakeVariant(uint32(4)), nil
					}
					return dbus.Variant{}, dbus.NewError("org.freedesktop.DBus.Error.UnknownProperty", nil)
				},
			}, path, "org.freedesktop.DBus.Properties")
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if _, err := conn.RequestName("org.freedesktop.portal.Desktop", dbus.NameFlagDoNotQueue); err != nil {
		t.Fatal(err)
	}
	return p
}

// request records a request and answers it a little later, on the
// request's object, as a portal does once the user has chosen.
func (p *Portal) request(sender dbus.Sender, method, parent, title string, opts map[string]dbus.Variant) (dbus.ObjectPath, *dbus.Error) {
	r := Request{Method: method, Parent: parent, Title: title, Options: opts}
	p.mu.Lock()
	p.requests = append(p.requests, r)
	p.mu.Unlock()
	a := p.answer(r)
	if a.Fail {
		return "", dbus.NewError("org.freedesktop.DBus.Error.Failed", []any{"refused"})
	}
	token, _ := opts["handle_token"].Value().(string)
	who := strings.ReplaceAll(strings.TrimPrefix(string(sender), ":"), ".", "_")
	handle := dbus.ObjectPath("/org/freedesktop/portal/desktop/request/" + who + "/" + token)
	go func() {
		// After the call's reply, as a user's answer comes.
		time.Sleep(20 * time.Millisecond)
		if a.After != nil {
			<-a.After
		}
		results := map[string]dbus.Variant{}
		code := uint32(1)
		if !a.Cancel {
			code = 0
			results["uris"] = dbus.MakeVariant([]string{a.URI})
		}
		p.conn.Emit(handle, "org.freedesktop.portal.Request.Response", code, results)
	}()
	return handle, nil
}

// Requests returns the requests received so far.
func (p *Portal) Requests() []Request {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]Request(nil), p.requests...)
}
