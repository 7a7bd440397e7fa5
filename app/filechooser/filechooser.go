// Package filechooser asks the desktop's own file chooser for a file to
// open or to save, through the XDG desktop portal
// (org.freedesktop.portal.FileChooser on the session bus).
//
// It speaks D-Bus itself rather than through github.com/rymdport/portal:
// that package uses one process-wide bus connection, listens for the
// answer only after asking (an answer can come first) and takes any
// Response signal for its own; here a Portal is a connection of its own,
// the answer is awaited on the request's own object, and every wait
// follows a context.
package filechooser

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/godbus/dbus/v5"
)

// The portal's names, from the XDG desktop portal's documentation.
const (
	busName       = "org.freedesktop.portal.Desktop"
	objectPath    = "/org/freedesktop/portal/desktop"
	chooserIface  = "org.freedesktop.portal.FileChooser"
	requestIface  = "org.freedesktop.portal.Request"
	responseName  = requestIface + ".Response"
	requestPrefix = objectPath + "/request/"
)

// responseSuccess is the answer of a request carried out
// (Request.Response's first argument; 1 is a cancel, 2 another end).
const responseSuccess = 0

// ErrNoPortal says that the desktop has no file chooser portal: no
// session bus, nobody owning the portal's name there, or a portal
// without the FileChooser interface.
var ErrNoPortal = errors.New("no file chooser portal on the session bus")

// Filter is one choice of the chooser's file type list: its visible
// name and the glob patterns it shows (case-sensitive, such as "*.pgn").
type Filter struct {
	Name     string
	Patterns []string
}

// Options says what the chooser shows.
type Options struct {
	// Parent identifies the window the chooser belongs to, as the
	// portal spells it ("x11:1e00007"), or is empty.
	Parent string
	// Title is the chooser's title.
	Title string
	// AcceptLabel, when set, names the button that chooses.
	AcceptLabel string
	// Filters are the file types offered, the first one selected.
	Filters []Filter
	// Folder is the folder shown first, when set.
	Folder string
	// Name is the file name suggested, for saving.
	Name string
}

// Portal is a connection to the session bus's file chooser portal.
type Portal struct {
	conn *dbus.Conn
	end  context.CancelFunc // ends the connection's context
}

// Connect connects to the session bus that the environment names
// (DBUS_SESSION_BUS_ADDRESS, or the bus socket in XDG_RUNTIME_DIR) and
// checks that a file chooser portal is there; ErrNoPortal when none is.
// It never starts a bus or a portal, so that ctx's deadline is all it
// can take.
func Connect(ctx context.Context) (*Portal, error) {
	addr := os.Getenv("DBUS_SESSION_BUS_ADDRESS")
	if addr == "" {
		sock := filepath.Join(os.Getenv("XDG_RUNTIME_DIR"), "bus")
		if os.Getenv("XDG_RUNTIME_DIR") == "" {
			return nil, ErrNoPortal
		}
		if _, err := os.Stat(sock); err != nil {
			return nil, ErrNoPortal
		}
		addr = "unix:path=" + sock
	}
	return ConnectAddress(ctx, addr)
}

// ConnectAddress is Connect to the bus at a D-Bus address.
func ConnectAddress(ctx context.Context, address string) (*Portal, error) {
	if strings.Contains(address, "autolaunch:") {
		return nil, ErrNoPortal // it would start a bus
	}
	// The connection lives past ctx, which only bounds the connecting:
	// godbus closes a connection when its context ends.
	life, end := context.WithCancel(context.Background())
	stop := context.AfterFunc(ctx, end)
	conn, err := dbus.Connect(address, dbus.WithContext(life))
	if err != nil {
		end()
		return nil, fmt.Errorf("%w: %v", ErrNoPortal, err)
	}
	p := &Portal{conn: conn, end: end}
	err = p.check(ctx)
	if !stop() && err == nil {
		err = fmt.Errorf("%w: %v", ErrNoPortal, ctx.Err())
	}
	if err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

// check makes sure that the portal runs and has a file chooser, without
// starting it: a name nobody owns is not asked (the bus would start its
// service, which can take seconds).
func (p *Portal) check(ctx context.Context) error {
	var owned bool
	if err := p.conn.BusObject().CallWithContext(ctx, "org.freedesktop.DBus.NameHasOwner", 0, busName).Store(&owned); err != nil {
		return fmt.Errorf("%w: %v", ErrNoPortal, err)
	}
	if !owned {
		return ErrNoPortal
	}
	var version dbus.Variant
	err := p.conn.Object(busName, objectPath).CallWithContext(ctx, "org.freedesktop.DBus.Properties.Get", dbus.FlagNoAutoStart, chooserIface, "version").Store(&version)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNoPortal, err)
	}
	return nil
}

// Close closes the connection.
func (p *Portal) Close() error {
	defer p.end()
	return p.conn.Close()
}

// OpenFile asks for a file to open and returns its path, or "" when the
// user cancelled. It waits for the user's answer, or for ctx: a request
// whose ctx ends is closed, and the chooser with it.
func (p *Portal) OpenFile(ctx context.Context, o Options) (string, error) {
	return p.ask(ctx, "OpenFile", o, nil)
}

