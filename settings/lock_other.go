//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows)

package settings

import (
	"errors"
	"os"
	"time"
)

// errNoLocks: this system has no lock file that a process's end releases,
// so writes are made without one.
var errNoLocks = errors.New("this system has no lock files")

func lockFile(string, time.Duration) (*os.File, error) { return nil, errNoLocks }

func tryLockFile(string) (*os.File, error) { return nil, errNoLocks }
