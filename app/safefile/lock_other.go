//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows)

package safefile

import (
	"os"
	"time"
)

func lock(string, LockMode, time.Duration) (*os.File, error) { return nil, ErrNoLocks }
