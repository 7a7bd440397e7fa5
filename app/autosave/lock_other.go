//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows)

package autosave

import (
	"errors"
	"os"
)

// errNoLocks: this system has no lock that its processes' end releases,
// so an instance's autosave cannot be told from an orphan.
var errNoLocks = errors.New("autosave: not supported on this system")

func createLocked(string) (*os.File, error) { return nil, errNoLocks }

func tryLock(string) (*os.File, error) { return nil, errNoLocks }

func syncDir(string) error { return nil }
