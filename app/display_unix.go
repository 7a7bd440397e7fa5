//go:build (linux || freebsd || openbsd || netbsd) && !wayland

package app

import (
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"time"
)

// DisplayProblem says why the program cannot open a window on this
// system's X display, or returns nil when it can: without one, the
// window's library stops the program with a Go panic and a page of
// stack trace instead of a sentence.
func DisplayProblem() error {
	display := os.Getenv("DISPLAY")
	if display == "" {
		return errors.New("DISPLAY is not set")
	}
	network, address, ok := displayAddress(display)
	if !ok {
		return fmt.Errorf("DISPLAY %q is not a display's name", display)
	}
	conn, err := net.DialTimeout(network, address, 5*time.Second)
	if err != nil {
		return fmt.Errorf("the display %s cannot be reached", display)
	}
	conn.Close()
	return nil
}

// displayAddress is where the X server of display listens: a Unix socket
// for ":0" (and "unix:0"), TCP port 6000 + n for "host:n".
func displayAddress(display string) (network, address string, ok bool) {
	host, rest, found := strings.Cut(display, ":")
	if !found {
		return "", "", false
	}
	number, _, _ := strings.Cut(rest, ".")
	n, err := strconv.Atoi(number)
	if err != nil || n < 0 {
		return "", "", false
	}
	if host == "" || host == "unix" {
		return "unix", "/tmp/.X11-unix/X" + number, true
	}
	return "tcp", net.JoinHostPort(host, strconv.Itoa(6000+n)), true
}