// SaveFile asks for a file to save to and returns its path, or "" when
// the user cancelled; see OpenFile.
func (p *Portal) SaveFile(ctx context.Context, o Options) (string, error) {
	extra := map[string]dbus.Variant{}
	if o.Name != "" {
		extra["current_name"] = dbus.MakeVariant(o.Name)
	}
	return p.ask(ctx, "SaveFile", o, extra)
}

// rule and filter are the portal's filter types: a(sa(us)).
type rule struct {
	Kind    uint32 // 0: a glob pattern
	Pattern string
}

type filter struct {
	Name  string
	Rules []rule
}

// options encodes o, with extra, for the portal's call.
func options(o Options, token string, extra map[string]dbus.Variant) map[string]dbus.Variant {
	opts := map[string]dbus.Variant{
		"handle_token": dbus.MakeVariant(token),
		"modal":        dbus.MakeVariant(true),
	}
	if o.AcceptLabel != "" {
		opts["accept_label"] = dbus.MakeVariant(o.AcceptLabel)
	}
	if len(o.Filters) > 0 {
		fs := make([]filter, len(o.Filters))
		for i, f := range o.Filters {
			fs[i].Name = f.Name
			for _, pat := range f.Patterns {
				fs[i].Rules = append(fs[i].Rules, rule{0, pat})
			}
		}
		opts["filters"] = dbus.MakeVariant(fs)
		opts["current_filter"] = dbus.MakeVariant(fs[0])
	}
	if o.Folder != "" {
		// A byte string ending with NUL, as the portal wants paths.
		opts["current_folder"] = dbus.MakeVariant(append([]byte(o.Folder), 0))
	}
	for k, v := range extra {
		opts[k] = v
	}
	return opts
}

// ask calls the chooser's method and waits for its answer on the
// request object. The answer is listened for before asking: the portal
// may answer before its reply to the call arrives.
func (p *Portal) ask(ctx context.Context, method string, o Options, extra map[string]dbus.Variant) (string, error) {
	token, err := newToken()
	if err != nil {
		return "", err
	}
	names := p.conn.Names()
	if len(names) == 0 {
		return "", ErrNoPortal
	}
	sender := strings.ReplaceAll(strings.TrimPrefix(names[0], ":"), ".", "_")
	expected := dbus.ObjectPath(requestPrefix + sender + "/" + token)

	signals := make(chan *dbus.Signal, 8)
	p.conn.Signal(signals)
	defer p.conn.RemoveSignal(signals)
	match := []dbus.MatchOption{dbus.WithMatchInterface(requestIface), dbus.WithMatchMember("Response")}
	if err := p.conn.AddMatchSignalContext(ctx, match...); err != nil {
		return "", err
	}
	defer p.conn.RemoveMatchSignal(match...)

	var handle dbus.ObjectPath
	call := p.conn.Object(busName, objectPath).CallWithContext(ctx, chooserIface+"."+method, dbus.FlagNoAutoStart,
		o.Parent, o.Title, options(o, token, extra))
	if err := call.Store(&handle); err != nil {
		return "", err
	}
	for {
		select {
		case s, ok := <-signals:
			if !ok {
				return "", errors.New("the session bus closed the connection")
			}
			if s.Name != responseName || (s.Path != handle && s.Path != expected) {
				continue
			}
			return answer(s.Body)
		case <-ctx.Done():
			// A short wait of its own: ctx is over, and the chooser
			// must not stay open behind the user's back.
			closing, cancel := context.WithTimeout(context.Background(), closeTimeout)
			p.conn.Object(busName, handle).CallWithContext(closing, requestIface+".Close", dbus.FlagNoAutoStart)
			cancel()
			return "", ctx.Err()
		}
	}
}

// newToken names a request, unguessably, as an object path element.
func newToken() (string, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return "echiquier" + hex.EncodeToString(b[:]), nil
}

// answer reads a Response signal's body: (u response, a{sv} results).
func answer(body []any) (string, error) {
	if len(body) != 2 {
		return "", errBadAnswer
	}
	code, ok := body[0].(uint32)
	if !ok {
		return "", errBadAnswer
	}
	if code != responseSuccess {
		return "", nil // cancelled, or ended in another way: no file
	}
	results, ok := body[1].(map[string]dbus.Variant)
	if !ok {
		return "", errBadAnswer
	}
	uris, ok := results["uris"].Value().([]string)
	if !ok || len(uris) == 0 {
		return "", errBadAnswer
	}
	return pathOf(uris[0])
}

// pathOf is the local path of a file:// URI.
func pathOf(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || u.Path == "" || (u.Host != "" && u.Host != "localhost") {
		return "", fmt.Errorf("the file chooser gave no local file: %q", cut(uri))
	}
	return u.Path, nil
}

// cut shortens a text quoted in a message.
func cut(s string) string {
	if r := []rune(s); len(r) > 100 {
		return string(r[:99]) + "…"
	}
	return s
}

// errBadAnswer says that the portal answered in a form it does not
// document.
var errBadAnswer = errors.New("the file chooser portal answered in an unknown form")

// closeTimeout bounds the closing of a request given up.
const closeTimeout = 500 * time.Millisecond
